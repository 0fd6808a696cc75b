"""The pick step: a seat chooses cards one at a time (may undo a partial
choice); the choice is final once the needed number is picked — one click for
the common pick-one case.

Used wherever the rules say "choose which cards to keep / discard": the
councillor, the gold mine, the optional start rule, an archive owner's
discards and the hand limit.  In ``keep`` mode the seat picks from
``look[p]`` (cards only it sees) and the rest are discarded; in ``discard``
mode it picks from its hand the cards to throw away.
"""

from __future__ import annotations

from games.base import Action

from .actions import DISCARD, KEEP, UNDO
from .data import CARD_TYPE, TYPE_INDEX
from .state import State

_CT = CARD_TYPE.__getitem__


def start_pick(s: State, p: int, mode: str, need: int) -> None:
    s["mode"][p] = mode
    s["need"][p] = need
    s["picked"][p] = []


def _pool(s: State, p: int) -> list[int]:
    return s["look"][p] if s["mode"][p] == "keep" else s["hands"][p]


def legal_acts(s: State, p: int) -> list[Action]:
    if s["mode"][p] == "keep":
        row, pool = KEEP, s["look"][p]
    else:
        row, pool = DISCARD, s["hands"][p]
    out = [row[t] for t in sorted(set(map(_CT, pool)))]
    if s["picked"][p]:
        out.append(UNDO)
    return out


def legal(s: State, p: int) -> list[str]:
    return [a.id for a in legal_acts(s, p)]


def apply(s: State, p: int, aid: str) -> bool:
    """Apply a legal pick action; True when the seat's choice is complete."""
    picked = s["picked"][p]
    pool = _pool(s, p)
    if aid == "undo":
        pool.extend(picked)
        picked.clear()
        return False
    t = TYPE_INDEX[aid[aid.index(":") + 1:]]
    for i, c in enumerate(pool):
        if CARD_TYPE[c] == t:
            picked.append(pool.pop(i))
            break
    if len(picked) >= s["need"][p]:
        if s["mode"][p] == "keep":
            s["hands"][p].extend(picked)
            s["discard"].extend(pool)
            pool.clear()
        else:
            s["discard"].extend(picked)
        picked.clear()
        s["need"][p] = 0
        return True
    return False
