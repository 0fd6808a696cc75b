"""Dice phase: the number die (production, triggered buildings) then the event die."""

from __future__ import annotations

from games import rng

from .cards import CARDS, GOODS
from .common import act, card_msg, check_bust, ev, good_msg, opp, push, who
from .settlement import (
    busted,
    gain,
    gold,
    goods,
    has,
    pay,
    pay_gold,
    produce,
    space,
    symbol,
    unhappy,
)

EVENTS = ("fire", "queen", "tax", "trader", "advantage", "hunt")


def roll(state: dict, seat: int) -> list:
    number = rng.randint(state, 1, 6)
    event = EVENTS[rng.randbelow(state, 6)]
    state["dice"] = [number, event]
    state["phase"] = "action"
    state["used"] = []
    events = [ev("roll", seat=who(seat), number=number, event=ev("die." + event))]
    events += produce(state, number)
    other = opp(seat)
    # The opponent uses its own triggered buildings now (reactions); the
    # player to move uses theirs as actions during the action phase.
    queue_triggers(state, other, number)
    events += event_die(state, seat, event)
    return events


def queue_triggers(state: dict, seat: int, number: int) -> None:
    p = state["p"][seat]
    for slot, cid in enumerate(p["slots"]):
        if cid is None or CARDS[cid].die != number:
            continue
        kind = CARDS[cid].type
        if kind == "guildhall":
            push(state, {"kind": "guild", "seat": seat, "slot": slot})
        elif kind == "landing" and sum(p["land"]):
            push(state, {"kind": "landing", "seat": seat, "slot": slot})
        elif kind == "lodge" and p["hand"] and state["discard"]:
            push(state, {"kind": "lodge", "seat": seat, "slot": slot})


def event_die(state: dict, seat: int, event: str) -> list:
    events: list = []
    order = (seat, opp(seat))
    if event == "fire":
        for s in order:
            p = state["p"][s]
            if has(p, "firestation"):
                events.append(ev("fire_safe", seat=who(s)))
                continue
            due = sum(1 for st in p["cit"] if len(st) >= 3)
            if due:
                paid = pay_gold(p, due)
                events.append(ev("fire_pay", seat=who(s), gold=paid))
                if busted(p):
                    return events + check_bust(state, s)
            else:
                events.append(ev("fire_none", seat=who(s)))
    elif event == "queen":
        for s in order:
            if unhappy(state["p"][s]) < 5:
                push(state, {"kind": "queen", "seat": s})
            else:
                events.append(ev("queen_no", seat=who(s)))
    elif event == "tax":
        for s in order:
            n = symbol(state["p"][s], "happy")
            if n:
                events.append(ev("tax", seat=who(s), gold=gain(state["p"][s], "gold", n)))
            else:
                events.append(ev("tax_none", seat=who(s)))
    elif event == "trader":
        for s in order:
            push(state, {"kind": "trader", "seat": s})
    elif event == "advantage":
        holder = state["trade"]
        if holder is None:
            events.append(ev("advantage_none"))
        elif sum(state["p"][opp(holder)]["land"]):
            push(state, {"kind": "take", "seat": holder})
        else:
            events.append(ev("advantage_empty", seat=who(holder), victim=who(opp(holder))))
    elif event == "hunt":
        holder = state["sea"]
        if holder is None:
            events.append(ev("hunt_none"))
        else:
            push(state, {"kind": "hunt", "seat": holder})
    return events


# --- decisions caused by the dice ------------------------------------------
def legal_queen(state, seat, item):
    p = state["p"][seat]
    out = [act("queen:" + g, "gain_good", "queen", good=good_msg(g)) for g in GOODS if space(p, g)]
    return out or [act("queen:skip", "skip", "queen")]


def legal_hunt(state, seat, item):
    p = state["p"][seat]
    out = [act("hunt:" + g, "gain_good", "hunt", good=good_msg(g)) for g in GOODS if space(p, g)]
    return out or [act("hunt:skip", "skip", "hunt")]


def apply_gain(state, seat, aid):
    item = state["pending"].pop(0)
    g = aid.split(":")[1]
    if g == "skip":
        return []
    gain(state["p"][seat], g)
    return [ev(item["kind"] + "_gain", seat=who(seat), good=good_msg(g))]


def legal_trader(state, seat, item):
    p = state["p"][seat]
    out = []
    if gold(p):
        out += [act("trader:buy:" + g, "trader_buy", "trader", good=good_msg(g)) for g in GOODS if space(p, g)]
    out += [act("trader:sell:" + g, "trader_sell", "trader", good=good_msg(g)) for g in GOODS if goods(p, g)]
    out.append(act("trader:skip", "skip", "trader"))
    return out


def apply_trader(state, seat, aid):
    state["pending"].pop(0)
    _, how, *rest = aid.split(":")
    if how == "skip":
        return []
    g, p = rest[0], state["p"][seat]
    if how == "buy":
        pay_gold(p, 1)
        gain(p, g)
        return [ev("trader_buy", seat=who(seat), good=good_msg(g))] + check_bust(state, seat)
    pay(p, g)
    gain(p, "gold")
    return [ev("trader_sell", seat=who(seat), good=good_msg(g))]


def legal_take(state, seat, item):
    victim = state["p"][opp(seat)]
    return [act("take:" + g, "take_good", "take", good=good_msg(g)) for g in GOODS if goods(victim, g)]


def apply_take(state, seat, aid):
    state["pending"].pop(0)
    g = aid.split(":")[1]
    pay(state["p"][opp(seat)], g)
    gain(state["p"][seat], g)
    return [ev("take", seat=who(seat), victim=who(opp(seat)), good=good_msg(g))]


def fewest(p, options):
    return min(options, key=lambda g: (goods(p, g), GOODS.index(g)))


def most(p, options):
    return max(options, key=lambda g: (goods(p, g), -GOODS.index(g)))


def default_for(state, seat, item) -> str | None:
    """The harmless choice applied when a reaction times out."""
    p = state["p"][seat]
    kind = item["kind"]
    if kind in ("queen", "hunt", "guild"):
        options = [g for g in GOODS if space(p, g)]
        return f"{kind}:{fewest(p, options)}" if options else f"{kind}:skip"
    if kind == "take":
        victim = state["p"][opp(seat)]
        return "take:" + most(victim, [g for g in GOODS if goods(victim, g)])
    if kind == "trader":
        return "trader:skip"
    return None


__all__ = ["roll", "card_msg"]
