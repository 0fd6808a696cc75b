"""What the core owns for every engine (games/base.py): the refusal path,
legality, the schemas and allow-listed views, the shared keys and the layout
of a game package.  Seeded games of every engine at every player count are
walked; at each step the due seat's position is checked.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Iterator
from typing import Any, is_typeddict

import pytest
from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

from games import registry
from games.base import (
    SHARED_KEYS,
    Action,
    ActionId,
    Decision,
    Game,
    IllegalAction,
    State,
    action_id,
    clone,
    decision_kind,
    messages,
    msg,
    seat_order,
)

GAMES = registry.game_ids()

# Every game package is laid out the same way (README, "Adding a game").
LAYOUT = ("__init__", "engine", "schema", "data", "view", "ai", "undo")


def _positions(game: Game, players: int, seed: int) -> Iterator[tuple[State, int]]:
    """Every position of a seeded random game, with the seat that moves next."""
    state = game.setup(players, game.resolve_options({}), seed)
    rnd = random.Random(seed)
    while not game.is_over(state):
        seat = rnd.choice(game.to_act(state))
        yield state, seat
        game.apply(state, seat, rnd.choice(game.legal_ids(state, seat)))
    yield state, -1


def _check(value: Any, schema: type, what: str) -> None:
    try:
        check_type(value, schema, collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS)
    except TypeCheckError as error:
        raise AssertionError(f"{what} does not match {schema.__name__}: {error}") from None


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_core_refuses_moves(game_id):
    game = registry.get(game_id)
    assert type(game).apply is Game.apply, "engines write transition(), never their own apply()"
    state = game.setup(game.min_players, game.resolve_options({}), 3)
    seat = game.to_act(state)[0]
    idle = next(s for s in range(game.min_players) if s not in game.to_act(state))
    before = clone(state)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, idle, game.legal_ids(state, seat)[0])
    assert refused.value.reason["key"] == "core.error.not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, "no-such-move")
    assert state == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_refuses_every_move(game_id):
    game = registry.get(game_id)
    *_, (state, _) = _positions(game, game.min_players, 4)
    assert game.to_act(state) == []  # the core asks is_over only when to_act refuses a seat
    for seat in range(game.min_players):
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, seat, "anything")
        assert refused.value.reason["key"] == "core.error.not_active"


@pytest.mark.parametrize("game_id", GAMES)
def test_is_legal_agrees_with_the_legal_list(game_id):
    """An engine's fast legality test (``admit``) never differs from its list
    of moves: checked on every legal id and on ids seen elsewhere in the
    game, for the seat to act and the others."""
    game = registry.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        seen: list[str] = []
        for state, seat in _positions(game, players, 20 + players):
            if seat < 0:
                break
            ids = game.legal_ids(state, seat)
            # Same order too: a random seat picking among ids plays the
            # same game for a seed as one picking among the actions.
            assert ids == [a.id for a in game.legal_actions(state, seat)]
            legal = set(ids)
            for candidate in [*legal, *seen[-40:], "", "x", "buy:", ":::"]:
                assert game.is_legal(state, seat, candidate) == (candidate in legal), candidate
            for candidate in ids:  # what apply hands the transition
                assert game.admit(state, seat, candidate) == ActionId.parse(candidate)
            # apply admits by the same rule (it writes the admission out): it takes a legal id
            # and refuses every other, the state untouched.
            for candidate in [ids[0], *seen[-5:], "", "x"]:
                copy = clone(state)
                if candidate in legal:
                    game.apply(copy, seat, candidate)
                else:
                    with pytest.raises(IllegalAction):
                        game.apply(copy, seat, candidate)
                    assert copy == state
            for other in set(range(players)) - set(game.to_act(state)):  # a seat not to act: nothing
                assert not any(game.is_legal(state, other, candidate) for candidate in ids), other
            seen.extend(sorted(legal)[:3])


@pytest.mark.parametrize("game_id", GAMES)
def test_decision_for_agrees_with_to_act(game_id):
    """The core dispatches by ``decision_for`` instead of building ``to_act``:
    an engine's faster answer never differs, for any seat, mid-game or over;
    it names the decision ``decision_kind`` reads, which the table has."""
    game = registry.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for state, _seat in _positions(game, players, 40 + players):
            due = game.to_act(state)
            for seat in range(players):
                kind = game.decision_for(state, seat)
                assert (kind is not None) == (seat in due) == game.is_due(state, seat)
                assert kind is None or (kind == decision_kind(state) and kind in game.decisions)


@pytest.mark.parametrize("game_id", GAMES)
def test_states_and_views_match_their_schemas(game_id):
    """Views are allow-lists: a key or a value the schema does not list (a
    face-down stack, another seat's hand or money, a secret plan, the RNG)
    fails here."""
    game = registry.get(game_id)
    for schema in (game.state_type, game.public_view_type, game.seat_view_type):
        assert is_typeddict(schema), f"{schema!r} is not a TypedDict"
    for players in range(game.min_players, game.max_players + 1):
        for index, (state, _seat) in enumerate(_positions(game, players, 30 + players)):
            if index % 7:
                continue
            _check(state, game.state_type, f"state at step {index}")
            public = game.view(state, None)
            _check(public, game.public_view_type, f"public view at step {index}")
            assert "rng" not in set(_keys(public))
            for seat in range(players):
                view = game.view(state, seat)
                _check(view, game.seat_view_type, f"view of seat {seat} at step {index}")
                assert "rng" not in set(_keys(view))
                assert view["seat"] == seat
            assert public["seat"] is None


def _shared_key_meanings(game: Game, value: dict, players: int, where: str) -> None:
    def seat_or_none(seat: Any) -> bool:
        return seat is None or (type(seat) is int and 0 <= seat < players)

    checks = {
        "game": lambda v: v == game.id,
        "players": lambda v: v == players,
        "options": lambda v: v == game.resolve_options(v),
        "rng": lambda v: type(v) is int,
        "phase": lambda v: isinstance(v, str),
        "round": lambda v: type(v) is int and v >= 0,
        "turn": seat_or_none,
        "pending": lambda v: isinstance(v, list) and all(
            isinstance(d, dict) and seat_or_none(d.get("seat")) and isinstance(d.get("kind"), str) for d in v),
        "seat": seat_or_none,
    }
    assert set(checks) == set(SHARED_KEYS)
    for key, check in checks.items():
        if key in value:
            assert check(value[key]), f"{where}: {key!r} = {value[key]!r} is not {SHARED_KEYS[key]}"
    for key in ("game", "players", "options", "phase"):
        assert key in value, f"{where} lacks {key!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_shared_keys_mean_one_thing_in_every_game(game_id):
    game = registry.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for index, (state, _seat) in enumerate(_positions(game, players, 40 + players)):
            if index % 5:
                continue
            _shared_key_meanings(game, state, players, f"state at step {index}")
            for seat in (None, *range(players)):
                _shared_key_meanings(game, game.view(state, seat), players, f"view {seat} at step {index}")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_package_has_the_same_layout(game_id):
    game = registry.get(game_id)
    for module in LAYOUT:
        assert importlib.util.find_spec(f"games.{game_id}.{module}"), f"games/{game_id}/{module}.py"
    assert type(game).__module__ == f"games.{game_id}.engine"


def test_action_ids_parse_into_head_and_arguments():
    parsed = ActionId.parse("buy:2:7,6")
    assert (parsed.head, parsed.args) == ("buy", ("2", "7,6"))
    assert parsed.number(0) == 2 and parsed.numbers(1) == [7, 6] and parsed.arg(5, "-") == "-"
    assert str(parsed) == "buy:2:7,6" == action_id("buy", 2, "7,6")
    assert ActionId.parse("pass") == ActionId("pass") and ActionId.parse("take:").numbers(0) == []
    with pytest.raises(ValueError):
        ActionId.parse("buy:x").number(0)
    assert json.dumps(str(parsed)) == '"buy:2:7,6"'


def test_core_helpers_every_game_shares():
    m = messages("hermagor")
    assert m("good.salt") == msg("hermagor.good.salt") and m("x", n=2) == msg("hermagor.x", n=2)
    assert seat_order(4, 2) == [2, 3, 0, 1] and seat_order(2, 0) == [0, 1]
    order = seat_order(3, 1)
    order.append(9)  # a fresh list: the cached order is not changed by a caller
    assert seat_order(3, 1) == [1, 2, 0]
    assert decision_kind({"phase": "act", "pending": []}) == "act"
    assert decision_kind({"phase": "act", "pending": [{"seat": 1, "kind": "gift"}]}) == "gift"
    assert decision_kind({"phase": "role"}) == "role"


class _Toy(Game[State, State]):
    """Two seats alternate naming 1 or 2 until the total reaches 5; a
    pending ``confirm`` decision follows every 2.  Written with decisions
    alone: the core dispatches legality and transitions."""

    id = "toy"

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return {"players": 2, "phase": "count", "turn": 0, "total": 0, "pending": []}

    def to_act(self, state: State) -> list[int]:
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [] if state["phase"] == "over" else [state["turn"]]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    @staticmethod
    def _say(state: State, seat: int, action: ActionId) -> list[dict[str, Any]]:
        state["total"] += action.number()
        if action.number() == 2:
            state["pending"].append({"seat": 1 - seat, "kind": "confirm"})
        state["turn"] = 1 - seat
        if state["total"] >= 5:
            state["phase"] = "over"
        return [msg("toy.said", n=action.number())]

    @staticmethod
    def _confirm(state: State, seat: int, action: ActionId) -> list[dict[str, Any]]:
        state["pending"].pop(0)
        return []

    decisions = {
        "count": Decision(ids=lambda s, seat: ["say:1", "say:2"], apply=_say,
                          labels=lambda s, seat, ids: [Action(i, msg("toy." + i)) for i in ids],
                          allows=lambda s, seat, a: a.head == "say" and a.arg() in ("1", "2")),
        "confirm": Decision.from_menu(lambda s, seat: [Action("ok", msg("ok"))], _confirm),
    }


def test_the_core_dispatches_a_game_written_as_decisions():
    game = _Toy()
    state = game.setup(2, {}, 0)
    assert game.legal_ids(state, 0) == ["say:1", "say:2"] and game.legal_actions(state, 1) == []
    assert game.is_legal(state, 0, "say:2") and not game.is_legal(state, 0, "say:3")
    assert game.apply(state, 0, "say:2") == [msg("toy.said", n=2)]
    assert game.to_act(state) == [1] and game.legal_ids(state, 1) == ["ok"]  # the pending decision first
    with pytest.raises(IllegalAction):
        game.apply(state, 1, "say:1")
    game.apply(state, 1, "ok")
    game.apply(state, 1, "say:2")
    game.apply(state, 0, "ok")
    game.apply(state, 0, "say:1")
    assert game.is_over(state) and state["total"] == 5
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 1, "say:1")
    assert refused.value.reason["key"] == "core.error.not_active"


def test_a_menu_that_words_other_moves_than_the_rule_fails_loudly():
    """``labels`` words the legal ids and decides nothing: a menu that adds,
    drops or reorders a move is a bug the core reports at once."""
    game = _Toy()
    state = game.setup(2, {}, 0)
    good = game.decisions["count"]
    for wrong in (lambda s, seat, ids: [Action(i, msg(i)) for i in ids[:1]],
                  lambda s, seat, ids: [Action(i, msg(i)) for i in reversed(ids)],
                  lambda s, seat, ids: [Action(i, msg(i)) for i in [*ids, "say:3"]]):
        game.decisions = {**_Toy.decisions, "count": good._replace(labels=wrong)}
        with pytest.raises(AssertionError, match="menu differs"):
            game.legal_actions(state, 0)
    game.decisions = _Toy.decisions
    assert [a.id for a in game.legal_actions(state, 0)] == ["say:1", "say:2"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_current_state_loads_unchanged(game_id):
    """``upgrade_state`` brings old layouts up to date and leaves a current state exactly as it
    was stored (a loaded state is the one that was stored: the store's replay checks rely on it)."""
    game = registry.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for state, _seat in _positions(game, players, 60 + players):
            stored = clone(state)
            assert game.upgrade_state(clone(stored)) == stored
