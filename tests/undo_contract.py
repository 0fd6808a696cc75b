"""The contract of two engine hooks, checked one way for every game.

``Game.closes_undo``: the service takes an action back by rebuilding the
state from the seed and the log without it, and only while no chance was
drawn and no other seat's private view changed (``service.tables``).  So an
action the hook leaves open must leave the RNG alone, not end the game and
be rebuilt by replaying seed + log; and (unless a game's views make that
impossible, see ``UndoRules.private_parts``) change no other seat's private
part (``service.privacy.private_part``).  What else counts as a reveal (a
card turned, a plan made public, money shown) is each game's own: its test
file passes that check in as ``UndoRules.reveals``.

``Game.private_summary``: a seat's private view as lines of text, in both
languages, with catalogue keys only, read from the view alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from games.base import Game, Msg, State, clone
from games.play import replay
from service import i18n
from service.privacy import private_part

# Names to render seats with: accented, so that a wrong encoding or a seat
# rendered in the wrong place shows.
NAMES = ["Őrs", "Ünige", "Béla", "Zsófi", "Áron", "Kata"]

# One self-played game: players, seed, options (None: the defaults).
Run = tuple[int, int, dict[str, Any] | None]


@dataclass
class Step:
    """One applied action and the hook's ruling on it.  ``before`` is a copy
    of the state the action was applied to; ``after`` is the state it left
    (in self-play the live state: read it before taking the next step)."""

    game: Game
    before: State
    after: State
    seat: int
    action: str
    events: list[Msg]
    closes: bool
    _views: dict[int | None, tuple[State, State]] = field(default_factory=dict, repr=False)

    def views(self, seat: int | None) -> tuple[State, State]:
        """``seat``'s view (``None``: the public one) before and after."""
        if seat not in self._views:
            self._views[seat] = (self.game.view(self.before, seat), self.game.view(self.after, seat))
        return self._views[seat]

    @property
    def drew_chance(self) -> bool:
        return self.after["rng"] != self.before["rng"]


def judge(game: Game, state: State, seat: int, action: str) -> Step:
    """Apply ``seat``'s ``action`` to ``state`` and ask the hook about it."""
    before = clone(state)
    events = game.apply(state, seat, action)
    return Step(game, before, state, seat, action, events, game.closes_undo(before, state, seat, action))


# -- self-play ------------------------------------------------------------------

def ai_seats(players: int, seed: int) -> frozenset[int]:
    """Who the AI plays in game ``seed``: nobody in every other game, else one
    seat or two (in a two-seat game: both), the seats in turn."""
    kind, turn = seed % 4, seed // 4
    if kind in (0, 2):
        return frozenset()
    return frozenset({turn % players, (turn + 1) % players} if kind == 3 else {turn % players})


def self_play(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
              ai: Iterable[int] | None = None) -> Iterator[Step]:
    """One seeded game to its end, step by step: one of the seats to act at
    random, a random legal action, or the AI's choice for the ``ai`` seats
    (default: ``ai_seats``)."""
    rnd = random.Random(f"{game.id}/{players}/{seed}")
    ai = ai_seats(players, seed) if ai is None else frozenset(ai)
    state = game.setup(players, game.resolve_options(options), seed)
    while not game.is_over(state):
        seat = rnd.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if seat in ai:
            action = game.choose_ai_action(game.view(state, seat), seat, legal, rnd)
        else:
            action = rnd.choice(legal).id
        yield judge(game, state, seat, action)


# -- closes_undo ----------------------------------------------------------------

def first_word(action: str) -> str:
    return action.partition(":")[0]


