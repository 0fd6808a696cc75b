"""Anno 1701: the undo window (``closes_undo``) and the private summary.

The rules every game keeps are in ``tests.undo_contract``; here: which cards
Anno 1701 hides (hands, piles, the voyage deck) and its concrete actions."""

from __future__ import annotations

import pytest

from games.anno1701 import GAME
from games.anno1701.data import CARDS, CITIZEN_IDS
from games.anno1701.end import under_piles
from games.anno1701.settlement import gold
from games.base import clone
from service import i18n
from tests.anno1701.helpers import fresh, give, place, sail, set_goods
from tests.undo_contract import (
    Step,
    UndoRules,
    check_summary,
    check_summary_catalogue,
    judge,
    left_open,
    summaries,
    text,
)

# Citizen cards of one level are alike and leave the supply in a fixed order:
# their ids carry no hidden information.
OPEN_IDS = frozenset(c for ids in CITIZEN_IDS.values() for c in ids)


def public_ids(view: dict) -> set[int]:
    """Card identities a view shows openly."""
    ids = set(view["discard"])
    for p in view["settlements"]:
        ids.update(c for c in p["slots"] if c is not None)
        for stack in p["citizens"]:
            ids.update(stack)
    if view["voyage"]:
        ids.update(view["voyage"]["seen"])
    ids.update(item["card"] for item in view["pending"] if "card" in item)
    return ids


def private_ids(view: dict, seat: int) -> set[int]:
    """Card identities only ``seat`` sees: its hand, a searched pile, a spied hand."""
    ids = set(view.get("hand", []))
    for item in view["pending"]:
        if item["seat"] == seat and item.get("cards") is not None:
            ids.update(item["cards"])
    return ids


def _reveals_nothing(st: Step) -> None:
    """Nobody sees a card that was hidden: the open cards grow only by the
    actor's own cards, and the actor learns no card it did not see before."""
    before, seat = st.before, st.seat
    (pub_before, pub_after), (mine_before, mine_after) = st.views(None), st.views(seat)
    known = public_ids(pub_before) | private_ids(mine_before, seat) | OPEN_IDS
    if before["voyage"] and before["voyage"]["bonus_card"] is not None:
        known.add(before["voyage"]["bonus_card"])     # announced when the ship set sail
    assert public_ids(pub_after) <= known, public_ids(pub_after) - known
    assert private_ids(mine_after, seat) <= public_ids(pub_before) | private_ids(mine_before, seat)


RULES = UndoRules(GAME, _reveals_nothing)


@pytest.mark.parametrize("block", range(3))
def test_random_games_undoable_actions_reveal_nothing(block):
    tally = RULES.self_play((2, seed, None) for seed in range(block * 42, block * 42 + 42))
    # the hook is useful: the common safe choices stay open ...
    opened = left_open(tally)
    assert {"build", "end", "pass", "offer", "give", "send", "trader"} <= opened, opened
    # ... and every draw, search, roll, sail and turned voyage card closes it
    for head in ("roll", "draw", "search", "voyage", "continue", "spy"):
        assert tally[head, False] == 0, head
    assert tally["roll", True] and tally["draw", True]


# --- targeted ---------------------------------------------------------------
def test_building_from_hand_and_paying_is_undoable():
    s = fresh()
    cid = give(s, 0, "chapel")
    set_goods(s, 0, wood=1, brick=1)
    RULES.assert_undoable(judge(GAME, s, 0, f"build:{cid}"))
    assert cid in s["settlements"][0]["slots"] and gold(s["settlements"][0]) == 7


def test_composing_an_offer_and_ending_the_turn_are_undoable():
    s = fresh()
    for aid in ("offer", "give:wood", "back", "end"):
        assert not judge(GAME, s, 0, aid).closes, aid
    assert s["phase"] == "end"
    RULES.assert_undoable(judge(GAME, s, 0, "pass"))
    assert s["turn"] == 1


def test_drawing_a_card_closes_without_touching_the_rng():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    st = judge(GAME, s, 0, "draw:0")
    assert not st.drew_chance          # the hook alone must see the reveal
    assert st.closes


def test_searching_a_pile_closes_and_picking_from_it_is_undoable():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    st = judge(GAME, s, 0, "search:1")
    assert st.closes and not st.drew_chance
    RULES.assert_undoable(judge(GAME, s, 0, "centre:2-3"))   # which centre pays: open information
    RULES.assert_undoable(judge(GAME, s, 0, "pick:0"))    # the searcher saw the pile already


