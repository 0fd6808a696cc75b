"""Issue 13: the rulebook to the letter (centre choice, swap pile, confirmation, offer option)."""

from __future__ import annotations

from games.anno1701 import GAME
from games.anno1701.data import CARDS
from games.base import clone
from tests.anno1701.helpers import fresh, give, ids


def test_player_chooses_which_centre_pays_a_gold():
    # "Minden elköltött aranyért ... forgasd az egyik faluközpontodat": the player picks.
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    s["settlements"][0]["centres"] = [2, 2]
    GAME.apply(s, 0, "search:1")
    assert GAME.to_act(s) == [0] and s["pending"][0]["kind"] == "centre"
    assert sorted(ids(s, 0)) == ["centre:1-2", "centre:2-1"]
    events = GAME.apply(s, 0, "centre:2-1")            # centre 2 pays (before: centre 1 always did)
    assert s["settlements"][0]["centres"] == [2, 1]
    assert [e["key"] for e in events] == ["anno1701.ev.centre"]
    assert s["pending"][0]["kind"] == "pick"          # then the search goes on


def test_choice_decides_which_centre_riots():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    s["settlements"][0]["centres"] = [1, 2]
    GAME.apply(s, 0, "search:1")
    assert sorted(ids(s, 0)) == ["centre:0-2", "centre:1-1"]
    GAME.apply(s, 0, "centre:0-2")                     # a riot in centre 1 by choice
    assert s["settlements"][0]["centres"] == [0, 2]


def test_no_question_when_only_one_split_is_possible():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    s["settlements"][0]["centres"] = [0, 3]
    GAME.apply(s, 0, "search:1")
    assert s["settlements"][0]["centres"] == [0, 2] and s["pending"][0]["kind"] == "pick"


def test_victim_of_agitator_chooses_his_centres_with_timed_default():
    s = fresh()
    cid = give(s, 0, "agitator")
    GAME.apply(s, 0, f"play:{cid}")                  # the victim pays 2 from [3, 3]
    assert GAME.to_act(s) == [1]
    assert sorted(ids(s, 1)) == ["centre:1-3", "centre:2-2", "centre:3-1"]
    assert GAME.timed_default(s, 1) == (60, "centre:2-2")
    GAME.apply(s, 1, "centre:3-1")
    assert s["settlements"][1]["centres"] == [3, 1] and GAME.to_act(s) == [0]


def test_swap_goes_under_the_pile_the_player_picks():
    s = fresh(phase="end")
    out = s["settlements"][0]["hand"][0]
    assert CARDS[out].era == 1
    assert {"swap:0:0", "swap:0:1"} <= set(ids(s, 0))
    GAME.apply(s, 0, "swap:0:0")
    assert s["piles"][0][-1] == out
    # One era-I pile gone: the card goes under the other one only.
    s = fresh(phase="end")
    s["settlements"][1]["hand"] += s["piles"][0]
    s["piles"][0] = []
    assert [a for a in ids(s, 0) if a.startswith("swap:0:")] == ["swap:0:1"]
    # Both gone: into either one's place.
    s["settlements"][1]["hand"] += s["piles"][1]
    s["piles"][1] = []
    assert [a for a in ids(s, 0) if a.startswith("swap:0:")] == ["swap:0:0", "swap:0:1"]


def test_spending_the_last_gold_asks_for_confirmation():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    s["settlements"][0]["centres"] = [0, 1]
    before = clone(s)
    assert GAME.apply(s, 0, "search:1") == []
    assert s["pending"][0]["kind"] == "confirm" and sorted(ids(s, 0)) == ["confirm:no", "confirm:yes"]
    assert "action" not in GAME.view(s, 1)["pending"][0]   # the rival does not see the move
    assert GAME.view(s, 0)["pending"][0]["action"] == "search:1"
    assert GAME.timed_default(s, 0) is None                # the mover's own decision
    GAME.apply(s, 0, "confirm:no")
    assert s == before
    GAME.apply(s, 0, "search:1")
    GAME.apply(s, 0, "confirm:yes")
    assert s["phase"] == "over" and s["winner"] == 1 and s["win_reason"] == "riot"


def test_rival_answer_that_busts_him_asks_too():
    s = fresh()
    s["settlements"][1]["centres"] = [1, 0]
    GAME.apply(s, 0, "offer")
    GAME.apply(s, 0, "get:gold")
    GAME.apply(s, 0, "send")
    GAME.apply(s, 1, "accept")
    assert s["pending"][0] == {"kind": "confirm", "seat": 1, "action": "accept"}
    assert GAME.timed_default(s, 1) == (60, "confirm:no")
    GAME.apply(s, 1, "confirm:no")
    assert s["pending"][0]["kind"] == "answer"


def test_offer_limit_is_a_table_option_default_two():
    opt = {o.id: o for o in GAME.options}["offers"]
    assert opt.default == 2 and 0 in opt.choices
    s = fresh()
    for _ in range(2):
        GAME.apply(s, 0, "offer")
        GAME.apply(s, 0, "back")
    assert "offer" not in ids(s, 0)
    s = GAME.setup(2, {"offers": 0}, 1)
    s.update(turn=0, phase="action", dice={"number": 0, "event": "tax"})
    for _ in range(5):
        GAME.apply(s, 0, "offer")
        GAME.apply(s, 0, "back")
    assert "offer" in ids(s, 0)


def test_rules_text_names_the_option():
    from service import i18n
    assert "trade offers" in i18n.text("anno1701.rules", "en") and "cserejánlat" in i18n.text("anno1701.rules", "hu")


def _keys(events):
    return [e["key"].split(".", 2)[2] for e in events]


def test_dice_events_log_when_nobody_holds_the_token():
    from games.anno1701 import dice
    s = fresh()
    assert s["trade_holder"] is None and s["sea_holder"] is None
    assert _keys(dice.event_die(s, 0, "advantage")) == ["advantage_none"]
    assert _keys(dice.event_die(s, 0, "hunt")) == ["hunt_none"]
    assert not s["pending"]
    s["trade_holder"] = 0
    s["settlements"][1]["landscapes"] = [0] * 7
    assert _keys(dice.event_die(s, 0, "advantage")) == ["advantage_empty"]
    # Fire and tax say why a player paid or got nothing.
    assert _keys(dice.event_die(s, 0, "fire")) == ["fire_none", "fire_none"]
    assert _keys(dice.event_die(s, 0, "tax")) == ["tax_none", "tax_none"]


def test_offering_all_ones_gold_asks_before_sending():
    s = fresh()
    s["settlements"][0]["centres"] = [1, 0]
    GAME.apply(s, 0, "offer")
    GAME.apply(s, 0, "give:gold")
    GAME.apply(s, 0, "send")
    assert s["pending"][0]["kind"] == "confirm"
    GAME.apply(s, 0, "confirm:yes")
    assert s["pending"][0]["kind"] == "answer" and GAME.to_act(s) == [1]
    GAME.apply(s, 1, "accept")
    assert s["winner"] == 1 and s["win_reason"] == "riot"
