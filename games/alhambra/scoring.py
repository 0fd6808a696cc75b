"""Majority scoring (A, B, C)."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, SCORING, TYPES


def type_counts(buildings: list[int]) -> list[int]:
    counts = [0] * len(TYPES)
    for b in buildings:
        counts[BUILDINGS[b][0]] += 1
    return counts


def seat_points(column: list[int], seat: int, ranks: list[int]) -> int:
    """Points of ``seat`` for one type: ``column[scorer]`` buildings,
    ``ranks`` the points of the 1st, 2nd … place.

    Only scorers with at least one building take part.  Tied scorers add up
    the points of the places they occupy and share them, rounded down
    (rulebook: 3–3 gardens share 20+12 → 16 each; 2–2 behind them share
    5+0 → 2 each).
    """
    mine = column[seat]
    if not mine:
        return 0
    better = tied = 0
    for c in column:
        if c > mine:
            better += 1
        elif c == mine:
            tied += 1
    if better >= len(ranks):
        return 0
    return sum(ranks[better:better + tied]) // tied


def column_points(column: list[int], ranks: list[int]) -> list[int]:
    """Points per scorer for one type (see ``seat_points``)."""
    return [seat_points(column, s, ranks) for s in range(len(column))]


# Per round, per type: the points of the 1st, 2nd … place.
_PLACE_POINTS = {round_: tuple(tuple(row[t] for row in table) for t in range(len(TYPES)))
                 for round_, table in SCORING.items()}


def score_round(counts: list[list[int]], round_: str) -> list[list[int]]:
    """Points per scorer per type (``counts[scorer][type]``) for one round
    (the rule of ``seat_points``, computed once per building count)."""
    points = [[0] * len(TYPES) for _ in counts]
    for t, places in enumerate(_PLACE_POINTS[round_]):
        column = [c[t] for c in counts]
        order = sorted(column, reverse=True)
        # The share of every count: tied scorers split the points of the
        # places they occupy (rounded down); no building, no points.
        shares: dict[int, int] = {}
        better = 0
        last = min(len(places), len(order))
        while better < last and order[better]:
            count = order[better]
            tied = order.count(count)
            shares[count] = sum(places[better:better + tied]) // tied
            better += tied
        if shares:
            for scorer, count in enumerate(column):
                if count in shares:
                    points[scorer][t] = shares[count]
    return points
