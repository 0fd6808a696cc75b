"""``check_invariants``: cards conserved, counters in range, the phase's
bookkeeping consistent, and the derived fields equal to their recomputation."""

from __future__ import annotations

from . import derived, flow
from .common import State
from .data import CARD_TYPE, N_CARDS, PROD, TKIND


def check_invariants(state: State) -> None:
    n = state["players"]
    cards = list(state["deck"]) + list(state["discard"])
    for seat in range(n):
        cards += (state["hands"][seat] + state["covered"][seat] + state["chapel"][seat]
                  + state["looking_at"][seat] + state["picked"][seat])
        for c, g in state["cities"][seat]:
            cards.append(c)
            if g >= 0:
                cards.append(g)
                assert CARD_TYPE[c] < 5, "a good on a violet building"
        assert len(state["cities"][seat]) >= 1
        assert state["picks_needed"][seat] >= 0 and state["select_limit"][seat] >= 0
        picked, needed = len(state["picked"][seat]), state["picks_needed"][seat]
        assert picked <= needed or needed == 0 and not picked
    bld = state["building"]
    if bld:
        cards.append(bld["card"])
        cards += bld["paid_cards"] + [g for _, g in bld["paid_goods"]]
    assert sorted(cards) == list(range(N_CARDS)), "cards lost or duplicated"
    assert len(state["tiles"]) + (state["turned_tile"] is not None) == 5
    assert state["round"] >= 1
    assert state["deciding"] == sorted(set(state["deciding"]))
    if state["phase"] != "builder":
        assert state["built_this_phase"] == [None] * n, "built outside the builder phase"
    elif state["turn"] is not None:  # (so its city bits are the buildings that work: ``city_bits``)
        assert state["built_this_phase"][state["turn"]] is None, "the seat to build has built"
    if state["phase"] in flow.BY_TURN:
        assert not state["deciding"], "deciding in a phase one seat at a time decides in"
    else:
        assert state["turn"] is None, "a turn in a simultaneous phase"
    derived.check(state)
    for seat in range(n):
        tops = [CARD_TYPE[c] for c, _ in state["cities"][seat]]
        violet = [t for t in tops if TKIND[t] != PROD]
        assert len(violet) == len(set(violet)), "a violet building twice"
