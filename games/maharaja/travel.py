"""Travel of the architects (rule 7.1): where an architect can go, what it
costs him and whom he pays.

One rule says what passing a village costs: ``village_fee``.  A road costs
what its villages cost together (``road_fees``, read through ``_ROAD_FEES``:
``village_fee`` of every road's possible houses, tabled once); the cheapest
cost of every city is a shortest-path search over those fees
(``cheapest``), and the ways of paying are the payments of the cheapest
routes (``ways_of_paying``).  Everything a player sees or does reads these:
which destinations are offered (``go_ids``, ``can_travel_plain``), the
buttons' costs and payees (``destinations``) and the gold handed over
(``payments_to``).  The answers are pure functions of
the houses in the villages (``board_key``), the traveller and his
architect's place, memoised by those: a menu, its legality test and the
move ask the same position.

One fast twin is kept: ``can_travel``, the turn menu's question whether
"Travel" is offered, answers from the roads out before it searches
(measured: without it a 5-player random game takes 14 % more instructions);
``tests/maharaja/test_travel.py`` checks it against ``can_travel_plain`` on
random boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from games.maharaja.board import ADJ, CITY_IDS, ROAD_VILLAGES, START, VILLAGE_IDS
from games.maharaja.common import OWNERS, board_key
from games.maharaja.schema import Table

# Whom a traveller pays: one entry per gold, naming the seat it goes to.
Payees = tuple[int, ...]
# A payment as ((owner, gold), ...) sorted by owner (hashable).
Payment = tuple[tuple[int, int], ...]
# city -> (cheapest cost, the distinct payments along cheapest routes (sorted))
Network = dict[str, tuple[int, tuple[Payment, ...]]]

# a menu holds 25 buttons (one is "Back"); more equal splits never occur in practice
MAX_PAY_OPTIONS = 24
# The nodes (the start, then the cities) by index, and the roads out of each
# as (other node, road).
_NODES = (START, *CITY_IDS)
_INDEX = {node: index for index, node in enumerate(_NODES)}
_ADJ = tuple(tuple((_INDEX[other], road) for other, road in ADJ[node]) for node in _NODES)
_GO_ID = {city: f"go:{city}" for city in CITY_IDS}


def village_fee(owners: Sequence[int], seat: int) -> Payees | None:
    """What passing a village with the houses of ``owners`` costs ``seat``
    (rule 7.1, "Az utazás költsége"):

    * None where no house stands: an architect may not pass a village
      without a house (rule 7.1, first restriction; rule 7.3);
    * nothing where he has a house of his own there;
    * else 1 gold for every house there, to its owner (two houses of one
      owner: 2 gold to him).

    Cities and the start cost nothing to pass: they are no villages."""
    if not owners:
        return None
    if seat in owners:
        return ()
    return tuple(owners)


def _road_fee(houses: str, seat: int) -> Payees | None:
    """The fee of a road whose villages hold ``houses`` (their characters in
    ``board_key``): the fees of its villages together, None where one of
    them blocks it."""
    total: Payees = ()
    for code in houses:
        fee = village_fee(OWNERS[code], seat)
        if fee is None:
            return None
        total += fee
    return total


# The villages are numbered road by road, so a road's villages are a span of
# ``board_key``: road -> its slice.
_VILLAGE_AT = {village: index for index, village in enumerate(VILLAGE_IDS)}
_ROAD_SPANS = tuple(slice(_VILLAGE_AT[villages[0]], _VILLAGE_AT[villages[-1]] + 1) for villages in ROAD_VILLAGES)
assert all(VILLAGE_IDS[span] == tuple(villages) for span, villages in zip(_ROAD_SPANS, ROAD_VILLAGES, strict=True))
# ``_road_fee`` of every road's possible houses, read once: seat -> houses -> fee.
_ROAD_FEES = tuple({houses: _road_fee(houses, seat)
                    for count in {len(villages) for villages in ROAD_VILLAGES}
                    for houses in map("".join, product(OWNERS, repeat=count))}
                   for seat in range(5))


@lru_cache(maxsize=4096)
def road_fees(board: str, seat: int) -> tuple[Payees | None, ...]:
    """The fee of every road for ``seat`` on ``board`` (``board_key``):
    whom passing it pays, None where a village blocks it."""
    fee_of = _ROAD_FEES[seat]
    fees = []
    for span in _ROAD_SPANS:
        fees.append(fee_of[board[span]])
    return tuple(fees)


@lru_cache(maxsize=4096)
def cheapest(board: str, origin: str, seat: int) -> tuple[int | None, ...]:
    """The cheapest cost from ``origin`` to every node (``_NODES`` order;
    None: out of reach) for ``seat``'s architect on ``board``: a node
    reached cheaper than before is queued to pass the news on to its
    neighbours, until nothing gets cheaper."""
    fees = road_fees(board, seat)
    dist: list[int | None] = [None] * len(_NODES)
    dist[_INDEX[origin]] = 0
    todo = [_INDEX[origin]]
    for node in todo:  # (grows while it is read)
        cost = dist[node]
        assert cost is not None
        for other, road in _ADJ[node]:
            fee = fees[road]
            if fee is not None:
                via = cost + len(fee)
                old = dist[other]
                if old is None or via < old:
                    dist[other] = via
                    todo.append(other)
    return tuple(dist)


@lru_cache(maxsize=4096)
def city_costs(board: str, origin: str, seat: int) -> dict[str, int]:
    """City -> cheapest cost (``cheapest``) of every city but ``origin``
    the architect can reach: travel ends in a city (rule 7.1).  In city
    order; do not mutate the answer."""
    reachable = {}
    for city, cost in zip(CITY_IDS, cheapest(board, origin, seat)[1:], strict=True):
        if cost is not None and city != origin:
            reachable[city] = cost
    return reachable


@lru_cache(maxsize=1024)
def payment(payees: Payees) -> Payment:
    """Whom ``payees`` (sorted) pay, as gold per owner (sorted by owner)."""
    return tuple([(owner, payees.count(owner)) for owner in sorted(set(payees))])


@lru_cache(maxsize=4096)
def ways_of_paying(board: str, origin: str, seat: int, city: str) -> tuple[Payment, ...]:
    """Every distinct payment along a cheapest route from ``origin`` to a
    reachable ``city`` (rule 7.1; ruling: where routes cost the same the
    traveller picks whom he pays), sorted, at most ``MAX_PAY_OPTIONS``.
    The cheapest routes are walked back from ``city`` over the roads that
    lie on one (the cost before the road and its fee make the cost after
    it), each node once."""
    fees = road_fees(board, seat)
    dist = cheapest(board, origin, seat)
    start = _INDEX[origin]
    target = _INDEX[city]
    found: set[Payees] = set()
    # (node, whom the route on from it pays, the nodes on that route)
    todo: list[tuple[int, Payees, tuple[int, ...]]] = [(target, (), (target,))]
    for node, payees, seen in todo:  # (grows while it is read)
        for other, road in _ADJ[node]:
            fee = fees[road]
            before = dist[other]
            if fee is None or before is None or before + len(fee) != dist[node] or other in seen:
                continue
            if other == start:
                found.add(tuple(sorted(fee + payees)))
            else:
                todo.append((other, fee + payees, (*seen, other)))
    return tuple(sorted(map(payment, found))[:MAX_PAY_OPTIONS])


def costs(table: Table, seat: int) -> dict[str, int]:
    """``city_costs`` for the architect of ``seat`` (do not mutate the answer)."""
    return city_costs(board_key(table), table["architects"][seat], seat)


def go_ids(table: Table, seat: int, free: bool) -> list[str]:
    """The ids of the destinations offered: reachable and affordable, or
    every reachable one when ``free`` (the monk: the bank pays, character
    4), in ``costs`` order."""
    gold = table["gold"][seat]
    assert gold is not None
    out = []
    for city, cost in costs(table, seat).items():
        if free or cost <= gold:
            out.append(_GO_ID[city])
    return out


def can_travel_plain(table: Table, seat: int, free: bool) -> bool:
    """Is some destination offered (``go_ids``)?  The rule of the turn
    menu's "Travel" button; ``can_travel`` is its fast twin."""
    return bool(go_ids(table, seat, free))


