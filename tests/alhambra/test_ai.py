"""The AI: sensible choices from its own view only."""

from __future__ import annotations

import random

from games.alhambra import GAME
from tests.alhambra.helpers import arrange, building, buildings_of, card

DENAR, DIRHAM, DUKAT, GULDEN = range(4)
PAVILION, SERAGLIO, ARCADES, CHAMBERS, GARDEN, TOWER = range(6)


def _choose(state, seat=0):
    legal = GAME.legal_actions(state, seat)
    return GAME.choose_ai_action(GAME.view(state, seat), seat, legal, random.Random(0))


def test_prefers_an_exact_payment_to_overpaying():
    yard = [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]
    hand = [card(DENAR, 9), card(DENAR, 5), card(DENAR, 3)]
    state = arrange(hands=[hand, [], []], yard=yard, row=[card(GULDEN, 1), card(GULDEN, 2),
                                                           card(DUKAT, 1), card(DUKAT, 1, 1)])
    action = _choose(state)
    assert action == f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"


def test_takes_the_most_valuable_money_when_nothing_can_be_bought():
    yard = [building(GARDEN, 12), building(PAVILION, 8), building(TOWER, 13), building(SERAGLIO, 9)]
    row = [card(DENAR, 9), card(DIRHAM, 1), card(DUKAT, 2), card(GULDEN, 1)]
    state = arrange(hands=[[card(DUKAT, 1)], [], []], yard=yard, row=row)
    assert _choose(state) == f"take:{card(DENAR, 9)}"


def test_goes_for_a_contested_majority():
    # seat 1 leads towers 2–1; seat 0 already holds the only pavilions (3): the
    # tower (to tie for first) is worth more than a 4th pavilion
    yard = [building(TOWER, 8), building(PAVILION, 5), building(GARDEN, 12), building(SERAGLIO, 9)]
    towers = buildings_of(TOWER, 4, {building(TOWER, 8)})
    pavilions = buildings_of(PAVILION, 3, {building(PAVILION, 5)})
    hand = [card(DENAR, 8), card(DIRHAM, 5)]
    state = arrange(hands=[hand, [], []], yard=yard, built=[towers[:1] + pavilions, towers[1:3], []])
    assert _choose(state).startswith("buy:1:")


def test_two_player_gift_keeps_a_useful_building():
    hand = [card(DENAR, 8)]
    yard = [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]
    state = arrange(2, hands=[hand, []], yard=yard)
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 8)}")
    assert _choose(state) == "keep"


def test_ai_reads_only_its_view():
    state = arrange(hands=[[card(DENAR, 9)], [card(DIRHAM, 9)], []])
    view = GAME.view(state, 0)
    assert "hands" not in view and [c["id"] for c in view["hand"]] == [card(DENAR, 9)]
    legal = GAME.legal_actions(state, 0)
    assert GAME.choose_ai_action(view, 0, legal, random.Random(1)) in {a.id for a in legal}
