"""Small helpers shared by the rule modules: messages, labels, the location
picker and the seat order."""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Any

from games.base import Action, Msg
from games.maharaja.board import CITIES, ROAD_OF, ROAD_VILLAGES, ROADS, START
from games.maharaja.data import CHARACTER_KEYS
from games.maharaja.schema import MaharajaState, Table

# Above this many targets a location list is grouped by road (menus <= 25).
DIRECT_LIMIT = 20


def k(key: str, **args: Any) -> Msg:
    """A message of this game's catalogue (the ``maharaja.`` prefix implied);
    ``games.base.msg`` inlined (hot: every label and event)."""
    return {"key": "maharaja." + key, "args": args} if args else {"key": "maharaja." + key}


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


def open_villages(table: Table, exclude: str | None = None) -> list[str]:
    """Villages with room for a house (in board order), but ``exclude``."""
    villages = table["villages"]
    cap = 1 if table["players"] == 2 else 2
    out = list(compress(villages, map(cap.__gt__, map(len, villages.values()))))  # C-level: hot
    if exclude is not None and exclude in out:
        out.remove(exclude)
    return out


def any_open_village(table: Table) -> bool:
    cap = 1 if table["players"] == 2 else 2
    return any(len(owners) < cap for owners in table["villages"].values())


# Menus are rebuilt on every query, so the (immutable) location actions are
# made once; their label dicts are shared and must not be mutated.
_AT: dict[tuple[str, str], Action] = {}
_ROAD: dict[tuple[int, int, str], Action] = {}


def at_action(loc: str, group: str) -> Action:
    action = _AT.get((loc, group))
    if action is None:
        action = _AT[(loc, group)] = Action(f"at:{loc}", loc_msg(loc), group)
    return action


def road_action(road: int, villages: int, group: str) -> Action:
    key = (road, villages, group)
    action = _ROAD.get(key)
    if action is None:
        action = _ROAD[key] = Action(f"road:{road}", k("label.road_group", road=road_msg(road), n=villages),
                                     group)
    return action


def picker(locs: list[str], road: int | None, group: str) -> list[Action]:
    """Actions choosing one of ``locs``: all at once when few (or those on the
    road group ``road`` opened), otherwise cities directly and villages
    grouped by road ("road:<r>" then the village)."""
    return list(_picker(tuple(locs), road, group))


@lru_cache(maxsize=4096)
def _picker(locs: tuple[str, ...], road: int | None, group: str) -> tuple[Action, ...]:
    # a pure function of its arguments, asked again for every menu of a position
    if road is not None:
        return tuple(at_action(v, group) for v in ROAD_VILLAGES[road] if v in locs)
    if len(locs) <= DIRECT_LIMIT:
        return tuple(at_action(loc, group) for loc in locs)
    out = [at_action(loc, group) for loc in locs if loc in CITIES]
    by_road: dict[int, list[str]] = {}
    for loc in locs:
        if loc not in CITIES:
            by_road.setdefault(ROAD_OF[loc], []).append(loc)
    for r in sorted(by_road):
        vs = by_road[r]
        out.append(at_action(vs[0], group) if len(vs) == 1 else road_action(r, len(vs), group))
    return tuple(out)


def tiebreak(table: Table, seat: int) -> int:
    """Lower is better: the lowest character number held (advanced 2: of all
    held); a seat without a card sorts last."""
    chars = table["characters"][seat]
    return min(chars) if chars else 99


def seat_order(table: Table, seats: list[int] | None = None) -> list[int]:
    """Seats by their lowest character number (turn order, ties in scoring)."""
    return sorted(range(table["players"]) if seats is None else seats, key=lambda s: tiebreak(table, s))


def first_in_order(table: Table, seats: list[int]) -> int:
    """``seat_order(table, seats)[0]``."""
    return min(seats, key=lambda s: tiebreak(table, s))


def first_seat_order(state: MaharajaState) -> list[int]:
    """Every seat in clockwise order from the "youngest" player."""
    n = state["players"]
    first = state["first_seat"]
    return [(first + i) % n for i in range(n)]


BACK = Action("back", k("label.back"), "nav")
