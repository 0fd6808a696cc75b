"""Dice phase: the number die (production, triggered buildings) then the
event die, and the decisions the event die asks for."""

from __future__ import annotations

from functools import cache

from games import rng
from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, card_msg, check_bust, gain_move, good_msg, m, opp, push, skip_move
from .data import CARDS, GOODS, GOODS_MAX, SHIP_MAX
from .schema import AnnoState, DieEvent, Pending
from .settlement import (
    LAND_DIE,
    LAND_GOOD,
    LAND_GUARD,
    SHIP_DIE,
    busted,
    gain,
    gold,
    goods,
    has,
    pay,
    pay_gold,
    space,
    symbol,
    unhappy,
)

EVENTS: tuple[DieEvent, ...] = ("fire", "queen", "tax", "trader", "advantage", "hunt")
ROLL = action("roll", "roll", "roll", "primary")


def legal_roll(state: AnnoState, seat: int, moves: Moves) -> None:
    moves.append(ROLL)


def apply_roll(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    number = rng.randint(state, 1, 6)
    event = EVENTS[rng.randbelow(state, 6)]
    state["dice"] = {"number": number, "event": event}
    state["phase"] = "action"
    state["used_slots"] = []
    events = [m("ev.roll", seat=seat_ref(seat), number=number, event=m("ev.die." + event))]
    events += produce(state, number)
    # The opponent uses its own triggered buildings now (reactions); the
    # player to move uses theirs as actions during the action phase.
    queue_triggers(state, opp(seat), number)
    events += event_die(state, seat, event)
    return events


def queue_triggers(state: AnnoState, seat: int, number: int) -> None:
    settlement = state["settlements"][seat]
    for slot, cid in enumerate(settlement["slots"]):
        if cid is None or CARDS[cid].die != number:
            continue
        kind = CARDS[cid].type
        if kind == "guildhall":
            push(state, {"kind": "guild", "seat": seat, "slot": slot})
        elif kind == "landing" and any(settlement["landscapes"]):
            push(state, {"kind": "landing", "seat": seat, "slot": slot})
        elif kind == "lodge" and settlement["hand"] and state["discard"]:
            push(state, {"kind": "lodge", "seat": seat, "slot": slot})


def event_die(state: AnnoState, seat: int, event: DieEvent) -> list[Msg]:
    events: list[Msg] = []
    order = (seat, opp(seat))
    if event == "fire":
        for s in order:
            settlement = state["settlements"][s]
            if has(settlement, "firestation"):
                events.append(m("ev.fire_safe", seat=seat_ref(s)))
                continue
            due = sum(1 for stack in settlement["citizens"] if len(stack) >= 3)
            if due:
                paid = pay_gold(settlement, due)
                events.append(m("ev.fire_pay", seat=seat_ref(s), gold=paid))
                if busted(settlement):
                    return events + check_bust(state, s)
            else:
                events.append(m("ev.fire_none", seat=seat_ref(s)))
    elif event == "queen":
        for s in order:
            if unhappy(state["settlements"][s]) < 5:
                push(state, {"kind": "queen", "seat": s})
            else:
                events.append(m("ev.queen_no", seat=seat_ref(s)))
    elif event == "tax":
        for s in order:
            n = symbol(state["settlements"][s], "happy")
            if n:
                events.append(m("ev.tax", seat=seat_ref(s), gold=gain(state["settlements"][s], "gold", n)))
            else:
                events.append(m("ev.tax_none", seat=seat_ref(s)))
    elif event == "trader":
        for s in order:
            push(state, {"kind": "trader", "seat": s})
    elif event == "advantage":
        holder = state["trade_holder"]
        if holder is None:
            events.append(m("ev.advantage_none"))
        elif sum(state["settlements"][opp(holder)]["landscapes"]):
            push(state, {"kind": "take", "seat": holder})
        else:
            events.append(m("ev.advantage_empty", seat=seat_ref(holder), victim=seat_ref(opp(holder))))
    elif event == "hunt":
        holder = state["sea_holder"]
        if holder is None:
            events.append(m("ev.hunt_none"))
        else:
            push(state, {"kind": "hunt", "seat": holder})
    return events


# --- production ------------------------------------------------------
def produce(state: AnnoState, die: int) -> list[Msg]:
    """Number die: landscapes and the ship with that number, production
    boosters; both players.  Riot blocks the landscapes a centre guards."""
    events = []
    for seat in (0, 1):
        settlement = state["settlements"][seat]
        land, dies, guards, kinds = settlement["landscapes"], LAND_DIE[seat], LAND_GUARD[seat], LAND_GOOD[seat]
        for i in range(7):
            if dies[i] != die:
                continue
            if guards[i] >= 0 and settlement["centres"][guards[i]] == 0:
                events.append(m("ev.blocked", seat=seat_ref(seat), good=good_msg(kinds[i])))
            elif land[i] < GOODS_MAX:
                land[i] += 1
                events.append(m("ev.produce", seat=seat_ref(seat), good=good_msg(kinds[i])))
        if settlement["ship"] > 0 and SHIP_DIE[seat] == die and settlement["ship"] < SHIP_MAX:
            settlement["ship"] += 1
            events.append(m("ev.ship_up", seat=seat_ref(seat), state=settlement["ship"]))
        for c in settlement["slots"]:
            if c is None:
                continue
            card = CARDS[c]
            if card.die == die and card.good in GOODS and gain(settlement, card.good):
                events.append(m("ev.boost", seat=seat_ref(seat), card=card_msg(c), good=good_msg(card.good)))
    return events


# --- decisions caused by the dice ------------------------------------------
def legal_gain(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    """The queen's gift, the whale hunt (and the guild hall, the inventor):
    one good of the seat's choice that fits, else nothing."""
    settlement = state["settlements"][seat]
    kind = item["kind"]
    for g in GOODS:
        if space(settlement, g):
            moves.append(gain_move(kind, g))
    if not moves:
        moves.append(skip_move(kind))


def apply_gain(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    g = action.arg()
    if g == "skip":
        return []
    gain(state["settlements"][seat], g)
    return [m("ev." + item["kind"] + "_gain", seat=seat_ref(seat), good=good_msg(g))]


@cache
def trader_move(how: str, good: str) -> Action:
    return action(f"trader:{how}:{good}", "trader_" + how, "trader", good=good_msg(good))


def legal_trader(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    if gold(settlement):
        for g in GOODS:
            if space(settlement, g):
                moves.append(trader_move("buy", g))
    for g in GOODS:
        if goods(settlement, g):
            moves.append(trader_move("sell", g))
    moves.append(skip_move("trader"))


def apply_trader(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    how = action.arg(0)
    if how == "skip":
        return []
    g, settlement = action.arg(1), state["settlements"][seat]
    if how == "buy":
        pay_gold(settlement, 1)
        gain(settlement, g)
        return [m("ev.trader_buy", seat=seat_ref(seat), good=good_msg(g))] + check_bust(state, seat)
    pay(settlement, g)
    gain(settlement, "gold")
    return [m("ev.trader_sell", seat=seat_ref(seat), good=good_msg(g))]


TAKE = {g: action("take:" + g, "take_good", "take", good=good_msg(g)) for g in GOODS}


def legal_take(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    victim = state["settlements"][opp(seat)]
    for g, move in TAKE.items():
        if goods(victim, g):
            moves.append(move)


def apply_take(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    g = action.arg()
    pay(state["settlements"][opp(seat)], g)
    gain(state["settlements"][seat], g)
    return [m("ev.take", seat=seat_ref(seat), victim=seat_ref(opp(seat)), good=good_msg(g))]
