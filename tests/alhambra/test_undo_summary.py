"""The undo window (``closes_undo``) and the private summary of Alhambra.

The rules every game keeps are in ``tests.undo_contract``; here: what
Alhambra hides (money and buildings still in their decks, hands, the next
scoring) and its concrete actions."""

from __future__ import annotations

import pytest

from games.alhambra import GAME
from tests.alhambra.helpers import arrange, building, card
from tests.undo_contract import (
    Step,
    UndoRules,
    check_summary,
    check_summary_catalogue,
    judge,
    render,
    summaries,
)

DENAR, DIRHAM, DUKAT, GULDEN = range(4)
PAVILION, SERAGLIO, ARCADES, CHAMBERS, GARDEN, TOWER = range(6)
# Public events that turn a card, a building or a scoring card, or end the game.
REVEALING = {"alhambra.ev." + k for k in (
    "yard", "row", "reshuffle", "scoring", "score_line", "neutral_gets", "game_end", "leftover",
    "leftover_stays", "winner")}


def _public_money(view) -> set[int]:
    return {c["id"] for c in view["money_row"]}


def _public_buildings(view) -> set[int]:
    out = {b["id"] for b in view["yard"] if b is not None}
    out |= {b for built in view["built"] for b in built}
    out |= set(view["neutral"] or [])
    out |= {p["building"] for p in view["pending"]}
    return out


def _reveals_nothing(st: Step) -> None:
    before, after, action = st.before, st.after, st.action
    # nothing taken from a deck, nothing scored
    assert after["money_deck"] == before["money_deck"] and after["building_deck"] == before["building_deck"], action
    assert set(before["discard"]) <= set(after["discard"]), action
    assert after["scored_rounds"] == before["scored_rounds"], action
    # the turn ends (and the yard and the row are refilled) only with nothing to refill from
    assert after["turn"] == st.seat or not before["money_deck"] and not before["discard"], action
    # the table shows no money card or building that was hidden
    pub_before, pub_after = st.views(None)
    assert _public_money(pub_after) <= _public_money(pub_before), action
    assert _public_buildings(pub_after) <= _public_buildings(pub_before), action
    assert pub_after["money_deck_count"] == pub_before["money_deck_count"] and pub_after["building_deck_count"] == pub_before["building_deck_count"]
    assert pub_after["next_scoring"] == pub_before["next_scoring"]
    for e in st.events:
        assert "to" not in e or e["to"] == st.seat, (action, e)
        assert e["key"] not in REVEALING, (action, e)


RULES = UndoRules(GAME, _reveals_nothing)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_undoable_actions_reveal_nothing(players):
    tally = RULES.self_play((players, seed, None) for seed in range(30))
    assert tally["buy", False] > 0 and tally["take", True] > 0
    if players == 2:  # a purchase waits for keep/gift, which ends the turn or not
        assert tally["buy", True] == 0
        assert tally["keep", False] + tally["gift", False] > 0
        assert tally["keep", True] + tally["gift", True] > 0
    else:
        assert tally["buy", True] > 0


# -- targeted ---------------------------------------------------------------

def _yard():
    return [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]


