"""The producer and trader phases: simultaneous.  Every seat from the chooser
on may produce on (sell from) as many buildings as its limit allows (1, the
chooser's privilege, an aqueduct / trading post); it chooses one building
type at a time, may undo, and is done at the limit or when it says so.  Goods
(cards from the deck) and trade income are drawn when the last seat has
decided, in seat order from the chooser.

Legality: ``choosable`` is the one rule of what a seat may still choose
(the kinds of buildings, or goods, not chosen yet, below its limit).  It is
read for every seat when the phase opens and kept up to date as the seats
choose, in ``state["select_kinds"]`` (``derived``); ``ids`` lists it without
looking at the city."""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg

from .actions import DONE, PRODUCE_BY, SELL_BY, UNDO
from .common import ORDER, SEAT, State, city_bits, draw_n, draw_to_hand, m
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

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
_GOODS = len(GOOD_KEYS)  # the production types (type index = good index)
GOOD_MSG: tuple[Msg, ...] = tuple(m("good." + k) for k in GOOD_KEYS)  # by production type
# A production building's type bit by card id (0 for the others; good index = production type).
_PBIT: tuple[int, ...] = tuple(1 << t if IS_PROD[c] else 0 for c, t in enumerate(CARD_TYPE))


# The trading-house tiles' events (read-only, shared).
_TILE_MSG: tuple[Msg, ...] = tuple(m("ev.tile", **dict(zip(GOOD_KEYS, prices, strict=True))) for prices in TILES)
_AQUEDUCT, _TRADING_POST = 1 << AQUEDUCT, 1 << TRADING_POST


def _open(state: State, produce: bool, building: int) -> bool:
    """Every seat's choice, read from its city in one pass: the kinds it may
    choose (its empty production buildings, or its goods), and its limit: 1,
    the chooser's privilege, ``building`` (an aqueduct or trading post), at
    most as many as it has; the seats with a choice decide.  True when none
    has."""
    ch = state["chooser"]
    privileged = 3 if state["library_privilege"] else 2
    limits = []
    selected: list[list[int]] = []
    kinds = []
    deciding = []
    works = city_bits(state)
    for seat, city in enumerate(state["cities"]):
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
            limit = privileged if seat == ch else 1
            if limit < count and works[seat] & building:
                limit += 1
            limits.append(limit if limit < count else count)
            deciding.append(seat)
        else:
            limits.append(0)
    state["select_limit"] = limits
    state["selected"] = selected
    state["select_kinds"] = kinds
    state["deciding"] = deciding
    return not deciding


def begin_producer(state: State, events: list[Msg]) -> bool:
    return _open(state, True, _AQUEDUCT)


def begin_trader(state: State, events: list[Msg]) -> bool:
    tile = state["turned_tile"] = state["tiles"].pop(0)
    events.append(_TILE_MSG[tile])
    if _open(state, False, _TRADING_POST):
        resolve_trader(state, events)
        return True
    return False


def choosable(state: State, seat: int) -> int:
    """The rule: the building types ``p`` may still produce on (producer) or
    the goods it may still sell (trader; good index = production type), as
    bits; none at its limit."""
    sel = state["selected"][seat]
    if len(sel) >= state["select_limit"][seat]:
        return 0
    empty = state["phase"] == "producer"  # producer: empty buildings; trader: those with a good
    kinds = 0
    for i, (c, g) in enumerate(state["cities"][seat]):
        if (g < 0) == empty and i not in sel:
            kinds |= _PBIT[c]
    return kinds


def select_kinds(state: State) -> list[int]:
    """Per seat, ``choosable``, as kept in ``state["select_kinds"]``
    (``derived``: set by ``_open``, kept by ``apply``; 0 once the seat has
    decided)."""
    return state["select_kinds"]


def ids(state: State, seat: int) -> list[str]:
    """``choosable``'s kinds; done; undo once it has chosen."""
    kept = select_kinds(state)
    kinds = (PRODUCE_BY if state["phase"] == "producer" else SELL_BY)[kept[seat]]
    if state["selected"][seat]:
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




def apply(all_decided: Callable[[State, list[Msg]], None], state: State, seat: int, action: ActionId) -> list[Msg]:
    """Apply a legal producer/trader action; return the events.  A seat
    done (or at its limit) has decided: it leaves ``deciding``, and after
    the last ``all_decided`` (the flow's, bound in ``the engine``) moves on."""
    head = action.head
    events: list[Msg] = []
    if head != "done":
        sel = state["selected"][seat]
        if head == "undo":
            sel.clear()
            state["select_kinds"][seat] = choosable(state, seat)
            return events
        t = _KIND[head][action.args[0]]
        city = state["cities"][seat]
        produce = head == "produce"
        sel.append(_find(city, sel, t, produce))
        if len(sel) < state["select_limit"][seat]:
            if _find(city, sel, t, produce) < 0:  # a choice closes its own kind at most
                state["select_kinds"][seat] &= ~(1 << t)
            return events
    state["select_kinds"][seat] = 0  # it has decided
    deciding = state["deciding"]
    deciding.remove(seat)
    if not deciding:
        all_decided(state, events)
    return events


def resolve_producer(state: State, events: list[Msg]) -> None:
    assert state["chooser"] is not None
    deck = state["deck"]
    for seat in ORDER[state["players"]][state["chooser"]]:
        sel = state["selected"][seat]
        if not sel:
            continue
        city = state["cities"][seat]
        made = []
        for i in sel:
            if deck:  # (``draw_n`` for the reshuffle)
                city[i][1] = deck.pop()
            else:
                cards = draw_n(state, 1, events)
                if not cards:
                    break
                city[i][1] = cards[0]
                deck = state["deck"]
            made.append(GOOD_MSG[CARD_TYPE[city[i][0]]])
        state["selected"][seat] = []
        if made:
            events.append({"key": "sanjuan.ev.produce", "args": {"player": SEAT[seat], "goods": made}})
        if len(made) >= 2 and city_bits(state)[seat] >> WELL & 1:
            draw_to_hand(state, seat, 1, "well", events)
            deck = state["deck"]


def resolve_trader(state: State, events: list[Msg]) -> None:
    assert state["chooser"] is not None and state["turned_tile"] is not None
    prices = TILES[state["turned_tile"]]
    for seat in ORDER[state["players"]][state["chooser"]]:
        sel = state["selected"][seat]
        if not sel:
            continue
        city = state["cities"][seat]
        value = 0
        sold = []
        for i in sel:
            t = CARD_TYPE[city[i][0]]
            value += prices[t]
            state["discard"].append(city[i][1])
            city[i][1] = -1
            sold.append(GOOD_MSG[t])
        events.append({"key": "sanjuan.ev.sell", "args": {"player": SEAT[seat], "goods": sold}})
        draw_to_hand(state, seat, value, "trade", events)
        bits = city_bits(state)[seat]
        if bits >> MARKET_HALL & 1:
            draw_to_hand(state, seat, 1, "market_hall", events)
        if len(sel) >= 2 and bits >> MARKET_STAND & 1:
            draw_to_hand(state, seat, 1, "market_stand", events)
        state["selected"][seat] = []
    # The tile goes face down under the stack: the order never changes.
    state["tiles"].append(state["turned_tile"])
    state["turned_tile"] = None
