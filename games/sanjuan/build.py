"""The builder phase: every seat in turn from the builder may build one
building — choose it, (with a crane) choose what to build over, then pay card
by card (with a black market, up to two goods count as one card each).

Legality: ``placements`` is the one rule of what a seat can afford (new, or
over one of its buildings with a crane) for one type; ``_affordable`` is the
same rule for every type at once (the tests compare the two), read for the
hand once a turn (``choices``); ``_good_kinds`` is the one rule of which
goods a black market may pay with.  ``ids`` lists the moves through them.

The fast twin: ``allows`` answers ``str(action) in ids(state, seat)`` for
one action without listing the moves; it saves about 2 % of a random game's
instructions (1.8 % at 2 players, 2.3 % at 4), below the 3 % bar, and is
kept because without it and the other twins the game's instructions exceed
the +15 % budget; ``tests/sanjuan/test_random.py`` compares it with ``ids``
in seeded games.  Sets of types are bits (``1 << type``)."""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg, seat_order

from .actions import BUILD_BY, CANCEL, ONTO_BY, ONTO_NEW, PASS, PAY_BY, PAYGOOD_BY, ids_of
from .common import (
    BIT,
    CARD_MSG,
    SEAT,
    TBIT,
    State,
    card_msg,
    city_bits,
    draw_to_hand,
    has_type_in,
    m,
    seat_events,
    take_type,
    type_bits,
)
from .data import (
    BLACK_MARKET,
    CARD_TYPE,
    CARPENTER,
    COST,
    CRANE,
    GOOD_KEYS,
    IS_PROD,
    MAX_PLAYERS,
    N_TYPES,
    POOR_HOUSE,
    PROD,
    QUARRY,
    SMITHY,
    TCOST,
    TKIND,
    TYPE_INDEX,
)
from .schema import Building

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
T_PROD = tuple(k == PROD for k in TKIND)  # per type index
_MAX_COST = max(TCOST)
# _AFFORD[production budget][other budget]: the bits of the types whose price
# is within the budget (a budget is capped at the highest price).
_AFFORD: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << t for t in range(N_TYPES) if TCOST[t] <= (bp if T_PROD[t] else bv))
          for bv in range(_MAX_COST + 1))
    for bp in range(_MAX_COST + 1))
_CRANE, _BLACK_MARKET = 1 << CRANE, 1 << BLACK_MARKET
_CANNOT_BUILD, _PASS_BUILD = seat_events("ev.cannot_build"), seat_events("ev.pass_build")
_PAID = _MAX_COST + 1
# _BUILD_EV[seat][type][paid]: "built a ..., paid ... cards" (shared).
_BUILD_EV: tuple[tuple[tuple[Msg, ...], ...], ...] = tuple(
    tuple(tuple(m("ev.build", player=SEAT[seat], card=CARD_MSG[t], paid=paid) for paid in range(_PAID))
          for t in range(N_TYPES))
    for seat in range(MAX_PLAYERS))

def placements(state: State, seat: int, t: int, spare: int, first: bool = False) -> list[int]:
    """Where ``p`` can afford to build type ``t`` now: -1 (a new building)
    and/or the city indices a crane may build over.  ``spare``: the cards in
    hand besides the building.  With ``first``, only whether there is one."""
    tops = city_bits(state)[seat]
    cut = (2 if state["library_privilege"] else 1) if seat == state["chooser"] else 0
    if T_PROD[t]:
        raw = TCOST[t] - cut - (tops >> SMITHY & 1)
    else:
        if tops >> t & 1:
            return []  # violet buildings are unique per player
        raw = TCOST[t] - cut - (tops >> QUARRY & 1)
    city = state["cities"][seat]
    goods = 0  # the goods a black market could pay with
    if tops & _BLACK_MARKET:
        for _, g in city:
            if g >= 0:
                goods += 1
    paying = goods if goods < 2 else 2  # a black market pays with up to 2 goods
    out = []
    if raw <= spare + paying:
        if first:
            return [-1]
        out.append(-1)
    if tops & _CRANE:
        # Over one of its buildings (not the crane, not the same type): its
        # price counts; a good on it is lost, so it cannot pay.
        kept, lost = spare + paying, spare + (goods - 1 if 0 < goods < 3 else paying)
        for i, (c, g) in enumerate(city):
            if raw - COST[c] <= (lost if g >= 0 else kept) and CARD_TYPE[c] != CRANE and CARD_TYPE[c] != t:
                out.append(i)
                if first:
                    return out
    return out


# ``place_bits``' bit for a new building (above the types' bits).
NEW = 1 << N_TYPES


