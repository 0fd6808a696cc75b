"""Travel of the architects: which cities are reachable and what it costs.

The map has 8 nodes, so a Dijkstra per query is microseconds; the fee of a
road depends on who is travelling, so routes cannot be fixed in advance.
"""

from __future__ import annotations

from typing import Any

from games.maharaja.board import ADJ, CITY_IDS, ROAD_VILLAGES, ROADS, START


def road_fees(villages: dict[str, list[int]], road: int, seat: int) -> dict[int, int] | None:
    """Who gets paid how much when ``seat`` uses ``road``; None if blocked
    (a village without any house cannot be passed)."""
    fees: dict[int, int] = {}
    for vid in ROAD_VILLAGES[road]:
        owners = villages[vid]
        if not owners:
            return None
        if seat in owners:
            continue  # own house in the village: free
        for owner in owners:
            fees[owner] = fees.get(owner, 0) + 1
    return fees


def routes(state: dict[str, Any], seat: int) -> dict[str, tuple[int, dict[int, int], list[int]]]:
    """Cheapest legal route from the architect to every other reachable city:
    city -> (total fee, {owner: gold}, [road indices]).  Ties prefer fewer
    roads, then the adjacency order, so the choice is deterministic.
    Eight nodes: a plain O(V^2) Dijkstra beats a heap here."""
    fees = _fees(state, seat)
    origin = state["arch"][seat]
    dist: dict[str, tuple[int, int]] = {origin: (0, 0)}
    prev: dict[str, tuple[str, int]] = {}
    done: set[str] = set()
    while True:
        node, best = None, None
        for n, d in dist.items():
            if n not in done and (best is None or d < best):
                node, best = n, d
        if node is None:
            break
        done.add(node)
        cost, hops = best
        for other, road in ADJ[node]:
            fee = fees[road]
            if fee is None or other in done:
                continue
            cand = (cost + fee[0], hops + 1)
            old = dist.get(other)
            if old is None or cand < old:
                dist[other] = cand
                prev[other] = (node, road)
    result = {}
    for city in CITY_IDS:
        if city == origin or city not in dist:
            continue
        path: list[int] = []
        pay: dict[int, int] = {}
        node = city
        while node != origin:
            node, road = prev[node]
            path.append(road)
            for o, g in fees[road][1].items():  # type: ignore[index]
                pay[o] = pay.get(o, 0) + g
        path.reverse()
        result[city] = (dist[city][0], pay, path)
    return result


MAX_PAY_OPTIONS = 24


def _fees(state: dict[str, Any], seat: int) -> list[tuple[int, dict[int, int]] | None]:
    """(total fee, {owner: gold}) of every road for ``seat``; None if blocked."""
    villages = state["villages"]
    fees: list[tuple[int, dict[int, int]] | None] = []
    for road_villages in ROAD_VILLAGES:
        total = 0
        pay: dict[int, int] = {}
        for v in road_villages:
            owners = villages[v]
            if not owners:
                fees.append(None)
                break
            if seat not in owners:
                for o in owners:
                    pay[o] = pay.get(o, 0) + 1
                total += len(owners)
        else:
            fees.append((total, pay))
    return fees


def all_pay_options(state: dict[str, Any], seat: int) -> dict[str, list[dict[int, int]]]:
    """For every reachable city, each distinct way of paying along a cheapest
    route there (rule 7.1, ruling: where routes cost the same the traveller
    picks whom he pays).  Sorted, so indices are stable."""
    fees = _fees(state, seat)
    origin = state["arch"][seat]
    dist = {origin: 0}
    changed = True
    while changed:  # eight nodes: relax until stable
        changed = False
        for node, cost in list(dist.items()):
            for other, road in ADJ[node]:
                fee = fees[road]
                if fee is not None and (other not in dist or cost + fee[0] < dist[other]):
                    dist[other] = cost + fee[0]
                    changed = True
    found: dict[str, set[tuple[tuple[int, int], ...]]] = {}

    def walk(node: str, cost: int, pay: dict[int, int], seen: set[str]) -> None:
        # only tight prefixes can lie on a cheapest route (subpaths of cheapest paths are cheapest)
        found.setdefault(node, set()).add(tuple(sorted(pay.items())))
        for other, road in ADJ[node]:
            fee = fees[road]
            if fee is None or other in seen or cost + fee[0] > dist[other]:
                continue
            merged = dict(pay)
            for o, g in fee[1].items():
                merged[o] = merged.get(o, 0) + g
            walk(other, cost + fee[0], merged, seen | {other})

    walk(origin, 0, {}, {origin})
    # a menu holds 25 buttons (one is "Back"); more equal splits never occur in practice
    return {city: [dict(p) for p in sorted(found[city])][:MAX_PAY_OPTIONS]
            for city in CITY_IDS if city in found and city != origin}


def pay_options(state: dict[str, Any], seat: int, city: str) -> list[dict[int, int]]:
    """The ways of paying along a cheapest route to ``city``; [] if unreachable."""
    return all_pay_options(state, seat).get(city, [])


def can_travel(state: dict[str, Any], seat: int, free: bool) -> bool:
    """Is some city reachable and affordable (``free``: the bank pays)?"""
    villages = state["villages"]
    gold = state["gold"][seat]
    open_road = False
    for other, road in ADJ[state["arch"][seat]]:
        if all(villages[v] for v in ROAD_VILLAGES[road]):
            open_road = True
            if free or (other != START and sum(len(villages[v]) for v in ROAD_VILLAGES[road]
                                               if seat not in villages[v]) <= gold):
                return True
    if not open_road:
        return False
    return any(cost <= gold for cost, _pay, _path in routes(state, seat).values())


def has_open_road(state: dict[str, Any], seat: int) -> bool:
    """Cheap test: can the architect leave at all?"""
    villages = state["villages"]
    return any(all(villages[v] for v in ROAD_VILLAGES[road]) for _other, road in ADJ[state["arch"][seat]])


def connected(villages: dict[str, list[int]], road: int) -> bool:
    return all(villages[v] for v in ROAD_VILLAGES[road])


__all__ = ["routes", "all_pay_options", "pay_options", "can_travel", "road_fees", "has_open_road", "connected", "ROADS"]
