"""Builders for hand-made Anno 1701 positions."""

from __future__ import annotations

from games.anno1701 import GAME
from games.anno1701.data import CARDS, LAND_IDS, VOYAGE_IDS


def fresh(seed: int = 1, turn: int = 0, phase: str = "action") -> dict:
    state = GAME.setup(2, {}, seed)
    state["turn"] = turn
    state["phase"] = phase
    state["dice"] = {"number": 0, "event": "tax"} if phase != "roll" else None
    return state


def take_card(state: dict, typ: str) -> int:
    """Remove a card of ``typ`` from wherever it waits (piles or supply) and return it."""
    for pile in state["piles"]:
        for cid in pile:
            if CARDS[cid].type == typ:
                pile.remove(cid)
                return cid
    for ids in state["supply"].values():
        for cid in ids:
            if CARDS[cid].type == typ:
                ids.remove(cid)
                return cid
    for p in state["settlements"]:
        if any(CARDS[c].type == typ for c in p["hand"]):
            cid = next(c for c in p["hand"] if CARDS[c].type == typ)
            p["hand"].remove(cid)
            return cid
    raise LookupError(typ)


def give(state: dict, seat: int, typ: str) -> int:
    cid = take_card(state, typ)
    state["settlements"][seat]["hand"].append(cid)
    return cid


def place(state: dict, seat: int, typ: str, die: int | None = None) -> int:
    """Put a building of ``typ`` (with ``die`` if given) straight into a slot."""
    if die is not None:
        cid = next(c for pile in state["piles"] for c in pile if CARDS[c].type == typ and CARDS[c].die == die)
        for pile in state["piles"]:
            if cid in pile:
                pile.remove(cid)
    else:
        cid = take_card(state, typ)
    p = state["settlements"][seat]
    p["slots"][p["slots"].index(None)] = cid
    return cid


def set_goods(state: dict, seat: int, **amounts: int) -> None:
    """Set landscape goods by type (spread over that type's cards)."""
    p = state["settlements"][seat]
    for good, n in amounts.items():
        idx = [i for i, cid in enumerate(LAND_IDS[seat]) if CARDS[cid].good == good]
        for i in idx:
            take = min(3, n)
            p["landscapes"][i] = take
            n -= take
        assert n == 0


def empty_goods(state: dict, seat: int) -> None:
    state["settlements"][seat]["landscapes"] = [0] * 7


def upgrade_to(state: dict, seat: int, index: int, level: int) -> None:
    """Stack citizen cards from the supply onto citizen ``index``."""
    stack = state["settlements"][seat]["citizens"][index]
    for lv in ("settler", "citizen", "merchant")[len(stack) - 1:level]:
        stack.append(state["supply"][lv].pop())


def sail(state: dict, seat: int, types: list[str], fight: int = 0, speed: int | None = None,
         opp_speed: int = 3) -> list:
    """Start a voyage whose deck begins with cards of ``types`` (in order)."""
    from games.anno1701 import voyage
    order: list[int] = []
    pool = list(VOYAGE_IDS)
    for typ in types:
        cid = next(c for c in pool if CARDS[c].type == typ)
        pool.remove(cid)
        order.append(cid)
    order += pool
    state["phase"] = "voyage"
    state["pending"] = []
    state["voyage"] = {"order": order, "seen": [], "bonus": 0, "bonus_card": None,
                       "speed": speed if speed is not None else len(types), "fight": fight,
                       "opponent_speed": opp_speed}
    return voyage.reveal(state, seat)


def keys(events) -> list[str]:
    return [e["key"].removeprefix("anno1701.") for e in events]


def ids(state, seat) -> list[str]:
    return GAME.legal_ids(state, seat)


def settle(state: dict) -> list:
    """Answer pending village-centre choices with the default split (richer pays)."""
    events = []
    while state["pending"] and state["pending"][0]["kind"] == "centre":
        item = state["pending"][0]
        c = state["settlements"][item["seat"]]["centres"]
        events += GAME.apply(state, item["seat"], f"centre:{c[0]}-{c[1]}")
    return events


def play(state: dict, seat: int, aid: str) -> list:
    """``GAME.apply`` followed by the default centre choices (tests of other rules)."""
    return GAME.apply(state, seat, aid) + settle(state)
