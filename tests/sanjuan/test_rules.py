"""Roles, building effects and the rulebook's worked examples."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.sanjuan import GAME
from games.sanjuan.data import CARD_TYPE, TYPE_INDEX, TYPE_KEYS
from games.sanjuan.scoring import score_sheet

from .helpers import act, build, city_types, force_role, hand_types, new_game, set_hand, take


def on_top(s, *keys):
    """Put cards on top of the deck; the first key is drawn first."""
    cards = [take(s, k) for k in keys]
    s["deck"].extend(reversed(cards))


def ready(players=3, seed=1, chooser=0):
    s = new_game(players, seed)
    for p in range(players):
        set_hand(s, p)
    force_role(s, chooser)
    return s


# -- builder ----------------------------------------------------------------

def test_builder_privilege_smithy_library_example():
    # Kelemen: builder with smithy and library builds a sugar mill (2) for nothing.
    s = ready()
    build(s, 0, "smithy")
    build(s, 0, "library")
    set_hand(s, 0, "sugar_mill", "statue")
    act(s, 0, "role:builder")
    assert "build:sugar_mill" in GAME.legal_ids(s, 0)
    act(s, 0, "build:sugar_mill")
    assert city_types(s, 0)[-1] == "sugar_mill" and hand_types(s, 0) == ["statue"]


def test_builder_privilege_and_pay_card_by_card():
    s = ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero", "well")
    act(s, 0, "role:builder", "build:tobacco_storage")
    assert s["building"]["cost"] == 2
    assert set(GAME.legal_ids(s, 0)) == {"pay:indigo_plant", "pay:hero", "pay:well", "cancel"}
    act(s, 0, "cancel")
    assert hand_types(s, 0) == ["hero", "indigo_plant", "tobacco_storage", "well"]
    act(s, 0, "build:tobacco_storage", "pay:indigo_plant", "pay:hero")
    assert city_types(s, 0) == ["indigo_plant", "tobacco_storage"] and hand_types(s, 0) == ["well"]


def test_forced_payment_is_made_automatically():
    s = ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero")
    act(s, 0, "role:builder", "build:tobacco_storage")  # exactly 2 cards left for a cost of 2
    assert city_types(s, 0) == ["indigo_plant", "tobacco_storage"] and s["hands"][0] == []
    s = ready()
    set_hand(s, 0, "tobacco_storage", "statue", "statue", "statue")
    act(s, 0, "role:builder", "build:tobacco_storage")  # all of one kind
    assert hand_types(s, 0) == ["statue"]
    assert s["phase"] == "role"  # the others cannot build: skipped


def test_others_build_without_privilege_and_cannot_afford():
    s = ready()
    set_hand(s, 1, "tobacco_storage", "statue")
    set_hand(s, 0, "indigo_plant")
    act(s, 0, "role:builder", "build:indigo_plant")
    # seat 1 needs 3 cards for tobacco storage but has 1: cannot build, skipped
    assert s["phase"] != "builder" or s["turn"] != 1
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, "build:tobacco_storage")


def test_violet_buildings_unique_production_not():
    s = ready()
    build(s, 0, "smithy")
    set_hand(s, 0, "smithy", "indigo_plant", "well", "well", "well")
    act(s, 0, "role:builder")
    ids = GAME.legal_ids(s, 0)
    assert "build:smithy" not in ids and "build:indigo_plant" in ids
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, "build:smithy")
    assert err.value.reason["key"] == "sanjuan.error.already_built"


def test_quarry_and_library_reduce_violet_costs():
    # Péter: builder with a quarry builds the crane for free.
    s = ready()
    build(s, 0, "quarry")
    set_hand(s, 0, "crane")
    act(s, 0, "role:builder", "build:crane")
    assert "crane" in city_types(s, 0)
    # Alfonz: builder with library and quarry pays three less for a violet building.
    s = ready()
    build(s, 0, "quarry")
    build(s, 0, "library")
    set_hand(s, 0, "palace", "statue", "hero", "well", "smithy")
    act(s, 0, "role:builder", "build:palace")
    assert s["building"]["cost"] == 3
    # the quarry does not help production buildings, the smithy not violet ones
    s = ready()
    build(s, 0, "quarry")
    set_hand(s, 1, "tobacco_storage", "statue", "hero", "well", "smithy")
    act(s, 0, "role:builder")
    assert s["turn"] == 1
    act(s, 1, "build:tobacco_storage")
    assert s["building"]["cost"] == 3


def test_black_market_example_and_two_goods_at_most():
    # Kelemen pays a library (5) with indigo and tobacco goods plus 3 cards.
    s = ready()
    build(s, 1, "black_market")
    build(s, 1, "tobacco_storage", good=True)
    build(s, 1, "silver_smelter", good=True)
    s["cities"][1][0][1] = s["deck"].pop(0)  # a good on the indigo plant
    set_hand(s, 1, "library", "well", "statue", "hero", "hero")
    set_hand(s, 0)
    act(s, 0, "role:builder")
    assert s["turn"] == 1
    act(s, 1, "build:library")
    assert s["building"]["cost"] == 5
    discard = len(s["discard"])
    act(s, 1, "paygood:indigo")
    assert "paygood:silver" in GAME.legal_ids(s, 1)
    act(s, 1, "paygood:tobacco")
    assert not any(a.startswith("paygood:") for a in GAME.legal_ids(s, 1))  # two goods at most
    act(s, 1, "pay:well", "pay:statue")  # then one hero of two: no choice left, paid at once
    assert "library" in city_types(s, 1) and hand_types(s, 1) == ["hero"]
    assert len(s["discard"]) == discard + 5
    goods = [g >= 0 for _, g in s["cities"][1]]
    assert goods == [False, False, False, True, False]  # silver kept its good


def test_poor_house_after_carpenter_and_only_when_building():
    s = ready()
    build(s, 0, "poor_house")
    build(s, 0, "carpenter")
    set_hand(s, 0, "well", "statue")
    act(s, 0, "role:builder", "build:well")  # cost 2-1 = 1: pays the statue, 0 left
    # carpenter draws 1 (hand 1), then the poor house: still < 2 cards → 1 more
    assert len(s["hands"][0]) == 2
    s = ready()
    build(s, 0, "poor_house")
    set_hand(s, 0, "indigo_plant")
    act(s, 0, "role:builder", "pass")
    assert len(s["hands"][0]) == 1  # no building, no poor-house card


def test_carpenter_only_for_violet_and_not_for_itself():
    s = ready()
    set_hand(s, 0, "carpenter", "statue", "hero")
    act(s, 0, "role:builder", "build:carpenter")  # pays statue and hero (forced)
    assert s["hands"][0] == []  # no draw for the carpenter itself
    s = ready()
    build(s, 0, "carpenter")
    set_hand(s, 0, "sugar_mill", "statue", "hero")
    act(s, 0, "role:builder", "build:sugar_mill", "pay:statue")
    assert hand_types(s, 0) == ["hero"]  # production building: no draw


def test_new_building_works_only_after_its_builder_phase():
    # A poor house built leaving 0 cards does not draw yet ...
    s = ready()
    set_hand(s, 0, "poor_house", "statue")
    act(s, 0, "role:builder", "build:poor_house")  # pays the statue (forced)
    assert s["hands"][0] == []
    # ... but a trading post built this round works in the trader phase after it.
    s = ready(players=2)
    set_hand(s, 0, "trading_post", "statue")
    build(s, 0, "sugar_mill", good=True)
    s["cities"][0][0][1] = s["deck"].pop(0)
    act(s, 0, "role:builder", "build:trading_post")
    act(s, 1, "role:trader")
    assert s["select_limit"][0] == 2


def test_crane_rules():
    s = ready()
    build(s, 0, "crane")
    build(s, 0, "chapel")
    chapel_card = take(s, "hero")
    s["chapel"][0].append(chapel_card)
    build(s, 0, "coffee_roaster", good=True)
    set_hand(s, 0, "palace", "crane", "coffee_roaster", "statue", "well")
    act(s, 0, "role:builder")
    ids = GAME.legal_ids(s, 0)
    assert "build:crane" not in ids  # violet unique
    act(s, 0, "build:coffee_roaster")
    ids = GAME.legal_ids(s, 0)
    assert "onto:coffee_roaster" not in ids and "onto:crane" not in ids  # same card / the crane itself
    act(s, 0, "cancel", "build:palace")
    # Kelemen's example: palace (6) over the chapel (3) costs 3 (builder: 2)
    act(s, 0, "onto:chapel")
    assert s["building"]["cost"] == 2
    act(s, 0, "pay:statue", "pay:well")
    assert city_types(s, 0) == ["indigo_plant", "crane", "palace", "coffee_roaster"]
    assert s["chapel"][0] == [chapel_card]  # chapel cards stay and score
    assert score_sheet(s, 0)["chapel"] == 1
    assert [CARD_TYPE[c] for c in s["covered"][0]] == [TYPE_INDEX["chapel"]]
    assert len(s["cities"][0]) == 4  # the covered building does not count
    GAME.check_invariants(s)


def test_crane_over_production_loses_good_and_can_rebuild_violet():
    # Alfonz: statue (3) over his coffee roaster (4) costs nothing, the good is lost.
    s = ready()
    build(s, 1, "crane")
    build(s, 1, "coffee_roaster", good=True)
    set_hand(s, 1, "statue")
    set_hand(s, 0)
    act(s, 0, "role:builder", )
    discard = len(s["discard"])
    act(s, 1, "build:statue", "onto:coffee_roaster")
    assert city_types(s, 1) == ["indigo_plant", "crane", "statue"]
    assert len(s["discard"]) == discard + 1 and s["hands"][1] == []
    GAME.check_invariants(s)
    # a covered violet building may be built again
    s = ready()
    build(s, 0, "crane")
    build(s, 0, "smithy")
    set_hand(s, 0, "hero", "smithy", "statue", "well", "statue")
    act(s, 0, "role:builder", "build:hero", "onto:smithy", "pay:statue", "pay:well", "pay:statue")
    assert "smithy" not in city_types(s, 0)
    from games.sanjuan import flow
    flow.begin_round(s, [])
    force_role(s, 0)
    act(s, 0, "role:builder")
    assert "build:smithy" in GAME.legal_ids(s, 0)


def test_crane_covered_building_loses_function_at_once():
    s = ready()
    build(s, 0, "crane")
    build(s, 0, "carpenter")
    set_hand(s, 0, "statue", "hero")
    act(s, 0, "role:builder", "build:statue", "onto:carpenter")
    # statue 3 - 1 (builder) - 3 (carpenter) = 0; no carpenter draw any more
    assert hand_types(s, 0) == ["hero"]


# -- producer / trader --------------------------------------------------------

def test_producer_limits_aqueduct_library_and_well():
    s = ready(players=3)
    for p in range(3):
        for k in ("sugar_mill", "sugar_mill", "coffee_roaster", "silver_smelter"):
            build(s, p, k)
    build(s, 0, "aqueduct")
    build(s, 0, "library")
    build(s, 0, "well")
    build(s, 1, "aqueduct")
    act(s, 0, "role:producer")
    assert [s["select_limit"][p] for p in range(3)] == [4, 2, 1]
    assert GAME.to_act(s) == [0, 1, 2]  # simultaneous
    act(s, 2, "produce:indigo_plant")  # limit reached: finished
    act(s, 1, "produce:sugar_mill", "undo", "produce:sugar_mill", "produce:sugar_mill")
    hand = len(s["hands"][0])
    act(s, 0, "produce:indigo_plant", "produce:sugar_mill", "done")
    goods = [sum(g >= 0 for _, g in s["cities"][p]) for p in range(3)]
    assert goods == [2, 2, 1]
    assert len(s["hands"][0]) == hand + 1  # well: at least two goods
    GAME.check_invariants(s)


def test_one_good_per_building_and_no_empty_building_means_no_production():
    s = ready(players=2)
    s["cities"][1][0][1] = s["deck"].pop(0)
    act(s, 0, "role:producer")
    assert GAME.to_act(s) == [0]
    assert GAME.legal_ids(s, 0) == ["produce:indigo_plant", "done"]


def trader_with(tile, players=3):
    s = ready(players=players)
    s["tiles"] = [tile] + [t for t in range(5) if t != tile]
    return s


def test_trader_example_market_stand_trading_post():
    # Alfonz: trader with market stand and trading post sells indigo, tobacco and silver:
    # 1 + 2 + 3 cards and one more for the market stand.
    s = trader_with(2)  # 1 1 2 2 3
    build(s, 0, "market_stand")
    build(s, 0, "trading_post")
    build(s, 0, "tobacco_storage", good=True)
    build(s, 0, "silver_smelter", good=True)
    s["cities"][0][0][1] = s["deck"].pop(0)
    act(s, 0, "role:trader")
    assert s["select_limit"][0] == 3
    act(s, 0, "sell:indigo", "sell:tobacco", "sell:silver")
    assert len(s["hands"][0]) == 7
    assert s["tiles"][-1] == 2 and s["turned_tile"] is None  # the tile goes under the stack


def test_trading_post_counts():
    for trader, library, expected in ((1, False, 2), (0, False, 3), (0, True, 4)):
        s = trader_with(0)
        build(s, 0, "trading_post")
        if library:
            build(s, 0, "library")
        for _ in range(4):
            build(s, 0, "indigo_plant", good=True)
        force_role(s, trader)
        act(s, trader, "role:trader")
        assert s["select_limit"][0] == expected


def test_aqueduct_counts():
    # Miki's aqueduct: 2 goods when not producer, 3 as producer, 4 as producer with a library.
    for chooser, library, expected in ((1, False, 2), (0, False, 3), (0, True, 4)):
        s = ready()
        build(s, 0, "aqueduct")
        if library:
            build(s, 0, "library")
        for k in ("sugar_mill", "sugar_mill", "coffee_roaster", "silver_smelter"):
            build(s, 0, k)
        force_role(s, chooser)
        act(s, chooser, "role:producer")
        assert s["select_limit"][0] == expected


def test_market_hall_one_extra_card_in_total():
    # Kelemen's market hall: selling two goods gives one card more in total
    # (the example's sugar 1 + coffee 3 = 4 → 5; here indigo 1 + coffee 3 on tile 1 2 2 3 3).
    s = trader_with(4)
    build(s, 0, "market_hall")
    build(s, 0, "coffee_roaster", good=True)
    s["cities"][0][0][1] = s["deck"].pop(0)
    act(s, 0, "role:trader", "sell:indigo", "sell:coffee")
    assert len(s["hands"][0]) == 5


def test_market_stand_needs_two_goods_sold():
    s = trader_with(0)
    build(s, 1, "market_stand")
    build(s, 1, "sugar_mill", good=True)
    s["cities"][1][0][1] = s["deck"].pop(0)
    act(s, 0, "role:trader")
    act(s, 1, "sell:indigo")  # limit 1 (not trader): finished
    assert len(s["hands"][1]) == 1


# -- councillor / prospector ------------------------------------------------

def test_councillor_draws_and_simultaneous_keep():
    s = ready()
    act(s, 0, "role:councillor")
    assert [len(s["looking_at"][p]) for p in range(3)] == [5, 2, 2]
    assert GAME.to_act(s) == [0, 1, 2]
    key = GAME.legal_ids(s, 2)[0]
    act(s, 2, key)
    assert len(s["hands"][2]) == 1 and s["looking_at"][2] == []
    act(s, 1, GAME.legal_ids(s, 1)[0])
    act(s, 0, GAME.legal_ids(s, 0)[0])
    assert [len(h) for h in s["hands"]] == [1, 1, 1]
    assert s["phase"] == "role"
    GAME.check_invariants(s)


def test_prefecture_and_archive_with_library():
    # Kelemen: councillor with library, archive and prefecture draws 8 into his
    # hand and discards 6 from it.
    s = ready()
    build(s, 0, "library")
    build(s, 0, "archive")
    build(s, 0, "prefecture")
    set_hand(s, 0, "hero")
    build(s, 1, "prefecture")
    act(s, 0, "role:councillor")
    assert len(s["hands"][0]) == 9 and s["picks_needed"][0] == 6 and s["pick_mode"][0] == "discard"
    assert "discard:hero" in GAME.legal_ids(s, 0)  # old cards may go too
    assert len(s["hands"][1]) == 2 and 1 not in GAME.to_act(s)  # keeps 2 of 2
    for _ in range(6):
        act(s, 0, GAME.legal_ids(s, 0)[0])
    assert len(s["hands"][0]) == 3
    # Alfonz's prefecture as councillor: 2 of 5
    s = ready()
    build(s, 0, "prefecture")
    act(s, 0, "role:councillor")
    assert s["picks_needed"][0] == 2 and len(s["looking_at"][0]) == 5


def test_prospector_library_and_gold_mine():
    s = ready()
    build(s, 0, "library")
    build(s, 1, "gold_mine")
    build(s, 2, "gold_mine")
    # seat 0 draws 2; seat 1's gold mine: library 5, prefecture 3, smithy 1, tobacco 3 → nothing;
    # seat 2: quarry 4, smithy 1, tobacco 3, library 5 → keeps one.
    on_top(s, "well", "statue", "library", "prefecture", "smithy", "tobacco_storage",
           "quarry", "smithy", "tobacco_storage", "library")
    act(s, 0, "role:prospector")
    assert len(s["hands"][0]) == 2
    assert s["hands"][1] == []
    assert GAME.to_act(s) == [2]
    assert set(GAME.legal_ids(s, 2)) == {"keep:quarry", "keep:smithy", "keep:tobacco_storage", "keep:library"}
    act(s, 2, "keep:quarry")
    assert hand_types(s, 2) == ["quarry"]
    GAME.check_invariants(s)


def test_gold_mine_cards_are_turned_up_openly():
    # "jól láthatóan felcsaphat 4 lapot": everyone sees the four cards and which one is kept.
    s = ready()
    build(s, 1, "gold_mine")
    build(s, 2, "gold_mine")
    on_top(s, "well", "library", "prefecture", "smithy", "tobacco_storage",
           "quarry", "smithy", "tobacco_storage", "library")
    events = act(s, 0, "role:prospector")
    by_key = {e["key"]: e for e in events}
    miss, hit = by_key["sanjuan.ev.gold_mine_miss"], by_key["sanjuan.ev.gold_mine_hit"]
    assert "to" not in miss and "to" not in hit
    names = [c["key"] for c in miss["args"]["cards"]]
    assert names == ["sanjuan.card." + k for k in ("library", "prefecture", "smithy", "tobacco_storage")]
    assert [c["key"] for c in hit["args"]["cards"]] == [
        "sanjuan.card." + k for k in ("quarry", "smithy", "tobacco_storage", "library")]
    # every seat (and the public picture) sees seat 2's four cards while it chooses
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert [TYPE_KEYS[CARD_TYPE[c]] for c in v["gold_mine_cards"][2]] == [
            "quarry", "smithy", "tobacco_storage", "library"]
        assert v["gold_mine_cards"][1] == [] and v["gold_mine_cards"][0] == []
    kept = act(s, 2, "keep:library")
    assert kept == [{"key": "sanjuan.ev.gold_mine_kept",
                     "args": {"player": {"seat": 2}, "card": {"key": "sanjuan.card.library"}}}]
    assert GAME.view(s, 0)["gold_mine_cards"] == [[], [], []]


# -- round start ----------------------------------------------------------------

def finish_round_2p(s):
    """Play a 2p round of roles that do nothing interesting."""
    for _ in range(3):
        seat = GAME.to_act(s)[0]
        free = [a for a in GAME.legal_ids(s, seat) if a in ("role:prospector", "role:producer", "role:trader",
                                                               "role:builder", "role:councillor")]
        act(s, seat, free[0])
        while s["phase"] not in ("role", "chapel", "limit", "over"):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_ids(s, seat)
            act(s, seat, "pass" if "pass" in legal else "done" if "done" in legal else legal[0])


def test_two_player_role_order_and_governor_rotation():
    s = new_game(2, 5)
    g = s["governor"]
    assert s["role_order"] == [g, 1 - g, g]
    finish_round_2p(s)
    assert s["governor"] == 1 - g and s["round"] == 2


def test_library_once_per_round_with_two_players():
    s = new_game(2, 5)
    g = s["governor"]
    build(s, g, "library")
    assert "role:prospector:save" in GAME.legal_ids(s, g)
    set_hand(s, g)
    events = act(s, g, "role:prospector")  # library used on the first role
    assert len(s["hands"][g]) == 2 and events[0]["key"] == "sanjuan.ev.role_lib"
    act(s, 1 - g, "role:councillor")
    for p in GAME.to_act(s):
        act(s, p, GAME.legal_ids(s, p)[0])
    assert not any(a.endswith(":save") for a in GAME.legal_ids(s, g))
    events = act(s, g, "role:trader")
    assert events[0]["key"] == "sanjuan.ev.role" and s["library_privilege"] is False


def test_library_second_role_after_saving():
    s = new_game(2, 5)
    g = s["governor"]
    build(s, g, "library")
    set_hand(s, g)
    act(s, g, "role:councillor:save")
    assert len(s["looking_at"][g]) == 5
    for p in GAME.to_act(s):
        act(s, p, GAME.legal_ids(s, p)[0])
    act(s, 1 - g, "role:builder")
    while s["phase"] == "builder":
        act(s, s["turn"], "pass")
    h = len(s["hands"][g])
    act(s, g, "role:prospector")
    assert len(s["hands"][g]) == h + 2  # the saved library doubles now


def test_chapel_tuck_then_hand_limit_and_tower():
    s = new_game(3, 2)
    build(s, 0, "chapel")
    build(s, 1, "tower")
    set_hand(s, 0, *["statue"] * 3, *["well"] * 3, "hero", "hero")  # 8 cards
    set_hand(s, 1, *["coffee_roaster"] * 5, *["silver_smelter"] * 4)
    set_hand(s, 2, *["sugar_mill"] * 8)
    from games.sanjuan import flow
    ev = []
    s["round"] = 1
    flow.begin_round(s, ev)
    assert s["phase"] == "chapel" and GAME.to_act(s) == [0]
    assert set(GAME.legal_ids(s, 0)) == {"tuck:statue", "tuck:well", "tuck:hero", "pass"}
    events = act(s, 0, "tuck:hero")
    assert all(e.get("to") == 0 for e in events if "card" in e.get("args", {}))
    assert len(s["chapel"][0]) == 1 and len(s["hands"][0]) == 7
    # limit: seat 0 now has 7 (ok), seat 1 has a tower (9 ≤ 12), seat 2 must drop 1
    assert s["phase"] == "limit" and GAME.to_act(s) == [2]
    act(s, 2, "discard:sugar_mill")
    assert len(s["hands"][2]) == 7 and s["phase"] == "role"


def test_reshuffle_when_deck_runs_out():
    s = ready()
    s["discard"].extend(s["deck"][:-1])
    del s["deck"][:-1]
    events = act(s, 0, "role:councillor")
    assert any(e["key"] == "sanjuan.ev.reshuffle" for e in events)
    GAME.check_invariants(s)


def test_game_ends_after_builder_phase_with_twelfth_building():
    s = ready()
    for k in ("sugar_mill", "tobacco_storage") * 5:
        build(s, 0, k)
    set_hand(s, 0, "indigo_plant")
    set_hand(s, 1, "indigo_plant", "statue")
    act(s, 0, "role:builder", "build:indigo_plant")
    assert len(s["cities"][0]) == 12 and not GAME.is_over(s)
    act(s, 1, "build:indigo_plant")  # the phase finishes for everyone
    assert GAME.is_over(s) and GAME.to_act(s) == []


def test_start_choice_option():
    s = GAME.setup(4, GAME.resolve_options({"start_choice": True}), 9)
    g = s["governor"]
    assert [len(s["looking_at"][(g + i) % 4]) for i in range(4)] == [5, 6, 7, 8]
    assert GAME.to_act(s) == [0, 1, 2, 3]
    for p in range(4):
        for _ in range(4):
            act(s, p, GAME.legal_ids(s, p)[0])
    assert [len(h) for h in s["hands"]] == [4, 4, 4, 4] and s["phase"] == "role"
    GAME.check_invariants(s)


# -- scoring ------------------------------------------------------------------

def scoring_state(*keys, chapel=0, players=2):
    s = new_game(players, 3)
    s["cities"][0] = []
    s["deck"].append(0)  # the starting indigo plant back to the deck
    for k in keys:
        build(s, 0, k)
    for _ in range(chapel):
        s["chapel"][0].append(s["deck"].pop())
    GAME.check_invariants(s)
    return score_sheet(s, 0)


def test_palace_example_34_gives_8():
    # "A palotát nem számítva 34 győzelmi pontja lenne ... 8 pont ... összesen 42":
    # 34 points from the other buildings, the palace itself scores nothing but its bonus.
    sheet = scoring_state("palace", "hero", "victory_column", "statue", "library", "tower", "aqueduct",
                          "chapel", "silver_smelter", "silver_smelter", "coffee_roaster", "coffee_roaster",
                          "tobacco_storage", "indigo_plant")
    assert sheet["buildings"] == 34
    assert sheet["palace"] == 8 and sheet["total"] == 42


def test_palace_does_not_count_itself():
    # 35 other points: 35 // 4 = 8 (with a printed point of its own it would be 36 // 4 = 9).
    sheet = scoring_state("palace", "hero", "victory_column", "statue", "library", "tower", "aqueduct",
                          "chapel", "silver_smelter", "silver_smelter", "coffee_roaster", "coffee_roaster",
                          "tobacco_storage", "sugar_mill", "indigo_plant")
    assert sheet["buildings"] == 35
    assert sheet["palace"] == 8 and sheet["total"] == 43


def test_six_cost_buildings_score_their_bonus_only():
    # Ruling: the four 6-cost buildings have no printed point ("6/1" stands for "?").
    for key in ("guild_hall", "city_hall", "triumphal_arch", "palace"):
        assert scoring_state(key)["buildings"] == 0
    # Ákos: guild hall, 2 indigo, sugar, tobacco → 8 for the guild hall, 5 from production, 13 in all.
    sheet = scoring_state("guild_hall", "indigo_plant", "indigo_plant", "sugar_mill", "tobacco_storage")
    assert sheet["buildings"] == 5 and sheet["guild_hall"] == 8 and sheet["total"] == 13
    # Miki: victory column, statue, arch → 4 + 3 + 6 = 13.
    sheet = scoring_state("victory_column", "statue", "triumphal_arch")
    assert sheet["buildings"] == 7 and sheet["total"] == 13
    # All four together: none adds a point of its own.
    sheet = scoring_state("guild_hall", "city_hall", "triumphal_arch", "palace")
    assert sheet["city_hall"] == 4 and sheet["triumphal_arch"] == 0 and sheet["total"] == 4 + 1


def test_chapel_example_7_cards_gives_9():
    sheet = scoring_state("chapel", chapel=7)
    assert sheet["buildings"] == 2 and sheet["chapel"] == 7 and sheet["total"] == 9


def test_guild_hall_example():
    sheet = scoring_state("guild_hall", "indigo_plant", "indigo_plant", "sugar_mill", "tobacco_storage")
    assert sheet["guild_hall"] == 8


def test_city_hall_example():
    sheet = scoring_state("poor_house", "aqueduct", "carpenter", "chapel", "quarry", "library", "statue",
                          "victory_column", "city_hall", "indigo_plant")
    assert sheet["city_hall"] == 9


def test_triumphal_arch_example():
    assert scoring_state("victory_column", "statue", "triumphal_arch")["triumphal_arch"] == 6
    assert scoring_state("statue", "triumphal_arch")["triumphal_arch"] == 4
    assert scoring_state("statue", "hero", "victory_column", "triumphal_arch")["triumphal_arch"] == 8


def test_tiebreak_cards_in_hand_plus_goods():
    s = new_game(3, 4)
    for p in range(3):
        set_hand(s, p)
    set_hand(s, 1, "statue")
    s["cities"][2][0][1] = s["deck"].pop()
    set_hand(s, 2, "well")
    out = GAME.outcome(s)
    assert out.scores == [1, 1, 1]
    assert out.ranking == [[2], [1], [0]]


# -- AI -------------------------------------------------------------------------

def test_ai_beats_random_players_and_plays_legally():
    from games.play import random_game
    wins = 0
    for seed in range(30):
        s, log = random_game(GAME, 3, seed, ai_seats={0}, check=seed < 3)
        out = GAME.outcome(s)
        wins += 0 in out.ranking[0]
    assert wins >= 27


def test_ai_only_games_have_a_plausible_length():
    from games.play import random_game
    rounds = []
    for seed in range(12):
        s, _ = random_game(GAME, 4, seed, ai_seats={0, 1, 2, 3})
        rounds.append(s["round"])
        assert max(GAME.outcome(s).scores) >= 20
    rounds.sort()
    assert 9 <= rounds[len(rounds) // 2] <= 18


def test_fast_buildable_agrees_with_full_options():
    """``buildable`` lists the types ``placements`` finds a place for: they must agree everywhere."""
    import random as _random

    from games.sanjuan import build as b
    for seed in range(25):
        s = new_game(4, seed)
        rnd = _random.Random(seed)
        while not GAME.is_over(s):
            if s["phase"] == "builder" and s["builder_step"] == "choose":
                for p in range(4):
                    hand = s["hands"][p]
                    full = sorted({CARD_TYPE[c] for c in hand if b.placements(s, p, CARD_TYPE[c], len(hand) - 1)})
                    assert b.buildable(s, p) == full
            seat = rnd.choice(GAME.to_act(s))
            GAME.apply(s, seat, GAME.choose_ai_action(GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rnd)
                       if seed % 2 else rnd.choice(GAME.legal_ids(s, seat)))


def test_order_of_simultaneous_choices_does_not_matter():
    from games.base import clone
    for role in ("councillor", "producer", "trader"):
        s = ready(players=4)
        for p in range(4):
            build(s, p, "sugar_mill", good=True)
            build(s, p, "coffee_roaster")
        act(s, 0, "role:" + role)
        seats = GAME.to_act(s)
        assert len(seats) > 1
        choices = {p: GAME.legal_ids(s, p)[0] for p in seats}
        a, b = clone(s), clone(s)
        for p in seats:
            act(a, p, choices[p])
            if p in GAME.to_act(a):
                act(a, p, "done")
        for p in reversed(seats):
            act(b, p, choices[p])
            if p in GAME.to_act(b):
                act(b, p, "done")
        a["discard"].sort()
        b["discard"].sort()
        assert a == b, role


def test_game_ends_when_no_card_can_move_any_more():
    from games.sanjuan import flow
    s = new_game(2, 3)
    build(s, 0, "chapel")
    for p in range(2):
        s["chapel"][0].extend(s["hands"][p])
        s["hands"][p] = []
    s["chapel"][0].extend(s["deck"] + s["discard"])
    s["deck"], s["discard"] = [], []
    GAME.check_invariants(s)
    ev = []
    flow.begin_round(s, ev)
    assert GAME.is_over(s) and ev[-1]["key"] == "sanjuan.ev.stalled"
    # one buildable card in a hand keeps the game going
    s = new_game(2, 3)
    set_hand(s, 0, "indigo_plant")
    for p in range(2):
        s["chapel"][1].extend(s["hands"][p] if p else [])
    s["hands"][1] = []
    s["chapel"][1].extend(s["deck"] + s["discard"])
    s["deck"], s["discard"] = [], []
    flow.begin_round(s, [])
    assert not GAME.is_over(s)


# -- log ------------------------------------------------------------------------

def test_opening_log_names_the_first_governor():
    s = new_game(3, 5)
    assert GAME.setup_events(s) == [{"key": "sanjuan.ev.round",
                                      "args": {"n": 1, "player": {"seat": s["governor"]}}}]
    s = new_game(3, 5, start_choice=True)
    events = GAME.setup_events(s)
    assert [e["key"] for e in events] == ["sanjuan.ev.first_governor"]
    assert events[0]["args"]["player"] == {"seat": s["governor"]}
