"""Evaluation of the maharaja's city at the end of every round (rule 8)."""

from __future__ import annotations

from games.base import Msg, seat_ref
from games.maharaja.board import HOMES
from games.maharaja.common import m, node_msg
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
    present = [points > 0 for points in pts]
    if table["options"]["advanced"]:  # a home point per character at home here (rule 11.2.3)
        for seat, chars in enumerate(characters):
            for c in chars:
                if HOMES[c] == city:
                    pts[seat] += 1
    return pts, present


# The rank payouts by the number of players.
_PAYOUTS = {players: payout(players) for players in range(2, 6)}


def evaluate_city(state: MaharajaState) -> list[Msg]:
    """Pay the maharaja's city by rank; returns public events."""
    city = state["maharaja"]
    n = state["players"]
    pts, present = points(state, city)
    payouts = _PAYOUTS[n]
    gold = [0] * n
    events = [m("event.evaluation", city=node_msg(city))]
    # most points first, ties in character order (``sorted`` is stable); the rank
    # payout, the monopoly bonus apart, to the seats with points (those without come last)
    for rank, seat in enumerate(sorted(state["character_order"], key=pts.__getitem__, reverse=True)):
        if not pts[seat]:
            break
        paid = gold[seat] = payouts[rank]
        state["gold"][seat] += paid
        events.append(m("event.eval_pay", seat=seat_ref(seat), points=pts[seat], gold=paid, rank=rank + 1))
    monopoly = None
    if present.count(True) == 1:  # the only one present earns the bonus besides
        monopoly = present.index(True)
        gold[monopoly] += MONOPOLY_BONUS
        state["gold"][monopoly] += MONOPOLY_BONUS
        events.append(m("event.monopoly", seat=seat_ref(monopoly), gold=MONOPOLY_BONUS, total=gold[monopoly]))
    state["last_evaluation"] = {"city": city, "points": pts, "gold": gold, "round": state["round"],
                                "monopoly": monopoly}
    return events
