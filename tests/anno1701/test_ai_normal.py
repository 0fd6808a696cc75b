"""The normal AI's end-of-turn choices in constructed positions (from the seat's view)."""

from __future__ import annotations

import random

from games.anno1701 import GAME
from games.anno1701.data import CARDS


def _end_position(ship: int) -> tuple[dict, int]:
    state = GAME.setup(2, {}, 5)
    seat = state["turn"]
    p = state["settlements"][seat]
    p["citizens"][0].append(state["supply"]["settler"].pop())   # a settler: era II opens
    # A fire station in hand: no search for one.
    station = next(c.id for c in CARDS if c.type == "firestation")
    p["hand"] = [p["hand"][0], station]
    state["piles"] = [[c for c in pile if c != station] for pile in state["piles"]]
    p["ship"] = ship
    p["luxury"] = {"rum": 0, "tobacco": 0}
    p["centres"] = [3, 3]
    state["phase"] = "end"
    return state, seat


def _normal(state: dict, seat: int) -> str:
    legal = GAME.legal_actions(state, seat)
    return GAME.choose_normal_action(GAME.view(state, seat), seat, legal, random.Random(0))


def test_normal_draws_from_the_oldest_era_open():
    state, seat = _end_position(ship=1)
    ids = GAME.legal_ids(state, seat)
    assert "draw:0" in ids and any(i.startswith("draw:2") or i.startswith("draw:3") for i in ids)
    assert _normal(state, seat) == "draw:0"


def test_normal_sails_when_settlers_want_luxuries_and_the_ship_is_sound():
    state, seat = _end_position(ship=3)
    assert _normal(state, seat).startswith("voyage")


def _action_position() -> tuple[dict, int]:
    """The action phase, an empty hand, explorers only and gold to spare."""
    state = GAME.setup(2, {}, 5)
    seat = state["turn"]
    p = state["settlements"][seat]
    p["hand"] = []
    p["centres"] = [3, 3]
    state["phase"] = "action"
    state["dice"] = {"number": 0, "event": "tax"}
    return state, seat


def test_normal_keeps_the_cloth_a_settler_needs_out_of_the_bank():
    state, seat = _action_position()
    p = state["settlements"][seat]
    p["landscapes"] = [1, 0, 3, 1, 0, 1, 0]    # three cloth, no food: a settler wants two
    legal = GAME.legal_actions(state, seat)
    assert "bank:cloth" in [a.id for a in legal]
    # The easy AI banks all three (one more than it needs); the normal AI keeps them.
    assert GAME.choose_ai_action(GAME.view(state, seat), seat, legal, random.Random(0)) == "bank:cloth"
    assert _normal(state, seat) != "bank:cloth"


def test_normal_sells_a_good_of_a_full_landscape_to_the_trader():
    state, seat = _action_position()
    p = state["settlements"][seat]
    p["landscapes"] = [1, 3, 0, 0, 0, 0, 0]    # the field is full: its next food is lost
    p["centres"] = [2, 2]                      # too little gold to buy, enough not to sell
    state["pending"] = [{"kind": "trader", "seat": seat}]
    legal = GAME.legal_actions(state, seat)
    assert GAME.choose_ai_action(GAME.view(state, seat), seat, legal, random.Random(0)) == "trader:skip"
    assert _normal(state, seat) == "trader:sell:food"


def test_normal_offers_a_good_of_a_full_landscape_to_the_rival():
    state, seat = _action_position()
    p = state["settlements"][seat]
    p["citizens"][0].append(state["supply"]["settler"].pop())   # a settler: food for a citizen too
    p["landscapes"] = [1, 3, 0, 0, 0, 0, 0]    # food wanted (four) but the field is full
    assert _normal(state, seat) == "offer"
    state["pending"] = [{"kind": "offer", "seat": seat, "give": {}, "get": {}}]
    assert _normal(state, seat) == "give:food"
