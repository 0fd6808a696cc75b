"""The pick step: a seat chooses cards one at a time (may undo a partial
choice); the choice is final once the needed number is picked — one click for
the common pick-one case.

Used wherever the rules say "choose which cards to keep / discard": the
councillor, the gold mine, the optional start rule, an archive owner's
discards and the hand limit.  In ``keep`` mode the seat picks from
``looking_at[p]`` (cards only it sees) and the rest are discarded; in
``discard`` mode it picks from its hand the cards to throw away.

Legality: ``ids`` lists the moves (a type of its pool, undo after a partial
pick).

The fast twin: ``allows`` answers ``str(action) in ids(state, seat)`` for one
action without listing the moves.  It saves about 1.4 % (2 players) of a random game's
instructions, below the 3 % bar, and is kept because without the twins the
game's instructions exceed the +15 % budget; ``tests/sanjuan/test_random.py``
compares it with ``ids`` in seeded games.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg

from .actions import DISCARD_BY, KEEP_BY, UNDO, ids_of
from .common import CARD_MSG, SEAT, State, has_type_in, seat_events, take_type, type_bits
from .data import TYPE_INDEX
from .schema import PickMode


def start_pick(state: State, seat: int, mode: PickMode, need: int) -> None:
    state["pick_mode"][seat] = mode
    state["picks_needed"][seat] = need
    state["picked"][seat] = []


def ids(state: State, seat: int) -> list[str]:
    if state["pick_mode"][seat] == "keep":
        out = ids_of(KEEP_BY, type_bits(state["looking_at"][seat]))
    else:
        out = ids_of(DISCARD_BY, type_bits(state["hands"][seat]))
    if state["picked"][seat]:
        out.append(UNDO)
    return out




def allows(state: State, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in ids(state, seat)`` (see the module's doc)."""
    head, args = action.head, action.args
    if head == "undo":
        return not args and bool(state["picked"][seat])
    if len(args) != 1:
        return False
    if state["pick_mode"][seat] == "keep":
        if head != "keep":
            return False
        pool = state["looking_at"][seat]
    elif head == "discard":
        pool = state["hands"][seat]
    else:
        return False
    return has_type_in(pool, TYPE_INDEX.get(args[0]))


# The public line of a complete pick, by phase and seat.
_PICKED_EVENT = {"start": seat_events("ev.start_kept"), "limit": seat_events("ev.limit_discard"),
                 "councillor": seat_events("ev.council_kept")}


def apply(all_decided: Callable[[State, list[Msg]], None], state: State, seat: int, action: ActionId) -> list[Msg]:
    """Apply a legal pick action; return the events.  A complete pick is the
    seat's decision: it leaves ``deciding``, and after the last
    ``all_decided`` (the flow's, bound in ``the engine``) moves on."""
    picked = state["picked"][seat]
    keep = state["pick_mode"][seat] == "keep"
    pool = state["looking_at"][seat] if keep else state["hands"][seat]
    events: list[Msg] = []
    if action.head == "undo":
        pool.extend(picked)
        picked.clear()
        return events
    t = TYPE_INDEX[action.args[0]]
    picked.append(take_type(pool, t))
    if len(picked) < state["picks_needed"][seat]:
        return events
    if keep:
        state["hands"][seat].extend(picked)
        state["discard"].extend(pool)
        pool.clear()
    else:
        state["discard"].extend(picked)
    picked.clear()
    state["picks_needed"][seat] = 0
    phase = state["phase"]
    if phase == "goldmine":  # the gold mine's cards are open: so is the kept one
        events.append({"key": "sanjuan.ev.gold_mine_kept", "args": {"player": SEAT[seat], "card": CARD_MSG[t]}})
    else:
        events.append(_PICKED_EVENT[phase][seat])
    deciding = state["deciding"]
    deciding.remove(seat)
    if not deciding:
        all_decided(state, events)
    return events
