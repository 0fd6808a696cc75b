"""What a seat (or the public) may see."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, SCORE_PILE, YARD, money_currency, money_value
from games.alhambra.scoring import type_counts
from games.base import State


def _money(c: int) -> dict:
    return {"id": c, "cur": money_currency(c), "val": money_value(c)}


def next_scoring(state: State) -> dict | None:
    """The next scoring card: its pile and, as players can count the piles,
    the range of positions (from the top of the money deck) it is in."""
    for round_ in ("A", "B"):
        if round_ not in state["scored"]:
            pile = SCORE_PILE[round_]
            start = sum(state["piles"][: pile - 1])
            end = start + state["piles"][pile - 1] - 1
            drawn = state["drawn"]
            return {"card": round_, "pile": pile, "from": max(start - drawn, 0) + 1, "to": end - drawn + 1}
    return None


def view(state: State, seat: int | None) -> State:
    n = state["players"]
    v: State = {
        "game": "alhambra",
        "players": n,
        "seat": seat,
        "turn": state["turn"],
        "start": state["start"],
        "phase": state["phase"],
        "acts": state["acts"],
        "pending": state["pending"][0] if state["pending"] else None,
        "yard": [None if b is None else {"id": b, "type": BUILDINGS[b][0], "price": BUILDINGS[b][1],
                                         "cur": YARD[i]}
                 for i, b in enumerate(state["yard"])],
        "row": [_money(c) for c in state["row"]],
        "deck": len(state["deck"]),
        "discard": len(state["discard"]),
        "bdeck": len(state["bdeck"]),
        "hand_sizes": [len(h) for h in state["hands"]],
        "built": [list(b) for b in state["built"]],
        "counts": [type_counts(b) for b in state["built"]],
        "neutral": None if state["neutral"] is None else list(state["neutral"]),
        "neutral_counts": None if state["neutral"] is None else type_counts(state["neutral"]),
        "scores": [list(s) for s in state["scores"]],
        "scored": list(state["scored"]),
        "next_scoring": next_scoring(state),
    }
    if seat is not None and 0 <= seat < n:
        v["hand"] = [_money(c) for c in sorted(state["hands"][seat], key=lambda c: (c // 27, -c))]
    return v
