"""What the public and each seat may see, built field by field (the schemas
in ``schema.py`` are the allow-lists): the table, both settlements with their
derived numbers, the pending decisions; a seat's view adds its hand, the pile
it is searching, the hand it is spying on and the move it is to confirm.
Also what a seat is asked (``prompt``) and the text of its private view
(``private_summary``)."""

from __future__ import annotations

from typing import Any, cast

from games.base import Msg, decision_kind, seat_ref
from games.views import allowed

from .common import card_msg, good_msg, m
from .data import GOODS
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


def settlement_view(settlement: Settlement) -> SettlementView:
    """A settlement as everybody sees it, with the derived numbers (for the
    renderer and the AI); of the hand only its size."""
    a, b = settlement["centres"]
    levels = [len(stack) - 1 for stack in settlement["citizens"]]
    sails, cannons, sacks, happy = symbols(settlement)
    luxury = settlement["luxury"]
    return {
        "landscapes": list(settlement["landscapes"]),
        "centres": [a, b],
        "luxury": {"rum": luxury["rum"], "tobacco": luxury["tobacco"]},
        "ship": settlement["ship"],
        "slots": list(settlement["slots"]),
        "citizens": list(map(list, settlement["citizens"])),
        "goods": land_goods(settlement),
        "gold": a + b,
        "unhappy": unhappy(settlement),
        "riots": riots(settlement),
        "glory": sum(levels),
        "levels": levels,
        "sails": sails,
        "cannons": cannons,
        "sacks": sacks,
        "happy": happy,
        "speed": 3 + sails,
        "hand_size": len(settlement["hand"]),
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
    # The table grows into the public or the seat's view.
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


def prompt(state: AnnoState, seat: int, due: list[int]) -> Msg:
    """What ``seat`` is asked now (``due``: the seats to act): to wait, or
    the decision it faces."""
    if state["phase"] == "over":
        return m("prompt.over")
    if seat not in due:
        return m("prompt.wait", seat=seat_ref(due[0]))
    return m("prompt." + decision_kind(state))


def _cards(ids: list[int]) -> list[Msg]:
    return [card_msg(card) for card in ids]


def private_summary(view: AnnoView, seat: int) -> list[Msg]:
    """Hand, gold, goods and ship of ``seat`` (and a searched pile or a spied
    hand it is looking at), read from ``seat``'s own view only."""
    if seat is None or view["seat"] != seat or "hand" not in view:
        return []
    settlement = view["settlements"][seat]
    hand = view["hand"]
    lines = [m("summary.hand", n=len(hand), cards=_cards(hand)) if hand else m("summary.hand_empty")]
    lines.append(m("summary.gold", n=settlement["gold"], unhappy=settlement["unhappy"]))
    amounts = [m("summary.amount", good=good_msg(good), n=settlement["goods"][good]) for good in GOODS]
    lines.append(m("summary.goods", goods=amounts))
    lines.append(m("summary.luxury", rum=settlement["luxury"]["rum"], tobacco=settlement["luxury"]["tobacco"]))
    lines.append(m("summary.ship", state=settlement["ship"], speed=settlement["speed"], cannons=settlement["cannons"]))
    for item in view["pending"]:
        cards = item.get("cards")
        if item.get("seat") != seat or cards is None:
            continue
        if item["kind"] == "pick":
            lines.append(m("summary.searched", pile=item["pile"] + 1, cards=_cards(cards) or m("summary.none")))
        elif item["kind"] == "spy":
            lines.append(m("summary.spied", cards=_cards(cards) or m("summary.none")))
    return lines

