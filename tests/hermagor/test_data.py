"""Map, market and component data within the stated facts."""

from collections import Counter

from games.hermagor import board, market
from games.hermagor.data import (
    END_VALUE,
    GOODS,
    GOODS_TILES,
    NOBILITY,
    action_tiles,
    bag_tiles,
    open_slots,
)


def test_map_facts():
    assert len(board.VILLAGES) == 32
    assert Counter(board.GOOD_OF.values()) == {g: 4 for g in GOODS}
    assert all(2 <= c <= 5 for _, _, c in board.ROADS)
    edges = {frozenset((a, b)) for a, b, _ in board.ROADS}
    for region in board.REGIONS:
        cycle = region["v"] + ([board.HERMAGOR] if region.get("h") else [])
        assert 3 <= len(region["v"]) <= 6
        assert region["b"] or region["flag"]
        assert len(region["b"]) <= 3
        for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            assert frozenset((a, b)) in edges, (a, b)
    # small regions next to Hermagor are enclosed by 3 villages
    assert [len(r["v"]) for r in board.REGIONS if r.get("h")] == [3, 3, 3, 3]
    produced = Counter(g for r in board.REGIONS for g in r["b"])
    assert all(produced[g] >= 4 for g in GOODS)
    path = board.MAIN_ROAD_PATH
    assert len(board.MAIN_ROAD) == 8 and board.HERMAGOR in path
    for a, b in zip(path, path[1:], strict=False):
        assert frozenset((a, b)) in edges
    assert sorted(v for d in board.DUCHIES for v in d) == sorted(board.VILLAGES)
    assert board.DIST["h"]["v2"] == 8  # the movement example: 3 + 5


def test_market_facts():
    assert len(market.SPACES) == 43
    assert all(2 <= c <= 5 for c in market.SPACE_COST.values())
    assert max(len(s) + len(c) for s, c in zip(market.SIDES, market.CORNERS, strict=True)) == 8
    assert len(market.active_stalls(5)) == 20
    assert len(market.active_stalls(4)) == 16 and market.active_rows(4)[0] == 1
    assert market.active_rows(3) == market.active_rows(2) == (1, 2, 3)
    # edge lines take no buyers: 43 / 33 / 23 usable spaces
    assert [len(market.active_spaces(n)) for n in (5, 4, 3)] == [43, 33, 23]


def test_components():
    assert len(GOODS_TILES) == 20
    doubles = [n for n, g in GOODS_TILES.items() if len(g) == 2]
    assert len(doubles) == 5
    assert len(bag_tiles(5)) == 24 and len(bag_tiles(3)) == 20
    assert "g17" not in bag_tiles(2)
    low = Counter(g for n, gs in GOODS_TILES.items() if n <= 16 for g in gs)
    assert all(low[g] >= 2 for g in GOODS)
    assert sorted(action_tiles(2, False)) == [3, 4, 4, 5, 5]
    assert sorted(action_tiles(4, False)) == [4, 4, 5, 5]
    assert sorted(action_tiles(5, False)) == [3, 4, 5, 5]
    assert 6 in action_tiles(4, True) and len(action_tiles(4, True)) == 4
    assert [END_VALUE[p] for p in range(5, 11)] == [0, 1, 3, 6, 8, 9]
    assert open_slots(5, 4) == (0, 1) and open_slots(6, 4) == (0, 1, 2)
    assert open_slots(7, 4) == (0, 1, 2, 3)
    assert open_slots(7, 2) == (0, 2) and open_slots(5, 2) == (0,)
    assert tuple(sorted(NOBILITY, reverse=True)) == NOBILITY
