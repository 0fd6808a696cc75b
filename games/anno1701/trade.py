"""Trading: three of a kind with the bank for one of another, and offers to
the rival (composed good by good, then accepted or refused)."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .common import GOLD_AND_GOODS, Moves, action, check_bust, good_msg, m, opp
from .schema import AnnoState, Pending
from .settlement import gain, goods, pay, space, stock

MAX_OFFERS = 2   # default of the table option "offers" (trade offers per turn; 0 = no limit)
BANK_BACK = action("back", "back", "trade")
GIVE = {g: action("give:" + g, "offer_give", "give", good=good_msg(g)) for g in GOLD_AND_GOODS}
GET = {g: action("get:" + g, "offer_get", "get", good=good_msg(g)) for g in GOLD_AND_GOODS}
SEND = action("send", "offer_send", "offer", "primary")
OFFER_BACK = action("back", "back", "offer")
ACCEPT = action("accept", "accept", "answer", "success")
REFUSE = action("refuse", "refuse", "answer", "danger")


@cache
def bankget_move(give: str, get: str) -> Action:
    return action("bankget:" + get, "bank_get", "trade", give=good_msg(give), get=good_msg(get))


def legal_bankget(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    give = item["good"]
    for g in GOLD_AND_GOODS:
        if g != give and space(settlement, g):
            moves.append(bankget_move(give, g))
    moves.append(BANK_BACK)


def apply_bankget(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    if action.head == "back":
        return []
    g = action.arg()
    settlement = state["settlements"][seat]
    pay(settlement, item["good"], 3)
    gain(settlement, g)
    return [m("ev.bank", seat=seat_ref(seat), give=good_msg(item["good"]), get=good_msg(g))] + check_bust(state, seat)


def offer_msg(side: dict[str, int]) -> list[Msg]:
    return [m("ev.amount", n=n, good=good_msg(g)) for g, n in side.items() if n]


def legal_offer(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    mine, theirs = stock(state["settlements"][seat]), stock(state["settlements"][opp(seat)])
    give, get = item["give"], item["get"]
    for g, move in GIVE.items():
        if mine[g] > give.get(g, 0):
            moves.append(move)
    for g, move in GET.items():
        if theirs[g] > get.get(g, 0):
            moves.append(move)
    if give or get:
        moves.append(SEND)
    moves.append(OFFER_BACK)


def apply_offer(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"][0]
    if action.head == "back":
        state["pending"].pop(0)
        return []
    if action.head == "send":
        state["pending"][0] = {"kind": "answer", "seat": opp(seat), "give": item["give"], "get": item["get"]}
        return [m("ev.offer", seat=seat_ref(seat), give=offer_msg(item["give"]) or "—",
                   get=offer_msg(item["get"]) or "—")]
    side = item["give"] if action.head == "give" else item["get"]
    g = action.arg()
    side[g] = side.get(g, 0) + 1
    return []


def legal_answer(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    if all(goods(settlement, g) >= n for g, n in item["get"].items()):
        moves.append(ACCEPT)
    moves.append(REFUSE)


def apply_answer(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    mover = opp(seat)
    if action.head == "refuse":
        return [m("ev.refuse", seat=seat_ref(seat))]
    a, b = state["settlements"][mover], state["settlements"][seat]
    for g, n in item["give"].items():
        gain(b, g, pay(a, g, n))
    for g, n in item["get"].items():
        gain(a, g, pay(b, g, n))
    return [m("ev.accept", seat=seat_ref(seat))] + check_bust(state, mover)
