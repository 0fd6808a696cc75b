"""Anno 1701 rules, one by one, on hand-made positions."""

from __future__ import annotations

import pytest

from games.anno1701 import GAME, dice, voyage
from games.anno1701.data import CARDS, CITIZEN_COST, LAND_IDS
from games.anno1701.dice import produce
from games.anno1701.end import under_piles
from games.anno1701.settlement import (
    gain,
    glory,
    gold,
    goods,
    pay_gold,
    speed,
    symbol,
    unhappy,
)
from games.base import IllegalAction, clone
from tests.anno1701.helpers import (
    empty_goods,
    fresh,
    give,
    ids,
    keys,
    place,
    play,
    sail,
    set_goods,
    upgrade_to,
)


# --- set-up -------------------------------------------------------------------
def test_starting_settlement():
    s = GAME.setup(2, {}, 3)
    for seat in (0, 1):
        p = s["settlements"][seat]
        assert len(p["base_cards"]) + len(p["citizens"]) == 17
        assert [len(st) for st in p["citizens"]] == [1, 1, 1, 1]
        assert p["centres"] == [3, 3] and gold(p) == 6 and unhappy(p) == 2
        assert sum(p["landscapes"]) == 5 and sorted(p["landscapes"]) == [0, 0, 1, 1, 1, 1, 1]
        assert p["luxury"]["rum"] == p["luxury"]["tobacco"] == 0 and p["ship"] == 2
        assert p["slots"] == [None] * 16 and len(p["hand"]) == 3
        assert all(CARDS[c].era == 1 for c in p["hand"])
    assert [len(x) for x in s["piles"]] == [6, 6, 9, 9, 9, 9]
    GAME.check_invariants(s)
    with pytest.raises(IllegalAction):
        GAME.setup(3, {}, 1)


# --- goods, gold, riots ---------------------------------------------------------
def test_goods_capped_at_three_and_excess_lost():
    s = fresh()
    set_goods(s, 0, wood=3)
    assert gain(s["settlements"][0], "wood") == 0 and goods(s["settlements"][0], "wood") == 3


def test_gold_max_eight_and_riot_turns_back():
    s = fresh()
    p = s["settlements"][0]
    assert gain(p, "gold", 5) == 2 and gold(p) == 8
    p["centres"] = [0, 2]
    assert unhappy(p) == 4 + 2
    gain(p, "gold", 1)
    assert p["centres"] == [1, 2]


def test_riot_blocks_landscapes_above_and_below():
    s = fresh()
    p = s["settlements"][0]
    p["centres"] = [0, 3]
    empty_goods(s, 0)
    forest = next(i for i, c in enumerate(LAND_IDS[0]) if CARDS[c].type == "forest")
    die = CARDS[LAND_IDS[0][forest]].die
    events = produce(s, die)
    assert p["landscapes"][forest] == 0 and "ev.blocked" in keys(events)
    p["centres"] = [1, 3]
    produce(s, die)
    assert p["landscapes"][forest] == 1


def test_both_centres_in_riot_loses_at_once():
    s = fresh()
    s["settlements"][1]["centres"] = [1, 1]
    give(s, 0, "agitator")
    cid = next(c for c in s["settlements"][0]["hand"] if CARDS[c].type == "agitator")
    events = GAME.apply(s, 0, f"play:{cid}")
    assert GAME.is_over(s) and s["winner"] == 0 and "ev.win.riot" in keys(events)
    out = GAME.outcome(s)
    assert out.ranking == [[0], [1]] and out.details[1]


# --- dice ------------------------------------------------------------------
def test_number_die_produces_for_both_players_and_ship():
    s = fresh()
    empty_goods(s, 0)
    empty_goods(s, 1)
    produce(s, 2)   # both forests show 2 (the rulebook's example number)
    assert goods(s["settlements"][0], "wood") == 1 and goods(s["settlements"][1], "wood") == 1
    s["settlements"][0]["ship"] = 3
    produce(s, 6)
    assert s["settlements"][0]["ship"] == 4
    s["settlements"][0]["ship"] = 0   # a wrecked ship shows no number
    produce(s, 6)
    assert s["settlements"][0]["ship"] == 0


