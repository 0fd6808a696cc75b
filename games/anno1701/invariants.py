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
    for settlement in state["settlements"]:
        seen += settlement["base_cards"] + settlement["hand"] + [c for c in settlement["slots"] if c is not None]
        for stack in settlement["citizens"]:
            seen += stack
            assert 1 <= len(stack) <= 4
            assert [CARDS[c].type for c in stack] == ["explorer", "settler", "citizen", "merchant"][:len(stack)]
        assert all(0 <= g <= GOODS_MAX for g in settlement["landscapes"]), settlement["landscapes"]
        assert all(0 <= c <= CENTRE_MAX for c in settlement["centres"]), settlement["centres"]
        assert sorted(settlement["luxury"]) == ["rum", "tobacco"]
        assert all(0 <= n <= LUX_MAX for n in settlement["luxury"].values()), settlement["luxury"]
        assert 0 <= settlement["ship"] <= SHIP_MAX
        assert len(settlement["slots"]) == SLOTS
        assert all(c is None or CARDS[c].kind == "building" for c in settlement["slots"])
        assert sum(1 for c in settlement["slots"] if c is not None and CARDS[c].type == "firestation") <= 1
        assert all(CARDS[c].kind in ("building", "action") for c in settlement["hand"])
        if state["phase"] != "over":
            assert settlement["centres"] != [0, 0], "a busted player must have lost"
    assert sorted(seen) == list(range(len(CARDS))), "cards not accounted for exactly once"
    assert all(len(pile) <= 18 for pile in state["piles"])
    assert state["trade_holder"] in (None, 0, 1) and state["sea_holder"] in (None, 0, 1)
    if state["phase"] == "over":
        assert state["winner"] in (0, 1)
