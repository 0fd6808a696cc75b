"""Issue 15: the engine's own shortcuts agree with the slow, obvious way."""

from __future__ import annotations

import random

from games.anno1701 import GAME, flow
from games.anno1701.common import copy_state
from games.anno1701.data import CARDS
from games.anno1701.settlement import SYMBOLS, symbols
from games.base import ActionId, clone


def _positions(seeds):
    """Every position of seeded games (random and AI seats), with the seat due."""
    for seed in seeds:
        state = GAME.setup(2, GAME.resolve_options({"offers": (2, 0)[seed % 2]}), seed)
        rnd = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            yield state, seat
            legal = GAME.legal_actions(state, seat)
            aid = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) if seed % 3 \
                else rnd.choice(legal).id
            GAME.apply(state, seat, aid)
        yield state, -1


def _mutables(value, found):
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _mutables(item, found)
    return found


def test_copy_state_is_a_deep_copy():
    for state, _seat in _positions(range(40)):
        copied = copy_state(state)
        assert copied == clone(state)
        originals = {id(x) for x in _mutables(state, [])}
        assert not any(id(x) in originals for x in _mutables(copied, []))


def test_only_moves_that_spend_gold_need_a_trial_run():
    """``flow.loses_by_riot`` tries out only moves in ``SPENDS_GOLD``: no other
    move, tried out anyway, ever ends the game against the mover in a riot."""
    tried = 0
    for state, seat in _positions(range(120)):
        if seat < 0 or (state["pending"] and state["pending"][0]["kind"] == "confirm"):
            continue
        for action_id in GAME.legal_ids(state, seat):
            action = ActionId.parse(action_id)
            if action.head in flow.SPENDS_GOLD or action.head == "send":
                continue
            trial = copy_state(state)
            flow.dispatch(trial, seat, action)
            tried += 1
            assert not (trial["phase"] == "over" and trial["winner"] != seat and trial["win_reason"] == "riot"
                        and trial["rng"] == state["rng"]), (action_id, state)
    assert tried > 50_000


def test_legal_ids_and_actions_list_the_same_moves():
    for state, seat in _positions(range(60)):
        if seat >= 0:
            ids = GAME.legal_ids(state, seat)
            assert ids == [a.id for a in GAME.legal_actions(state, seat)]
            assert GAME.legal_ids(state, 1 - seat) == [] == GAME.legal_actions(state, 1 - seat)



def test_symbols_and_views_agree_with_the_cards():
    """The symbols counted once per building layout are those the cards carry,
    and a view (built in place, its pending decisions through the allow-list)
    shares no container with the state."""
    for state, _seat in _positions(range(30)):
        for p in state["settlements"]:
            assert symbols(p) == tuple(sum(getattr(CARDS[c], attr) for c in p["slots"] if c is not None)
                                       for attr in SYMBOLS)
        originals = {id(x) for x in _mutables(state, [])}
        for seat in (None, 0, 1):
            assert not any(id(x) in originals for x in _mutables(GAME.view(state, seat), []))
