"""Evaluation of the maharaja's city (rule 8) and the final ranking (rule 10)."""

from __future__ import annotations

from games.base import Msg
from games.maharaja.board import CITY_IDS, HOMES
from games.maharaja.common import NODE_MSG, SEAT_REFS, character_order, kept_character_order, m
from games.maharaja.data import MONOPOLY_BONUS, SADHU, payout
from games.maharaja.schema import MaharajaState, Table


def points(table: Table, city: str) -> tuple[list[int], list[bool]]:
    """Points of every seat in ``city`` and whether it is present there
    (a building or the architect; the home point is not presence)."""
    garden = table["gardens"][city]
    characters = table["characters"]
    pts = [*table["city_houses"][city]]  # a point per house
    for seat, here in enumerate(table["architects"]):
        if here == city:
            pts[seat] += 1
    for seat in garden["outer"]:
        if seat >= 0:  # (a neutral palace is negative)
            pts[seat] += 2 if SADHU in characters[seat] else 1
    inner = garden["inner"]
    if inner is not None:
        pts[inner] += 3
    present = [*map(bool, pts)]  # (points are never negative)
    if table["options"]["advanced"]:  # a home point per character at home here
        for seat, chars in enumerate(characters):
            for c in chars:
                if HOMES[c] == city:
                    pts[seat] += 1
    return pts, present


# The rank payouts by the number of players.
_PAYOUTS = {n: payout(n) for n in range(2, 6)}
# The keys of the evaluation's events (made as literals, without a call: every round has them).
_EVALUATION, _EVAL_PAY = (m(key)["key"] for key in ("event.evaluation", "event.eval_pay"))
# The evaluation's opening event, by city (shared, read-only).
_EVALUATION_EVENTS = {city: {"key": _EVALUATION, "args": {"city": NODE_MSG[city]}} for city in CITY_IDS}


def evaluate(state: MaharajaState) -> list[Msg]:
    """Pay the maharaja's city by rank; returns public events."""
    city = state["maharaja"]
    n = state["players"]
    pts, present = points(state, city)
    payouts = _PAYOUTS[n]
    gold = [0] * n
    events = [_EVALUATION_EVENTS[city]]
    # most points first, then the character order (``sorted`` is stable, reversed too); the rank
    # payout, the monopoly bonus apart, to the seats with points (those without come last)
    for rank, seat in enumerate(sorted(kept_character_order(state), key=pts.__getitem__, reverse=True)):
        if not pts[seat]:
            break
        paid = gold[seat] = payouts[rank]
        state["gold"][seat] += paid
        events.append({"key": _EVAL_PAY, "args": {"seat": SEAT_REFS[seat], "points": pts[seat], "gold": paid,
                                                  "rank": rank + 1}})
    monopoly = None
    if present.count(True) == 1:
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
    return sorted(character_order(table), key=lambda s: (-palaces_built(table, s), -(gold[s] or 0)))


def palaces_built(table: Table, seat: int) -> int:
    return table["palace_total"] - table["palaces_left"][seat]
