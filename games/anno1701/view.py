"""What the public and each seat may see, built field by field (the schemas
in ``schema.py`` are the allow-lists): the table, both settlements with their
derived numbers, the pending decisions; a seat's view adds its hand, the pile
it is searching, the hand it is spying on and the move it is to confirm."""

from __future__ import annotations

from typing import Any, cast

from games.views import allowed

from .schema import (
    AnnoState,
    AnnoView,
    Pending,
    PendingView,
    PublicView,
    SeatPendingView,
    SeatView,
    Settlement,
    SettlementView,
    TableView,
    VoyageView,
)
from .settlement import land_goods, riots, symbols, unhappy


def settlement_view(p: Settlement) -> SettlementView:
    """A settlement as everybody sees it, with the derived numbers (for the
    renderer and the AI); of the hand only its size."""
    a, b = p["centres"]
    levels = [len(stack) - 1 for stack in p["citizens"]]
    sails, cannons, sacks, happy = symbols(p)
    luxury = p["luxury"]
    return {
        "landscapes": list(p["landscapes"]),
        "centres": [a, b],
        "luxury": {"rum": luxury["rum"], "tobacco": luxury["tobacco"]},
        "ship": p["ship"],
        "slots": list(p["slots"]),
        "citizens": list(map(list, p["citizens"])),
        "goods": land_goods(p),
        "gold": a + b,
        "unhappy": unhappy(p),
        "riots": riots(p),
        "glory": sum(levels),
        "levels": levels,
        "sails": sails,
        "cannons": cannons,
        "sacks": sacks,
        "happy": happy,
        "speed": 3 + sails,
        "hand_size": len(p["hand"]),
    }


# What a pending decision is about, which everybody may see.
_OPEN_KEYS = frozenset({"kind", "seat", "slot", "remaining", "card", "good", "give", "get", "pile", "before",
                        "paid"})


def _open_part(item: Pending) -> dict[str, Any]:
    # The allow-list asked only about the keys the item holds (a few of the eleven).
    return allowed(item, filter(_OPEN_KEYS.__contains__, item))


def pending_view(item: Pending) -> PendingView:
    """A pending decision as everybody sees it."""
    return cast(PendingView, _open_part(item))


def seat_pending_view(state: AnnoState, item: Pending, seat: int) -> SeatPendingView:
    """A pending decision as ``seat`` sees it: its own searched pile, the
    rival's hand it spies on, the move it is asked to confirm."""
    shown = cast(SeatPendingView, _open_part(item))
    if item["seat"] == seat:
        if item["kind"] == "pick":
            shown["cards"] = list(state["piles"][item["pile"]])
        elif item["kind"] == "spy":
            shown["cards"] = list(state["settlements"][1 - seat]["hand"])
        elif item["kind"] == "confirm":
            shown["action"] = item["action"]
    return shown


def voyage_view(state: AnnoState) -> VoyageView | None:
    """The cards turned so far (never the order of the rest)."""
    v = state["voyage"]
    if v is None:
        return None
    return {"seen": list(v["seen"]), "speed": v["speed"], "fight": v["fight"], "bonus": v["bonus"],
            "opponent_speed": v["opponent_speed"]}


def view(state: AnnoState, seat: int | None) -> AnnoView:
    dice = state["dice"]
    table: TableView = {
        "game": state["game"], "players": state["players"], "options": {"offers": state["options"]["offers"]},
        "phase": state["phase"], "turn": state["turn"], "turn_count": state["turn_count"],
        "dice": None if dice is None else {"number": dice["number"], "event": dice["event"]},
        "used_slots": list(state["used_slots"]), "offers_made": state["offers_made"],
        "settlements": list(map(settlement_view, state["settlements"])),
        "pile_sizes": list(map(len, state["piles"])),
        "supply_sizes": {level: len(cards) for level, cards in state["supply"].items()},
        "discard": list(state["discard"]),
        "voyage": voyage_view(state),
        "trade_holder": state["trade_holder"], "sea_holder": state["sea_holder"],
        "winner": state["winner"], "win_reason": state["win_reason"],
    }
    # The table grows into the view in place (a copy of it would cost a tenth of the view).
    if seat is None:
        public = cast(PublicView, table)
        public["seat"] = None
        public["pending"] = list(map(pending_view, state["pending"]))
        return public
    own = cast(SeatView, table)
    own["seat"] = seat
    own["pending"] = [seat_pending_view(state, item, seat) for item in state["pending"]]
    own["hand"] = list(state["settlements"][seat]["hand"])
    return own
