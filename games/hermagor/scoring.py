"""Final income and the result (most money, then more discs on the price
table -- production rows and nobility track alike --, then the nobility disc
nearest the track's right end), and the hard AI's estimate of a position
(``evaluate``)."""

from __future__ import annotations

import math

from games.base import Msg, Outcome, rank_rewards
from games.hermagor import board
from games.hermagor.common import Table, m
from games.hermagor.data import END_VALUE, GOODS
from games.hermagor.schema import FinalIncome, HermagorState


def production_income(state: Table, seat: int) -> int:
    """The red value of each row's price, once per row with a disc of the seat."""
    return sum(END_VALUE[state["prices"][g]] for g in GOODS if seat in state["production"][g])


def duchy_counts(state: Table, seat: int) -> list[int]:
    return [sum(1 for v in vs if seat in state["village_posts"][v]) for vs in board.DUCHIES]


def posts_income(state: Table, seat: int) -> int:
    return min(duchy_counts(state, seat)) * (4 if state["players"] == 5 else 3)


def main_road_counts(state: Table) -> list[int]:
    return [sum(1 for v in board.MAIN_ROAD if s in state["village_posts"][v])
            for s in range(state["players"])]


def main_road_income(counts: list[int]) -> list[int]:
    """+5 to the most, −5 to the fewest; ties all share it."""
    hi, lo = max(counts), min(counts)
    return [(5 if c == hi else 0) - (5 if c == lo else 0) for c in counts]


def final_income(state: HermagorState, events: list[Msg]) -> None:
    n = state["players"]
    road = main_road_income(main_road_counts(state))
    details: list[FinalIncome] = []
    for seat in range(n):
        prod = production_income(state, seat)
        counts = duchy_counts(state, seat)
        posts = posts_income(state, seat)
        before = state["money"][seat]
        # a player who cannot pay the whole main-road penalty pays what is left
        after = max(0, before + prod + posts + road[seat])
        state["money"][seat] = after
        details.append({"production": prod, "posts": posts, "duchies": counts, "main_road": road[seat],
                        "road_paid": after - before - prod - posts, "total": after})
        events.append(m("ev.final", seat={"seat": seat}, prod=prod, posts=posts,
                        road=after - before - prod - posts, total=after))
    state["final_income"] = details
    state["phase"] = "over"
    state["turn"] = None


def discs_on_table(state: Table, seat: int) -> int:
    """Discs on the price table: the nobility track is a part of it (ruling),
    so its discs count beside the production buildings."""
    return sum(row.count(seat) for row in state["production"].values()) + state["nobility"].count(seat)


def nobility_reach(state: Table, seat: int) -> int:
    track = state["nobility"]
    return max((i for i, c in enumerate(track) if c == seat), default=-1)


def outcome(state: Table) -> Outcome:
    n = state["players"]
    keys = {s: (state["money"][s], discs_on_table(state, s), nobility_reach(state, s))
            for s in range(n)}
    ranking: list[list[int]] = []
    for s in sorted(range(n), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[s]:
            ranking[-1].append(s)
        else:
            ranking.append([s])
    details: list[list[Msg]] = []
    for s in range(n):
        d = (state.get("final_income") or [None] * n)[s]
        if d is None:
            details.append([])
            continue
        a, b, c = d["duchies"]
        details.append([
            m("final.prod", amount=d["production"]),
            m("final.posts", a=a, b=b, c=c, amount=d["posts"]),
            m("final.road", amount=d["main_road"] if d["road_paid"] == d["main_road"] else d["road_paid"]),
            m("final.total", amount=d["total"], discs=keys[s][1]),
        ])
    return Outcome(scores=[state["money"][s] for s in range(n)], ranking=ranking, details=details)


def evaluate(state: Table) -> list[float]:
    """Rewards for a playout's end: the ranking at the game end; before it,
    each seat's money plus what the table promises (production value at
    today's prices, duchies, main road, posts still in hand), made smooth:
    a share of the win by a softmax, the places beaten by a logistic."""
    n = state["players"]
    if state["phase"] == "over":
        return rank_rewards(outcome(state).ranking, n)
    road = main_road_income(main_road_counts(state))
    est = [state["money"][s] + production_income(state, s) + posts_income(state, s)
           + road[s] + 4 * state["posts_in_hand"][s] for s in range(n)]
    top = max(est)
    weights = [math.exp((e - top) / _TEMPERATURE) for e in est]
    total = sum(weights)
    out = []
    for s in range(n):
        beaten = sum(1 / (1 + math.exp((est[o] - est[s]) / _TEMPERATURE)) for o in range(n) if o != s)
        out.append(0.75 * weights[s] / total + 0.25 * beaten / (n - 1))
    return out


_TEMPERATURE = 6.0  # money: an estimate this far ahead is a fair but not a sure lead
