"""Small helpers shared by the rule modules: the message maker ``m``, the
colours, the goods a seat holds, and the messages naming goods, tiles,
villages and colours."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from games.base import Msg, messages, seat_ref
from games.hermagor import board
from games.hermagor.data import TILE_GOODS, tile_goods, tile_number

# A state or a view: the rule queries (targets, winners, incomes) read only
# what lies open on the table, so the AI can ask them about its view.
Table = Mapping[str, Any]

m = messages("hermagor")


def shared(state: Table) -> int | None:
    """Colour index of the shared third colour (2 players only)."""
    return 2 if state["players"] == 2 else None


def colours(state: Table) -> int:
    """The colours in play: one a player, and the shared one with 2 players."""
    return int(state["players"]) + (1 if state["players"] == 2 else 0)


def goods_of(state: Table, seat: int) -> frozenset[str]:
    """The goods on the tiles in front of ``seat``."""
    return goods_on(tuple(state["front_tiles"][seat]))


@lru_cache(maxsize=4096)
def goods_on(tiles: tuple[str, ...]) -> frozenset[str]:
    """The goods on ``tiles`` (a pure function of the hand, so a hand seen
    before is not worked out again)."""
    return frozenset(good for tile in tiles for good in TILE_GOODS[tile])


# The messages naming a component (a good, a tile, a village) are made once
# per component and shared by every event and label that names it: nobody
# changes a message after it is made (tests/test_events_unchanged.py).
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


@cache
def village_msg(village: str) -> Msg:
    """A village by its number on the map and the good sold there."""
    return m("village", n=board.label(village), good=good_msg(board.GOOD_OF[village]))


def colour_ref(state: Table, colour: int) -> Any:
    """A message argument naming a colour: a player, or the shared colour."""
    return seat_ref(colour) if colour < state["players"] else m("shared")