def test_roll_action_announces_both_dice():
    s = fresh(phase="roll")
    events = GAME.apply(s, 0, "roll")
    assert events[0]["key"] == "anno1701.ev.roll"
    assert set(events[0]["args"]) == {"seat", "number", "event"}
    assert s["phase"] == "action" and 1 <= s["dice"]["number"] <= 6


def test_fire_costs_gold_per_citizen_and_merchant_unless_fire_station():
    s = fresh()
    upgrade_to(s, 0, 0, 2)
    upgrade_to(s, 0, 1, 3)
    upgrade_to(s, 1, 0, 2)
    place(s, 1, "firestation")
    dice.event_die(s, 0, "fire")
    assert gold(s["settlements"][0]) == 4 and gold(s["settlements"][1]) == 6


def test_queen_only_with_fewer_than_five_unhappy():
    s = fresh()
    s["settlements"][1]["centres"] = [1, 1]      # 3 + 3 unhappy
    events = dice.event_die(s, 0, "queen")
    assert [it["seat"] for it in s["pending"]] == [0] and "ev.queen_no" in keys(events)
    GAME.apply(s, 0, "queen:food")
    assert goods(s["settlements"][0], "food") == 2


def test_tax_pays_per_happy_building():
    s = fresh()
    place(s, 0, "chapel")
    place(s, 0, "school")
    dice.event_die(s, 0, "tax")
    assert gold(s["settlements"][0]) == 8 and gold(s["settlements"][1]) == 6


def test_trader_both_players_may_swap_gold_and_good():
    s = fresh()
    dice.event_die(s, 0, "trader")
    assert GAME.to_act(s) == [0]
    play(s, 0, "trader:buy:food")
    assert GAME.to_act(s) == [1] and GAME.timed_default(s, 1) == (60, "trader:skip")
    play(s, 1, "trader:sell:wood")
    assert goods(s["settlements"][0], "food") == 2 and gold(s["settlements"][0]) == 5 and gold(s["settlements"][1]) == 7


def test_trade_advantage_and_pirate_hunt_go_to_token_holders():
    s = fresh()
    s["trade_holder"], s["sea_holder"] = 1, 0
    dice.event_die(s, 0, "advantage")
    assert GAME.to_act(s) == [1]
    GAME.apply(s, 1, "take:wood")
    assert goods(s["settlements"][0], "wood") == 0 and goods(s["settlements"][1], "wood") == 2
    dice.event_die(s, 0, "hunt")
    GAME.apply(s, 0, "hunt:tools")
    assert goods(s["settlements"][0], "tools") == 2
    s["trade_holder"] = s["sea_holder"] = None
    events = dice.event_die(s, 0, "advantage")      # issue 13: now logged ("nobody holds the token")
    assert [e["key"] for e in events] == ["anno1701.ev.advantage_none"] and not s["pending"]


# --- building and upgrading ------------------------------------------------------
def test_cannon_foundry_costs_brick_wood_tools_and_gives_cannon():
    s = fresh()
    s["settlements"][0]["hand"] = []
    cid = give(s, 0, "foundry")
    empty_goods(s, 0)
    set_goods(s, 0, brick=1, wood=1)
    assert f"build:{cid}" not in ids(s, 0)
    set_goods(s, 0, tools=1)
    GAME.apply(s, 0, f"build:{cid}")
    assert sum(s["settlements"][0]["landscapes"]) == 0 and cid in s["settlements"][0]["slots"] and symbol(s["settlements"][0], "cannons") == 1


