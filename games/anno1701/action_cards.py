"""Action cards played in the action phase, and the answers they ask for:
the victim's theatre, the inventor's goods, the poisoner's victim, the spy."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, card_msg, check_bust, gain_move, good_msg, m, opp, push, skip_move
from .data import CARDS, GOODS, HARMFUL
from .schema import AnnoState, Pending
from .settlement import count, gain, goods, has, pay, pay_gold, space


def play_card(state: AnnoState, seat: int, cid: int) -> list[Msg]:
    settlement, victim = state["settlements"][seat], state["settlements"][opp(seat)]
    settlement["hand"].remove(cid)
    state["discard"].append(cid)
    events = [m("ev.play", seat=seat_ref(seat), card=card_msg(cid))]
    if CARDS[cid].type in HARMFUL and has(victim, "theatre") and goods(victim, "gold"):
        push(state, {"kind": "theatre", "seat": opp(seat), "card": cid}, front=True)
        return events
    return events + resolve_card(state, seat, cid)


def resolve_card(state: AnnoState, seat: int, cid: int) -> list[Msg]:
    typ = CARDS[cid].type
    settlement, other = state["settlements"][seat], opp(seat)
    victim = state["settlements"][other]
    if typ == "bishop":
        n = count(settlement, "chapel") + 2 * count(settlement, "church")
        return [m("ev.gold_gain", seat=seat_ref(seat), gold=gain(settlement, "gold", n))]
    if typ == "inventor":
        push(state, {"kind": "inventor", "seat": seat, "remaining": 2}, front=True)
        return []
    if typ == "poisoner":
        n = min(2, sum(victim["landscapes"]))
        if n:
            push(state, {"kind": "poison", "seat": other, "remaining": n}, front=True)
        return []
    if typ == "agitator":
        lost = pay_gold(victim, 2)
        return [m("ev.gold_lose", seat=seat_ref(other), gold=lost)] + check_bust(state, other)
    if typ == "spy":
        if victim["hand"]:
            push(state, {"kind": "spy", "seat": seat}, front=True)
        return []
    if typ == "pickpocket":
        gain(settlement, "gold")
        lost = pay_gold(victim, 1)
        return [m("ev.pickpocket", seat=seat_ref(seat), victim=seat_ref(other), gold=lost)] + check_bust(state, other)
    raise AssertionError(typ)


@cache
def theatre_yes(cid: int) -> Action:
    return action("theatre:yes", "theatre_yes", "theatre", "danger", card=card_msg(cid))


THEATRE_NO = action("theatre:no", "theatre_no", "theatre")


def legal_theatre(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    moves.append(theatre_yes(item["card"]))
    moves.append(THEATRE_NO)


def apply_theatre(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    if action.arg() == "yes":
        pay_gold(state["settlements"][seat], 1)
        return [m("ev.theatre", seat=seat_ref(seat), card=card_msg(item["card"]))] + check_bust(state, seat)
    return resolve_card(state, opp(seat), item["card"])


def legal_inventor(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    for g in GOODS:
        if space(settlement, g):
            moves.append(gain_move("inventor", g))
    if not moves:
        moves.append(skip_move("inventor"))


def apply_inventor(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"][0]
    g = action.arg()
    item["remaining"] -= 1
    if item["remaining"] <= 0 or g == "skip":
        state["pending"].pop(0)
    if g == "skip":
        return []
    gain(state["settlements"][seat], g)
    return [m("ev.inventor_gain", seat=seat_ref(seat), good=good_msg(g))]


LOSE = {g: action("lose:" + g, "lose_good", "poison", "danger", good=good_msg(g)) for g in GOODS}


def legal_poison(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    for g, move in LOSE.items():
        if goods(settlement, g):
            moves.append(move)


def apply_poison(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"][0]
    g = action.arg()
    pay(state["settlements"][seat], g)
    item["remaining"] -= 1
    if item["remaining"] <= 0 or not sum(state["settlements"][seat]["landscapes"]):
        state["pending"].pop(0)
    return [m("ev.poison_lose", seat=seat_ref(seat), good=good_msg(g))]


def legal_spy(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    for i, cid in enumerate(state["settlements"][opp(seat)]["hand"]):
        moves.append(action(f"spy:{i}", "spy_take", "spy", card=card_msg(cid)))


def apply_spy(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    cid = state["settlements"][opp(seat)]["hand"].pop(action.number())
    state["settlements"][seat]["hand"].append(cid)
    # Public: only that a card changed hands; the spy's player learns which.
    return [m("ev.spy", seat=seat_ref(seat), victim=seat_ref(opp(seat))),
            dict(m("ev.spy_private", card=card_msg(cid)), to=seat)]