def test_exact_buy_is_undoable_then_taking_money_closes():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [card(DUKAT, 7)], []], yard=_yard())
    RULES.assert_undoable(judge(GAME, state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"))
    assert state["turn"] == 0 and state["yard"][0] is None
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    st = judge(GAME, state, 0, take)  # the turn ends: yard and row refilled
    assert state["turn"] == 1 and not st.drew_chance
    assert st.closes is True


def test_taking_money_closes_the_row_is_refilled():
    state = arrange(hands=[[card(DENAR, 1)], [], []], yard=_yard())
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    st = judge(GAME, state, 0, take)
    assert state["building_deck"] == st.before["building_deck"] and not st.drew_chance
    assert not set(state["money_row"]) <= set(st.before["money_row"])  # new money turned up
    assert st.closes is True


def test_overpaying_and_the_bonus_action_close():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    st = judge(GAME, state, 0, f"buy:2:{card(DIRHAM, 9)}")  # 9 for 5: the turn ends
    assert state["turn"] == 1 and not st.drew_chance
    assert st.closes is True
    state = arrange(hands=[hand, [], []], yard=_yard())
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}")
    st = judge(GAME, state, 0, f"take:{state['money_row'][0]}")   # the bonus action (no "end" any more)
    assert not st.drew_chance and state["building_deck"] != st.before["building_deck"]
    assert st.closes is True


def test_two_players_keep_or_gift_undoable_only_when_the_turn_goes_on():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9)]
    state = arrange(players=2, hands=[hand, []], yard=_yard())
    RULES.assert_undoable(judge(GAME, state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"))
    assert [p["kind"] for p in state["pending"]] == ["gift"]
    RULES.assert_undoable(judge(GAME, state, 0, "gift"))  # exact: the turn goes on
    assert state["turn"] == 0 and state["neutral"][-1] == building(GARDEN, 8)
    GAME.apply(state, 0, f"buy:2:{card(DIRHAM, 9)}")  # overpaid: keep or gift ends the turn
    st = judge(GAME, state, 0, "keep")
    assert state["turn"] == 1
    assert st.closes is True


def test_pass_with_nothing_to_refill_is_undoable():
    # no money left anywhere but in the hands: the row stays empty
    state = arrange(hands=[[card(DENAR, 1)], [], []], row=[], yard=_yard())
    state["hands"][1] = [c for c in state["money_deck"] if c >= 0]
    state["money_deck"] = []
    state["scored_rounds"] = ["A", "B"]  # (the scoring cards are out of the deck)
    GAME.check_invariants(state)
    assert GAME.legal_ids(state, 0) == ["pass"]
    RULES.assert_undoable(judge(GAME, state, 0, "pass"))
    assert state["turn"] == 1


def test_reshuffle_of_one_card_closes_without_the_rng():
    hand = [card(DENAR, 5), card(DENAR, 3)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    money = [c for c in state["money_deck"] if c >= 0]
    state["hands"][2] = money[1:]
    state["discard"] = [money[0]]  # the deck is empty: one card to "shuffle"
    state["money_deck"] = []
    state["scored_rounds"] = ["A", "B"]
    GAME.check_invariants(state)
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    st = judge(GAME, state, 0, take)
    assert not st.drew_chance and state["money_deck"] == st.before["money_deck"] == []
    assert money[0] in state["money_row"]
    assert st.closes is True


# -- private summary --------------------------------------------------------

def test_summary_keys_are_in_the_catalogue():
    check_summary_catalogue(GAME, at_least=4)


def test_summary_renders_in_both_languages_over_random_games():
    runs = [(players, seed, None) for players in (2, 3, 6) for seed in range(3)]
    seen = {line["key"] for lines in summaries(GAME, runs, every=5) for line in lines}
    for key in ("money", "currency", "currency_one", "exact"):
        assert "alhambra.summary." + key in seen, key


def test_summary_shows_own_money_only():
    mine = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9)]
    theirs = [card(GULDEN, 7), card(DUKAT, 6)]
    state = arrange(hands=[mine, theirs, []], yard=_yard())
    view = GAME.view(state, 0)
    lines = check_summary(GAME, view, 0)
    en, hu = render(lines, "en"), render(lines, "hu")
    assert en[:3] == ["Your money: 3 cards", "Denar: 5 + 3 (total 8)", "Dirham: 9"]
    assert hu[:3] == ["A pénzed: 3 lap", "Dénár: 5 + 3 (összesen 8)", "Dirham: 9"]
    assert en[3] == "Exact payment possible: Garden (8)"  # 5 + 3 denar for the garden
    text = "\n".join(en + hu)
    assert "Gulden" not in text and "Dukat" not in text and "Dukát" not in text
    # from the view alone (check_summary: a copy of the view gives the same)
    assert "hands" not in view
    empty = check_summary(GAME, GAME.view(state, 2), 2)
    assert render(empty, "en") == ["Your money: no cards"]
    assert render(empty, "hu") == ["A pénzed: nincs pénzkártyád"]