def test_settler_costs_two_food_two_cloth_and_upgrades_in_order():
    s = fresh()
    empty_goods(s, 0)
    set_goods(s, 0, food=2, cloth=1)
    assert "up:settler" not in ids(s, 0)
    set_goods(s, 0, cloth=2)
    assert "up:citizen" not in ids(s, 0)
    GAME.apply(s, 0, "up:settler")
    p = s["settlements"][0]
    assert glory(p) == 1 and sum(p["landscapes"]) == 0 and CARDS[p["citizens"][0][-1]].type == "settler"
    assert CITIZEN_COST["citizen"] == {"food": 2, "rum": 2, "tobacco": 1}
    set_goods(s, 0, food=2)
    p["luxury"]["rum"], p["luxury"]["tobacco"] = 2, 1
    GAME.apply(s, 0, "up:citizen")
    assert glory(p) == 2 and p["luxury"]["rum"] == 0 and p["luxury"]["tobacco"] == 0


def test_chapel_school_church_gold_on_building():
    for typ, bonus in (("chapel", 1), ("school", 2), ("church", 3)):
        s = fresh()
        s["settlements"][0]["centres"] = [1, 1]
        cid = give(s, 0, typ)
        set_goods(s, 0, wood=3, brick=3, tools=3, cloth=3)
        GAME.apply(s, 0, f"build:{cid}")
        assert gold(s["settlements"][0]) == 2 + bonus


def test_sixteen_slots_and_one_fire_station():
    s = fresh()
    station = place(s, 0, "firestation")
    cid = give(s, 0, "firestation")
    set_goods(s, 0, wood=3, brick=3, tools=3)
    assert f"build:{cid}" not in ids(s, 0)
    chapel = give(s, 0, "chapel")
    assert f"build:{chapel}" in ids(s, 0)
    s["settlements"][0]["slots"] = [station] * 16     # every slot taken
    assert f"build:{chapel}" not in ids(s, 0)


def test_ship_improvement_wrecked_repair_and_great_shipyard():
    s = fresh()
    p = s["settlements"][0]
    p["ship"] = 0
    set_goods(s, 0, wood=3)
    GAME.apply(s, 0, "ship")
    assert p["ship"] == 1          # a wrecked ship is first repaired to I
    GAME.apply(s, 0, "ship")
    assert p["ship"] == 2
    place(s, 0, "shipyard")
    GAME.apply(s, 0, "ship")
    assert p["ship"] == 4 and goods(p, "wood") == 0
    assert "ship" not in ids(s, 0)


# --- trading ----------------------------------------------------------------
def test_bank_trade_three_for_one_never_luxury():
    s = fresh()
    set_goods(s, 0, wood=3)
    s["settlements"][0]["luxury"]["rum"] = 3
    assert "bank:rum" not in ids(s, 0) and "bank:gold" in ids(s, 0)
    GAME.apply(s, 0, "bank:wood")
    assert "bankget:rum" not in ids(s, 0) and "bankget:wood" not in ids(s, 0)
    GAME.apply(s, 0, "bankget:brick")
    assert goods(s["settlements"][0], "wood") == 0 and goods(s["settlements"][0], "brick") == 2


def test_trade_offer_accept_refuse_and_timeout():
    s = fresh()
    play(s, 0, "offer")
    assert all(not a.startswith(("give:rum", "get:rum", "give:tobacco")) for a in ids(s, 0))
    play(s, 0, "give:gold")
    play(s, 0, "get:food")
    play(s, 0, "send")
    assert GAME.to_act(s) == [1] and set(ids(s, 1)) == {"accept", "refuse"}
    assert GAME.timed_default(s, 1) == (60, "refuse")
    assert GAME.timed_default(s, 0) is None
    play(s, 1, "accept")
    assert gold(s["settlements"][0]) == 5 and goods(s["settlements"][0], "food") == 2 and goods(s["settlements"][1], "food") == 0
    play(s, 0, "offer")
    play(s, 0, "get:wood")
    play(s, 0, "send")
    play(s, 1, "refuse")
    assert goods(s["settlements"][1], "wood") == 1 and "offer" not in ids(s, 0)   # two offers a turn


