"""What a seat (or the public) may see: built field by field from the state
(an allow-list, see ``schema``), never a copy of the state with secrets
removed."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, CURRENCY, SCORE_PILE, VALUE, YARD
from games.alhambra.schema import (
    AlhambraState,
    AlhambraView,
    MoneyCard,
    NextScoring,
    PendingGift,
    PublicView,
    SeatView,
    YardBuilding,
)
from games.alhambra.scoring import type_counts


def money_card(card: int) -> MoneyCard:
    return {"id": card, "currency": CURRENCY[card], "value": VALUE[card]}


def next_scoring(state: AlhambraState) -> NextScoring | None:
    """The next scoring card: its pile and, as players can count the piles,
    the range of positions (from the top of the money deck) it is in."""
    for round_ in ("A", "B"):
        if round_ not in state["scored_rounds"]:
            pile = SCORE_PILE[round_]
            start = sum(state["pile_sizes"][: pile - 1])
            end = start + state["pile_sizes"][pile - 1] - 1
            drawn = state["cards_drawn"]
            return {"card": round_, "pile": pile,
                    "first_position": max(start - drawn, 0) + 1, "last_position": end - drawn + 1}
    return None


def _yard(state: AlhambraState) -> list[YardBuilding | None]:
    return [None if b is None else {"id": b, "type": BUILDINGS[b][0], "price": BUILDINGS[b][1],
                                    "currency": YARD[slot]}
            for slot, b in enumerate(state["yard"])]


def _pending(state: AlhambraState) -> list[PendingGift]:
    return [{"seat": p["seat"], "kind": p["kind"], "building": p["building"], "exact": p["exact"]}
            for p in state["pending"]]


def public_view(state: AlhambraState) -> PublicView:
    neutral = state["neutral"]
    return {
        "game": "alhambra",
        "players": state["players"],
        "options": dict(state["options"]),
        "phase": state["phase"],
        "seat": None,
        "turn": state["turn"],
        "start_seat": state["start_seat"],
        "actions_taken": state["actions_taken"],
        "pending": _pending(state),
        "yard": _yard(state),
        "money_row": [money_card(c) for c in state["money_row"]],
        "money_deck_count": len(state["money_deck"]),
        "discard": list(state["discard"]),
        "building_deck_count": len(state["building_deck"]),
        "hand_sizes": [len(h) for h in state["hands"]],
        "money_known": [sorted(h) for h in state["hands"]],
        "built": [list(b) for b in state["built"]],
        "type_counts": [type_counts(b) for b in state["built"]],
        "neutral": None if neutral is None else list(neutral),
        "neutral_type_counts": None if neutral is None else type_counts(neutral),
        "scores": [list(s) for s in state["scores"]],
        "scored_rounds": list(state["scored_rounds"]),
        "next_scoring": next_scoring(state),
    }


def seat_view(state: AlhambraState, seat: int) -> SeatView:
    table = public_view(state)
    hand = sorted(state["hands"][seat], key=lambda c: (c // 27, -c))
    return {**table, "seat": seat, "hand": [money_card(c) for c in hand]}


def own_hand(view: AlhambraView) -> list[MoneyCard]:
    """The money of the seat a view was made for (none in the public view)."""
    return view["hand"] if view["seat"] is not None else []


def view(state: AlhambraState, seat: int | None) -> AlhambraView:
    if seat is None or not 0 <= seat < state["players"]:
        return public_view(state)
    return seat_view(state, seat)
