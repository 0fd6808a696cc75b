"""Evaluation of the maharaja's city (rule 8) and the final ranking (rule 10)."""

from __future__ import annotations

from games.base import Msg
from games.maharaja.board import HOMES
from games.maharaja.common import SEAT_REFS, m, tiebreak
from games.maharaja.data import MONOPOLY_BONUS, SADHU, payout
from games.maharaja.schema import MaharajaState, Table


def points(table: Table, city: str) -> tuple[list[int], list[bool]]:
    """Points of every seat in ``city`` and whether it is present there
    (a building or the architect; the home point is not presence)."""
    n = table["players"]
    garden = table["gardens"][city]
    houses = table["city_houses"][city]
    architects = table["architects"]
    characters = table["characters"]
    homes = bool(table["options"]["advanced"])
    pts = [0] * n
    present = [False] * n
    for seat in range(n):
        p = houses[seat]
        if architects[seat] == city:
            p += 1
        outer = garden["outer"].count(seat)
        p += outer * (2 if SADHU in characters[seat] else 1)
        if garden["inner"] == seat:
            p += 3
        present[seat] = p > 0
        if homes:
            p += sum(1 for c in characters[seat] if HOMES[c] == city)
        pts[seat] = p
    return pts, present


def evaluate(state: MaharajaState) -> list[Msg]:
    """Pay the maharaja's city by rank; returns public events."""
    city = state["maharaja"]
    n = state["players"]
    pts, present = points(state, city)
    table = payout(n)
    order = sorted((s for s in range(n) if pts[s] > 0), key=lambda s: (-pts[s], tiebreak(state, s)))
    gold = [0] * n
    for rank, seat in enumerate(order):
        gold[seat] = table[rank]
    events = [m("event.evaluation", city=m(f"city.{city}"))]
    for rank, seat in enumerate(order):  # the rank payout, the monopoly bonus apart
        state["gold"][seat] += gold[seat]
        events.append(m("event.eval_pay", seat=SEAT_REFS[seat], points=pts[seat], gold=gold[seat], rank=rank + 1))
    monopoly = None
    if sum(present) == 1:
        monopoly = present.index(True)
        gold[monopoly] += MONOPOLY_BONUS
        state["gold"][monopoly] += MONOPOLY_BONUS
        events.append(m("event.monopoly", seat=SEAT_REFS[monopoly], gold=MONOPOLY_BONUS, total=gold[monopoly]))
    state["last_evaluation"] = {"city": city, "points": pts, "gold": gold, "round": state["round"],
                                "monopoly": monopoly}
    return events


def final_order(table: Table) -> list[int]:
    """Most palaces, then most gold, then character order (the public view
    has no gold before the end: it is only asked then)."""
    gold = table["gold"]
    return sorted(range(table["players"]),
                  key=lambda s: (-palaces_built(table, s), -(gold[s] or 0), tiebreak(table, s)))


def palaces_built(table: Table, seat: int) -> int:
    return table["palace_total"] - table["palaces_left"][seat]