# --- action cards ---------------------------------------------------------------
def _play(s, typ, seat=0):
    cid = give(s, seat, typ)
    return play(s, seat, f"play:{cid}")


def test_bishop_inventor_agitator_pickpocket():
    s = fresh()
    place(s, 0, "chapel")
    place(s, 0, "church")
    s["settlements"][0]["centres"] = [1, 1]
    _play(s, "bishop")
    assert gold(s["settlements"][0]) == 5
    _play(s, "inventor")
    play(s, 0, "inventor:food")
    play(s, 0, "inventor:cloth")
    assert goods(s["settlements"][0], "food") == 2 and goods(s["settlements"][0], "cloth") == 2 and not s["pending"]
    _play(s, "agitator")
    assert gold(s["settlements"][1]) == 4
    _play(s, "pickpocket")
    assert gold(s["settlements"][0]) == 6 and gold(s["settlements"][1]) == 3


def test_poisoner_needs_rival_citizen_and_rival_chooses():
    s = fresh()
    cid = give(s, 0, "poisoner")
    assert f"play:{cid}" not in ids(s, 0)
    upgrade_to(s, 1, 0, 2)
    GAME.apply(s, 0, f"play:{cid}")
    assert GAME.to_act(s) == [1]
    assert GAME.timed_default(s, 1)[1].startswith("lose:")
    GAME.apply(s, 1, "lose:wood")
    GAME.apply(s, 1, "lose:food")
    assert sum(s["settlements"][1]["landscapes"]) == 3 and GAME.to_act(s) == [0]


def test_spy_takes_a_card_and_only_the_spy_sees_the_hand():
    s = fresh()
    victim_hand = list(s["settlements"][1]["hand"])
    _play(s, "spy")
    v0, v1, pub = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert v0["pending"][0]["cards"] == victim_hand
    assert "cards" not in v1["pending"][0] and "cards" not in pub["pending"][0]
    events = GAME.apply(s, 0, "spy:1")
    assert victim_hand[1] in s["settlements"][0]["hand"] and len(s["settlements"][1]["hand"]) == 2
    private = [e for e in events if "to" in e]
    assert private and private[0]["to"] == 0
    assert all("card" not in e.get("args", {}) for e in events if "to" not in e)


def test_theatre_cancels_harmful_card_for_one_gold_with_timeout():
    s = fresh()
    place(s, 1, "theatre")
    _play(s, "agitator")
    assert GAME.to_act(s) == [1] and GAME.timed_default(s, 1) == (60, "theatre:no")
    play(s, 1, "theatre:yes")
    assert gold(s["settlements"][1]) == 5
    _play(s, "agitator")
    play(s, 1, "theatre:no")
    assert gold(s["settlements"][1]) == 3
    _play(s, "inventor")            # not harmful: no question asked
    assert GAME.to_act(s) == [0]


def test_captain_and_commander_before_a_voyage():
    s = fresh(phase="end")
    place(s, 0, "sailmaker")
    place(s, 0, "sailmaker2")       # rulebook: sails 1 + 2 → speed 6
    assert speed(s["settlements"][0]) == 6
    give(s, 0, "captain")
    give(s, 0, "commander")
    assert {"voyage", "voyage:captain", "voyage:commander"} <= set(ids(s, 0))
    GAME.apply(s, 0, "voyage:commander")
    assert s["voyage"]["speed"] == 8 and s["voyage"]["fight"] == 2


def test_rulebook_cannons_example():
    s = fresh()
    place(s, 0, "foundry")
    place(s, 0, "foundry")
    place(s, 0, "foundry2")
    assert symbol(s["settlements"][0], "cannons") == 4


