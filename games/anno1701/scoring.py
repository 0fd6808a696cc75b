"""The result of a finished game (``outcome``) and the hard AI's estimate of
a position a playout reached (``evaluate``).  The game has no points to add
up: it ends the moment someone wins (two merchants, 7 glory, or the rival
rioting out in both centres), and there is no tie-break."""

from __future__ import annotations

import math

from games.base import Msg, Outcome, rank_rewards

from .common import m
from .schema import AnnoState
from .settlement import glory, gold, has, levels, merchants, riots, symbol


def outcome_lines(state: AnnoState, seat: int) -> list[Msg]:
    settlement = state["settlements"][seat]
    lines = [m("ev.line.glory", n=glory(settlement)), m("ev.line.merchants", n=merchants(settlement)),
             m("ev.line.gold", n=gold(settlement))]
    if state["winner"] is not None:
        key = "line.won" if state["winner"] == seat else "line.lost"
        lines.append(m("ev." + key, reason=m("ev.reason." + state["win_reason"])))
    return lines


def outcome(state: AnnoState) -> Outcome:
    """The glory of both settlements; the winner first (no winner: a shared place)."""
    scores = [glory(state["settlements"][seat]) for seat in (0, 1)]
    winner = state["winner"]
    ranking = [[winner], [1 - winner]] if winner is not None else [[0, 1]]
    return Outcome(scores, ranking, [outcome_lines(state, seat) for seat in (0, 1)])


# --- the estimate of an unfinished game ----------------------------------------
# A logistic regression of who won on the difference of these features, fitted
# on positions of 1,200 normal-vs-normal games (``python -m
# benchmarks.anno_estimate``).  On 300 other games it predicts the winner with a
# log loss of 0.52, where the hand-set weights it replaced scored 0.65 and a
# coin 0.69: a playout cut short is only worth what this estimate knows.
WEIGHTS = {
    "glory": 0.33, "merchants": 1.33, "citizens": 0.84, "glory_5": 0.33, "glory_6": 1.19,
    "food": 0.10, "cloth": 0.08, "luxury": 0.31, "landscape_goods": 0.05, "gold_6": 0.21,
    "gold": -0.07, "buildings": 0.20, "ship": 0.17, "riot_risk": -0.08, "riots": -0.10,
    "sacks": -0.10, "cannons": 0.34, "trade_token": 0.24, "sea_token": -0.15, "hand": -0.02,
    "firestation": 0.59,
}
TO_MOVE = -0.08  # the seat whose turn it is (mid-turn, it has often spent already)


def features(state: AnnoState, seat: int) -> dict[str, float]:
    """What the estimate weighs of ``seat``'s settlement (``WEIGHTS`` names them)."""
    settlement = state["settlements"][seat]
    land = settlement["landscapes"]
    money = gold(settlement)
    citizen_levels = levels(settlement)
    total_glory = sum(citizen_levels)
    fire = has(settlement, "firestation")
    due = 0 if fire else sum(1 for level in citizen_levels if level >= 2)   # fires cost a gold per citizen up
    return {
        "glory": total_glory, "merchants": citizen_levels.count(3),
        "citizens": sum(1 for level in citizen_levels if level >= 2),
        "glory_5": total_glory >= 5, "glory_6": total_glory >= 6,
        "food": min(land[1], 4), "cloth": min(land[2], 3),
        "luxury": min(settlement["luxury"]["rum"] + settlement["luxury"]["tobacco"], 5),
        "landscape_goods": sum(land),
        "gold_6": min(money, 6), "gold": money,
        "buildings": sum(1 for card in settlement["slots"] if card is not None),
        "ship": settlement["ship"], "riot_risk": money <= max(due, 1), "riots": riots(settlement),
        "sacks": symbol(settlement, "sacks"), "cannons": symbol(settlement, "cannons"),
        "trade_token": state["trade_holder"] == seat, "sea_token": state["sea_holder"] == seat,
        "hand": len(settlement["hand"]), "firestation": fire,
    }


def evaluate(state: AnnoState) -> list[float]:
    """At the end, the ranking's rewards; before it, seat 0's chance to win
    as the fitted logistic of the two settlements' difference."""
    if state["phase"] == "over":
        return rank_rewards(outcome(state).ranking, 2)
    ours, theirs = features(state, 0), features(state, 1)
    z = sum(weight * (ours[name] - theirs[name]) for name, weight in WEIGHTS.items())
    z += TO_MOVE if state["turn"] == 0 else -TO_MOVE
    first = 1.0 / (1.0 + math.exp(-z))
    return [first, 1.0 - first]
