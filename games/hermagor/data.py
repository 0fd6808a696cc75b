"""Goods, price table, tiles, action tiles, nobility track.

Tile contents and nobility values are RECONSTRUCTED (not public): 15 single
goods tiles with an arrow and 5 double tiles (a quarter), every good on 3–4
tiles and still on at least 2 of tiles 1–16 (2–3 players leave out 17–20).
"""

from __future__ import annotations

GOODS: tuple[str, ...] = ("corn", "amulet", "weapon", "egg", "salt", "book", "blessing", "relic")

START_PRICE, MAX_PRICE = 5, 10
# end-game value of a production building by its good's price (small red numbers)
END_VALUE = {5: 0, 6: 1, 7: 3, 8: 6, 9: 8, 10: 9}
PROD_SLOTS = (5, 3, 1, 0)  # green numbers, filled left to right
TWO_PLAYER_SLOTS = (0, 2)  # only the 5 and the 1 are used with 2 players


def open_slots(price: int, players: int) -> tuple[int, ...]:
    """Slot indices not covered by the price marker: at 5 it covers the 1 and
    the 0, at 6 the 0, from 7 on nothing."""
    usable = 2 if price <= 5 else 3 if price == 6 else 4
    slots = tuple(range(usable))
    return tuple(i for i in slots if i in TWO_PLAYER_SLOTS) if players == 2 else slots


NOBILITY = (8, 7, 6, 5, 4, 3, 2, 1)

# goods tile number -> goods (one good: single tile with the price arrow)
GOODS_TILES: dict[int, tuple[str, ...]] = {
    1: ("corn",), 2: ("amulet",), 3: ("weapon",), 4: ("salt", "book"),
    5: ("egg",), 6: ("salt",), 7: ("book",), 8: ("blessing", "relic"),
    9: ("blessing",), 10: ("relic",), 11: ("corn",), 12: ("corn", "egg"),
    13: ("amulet",), 14: ("weapon",), 15: ("egg",), 16: ("amulet", "relic"),
    17: ("salt",), 18: ("book",), 19: ("amulet",), 20: ("weapon", "blessing"),
}
SPECIALS: tuple[str, ...] = ("fluct", "side", "black", "deal")


# tile id -> goods on it ("g4" → salt, book; specials → ())
TILE_GOODS: dict[str, tuple[str, ...]] = {
    **{f"g{n}": goods for n, goods in GOODS_TILES.items()}, **{s: () for s in SPECIALS}}


def tile_goods(tile: str) -> tuple[str, ...]:
    """Goods on a tile id ("g4" → salt, book; specials → ())."""
    return TILE_GOODS[tile]


def tile_number(tile: str) -> int | None:
    return int(tile[1:]) if tile[0] == "g" else None


def bag_tiles(players: int) -> list[str]:
    top = 16 if players <= 3 else 20
    return [f"g{n}" for n in range(1, top + 1)] + list(SPECIALS)


def action_tiles(players: int, six: bool) -> list[int]:
    tiles = [3, 4, 4, 5, 5] if players <= 3 else [4, 4, 5, 5] if players == 4 else [3, 4, 5, 5]
    if six:
        tiles[tiles.index(4)] = 6  # the variant swaps one 4 for the 6
    return tiles


POSTS_PER_COLOUR, DISCS_PER_COLOUR, BUYERS = 21, 9, 4
SHARED_BUYERS_EACH, SHARED_POSTS_EACH = 2, 2
