"""The final ranking (rule 10) and the hard AI's estimate of a position.

At the end: the ranking.  Before it: palaces decide, gold breaks ties and
becomes palaces later, so each seat's worth is its palaces plus its gold in
palaces (at its own price) plus a little for houses standing in cities (they
earn at every visit of the maharaja).  Worth becomes rewards softly: a chance
to be first (softmax) and the share of rivals it is ahead of (logistic), mixed
like ``rank_rewards`` (3/4 winning, 1/4 places).
"""

from __future__ import annotations

import math

from games.base import Outcome, rank_rewards
from games.maharaja.common import char_msg, character_order, m
from games.maharaja.data import ARTIST, ARTIST_PALACE_COST, PALACE_COST
from games.maharaja.schema import MaharajaState, Table

# A palace's worth in the softmax: how sure a lead of one palace is.
SHARPNESS = 2.5
HOUSE_GOLD = 0.7  # a house in a city, in gold


def palaces_built(table: Table, seat: int) -> int:
    return table["palace_total"] - table["palaces_left"][seat]


def final_order(table: Table) -> list[int]:
    """Most palaces, then most gold, then character order (the public view
    has no gold before the end: it is only asked then)."""
    gold = table["gold"]
    return sorted(character_order(table), key=lambda seat: (-palaces_built(table, seat), -(gold[seat] or 0)))


def outcome(state: MaharajaState) -> Outcome:
    n = state["players"]
    order = final_order(state)
    scores = [palaces_built(state, seat) for seat in range(n)]
    details = [[m("detail.palaces", n=scores[seat]), m("detail.gold", gold=state["gold"][seat]),
                m("detail.character", char=[char_msg(c) for c in sorted(state["characters"][seat])])]
               for seat in range(n)]
    return Outcome(scores=scores, ranking=[[seat] for seat in order], details=details)


def worth(state: MaharajaState) -> list[float]:
    n = state["players"]
    houses = [0] * n
    for per_seat in state["city_houses"].values():
        for seat, k in enumerate(per_seat):
            houses[seat] += k
    out = []
    for seat in range(n):
        cost = ARTIST_PALACE_COST if ARTIST in state["characters"][seat] else PALACE_COST
        out.append(palaces_built(state, seat) + (state["gold"][seat] + HOUSE_GOLD * houses[seat]) / cost)
    return out


def evaluate(state: MaharajaState) -> list[float]:
    n = state["players"]
    if state["phase"] == "over":
        return rank_rewards([[seat] for seat in final_order(state)], n)
    w = worth(state)
    top = max(w)
    weights = [math.exp(SHARPNESS * (x - top)) for x in w]
    total = sum(weights)
    rewards = []
    for seat in range(n):
        ahead = sum(1.0 / (1.0 + math.exp(SHARPNESS * (w[o] - w[seat]))) for o in range(n) if o != seat)
        rewards.append(0.75 * weights[seat] / total + 0.25 * ahead / max(n - 1, 1))
    return rewards
