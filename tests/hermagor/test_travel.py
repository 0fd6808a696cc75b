"""Phase 3: moving, selling, enclosing; special tiles; the 2-player colour."""

import random

import pytest

from games.base import IllegalAction
from games.hermagor import GAME, board, flow, travel
from games.hermagor.common import goods_of
from games.hermagor.data import TILE_GOODS
from tests.hermagor.util import fresh, give_tile, put_post, to_phase3


def _example():
    """The rulebook's movement example with 4 players: red (0) travels from
    Hermagor over roads 3 and 5 to the amulet village v2 (amulets at 7)."""
    s = to_phase3(fresh(4, seed=1), seat=0)
    s["front_tiles"] = [[], [], [], []]
    s["bag"] = sorted(set(GAME.setup(4, {}, 1)["bag"] + [t for t in GAME.setup(4, {}, 1)["stalls"] if t]))
    s["stalls"][:] = [None] * 20
    give_tile(s, 0, "g2")
    s["prices"]["amulet"] = 7
    for v in ("v1", "v3", "v10", "v11"):
        put_post(s, 0, v)
    put_post(s, 1, "v2")
    put_post(s, 2, "v2")
    s["nobility"][:4] = [1, 2, 3, 1]
    s["disc_supply"][1] -= 2
    s["disc_supply"][2] -= 1
    s["disc_supply"][3] -= 1
    s["production"]["weapon"][:2] = [1, 2]  # price 5 covers the 1 and the 0
    s["production"]["relic"][0] = 3
    s["disc_supply"][1] -= 1
    s["disc_supply"][2] -= 1
    s["disc_supply"][3] -= 1
    s["money"] = [20, 20, 20, 20]
    return s


def test_rulebook_movement_and_enclosure_example():
    s = _example()
    assert "move" in GAME.legal_ids(s, 0)
    GAME.apply(s, 0, "move")
    assert "to:v2" in GAME.legal_ids(s, 0)
    events = GAME.apply(s, 0, "to:v2")
    assert s["money"][1] == 21 and s["money"][2] == 21 and s["money"][3] == 20
    assert s["nobility"][4] == 0  # the 4 slot
    # the production region: cemetery (3) or corn field (5), not the weaponsmith
    assert GAME.legal_ids(s, 0) == ["prod:corn", "prod:relic", "noprod"]
    GAME.apply(s, 0, "prod:relic")
    assert s["production"]["relic"][1] == 0
    assert s["money"][0] == 20 - 8 + 7 + 4 + 3
    assert 0 in s["village_posts"]["v2"] and s["merchants"][0] == "v2"
    keys = [e["key"] for e in events]
    assert keys.count("hermagor.ev.post_income") == 2 and "hermagor.ev.enclose" in keys
    GAME.check_invariants(s)


def test_selling_conditions():
    s = to_phase3(fresh(3, seed=2), seat=0)
    s["front_tiles"] = [[], [], []]
    s["bag"] = sorted(set(GAME.setup(3, {}, 2)["bag"] + [t for t in GAME.setup(3, {}, 2)["stalls"] if t]))
    s["stalls"][:] = [None] * 20
    s["merchants"][0] = "h"
    assert not travel.can_sell_here(s, 0)  # nothing is sold in Hermagor
    give_tile(s, 0, "g1")  # corn
    s["merchants"][0] = "v1"  # a corn village
    assert travel.can_sell_here(s, 0)
    put_post(s, 0, "v1")
    assert not travel.can_sell_here(s, 0)  # once per village: own post there
    s["merchants"][0] = "v2"  # amulets: not held
    assert not travel.can_sell_here(s, 0)
    targets = {v for v, _ in travel.move_targets(s, 0, False)}
    assert targets == {v for v in board.VILLAGES if board.GOOD_OF[v] == "corn"} - {"v1"}


def test_fare_may_be_paid_from_the_sale_only_if_affordable():
    s = to_phase3(fresh(3, seed=2), seat=0)
    give_tile(s, 0, "g1")
    s["merchants"][0] = "v2"
    s["money"][0] = 0
    costs = dict(travel.move_targets(s, 0, False))
    assert all(c <= 5 for c in costs.values())
    s["money"][0] = 1
    costs = dict(travel.move_targets(s, 0, False))
    assert all(c <= 6 for c in costs.values())
    dist = board.DIST["v2"]
    corn = [v for v in board.VILLAGES if board.GOOD_OF[v] == "corn"]
    assert set(costs) == {v for v in corn if dist[v] <= 6}
    v = min(costs, key=costs.get)
    GAME.apply(s, 0, "move")
    GAME.apply(s, 0, f"to:{v}")
    assert s["money"][0] >= 0


def test_move_without_selling_and_pass_return_posts():
    s = to_phase3(fresh(3, seed=2), seat=0)
    s["merchants"][0] = "h"
    supply = s["post_supply"][0]
    ids = GAME.legal_ids(s, 0)
    assert {"walk:0", "walk:1", "walk:2", "pass"} <= set(ids)
    GAME.apply(s, 0, "walk:0")
    GAME.apply(s, 0, "to:v2")
    assert s["money"][0] == 20 - 8 // 2 and s["merchants"][0] == "v2"
    assert s["posts_in_hand"][0] == 2 and s["post_supply"][0] == supply + 1
    seat = s["turn"]
    GAME.apply(s, seat, "pass")
    assert s["posts_in_hand"][seat] == 2