# --- triggered buildings ---------------------------------------------------------
def test_production_booster_and_guild_hall():
    s = fresh()
    empty_goods(s, 0)
    place(s, 0, "farm", die=3)
    produce(s, 3)
    assert goods(s["settlements"][0], "food") == 1
    slot = 1
    place(s, 0, "guildhall", die=1)
    s["dice"] = {"number": 1, "event": "tax"}
    assert f"use:{slot}" in ids(s, 0)
    before = goods(s["settlements"][0], "brick")
    GAME.apply(s, 0, f"use:{slot}")
    GAME.apply(s, 0, "guild:brick")
    assert goods(s["settlements"][0], "brick") == before + 1 and f"use:{slot}" not in ids(s, 0)


def test_opponent_triggered_building_is_a_timed_reaction():
    s = fresh(phase="roll")
    place(s, 1, "guildhall", die=1)
    s["rng"] = 0
    for seed in range(200):
        t = clone(s)
        t["rng"] = seed
        GAME.apply(t, 0, "roll")
        if t["dice"]["number"] == 1:
            assert t["pending"][0] == {"kind": "guild", "seat": 1, "slot": 0}
            aid = GAME.timed_default(t, 1)[1]
            assert aid.startswith("guild:")
            return
    raise AssertionError("no roll of 1")


def test_landing_stage_and_lodge():
    s = fresh()
    place(s, 0, "landing", die=3)
    place(s, 0, "lodge", die=6)
    s["dice"] = {"number": 3, "event": "tax"}
    GAME.apply(s, 0, "use:0")
    GAME.apply(s, 0, "landing:wood-food")
    assert goods(s["settlements"][0], "food") == 2 and goods(s["settlements"][0], "wood") == 0
    s["dice"] = {"number": 6, "event": "tax"}
    s["used_slots"] = []
    _play(s, "inventor")
    GAME.apply(s, 0, "inventor:wood")
    GAME.apply(s, 0, "inventor:wood")
    put_back = s["settlements"][0]["hand"][0]
    GAME.apply(s, 0, "use:1")
    GAME.apply(s, 0, f"lodge:0:{under_piles(s, put_back)[-1]}")
    assert s["piles"][under_piles(s, put_back)[-1]][-1] == put_back
    hand_types = [CARDS[c].type for c in s["settlements"][0]["hand"]]
    assert "inventor" in hand_types and put_back not in s["settlements"][0]["hand"]
    assert any(put_back in pile for pile in s["piles"])


# --- dominance --------------------------------------------------------------
def test_dominance_first_to_three_then_majority_ties_set_aside():
    from games.anno1701.dominance import update
    s = fresh()
    place(s, 0, "tradinghouse")
    update(s)
    assert s["trade_holder"] is None
    place(s, 0, "market")
    update(s)
    assert s["trade_holder"] == 0
    place(s, 1, "tradinghouse")
    update(s)
    assert s["trade_holder"] == 0
    place(s, 1, "guildhall")
    update(s)
    assert s["trade_holder"] is None       # 3 : 3 → aside
    place(s, 1, "guildhall")
    update(s)
    assert s["trade_holder"] == 1


# --- voyages ---------------------------------------------------------------
def test_pirates_pay_or_fight():
    s = fresh()
    sail(s, 0, ["tribute", "cliffs"], speed=2)
    assert set(ids(s, 0)) == {"pay", "fight"}
    play(s, 0, "pay")
    assert gold(s["settlements"][0]) == 5 and set(ids(s, 0)) == {"continue", "stop"}
    events = play(s, 0, "continue")
    assert s["settlements"][0]["ship"] == 1 and s["voyage"] is None and "ev.voyage_end" in keys(events)
    assert s["turn"] == 1 and s["phase"] == "roll"


def test_besieged_traders_must_be_fought():
    s = fresh()
    sail(s, 0, ["siege"], fight=20)     # always wins
    assert s["settlements"][0]["luxury"]["tobacco"] == 1 or gold(s["settlements"][0]) == 8
    s = fresh()
    sail(s, 0, ["siege"], fight=-20)    # always loses
    assert s["settlements"][0]["ship"] < 2


