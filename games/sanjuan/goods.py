"""The producer and trader phases: simultaneous.  Every seat from the chooser
on may produce on (sell from) as many buildings as its limit allows (1, the
chooser's privilege, an aqueduct / trading post); it chooses one building
type at a time, may undo, and is done at the limit or when it says so.  Goods
(cards from the deck) and trade income are drawn when the last seat has
decided, in seat order from the chooser.

Legality: ``choosable`` is the one rule of what a seat may still choose
(the kinds of buildings, or goods, not chosen yet, below its limit).  It is
read for every seat when the phase opens and kept up to date as the seats
choose, in ``state["select_kinds"]``; ``ids`` lists it and ``allows`` tests
one action by it, neither looking at the city."""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg

from .actions import DONE, PRODUCE_BY, SELL_BY, UNDO
from .data import (
    AQUEDUCT,
    CARD_TYPE,
    GOOD_KEYS,
    IS_PROD,
    MARKET_HALL,
    MARKET_STAND,
    TILES,
    TRADING_POST,
    TYPE_KEYS,
    WELL,
)
from .state import ORDER, SEAT, State, city_bits, draw_n, draw_to_hand, m

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
_GOODS = len(GOOD_KEYS)  # the production types (type index = good index)
GOOD_MSG: tuple[Msg, ...] = tuple(m("good." + k) for k in GOOD_KEYS)  # by production type
# A production building's type bit by card id (0 for the others; good index = production type).
_PBIT: tuple[int, ...] = tuple(1 << t if IS_PROD[c] else 0 for c, t in enumerate(CARD_TYPE))


# The trading-house tiles' events (read-only, shared).
_TILE_MSG: tuple[Msg, ...] = tuple(m("ev.tile", **dict(zip(GOOD_KEYS, prices, strict=True))) for prices in TILES)
_AQUEDUCT, _TRADING_POST = 1 << AQUEDUCT, 1 << TRADING_POST


def _open(s: State, produce: bool, building: int) -> bool:
    """Every seat's choice, read from its city in one pass: the kinds it may
    choose (its empty production buildings, or its goods), and its limit: 1,
    the chooser's privilege, ``building`` (an aqueduct or trading post), at
    most as many as it has; the seats with a choice decide.  True when none
    has."""
    ch = s["chooser"]
    privileged = 3 if s["library_privilege"] else 2
    limits = []
    selected: list[list[int]] = []
    kinds = []
    deciding = []
    works = city_bits(s)
    for p, city in enumerate(s["cities"]):
        count = bits = 0
        if produce:
            for c, g in city:
                if g < 0 and IS_PROD[c]:
                    count += 1
                    bits |= _PBIT[c]
        else:
            for c, g in city:
                if g >= 0:  # (only production buildings hold goods)
                    count += 1
                    bits |= _PBIT[c]
        selected.append([])
        kinds.append(bits)  # (nothing chosen yet: a seat with a count may choose all its kinds)
        if count:
            limit = privileged if p == ch else 1
            if limit < count and works[p] & building:
                limit += 1
            limits.append(limit if limit < count else count)
            deciding.append(p)
        else:
            limits.append(0)
    s["select_limit"] = limits
    s["selected"] = selected
    s["select_kinds"] = kinds
    s["deciding"] = deciding
    return not deciding


def begin_producer(s: State, ev: list[Msg]) -> bool:
    return _open(s, True, _AQUEDUCT)


def begin_trader(s: State, ev: list[Msg]) -> bool:
    tile = s["turned_tile"] = s["tiles"].pop(0)
    ev.append(_TILE_MSG[tile])
    if _open(s, False, _TRADING_POST):
        resolve_trader(s, ev)
        return True
    return False


def choosable(s: State, p: int) -> int:
    """The rule: the building types ``p`` may still produce on (producer) or
    the goods it may still sell (trader; good index = production type), as
    bits; none at its limit."""
    sel = s["selected"][p]
    if len(sel) >= s["select_limit"][p]:
        return 0
    empty = s["phase"] == "producer"  # producer: empty buildings; trader: those with a good
    kinds = 0
    for i, (c, g) in enumerate(s["cities"][p]):
        if (g < 0) == empty and i not in sel:
            kinds |= _PBIT[c]
    return kinds


def select_kinds(s: State) -> list[int]:
    """Per seat, ``choosable``, as kept in ``state["select_kinds"]`` (set by
    ``_open``, updated by ``apply``); a state stored before it has them read
    here, once."""
    try:
        return s["select_kinds"]
    except KeyError:
        kinds = s["select_kinds"] = [choosable(s, p) for p in range(s["players"])]
        return kinds


