"""Conservation of the 120 cards and the ranges of every counter (used by the
randomised test suites after every step)."""

from __future__ import annotations

from .data import CARDS, CENTRE_MAX, GOODS_MAX, LUX_MAX, SHIP_MAX, SLOTS
from .schema import AnnoState


def check_invariants(state: AnnoState) -> None:
    seen: list[int] = list(state["voyage_deck"]) + list(state["discard"])
    for pile in state["piles"]:
        seen += pile
    for ids in state["supply"].values():
        seen += ids
    v = state["voyage"]
    if v is not None and v["bonus_card"] is not None:
        seen.append(v["bonus_card"])
    for p in state["settlements"]:
        seen += p["base_cards"] + p["hand"] + [c for c in p["slots"] if c is not None]
        for stack in p["citizens"]:
            seen += stack
            assert 1 <= len(stack) <= 4
            assert [CARDS[c].type for c in stack] == ["explorer", "settler", "citizen", "merchant"][:len(stack)]
        assert all(0 <= g <= GOODS_MAX for g in p["landscapes"]), p["landscapes"]
        assert all(0 <= c <= CENTRE_MAX for c in p["centres"]), p["centres"]
        assert sorted(p["luxury"]) == ["rum", "tobacco"]
        assert all(0 <= n <= LUX_MAX for n in p["luxury"].values()), p["luxury"]
        assert 0 <= p["ship"] <= SHIP_MAX
        assert len(p["slots"]) == SLOTS
        assert all(c is None or CARDS[c].kind == "building" for c in p["slots"])
        assert sum(1 for c in p["slots"] if c is not None and CARDS[c].type == "firestation") <= 1
        assert all(CARDS[c].kind in ("building", "action") for c in p["hand"])
        if state["phase"] != "over":
            assert p["centres"] != [0, 0], "a busted player must have lost"
    assert sorted(seen) == list(range(len(CARDS))), "cards not accounted for exactly once"
    assert all(len(pile) <= 18 for pile in state["piles"])
    assert state["trade_holder"] in (None, 0, 1) and state["sea_holder"] in (None, 0, 1)
    if state["phase"] == "over":
        assert state["winner"] in (0, 1)
