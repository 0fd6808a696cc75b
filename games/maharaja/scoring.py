"""Evaluation of the maharaja's city (rule 8) and the final ranking (rule 10)."""

from __future__ import annotations

from typing import Any

from games.base import msg, seat_ref
from games.maharaja.board import HOMES
from games.maharaja.data import MONOPOLY_BONUS, SADHU, payout


def tiebreak(state: dict[str, Any], seat: int) -> int:
    """Lower is better: the lowest character number held (advanced 2: of all
    held); a seat without a card sorts last."""
    chars = state["chars"][seat]
    return min(chars) if chars else 99


def points(state: dict[str, Any], city: str) -> tuple[list[int], list[bool]]:
    """Points of every seat in ``city`` and whether it is present there
    (a building or the architect; the home point is not presence)."""
    n = state["players"]
    garden = state["gardens"][city]
    pts = [0] * n
    present = [False] * n
    for seat in range(n):
        p = state["city_houses"][city][seat]
        if state["arch"][seat] == city:
            p += 1
        outer = sum(1 for o in garden["outer"] if o == seat)
        p += outer * (2 if SADHU in state["chars"][seat] else 1)
        if garden["inner"] == seat:
            p += 3
        present[seat] = p > 0
        if state["options"].get("advanced", 0):
            p += sum(1 for c in state["chars"][seat] if HOMES[c] == city)
        pts[seat] = p
    return pts, present


def evaluate(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Pay the maharaja's city by rank; returns public events."""
    city = state["maharaja"]
    n = state["players"]
    pts, present = points(state, city)
    table = payout(n)
    order = sorted((s for s in range(n) if pts[s] > 0), key=lambda s: (-pts[s], tiebreak(state, s)))
    gold = [0] * n
    for rank, seat in enumerate(order):
        gold[seat] = table[rank]
    events = [msg("maharaja.event.evaluation", city=msg(f"maharaja.city.{city}"))]
    for seat in order:  # the rank payout, the monopoly bonus apart
        state["gold"][seat] += gold[seat]
        events.append(msg("maharaja.event.eval_pay", seat=seat_ref(seat), points=pts[seat], gold=gold[seat],
                          rank=order.index(seat) + 1))
    monopoly = None
    if sum(present) == 1:
        monopoly = present.index(True)
        gold[monopoly] += MONOPOLY_BONUS
        state["gold"][monopoly] += MONOPOLY_BONUS
        events.append(msg("maharaja.event.monopoly", seat=seat_ref(monopoly), gold=MONOPOLY_BONUS,
                          total=gold[monopoly]))
    state["last_eval"] = {"city": city, "points": pts, "gold": gold, "round": state["round"],
                          "monopoly": monopoly}
    return events


def final_order(state: dict[str, Any]) -> list[int]:
    """Most palaces, then most gold, then character order."""
    n = state["players"]
    return sorted(range(n), key=lambda s: (-palaces_built(state, s), -state["gold"][s], tiebreak(state, s)))


def palaces_built(state: dict[str, Any], seat: int) -> int:
    return state["palace_total"] - state["palaces"][seat]
