"""What a seat (or the public) may see: built field by field from the state
(an allow-list, see ``schema``), never a copy of the state with secrets
removed; what a seat is asked (``prompt``) and the text of its private view
(``private_summary``)."""

from __future__ import annotations

from games.alhambra.common import building_msg, currency_msg, m
from games.alhambra.data import BUILDINGS, CURRENCIES, CURRENCY, SCORE_PILE, VALUE, YARD
from games.alhambra.payments import payments
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
from games.base import Msg, seat_ref


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
    return [None if building is None else {"id": building, "type": BUILDINGS[building][0],
                                           "price": BUILDINGS[building][1], "currency": YARD[slot]}
            for slot, building in enumerate(state["yard"])]


def _pending(state: AlhambraState) -> list[PendingGift]:
    return [{"seat": gift["seat"], "kind": gift["kind"], "building": gift["building"], "exact": gift["exact"]}
            for gift in state["pending"]]


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
        "money_row": [money_card(card) for card in state["money_row"]],
        "money_deck_count": len(state["money_deck"]),
        "discard": list(state["discard"]),
        "building_deck_count": len(state["building_deck"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "money_known": [sorted(hand) for hand in state["hands"]],
        "built": [list(built) for built in state["built"]],
        "type_counts": [type_counts(built) for built in state["built"]],
        "neutral": None if neutral is None else list(neutral),
        "neutral_type_counts": None if neutral is None else type_counts(neutral),
        "scores": [list(scores) for scores in state["scores"]],
        "scored_rounds": list(state["scored_rounds"]),
        "next_scoring": next_scoring(state),
    }


def seat_view(state: AlhambraState, seat: int) -> SeatView:
    table = public_view(state)
    hand = sorted(state["hands"][seat], key=lambda card: (card // 27, -card))
    return {**table, "seat": seat, "hand": [money_card(card) for card in hand]}


def own_hand(view: AlhambraView) -> list[MoneyCard]:
    """The money of the seat a view was made for (none in the public view)."""
    return view["hand"] if view["seat"] is not None else []


def view(state: AlhambraState, seat: int | None) -> AlhambraView:
    if seat is None or not 0 <= seat < state["players"]:
        return public_view(state)
    return seat_view(state, seat)


def prompt(state: AlhambraState, seat: int) -> Msg:
    """What ``seat`` is asked now: to wait, keep or give, act (again)."""
    if state["turn"] is None:
        return m("prompt.over")
    if seat != state["turn"]:
        return m("prompt.wait", seat=seat_ref(state["turn"]))
    if state["pending"]:
        return m("prompt.gift", building=building_msg(state["pending"][0]["building"]))
    if state["actions_taken"]:
        return m("prompt.bonus", n=state["actions_taken"] + 1)
    return m("prompt.act")


def private_summary(view: AlhambraView, seat: int) -> list[Msg]:
    """The money in ``seat``'s hand, read from its own view: the count, then
    one line per currency with the values (highest first) and their total, and
    the yard buildings it could pay exactly."""
    hand = own_hand(view)
    if not hand:
        return [m("summary.no_money")]
    out = [m("summary.money", n=len(hand))]
    for currency in range(len(CURRENCIES)):
        values = sorted((card["value"] for card in hand if card["currency"] == currency), reverse=True)
        if len(values) == 1:
            out.append(m("summary.currency_one", currency=currency_msg(currency), value=values[0]))
        elif values:
            out.append(m("summary.currency", currency=currency_msg(currency),
                         values=" + ".join(map(str, values)), total=sum(values)))
    exact = _exact_buys(view, hand)
    if exact:
        out.append(m("summary.exact", buildings=exact))
    return out


def _exact_buys(view: AlhambraView, hand: list[MoneyCard]) -> list[Msg]:
    """The yard buildings the hand can pay exactly (an extra action)."""
    out: list[Msg] = []
    for slot in view["yard"]:
        if slot is None:
            continue
        cards = sorted(card["id"] for card in hand if card["currency"] == slot["currency"])
        if any(extra == 0 for _, extra in payments(tuple(cards), slot["price"])):
            out.append(building_msg(slot["id"]))
    return out