def test_black_market_and_side_road():
    s = to_phase3(fresh(3, seed=2), seat=0)
    s["front_tiles"] = [[], [], []]
    s["bag"] = sorted(set(GAME.setup(3, {}, 2)["bag"] + [t for t in GAME.setup(3, {}, 2)["stalls"] if t]))
    s["stalls"][:] = [None] * 20
    give_tile(s, 0, "g2")
    give_tile(s, 0, "black")
    give_tile(s, 0, "side")
    put_post(s, 1, "v2")
    s["merchants"][0] = "h"
    assert "side" in GAME.legal_ids(s, 0)
    GAME.apply(s, 0, "side")
    GAME.apply(s, 0, "to:v2")
    assert s["money"][0] == 20 - 4 + 5  # half of 8
    assert s["money"][1] == 20  # black market: no income for the other post
    assert "side" in s["bag"] and "side" not in s["front_tiles"][0]


def test_merchants_stay_and_tiles_return_at_round_end():
    s = to_phase3(fresh(3, seed=2), seat=0)
    s["merchants"] = ["v5", "v9", "h"]
    events = []
    front = [list(f) for f in s["front_tiles"]]
    flow.end_round(s, events)
    assert s["merchants"] == ["v5", "v9", "h"]
    assert all(not f for f in s["front_tiles"]) and all(t in s["bag"] for f in front for t in f)


def test_two_players_shared_posts_income_and_enclosure():
    s = to_phase3(fresh(2, seed=3), seat=0)
    s["front_tiles"] = [[], []]
    s["bag"] = sorted(set(GAME.setup(2, {}, 3)["bag"] + [t for t in GAME.setup(2, {}, 3)["stalls"] if t]))
    s["stalls"][:] = [None] * 20
    give_tile(s, 0, "g2")   # amulets
    give_tile(s, 1, "g1")
    s["act_turn"] = flow.fresh_turn(s, 0)
    assert set(travel.spost_targets(s, 0)) == {v for v in board.VILLAGES if board.GOOD_OF[v] == "amulet"}
    # shared posts enclose v1-v2-v3: a shared disc, chosen by the seat to act
    put_post(s, 2, "v1")
    put_post(s, 2, "v3")
    put_post(s, 2, "v11")
    put_post(s, 2, "v10")
    put_post(s, 1, "v2")
    money = list(s["money"])
    GAME.apply(s, 0, "spost")
    GAME.apply(s, 0, "to:v2")
    assert s["money"] == money  # no income for a shared post
    assert s["nobility"][0] == 2
    assert s["pending"] and s["pending"][0]["colour"] == 2 and GAME.to_act(s) == [0]
    GAME.apply(s, 0, "prod:corn")
    assert s["production"]["corn"][0] == 2
    # selling where the opponent and the shared colour both stand pays the opponent 2
    s["merchants"][0] = "v2"
    s["village_posts"]["v2"].remove(0) if 0 in s["village_posts"]["v2"] else None
    GAME.apply(s, 0, "sell")
    assert s["money"][1] == money[1] + 2
    GAME.check_invariants(s)


def test_illegal_destination_rejected():
    s = to_phase3(fresh(3, seed=2), seat=0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "to:v2")


def test_targets_from_the_fare_tables_are_those_of_the_distances():
    """``walk_targets`` and ``move_targets`` read the fare tables sorted by
    fare and stop at the first village too dear: the same villages, in the
    same order, as every village's fare worked out from the distances."""
    rnd = random.Random(5)
    state = fresh(3, seed=4)
    num = {v: int(v[1:]) for v in board.VILLAGES}
    for start in board.NODES:
        for _ in range(6):
            state["merchants"][0] = start
            state["money"][0] = rnd.randrange(0, 14)
            state["village_posts"] = {v: [0] if rnd.random() < 0.3 else [] for v in board.VILLAGES}
            state["front_tiles"][0] = rnd.sample(sorted(TILE_GOODS), rnd.randrange(0, 4))
            money, posts = state["money"][0], state["village_posts"]
            for duchy in (None, *travel.DUCHIES):
                villages = board.VILLAGES if duchy is None else board.DUCHIES[duchy]
                walks = sorted(((v, board.DIST[start][v] // 2) for v in villages
                                if v != start and 0 not in posts[v] and board.DIST[start][v] // 2 <= money),
                               key=lambda walk: (walk[1], num[walk[0]]))
                assert travel.walk_targets(state, 0, duchy) == walks
            goods = goods_of(state, 0)
            for side in (False, True):
                moves = []
                for v in board.VILLAGES:
                    cost = board.DIST[start][v] // 2 if side else board.DIST[start][v]
                    price = state["prices"][board.GOOD_OF[v]]
                    if (board.GOOD_OF[v] in goods and v != start and 0 not in posts[v]
                            and cost <= money + price):
                        moves.append((cost - price, num[v], v, cost))
                assert travel.move_targets(state, 0, side) == [(v, cost) for _net, _num, v, cost in sorted(moves)]
