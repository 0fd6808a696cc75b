"""The builder phase: every seat in turn from the builder may build one
building — choose it, (with a crane) choose what to build over, then pay card
by card (with a black market, up to two goods count as one card each).

Legality: ``placements`` is the one rule of what a seat can afford (new, or
over one of its buildings with a crane); ``_good_kinds`` the one rule of which
goods a black market may pay with.  ``moves`` lists, ``allows`` tests one
action, both through them."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, msg, seat_ref

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
from .schema import Building
from .state import State, card_msg, draw_to_hand, has_type_in, order_from, owns, privilege, types_of

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
T_PROD = tuple(k == PROD for k in TKIND)  # per type index

# What building costs depend on for a seat now: its city, the types on it,
# the discount on production and on other buildings, whether a black market
# works, the goods it could pay with, whether a crane works.
Terms = tuple[list[list[int]], set[int], int, int, bool, int, bool]


def _terms(s: State, p: int) -> Terms:
    city = s["cities"][p]
    fresh = s["built_this_phase"][p]
    tops = {CARD_TYPE[c] for c, _ in city}
    active = tops if fresh is None else {CARD_TYPE[c] for c, _ in city if c != fresh}
    cut = privilege(s) if p == s["chooser"] else 0
    black = BLACK_MARKET in active
    goods = 0
    if black:
        for _, g in city:
            if g >= 0:
                goods += 1
    return city, tops, cut + (SMITHY in active), cut + (QUARRY in active), black, goods, CRANE in active


def placements(s: State, p: int, t: int, spare: int, first: bool = False, terms: Terms | None = None) -> list[int]:
    """Where ``p`` can afford to build type ``t`` now: -1 (a new building)
    and/or the city indices a crane may build over.  ``spare``: the cards in
    hand besides the building.  With ``first``, only whether there is one."""
    city, tops, prod_cut, violet_cut, black, goods, crane = terms or _terms(s, p)
    if T_PROD[t]:
        raw = TCOST[t] - prod_cut
    else:
        if t in tops:
            return []  # violet buildings are unique per player
        raw = TCOST[t] - violet_cut
    out = []
    if raw <= spare + (goods if goods < 2 else 2):  # a black market pays with up to 2 goods
        if first:
            return [-1]
        out.append(-1)
    if crane:
        for i, (c, g) in enumerate(city):
            ct = CARD_TYPE[c]
            if ct in (CRANE, t):
                continue
            # not with the good on the covered building: that one is lost
            left = goods - (g >= 0) if black else 0
            if raw - COST[c] <= spare + (left if left < 2 else 2):
                out.append(i)
                if first:
                    return out
    return out


def net_cost(s: State, p: int, t: int, over: int = -1) -> int:
    """Cost of building type ``t`` for ``p`` now (over city index ``over``)."""
    _, _, prod_cut, violet_cut, _, _, _ = _terms(s, p)
    cost = TCOST[t] - (prod_cut if T_PROD[t] else violet_cut)
    if over >= 0:
        cost -= COST[s["cities"][p][over][0]]
    return cost if cost > 0 else 0


def buildable(s: State, p: int, first: bool = False) -> list[int]:
    """Types in ``p``'s hand that ``p`` can afford to build now.  With
    ``first`` it stops at the first one (only whether there is one matters)."""
    hand = s["hands"][p]
    terms = _terms(s, p)
    spare = len(hand) - 1
    out = []
    for t in types_of(hand):
        if placements(s, p, t, spare, True, terms):
            out.append(t)
            if first:
                break
    return out


def _good_kinds(s: State, p: int) -> set[int]:
    """The kinds of goods ``p`` may still pay with (a black market: two at
    most, not from the building being built over)."""
    bld = s["building"]
    if bld is None or len(bld["paid_goods"]) >= 2 or not owns(s, p, BLACK_MARKET):
        return set()
    over = bld["over"]
    return {CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g >= 0 and i != over}


def _onto_moves(s: State, p: int) -> list[Action]:
    bld = s["building"]
    assert bld is not None
    opts = placements(s, p, CARD_TYPE[bld["card"]], len(s["hands"][p]))
    out = [ONTO_NEW] if -1 in opts else []
    city = s["cities"][p]
    out += [ONTO[ct] for ct in sorted({CARD_TYPE[city[i][0]] for i in opts if i >= 0})]
    out.append(CANCEL)
    return out


def moves(s: State, p: int) -> list[Action]:
    step = s["builder_step"]
    if step == "choose":
        out = [BUILD[t] for t in buildable(s, p)]
        out.append(PASS)
        return out
    if step == "onto":
        return _onto_moves(s, p)
    out = [PAY[t] for t in types_of(s["hands"][p])]
    out += [PAYGOOD[k] for k in sorted(_good_kinds(s, p))]
    out.append(CANCEL)
    return out


def allows(s: State, p: int, action: ActionId) -> bool:
    head, args = action.head, action.args
    step = s["builder_step"]
    if step == "choose":
        if head == "pass":
            return not args
        if head != "build" or len(args) != 1:
            return False
        t = TYPE_INDEX.get(args[0])
        hand = s["hands"][p]
        return t is not None and has_type_in(hand, t) and bool(placements(s, p, t, len(hand) - 1, True))
    if step == "onto":
        wanted = str(action)
        return any(a.id == wanted for a in _onto_moves(s, p))
    if head == "cancel":
        return not args
    if len(args) != 1:
        return False
    if head == "pay":
        t = TYPE_INDEX.get(args[0])
        return t is not None and has_type_in(s["hands"][p], t)
    return head == "paygood" and GOOD_INDEX.get(args[0]) in _good_kinds(s, p)


def begin(s: State, ev: list[Msg]) -> bool:
    assert s["chooser"] is not None
    s["builder_order"] = order_from(s, s["chooser"])
    s["builder_index"] = 0
    return _next(s, ev)


def _next(s: State, ev: list[Msg]) -> bool:
    """Move to the next seat that can build; True when the phase is over."""
    order = s["builder_order"]
    while s["builder_index"] < len(order):
        p = order[s["builder_index"]]
        if buildable(s, p, first=True):
            s["turn"] = p
            s["builder_step"] = "choose"
            return False
        ev.append(msg("sanjuan.ev.cannot_build", player=seat_ref(p)))
        s["builder_index"] += 1
    s["turn"] = None
    s["builder_step"] = None
    return True


def apply(s: State, p: int, action: ActionId, ev: list[Msg]) -> bool:
    """Apply a legal builder action; True when the builder phase is over."""
    head = action.head
    hand = s["hands"][p]
    if head == "pass":
        ev.append(msg("sanjuan.ev.pass_build", player=seat_ref(p)))
        s["builder_index"] += 1
        return _next(s, ev)
    if head == "build":
        t = TYPE_INDEX[action.args[0]]
        for i, c in enumerate(hand):
            if CARD_TYPE[c] == t:
                card = hand.pop(i)
                break
        s["building"] = {"card": card, "over": -1, "cost": 0, "paid_cards": [], "paid_goods": []}
        if owns(s, p, CRANE) and any(i >= 0 for i in placements(s, p, t, len(hand))):
            s["builder_step"] = "onto"
            return False
        return _to_pay(s, p, -1, ev)
    if head == "cancel":
        _cancel(s, p)
        return False
    bld = s["building"]
    assert bld is not None
    if head == "onto":
        key = action.args[0]
        if key == "new":
            return _to_pay(s, p, -1, ev)
        t = CARD_TYPE[bld["card"]]
        ct = TYPE_INDEX[key]
        city = s["cities"][p]
        cands = [i for i in placements(s, p, t, len(hand)) if i >= 0 and CARD_TYPE[city[i][0]] == ct]
        # Prefer covering an empty building: a good on the covered one is lost.
        cands.sort(key=lambda i: city[i][1] >= 0)
        return _to_pay(s, p, cands[0], ev)
    if head == "pay":
        t = TYPE_INDEX[action.args[0]]
        for i, c in enumerate(hand):
            if CARD_TYPE[c] == t:
                bld["paid_cards"].append(hand.pop(i))
                break
    elif head == "paygood":
        k = GOOD_INDEX[action.args[0]]
        city = s["cities"][p]
        i = next(i for i, (c, g) in enumerate(city) if g >= 0 and i != bld["over"] and CARD_TYPE[c] == k)
        bld["paid_goods"].append([i, city[i][1]])
        city[i][1] = -1
    return _settle(s, p, ev)


def _to_pay(s: State, p: int, over: int, ev: list[Msg]) -> bool:
    bld = s["building"]
    assert bld is not None
    bld["over"] = over
    bld["cost"] = net_cost(s, p, CARD_TYPE[bld["card"]], over)
    s["builder_step"] = "pay"
    return _settle(s, p, ev)


def _settle(s: State, p: int, ev: list[Msg]) -> bool:
    """Complete the building once paid; pay by itself when there is no choice
    left (the rest of the hand is exactly the price, or all of one kind, and
    no good could be used instead)."""
    bld = s["building"]
    assert bld is not None
    left = bld["cost"] - len(bld["paid_cards"]) - len(bld["paid_goods"])
    if left > 0:
        hand = s["hands"][p]
        if hand and len(hand) != left:
            first = CARD_TYPE[hand[0]]
            for c in hand:
                if CARD_TYPE[c] != first:
                    return False  # a choice of cards
        if _good_kinds(s, p):
            return False  # a good could pay instead
        bld["paid_cards"].extend(hand[-left:])
        del hand[-left:]
    return _complete(s, p, ev)


def _cancel(s: State, p: int) -> None:
    bld = s["building"]
    assert bld is not None
    hand = s["hands"][p]
    hand.extend(bld["paid_cards"])
    hand.append(bld["card"])
    for i, g in bld["paid_goods"]:
        s["cities"][p][i][1] = g
    s["building"] = None
    s["builder_step"] = "choose"


def _complete(s: State, p: int, ev: list[Msg]) -> bool:
    bld: Building | None = s["building"]
    assert bld is not None
    s["building"] = None
    card, over = bld["card"], bld["over"]
    discard = s["discard"]
    discard.extend(bld["paid_cards"])
    discard.extend(g for _, g in bld["paid_goods"])
    city = s["cities"][p]
    paid = len(bld["paid_cards"]) + len(bld["paid_goods"])
    if over >= 0:
        old, good = city[over]
        if good >= 0:
            discard.append(good)  # the covered building's good is lost
        s["covered"][p].append(old)
        city[over] = [card, -1]
        ev.append(msg("sanjuan.ev.build_over", player=seat_ref(p), card=card_msg(card),
                      old=card_msg(old), paid=paid))
    else:
        city.append([card, -1])
        ev.append(msg("sanjuan.ev.build", player=seat_ref(p), card=card_msg(card), paid=paid))
    if bld["paid_goods"]:
        ev.append(msg("sanjuan.ev.paid_goods", player=seat_ref(p), n=len(bld["paid_goods"])))
    s["built_this_phase"][p] = card
    # Carpenter first, then the poor house (rulebook order).
    if not IS_PROD[card] and owns(s, p, CARPENTER):
        draw_to_hand(s, p, 1, "carpenter", ev)
    if len(s["hands"][p]) <= 1 and owns(s, p, POOR_HOUSE):
        draw_to_hand(s, p, 1, "poor_house", ev)
    s["builder_index"] += 1
    return _next(s, ev)
