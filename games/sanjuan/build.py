"""The builder phase: every seat in turn from the builder may build one
building — choose it, (with a crane) choose what to build over, then pay card
by card (with a black market, up to two goods count as one card each)."""

from __future__ import annotations

from games.base import Action, Msg, msg, seat_ref

from .actions import BUILD, CANCEL, ONTO, ONTO_NEW, PASS, PAY, PAYGOOD
from .data import (
    BLACK_MARKET,
    CARD_TYPE,
    CARPENTER,
    COST,
    CRANE,
    GOOD_KEYS,
    IS_PROD,
    POOR_HOUSE,
    PROD,
    QUARRY,
    SMITHY,
    TCOST,
    TKIND,
    TYPE_INDEX,
)
from .state import State, card_msg, draw_to_hand, order_from, owns, privilege

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
_CT = CARD_TYPE.__getitem__
T_PROD = tuple(k == PROD for k in TKIND)  # per type index


def active_types(s: State, p: int) -> set[int]:
    """Types of ``p``'s working buildings (one pass instead of many ``owns``)."""
    fresh = s["fresh"][p]
    return {CARD_TYPE[c] for c, _ in s["cities"][p] if c != fresh}


def net_cost(s: State, p: int, t: int, cover: int = -1, active: set[int] | None = None) -> int:
    """Cost of building type ``t`` for ``p`` now (over city index ``cover``)."""
    if active is None:
        active = active_types(s, p)
    cost = TCOST[t]
    if p == s["chooser"]:
        cost -= privilege(s)
    if TKIND[t] == PROD:
        if SMITHY in active:
            cost -= 1
    elif QUARRY in active:
        cost -= 1
    if cover >= 0:
        cost -= COST[s["cities"][p][cover][0]]
    return cost if cost > 0 else 0


def options(s: State, p: int, t: int, in_hand: int, active: set[int] | None = None) -> list[int]:
    """Affordable placements of type ``t``: -1 (a new building) and/or city
    indices a crane may build over.  ``in_hand``: hand size including the card."""
    city = s["cities"][p]
    if TKIND[t] != PROD and any(CARD_TYPE[c] == t for c, _ in city):
        return []  # violet buildings are unique per player
    if active is None:
        active = active_types(s, p)
    base = in_hand - 1
    out = []
    raw = _raw_cost(s, p, t, active)
    cost = raw if raw > 0 else 0  # ``net_cost(s, p, t, -1, active)``
    black = BLACK_MARKET in active
    goods = 0
    if black:  # a black market pays with up to 2 goods
        for _, g in city:
            if g >= 0:
                goods += 1
    if cost <= base + (min(goods, 2) if black else 0):
        out.append(-1)
    if CRANE in active:
        for i, (c, g) in enumerate(city):
            ct = CARD_TYPE[c]
            if ct in (CRANE, t):
                continue
            over = raw - COST[c]  # ``net_cost(s, p, t, i, active)``
            if over < 0:
                over = 0
            # not with the good on the covered building: that one is lost
            if over <= base + (min(goods - (g >= 0), 2) if black else 0):
                out.append(i)
    return out


def _raw_cost(s: State, p: int, t: int, active: set[int]) -> int:
    """``net_cost`` before it is clamped at 0."""
    cost = TCOST[t]
    if p == s["chooser"]:
        cost -= privilege(s)
    if (SMITHY if TKIND[t] == PROD else QUARRY) in active:
        cost -= 1
    return cost


def buildable(s: State, p: int, first: bool = False) -> list[int]:
    """Types in ``p``'s hand that ``p`` can afford to build now (the fast
    path of ``options``: it runs for every legal-action query).  With
    ``first`` it stops at the first one (only whether there is one matters)."""
    hand = s["hands"][p]
    city = s["cities"][p]
    fresh = s["fresh"][p]
    tops = {CARD_TYPE[c] for c, _ in city}
    active = tops if fresh < 0 else {CARD_TYPE[c] for c, _ in city if c != fresh}
    disc = privilege(s) if p == s["chooser"] else 0
    pcost = disc + 1 if SMITHY in active else disc
    vcost = disc + 1 if QUARRY in active else disc
    black = BLACK_MARKET in active
    crane = CRANE in active
    base = len(hand) - 1
    goods = 0
    avail = base
    if black:
        for _, g in city:
            if g >= 0:
                goods += 1
        avail += goods if goods < 2 else 2
    out = []
    for t in sorted(set(map(_CT, hand))):
        if T_PROD[t]:
            cost = TCOST[t] - pcost
        else:
            if t in tops:
                continue
            cost = TCOST[t] - vcost
        if cost <= avail:
            out.append(t)
            if first:
                return out
        elif crane:
            for c, g in city:
                ct = CARD_TYPE[c]
                if ct != CRANE and ct != t and cost - COST[c] <= (
                        base + (min(goods - (g >= 0), 2) if black else 0)):
                    out.append(t)
                    if first:
                        return out
                    break
    return out


