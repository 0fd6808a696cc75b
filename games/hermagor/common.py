"""Small helpers shared by the rule modules: messages, colours, goods held,
and the actions (built once per distinct label: legal lists are built very
often)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from games.base import Action, Msg, messages
from games.hermagor.data import TILE_GOODS, tile_goods, tile_number

# A state or a view: the rule queries (targets, winners, incomes) read only
# what lies open on the table, so the AI can ask them about its view.
Table = Mapping[str, Any]

m = messages("hermagor")


def shared(state: Table) -> int | None:
    """Colour index of the shared third colour (2 players only)."""
    return 2 if state["players"] == 2 else None


def colours(state: Table) -> int:
    return int(state["players"]) + (1 if state["players"] == 2 else 0)


def goods_of(state: Table, seat: int) -> frozenset[str]:
    """The goods on the tiles in front of ``seat``."""
    return goods_on(tuple(state["front_tiles"][seat]))


@lru_cache(maxsize=4096)
def goods_on(tiles: tuple[str, ...]) -> frozenset[str]:
    """The goods on ``tiles`` (a player has a few at a time; asked at every
    villages-phase menu, so each hand is worked out once)."""
    return frozenset(good for tile in tiles for good in TILE_GOODS[tile])


# The message helpers below are pure: each distinct message is built once and
# shared (nobody changes a message after it is made).
@cache
def good_msg(good: str) -> Msg:
    return m("good." + good)


@cache
def tile_msg(tile: str) -> Msg:
    if tile[0] != "g":
        return m("tile." + tile)
    goods = tile_goods(tile)
    if len(goods) == 1:
        return m("tile.single", n=tile_number(tile), good=good_msg(goods[0]))
    return m("tile.double", n=tile_number(tile), a=good_msg(goods[0]), b=good_msg(goods[1]))


# ``{"seat": n}`` message arguments, shared like the messages above.  The
# frequent events are written out as literal messages with these (the shape
# ``m`` makes, with the full key): a tenth of them was the call with keywords.
SEAT: tuple[dict[str, int], ...] = tuple({"seat": s} for s in range(5))


def colour_ref(state: Table, colour: int) -> Any:
    """A message argument naming a colour: a player, or the shared colour."""
    return {"seat": colour} if colour < state["players"] else m("shared")


def act(id_: str, key: str, group: str = "", style: str = "secondary", **args: Any) -> Action:
    return Action(id_, m(key, **args), group, style)


@cache
def static(id_: str, key: str, group: str = "", style: str = "secondary") -> Action:
    """An argument-free action, built once."""
    return Action(id_, m(key), group, style)
