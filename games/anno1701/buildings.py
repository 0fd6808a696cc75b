"""The die-triggered buildings: the guild hall (a good), the landing stage
(swap a good) and the hunting lodge (a hand card for the top discard).  The
player to move uses them as actions; the rival's work as reactions to the
roll (``dice.queue_triggers``)."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, card_msg, good_msg, m, skip_move
from .data import GOODS
from .end import put_under, under_piles
from .schema import AnnoState, Pending
from .settlement import gain, goods, pay, space


@cache
def landing_move(give: str, get: str) -> Action:
    return action(f"landing:{give}-{get}", "landing", "landing", give=good_msg(give), get=good_msg(get))


def legal_landing(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    for a in GOODS:
        if goods(settlement, a):
            for b in GOODS:
                if b != a and space(settlement, b):
                    moves.append(landing_move(a, b))
    moves.append(skip_move("landing"))


def apply_landing(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    if action.arg() == "skip":
        return []
    a, b = action.arg().split("-")
    settlement = state["settlements"][seat]
    pay(settlement, a)
    gain(settlement, b)
    return [m("ev.landing", seat=seat_ref(seat), give=good_msg(a), get=good_msg(b))]


def legal_lodge(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    discard = state["discard"]
    if discard:
        for i, cid in enumerate(state["settlements"][seat]["hand"]):
            for k in under_piles(state, cid):
                moves.append(action(f"lodge:{i}:{k}", "lodge", "lodge", card=card_msg(cid),
                                 top=card_msg(discard[-1]), pile=k + 1))
    moves.append(skip_move("lodge"))


def apply_lodge(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    if action.arg() == "skip":
        return []
    settlement = state["settlements"][seat]
    put_under(state, settlement["hand"].pop(action.number(0)), action.number(1))
    top = state["discard"].pop()
    settlement["hand"].append(top)
    return [m("ev.lodge", seat=seat_ref(seat), card=card_msg(top))]
