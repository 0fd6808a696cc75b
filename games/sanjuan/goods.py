"""The producer and trader phases: simultaneous.  Every seat from the chooser
on may produce on (sell from) as many buildings as its limit allows (1, the
chooser's privilege, an aqueduct / trading post); it chooses one building
type at a time, may undo, and is done at the limit or when it says so.  Goods
(cards from the deck) and trade income are drawn when the last seat has
decided, in seat order from the chooser.

Legality: ``_kinds`` is the one rule of what a seat may still choose;
``moves`` lists it, ``allows`` tests one action against it."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, msg, seat_ref

from .actions import DONE, PRODUCE, SELL, UNDO
from .data import (
    AQUEDUCT,
    CARD_TYPE,
    GOOD_KEYS,
    IS_PROD,
    MARKET_HALL,
    MARKET_STAND,
    TILES,
    TRADING_POST,
    TYPE_INDEX,
    WELL,
)
from .state import State, draw_n, draw_to_hand, order_from, owns, privilege

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}


def _extra(s: State, p: int, building: int) -> int:
    return (privilege(s) if p == s["chooser"] else 0) + (1 if owns(s, p, building) else 0)


def _open(s: State, limits: list[int]) -> bool:
    """Set every seat's limit; the seats with a choice decide.  True when none has."""
    s["select_limit"] = limits
    s["selected"] = [[] for _ in limits]
    s["deciding"] = [p for p, limit in enumerate(limits) if limit]
    return not s["deciding"]


def begin_producer(s: State, ev: list[Msg]) -> bool:
    limits = [0] * s["players"]
    for p in range(s["players"]):
        empty = sum(1 for c, g in s["cities"][p] if g < 0 and IS_PROD[c])
        limits[p] = min(1 + _extra(s, p, AQUEDUCT), empty)
    return _open(s, limits)


def begin_trader(s: State, ev: list[Msg]) -> bool:
    tile = s["turned_tile"] = s["tiles"].pop(0)
    ev.append(msg("sanjuan.ev.tile", **dict(zip(GOOD_KEYS, TILES[tile], strict=True))))
    limits = [0] * s["players"]
    for p in range(s["players"]):
        goods = sum(1 for _, g in s["cities"][p] if g >= 0)
        limits[p] = min(1 + _extra(s, p, TRADING_POST), goods)
    if _open(s, limits):
        resolve_trader(s, ev)
        return True
    return False


def _kinds(s: State, p: int) -> set[int]:
    """The rule: the building types ``p`` may still produce on (producer) or
    the goods it may still sell (trader; good index = production type)."""
    sel = s["selected"][p]
    if len(sel) >= s["select_limit"][p]:
        return set()
    if s["phase"] == "producer":
        return {CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g < 0 and IS_PROD[c] and i not in sel}
    return {CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g >= 0 and i not in sel}


def moves(s: State, p: int) -> list[Action]:
    row = PRODUCE if s["phase"] == "producer" else SELL
    out = [row[t] for t in sorted(_kinds(s, p))]
    out.append(DONE)
    if s["selected"][p]:
        out.append(UNDO)
    return out


def allows(s: State, p: int, action: ActionId) -> bool:
    head, args = action.head, action.args
    if head == "done":
        return not args
    if head == "undo":
        return not args and bool(s["selected"][p])
    if len(args) != 1:
        return False
    if s["phase"] == "producer":
        return head == "produce" and TYPE_INDEX.get(args[0]) in _kinds(s, p)
    return head == "sell" and GOOD_INDEX.get(args[0]) in _kinds(s, p)


def apply(s: State, p: int, action: ActionId) -> bool:
    """Apply a legal producer/trader action; True when ``p`` has decided."""
    head = action.head
    if head == "done":
        return True
    sel = s["selected"][p]
    if head == "undo":
        sel.clear()
        return False
    produce = head == "produce"
    t = TYPE_INDEX[action.args[0]] if produce else GOOD_INDEX[action.args[0]]
    for i, (c, g) in enumerate(s["cities"][p]):
        if (g < 0) == produce and CARD_TYPE[c] == t and i not in sel:
            sel.append(i)
            break
    return len(sel) >= s["select_limit"][p]


def resolve_producer(s: State, ev: list[Msg]) -> None:
    assert s["chooser"] is not None
    for p in order_from(s, s["chooser"]):
        city = s["cities"][p]
        made = []
        for i in s["selected"][p]:
            cards = draw_n(s, 1, ev)
            if not cards:
                break
            city[i][1] = cards[0]
            made.append(msg("sanjuan.good." + GOOD_KEYS[CARD_TYPE[city[i][0]]]))
        s["selected"][p] = []
        if made:
            ev.append(msg("sanjuan.ev.produce", player=seat_ref(p), goods=made))
        if len(made) >= 2 and owns(s, p, WELL):
            draw_to_hand(s, p, 1, "well", ev)


def resolve_trader(s: State, ev: list[Msg]) -> None:
    assert s["chooser"] is not None and s["turned_tile"] is not None
    prices = TILES[s["turned_tile"]]
    for p in order_from(s, s["chooser"]):
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
            sold.append(msg("sanjuan.good." + GOOD_KEYS[t]))
        ev.append(msg("sanjuan.ev.sell", player=seat_ref(p), goods=sold))
        draw_to_hand(s, p, value, "trade", ev)
        if owns(s, p, MARKET_HALL):
            draw_to_hand(s, p, 1, "market_hall", ev)
        if len(sel) >= 2 and owns(s, p, MARKET_STAND):
            draw_to_hand(s, p, 1, "market_stand", ev)
        s["selected"][p] = []
    # The tile goes face down under the stack: the order never changes.
    s["tiles"].append(s["turned_tile"])
    s["turned_tile"] = None
