"""Majority scoring (A, B, C), the final result (``outcome``) and the hard
AI's worth of a position a playout stopped in (``evaluate``)."""

from __future__ import annotations

import math

from games.alhambra.common import m
from games.alhambra.data import BUILDINGS, ROUNDS, SCORING, TYPES, VALUE
from games.alhambra.schema import AlhambraState
from games.base import Outcome, rank_rewards


def type_counts(buildings: list[int]) -> list[int]:
    counts = [0] * len(TYPES)
    for building in buildings:
        counts[BUILDINGS[building][0]] += 1
    return counts


def scorer_counts(state: AlhambraState) -> list[list[int]]:
    """Buildings per type of every scorer (2 players: the neutral last)."""
    counts = [type_counts(built) for built in state["built"]]
    if state["neutral"] is not None:
        counts.append(type_counts(state["neutral"]))
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
    for count in column:
        if count > mine:
            better += 1
        elif count == mine:
            tied += 1
    if better >= len(ranks):
        return 0
    return sum(ranks[better:better + tied]) // tied


def column_points(column: list[int], ranks: list[int]) -> list[int]:
    """Points per scorer for one type (see ``seat_points``)."""
    return [seat_points(column, scorer, ranks) for scorer in range(len(column))]


# Per round, per type: the points of the 1st, 2nd … place.
_PLACE_POINTS = {round_: tuple(tuple(row[t] for row in table) for t in range(len(TYPES)))
                 for round_, table in SCORING.items()}


def score_round(counts: list[list[int]], round_: str) -> list[list[int]]:
    """Points per scorer per type (``counts[scorer][type]``) for one round
    (the rule of ``seat_points``, computed once per building count)."""
    points = [[0] * len(TYPES) for _ in counts]
    for t, places in enumerate(_PLACE_POINTS[round_]):
        column = [scorer[t] for scorer in counts]
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


def _ranking(totals: list[int]) -> list[list[int]]:
    """Groups of seats tied on their totals, best first (the rulebook names
    no tie-break: tied players share the place)."""
    return [[seat for seat, total in enumerate(totals) if total == value]
            for value in sorted(set(totals), reverse=True)]


def outcome(state: AlhambraState) -> Outcome:
    """The scores of the three rounds added up; one line per round and the total."""
    seats = range(state["players"])
    totals = [sum(state["scores"][seat]) for seat in seats]
    details = []
    for seat in seats:
        lines = [m("detail.round", round=round_, points=state["scores"][seat][index])
                 for index, round_ in enumerate(ROUNDS)]
        lines.append(m("detail.total", points=totals[seat]))
        details.append(lines)
    return Outcome(totals, _ranking(totals), details)


EVAL_TEMPERATURE = 8.0   # points: how sure a lead in the estimate is of winning
EVAL_MONEY = 0.3         # points per money unit in hand (it buys buildings still)


def estimate(state: AlhambraState) -> list[float]:
    """Each seat's estimated final score: points so far, what the majorities
    as they stand score in the rounds still to come, and the money in hand."""
    n = state["players"]
    totals = [float(sum(state["scores"][seat])) for seat in range(n)]
    counts = scorer_counts(state)
    for round_ in ROUNDS:
        if round_ not in state["scored_rounds"]:
            for seat, points in enumerate(score_round(counts, round_)[:n]):
                totals[seat] += sum(points)
    for seat, hand in enumerate(state["hands"]):
        totals[seat] += EVAL_MONEY * sum(VALUE[card] for card in hand)
    return totals


def evaluate(state: AlhambraState) -> list[float]:
    """Rewards as ``rank_rewards`` gives them at the end: 0.75 for winning
    (here a softmax of the estimated scores) and 0.25 by the places beaten."""
    n = state["players"]
    if state["phase"] == "over":
        return rank_rewards(_ranking([sum(state["scores"][seat]) for seat in range(n)]), n)
    totals = estimate(state)
    top = max(totals)
    weights = [math.exp((total - top) / EVAL_TEMPERATURE) for total in totals]
    norm = sum(weights)
    rewards = []
    for seat in range(n):
        beaten = sum(1.0 if totals[other] < totals[seat] else 0.5 if totals[other] == totals[seat] else 0.0
                     for other in range(n) if other != seat)
        rewards.append(0.75 * weights[seat] / norm + 0.25 * beaten / max(n - 1, 1))
    return rewards