def test_question_mark_pirates_use_rival_cannons():
    s = fresh()
    for _ in range(3):
        place(s, 1, "foundry")
    q = next(c for c in voyage.VOYAGE_IDS if CARDS[c].type == "tribute" and CARDS[c].power == -1)
    s["phase"] = "voyage"
    s["voyage"] = {"order": [q], "seen": [], "bonus": 0, "bonus_card": None, "speed": 1, "fight": 0,
                   "opponent_speed": 3}
    voyage.reveal(s, 0)
    events = GAME.apply(s, 0, "fight")
    fights = [e["args"] for e in events if e["key"] == "anno1701.ev.fight"]
    assert fights and all(f["ptotal"] - f["pdie"] == 3 for f in fights)


def test_traders_sell_at_most_one_good():
    s = fresh()
    sail(s, 0, ["freetrader", "foreign"], speed=2)
    buys = [a for a in ids(s, 0) if a.startswith("buy:")]
    assert "buy:none" in buys and len(buys) >= 3
    play(s, 0, buys[0])
    assert set(ids(s, 0)) == {"continue", "stop"}
    play(s, 0, "stop")
    assert s["voyage"] is None and s["turn"] == 1


def test_tornado_only_if_slower_and_shipwrecked_gold_if_faster():
    s = fresh()
    sail(s, 0, ["tornado"], speed=3, opp_speed=4)
    assert s["settlements"][0]["ship"] == 0
    s = fresh()
    sail(s, 0, ["tornado"], speed=4, opp_speed=4)
    assert s["settlements"][0]["ship"] == 2
    s = fresh()
    sail(s, 0, ["shipwrecked"], speed=4, opp_speed=3)
    assert gold(s["settlements"][0]) == 7
    s = fresh()
    sail(s, 0, ["shipwrecked"], speed=3, opp_speed=3)
    assert gold(s["settlements"][0]) == 6


def test_wreck_ends_the_voyage_and_flotsam_rolls():
    s = fresh()
    s["settlements"][0]["ship"] = 1
    events = sail(s, 0, ["cliffs", "freetrader"], speed=5)
    assert "ev.wrecked" in keys(events) and s["voyage"] is None and s["turn"] == 1
    s = fresh()
    events = sail(s, 0, ["flotsam"], speed=1)
    assert "ev.flotsam" in keys(events)
    s = fresh(phase="end")
    s["settlements"][0]["ship"] = 0
    assert "voyage" not in ids(s, 0)


def test_speed_and_fight_rulebook_examples_in_voyage():
    s = fresh(phase="end")
    place(s, 0, "sailmaker")
    place(s, 0, "sailmaker2")
    for typ in ("foundry", "foundry", "foundry2"):
        place(s, 0, typ)
    GAME.apply(s, 0, "voyage")
    assert s["voyage"]["fight"] == 4
    assert s["voyage"]["speed"] == 6


# --- end phase ----------------------------------------------------------------
def test_draw_up_to_three_from_open_eras():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:1]
    draws = [a for a in ids(s, 0) if a.startswith("draw:")]
    assert draws == ["draw:0", "draw:1"]          # explorers only: era I
    upgrade_to(s, 0, 0, 1)
    assert [a for a in ids(s, 0) if a.startswith("draw:")] == ["draw:0", "draw:1", "draw:2", "draw:3"]
    upgrade_to(s, 0, 0, 2)
    assert len([a for a in ids(s, 0) if a.startswith("draw:")]) == 6
    GAME.apply(s, 0, "draw:4")
    assert s["phase"] == "draw" and "pass" not in ids(s, 0)
    GAME.apply(s, 0, "draw:5")
    assert len(s["settlements"][0]["hand"]) == 3 and s["turn"] == 1


