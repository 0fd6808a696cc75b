"""Small helpers shared by the rule modules: labels, pickers, seat order."""

from __future__ import annotations

from typing import Any

from games.base import Action, Msg, msg
from games.maharaja.board import CITIES, ROAD_OF, ROAD_VILLAGES, ROADS, START
from games.maharaja.data import CHARACTER_KEYS

State = dict[str, Any]

# Above this many targets a location list is grouped by road (menus <= 25).
DIRECT_LIMIT = 20


def k(key: str, **args: Any) -> Msg:
    return msg(f"maharaja.{key}", **args)


def node_msg(node: str) -> Msg:
    return k("start") if node == START else k(f"city.{node}")


def char_msg(c: int) -> Msg:
    return k(f"char.{CHARACTER_KEYS[c]}")


def road_msg(road: int) -> Msg:
    a, b, _ = ROADS[road]
    return k("loc.road", a=node_msg(a), b=node_msg(b))


def loc_msg(loc: str) -> Msg:
    if loc in CITIES or loc == START:
        return node_msg(loc)
    return k("loc.village", n=int(loc[1:]), road=road_msg(ROAD_OF[loc]))


def village_cap(state: State) -> int:
    return 1 if state["players"] == 2 else 2


def open_villages(state: State, exclude: str | None = None) -> list[str]:
    cap = village_cap(state)
    return [v for v, owners in state["villages"].items() if len(owners) < cap and v != exclude]


# Menus are rebuilt on every query, so the (immutable) location actions are
# made once; their label dicts are shared and must not be mutated.
_AT: dict[tuple[str, str], Action] = {}
_ROAD: dict[tuple[int, int, str], Action] = {}


def at_action(loc: str, group: str) -> Action:
    action = _AT.get((loc, group))
    if action is None:
        action = _AT[(loc, group)] = Action(f"at:{loc}", loc_msg(loc), group)
    return action


def picker(locs: list[str], road: int | None, group: str) -> list[Action]:
    """Actions choosing one of ``locs``: all at once when few, otherwise
    cities directly and villages grouped by road ("road:<r>" then the village)."""
    if road is not None:
        return [at_action(v, group) for v in ROAD_VILLAGES[road] if v in locs]
    if len(locs) <= DIRECT_LIMIT:
        return [at_action(loc, group) for loc in locs]
    out = [at_action(loc, group) for loc in locs if loc in CITIES]
    by_road: dict[int, list[str]] = {}
    for loc in locs:
        if loc not in CITIES:
            by_road.setdefault(ROAD_OF[loc], []).append(loc)
    for r in sorted(by_road):
        vs = by_road[r]
        if len(vs) == 1:
            out.append(at_action(vs[0], group))
        else:
            key = (r, len(vs), group)
            action = _ROAD.get(key)
            if action is None:
                action = _ROAD[key] = Action(f"road:{r}", k("label.road_group", road=road_msg(r), n=len(vs)),
                                             group)
            out.append(action)
    return out


def tiebreak(state: State, seat: int) -> int:
    chars = state["chars"][seat]
    return min(chars) if chars else 99


def seat_order(state: State, seats: list[int] | None = None) -> list[int]:
    """Seats by their lowest character number (turn order, ties in scoring)."""
    return sorted(range(state["players"]) if seats is None else seats, key=lambda s: tiebreak(state, s))


_BACK = Action("back", k("label.back"), "nav")


def back() -> Action:
    return _BACK
