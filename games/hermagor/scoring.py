"""Final income and the result (most money, then more discs on the price
table -- production rows and nobility track alike --, then the nobility disc
nearest the track's right end)."""

from __future__ import annotations

from games.base import Msg, Outcome, State
from games.hermagor import board
from games.hermagor.common import m
from games.hermagor.data import END_VALUE, GOODS


def production_income(state: State, seat: int) -> int:
    """The red value of each row's price, once per row with a disc of the seat."""
    return sum(END_VALUE[state["prices"][g]] for g in GOODS if seat in state["prod"][g])


def duchy_counts(state: State, seat: int) -> list[int]:
    return [sum(1 for v in vs if seat in state["village"][v]) for vs in board.DUCHIES]


def posts_income(state: State, seat: int) -> int:
    return min(duchy_counts(state, seat)) * (4 if state["players"] == 5 else 3)


def main_road_counts(state: State) -> list[int]:
    return [sum(1 for v in board.MAIN_ROAD if s in state["village"][v])
            for s in range(state["players"])]


def main_road_income(counts: list[int]) -> list[int]:
    """+5 to the most, −5 to the fewest; ties all share it."""
    hi, lo = max(counts), min(counts)
    return [(5 if c == hi else 0) - (5 if c == lo else 0) for c in counts]


def final_income(state: State, events: list[Msg]) -> None:
    n = state["players"]
    road = main_road_income(main_road_counts(state))
    details = []
    for seat in range(n):
        prod = production_income(state, seat)
        posts = posts_income(state, seat)
        before = state["money"][seat]
        # a player who cannot pay the whole main-road penalty pays what is left
        after = max(0, before + prod + posts + road[seat])
        state["money"][seat] = after
        counts = duchy_counts(state, seat)
        details.append({"prod": prod, "posts": posts, "duchies": counts, "road": road[seat],
                        "paid": after - before - prod - posts, "total": after})
        events.append(m("ev.final", seat={"seat": seat}, prod=prod, posts=posts,
                        road=after - before - prod - posts, total=after))
    state["final"] = details
    state["phase"] = "over"


def discs_on_table(state: State, seat: int) -> int:
    """Discs on the price table: the nobility track is a part of it (ruling),
    so its discs count beside the production buildings."""
    return sum(row.count(seat) for row in state["prod"].values()) + state["nobility"].count(seat)


def nobility_reach(state: State, seat: int) -> int:
    track = state["nobility"]
    return max((i for i, c in enumerate(track) if c == seat), default=-1)


def outcome(state: State) -> Outcome:
    n = state["players"]
    keys = {s: (state["money"][s], discs_on_table(state, s), nobility_reach(state, s))
            for s in range(n)}
    ranking: list[list[int]] = []
    for s in sorted(range(n), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[s]:
            ranking[-1].append(s)
        else:
            ranking.append([s])
    details = []
    for s in range(n):
        d = (state.get("final") or [None] * n)[s]
        if d is None:
            details.append([])
            continue
        a, b, c = d["duchies"]
        details.append([
            m("final.prod", amount=d["prod"]),
            m("final.posts", a=a, b=b, c=c, amount=d["posts"]),
            m("final.road", amount=d["road"] if d["paid"] == d["road"] else d["paid"]),
            m("final.total", amount=d["total"], discs=keys[s][1]),
        ])
    return Outcome(scores=[state["money"][s] for s in range(n)], ranking=ranking, details=details)