def place_bits(state: State, seat: int, t: int, spare: int) -> int:
    """``placements`` as bits: the types of the buildings a crane may build
    over, and ``NEW`` if a new building is affordable."""
    city = state["cities"][seat]
    places = 0
    for i in placements(state, seat, t, spare):
        places |= NEW if i < 0 else TBIT[city[i][0]]
    return places


def _affordable(state: State, seat: int, spare: int) -> int:
    """The bits of the types ``p`` can afford to build now (``placements``
    for every type at once: new, or over a building with a working crane).
    ``spare``: the cards in hand besides the building."""
    tops = city_bits(state)[seat]
    if seat == state["chooser"]:
        spare += 2 if state["library_privilege"] else 1
    if tops & (_CRANE | _BLACK_MARKET):
        return _affordable_special(state["cities"][seat], tops, spare)
    bp = spare + (tops >> SMITHY & 1)
    bv = spare + (tops >> QUARRY & 1)
    return _AFFORD[bp if bp < _MAX_COST else _MAX_COST][bv if bv < _MAX_COST else _MAX_COST] & ~tops


def _affordable_special(city: list[list[int]], tops: int, spare: int) -> int:
    """``_affordable`` with a black market (goods pay) or a crane (build
    over); ``spare`` includes the chooser's privilege."""
    goods = 0
    if tops & _BLACK_MARKET:
        for _, g in city:
            if g >= 0:
                goods += 1
    prod_cut, violet_cut = tops >> SMITHY & 1, tops >> QUARRY & 1
    paying = goods if goods < 2 else 2
    kept = spare + paying
    bp, bv = kept + prod_cut, kept + violet_cut
    bits = _AFFORD[bp if bp < _MAX_COST else _MAX_COST][bv if bv < _MAX_COST else _MAX_COST]
    if tops & _CRANE:
        # Over one of its buildings (not the crane, not the same type): the
        # covered building's price counts, its good does not.
        lost = spare + (goods - 1 if 0 < goods < 3 else paying)
        for c, g in city:
            ct = CARD_TYPE[c]
            if ct == CRANE:
                continue
            budget = (lost if g >= 0 else kept) + COST[c]
            bp, bv = budget + prod_cut, budget + violet_cut
            bits |= _AFFORD[bp if bp < _MAX_COST else _MAX_COST][bv if bv < _MAX_COST else _MAX_COST] & ~(1 << ct)
    return bits & ~tops  # violet buildings are unique per player


def net_cost(state: State, seat: int, t: int, over: int = -1) -> int:
    """Cost of building type ``t`` for ``p`` now (over city index ``over``)."""
    active = city_bits(state)[seat]
    cut = (2 if state["library_privilege"] else 1) if seat == state["chooser"] else 0
    cost = TCOST[t] - cut - (active >> (SMITHY if T_PROD[t] else QUARRY) & 1)
    if over >= 0:
        cost -= COST[state["cities"][seat][over][0]]
    return cost if cost > 0 else 0


def buildable_bits(state: State, seat: int, hand: list[int]) -> int:
    """The bits of the types in ``hand`` that ``p`` can afford."""
    if not hand:
        return 0
    return _affordable(state, seat, len(hand) - 1) & type_bits(hand)


def buildable(state: State, seat: int, first: bool = False) -> list[int]:
    """Types in ``p``'s hand that ``p`` can afford to build now.  With
    ``first`` it stops at the first one (only whether there is one matters)."""
    bits = buildable_bits(state, seat, state["hands"][seat])
    out = [t for t in range(N_TYPES) if bits >> t & 1]
    return out[:1] if first else out


def choices(state: State) -> int:
    """What the seat to build may choose: ``buildable_bits`` of its hand, kept
    in ``state["affordable"]`` (``derived``) by its one writer, ``_begin_choice``."""
    return state["affordable"]


def _begin_choice(state: State, affordable: int) -> None:
    """The seat to build chooses what to build (its turn begins, or it
    cancelled a building): ``affordable`` is ``buildable_bits`` of its hand."""
    state["builder_step"] = "choose"
    state["affordable"] = affordable


def _good_kinds(state: State, seat: int) -> int:
    """The bits of the kinds of goods ``p`` may still pay with (a black
    market: two at most, not from the building being built over)."""
    if not city_bits(state)[seat] & _BLACK_MARKET:
        return 0
    bld = state["building"]
    if bld is None or len(bld["paid_goods"]) >= 2:
        return 0
    over = bld["over"]  # (-1 for a new building: no city index)
    kinds = 0
    for i, (c, g) in enumerate(state["cities"][seat]):
        if g >= 0 and i != over:  # not the good on the building covered
            kinds |= TBIT[c]
    return kinds


