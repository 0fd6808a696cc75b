"""Maharaja's travel (rule 7.1): the fee of passing a village clause by
clause, on constructed boards through the engine, and the three readers of
the fee -- the buttons' labels, which destinations are offered, the gold
paid -- agreeing with each other and with every simple route searched
exhaustively, on random positions."""

from __future__ import annotations

import random

from games.base import clone
from games.maharaja import GAME, common
from games.maharaja.board import ADJ, CITY_IDS, ROAD_OF, ROAD_VILLAGES, START, VILLAGE_IDS
from games.maharaja.travel import (
    MAX_PAY_OPTIONS,
    can_travel,
    can_travel_plain,
    costs,
    destinations,
    go_ids,
    payments_to,
    village_fee,
)
from tests.maharaja.helpers import act, deal, fill_villages, plan, start

# The roads used below (board.ROADS): 5 lucknow-start, 6 start-jaipur,
# 12 start-varanasi, 13 start-udaipur.
LUCKNOW_START, START_JAIPUR, START_VARANASI, START_UDAIPUR = 5, 6, 12, 13


# -- village_fee: one test per clause of rule 7.1 --------------------------------------
def test_a_village_without_a_house_cannot_be_passed():
    assert village_fee([], 0) is None


def test_an_own_house_makes_the_village_free():
    assert village_fee([0], 0) == ()
    assert village_fee([1, 0], 0) == ()  # another's house beside his own: still free
    assert village_fee([0, 1], 0) == ()


def test_fees_per_house_to_each_owner():
    assert village_fee([1], 0) == (1,)
    # rulebook example: a blue and a red house, green passes: 1 to blue and 1 to red
    assert village_fee([1, 2], 0) == (1, 2)
    # rulebook example: two blue houses: 2 to blue
    assert village_fee([1, 1], 0) == (1, 1)


# -- through the engine, on constructed boards --------------------------------------------
def _board(houses, at=START, gold=15, players=3, monk=False):
    """Seat 0 to act, his architect at ``at`` with ``gold``: the villages of
    ``houses`` (village -> owners) hold those houses, every other village
    none (roads through them are blocked)."""
    state = start(players, list(range(1, players + 1)))
    fill_villages(state, lambda i, village: houses.get(village, []))
    for seat in range(players):
        plan(state, seat, "gold", "gold")
    if monk:
        deal(state, [[4], *([c] for c in (2, 3, 5, 6)[:players - 1])])
    assert GAME.to_act(state) == [0]
    state["architects"][0] = at
    state["gold"][0] = gold
    return state


def _road(road, *owners):
    """``road``'s villages with ``owners[i]`` in its i-th village."""
    return dict(zip(ROAD_VILLAGES[road], owners, strict=True))


def _travel_labels(state, seat=0):
    state = clone(state)
    act(state, seat, "do:travel")
    return {a.id: a.label for a in GAME.legal_actions(state, seat)}


def _paid(state, city, via=0, seat=0):
    """The gold each seat gains (the traveller: loses) by travelling to ``city``."""
    state = clone(state)
    before = list(state["gold"])
    act(state, seat, "do:travel")
    act(state, seat, f"go:{city}")
    if state["turn_progress"]["decision"] is not None:  # equal routes: whom to pay
        act(state, seat, f"via:{via}")
    assert state["architects"][seat] == city
    return [after - gold for after, gold in zip(state["gold"], before, strict=True)]


def test_each_house_costs_a_gold_to_its_owner():
    state = _board(_road(START_JAIPUR, [1, 2], [1]))
    assert costs(state, 0) == {"jaipur": 3}
    label = _travel_labels(state)["go:jaipur"]
    assert label["key"] == "maharaja.label.go" and label["args"]["gold"] == 3
    assert [pay["args"]["gold"] for pay in label["args"]["pay"]] == [2, 1]
    assert _paid(state, "jaipur") == [-3, 2, 1]


def test_two_houses_of_one_owner_cost_two_gold_to_him():
    state = _board(_road(START_JAIPUR, [1, 1], [2]))
    assert payments_to(state, 0, "jaipur") == (((1, 2), (2, 1)),)
    assert _paid(state, "jaipur") == [-3, 2, 1]