def test_search_pile_costs_gold_and_is_private():
    s = fresh(phase="end")
    s["settlements"][0]["hand"] = s["settlements"][0]["hand"][:2]
    play(s, 0, "search:1")
    assert gold(s["settlements"][0]) == 5
    pile = list(s["piles"][1])
    assert GAME.view(s, 0)["pending"][0]["cards"] == pile
    assert "cards" not in GAME.view(s, 1)["pending"][0]
    assert "cards" not in GAME.view(s, None)["pending"][0]
    play(s, 0, "pick:2")
    assert pile[2] in s["settlements"][0]["hand"] and s["piles"][1] == pile[:2] + pile[3:]
    assert s["turn"] == 1


def test_swap_with_exactly_three_cards():
    s = fresh(phase="end")
    assert len(s["settlements"][0]["hand"]) == 3
    assert not [a for a in ids(s, 0) if a.startswith("draw:")]
    out = s["settlements"][0]["hand"][0]
    GAME.apply(s, 0, "swap:0:1")      # the player picks the pile (was: always the smaller one)
    assert s["piles"][1][-1] == out
    GAME.apply(s, 0, "draw:0")
    assert len(s["settlements"][0]["hand"]) == 3 and s["turn"] == 1


# --- winning -----------------------------------------------------------------
def test_seven_glory_points_win():
    s = fresh()
    upgrade_to(s, 0, 0, 2)
    upgrade_to(s, 0, 1, 2)
    upgrade_to(s, 0, 2, 1)
    set_goods(s, 0, food=2, cloth=2)
    events = GAME.apply(s, 0, "up:settler")
    assert glory(s["settlements"][0]) == 6 and not GAME.is_over(s)
    set_goods(s, 0, food=2)
    s["settlements"][0]["luxury"]["rum"], s["settlements"][0]["luxury"]["tobacco"] = 2, 1
    events = GAME.apply(s, 0, "up:citizen")
    assert GAME.is_over(s) and s["winner"] == 0 and "ev.win.glory" in keys(events)
    assert GAME.to_act(s) == [] and GAME.legal_actions(s, 0) == []


def test_two_merchants_win():
    s = fresh()
    upgrade_to(s, 0, 0, 3)
    upgrade_to(s, 0, 1, 2)
    set_goods(s, 0, food=2)
    s["settlements"][0]["luxury"]["rum"], s["settlements"][0]["luxury"]["tobacco"] = 2, 2
    events = GAME.apply(s, 0, "up:merchant")
    assert s["winner"] == 0 and "ev.win.merchants" in keys(events) and glory(s["settlements"][0]) == 6


# --- protocol ------------------------------------------------------------------
def test_illegal_action_leaves_state_unchanged():
    s = fresh()
    before = clone(s)
    for seat, aid in ((0, "up:merchant"), (1, "end"), (0, "nonsense"), (0, "build:999")):
        with pytest.raises(IllegalAction):
            GAME.apply(s, seat, aid)
        assert s == before


def test_public_view_hides_hands_and_deck_order():
    s = fresh()
    pub = GAME.view(s, None)
    assert all("hand" not in p for p in pub["settlements"]) and "hand" not in pub
    assert pub["pile_sizes"] == [len(x) for x in s["piles"]] and "piles" not in pub
    mine = GAME.view(s, 0)
    assert mine["hand"] == s["settlements"][0]["hand"] and all("hand" not in p for p in mine["settlements"])
    sail(s, 0, ["cliffs", "tornado", "flotsam"], speed=3)
    v = GAME.view(s, 1)
    assert "order" not in (v["voyage"] or {})


def test_action_ids_are_short_and_clean():
    import re
    s = fresh()
    for typ in ("inventor", "spy", "captain"):
        give(s, 0, typ)
    pat = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")
    assert all(pat.match(a) for a in ids(s, 0))
    assert len(ids(s, 0)) <= 25


def test_pay_gold_prefers_the_richer_centre():
    s = fresh()
    p = s["settlements"][0]
    p["centres"] = [1, 3]
    pay_gold(p, 2)
    assert p["centres"] == [1, 1]
