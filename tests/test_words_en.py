"""English plurals (issue 13, "Words"): a count that meets a noun goes
through a Fluent plural selector, never "1 cards" or a "card(s)" hedge.

Three layers: the English sources (no "(s)"), every message that selects on
a number rendered with 0, 1 and 2, and the texts seeded random games of
every engine actually show (events, action labels, prompts, score sheets,
private summaries) rendered in English.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from typing import Any

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from games import registry
from games.play import random_game
from service import i18n

CATALOGUES = i18n.catalogue_names()
GAMES = [name for name in CATALOGUES if name != i18n.CORE]

# Counted nouns of the English catalogues (singular; "+s" is the plural).
NOUNS = ("card", "building", "point", "glory point", "good", "house", "part", "village", "palace", "disc",
         "tile", "trading post", "buyer", "merchant", "player", "coin")
_NOUN = "|".join(sorted(NOUNS, key=len, reverse=True))
# "1 cards", "1 more cards" (not "1–4 players", "2/1 cards" or "1.5 points": ranges and fractions)
ONE_WITH_PLURAL = re.compile(rf"(?<![–\-/.\d])\b1 (?:more )?(?:{_NOUN})s\b")
# "2 card", "0 more card" (a count other than one with the singular noun)
MANY_WITH_SINGULAR = re.compile(rf"(?<![–\-/.\d])\b(?:0|[2-9]|[1-9]\d+) (?:more )?(?:{_NOUN})\b(?!s)")
HEDGE = re.compile(r"\w\((?:s|es)\)")  # "card(s)", "box(es)"

# The messages whose count now selects the noun: key -> (the count, the noun).
SELECTED = {
    "sanjuan.prompt.pay": ("n", "card"),
    "sanjuan.prompt.keep": ("n", "card"),
    "sanjuan.prompt.archive": ("n", "card"),
    "sanjuan.prompt.start": ("n", "card"),
    "sanjuan.prompt.limit": ("n", "card"),
    "sanjuan.ev.paid_goods": ("n", "good"),
    "sanjuan.ev.draw": ("n", "card"),
    "sanjuan.ev.council_draw": ("n", "card"),
    "sanjuan.ev.reshuffle": ("n", "card"),
    "sanjuan.ui.buildings": ("n", "building"),
    "sanjuan.ui.winner_tiebreak": ("n", "point"),
    "alhambra.ev.reshuffle": ("n", "card"),
    "alhambra.ev.winner": ("points", "point"),
    "alhambra.r.next_scoring_in": ("hi", "card"),
    "alhambra.r.hand": ("n", "card"),
    "alhambra.r.your_money": ("n", "card"),
    "alhambra.r.result_line": ("points", "point"),
    "alhambra.summary.money": ("n", "card"),
    "anno1701.ev.voyage_end": ("n", "card"),
    "anno1701.label.score": ("glory", "glory point"),
    "maharaja.label.road_group": ("n", "village"),
    "maharaja.label.end_skip": ("n", "part"),
    "maharaja.event.reserve": ("n", "house"),
    "maharaja.event.quarry": ("n", "house"),
    "maharaja.event.skipped": ("n", "part"),
    "maharaja.event.eval_pay": ("points", "point"),
    "maharaja.render.rank_line": ("palaces", "palace"),
    "hermagor.prompt.act": ("left", "trading post"),
    "hermagor.final.total": ("discs", "disc"),
    "hermagor.ui.bag": ("n", "tile"),
    "hermagor.ui.result_row": ("discs", "disc"),
    "hermagor.ui.tie_nobility": ("discs", "disc"),
    "hermagor.summary.shared": ("posts", "trading post"),
}
# A second count in the same message: key -> (the count, the noun).
SELECTED_TOO = {
    "anno1701.label.score": ("merchants", "merchant"),
    "hermagor.summary.shared": ("buyers", "buyer"),
}
# Messages that read "1 <nouns>" when every argument is 1, and why that never shows.
NEVER_ONE = {
    "core.error.table_full": "count is the game's max_players, at least 2 in every game",
    "alhambra.ev.piles": "sizes is a pre-built list of five pile sizes (games/alhambra/setup.py), never one number",
}


@cache
def _english(name: str) -> tuple[str, ftl.Resource]:
    text = (i18n.locales_dir(name) / "en.ftl").read_text(encoding="utf-8")
    return text, FluentParser().parse(text)


class _Variables(Visitor):
    """The variables a message refers to, and those a select expression
    picks a plural (or ordinal) category of."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.counts: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.names.add(node.id.name)
        self.generic_visit(node)

    def visit_SelectExpression(self, node: ftl.SelectExpression) -> None:
        selector = node.selector
        if isinstance(selector, ftl.FunctionReference) and selector.id.name == "NUMBER":
            selector = selector.arguments.positional[0] if selector.arguments.positional else selector
        keys = {variant.key.name for variant in node.variants if isinstance(variant.key, ftl.Identifier)}
        if isinstance(selector, ftl.VariableReference) and keys & {"zero", "one", "two", "few", "many", "other"}:
            self.counts.add(selector.id.name)
        self.generic_visit(node)


