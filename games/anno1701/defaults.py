"""The harmless answer applied when a reaction of the player who is not
moving times out (``Game.timed_default``)."""

from __future__ import annotations

from .common import opp
from .data import GOODS
from .schema import AnnoState, Pending, Settlement
from .settlement import goods, space


def _fewest(settlement: Settlement, options: list[str]) -> str:
    return min(options, key=lambda g: (goods(settlement, g), GOODS.index(g)))


def _most(settlement: Settlement, options: list[str]) -> str:
    return max(options, key=lambda g: (goods(settlement, g), -GOODS.index(g)))


def default_for(state: AnnoState, seat: int, item: Pending) -> str | None:
    kind = item["kind"]
    settlement = state["settlements"][seat]
    if kind == "confirm":
        return "confirm:no"
    if kind == "centre":
        c = settlement["centres"]
        return f"centre:{c[0]}-{c[1]}"
    if kind == "theatre":
        return "theatre:no"
    if kind == "answer":
        return "refuse"
    if kind in ("landing", "lodge"):
        return kind + ":skip"
    if kind == "poison":
        return "lose:" + max((g for g in GOODS if goods(settlement, g)), key=lambda g: goods(settlement, g))
    if kind in ("queen", "hunt", "guild"):
        options = [g for g in GOODS if space(settlement, g)]
        return f"{kind}:{_fewest(settlement, options)}" if options else f"{kind}:skip"
    if kind == "take":
        victim = state["settlements"][opp(seat)]
        return "take:" + _most(victim, [g for g in GOODS if goods(victim, g)])
    if kind == "trader":
        return "trader:skip"
    return None


def timed_default(state: AnnoState, seat: int) -> tuple[int, str] | None:
    """``(seconds, action_id)`` for a reaction of ``seat``: only reactions
    asked of the player who is *not* moving stall the game."""
    if not state["pending"] or state["pending"][0]["seat"] != seat or seat == state["turn"]:
        return None
    action_id = default_for(state, seat, state["pending"][0])
    return (60, action_id) if action_id else None
