"""The pick step: a seat chooses cards one at a time (may undo a partial
choice); the choice is final once the needed number is picked — one click for
the common pick-one case.

Used wherever the rules say "choose which cards to keep / discard": the
councillor, the gold mine, the optional start rule, an archive owner's
discards and the hand limit.  In ``keep`` mode the seat picks from
``looking_at[p]`` (cards only it sees) and the rest are discarded; in
``discard`` mode it picks from its hand the cards to throw away.

Legality: ``ids`` lists the moves (a type of its pool, undo after a partial
pick), ``allows`` tests one action by the same rule.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg

from .actions import DISCARD_BY, KEEP_BY, UNDO
from .data import CARD_TYPE, TYPE_INDEX
from .schema import PickMode
from .state import CARD_MSG, SEAT, TBIT, State, seat_events, take_type


def start_pick(s: State, p: int, mode: PickMode, need: int) -> None:
    s["pick_mode"][p] = mode
    s["picks_needed"][p] = need
    s["picked"][p] = []


def ids(s: State, p: int) -> list[str]:
    bits = 0  # the types in the pool (``state.type_bits``, inlined)
    if s["pick_mode"][p] == "keep":
        for c in s["looking_at"][p]:
            bits |= TBIT[c]
        c0, c1, c2 = KEEP_BY  # (``ids_of``, inlined)
    else:
        for c in s["hands"][p]:
            bits |= TBIT[c]
        c0, c1, c2 = DISCARD_BY
    out = [*c0[bits & 1023], *c1[bits >> 10 & 1023], *c2[bits >> 20]]
    if s["picked"][p]:
        out.append(UNDO)
    return out


def allows(s: State, p: int, action: ActionId) -> bool:
    head, args = action.head, action.args
    if head == "undo":
        return not args and bool(s["picked"][p])
    if len(args) != 1:
        return False
    if s["pick_mode"][p] == "keep":
        if head != "keep":
            return False
        pool = s["looking_at"][p]
    elif head == "discard":
        pool = s["hands"][p]
    else:
        return False
    t = TYPE_INDEX.get(args[0])
    for c in pool:  # noqa: SIM110 — a plain loop (see ``state``)
        if CARD_TYPE[c] == t:
            return True
    return False


# The public line of a complete pick, by phase and seat.
_PICKED_EVENT = {"start": seat_events("ev.start_kept"), "limit": seat_events("ev.limit_discard"),
                 "councillor": seat_events("ev.council_kept")}


def apply(all_decided: Callable[[State, list[Msg]], None], s: State, p: int, action: ActionId) -> list[Msg]:
    """Apply a legal pick action; return the events.  A complete pick is the
    seat's decision: it leaves ``deciding``, and after the last
    ``all_decided`` (the flow's, bound in ``flow.APPLY``) moves on."""
    picked = s["picked"][p]
    keep = s["pick_mode"][p] == "keep"
    pool = s["looking_at"][p] if keep else s["hands"][p]
    ev: list[Msg] = []
    if action.head == "undo":
        pool.extend(picked)
        picked.clear()
        return ev
    t = TYPE_INDEX[action.args[0]]
    picked.append(take_type(pool, t))
    if len(picked) < s["picks_needed"][p]:
        return ev
    if keep:
        s["hands"][p].extend(picked)
        s["discard"].extend(pool)
        pool.clear()
    else:
        s["discard"].extend(picked)
    picked.clear()
    s["picks_needed"][p] = 0
    phase = s["phase"]
    if phase == "goldmine":  # the gold mine's cards are open: so is the kept one
        ev.append({"key": "sanjuan.ev.gold_mine_kept", "args": {"player": SEAT[p], "card": CARD_MSG[t]}})
    else:
        ev.append(_PICKED_EVENT[phase][p])
    deciding = s["deciding"]
    deciding.remove(p)
    if not deciding:
        all_decided(s, ev)
    return ev
