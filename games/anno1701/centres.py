"""Which village centre pays a gold, and the confirmation before a move that
loses the game for the mover.

The rulebook: "for every gold spent turn *one of your* village centres" — the
choice is the player's.  The rule modules pay from the richer centre (the
default); after every action, a player whose gold went down while the split
between the two centres could have been different is asked how it is split
(a pending ``centre`` decision listing every possible split).  Unhappy
citizens depend only on the gold total, so the split decides only which centre
runs dry first (a riot stops the landscapes that centre guards).

A move of a player that would leave both of his centres in riot (spending his
last gold) ends the game against him: it asks for confirmation first
(``confirm``), but only when the outcome is certain (the move draws no chance).
"""

from __future__ import annotations

from games.base import clone

from .common import act, ev, push, who
from .settlement import gold


def splits(before: list[int], total: int) -> list[list[int]]:
    """Every way ``total`` gold can remain after paying from ``before``."""
    a, b = before
    return [[x, total - x] for x in range(max(0, total - b), min(a, total) + 1)]


def ask_centres(state: dict, before: list[list[int]]) -> list:
    """After an action: a ``centre`` decision for each player who paid gold
    and could have paid it otherwise (the mover first)."""
    if state["phase"] == "over":
        return []
    for seat in (1 - state["current"], state["current"]):   # pushed to the front: mover ends first
        now = state["p"][seat]["centres"]
        total = sum(now)
        if total >= sum(before[seat]):
            continue
        options = splits(before[seat], total)
        if len(options) > 1:
            push(state, {"kind": "centre", "seat": seat, "before": list(before[seat]),
                         "paid": sum(before[seat]) - total}, front=True)
    return []


def legal_centre(state, seat, item):
    total = sum(item["before"]) - item["paid"]
    a, b = item["before"]
    return [act(f"centre:{x}-{y}", "centre", "centre", "primary" if 0 not in (x, y) else "secondary",
                one=a - x, two=b - y, left1=x, left2=y)
            for x, y in splits(item["before"], total)]


def apply_centre(state, seat, aid):
    item = state["pending"].pop(0)
    x, y = (int(n) for n in aid.split(":")[1].split("-"))
    state["p"][seat]["centres"] = [x, y]
    a, b = item["before"]
    return [ev("centre", seat=who(seat), one=a - x, two=b - y, left1=x, left2=y)]


def default_centre(state, seat, item):
    c = state["p"][seat]["centres"]
    return f"centre:{c[0]}-{c[1]}"


# --- confirmation -------------------------------------------------------------
def loses_by_riot(game, state: dict, seat: int, aid: str) -> bool:
    """Would ``aid`` certainly end the game against ``seat`` through a riot in
    both centres?  (Only moves that draw no chance are judged.)"""
    item = state["pending"][0] if state["pending"] else None
    if aid == "send" and item and item["kind"] == "offer":
        # An offer of all one's gold loses the moment the rival accepts it.
        return item["give"].get("gold", 0) >= gold(state["p"][seat])
    if gold(state["p"][seat]) > 3:         # no other single move spends more than 3 gold
        return False
    sim = clone(state)
    game.dispatch(sim, seat, aid)
    return (sim["phase"] == "over" and sim["winner"] != seat and sim["reason"] == "riot"
            and sim["rng"] == state["rng"])


def legal_confirm(state, seat, item):
    return [act("confirm:yes", "confirm_yes", "confirm", "danger"),
            act("confirm:no", "confirm_no", "confirm", "primary")]
