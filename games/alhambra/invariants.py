"""``check_invariants``: every component conserved, counters in range (the
randomised tests call it after every move)."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO, SCORE_A, SCORE_B
from games.alhambra.schema import AlhambraState

_MONEY = {False: frozenset(MONEY_ALL), True: frozenset(MONEY_TWO)}
_BUILDINGS = frozenset(range(len(BUILDINGS)))


def check_invariants(state: AlhambraState) -> None:
    n = state["players"]
    deck = state["money_deck"]
    money = deck + state["discard"] + state["money_row"]
    for hand in state["hands"]:
        money = money + hand
    specials = {card for card in deck if card < 0}
    assert specials == {card for card, round_ in ((SCORE_A, "A"), (SCORE_B, "B"))
                        if round_ not in state["scored_rounds"]}
    expected = _MONEY[n == 2]
    assert len(money) == len(expected) + len(specials) and set(money) == expected | specials, \
        "money cards not conserved"
    buildings = state["building_deck"] + [building for building in state["yard"] if building is not None]
    for built in state["built"]:
        buildings = buildings + built
    if state["neutral"] is not None:
        buildings = buildings + state["neutral"]
    buildings.extend(gift["building"] for gift in state["pending"])
    assert len(buildings) == len(BUILDINGS) and set(buildings) == _BUILDINGS, "buildings not conserved"
    assert 0 <= state["actions_taken"] <= 5
    assert len(state["money_row"]) <= 4
    assert state["phase"] in ("act", "over")
    assert len(state["pending"]) <= 1 and all(gift["seat"] == state["turn"] for gift in state["pending"])
    if state["phase"] == "over":
        assert state["turn"] is None and not state["pending"]
    else:
        assert state["turn"] is not None and 0 <= state["turn"] < n
        if state["actions_taken"] == 0:
            assert None not in state["yard"]
