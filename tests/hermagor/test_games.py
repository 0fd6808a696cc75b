"""Seeded random full games with invariants; replay; views; messages."""

import json
import random

import pytest

from games.base import IllegalAction, clone
from games.hermagor import GAME
from games.play import random_game, replay
from service import i18n
from service.i18n import message_keys as _keys

VARIANTS = ({}, {"tax": True}, {"six": True}, {"ten": True})
GAMES_PER_CASE = 500  # for every player count and every variant


@pytest.mark.parametrize("options", VARIANTS, ids=["base", "tax", "six", "ten"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants_and_end(players, options):
    for seed in range(GAMES_PER_CASE):
        ai = {seed % players} if seed % 10 == 0 else set()
        # Invariants after every step in one game of five, at the end in all:
        # 8,000 games checked step by step would not fit the suite's time budget.
        state, log = random_game(GAME, players, seed, options, ai_seats=ai, check=seed % 5 == 0)
        GAME.check_invariants(state)
        assert GAME.is_over(state)
        out = GAME.outcome(state)
        assert sorted(s for group in out.ranking for s in group) == list(range(players))
        assert all(m >= 0 for m in state["money"])
        assert state["round"] == (5 if players <= 3 else 4)


def test_json_round_trip_and_replay():
    for players in (2, 5):
        for options in VARIANTS:
            state, log = random_game(GAME, players, 11, options)
            assert json.loads(json.dumps(state)) == state
            again = replay(GAME, players, 11, options, log)
            assert again == state


def test_mid_game_clone_continues_identically():
    state, log = random_game(GAME, 3, 4)
    half = replay(GAME, 3, 4, {}, log[: len(log) // 2])
    copy = clone(half)
    for seat, action in log[len(log) // 2:]:
        GAME.apply(copy, seat, action)
    assert copy == state


def test_views_hide_other_money_and_rng():
    state, log = random_game(GAME, 4, 2)
    half = replay(GAME, 4, 2, {}, log[:120])
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(half, seat)
        assert "rng" not in view
        for other in range(4):
            assert (view["money"][other] is None) == (other != seat)
        json.dumps(view)


def test_public_events_carry_no_balances():
    state = GAME.setup(3, {}, 8)
    rnd = random.Random(8)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = rnd.choice(GAME.legal_actions(state, seat)).id
        for event in GAME.apply(state, seat, action):
            if event["key"] == "hermagor.ev.money":
                assert "to" in event


def test_illegal_actions_raise_and_leave_state_unchanged():
    state, log = random_game(GAME, 4, 3)
    half = replay(GAME, 4, 3, {}, log[:150])
    before = clone(half)
    seat = GAME.to_act(half)[0]
    for bad in ("nonsense", "to:v99", "start:9", "band:9"):
        with pytest.raises(IllegalAction):
            GAME.apply(half, seat, bad)
    with pytest.raises(IllegalAction):
        GAME.apply(half, (seat + 1) % 4, GAME.legal_ids(half, seat)[0])
    assert half == before


def test_every_emitted_message_exists_and_ids_are_valid():
    import re
    valid = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")
    keys = {"hermagor.name", "hermagor.rules"}
    keys |= {o.label for o in GAME.options} | {o.description for o in GAME.options}
    longest = 0
    for players in (2, 3, 4, 5):
        for seed, options in enumerate(VARIANTS):
            state = GAME.setup(players, options, seed)
            _keys(state["setup_events"], keys)
            rnd = random.Random(seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                legal = GAME.legal_actions(state, seat)
                longest = max(longest, len(legal))
                for action in legal:
                    assert valid.match(action.id), action.id
                    _keys(action.label, keys)
                _keys(GAME.prompt(state, seat), keys)
                pick = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) \
                    if seed % 2 else rnd.choice(legal).id
                _keys(GAME.apply(state, seat, pick), keys)
            _keys(GAME.outcome(state).details, keys)
    assert i18n.missing_keys(sorted(keys)) == []
    assert longest <= 25
    rules = i18n.catalogue()["hermagor.rules"]
    assert all(len(text) <= 1800 for text in rules)


def _every_id(players):
    """Every id a Hermagor menu can list, and near misses."""
    from games.hermagor import board, market
    from games.hermagor.data import GOODS
    ids = ["show", "hide", "pass", "done", "back", "rise", "norise", "noprod", "sell", "move", "side",
           "spost", "walk", "band", "sband", "to", "", ":", "pass:", "move:", "to:", "band:01", "to:v1:x",
           "walk:3", "move:-1", "band:9", "sp:0", "stall:", "start:01", "prod:", "fluct:gold"]
    ids += [f"to:{v}" for v in board.NODES]
    ids += [f"{k}:{d}" for k in ("walk", "move", "side") for d in range(3)]
    ids += [f"{k}:{r}" for k in ("band", "sband") for r in range(market.ROWS)]
    ids += [f"stall:{s}" for s in market.STALL_IDS] + [f"sp:{n}" for n in market.SPACES]
    ids += [f"{k}:{g}" for k in ("prod", "fluct") for g in GOODS]
    ids += [f"start:{s}" for s in range(players + 1)]
    return ids


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_legality_test_agrees_with_the_menus_on_every_id(players):
    """``is_legal`` asks only the rule that can list an id: it must say yes
    exactly to the listed ids, at every step, whatever is asked."""
    every = _every_id(players)
    for seed, options in enumerate(VARIANTS):
        state = GAME.setup(players, options, 60 + seed)
        rnd = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = {a.id for a in GAME.legal_actions(state, seat)}
            assert set(GAME.legal_ids(state, seat)) == legal
            for candidate in every:
                assert GAME.is_legal(state, seat, candidate) == (candidate in legal), (candidate, state["phase"])
            GAME.apply(state, seat, rnd.choice(sorted(legal)))


@pytest.mark.parametrize("players", [2, 5])
def test_the_opening_line_names_round_one_and_who_starts(players):
    """Set-up's first log line is shown like the other games' (it was kept in the state only)."""
    state = GAME.setup(players, {}, 4)
    opening = GAME.setup_events(state)
    assert [e["key"] for e in opening] == ["hermagor.ev.round"]
    assert opening[0]["args"]["round"] == 1 and opening[0]["args"]["start"] == {"seat": state["turn"]}
    starter = f"P{state['turn']}"
    assert i18n.render(opening[0], "en", lambda s: f"P{s}").startswith("Round 1")
    assert i18n.render(opening[0], "hu", lambda s: f"P{s}").startswith("1. forduló")
    assert all(starter in i18n.render(opening[0], lang, lambda s: f"P{s}") for lang in ("en", "hu"))