def test_turning_the_next_voyage_card_closes():
    s = fresh(phase="end")
    sail(s, 0, ["shipwrecked", "cliffs"], speed=2)
    assert GAME.legal_ids(s, 0) == ["continue", "stop"]
    st = judge(GAME, s, 0, "continue")
    assert not st.drew_chance and st.closes
    s = fresh(phase="end")
    sail(s, 0, ["shipwrecked", "cliffs"], speed=2)
    st = judge(GAME, s, 0, "stop")     # going home turns nothing
    assert not st.closes and s["turn"] == 1


def test_setting_sail_and_rolling_close():
    assert judge(GAME, fresh(phase="end"), 0, "voyage").closes
    assert judge(GAME, fresh(phase="roll"), 0, "roll").closes


def test_spy_closes_but_a_theatre_question_does_not():
    s = fresh()
    cid = give(s, 0, "spy")
    st = judge(GAME, s, 0, f"play:{cid}")
    assert st.closes and not st.drew_chance   # the rival's hand is shown
    s = fresh()
    place(s, 1, "theatre")
    cid = give(s, 0, "spy")
    RULES.assert_undoable(judge(GAME, s, 0, f"play:{cid}"))
    assert GAME.to_act(s) == [1]
    assert judge(GAME, s, 1, "theatre:no").closes     # letting the spy in shows seat 1's hand


def test_swap_and_lodge_put_cards_away_undoably():
    s = fresh(phase="end")
    RULES.assert_undoable(judge(GAME, s, 0, "swap:0:1"))
    assert s["phase"] == "draw"
    assert judge(GAME, s, 0, "draw:0").closes            # drawing the replacement closes
    s = fresh()
    place(s, 0, "lodge", die=6)
    s["dice"] = {"number": 6, "event": "tax"}
    s["discard"].append(give(s, 1, "inventor"))
    s["settlements"][1]["hand"].remove(s["discard"][-1])
    assert not judge(GAME, s, 0, "use:0").closes
    RULES.assert_undoable(judge(GAME, s, 0, f"lodge:0:{under_piles(s, s['settlements'][0]['hand'][0])[0]}"))    # hand card under a pile, open discard to hand
    assert CARDS[s["settlements"][0]["hand"][-1]].type == "inventor"


# --- private summary ------------------------------------------------------------
def test_summary_keys_are_in_the_catalogue():
    check_summary_catalogue(GAME, at_least=8)


def test_summary_renders_in_both_languages_over_random_games():
    assert all(summaries(GAME, [(2, seed, None) for seed in range(6)]))


def test_summary_shows_hand_and_gold_from_the_view_only():
    s = fresh()
    s["settlements"][0]["hand"] = []
    s["settlements"][1]["hand"] = []
    mine = give(s, 0, "chapel")
    theirs = give(s, 1, "spy")
    lines = check_summary(GAME, GAME.view(s, 0), 0)
    en, hu = text(lines, "en"), text(lines, "hu")
    assert "Hand (1): Chapel" in en and "Kézben (1): Kápolna" in hu
    assert "Gold: 6" in en and "Arany: 6" in hu
    assert "Goods: Wood 1" in en
    assert "Spy" not in en and "Kém" not in hu
    assert CARDS[theirs].type == "spy" and CARDS[mine].type == "chapel"
    # another hand behind the view does not change it; no view of one's own, no summary
    other = clone(s)
    other["settlements"][1]["hand"] = [give(other, 1, "commander")]
    assert GAME.private_summary(GAME.view(other, 0), 0) == lines
    assert GAME.private_summary(GAME.view(s, None), 0) == []
    assert GAME.private_summary(GAME.view(s, 1), 0) == []


def test_summary_lists_a_searched_pile_and_a_spied_hand():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    GAME.apply(s, 0, "search:1")
    pile = s["piles"][1]
    en = text(check_summary(GAME, GAME.view(s, 0), 0), "en")
    assert "Searched pile 2: " in en
    for cid in pile:
        assert i18n.render({"key": f"anno1701.card.{CARDS[cid].type}"}, "en") in en
    assert "Searched" not in text(check_summary(GAME, GAME.view(s, 1), 1), "en")
    s = fresh()
    s["settlements"][1]["hand"] = []
    give(s, 1, "commander")
    cid = give(s, 0, "spy")
    GAME.apply(s, 0, f"play:{cid}")
    en = text(check_summary(GAME, GAME.view(s, 0), 0), "en")
    assert "Your rival's hand (spy): Commander" in en