def can_build(s: State, p: int, t: int) -> bool:
    """``t in buildable(s, p)`` for one type ``t`` in ``p``'s hand (the
    legality check of a build action)."""
    city = s["cities"][p]
    fresh = s["fresh"][p]
    prod = TKIND[t] == PROD
    active = set()
    goods = 0
    for c, g in city:
        ct = CARD_TYPE[c]
        if ct == t and not prod:
            return False
        if c != fresh:
            active.add(ct)
        if g >= 0:
            goods += 1
    cost = TCOST[t]
    if p == s["chooser"]:
        cost -= privilege(s)
    if (SMITHY if prod else QUARRY) in active:
        cost -= 1
    base = len(s["hands"][p]) - 1
    black = BLACK_MARKET in active
    if cost <= base + (min(goods, 2) if black else 0):
        return True
    if CRANE in active:
        for c, g in city:
            ct = CARD_TYPE[c]
            if ct != CRANE and ct != t and cost - COST[c] <= (
                    base + (min(goods - (g >= 0), 2) if black else 0)):
                return True
    return False


def begin(s: State, ev: list[Msg]) -> bool:
    s["order"] = order_from(s, s["chooser"])
    s["oi"] = 0
    return _next(s, ev)


def _next(s: State, ev: list[Msg]) -> bool:
    """Move to the next seat that can build; True when the phase is over."""
    order = s["order"]
    while s["oi"] < len(order):
        p = order[s["oi"]]
        if buildable(s, p, first=True):
            s["turn"] = p
            s["bstep"] = "choose"
            return False
        ev.append(msg("sanjuan.ev.cannot_build", player=seat_ref(p)))
        s["oi"] += 1
    s["turn"] = -1
    s["bstep"] = ""
    return True


def legal_acts(s: State, p: int) -> list[Action]:
    step = s["bstep"]
    if step == "choose":
        out = [BUILD[t] for t in buildable(s, p)]
        out.append(PASS)
        return out
    bld = s["bld"]
    if step == "onto":
        t = CARD_TYPE[bld["card"]]
        opts = options(s, p, t, len(s["hands"][p]) + 1)
        out = [ONTO_NEW] if -1 in opts else []
        types = sorted({CARD_TYPE[s["cities"][p][i][0]] for i in opts if i >= 0})
        out += [ONTO[ct] for ct in types]
        out.append(CANCEL)
        return out
    # pay
    out = [PAY[t] for t in sorted(set(map(_CT, s["hands"][p])))]
    if len(bld["goods"]) < 2 and owns(s, p, BLACK_MARKET):
        onto = bld["onto"]
        kinds = sorted({CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g >= 0 and i != onto})
        out += [PAYGOOD[k] for k in kinds]
    out.append(CANCEL)
    return out


def legal(s: State, p: int) -> list[str]:
    return [a.id for a in legal_acts(s, p)]


