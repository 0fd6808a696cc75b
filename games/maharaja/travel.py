"""Travel of the architects: which cities are reachable and what it costs.

The fee of a road depends on who travels (his own house makes a village
free), so the network is read afresh for each traveller: the fee of every
road (``road_fees``), then cheapest distances and every distinct way of
paying along a cheapest route (``network``).  The latter is a pure function
of the architect's location and the fees, memoised: the AI and the labels
of the menus read it.

Random seats and legality tests ask far more often than anyone reads a
label, and only need less: which cities are affordable (``costs``: the
cheapest cost of every node, from the road totals alone) and, for the one
destination travelled to, the ways of paying (``payments_to``).  Both give
the same answers as ``network`` (the protocol tests compare the menus'
ids, made from them, with the labels, made from ``network``).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from games.maharaja.board import ADJ, CITY_IDS, ROAD_OF, ROAD_VILLAGES, START, VILLAGE_IDS
from games.maharaja.common import OWNERS, board_key
from games.maharaja.schema import Table

# A road's fee for one traveller: (total gold, gold per seat (5 entries));
# None if the road is blocked (a village without any house cannot be passed).
Fee = tuple[int, tuple[int, ...]] | None
Pay = dict[int, int]
# A payment as ((owner, gold), ...) sorted by owner (hashable).
Payment = tuple[tuple[int, int], ...]
# city -> (cheapest cost, the distinct payments along cheapest routes (sorted),
# the roads of a cheapest route making the first of them)
Network = dict[str, tuple[int, tuple[Payment, ...], tuple[int, ...]]]

# a menu holds 25 buttons (one is "Back"); more equal splits never occur in practice
MAX_PAY_OPTIONS = 24
SEATS = 5  # the most players: the length of a fee's gold-per-seat
_NOTHING = (0,) * SEATS
# node -> [(other node, road index)], nodes as indices (0: the start)
_NODES = (START, *CITY_IDS)
_INDEX = {node: i for i, node in enumerate(_NODES)}
_ADJ = tuple(tuple((_INDEX[other], road) for other, road in ADJ[node]) for node in _NODES)


def road_fees(villages: dict[str, list[int]], seat: int) -> tuple[Fee, ...]:
    """The fee of every road for ``seat`` (``Fee``)."""
    fees: list[Fee] = []
    for road_villages in ROAD_VILLAGES:
        total = 0
        pay = [0] * SEATS
        for v in road_villages:
            owners = villages[v]
            if not owners:
                fees.append(None)
                break
            if seat not in owners:  # own house in the village: free
                for o in owners:
                    pay[o] += 1
                total += len(owners)
        else:
            fees.append((total, tuple(pay)))
    return tuple(fees)


@lru_cache(maxsize=4096)
def network(origin: str, fees: tuple[Fee, ...]) -> Network:
    """For every city reachable from ``origin``: the cheapest cost and each
    distinct way of paying along a cheapest route (rule 7.1, ruling: where
    routes cost the same the traveller picks whom he pays).  Sorted, so
    indices are stable.  Eight nodes: relax until stable, then walk."""
    start = _INDEX[origin]
    dist: list[int | None] = [None] * len(_NODES)
    dist[start] = 0
    changed = True
    while changed:
        changed = False
        for node in range(len(_NODES)):
            cost = dist[node]
            if cost is None:
                continue
            for other, road in _ADJ[node]:
                fee = fees[road]
                if fee is not None:
                    old = dist[other]
                    if old is None or cost + fee[0] < old:
                        dist[other] = cost + fee[0]
                        changed = True
    found: list[dict[tuple[int, ...], tuple[int, ...]]] = [{} for _ in _NODES]

    def walk(node: int, cost: int, pay: tuple[int, ...], seen: tuple[int, ...], path: tuple[int, ...]) -> None:
        # only tight prefixes can lie on a cheapest route (subpaths of cheapest paths are cheapest)
        found[node].setdefault(pay, path)
        for other, road in _ADJ[node]:
            fee = fees[road]
            if fee is None or other in seen or cost + fee[0] > dist[other]:  # type: ignore[operator]
                continue
            merged = tuple([a + b for a, b in zip(pay, fee[1], strict=True)]) if fee[0] else pay
            walk(other, cost + fee[0], merged, (*seen, other), (*path, road))

    walk(start, 0, _NOTHING, (start,), ())
    result: Network = {}
    for city in CITY_IDS:
        index = _INDEX[city]
        ways = found[index]
        if ways and index != start:
            payments = sorted((tuple((o, g) for o, g in enumerate(pay) if g), path) for pay, path in ways.items())
            cost = dist[index]
            assert cost is not None
            result[city] = (cost, tuple(p for p, _ in payments[:MAX_PAY_OPTIONS]), payments[0][1])
    return result


def destinations(table: Table, seat: int) -> Network:
    """``network`` for the architect of ``seat`` (do not mutate the answer)."""
    villages = table["villages"]
    return _destinations(table["architects"][seat], seat, tuple(map(tuple, map(villages.__getitem__, VILLAGE_IDS))))


@lru_cache(maxsize=4096)
def _destinations(origin: str, seat: int, owners: tuple[tuple[int, ...], ...]) -> Network:
    # keyed by the houses of every village (VILLAGE_IDS order): a menu, its
    # legality test and the move ask the same position
    return network(origin, road_fees(dict(zip(VILLAGE_IDS, map(list, owners), strict=True)), seat))


def routes(table: Table, seat: int) -> dict[str, tuple[int, Pay, list[int]]]:
    """Cheapest route to every other reachable city: city -> (total fee,
    {owner: gold}, [road indices]) (the first of equal payments)."""
    return {city: (cost, dict(ways[0]), list(path))
            for city, (cost, ways, path) in destinations(table, seat).items()}


def pay_options(table: Table, seat: int, city: str) -> list[Pay]:
    """The ways of paying along a cheapest route to ``city``; [] if unreachable."""
    entry = destinations(table, seat).get(city)
    return [dict(p) for p in entry[1]] if entry else []


# node -> ((the other end is a city, first village, second village), ...); a
# one-village road names its village twice (it is open when that village is).
_EXITS = {node: tuple((other != START, vs[0], vs[-1])
                      for other, vs in ((other, ROAD_VILLAGES[road]) for other, road in ADJ[node]))
          for node in _NODES}
# The most a road costs: two villages of two houses (``capacity``).
_DEAREST_ROAD = 4


def can_travel(table: Table, seat: int, free: bool) -> bool:
    """Is some city reachable and affordable (``free``: the bank pays)?
    Asked by every turn menu: the roads leading out answer most often (any
    open one to a city when he can pay any road); else the destinations offered."""
    villages = table["villages"]
    gold = table["gold"][seat]
    assert gold is not None
    rich = free or gold >= _DEAREST_ROAD
    open_road = False
    for city, a, b in _EXITS[table["architects"][seat]]:
        first = villages[a]
        second = villages[b]
        if not (first and second):  # a village without a house blocks the road
            continue
        if free or (city and (rich or (0 if seat in first else len(first))
                                      + (0 if a == b or seat in second else len(second)) <= gold)):
            return True
        open_road = True
    return open_road and bool(go_ids(table, seat, False))


# -- the lean questions (costs only; the payments of one destination) --------------
# A blocked village's fee, and so the least a blocked road costs, and the cost
# of an unreachable node: above any real route (at most 7 roads of 4 gold),
# and a road of two blocked villages fits in a byte (``_road_fees``).
BLOCKED = 100
# ``board_key`` read one character past its end: a one-village road's second
# village, which costs nothing.
_PAST_BOARD = "!"
_VILLAGE_AT = {v: i for i, v in enumerate(VILLAGE_IDS)}
# Each road's two villages, as indices of ``board_key`` (+ ``_PAST_BOARD``).
_ROAD_ENDS = tuple((_VILLAGE_AT[vs[0]], _VILLAGE_AT[vs[1]] if len(vs) > 1 else len(VILLAGE_IDS))
                   for vs in ROAD_VILLAGES)
# node -> ((other node, road, its two villages), ...)
_ADJ_BOARD = tuple(tuple((other, road, *_ROAD_ENDS[road]) for other, road in adj) for adj in _ADJ)


# A payment while it is gathered: one int, the gold due to seat ``o`` in
# bits ``_GOLD_BITS * o`` on (a route pays at most 7 roads of 4 gold: below
# 64), so a road's payees add in one addition and equal payments compare equal.
_GOLD_BITS = 6
_GOLD_MASK = (1 << _GOLD_BITS) - 1


def _village_tables() -> tuple[tuple[bytes, ...], tuple[dict[str, int], ...]]:
    """By the traveller: a village's ``board_key`` character (its byte) -> its
    fee (``bytes.translate`` tables: nothing where he has a house, else a
    gold per house, ``BLOCKED`` where none stands), and -> whom he pays there
    (the gathered form of a payment)."""
    fees: list[bytes] = []
    payees: list[dict[str, int]] = []
    for seat in range(SEATS):
        due = {code: () if seat in owners else owners for code, owners in OWNERS.items()}
        fee = [0] * 256
        for code, owners in OWNERS.items():
            fee[ord(code)] = len(due[code]) if owners else BLOCKED
        fees.append(bytes(fee))
        gathered = {code: sum(1 << _GOLD_BITS * o for o in owed) for code, owed in due.items()}
        gathered[_PAST_BOARD] = 0
        payees.append(gathered)
    return tuple(fees), tuple(payees)


_VILLAGE_FEE, _VILLAGE_PAYEES = _village_tables()


# Villages are numbered road by road, so a road's villages stand next to each
# other on a board: 0xFF at each village whose road's previous village stands
# just before it (big-endian bytes of an int), and each road's last village.
_AFTER_OWN_ROAD = int.from_bytes(bytes(0xFF if i and ROAD_OF[v] == ROAD_OF[VILLAGE_IDS[i - 1]] else 0
                                       for i, v in enumerate(VILLAGE_IDS)), "big")
_VILLAGES = len(VILLAGE_IDS)
_ROAD_LAST = itemgetter(*(_VILLAGE_AT[vs[-1]] for vs in ROAD_VILLAGES))


def _road_fees(board: str, seat: int) -> tuple[int, ...]:
    """The fee of every road for ``seat`` (``BLOCKED`` or more: blocked):
    the sum of its villages' fees.  The villages' fees (a ``bytes.translate``
    of ``board``) read as one int and added to themselves moved one village
    on, where that village is on the same road, leave each road's fee at its
    last village (a byte holds it: at most ``2 * BLOCKED``); C-level steps
    instead of a Python step per road."""
    passing = int.from_bytes(board.encode().translate(_VILLAGE_FEE[seat]))  # (big-endian: the default)
    return _ROAD_LAST((passing + (passing >> 8 & _AFTER_OWN_ROAD)).to_bytes(_VILLAGES))


# The memos below are keyed by the board (``board_key``), the origin and the
# traveller, and filled from the table's villages (an ``lru_cache`` cannot
# take them); emptied when full, like a cache of this size would cycle.
_MEMO_SIZE = 4096
_Routes = tuple[tuple[int, ...], tuple[int, ...]]
_ROUTES: dict[tuple[str, int, int], _Routes] = {}
_PAYMENTS: dict[tuple[str, int, int, int], tuple[Payment, ...]] = {}


# origin -> node -> its roads (``_ADJ``) but those back into the origin:
# nothing reaches the origin cheaper than staying there
_ADJ_FROM = tuple(tuple(tuple((other, road) for other, road in adj if other != origin) for adj in _ADJ)
                  for origin in range(len(_NODES)))


# origin -> every node's cost before any road is read
_UNREACHED = tuple(tuple(0 if node == origin else BLOCKED for node in range(len(_NODES)))
                   for origin in range(len(_NODES)))


def _shortest(board: str, origin: int, seat: int) -> _Routes:
    """The cheapest cost from node ``origin`` to every node (``BLOCKED``:
    unreachable), and the fee of every road.  Eight nodes: relaxing from a
    queue (a node is queued again when it gets cheaper) beats Dijkstra's
    choice of the next node; the fees are read first (``_road_fees``)."""
    fees = _road_fees(board, seat)
    dist = [*_UNREACHED[origin]]
    todo = [origin]
    roads = _ADJ_FROM[origin]
    for node in todo:  # grows while it is read
        cost = dist[node]
        for other, road in roads[node]:
            via = cost + fees[road]
            if via < dist[other]:
                dist[other] = via
                todo.append(other)
    return tuple(dist), fees


def _routes(table: Table, board: str, seat: int) -> _Routes:
    """``_shortest`` for the architect of ``seat`` on ``board`` (memoised)."""
    key = (board, _INDEX[table["architects"][seat]], seat)
    found = _ROUTES.get(key)
    if found is None:
        if len(_ROUTES) >= _MEMO_SIZE:
            _ROUTES.clear()
        found = _ROUTES[key] = _shortest(board, key[1], seat)
    return found


def _dist(table: Table, seat: int) -> tuple[int, ...]:
    return _routes(table, board_key(table), seat)[0]


def costs(table: Table, seat: int) -> dict[str, int]:
    """City -> cheapest cost for the architect of ``seat``: the cities and
    costs of ``destinations`` (in its order), without the payments."""
    here = table["architects"][seat]
    return {city: cost for city, cost in zip(CITY_IDS, _dist(table, seat)[1:], strict=True)
            if cost < BLOCKED and city != here}


# by node (the start is no destination)
_GO_IDS = ("", *(f"go:{city}" for city in CITY_IDS))
_GO_NODE = {go: node for node, go in enumerate(_GO_IDS) if go}
# origin -> the cities but the origin, as (node, "go:" id) in city order
_DESTINATIONS = {here: tuple((city, _GO_IDS[city]) for city in range(1, len(_NODES)) if city != _INDEX[here])
                 for here in _NODES}


def go_ids(table: Table, seat: int, free: bool) -> list[str]:
    """The ids of the destinations offered: reachable and (unless ``free``:
    the bank pays) affordable, in ``costs`` order."""
    limit = _travel_limit(table, seat, free)
    dist = _routes(table, board_key(table), seat)[0]
    return [go for city, go in _DESTINATIONS[table["architects"][seat]] if dist[city] <= limit]


def offers_go(table: Table, seat: int, free: bool, action_id: str) -> bool:
    """``action_id in go_ids(table, seat, free)``, asking its destination only."""
    city = _GO_NODE.get(action_id)
    return (city is not None and city != _INDEX[table["architects"][seat]]
            and _routes(table, board_key(table), seat)[0][city] <= _travel_limit(table, seat, free))


def _travel_limit(table: Table, seat: int, free: bool) -> int:
    """The most a destination offered may cost."""
    limit = table["gold"][seat]
    assert limit is not None
    # (gold may exceed ``BLOCKED``: unreachable is unreachable)
    return BLOCKED - 1 if free or limit >= BLOCKED else limit


def payments_to(table: Table, seat: int, city: str) -> tuple[Payment, ...]:
    """``destinations(table, seat)[city][1]`` for a reachable ``city``."""
    board = board_key(table)
    key = (board, _INDEX[table["architects"][seat]], seat, _INDEX[city])
    found = _PAYMENTS.get(key)
    if found is None:
        if len(_PAYMENTS) >= _MEMO_SIZE:
            _PAYMENTS.clear()
        found = _PAYMENTS[key] = _payments(board, _routes(table, board, seat), key[1], seat, key[3])
    return found


def _payments(board: str, routes: _Routes, origin: int, seat: int, target: int) -> tuple[Payment, ...]:
    """Walked back from ``target`` along the roads that are tight on a
    cheapest route (the simple cheapest routes, as ``network`` walks them
    forward; the nodes passed kept as bits).  A payment is gathered as an
    int (``_GOLD_BITS``)."""
    dist, fees = routes
    due = _VILLAGE_PAYEES[seat]
    board += _PAST_BOARD  # (a one-village road's second village)
    found: set[int] = set()
    stack = [(target, 0, 1 << target)]
    for node, paid, seen in stack:  # grows while it is read (no pops: the order is no matter, ``found`` is a set)
        cost = dist[node]
        for other, road, a, b in _ADJ_BOARD[node]:
            # (the roads of a reachable node were all read)
            fee = fees[road]
            if dist[other] + fee != cost or seen >> other & 1:
                continue
            via = paid + due[board[a]] + due[board[b]] if fee else paid
            if other == origin:
                found.add(via)
            else:
                stack.append((other, via, seen | 1 << other))
    if len(found) == 1:  # (most destinations: one way of paying, nothing to sort)
        return (_payment(found.pop()),)
    return tuple(sorted(map(_payment, found))[:MAX_PAY_OPTIONS])


@lru_cache(maxsize=4096)
def _payment(paid: int) -> Payment:
    """A gathered payment (``_GOLD_BITS``) as a ``Payment`` (a small
    vocabulary: each is unpacked once)."""
    return tuple([(o, gold) for o in range(SEATS) if (gold := paid >> _GOLD_BITS * o & _GOLD_MASK)])