def onto_places(state: State) -> int:
    """Where the building under way may go: ``place_bits``, kept in the
    building's record (``derived``) by its one writer, ``apply`` (a crane's
    building)."""
    bld = state["building"]
    assert bld is not None
    return bld["places"]


def _onto_ids(state: State, seat: int) -> list[str]:
    places = onto_places(state)
    out = [ONTO_NEW] if places & NEW else []
    out += ids_of(ONTO_BY, places & ~NEW)
    out.append(CANCEL)
    return out


def ids(state: State, seat: int) -> list[str]:
    """The rule of the builder phase, by step: a type of ``choices`` or pass;
    a card of the hand or a good (``_good_kinds``) to pay with, or cancel;
    where a crane's building goes (``onto_places``) or cancel."""
    step = state["builder_step"]
    if step == "pay":
        return [*ids_of(PAY_BY, type_bits(state["hands"][seat])), *PAYGOOD_BY[_good_kinds(state, seat)], CANCEL]
    if step == "choose":
        return [*ids_of(BUILD_BY, choices(state)), PASS]
    return _onto_ids(state, seat)


def allows(state: State, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in ids(state, seat)`` (see the module's doc)."""
    head, args = action.head, action.args
    step = state["builder_step"]
    if step == "pay":
        if head == "pay" and len(args) == 1:
            t = TYPE_INDEX.get(args[0])
            return has_type_in(state["hands"][seat], t)
        if head == "cancel":
            return not args
        k = GOOD_INDEX.get(args[0]) if head == "paygood" and len(args) == 1 else None
        return k is not None and bool(_good_kinds(state, seat) >> k & 1)
    if step == "choose":
        if head == "build" and len(args) == 1:
            t = TYPE_INDEX.get(args[0])
            if t is None:
                return False
            bits = choices(state)
            return bits >> t & 1 == 1
        return head == "pass" and not args
    if head == "cancel":
        return not args
    if head != "onto" or len(args) != 1:
        return False
    places = onto_places(state)
    if args[0] == "new":
        return bool(places & NEW)
    t = TYPE_INDEX.get(args[0])
    return t is not None and bool(places >> t & 1)


def begin(state: State, events: list[Msg]) -> bool:
    """The builder phase starts."""
    assert state["chooser"] is not None
    state["builder_order"] = seat_order(state["players"], state["chooser"])
    state["builder_index"] = 0
    return _next(state, events)


def _next(state: State, events: list[Msg]) -> bool:
    """Move to the next seat that can build; True when the phase is over."""
    order = state["builder_order"]
    index = state["builder_index"]
    while index < len(order):
        seat = order[index]
        bits = buildable_bits(state, seat, state["hands"][seat])
        if bits:
            state["builder_index"] = index
            state["turn"] = seat
            _begin_choice(state, bits)
            return False
        events.append(_CANNOT_BUILD[seat])
        index += 1
    state["builder_index"] = index
    state["turn"] = None
    state["builder_step"] = None
    return True


def apply(end_role: Callable[[State, list[Msg]], None], state: State, seat: int, action: ActionId) -> list[Msg]:
    """Apply a legal builder action; return the events.  ``end_role``: the
    flow's end of a role phase, called when the builder phase is over (the
    flow binds it: ``the engine``)."""
    head = action.head
    hand = state["hands"][seat]
    events: list[Msg] = []
    if head == "pay":
        bld = state["building"]
        assert bld is not None
        t = TYPE_INDEX[action.args[0]]
        bld["paid_cards"].append(take_type(hand, t))
        phase_over = _settle(state, seat, events, bld)
    elif head == "build":
        t = TYPE_INDEX[action.args[0]]
        card = take_type(hand, t)
        active = city_bits(state)[seat]
        new: Building = {"card": card, "over": -1, "cost": 0, "paid_cards": [], "paid_goods": []}
        state["building"] = new
        if active & _CRANE:
            places = place_bits(state, seat, t, len(hand))
            if places & ~NEW:  # a crane may build it over one of the city's buildings
                new["places"] = places
                state["builder_step"] = "onto"
                return events
        phase_over = _to_pay(state, seat, new, -1, events, active)
    elif head == "pass":
        events.append(_PASS_BUILD[seat])
        state["builder_index"] += 1
        phase_over = _next(state, events)
    elif head == "cancel":
        _cancel(state, seat)
        return events
    else:
        phase_over = _place_or_pay_good(state, seat, action, events)
    if phase_over:
        end_role(state, events)
    return events


def _place_or_pay_good(state: State, seat: int, action: ActionId, events: list[Msg]) -> bool:
    """``onto`` (where a crane's building goes) or ``paygood``; True when the builder phase is over."""
    bld = state["building"]
    assert bld is not None
    if action.head == "onto":
        key = action.args[0]
        if key == "new":
            return _to_pay(state, seat, bld, -1, events, city_bits(state)[seat])
        # Over the first building of that type (the places allow one), an
        # empty one if any: a good on the covered one is lost.  Those of a
        # type cost the same, and an empty one leaves at least the budget of
        # one with a good (``placements``), so the first empty one is allowed.
        ct = TYPE_INDEX[key]
        over = -1
        for i, (c, g) in enumerate(state["cities"][seat]):
            if CARD_TYPE[c] == ct:
                if g < 0:
                    over = i
                    break
                if over < 0:
                    over = i
        return _to_pay(state, seat, bld, over, events, city_bits(state)[seat])
    k = GOOD_INDEX[action.args[0]]
    city = state["cities"][seat]
    i = next(i for i, (c, g) in enumerate(city) if g >= 0 and i != bld["over"] and CARD_TYPE[c] == k)
    bld["paid_goods"].append([i, city[i][1]])
    city[i][1] = -1
    return _settle(state, seat, events, bld)


def _to_pay(state: State, seat: int, bld: Building, over: int, events: list[Msg], active: int) -> bool:
    """Start paying for the building (over city index ``over``, -1: new);
    ``active``: the seat's ``city_bits``."""
    bld["over"] = over
    bld["cost"] = net_cost(state, seat, CARD_TYPE[bld["card"]], over)
    state["builder_step"] = "pay"
    return _settle(state, seat, events, bld, active)


def _settle(state: State, seat: int, events: list[Msg], bld: Building, active: int = -1) -> bool:
    """Complete the building once paid; pay by itself when there is no choice
    left (the rest of the hand is exactly the price, or all of one kind, and
    no good could be used instead).  ``active``: the seat's ``city_bits`` if known."""
    left = bld["cost"] - len(bld["paid_cards"]) - len(bld["paid_goods"])
    if left > 0:
        hand = state["hands"][seat]
        if hand and len(hand) != left:
            kind = CARD_TYPE[hand[0]]
            for c in hand:
                if CARD_TYPE[c] != kind:
                    return False  # a choice of cards
        if (active < 0 or active & _BLACK_MARKET) and _good_kinds(state, seat):
            return False  # a good could pay instead
        bld["paid_cards"].extend(hand[-left:])
        del hand[-left:]
    return _complete(state, seat, events, bld, active)


def _cancel(state: State, seat: int) -> None:
    bld = state["building"]
    assert bld is not None
    hand = state["hands"][seat]
    hand.extend(bld["paid_cards"])
    hand.append(bld["card"])
    for i, g in bld["paid_goods"]:
        state["cities"][seat][i][1] = g
    state["building"] = None
    _begin_choice(state, buildable_bits(state, seat, hand))


def _complete(state: State, seat: int, events: list[Msg], bld: Building, active: int = -1) -> bool:
    """Put the paid building up.  ``active``: the seat's ``city_bits`` before it, if known."""
    state["building"] = None
    card, over = bld["card"], bld["over"]
    discard = state["discard"]
    paid_cards, paid_goods = bld["paid_cards"], bld["paid_goods"]
    discard.extend(paid_cards)
    paid = len(paid_cards)
    if paid_goods:
        discard.extend(g for _, g in paid_goods)
        paid += len(paid_goods)
    city = state["cities"][seat]
    bits = city_bits(state)
    if over >= 0:
        old, good = city[over]
        if good >= 0:
            discard.append(good)  # the covered building's good is lost
        state["covered"][seat].append(old)
        city[over] = [card, -1]
        bits[seat] &= ~BIT[old]
        active = -1  # (the covered building no longer works)
        events.append({"key": "sanjuan.ev.build_over", "args": {"player": SEAT[seat], "card": card_msg(card),
                                                            "old": card_msg(old), "paid": paid}})
    else:
        city.append([card, -1])
        events.append(_BUILD_EV[seat][CARD_TYPE[card]][paid] if paid < _PAID else
                  m("ev.build", player=SEAT[seat], card=card_msg(card), paid=paid))
    if paid_goods:
        events.append({"key": "sanjuan.ev.paid_goods", "args": {"player": SEAT[seat], "n": len(paid_goods)}})
    # Carpenter first, then the poor house (rulebook order).  (The new
    # building does not work yet: the others are as before.)
    if active < 0:
        active = bits[seat]
    bits[seat] |= BIT[card]
    state["built_this_phase"][seat] = card
    if active >> CARPENTER & 1 and not IS_PROD[card]:
        draw_to_hand(state, seat, 1, "carpenter", events)
    if active >> POOR_HOUSE & 1 and len(state["hands"][seat]) <= 1:
        draw_to_hand(state, seat, 1, "poor_house", events)
    state["builder_index"] += 1
    return _next(state, events)
