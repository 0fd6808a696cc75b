"""Alhambra rules, one test per rule of the rulebook / GAMES.md."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.alhambra import GAME
from games.alhambra.data import (
    BUILDINGS,
    MONEY_ALL,
    MONEY_TWO,
    PRICES,
    SCORE_A,
    SCORE_B,
    money_currency,
    money_value,
)
from games.alhambra.payments import minimal_payments
from games.alhambra.scoring import score_round
from games.base import ActionId, IllegalAction, clone
from tests.alhambra.helpers import arrange, building, buildings_of, card

DENAR, DIRHAM, DUKAT, GULDEN = range(4)
PAVILION, SERAGLIO, ARCADES, CHAMBERS, GARDEN, TOWER = range(6)
ID_RE = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")


# -- components -------------------------------------------------------------
def test_components():
    assert len(MONEY_ALL) == 108 and len(MONEY_TWO) == 72
    counts = Counter((money_currency(c), money_value(c)) for c in MONEY_ALL)
    assert set(counts.values()) == {3} and len(counts) == 36
    assert Counter((money_currency(c), money_value(c)) for c in MONEY_TWO) == {k: 2 for k in counts}
    assert len(BUILDINGS) == 54
    assert [len(p) for p in PRICES] == [7, 7, 9, 9, 11, 11]
    # the rulebook's table: price ranges 2-8, 3-9, 4-10, 5-11, 6-12, 7-13
    assert [(min(p), max(p)) for p in PRICES] == [(2, 8), (3, 9), (4, 10), (5, 11), (6, 12), (7, 13)]


# -- set-up -----------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_setup(players):
    for seed in range(30):
        state = GAME.setup(players, {}, seed)
        GAME.check_invariants(state)
        assert None not in state["yard"] and len(state["yard"]) == 4
        assert len(state["money_row"]) == 4
        if players == 2:
            assert len(state["neutral"]) == 6 and len(state["building_deck"]) == 54 - 4 - 6
        else:
            assert state["neutral"] is None and len(state["building_deck"]) == 50
        for hand in state["hands"]:
            values = [money_value(c) for c in hand]
            assert sum(values) >= 20 and sum(values) - values[-1] < 20  # stop at 20 or more
            assert sum(values) <= 28
        sizes = [len(h) for h in state["hands"]]
        start = state["start_seat"]
        assert state["turn"] == start and sizes[start] == min(sizes)
        # five near-equal piles, A in the 2nd, B in the 4th, pile 1 on top
        piles = state["pile_sizes"]
        plain = [p - (1 if i in (1, 3) else 0) for i, p in enumerate(piles)]
        assert max(plain) - min(plain) <= 1 and sum(piles) == len(state["money_deck"])
        top_first = list(reversed(state["money_deck"]))
        a, b = top_first.index(SCORE_A), top_first.index(SCORE_B)
        assert sum(piles[:1]) <= a < sum(piles[:2])
        assert sum(piles[:3]) <= b < sum(piles[:4])
        view = GAME.view(state, None)
        assert view["next_scoring"]["card"] == "A" and view["next_scoring"]["pile"] == 2
        assert view["next_scoring"]["first_position"] <= a + 1 <= view["next_scoring"]["last_position"]


def test_start_player_ties_lower_total_then_random_seat_announced():
    kinds = Counter()
    for seed in range(400):
        state = GAME.setup(4, {}, seed)
        key = [(len(h), sum(money_value(c) for c in h)) for h in state["hands"]]
        tied = [s for s in range(4) if key[s] == min(key)]
        assert state["start_seat"] in tied
        events = GAME.setup_events(state)
        last = next(e for e in events if e["key"].startswith("alhambra.ev.start"))
        if len(tied) > 1:
            assert last["key"] == "alhambra.ev.start_tie"
            pick = last["args"]["pick"]["seat"]
            assert state["start_seat"] == min(tied, key=lambda s: (s - pick) % 4)
            kinds["tie"] += 1
        else:
            assert last["key"] == "alhambra.ev.start"
            kinds["plain"] += 1
        if len(tied) == 1 and sum(1 for k in key if k[0] == key[state["start_seat"]][0]) > 1:
            kinds["lower_total_matters"] += 1   # same card count, lower total starts
    assert kinds["tie"] and kinds["plain"] and kinds["lower_total_matters"]


def test_starting_capital_is_drawn_openly():
    state = GAME.setup(3, {}, 7)
    events = [e for e in GAME.setup_events(state) if e["key"] == "alhambra.ev.capital"]
    assert len(events) == 3
    for seat, event in enumerate(events):
        assert event["args"]["total"] == sum(money_value(c) for c in state["hands"][seat])


# -- taking money -------------------------------------------------------------
def test_take_one_card_of_any_value_or_several_up_to_five():
    row = [card(DENAR, 9), card(DIRHAM, 2), card(DUKAT, 3), card(GULDEN, 1)]
    state = arrange(row=row, hands=[[], [], []])
    ids = GAME.legal_ids(state, 0)
    takes = [i for i in ids if i.startswith("take:")]
    assert f"take:{row[0]}" in takes
    assert "take:" + ",".join(map(str, sorted(row[1:3]))) in takes      # 2+3 = 5
    assert "take:" + ",".join(map(str, sorted([row[1], row[3]]))) in takes
    for t in takes:
        cards = ActionId.parse(t).numbers(0)
        assert len(cards) == 1 or sum(money_value(c) for c in cards) <= 5
    before = clone(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "take:" + ",".join(map(str, sorted([row[0], row[3]]))))  # 9+1
    assert state == before
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "take:" + ",".join(map(str, sorted(row[1:]))))  # 2+3+1 = 6
    assert state == before
    GAME.apply(state, 0, "take:" + ",".join(map(str, sorted([row[1], row[3]]))))
    assert sorted(state["hands"][0]) == sorted([row[1], row[3]])
    assert state["turn"] == 1 and len(state["money_row"]) == 4  # turn over, row refilled


# -- buying -------------------------------------------------------------------
def _yard():
    return [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]


def test_exact_payment_gives_another_action_and_refill_waits():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    events = GAME.apply(state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}")
    assert state["turn"] == 0 and state["actions_taken"] == 1
    assert state["yard"][0] is None                     # not refilled before the turn ends
    assert state["built"][0] == [building(GARDEN, 8)]
    assert any(e["key"] == "alhambra.ev.exact" for e in events)
    assert "end" not in GAME.legal_ids(state, 0)         # issue 13: must act again
    # overpaying ends the turn: 9 dirham for the pavilion costing 5
    GAME.apply(state, 0, f"buy:2:{card(DIRHAM, 9)}")
    assert state["turn"] == 1 and state["actions_taken"] == 0
    assert None not in state["yard"]                     # refilled at the turn's end
    assert card(DIRHAM, 9) in state["discard"]           # no change given
    assert GAME.view(state, None)["type_counts"][0][PAVILION] == 1


def test_payment_must_be_in_the_slots_currency_and_cover_the_price():
    hand = [card(DENAR, 5), card(DENAR, 2), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    before = clone(state)
    for bad in (f"buy:1:{card(DIRHAM, 9)}",                     # wrong currency
                f"buy:1:{card(DENAR, 5)},{card(DENAR, 2)}",     # 7 < 8
                f"buy:1:{card(DENAR, 5, 1)}",                   # not in hand
                "buy:9:1", "buy:1:", "take:999", "nonsense", "take:05"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)
        assert state == before
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, GAME.legal_ids(state, 0)[0])   # not this seat's turn
    assert state == before


def test_at_most_five_actions_four_exact_buys_then_money():
    yard = [building(PAVILION, 2), building(PAVILION, 3), building(PAVILION, 4), building(PAVILION, 5)]
    hand = [card(DENAR, 2), card(DIRHAM, 3), card(DUKAT, 4), card(GULDEN, 5)]
    state = arrange(hands=[hand, [], []], yard=yard)
    for slot, c in enumerate(hand, start=1):
        GAME.apply(state, 0, f"buy:{slot}:{c}")
    assert state["actions_taken"] == 4 and state["yard"] == [None] * 4 and state["turn"] == 0
    ids = GAME.legal_ids(state, 0)
    assert ids and all(i.startswith("take:") for i in ids)
    GAME.apply(state, 0, ids[0])
    assert state["turn"] == 1 and len(state["built"][0]) == 4


def test_buy_listing_exact_first_no_superfluous_cards_and_short_ids():
    hand = [card(DENAR, v, k) for v in (1, 2, 3, 4, 5, 6) for k in (0, 1)] + [card(DENAR, 9)]
    yard = [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]
    state = arrange(hands=[hand, [], []], yard=yard)
    actions = GAME.legal_actions(state, 0)
    buys = [a for a in actions if a.id.startswith("buy:1:")]
    assert buys and all(ID_RE.match(a.id) for a in actions)
    paid = [[money_value(c) for c in ActionId.parse(a.id).numbers(1)] for a in buys]
    sums = [sum(p) for p in paid]
    assert sums == sorted(sums) and sums[0] == 8
    for p in paid:  # no superfluous card
        assert all(sum(p) - v < 8 for v in p)
    # every equivalent payment is listed once
    assert len({tuple(sorted(p)) for p in paid}) == len(paid)
    # exact buys come before every other action
    first_other = next(i for i, a in enumerate(actions) if not a.label["key"].endswith("buy_exact"))
    assert all(not a.label["key"].endswith("buy_exact") for a in actions[first_other:])


def test_a_turn_is_always_one_action_no_ending_after_an_exact_purchase():
    # Rulebook L93/L117: one of the two actions, always; an exact payment
    # means "ismét ő van soron" — take money or buy again, no "end".
    hand = [card(DENAR, 5), card(DENAR, 3), card(GULDEN, 4)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}")
    assert state["turn"] == 0 and state["actions_taken"] == 1
    ids = GAME.legal_ids(state, 0)
    assert "end" not in ids and ids
    assert all(i.startswith(("take:", "buy:")) for i in ids)
    before = clone(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "end")
    assert state == before
    prompt = GAME.prompt(state, 0)
    assert prompt["key"] == "alhambra.prompt.bonus"


def test_every_minimal_payment_is_offered_7_plus_6_for_8():
    # issue 13: 7 + 6 for a price of 8 was reachable only by typing raw ids
    hand = [card(DENAR, v) for v in (1, 2, 3, 5, 6, 7)] + [card(DENAR, 4), card(DENAR, 8)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    ids = set(GAME.legal_ids(state, 0))
    assert f"buy:1:{card(DENAR, 6)},{card(DENAR, 7)}" in ids
    offered = {tuple(sorted(money_value(c) for c in ActionId.parse(i).numbers(1)))
               for i in ids if i.startswith("buy:1:")}
    assert offered == {tuple(sorted(money_value(c) for c in p)) for p in minimal_payments(hand, 8)}
    assert len(offered) > 6   # more than the old 4 exact + 2 overpaying


def test_minimal_payments_all_found():
    cards = [card(GULDEN, v) for v in (1, 2, 3, 6, 7)]
    found = {tuple(sorted(money_value(c) for c in p)) for p in minimal_payments(cards, 8)}
    assert found == {(1, 7), (2, 7), (3, 7), (6, 7), (2, 6), (3, 6)}
    assert (1, 2, 6) not in found  # 1 is superfluous: 2+6 already pays 8


def test_a_payment_with_a_superfluous_card_is_not_a_move():
    # The rulebook lets a player pay any amount of at least the price; a card
    # that could be left out only throws money away, so it is not offered, and
    # the core (issue 15) refuses what is not offered — with a reason.
    hand = [card(DENAR, 5), card(DENAR, 4), card(DENAR, 3)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    superset = "buy:1:" + ",".join(map(str, sorted(hand)))  # 12 for 8: 3 or 4 superfluous
    assert superset not in GAME.legal_ids(state, 0)
    assert {f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}", f"buy:1:{card(DENAR, 4)},{card(DENAR, 5)}"} <= \
        set(GAME.legal_ids(state, 0))
    before = clone(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, superset)
    assert refused.value.reason["key"] == "alhambra.reason.bad_action" and state == before
    # the refusal names what is wrong where it can
    for bad, key in ((f"buy:1:{card(DENAR, 5)}", "payment"), (f"buy:1:{card(DENAR, 9)}", "not_your_cards"),
                     (f"buy:7:{card(DENAR, 5)}", "slot_empty"), ("buy:1:x", "bad_action"),
                     (f"take:{card(DENAR, 5)}", "take"), ("nonsense", "bad_action")):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, 0, bad)
        assert refused.value.reason["key"] == "alhambra.reason." + key, bad
    assert state == before


# -- scoring ------------------------------------------------------------------
def test_rulebook_tie_example_c_scoring():
    # Pali and Niki 3-3 gardens, Tomi and Kati 2-2
    counts = [[0, 0, 0, 0, 3, 0], [0, 0, 0, 0, 3, 0], [0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 2, 0]]
    points = score_round(counts, "C")
    assert [p[GARDEN] for p in points] == [16, 16, 2, 2]


def test_scoring_tables_and_ties():
    counts = [[0, 0, 0, 2, 0, 3], [0, 0, 0, 2, 0, 1], [0, 0, 0, 1, 0, 0]]
    a = score_round(counts, "A")
    assert [p[CHAMBERS] for p in a] == [2, 2, 0]       # 4 shared by two, A has one place
    assert [p[TOWER] for p in a] == [6, 0, 0]
    b = score_round(counts, "B")
    assert [p[TOWER] for p in b] == [13, 6, 0]         # rulebook: purple 13 / 6
    assert [p[CHAMBERS] for p in b] == [7, 7, 0]       # (11+4)//2, third gets nothing
    c = score_round(counts, "C")
    assert [p[CHAMBERS] for p in c] == [15, 15, 4]     # (19+11)//2, third 4
    assert all(p[PAVILION] == 0 for p in c)           # nobody holds one: nobody scores


def test_scoring_card_revealed_in_refill_is_scored_before_next_turn():
    row = [card(DENAR, 9), card(DIRHAM, 2), card(DUKAT, 3), card(GULDEN, 1)]
    built = [buildings_of(TOWER, 2), buildings_of(TOWER, 1, set(buildings_of(TOWER, 2))), []]
    state = arrange(row=row, hands=[[], [], []], built=built, yard=_yard())
    # put A on top of the deck
    state["money_deck"].remove(SCORE_A)
    state["money_deck"].append(SCORE_A)
    events = GAME.apply(state, 0, f"take:{row[0]}")
    keys = [e["key"] for e in events]
    assert "alhambra.ev.scoring" in keys
    assert state["scored_rounds"] == ["A"] and state["scores"][0] == [6, 0, 0]
    assert len(state["money_row"]) == 4 and state["turn"] == 1
    GAME.check_invariants(state)


def test_discard_reshuffled_when_money_deck_runs_out():
    state = arrange(hands=[[], [], []])
    row = state["money_row"]
    state["discard"] = [c for c in state["money_deck"] if c >= 0]
    state["money_deck"] = []
    state["scored_rounds"] = ["A", "B"]
    n = len(state["discard"])
    events = GAME.apply(state, 0, f"take:{row[0]}")
    assert any(e["key"] == "alhambra.ev.reshuffle" for e in events)
    assert len(state["money_deck"]) == n - 1 and state["discard"] == [] and len(state["money_row"]) == 4
    GAME.check_invariants(state)


# -- end of the game ----------------------------------------------------------
def _ending_state(players=3):
    yard = _yard()
    hands = [[card(DENAR, 8), card(DIRHAM, 5), card(DIRHAM, 4)],
             [card(DIRHAM, 9), card(DUKAT, 2), card(GULDEN, 6)],
             [card(DUKAT, 2, 1), card(GULDEN, 6, 1)]][:players]
    # the money row holds denar only (slot 1, bought first): taking money to end
    # the turn leaves the leftover majorities (dirham, dukat, gulden) as dealt
    row = [card(DENAR, v) for v in (1, 2, 3, 4)]
    state = arrange(players, hands=hands, yard=yard, row=row)
    # every other building is already built by somebody
    others = [b for b in range(54) if b not in yard]
    state["building_deck"] = []
    state["built"] = [others[i::players] for i in range(players)]
    if players == 2:
        state["neutral"] = []
    state["scored_rounds"] = ["A", "B"]
    state["money_deck"] = [c for c in state["money_deck"] if c >= 0]
    GAME.check_invariants(state)
    return state


def test_game_end_leftover_buildings_and_final_scoring():
    state = _ending_state()
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 8)}")   # exact: garden bought, may act again
    assert not GAME.is_over(state)
    assert "end" not in GAME.legal_ids(state, 0)
    events = GAME.apply(state, 0, f"take:{card(DENAR, 1)}")   # the bonus action ends the game
    assert GAME.is_over(state)
    keys = [e["key"] for e in events]
    assert keys.index("alhambra.ev.game_end") < keys.index("alhambra.ev.scoring")
    # slot 2 (dirham): seat 0 holds 9 — a tie with seat 1's 9 → stays
    assert state["yard"][1] == building(PAVILION, 5)
    # slot 3 (dukat): 2 vs 2 → stays; slot 4 (gulden) 6 vs 6 → stays
    assert state["yard"][2] is not None and state["yard"][3] is not None
    assert state["scored_rounds"] == ["A", "B", "C"]
    GAME.check_invariants(state)
    outcome = GAME.outcome(state)
    assert sorted(s for group in outcome.ranking for s in group) == [0, 1, 2]
    assert all(len(d) == 4 for d in outcome.details)
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "end")


def test_leftover_goes_to_the_most_money_of_the_currency():
    state = _ending_state()
    state["hands"][1].remove(card(DIRHAM, 9))
    state["hands"][0].append(card(DIRHAM, 9))    # seat 0: 18 dirham, seat 1: 0
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 8)}")
    GAME.apply(state, 0, f"take:{card(DENAR, 1)}")
    assert state["yard"][1] is None and building(PAVILION, 5) in state["built"][0]


def test_ties_share_the_win():
    state = _ending_state()
    state["phase"] = "over"
    state["scores"] = [[1, 2, 3], [3, 2, 1], [0, 0, 1]]
    outcome = GAME.outcome(state)
    assert outcome.scores == [6, 6, 1] and outcome.ranking == [[0, 1], [2]]


# -- two players --------------------------------------------------------------
def test_two_players_neutral_gift_and_extra_buildings():
    hand = [card(DENAR, 8), card(DIRHAM, 9)]
    state = arrange(2, hands=[hand, []], yard=_yard())
    assert GAME.legal_ids(state, 0)
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 8)}")
    assert state["pending"] == [{"seat": 0, "kind": "gift", "building": building(GARDEN, 8), "exact": True}]
    assert set(GAME.legal_ids(state, 0)) == {"keep", "gift"}
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, f"buy:2:{card(DIRHAM, 9)}")
    GAME.apply(state, 0, "gift")
    assert state["neutral"] == [building(GARDEN, 8)] and state["actions_taken"] == 1
    GAME.apply(state, 0, f"buy:2:{card(DIRHAM, 9)}")
    GAME.apply(state, 0, "keep")
    assert state["built"][0] == [building(PAVILION, 5)] and state["turn"] == 1
    GAME.check_invariants(state)


def test_two_players_neutral_scores_and_receives_after_a_and_b():
    state = arrange(2, hands=[[], []], built=[[], []], neutral=buildings_of(TOWER, 3), yard=_yard())
    for round_, extra, score_card in (("A", 6, SCORE_A), ("B", 2, SCORE_B)):
        before = len(state["neutral"])
        state["money_deck"].remove(score_card)
        state["money_deck"].append(score_card)
        seat = state["turn"]
        GAME.apply(state, seat, f"take:{state['money_row'][0]}")
        assert state["scored_rounds"][-1] == round_
        assert len(state["neutral"]) == before + extra
        GAME.check_invariants(state)
    assert state["scores"][2][0] == 6                    # neutral: tower majority at A
    assert GAME.view(state, None)["neutral_type_counts"][TOWER] >= 3


def test_pass_when_nothing_is_possible_and_bonus_ends_by_itself():
    # all money is in hands: no money row, no deck, no discard
    mine = card(DENAR, 8, 2)
    state = arrange(hands=[[mine], [c for c in MONEY_ALL if c != mine], []], row=[], yard=_yard())
    state["money_deck"] = []
    state["scored_rounds"] = ["A", "B"]
    state["turn"] = 2   # seat 2 holds nothing and the row is empty
    GAME.check_invariants(state)
    assert GAME.legal_ids(state, 2) == ["pass"]
    events = GAME.apply(state, 2, "pass")
    assert events[0]["key"] == "alhambra.ev.pass" and state["turn"] == 0
    # seat 0 buys the garden exactly; nothing else is possible, so the turn ends
    GAME.apply(state, 0, f"buy:1:{mine}")
    assert state["actions_taken"] == 0 and state["turn"] == 1
    assert state["money_row"] == [mine]   # the discard pile became the new deck
    GAME.check_invariants(state)
