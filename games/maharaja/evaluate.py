"""The hard AI's estimate of a position its playout reached.

At the end: the ranking.  Before it: palaces decide, gold breaks ties and
becomes palaces later, so each seat's worth is its palaces plus its gold in
palaces (at its own price) plus a little for houses standing in cities (they
earn at every visit of the maharaja).  Worth becomes rewards softly: a chance
to be first (softmax) and the share of rivals it is ahead of (logistic), mixed
like ``rank_rewards`` (3/4 winning, 1/4 places).
"""

from __future__ import annotations

import math

from games.base import rank_rewards
from games.maharaja import scoring
from games.maharaja.data import ARTIST, ARTIST_PALACE_COST, PALACE_COST
from games.maharaja.schema import MaharajaState

# A palace's worth in the softmax: how sure a lead of one palace is.
SHARPNESS = 2.5
HOUSE_GOLD = 0.7  # a house in a city, in gold


def worth(state: MaharajaState) -> list[float]:
    n = state["players"]
    houses = [0] * n
    for per_seat in state["city_houses"].values():
        for s, k in enumerate(per_seat):
            houses[s] += k
    out = []
    for s in range(n):
        cost = ARTIST_PALACE_COST if ARTIST in state["characters"][s] else PALACE_COST
        out.append(scoring.palaces_built(state, s) + (state["gold"][s] + HOUSE_GOLD * houses[s]) / cost)
    return out


def evaluate(state: MaharajaState) -> list[float]:
    n = state["players"]
    if state["phase"] == "over":
        return rank_rewards([[s] for s in scoring.final_order(state)], n)
    w = worth(state)
    top = max(w)
    weights = [math.exp(SHARPNESS * (x - top)) for x in w]
    total = sum(weights)
    rewards = []
    for s in range(n):
        ahead = sum(1.0 / (1.0 + math.exp(SHARPNESS * (w[o] - w[s]))) for o in range(n) if o != s)
        rewards.append(0.75 * weights[s] / total + 0.25 * ahead / max(n - 1, 1))
    return rewards