def test_an_own_house_makes_its_village_free_on_the_way():
    state = _board(_road(START_JAIPUR, [0, 1], [1]))
    assert costs(state, 0) == {"jaipur": 1}
    assert _travel_labels(state)["go:jaipur"]["args"]["gold"] == 1
    assert _paid(state, "jaipur") == [-1, 1, 0]


def test_a_road_of_own_houses_is_free():
    state = _board(_road(START_JAIPUR, [0], [0, 2]), gold=0)
    assert costs(state, 0) == {"jaipur": 0}
    assert _travel_labels(state)["go:jaipur"]["key"] == "maharaja.label.go_free"
    assert _paid(state, "jaipur") == [0, 0, 0]


def test_an_empty_village_blocks_its_road():
    state = _board({**_road(START_JAIPUR, [1], []), **_road(START_VARANASI, [1], [1])})
    assert costs(state, 0) == {"varanasi": 2}
    assert "go:jaipur" not in go_ids(state, 0, True)


def test_passing_the_start_costs_nothing():
    # Jaipur -> the start -> Lucknow: only the villages on the way are paid
    state = _board({**_road(START_JAIPUR, [1], [2]), **_road(LUCKNOW_START, [2], [0])}, at="jaipur")
    assert costs(state, 0) == {"lucknow": 3}
    assert _paid(state, "lucknow") == [-3, 1, 2]


def test_travel_ends_in_a_city_not_at_the_start():
    state = _board(_road(START_JAIPUR, [1], [2]), at="jaipur")
    assert costs(state, 0) == {} and not can_travel(state, 0, False)
    assert "do:travel" not in GAME.legal_ids(state, 0)


def test_a_destination_is_offered_only_when_affordable():
    state = _board(_road(START_JAIPUR, [1, 2], [1]), gold=2)
    assert go_ids(state, 0, False) == [] and "do:travel" not in GAME.legal_ids(state, 0)
    state["gold"][0] = 3
    assert go_ids(state, 0, False) == ["go:jaipur"] and "do:travel" in GAME.legal_ids(state, 0)


def test_the_cheapest_route_is_taken():
    # Lucknow straight (4 gold) or through Varanasi (road 12, then road 11: 1 + 2 gold)
    houses = {**_road(LUCKNOW_START, [1, 2], [1, 2]), **_road(START_VARANASI, [1], [0]), **_road(11, [2], [2])}
    state = _board(houses)
    assert costs(state, 0) == {"lucknow": 3, "varanasi": 1}
    assert _paid(state, "lucknow") == [-3, 1, 2]


def test_the_monks_bank_pays_the_fee():
    """Character 4: the bank pays the travel: every reachable city is
    offered, whatever his gold; the owners are paid all the same."""
    state = _board(_road(START_JAIPUR, [1, 2], [1]), gold=0, monk=True)
    assert go_ids(state, 0, True) == ["go:jaipur"]
    label = _travel_labels(state)["go:jaipur"]
    assert label["key"] == "maharaja.label.go_monk" and label["args"]["gold"] == 3
    assert _paid(state, "jaipur") == [0, 2, 1]


def test_the_monk_is_not_offered_travel_that_reaches_no_city():
    """Rule 7.1 (travel ends in a city) for the monk too: an open road to
    the start, from which no other road is open, offers no destination, so
    no "Travel" button (before: offered, opening a menu of "Back" alone)."""
    state = _board(_road(START_UDAIPUR, [1], [2]), at="udaipur", gold=0, monk=True)
    assert go_ids(state, 0, True) == []
    assert not can_travel(state, 0, True) and not can_travel_plain(state, 0, True)
    assert "do:travel" not in GAME.legal_ids(state, 0)


# -- random positions: the readers of the fee agree ---------------------------------------
def _random_table(rnd, index):
    players = rnd.randint(2, 5)
    fill = rnd.choice([0.5, 0.8, 1.0])
    most = 1 if players == 2 else 2
    villages = {v: rnd.choices(range(players), k=rnd.randint(1, most)) if rnd.random() < fill else []
                for v in VILLAGE_IDS}
    here = (START, *CITY_IDS)[index % 8]
    return {"players": players, "villages": villages, "board": common.encode_board(villages),
            "architects": [here] * players, "gold": [rnd.randint(0, 12)] * players}


