"""The pick step: a seat chooses cards one at a time (may undo a partial
choice); the choice is final once the needed number is picked — one click for
the common pick-one case.

Used wherever the rules say "choose which cards to keep / discard": the
councillor, the gold mine, the optional start rule, an archive owner's
discards and the hand limit.  In ``keep`` mode the seat picks from
``looking_at[p]`` (cards only it sees) and the rest are discarded; in
``discard`` mode it picks from its hand the cards to throw away.

Legality: ``_menu`` is the one rule; ``moves`` lists it, ``allows`` tests one
action against it.
"""

from __future__ import annotations

from games.base import Action, ActionId

from .actions import DISCARD, KEEP, UNDO
from .data import CARD_TYPE, TYPE_INDEX
from .schema import PickMode
from .state import State


def start_pick(s: State, p: int, mode: PickMode, need: int) -> None:
    s["pick_mode"][p] = mode
    s["picks_needed"][p] = need
    s["picked"][p] = []


def _pool(s: State, p: int) -> list[int]:
    """The cards ``p`` picks from."""
    return s["looking_at"][p] if s["pick_mode"][p] == "keep" else s["hands"][p]


def _menu(s: State, p: int) -> tuple[str, tuple[Action, ...], set[int]]:
    """The rule: the head of ``p``'s pick actions, their ids by type, and the
    types it may pick (those in its pool)."""
    if s["pick_mode"][p] == "keep":
        return "keep", KEEP, set(map(CARD_TYPE.__getitem__, s["looking_at"][p]))
    return "discard", DISCARD, set(map(CARD_TYPE.__getitem__, s["hands"][p]))


def moves(s: State, p: int) -> list[Action]:
    _, row, types = _menu(s, p)
    out = [row[t] for t in sorted(types)]
    if s["picked"][p]:
        out.append(UNDO)
    return out


def allows(s: State, p: int, action: ActionId) -> bool:
    if action.head == "undo":
        return not action.args and bool(s["picked"][p])
    head, _, types = _menu(s, p)
    return action.head == head and len(action.args) == 1 and TYPE_INDEX.get(action.args[0]) in types


def apply(s: State, p: int, action: ActionId) -> bool:
    """Apply a legal pick action; True when the seat's choice is complete."""
    picked = s["picked"][p]
    pool = _pool(s, p)
    if action.head == "undo":
        pool.extend(picked)
        picked.clear()
        return False
    t = TYPE_INDEX[action.args[0]]
    for i, c in enumerate(pool):
        if CARD_TYPE[c] == t:
            picked.append(pool.pop(i))
            break
    if len(picked) >= s["picks_needed"][p]:
        if s["pick_mode"][p] == "keep":
            s["hands"][p].extend(picked)
            s["discard"].extend(pool)
            pool.clear()
        else:
            s["discard"].extend(picked)
        picked.clear()
        s["picks_needed"][p] = 0
        return True
    return False
