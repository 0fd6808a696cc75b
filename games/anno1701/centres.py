"""Which village centre pays a gold.

The rulebook: "for every gold spent turn *one of your* village centres" — the
choice is the player's.  The rule modules pay from the richer centre (the
default); after every action, a player whose gold went down while the split
between the two centres could have been different is asked how it is split
(a pending ``centre`` decision listing every possible split).  Unhappy
citizens depend only on the gold total, so the split decides only which centre
runs dry first (a riot stops the landscapes that centre guards).
"""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, m, push
from .schema import AnnoState, Pending


def splits(before: list[int], total: int) -> list[list[int]]:
    """Every way ``total`` gold can remain after paying from ``before``."""
    a, b = before
    return [[x, total - x] for x in range(max(0, total - b), min(a, total) + 1)]


def ask_centres(state: AnnoState, before: list[list[int]]) -> None:
    """After an action: a ``centre`` decision for each player who paid gold
    and could have paid it otherwise (the mover first)."""
    if state["phase"] == "over":
        return
    for seat in (1 - state["turn"], state["turn"]):   # pushed to the front: mover ends first
        now = state["settlements"][seat]["centres"]
        total = now[0] + now[1]
        if total >= sum(before[seat]):
            continue
        if len(splits(before[seat], total)) > 1:
            push(state, {"kind": "centre", "seat": seat, "before": list(before[seat]),
                         "paid": sum(before[seat]) - total}, front=True)


@cache
def centre_move(a: int, b: int, x: int, y: int) -> Action:
    """Of ``a`` and ``b`` gold, ``x`` and ``y`` remain."""
    return action(f"centre:{x}-{y}", "centre", "centre", "primary" if 0 not in (x, y) else "secondary",
                  one=a - x, two=b - y, left1=x, left2=y)


def legal_centre(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    a, b = item["before"]
    for x, y in splits(item["before"], a + b - item["paid"]):
        moves.append(centre_move(a, b, x, y))


def apply_centre(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    x, y = (int(n) for n in action.arg().split("-"))
    state["settlements"][seat]["centres"] = [x, y]
    a, b = item["before"]
    return [m("ev.centre", seat=seat_ref(seat), one=a - x, two=b - y, left1=x, left2=y)]