def _simple_routes(origin, city):
    """Every simple route from ``origin`` to ``city`` as its roads."""
    out = []

    def walk(node, roads, seen):
        if node == city:
            out.append(roads)
            return
        for other, road in ADJ[node]:
            if other not in seen:
                walk(other, (*roads, road), (*seen, other))

    walk(origin, (), (origin,))
    return out


def _route_payees(villages, roads, seat):
    """Whom a route pays (``village_fee`` of every village passed), None if blocked."""
    payees = []
    for road in roads:
        for village in ROAD_VILLAGES[road]:
            fee = village_fee(villages[village], seat)
            if fee is None:
                return None
            payees += fee
    return payees


def test_the_route_search_agrees_with_every_simple_route():
    """The cheapest costs and the ways of paying (``destinations``) are the
    least fee and the distinct payments of the least-fee routes among every
    simple route, searched exhaustively."""
    rnd = random.Random(11)
    for index in range(300):
        table = _random_table(rnd, index)
        seat = rnd.randrange(table["players"])
        here = table["architects"][seat]
        expected = {}
        for city in CITY_IDS:
            if city == here:
                continue
            found = [p for p in (_route_payees(table["villages"], r, seat) for r in _simple_routes(here, city))
                     if p is not None]
            if found:
                least = min(map(len, found))
                ways = sorted({tuple(sorted((o, p.count(o)) for o in set(p))) for p in found if len(p) == least})
                expected[city] = (least, tuple(ways[:MAX_PAY_OPTIONS]))
        assert destinations(table, seat) == expected
        assert costs(table, seat) == {city: cost for city, (cost, _ways) in expected.items()}
        for city, (_cost, ways) in expected.items():
            assert payments_to(table, seat, city) == ways


def test_can_travel_twin_agrees_with_the_plain_rule():
    """``can_travel`` (the fast twin) answers as ``can_travel_plain`` on
    random boards from every node, paid or free."""
    rnd = random.Random(12)
    for index in range(600):
        table = _random_table(rnd, index)
        seat = rnd.randrange(table["players"])
        for free in (False, True):
            assert can_travel(table, seat, free) == can_travel_plain(table, seat, free)


def test_labels_offers_and_payments_agree_on_random_positions():
    """On random positions through the engine: the travel buttons offered
    are the reachable cities he can pay (all of them for the monk), each
    button shows the cost that travelling there then takes from him, and
    the owners receive the payment of the route chosen."""
    rnd = random.Random(13)
    checked = 0
    for index in range(40):
        players = rnd.randint(2, 5)
        most = 1 if players == 2 else 2
        state = start(players, list(range(1, players + 1)), seed=index)
        fill_villages(state, lambda i, village, players=players, most=most: rnd.choices(range(players), k=rnd.randint(1, most))
                      if rnd.random() < 0.8 else [])
        for seat in range(players):
            plan(state, seat, "gold", "gold")
        monk = rnd.random() < 0.3
        if monk:
            deal(state, [[4], *([c] for c in (2, 3, 5, 6)[:players - 1])])
        state["architects"][0] = rnd.choice((START, *CITY_IDS))
        state["gold"][0] = rnd.randint(0, 8)
        reachable = costs(state, 0)
        offered = {city for city, cost in reachable.items() if monk or cost <= state["gold"][0]}
        assert ("do:travel" in GAME.legal_ids(state, 0)) == bool(offered)
        if not offered:
            continue
        labels = _travel_labels(state)
        assert set(labels) == {f"go:{city}" for city in offered} | {"back"}
        for city in offered:
            label = labels[f"go:{city}"]
            shown = label["args"].get("gold", 0)
            ways = payments_to(state, 0, city)
            via = rnd.randrange(len(ways))
            gains = _paid(state, city, via)
            assert shown == reachable[city] == sum(gold for _owner, gold in ways[via])
            assert gains[0] == (0 if monk else -shown)
            assert {seat: gain for seat, gain in enumerate(gains) if seat and gain} == dict(ways[via])
            checked += 1
    assert checked > 50


def test_every_village_is_on_one_road():
    # (the fee of a road is the fees of its villages: each village is passed on its own road)
    assert sorted(v for road in ROAD_VILLAGES for v in road) == sorted(VILLAGE_IDS)
    assert all(ROAD_OF[v] == road for road, villages in enumerate(ROAD_VILLAGES) for v in villages)
