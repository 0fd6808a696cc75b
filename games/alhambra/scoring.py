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


def score_round(counts: list[list[int]], round_: str) -> list[list[int]]:
    """Points per scorer per type (``counts[scorer][type]``) for one round."""
    table = SCORING[round_]
    points = [[0] * len(TYPES) for _ in counts]
    for t in range(len(TYPES)):
        column = [c[t] for c in counts]
        ranks = [row[t] for row in table]
        for s, p in enumerate(column_points(column, ranks)):
            points[s][t] = p
    return points