@cache
def _messages() -> dict[str, _Variables]:
    """Every English message with variables: full key -> its variables."""
    found: dict[str, _Variables] = {}
    for name in CATALOGUES:
        for entry in _english(name)[1].body:
            if isinstance(entry, ftl.Message) and entry.value is not None:
                visitor = _Variables()
                visitor.visit(entry)
                if visitor.names:
                    found[i18n.key_of(name, entry.id.name)] = visitor
    return found


def _counted_keys() -> list[str]:
    return [key for key, variables in _messages().items() if variables.counts]


def _english_text(key: str, **args: Any) -> str:
    return i18n.render({"key": key, "args": args}, "en")


def _agreement_errors(text: str) -> list[str]:
    return ONE_WITH_PLURAL.findall(text) + MANY_WITH_SINGULAR.findall(text) + HEDGE.findall(text)


# -- the sources -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", CATALOGUES)
def test_no_plural_hedges_in_the_english_sources(name):
    text, _resource = _english(name)
    hedges = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if HEDGE.search(line)]
    assert hedges == []


def test_the_fixed_messages_select_on_their_count():
    counted = set(_counted_keys())
    for table in (SELECTED, SELECTED_TOO):
        for key, (variable, _noun) in table.items():
            assert key in counted and variable in _messages()[key].counts, (key, variable)


# -- every message that selects on a number ----------------------------------------------------

@pytest.mark.parametrize("key", _counted_keys())
def test_a_counted_noun_agrees_with_0_1_and_2(key):
    variables = _messages()[key]
    counts = sorted(variables.counts)
    others = {name: "Xy" for name in variables.names - variables.counts}
    texts: dict[tuple[int, ...], str] = {}
    for values in itertools.product((0, 1, 2), repeat=len(counts)):
        text = _english_text(key, **others, **dict(zip(counts, values, strict=True)))
        assert _agreement_errors(text) == [], (key, values, text)
        texts[values] = text
    for position, count in enumerate(counts):  # each selector tells one from two
        one = tuple(1 if i == position else 2 for i in range(len(counts)))
        two = (2,) * len(counts)
        assert texts[one].replace("1", "N") != texts[two].replace("2", "N"), (key, count, texts[one])


@pytest.mark.parametrize("key", sorted(SELECTED | SELECTED_TOO))
def test_the_fixed_nouns_are_singular_for_one_and_plural_otherwise(key):
    pairs = [SELECTED[key]] + ([SELECTED_TOO[key]] if key in SELECTED_TOO else [])
    others = {name: "Xy" for name in _messages()[key].names}
    for variable, noun in pairs:
        for value, form in ((1, noun), (0, noun + "s"), (2, noun + "s"), (21, noun + "s")):
            text = _english_text(key, **(others | {v: 7 for v, _n in pairs} | {variable: value}))
            number = "(?:1|the top)" if value == 1 else str(value)  # "the top card" (alhambra.r.next_scoring_in)
            assert re.search(rf"\b{number} (?:more )?{form}\b(?!s)", text), (key, value, text)


def test_no_other_english_message_reads_one_with_a_plural():
    """Every argument 1 (a count or not): only a selector can keep "1 cards" out."""
    found = {}
    for key, variables in _messages().items():
        text = _english_text(key, **dict.fromkeys(variables.names, 1))
        if ONE_WITH_PLURAL.search(text) and key not in NEVER_ONE:
            found[key] = text
    assert found == {}
    assert all(key in _messages() for key in NEVER_ONE)


# -- what seeded games show --------------------------------------------------------------------

NAMES = ("Anna", "Bence", "Csilla", "Dani", "Emese", "Feri")


def _shown(message: Any, out: list[tuple[str, str]]) -> None:
    if isinstance(message, list | tuple):
        for item in message:
            _shown(item, out)
    elif isinstance(message, dict):
        out.append((str(message.get("key")), i18n.render(message, "en", NAMES.__getitem__)))


def _games(game_id: str):
    """A few seeded games of ``game_id``: every player count, default and other options."""
    game = registry.get(game_id)
    variants: list[dict[str, Any] | None] = [None, {o.id: o.choices[-1] for o in game.options}]
    for players in range(game.min_players, game.max_players + 1):
        for seed, options in enumerate(variants):
            yield game, players, 13 + seed, options


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_games_show_no_one_with_a_plural(game_id):
    shown: list[tuple[str, str]] = []
    for game, players, seed, options in _games(game_id):
        ai = frozenset(range(players)) if options else frozenset()  # AI seats play on, random seats explore
        _final, log = random_game(game, players, seed, options, ai_seats=ai)
        state = game.setup(players, game.resolve_options(options), seed)
        _shown(game.setup_events(state), shown)
        for seat, action_id in log:
            for to_act in game.to_act(state):
                _shown([action.label for action in game.legal_actions(state, to_act)], shown)
                _shown(game.prompt(state, to_act), shown)
                _shown(game.private_summary(game.view(state, to_act), to_act), shown)
            _shown(game.apply(state, seat, action_id), shown)
        assert game.is_over(state)
        _shown(game.outcome(state).details, shown)
    wrong = sorted({(key, text) for key, text in shown if _agreement_errors(text)})
    assert wrong == []
    keys = {key for key, _text in shown}
    assert len(shown) > 1000 and not any(key.startswith(f"{game_id}.") and text == key for key, text in shown)
    assert keys & set(SELECTED), "no fixed message came up: the games no longer exercise them"