def apply(s: State, p: int, aid: str, ev: list[Msg]) -> bool:
    """Apply a legal builder action; True when the builder phase is over."""
    head, _, arg = aid.partition(":")
    hand = s["hands"][p]
    if head == "pass":
        ev.append(msg("sanjuan.ev.pass_build", player=seat_ref(p)))
        s["oi"] += 1
        return _next(s, ev)
    if head == "build":
        t = TYPE_INDEX[arg]
        for i, c in enumerate(hand):
            if CARD_TYPE[c] == t:
                card = hand.pop(i)
                break
        s["bld"] = {"card": card, "onto": -1, "need": 0, "paid": [], "goods": []}
        if owns(s, p, CRANE) and any(i >= 0 for i in options(s, p, t, len(hand) + 1)):
            s["bstep"] = "onto"
            return False
        return _to_pay(s, p, -1, ev)
    bld = s["bld"]
    if head == "onto":
        if arg == "new":
            return _to_pay(s, p, -1, ev)
        t = CARD_TYPE[bld["card"]]
        ct = TYPE_INDEX[arg]
        city = s["cities"][p]
        cands = [i for i in options(s, p, t, len(hand) + 1) if i >= 0 and CARD_TYPE[city[i][0]] == ct]
        # Prefer covering an empty building: a good on the covered one is lost.
        cands.sort(key=lambda i: city[i][1] >= 0)
        return _to_pay(s, p, cands[0], ev)
    if head == "cancel":
        _cancel(s, p)
        return False
    if head == "pay":
        t = TYPE_INDEX[arg]
        for i, c in enumerate(hand):
            if CARD_TYPE[c] == t:
                bld["paid"].append(hand.pop(i))
                break
    elif head == "paygood":
        k = GOOD_INDEX[arg]
        city = s["cities"][p]
        i = next(i for i, (c, g) in enumerate(city) if g >= 0 and i != bld["onto"] and CARD_TYPE[c] == k)
        bld["goods"].append([i, city[i][1]])
        city[i][1] = -1
    return _settle(s, p, ev)


def _to_pay(s: State, p: int, onto: int, ev: list[Msg]) -> bool:
    bld = s["bld"]
    bld["onto"] = onto
    bld["need"] = net_cost(s, p, CARD_TYPE[bld["card"]], onto)
    s["bstep"] = "pay"
    return _settle(s, p, ev)


def _settle(s: State, p: int, ev: list[Msg]) -> bool:
    """Complete the building once paid; pay by itself when there is no choice
    left (the rest of the hand is exactly the price, or all of one kind, and
    no good could be used instead)."""
    bld = s["bld"]
    left = bld["need"] - len(bld["paid"]) - len(bld["goods"])
    if left > 0:
        hand = s["hands"][p]
        if hand and len(hand) != left:
            first = CARD_TYPE[hand[0]]
            for c in hand:
                if CARD_TYPE[c] != first:
                    return False  # a choice of cards
        if len(bld["goods"]) < 2 and owns(s, p, BLACK_MARKET) and any(
                g >= 0 and i != bld["onto"] for i, (_, g) in enumerate(s["cities"][p])):
            return False  # a good could pay instead
        bld["paid"].extend(hand[-left:])
        del hand[-left:]
    return _complete(s, p, ev)


def _cancel(s: State, p: int) -> None:
    bld = s["bld"]
    hand = s["hands"][p]
    hand.extend(bld["paid"])
    hand.append(bld["card"])
    for i, g in bld["goods"]:
        s["cities"][p][i][1] = g
    s["bld"] = None
    s["bstep"] = "choose"


def _complete(s: State, p: int, ev: list[Msg]) -> bool:
    bld = s["bld"]
    s["bld"] = None
    card, onto = bld["card"], bld["onto"]
    discard = s["discard"]
    discard.extend(bld["paid"])
    discard.extend(g for _, g in bld["goods"])
    city = s["cities"][p]
    paid = len(bld["paid"]) + len(bld["goods"])
    if onto >= 0:
        old, good = city[onto]
        if good >= 0:
            discard.append(good)  # the covered building's good is lost
        s["covered"][p].append(old)
        city[onto] = [card, -1]
        ev.append(msg("sanjuan.ev.build_over", player=seat_ref(p), card=card_msg(card),
                      old=card_msg(old), paid=paid))
    else:
        city.append([card, -1])
        ev.append(msg("sanjuan.ev.build", player=seat_ref(p), card=card_msg(card), paid=paid))
    if bld["goods"]:
        ev.append(msg("sanjuan.ev.paid_goods", player=seat_ref(p), n=len(bld["goods"])))
    s["fresh"][p] = card
    # Carpenter first, then the poor house (rulebook order).
    if not IS_PROD[card] and owns(s, p, CARPENTER):
        draw_to_hand(s, p, 1, "carpenter", ev)
    if len(s["hands"][p]) <= 1 and owns(s, p, POOR_HOUSE):
        draw_to_hand(s, p, 1, "poor_house", ev)
    s["oi"] += 1
    return _next(s, ev)
