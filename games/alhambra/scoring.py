"""Majority scoring (A, B, C)."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, SCORING, TYPES


def type_counts(buildings: list[int]) -> list[int]:
    counts = [0] * len(TYPES)
    for b in buildings:
        counts[BUILDINGS[b][0]] += 1
    return counts


def column_points(column: list[int], ranks: list[int]) -> list[int]:
    """Points per scorer for one type: ``column[scorer]`` buildings,
    ``ranks`` the points of the 1st, 2nd … place.

    Only scorers with at least one building take part.  Tied scorers add up
    the points of the places they occupy and share them, rounded down
    (rulebook: 3–3 gardens share 20+12 → 16 each; 2–2 behind them share
    5+0 → 2 each).
    """
    points = [0] * len(column)
    pos = 0
    for count in sorted({c for c in column if c > 0}, reverse=True):
        if pos >= len(ranks):
            break
        group = [s for s, c in enumerate(column) if c == count]
        k = len(group)
        share = sum(ranks[pos:pos + k]) // k
        for s in group:
            points[s] = share
        pos += k
    return points


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
