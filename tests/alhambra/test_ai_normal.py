"""The normal AI (``games/alhambra/ai.py``, ``choose_normal``): constructed
positions for its behaviours beyond the easy AI's."""

from __future__ import annotations

from games.alhambra import GAME
from games.alhambra.data import BUILDINGS
from tests.alhambra.helpers import (
    ARCADES,
    DENAR,
    DIRHAM,
    DUKAT,
    GARDEN,
    GULDEN,
    PAVILION,
    SERAGLIO,
    TOWER,
    arrange,
    building,
    buildings_of,
    card,
    choose,
)


def test_a_first_building_of_a_type_is_not_worth_overpaying_for_when_a_nine_is_on_offer():
    # Seat 1 has two towers, seat 0 none: a 13-tower paid 9+5 (one thrown
    # away, the turn over) is worth less than taking the dukat 9.  With the
    # majorities weighed as heavily as the money (scale 1) it bought.
    yard = [building(TOWER, 13), building(PAVILION, 8), building(GARDEN, 12), building(SERAGLIO, 9)]
    towers = buildings_of(TOWER, 2, {building(TOWER, 13)})
    nine = card(DUKAT, 9)
    state = arrange(hands=[[card(DENAR, 9), card(DENAR, 5)], [], []], yard=yard,
                    row=[nine, card(DIRHAM, 2), card(GULDEN, 1), card(GULDEN, 2)], built=[[], towers, []])
    assert choose(state, level="normal") == f"take:{nine}"


def _last_turn(rival_lead: int):
    """2 players, the building deck empty, every type split about evenly;
    seat 0 has just bought the pavilion exactly and acts again: whatever it
    does, the game ends with this turn.  Seat 1 scored ``rival_lead`` in B."""
    yard = [building(PAVILION, 5), building(SERAGLIO, 9), building(ARCADES, 10), building(TOWER, 13)]
    built: list[list[int]] = [[], [], []]
    for t in range(6):
        rest = [b for b, (kind, _) in enumerate(BUILDINGS) if kind == t and b not in yard]
        for i, b in enumerate(rest):
            built[i % 3].append(b)
    hand = [card(DENAR, 5), card(DUKAT, 9), card(DUKAT, 3)]
    state = arrange(2, hands=[hand, [card(DIRHAM, 3), card(GULDEN, 4)]], yard=yard,
                    row=[card(GULDEN, 9), card(DIRHAM, 1), card(DENAR, 1), card(DENAR, 2)],
                    built=built[:2], neutral=built[2])
    state["building_deck"] = []
    state["scores"][1] = [0, rival_lead, 0]
    state["scored_rounds"] = ["A", "B"]
    state["money_deck"] = [c for c in state["money_deck"] if c >= 0]
    GAME.check_invariants(state)
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 5)}")
    GAME.apply(state, 0, "keep")
    assert state["turn"] == 0 and state["actions_taken"] == 1
    return state


def test_the_last_action_takes_the_money_that_wins_the_leftovers():
    # Behind by 10 from B: a 4th arcades (overpaying) does not catch up; the
    # gulden 9 makes the leftover tower (and, with 12 dukat, the arcades)
    # most likely mine, and that wins.  Money is worth nothing to the
    # heuristic once the deck is empty: it bought the arcades.
    state = _last_turn(10)
    assert choose(state, level="normal") == f"take:{card(GULDEN, 9)}"


def test_the_last_action_buys_when_the_game_is_won_anyway():
    state = _last_turn(0)
    assert choose(state, level="normal").startswith("buy:3:")
