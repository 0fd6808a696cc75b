"""Travel of the architects: which cities are reachable and what it costs.

The map has 8 nodes, so a Dijkstra per query is microseconds; the fee of a
road depends on who is travelling, so routes cannot be fixed in advance.
"""

from __future__ import annotations

import heapq
from typing import Any

from games.maharaja.board import ADJ, CITY_IDS, ROAD_VILLAGES, ROADS


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
    roads, then the lower road numbers, so the choice is deterministic."""
    villages = state["villages"]
    origin = state["arch"][seat]
    fee_cache: dict[int, dict[int, int] | None] = {}
    best: dict[str, tuple[int, int, tuple[int, ...]]] = {origin: (0, 0, ())}
    heap: list[tuple[int, int, tuple[int, ...], str]] = [(0, 0, (), origin)]
    done: set[str] = set()
    while heap:
        cost, hops, path, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for other, road in ADJ[node]:
            if other in done:
                continue
            if road not in fee_cache:
                fee_cache[road] = road_fees(villages, road, seat)
            fees = fee_cache[road]
            if fees is None:
                continue
            key = (cost + sum(fees.values()), hops + 1, path + (road,))
            if other not in best or key < best[other]:
                best[other] = key
                heapq.heappush(heap, (key[0], key[1], key[2], other))
    result = {}
    for city in CITY_IDS:
        if city == origin or city not in best:
            continue
        cost, _, path = best[city]
        pay: dict[int, int] = {}
        for road in path:
            for owner, amount in (fee_cache[road] or {}).items():
                pay[owner] = pay.get(owner, 0) + amount
        result[city] = (cost, pay, list(path))
    return result


def has_open_road(state: dict[str, Any], seat: int) -> bool:
    """Cheap test: can the architect leave at all?"""
    villages = state["villages"]
    return any(all(villages[v] for v in ROAD_VILLAGES[road]) for _other, road in ADJ[state["arch"][seat]])


def connected(villages: dict[str, list[int]], road: int) -> bool:
    return all(villages[v] for v in ROAD_VILLAGES[road])


__all__ = ["routes", "road_fees", "has_open_road", "connected", "ROADS"]
