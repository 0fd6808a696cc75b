"""The protocol every game engine implements.

A game engine is a stateless object (one instance per game type, see
``games.registry``) whose methods work on a *state*: a plain dict that
round-trips through JSON.  Engines do no I/O, no asyncio and know nothing of
Discord; everything a player reads is a *message* (catalogue key + arguments)
that the frontends localise.

Conventions shared by all games
-------------------------------
* Seats are ``0 .. n-1``.  ``state["players"]`` is the number of seats.
* ``state["rng"]`` is the seeded generator (see ``games.rng``); all chance
  comes from it, so ``setup(seed)`` + the action log replays the game exactly.
* An action is identified by a short stable string id (``[a-z0-9:_.,+-]``, at
  most 64 characters) such as ``"role:builder"`` or ``"pay:indigo"``.  Ids are
  used as autocomplete values and inside component ``custom_id``s.
* Compound decisions (pay 4 cards, place 3 goods) are split into successive
  small decisions kept as a pending step in the state, so one list of legal
  actions stays short enough for a select menu (aim for at most 25).
* Several seats may act at the same time (simultaneous choices):
  ``to_act(state)`` lists every seat that has a decision pending now.
* The dispatch belongs to the core: ``legal_ids``, ``legal_actions``,
  ``admit``, ``apply`` and ``transition`` find the decision a seat faces
  (``decision_for``) and call its rules in ``Game.decisions``.  ``apply``
  refuses a finished game, a seat not to act and an illegal action
  (``IllegalAction``, state untouched) and only then runs the decision's
  ``apply`` with the parsed ``ActionId``.  A game writes the rules of each
  decision (``Decision``), who decides now (``to_act``, and a faster
  ``decision_for`` if it likes) and a better-worded ``refusal``; never the
  dispatch or its own refusal path.
  (The service layer keeps its own copy of the state as a second safety net.)
* Messages are dicts ``{"key": "sanjuan.card.smithy", "args": {...}}`` made by
  ``msg()``.  Argument values are ints, strs, nested messages, or
  ``{"seat": n}`` which frontends render as that seat's player name.
  Keys starting with ``<game id>.`` are Project Fluent messages in
  ``games/<id>/locales/<lang>.ftl`` (``sanjuan.card.smithy`` is ``card-smithy``
  there); keys starting with ``core.`` are in ``service/locales/<lang>.ftl``.
* Events returned by ``apply`` are messages for the game log.  An event that
  only one seat may see carries ``"to": seat``; every other event is public and
  must not reveal hidden information.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Generic, NamedTuple, TypeVar

State = dict[str, Any]
Msg = dict[str, Any]
# A game's state and view schemas (its ``schema.py`` TypedDicts): an engine is
# ``Game[SanJuanState, SanJuanView]``; frontends hold ``Game[Any, Any]``.
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")

# Keys with one meaning in every game's state and views that have them (the
# protocol tests check each against its meaning).  Any other key belongs to one
# game; a game says ``turn_count``, not ``turn``, for a counter.
SHARED_KEYS: dict[str, str] = {
    "game": "the game id",
    "players": "the number of seats",
    "options": "the resolved table options",
    "rng": "the seeded generator's state (never in a view)",
    "phase": "the game's phase, one of its ``Phase`` values",
    "round": "the number of the current round, from 1",
    "turn": "the seat whose turn it is, or None between turns",
    "pending": "decisions that interrupt the flow, first due first; each a dict with ``seat`` and ``kind``",
    "seat": "in a view: the seat it was made for, None for the public",
}


def msg(key: str, **args: Any) -> Msg:
    """A localisable message: a catalogue key and its named arguments."""
    return {"key": key, "args": args} if args else {"key": key}


def seat_ref(seat: int) -> dict[str, int]:
    """A message argument that frontends show as the name of ``seat``."""
    return {"seat": seat}


def typed_ref(text: str) -> dict[str, str]:
    """A message argument that frontends show as text a user typed (an
    option, an action id, a name): Discord escapes Markdown and mentions in it."""
    return {"typed": text}


def messages(game_id: str) -> Callable[..., Msg]:
    """The message maker of one game: ``m = messages("hermagor")`` gives
    ``m("good.salt")`` == ``msg("hermagor.good.salt")`` (the prefix joined
    once; it runs for every label and event, so it is kept lean)."""
    prefix = game_id + "."

    def m(key: str, **args: Any) -> Msg:
        return {"key": prefix + key, "args": args} if args else {"key": prefix + key}

    m.__doc__ = f"A message of {game_id}'s catalogue (``games.base.msg`` with the prefix)."
    return m


def seat_order(players: int, first: int) -> list[int]:
    """Every seat in clockwise (turn) order starting with ``first``."""
    return list(_seat_orders(players)[first])


@cache
def _seat_orders(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple((first + i) % players for i in range(players)) for first in range(players))


def decision_kind(state: Mapping[str, Any]) -> str:
    """What is being decided now: the kind of the first pending decision
    (``SHARED_KEYS["pending"]``), else the phase.  ``Game.decisions`` is keyed
    by it."""
    pending = state.get("pending")
    return pending[0]["kind"] if pending else state["phase"]


class IllegalAction(Exception):
    """Raised by ``apply`` for an action that is not legal now.

    ``reason`` is a message the frontend localises for the player alone.
    """

    def __init__(self, reason: Msg):
        super().__init__(reason.get("key", "illegal"))
        self.reason = reason


@dataclass(frozen=True)
class Action:
    """One legal move.

    ``group`` lets a frontend put related actions together (one select menu
    per group, e.g. "role", "build", "pay"); ``style`` hints at emphasis:
    "primary", "secondary", "success" or "danger".
    """

    id: str
    label: Msg
    group: str = ""
    style: str = "secondary"


class ActionId(NamedTuple):
    """An action id read once into its head and arguments: ``"buy:2:7,6"`` is
    ``ActionId("buy", ("2", "7,6"))``.  Ids stay strings on the wire (custom
    ids, autocomplete values, the action log); engines read them through this
    instead of slicing strings.  Immutable, so ``parse`` shares one per id."""

    head: str
    args: tuple[str, ...] = ()

    @staticmethod
    @lru_cache(maxsize=8192)
    def parse(text: str) -> ActionId:
        # A game's ids are a small vocabulary: every move of every game parses
        # once (the cache is the method itself: engines call it at every move).
        head, *args = text.split(":")
        return ActionId(head, tuple(args))

    def __str__(self) -> str:
        return ":".join((self.head, *self.args))

    def arg(self, index: int = 0, default: str = "") -> str:
        """Argument ``index`` as text (``default`` when absent)."""
        return self.args[index] if index < len(self.args) else default

    def number(self, index: int = 0) -> int:
        """Argument ``index`` as an int (``ValueError`` if it is not one)."""
        return int(self.args[index])

    def numbers(self, index: int = 0) -> list[int]:
        """Argument ``index`` as a comma-separated list of ints (empty text: [])."""
        text = self.arg(index)
        return [int(part) for part in text.split(",")] if text else []


def action_id(head: str, *args: object) -> str:
    """The wire form of an action id: ``action_id("buy", 2, "7,6")`` → ``"buy:2:7,6"``."""
    return ":".join((head, *map(str, args)))


class Decision(NamedTuple):
    """The rules of one kind of decision (a phase, or a pending decision's
    kind), for ``Game.decisions``.

    ``ids`` is the one rule of what is legal: the legal ids of the seat to
    decide, in menu order.  ``legal_ids``, ``admit`` and the menu all derive
    from it.  ``labels`` words those ids for people (label, group, style) and
    decides nothing: the core checks that it returns exactly the ids it was
    given.  ``apply`` is the transition of a legal action.  ``allows`` is an
    optional fast twin of ``str(action) in ids(state, seat)``, kept only where
    it saves at least 3 % of a game's instructions
    (``python -m benchmarks.instructions``), beside the rule, with a
    randomized test comparing the two."""

    ids: Callable[[Any, int], list[str]]
    apply: Callable[[Any, int, ActionId], list[Msg]]
    labels: Callable[[Any, int, list[str]], list[Action]]
    allows: Callable[[Any, int, ActionId], bool] | None = None

    @classmethod
    def from_menu(cls, legal: Callable[[Any, int], list[Action]],
                  apply: Callable[[Any, int, ActionId], list[Msg]]) -> Decision:
        """A decision whose rule is written as its labelled menu (``legal``
        lists the actions with their labels): the ids are read off the menu."""

        def ids(state: Any, seat: int) -> list[str]:
            return [action.id for action in legal(state, seat)]

        def labels(state: Any, seat: int, ids: list[str]) -> list[Action]:
            return legal(state, seat)

        return cls(ids, apply, labels)


def _admitted(rules: Decision, state: Any, seat: int, action_id: str) -> ActionId | None:
    """``action_id`` parsed if ``rules`` make it legal for ``seat`` now."""
    allows = rules.allows
    if allows is None:
        return ActionId.parse(action_id) if action_id in rules.ids(state, seat) else None
    action = ActionId.parse(action_id)
    return action if allows(state, seat, action) else None


@dataclass(frozen=True)
class Option:
    """A table option chosen at ``/game new`` (a variant or rule switch).

    ``choices`` lists the allowed values; a bool option has ``(False, True)``.
    ``label`` and ``description`` are message keys.
    """

    id: str
    default: Any
    choices: tuple[Any, ...]
    label: str
    description: str = ""


@dataclass
class Outcome:
    """Final result: ``scores[seat]``; ``ranking`` lists groups of tied seats,
    best first; ``details[seat]`` are score-sheet lines (messages)."""

    scores: list[int]
    ranking: list[list[int]]
    details: list[list[Msg]] = field(default_factory=list)


class Game(Generic[StateT, ViewT]):
    """Base class of all engines.  Subclasses set the class attributes and
    implement the methods that raise ``NotImplementedError``."""

    id: str = ""
    min_players: int = 2
    max_players: int = 4
    options: tuple[Option, ...] = ()
    # The game's schemas (TypedDicts in ``games/<id>/schema.py``): the state,
    # and the allow-lists of what the public and a seat may see.  The protocol
    # tests check every view of seeded games against them, extra keys refused.
    state_type: type = dict
    public_view_type: type = dict
    seat_view_type: type = dict
    # The rules by decision kind (``decision_for``: by default the first
    # pending decision's kind, else the phase).  Every game fills it; the
    # core dispatches ``legal_actions``, ``legal_ids``, ``admit``, ``apply``
    # and ``transition`` through it.
    decisions: Mapping[str, Decision] = {}

    # -- lifecycle -----------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> StateT:
        """A fresh state.  ``options`` holds only known ids with allowed values
        (use ``resolve_options`` to fill defaults and validate)."""
        raise NotImplementedError

    def to_act(self, state: StateT) -> list[int]:
        """Seats that have a decision pending now (empty when over)."""
        raise NotImplementedError

    def decision_for(self, state: StateT, seat: int) -> str | None:
        """The kind of decision (a key of ``decisions``) ``seat`` faces now;
        None when it is not to act.  The core asks it at every move; an engine
        may answer from its own state faster than ``to_act`` and
        ``decision_kind``, never differently (the contract tests compare)."""
        return decision_kind(state) if seat in self.to_act(state) else None  # type: ignore[arg-type]

    def is_due(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` has a decision pending now (is in ``to_act``)."""
        return self.decision_for(state, seat) is not None

    def legal_ids(self, state: StateT, seat: int) -> list[str]:
        """The ids of ``legal_actions``, in the same order, without labels
        (random seats and the search need nothing else)."""
        kind = self.decision_for(state, seat)
        return [] if kind is None else self.decisions[kind].ids(state, seat)

    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now, labelled (empty if it is not to act)."""
        kind = self.decision_for(state, seat)
        if kind is None:
            return []
        rules = self.decisions[kind]
        ids = rules.ids(state, seat)
        actions = rules.labels(state, seat, ids)
        if [action.id for action in actions] != ids:  # labels word the rule, never change it
            raise AssertionError(f"{self.id}: the {kind} menu differs from its legal ids")
        return actions

    def admit(self, state: StateT, seat: int, action_id: str) -> ActionId | None:
        """``action_id`` parsed, if ``seat`` is to act and the action is legal
        for it; else None."""
        kind = self.decision_for(state, seat)
        return None if kind is None else _admitted(self.decisions[kind], state, seat, action_id)

    def is_legal(self, state: StateT, seat: int, action_id: str) -> bool:
        """Whether ``action_id`` is legal for ``seat`` now (never when the
        seat is not to act)."""
        return self.admit(state, seat, action_id) is not None

    def apply(self, state: StateT, seat: int, action_id: str) -> list[Msg]:
        """Apply one action of ``seat``; return the events it caused.

        The one refusal path of every game: a finished game, a seat that is
        not to act, or an action that is not legal raises ``IllegalAction``
        with the state untouched; only then does the decision's ``apply``
        run.  Engines do not override this.
        """
        kind = self.decision_for(state, seat)
        if kind is None:  # nobody is to act in a finished game
            raise IllegalAction(msg("core.error.not_active" if self.is_over(state) else "core.error.not_your_turn"))
        rules = self.decisions[kind]
        # ``_admitted``, written out: a call fewer at every move of every game (1.5 % of a
        # San Juan game's instructions); the contract tests compare apply with admit.
        allows = rules.allows
        action = ActionId.parse(action_id)
        if not (action_id in rules.ids(state, seat) if allows is None else allows(state, seat, action)):
            raise IllegalAction(self.refusal(state, seat, action_id))  # why is asked only on refusal
        return rules.apply(state, seat, action)

    def transition(self, state: StateT, seat: int, action: ActionId) -> list[Msg]:
        """``apply`` without the checks, for a caller that took ``action``
        from ``legal_ids`` itself (the hard AI's playouts)."""
        kind = self.decision_for(state, seat)
        assert kind is not None, "a transition for a seat not to act"
        return self.decisions[kind].apply(state, seat, action)

    def prompt(self, state: StateT, seat: int) -> Msg:
        """What ``seat`` is being asked to decide now (e.g. "Choose a role")."""
        raise NotImplementedError

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may see (``None``: a spectator / the public channel)."""
        raise NotImplementedError

    def is_over(self, state: StateT) -> bool:
        raise NotImplementedError

    def outcome(self, state: StateT) -> Outcome:
        """Scores and ranking (with tiebreaks); only meaningful when over."""
        raise NotImplementedError

    # -- optional hooks --------------------------------------------------
    def upgrade_state(self, state: dict[str, Any]) -> StateT:
        """A state stored by an older version of the game brought up to date,
        in place, once, when the store loads it: the rules then never meet an
        old layout and need no fallbacks for one.  Default: nothing to do."""
        return state  # type: ignore[return-value]

    def setup_events(self, state: StateT) -> list[Msg]:
        """Public log lines of the set-up (an open starting draw, who starts
        and why); ``setup`` itself returns only the state."""
        return []

    def check_invariants(self, state: StateT) -> None:
        """Assert that components are conserved and counters are in range.
        Used by the randomised test suites; raise AssertionError on breach."""

    def timed_default(self, state: StateT, seat: int) -> tuple[int, str] | None:
        """For a reaction that must not stall the game (accept a trade offer,
        cancel with the theatre): ``(seconds, action_id)`` applied for ``seat``
        if it has not acted when the seconds pass; ``None`` for no time limit."""
        return None

    def closes_undo(self, before: StateT, after: StateT, seat: int, action_id: str) -> bool:
        """Whether ``seat``'s action (``before`` → ``after``) may no longer be
        taken back: it drew on chance, revealed hidden information to anyone
        (a card drawn or looked at, a face-down tile turned, a hand shown) or
        settled something a rule forbids to revisit.  The default says every
        action closes the undo window, so an engine that says nothing stays
        safe.  The platform closes it on its own besides: when the RNG state
        changed, another seat's private view changed, or another seat acted."""
        return True

    def private_summary(self, view: ViewT, seat: int) -> list[Msg]:
        """What ``seat`` holds privately, as lines of text (hand, money, goods,
        plans), read from its own *view*: the offline console prints it after
        every change, as Discord shows the private picture."""
        return []

    def choose_ai_action(self, view: ViewT, seat: int, legal: list[Action], rnd: Any) -> str:
        """The *easy* AI's choice for ``seat`` from its own *view* (never the
        full state) and its legal actions; ``rnd`` is a ``random.Random``."""
        return rnd.choice(legal).id

    def choose_normal_action(self, view: ViewT, seat: int, legal: list[Action], rnd: Any) -> str:
        """The *normal* AI (stronger rules, still from the view alone); the
        hard AI's search plays it out.  Default: the easy AI."""
        return self.choose_ai_action(view, seat, legal, rnd)

    def choose_rollout_action(self, view: ViewT, seat: int, legal: list[Action], rnd: Any) -> str:
        """The rules the hard AI's search builds on: the move it weighs the
        others against and every move of its playouts.  Default: the normal AI.
        A game whose search gains too little over its own normal rules hands
        the search sharper ones, so the levels stay apart."""
        return self.choose_normal_action(view, seat, legal, rnd)

    # How many standard errors of the paired difference another move's mean reward must beat
    # the rollout rules' move by before the hard AI's search plays it (``games.search``).  A game
    # whose moves differ by less than a second of playouts can tell apart asks for more, so that
    # the search leaves its rules only when it is sure.
    search_confidence = 1.0

    def worth_searching(self, view: ViewT, seat: int) -> bool:
        """Whether the hard AI's search weighs this decision of ``seat``.  A game
        answers no for the steps of a move already decided (the goods of a trade
        offer the search chose to open), which the rollout rules play at once:
        a second of thinking a click buys nothing there."""
        return True

    def determinize(self, view: ViewT, seat: int, rnd: Any) -> StateT:
        """A full state that ``seat`` cannot tell from the real one: what its
        *view* shows, with every hidden thing (others' hands and money,
        face-down piles, secret plans, the generator's future) drawn at random
        among what is still possible.  The hard AI searches such worlds; an
        engine without it gets a normal AI at the hard level."""
        raise NotImplementedError

    def evaluate(self, state: StateT) -> list[float]:
        """Each seat's reward in [0, 1] for a position the hard AI's playout
        reached: at the end, the ranking (``rank_rewards``); before it, the
        game's estimate (default: the ranking by the scores so far)."""
        outcome = self.outcome(state)
        return rank_rewards(outcome.ranking, len(outcome.scores))

    # -- helpers shared by all games ------------------------------------
    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown ids or values raise ``IllegalAction``."""
        known = {o.id: o for o in self.options}
        resolved = {o.id: o.default for o in self.options}
        for key, value in (options or {}).items():
            option = known.get(key)
            if option is None:
                raise IllegalAction(msg("core.error.unknown_option", option=typed_ref(key)))
            if value not in option.choices:
                raise IllegalAction(msg("core.error.bad_option_value", option=key, value=typed_ref(str(value))))
            resolved[key] = value
        return resolved

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                msg("core.error.player_count", low=self.min_players, high=self.max_players)
            )

    def refusal(self, state: StateT, seat: int, action_id: str) -> Msg:
        """Why an action the core found illegal is refused, for the player
        alone.  An engine may word a more helpful reason ("you cannot afford
        it"); it never decides legality here."""
        return msg("core.error.illegal_action", action=typed_ref(action_id))


# The AI's strength at a seat: easy is the simple rule-based AI, normal plays
# better rules, hard searches (``games.search``).
AI_LEVELS = ("easy", "normal", "hard")
DEFAULT_AI_LEVEL = "normal"


def rank_rewards(ranking: list[list[int]], players: int) -> list[float]:
    """Rewards from a ranking (groups of tied seats, best first): winning
    counts most (tied winners share it), and each place beaten a little."""
    rewards = [0.0] * players
    place = 0
    for group in ranking:
        share = 1.0 / len(group) if place == 0 else 0.0
        # The places this group spans, averaged: 1 for first, 0 for last.
        spread = sum(1 - (place + i) / max(players - 1, 1) for i in range(len(group))) / len(group)
        for seat in group:
            rewards[seat] = 0.75 * share + 0.25 * spread
        place += len(group)
    return rewards


T = TypeVar("T")


def clone(state: T) -> T:
    """A deep copy through JSON (also proves the state is plain data)."""
    return json.loads(json.dumps(state))