def can_travel(table: Table, seat: int, free: bool) -> bool:
    """Fast twin of ``can_travel_plain``, asked by every turn menu: a city
    next to the architect over an open road he can pay (or the bank pays)
    is a destination offered, known from the roads out alone (their fees
    read from ``_ROAD_FEES``, no search); only when no such road leads out
    is ``go_ids`` asked."""
    board = board_key(table)
    fee_of = _ROAD_FEES[seat]
    gold = table["gold"][seat]
    assert gold is not None
    for other, road in ADJ[table["architects"][seat]]:
        if other != START:
            fee = fee_of[board[_ROAD_SPANS[road]]]
            if fee is not None and (free or len(fee) <= gold):
                return True
    return bool(go_ids(table, seat, free))


def payments_to(table: Table, seat: int, city: str) -> tuple[Payment, ...]:
    """``ways_of_paying`` to a reachable ``city`` for the architect of ``seat``."""
    return ways_of_paying(board_key(table), table["architects"][seat], seat, city)


def destinations(table: Table, seat: int) -> Network:
    """Every city the architect of ``seat`` can reach (``costs``): its
    cheapest cost and the ways of paying (``payments_to``).  What the
    labels and the AI read."""
    board = board_key(table)
    here = table["architects"][seat]
    return {city: (cost, ways_of_paying(board, here, seat, city)) for city, cost in costs(table, seat).items()}