def ids(s: State, p: int) -> list[str]:
    """``choosable``'s kinds; done; undo once it has chosen."""
    try:  # (``select_kinds``, inlined: a call costs more than the rest of the step)
        kept = s["select_kinds"]
    except KeyError:
        kept = select_kinds(s)
    kinds = (PRODUCE_BY if s["phase"] == "producer" else SELL_BY)[kept[p]]
    if s["selected"][p]:
        return [*kinds, DONE, UNDO]
    return [*kinds, DONE]


def _find(city: list[list[int]], sel: list[int], t: int, produce: bool) -> int:
    """The first city index ``p`` may choose for type ``t`` (an empty
    production building to produce on, or a good of kind ``t`` to sell), not
    chosen yet; -1 if none."""
    if produce:
        for i, (c, g) in enumerate(city):
            if g < 0 and CARD_TYPE[c] == t and i not in sel:
                return i
    else:
        for i, (c, g) in enumerate(city):
            if g >= 0 and CARD_TYPE[c] == t and i not in sel:
                return i
    return -1


# The kind (production type) an action's argument names, by its head.
_KIND = {"produce": {key: t for t, key in enumerate(TYPE_KEYS[:_GOODS])}, "sell": GOOD_INDEX}


def allows(s: State, p: int, action: ActionId) -> bool:
    """``ids``' rule for one action."""
    head, args = action.head, action.args
    if head == "done":
        return not args
    if head == "undo":
        return not args and bool(s["selected"][p])
    if head != ("produce" if s["phase"] == "producer" else "sell") or len(args) != 1:
        return False
    t = _KIND[head].get(args[0])
    if t is None:
        return False
    try:  # (``select_kinds``, inlined)
        kept = s["select_kinds"]
    except KeyError:
        kept = select_kinds(s)
    return kept[p] >> t & 1 == 1


def apply(all_decided: Callable[[State, list[Msg]], None], s: State, p: int, action: ActionId) -> list[Msg]:
    """Apply a legal producer/trader action; return the events.  A seat
    done (or at its limit) has decided: it leaves ``deciding``, and after
    the last ``all_decided`` (the flow's, bound in ``flow.APPLY``) moves on."""
    head = action.head
    ev: list[Msg] = []
    if head != "done":
        sel = s["selected"][p]
        if head == "undo":
            sel.clear()
            select_kinds(s)[p] = choosable(s, p)
            return ev
        t = _KIND[head][action.args[0]]
        city = s["cities"][p]
        produce = head == "produce"
        sel.append(_find(city, sel, t, produce))
        if len(sel) < s["select_limit"][p]:
            if _find(city, sel, t, produce) < 0:  # a choice closes its own kind at most
                select_kinds(s)[p] &= ~(1 << t)
            return ev
    deciding = s["deciding"]
    deciding.remove(p)
    if not deciding:
        all_decided(s, ev)
    return ev


def resolve_producer(s: State, ev: list[Msg]) -> None:
    assert s["chooser"] is not None
    deck = s["deck"]
    for p in ORDER[s["players"]][s["chooser"]]:
        sel = s["selected"][p]
        if not sel:
            continue
        city = s["cities"][p]
        made = []
        for i in sel:
            if deck:  # (``draw_n`` for the reshuffle)
                city[i][1] = deck.pop()
            else:
                cards = draw_n(s, 1, ev)
                if not cards:
                    break
                city[i][1] = cards[0]
                deck = s["deck"]
            made.append(GOOD_MSG[CARD_TYPE[city[i][0]]])
        s["selected"][p] = []
        if made:
            ev.append({"key": "sanjuan.ev.produce", "args": {"player": SEAT[p], "goods": made}})
        if len(made) >= 2 and city_bits(s)[p] >> WELL & 1:
            draw_to_hand(s, p, 1, "well", ev)
            deck = s["deck"]


def resolve_trader(s: State, ev: list[Msg]) -> None:
    assert s["chooser"] is not None and s["turned_tile"] is not None
    prices = TILES[s["turned_tile"]]
    for p in ORDER[s["players"]][s["chooser"]]:
        sel = s["selected"][p]
        if not sel:
            continue
        city = s["cities"][p]
        value = 0
        sold = []
        for i in sel:
            t = CARD_TYPE[city[i][0]]
            value += prices[t]
            s["discard"].append(city[i][1])
            city[i][1] = -1
            sold.append(GOOD_MSG[t])
        ev.append({"key": "sanjuan.ev.sell", "args": {"player": SEAT[p], "goods": sold}})
        draw_to_hand(s, p, value, "trade", ev)
        bits = city_bits(s)[p]
        if bits >> MARKET_HALL & 1:
            draw_to_hand(s, p, 1, "market_hall", ev)
        if len(sel) >= 2 and bits >> MARKET_STAND & 1:
            draw_to_hand(s, p, 1, "market_stand", ev)
        s["selected"][p] = []
    # The tile goes face down under the stack: the order never changes.
    s["tiles"].append(s["turned_tile"])
    s["turned_tile"] = None
