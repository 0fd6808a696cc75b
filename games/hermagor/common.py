"""Small state helpers shared by the rule modules."""

from __future__ import annotations

from games.base import Action, Msg, State, msg
from games.hermagor.data import tile_goods, tile_number

P = "hermagor."


def m(key: str, **args) -> Msg:
    return msg(P + key, **args)


def shared(state: State) -> int | None:
    """Colour index of the shared third colour (2 players only)."""
    return 2 if state["players"] == 2 else None


def colours(state: State) -> int:
    return state["players"] + (1 if state["players"] == 2 else 0)


def order_from(state: State, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + i) % n for i in range(n)]


def goods_of(state: State, seat: int) -> set[str]:
    out: set[str] = set()
    for tile in state["front"][seat]:
        out.update(tile_goods(tile))
    return out


def good_msg(good: str) -> Msg:
    return m("good." + good)


def tile_msg(tile: str) -> Msg:
    if tile[0] != "g":
        return m("tile." + tile)
    goods = tile_goods(tile)
    if len(goods) == 1:
        return m("tile.single", n=tile_number(tile), good=good_msg(goods[0]))
    return m("tile.double", n=tile_number(tile), a=good_msg(goods[0]), b=good_msg(goods[1]))


def colour_ref(state: State, colour: int):
    """A message argument naming a colour: a player, or the shared colour."""
    return {"seat": colour} if colour < state["players"] else m("shared")


def act(id_: str, key: str, group: str = "", style: str = "secondary", **args) -> Action:
    return Action(id_, m(key, **args), group, style)


_STATIC: dict[tuple, Action] = {}


def static(id_: str, key: str, group: str = "", style: str = "secondary") -> Action:
    """An argument-free action, built once (legal lists are built very often)."""
    k = (id_, key, group, style)
    a = _STATIC.get(k)
    if a is None:
        a = _STATIC[k] = Action(id_, m(key), group, style)
    return a
