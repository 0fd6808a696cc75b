"""Trade dominance (money sacks) and sea dominance (cannons).

First to 3 symbols takes the token; after that only a strict majority holds
it, and a tie sets it aside until someone is ahead again.
"""

from __future__ import annotations

from games.base import Msg, seat_ref

from .common import m
from .schema import AnnoState
from .settlement import symbol


def _holder(state: AnnoState, attr: str, claimed: bool) -> int | None:
    """Who holds the token of ``attr`` after a change (None: set aside or unclaimed)."""
    a, b = (symbol(state["settlements"][s], attr) for s in (0, 1))
    if not claimed:
        return 0 if a >= 3 and a > b else 1 if b >= 3 and b > a else None
    return 0 if a > b else 1 if b > a else None


def _moved(token: str, holder: int | None) -> Msg:
    if holder is None:
        return m("ev.token_aside", token=m("token." + token))
    return m("ev.token_taken", seat=seat_ref(holder), token=m("token." + token))


def update(state: AnnoState) -> list[Msg]:
    events = []
    new = _holder(state, "sacks", state["trade_claimed"])
    if not state["trade_claimed"] and new is not None:
        state["trade_claimed"] = True
    if new != state["trade_holder"]:
        state["trade_holder"] = new
        events.append(_moved("trade", new))
    new = _holder(state, "cannons", state["sea_claimed"])
    if not state["sea_claimed"] and new is not None:
        state["sea_claimed"] = True
    if new != state["sea_holder"]:
        state["sea_holder"] = new
        events.append(_moved("sea", new))
    return events