@dataclass(frozen=True)
class UndoRules:
    """What one game's test holds its ``closes_undo`` to.

    ``reveals(step)``: the game's own check of a step the hook leaves open
    (what counts as a reveal there).  ``private_parts``: whether the hook
    itself must see that another seat's private part changed (a game whose
    views carry something that changes with any action, such as a seat's
    prompt, leaves that to the service).  ``head``: the kind of an action,
    for the tally."""

    game: Game
    reveals: Callable[[Step], None] | None = None
    private_parts: bool = True
    head: Callable[[str], str] = first_word

    def assert_undoable(self, step: Step) -> None:
        """The hook leaves ``step`` open, and rightly so: no chance drawn, the
        game not over, no other seat's private part changed, nothing the
        game's ``reveals`` forbids."""
        assert not step.closes, step.action
        assert not step.drew_chance, step.action
        assert not self.game.is_over(step.after), step.action
        if self.private_parts:
            public_before, public_after = step.views(None)
            for other in range(step.before["players"]):
                if other != step.seat:
                    was, now = step.views(other)
                    assert private_part(now, public_after) == private_part(was, public_before), \
                        (step.action, other)
        if self.reveals is not None:
            self.reveals(step)

    def self_play(self, runs: Iterable[Run]) -> Counter[tuple[str, bool]]:
        """Self-play every run, judging every step: each one the hook leaves
        open passes ``assert_undoable`` and is what replaying seed + log
        without it gives (the replay runs alongside, one action behind).
        Returns how often each kind of action closed the window or left it
        open: ``{(head, closes): count}``."""
        tally: Counter[tuple[str, bool]] = Counter()
        for players, seed, options in runs:
            rebuilt = replay(self.game, players, seed, options, [])
            for step in self_play(self.game, players, seed, options):
                tally[self.head(step.action), step.closes] += 1
                if not step.closes:
                    self.assert_undoable(step)
                    assert rebuilt == step.before, (players, seed, step.action)
                self.game.apply(rebuilt, step.seat, step.action)
        return tally


def left_open(tally: Counter[tuple[str, bool]]) -> set[str]:
    """The kinds of action the hook left open at least once."""
    return {head for (head, closes), n in tally.items() if n and not closes}


# -- private_summary ------------------------------------------------------------

def render(lines: list[Msg], lang: str) -> list[str]:
    return [i18n.render(line, lang, NAMES.__getitem__) for line in lines]


def text(lines: list[Msg], lang: str) -> str:
    return "\n".join(render(lines, lang))


def check_summary(game: Game, view: State, seat: int, sizes: tuple[int, int] = (1, 8)) -> list[Msg]:
    """``seat``'s summary of ``view``: read from the view alone (left as it
    was; a copy gives the same), ``sizes`` lines, every key the game's and in
    the catalogue in both languages, and every line rendered in full."""
    kept = clone(view)
    lines = game.private_summary(view, seat)
    assert view == kept, "the summary changed the view"
    assert game.private_summary(kept, seat) == lines
    assert sizes[0] <= len(lines) <= sizes[1], lines
    keys = i18n.message_keys(lines)
    assert keys
    for key in keys:
        assert key.startswith(game.id + "."), key
        pair = i18n.lookup(key)
        assert pair is not None and len(pair) == 2 and all(pair), key
    for lang in i18n.LANGUAGES:
        for line in render(lines, lang):
            assert line and game.id + "." not in line and "summary" not in line and "{" not in line, line
    return lines


def summaries(game: Game, runs: Iterable[Run], every: int = 1,
              sizes: tuple[int, int] = (1, 8)) -> Iterator[list[Msg]]:
    """Self-play every run; at the start, after every ``every``-th action and
    at the end, each seat's summary of its own view, checked by
    ``check_summary``."""
    for players, seed, options in runs:
        state = None
        for i, step in enumerate(self_play(game, players, seed, options)):
            if i % every == 0:
                for seat in range(players):
                    yield check_summary(game, game.view(step.before, seat), seat, sizes)
            state = step.after
        assert state is not None and game.is_over(state)
        for seat in range(players):
            yield check_summary(game, game.view(state, seat), seat, sizes)


def check_summary_catalogue(game: Game, at_least: int) -> None:
    """The game's ``summary.`` messages: at least ``at_least``, each with an
    English and a Hungarian text."""
    entries = {k: v for k, v in i18n.catalogue(game.id).items() if k.startswith(f"{game.id}.summary.")}
    assert len(entries) >= at_least, sorted(entries)
    for key, pair in entries.items():
        en, hu = pair
        assert en and hu, key
