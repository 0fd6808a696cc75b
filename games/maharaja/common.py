"""Small helpers shared by the rule modules: messages, the villages' owners
(``board_key``), the location picker and the character order."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import compress, groupby
from typing import TypeVar

from games.base import Action, Msg, action_id, messages
from games.maharaja.board import CITIES, ROAD_OF, ROAD_VILLAGES, ROADS, START, VILLAGE_IDS
from games.maharaja.data import CHARACTER_KEYS, CHARACTERS
from games.maharaja.schema import MaharajaState, Table

# Above this many targets a location list is grouped by road (menus <= 25).
DIRECT_LIMIT = 20


m = messages("maharaja")

# The messages naming a component (a city or the start, a road, a village,
# a character, an action of the disc) are made once per component by
# ``functools.cache`` and shared by the events and labels that name it:
# messages are only read (the log and the frontends never change one).


@cache
def node_msg(node: str) -> Msg:
    return m("start") if node == START else m(f"city.{node}")


@cache
def char_msg(c: int) -> Msg:
    return m(f"char.{CHARACTER_KEYS[c]}")


@cache
def action_msg(action: str) -> Msg:
    """An action of the disc (``data.ACTIONS``) or of an action coin."""
    return m(f"action.{action}")


@cache
def road_msg(road: int) -> Msg:
    a, b, _ = ROADS[road]
    return m("loc.road", a=node_msg(a), b=node_msg(b))


@cache
def loc_msg(loc: str) -> Msg:
    if loc in CITIES or loc == START:
        return node_msg(loc)
    return m("loc.village", n=int(loc[1:]), road=road_msg(ROAD_OF[loc]))


def back_action() -> Action:
    """Leave a sub-decision (or a road group) without choosing."""
    return Action("back", m("label.back"), "nav")


def capacity(table: Table) -> int:
    """Houses a village holds: one with two players, two otherwise (rule 5.2)."""
    return 1 if table["players"] == 2 else 2


# -- the villages' owners ------------------------------------------------------------
# ``state["board"]`` is derived data: who has houses in every village, one
# character each (``_CODE``), in VILLAGE_IDS order.  It is the key of the
# memos of what the menus of a position ask (what travelling costs, which
# villages have room), and reading thirty villages costs more than most moves.
# Its one writer is ``_recode`` (through ``add_house``, ``remove_house`` and
# ``set_village``, the only ways villages change); its recomputation is
# ``encode_board``; ``Maharaja.upgrade_state`` adds it to a state stored
# before it and ``check_invariants`` compares the two.  A view has none.
#
# "0" for no house, then one owner (a seat), then two in their order.
_CODE: dict[tuple[int, ...], str] = {
    (): "0", **{(a,): chr(49 + a) for a in range(5)},
    **{(a, b): chr(54 + 5 * a + b) for a in range(5) for b in range(5)}}
OWNERS: dict[str, tuple[int, ...]] = {code: owners for owners, code in _CODE.items()}
# seat -> a village's code (its byte) -> 1 where it has a house there, else 0
# (``bytes.translate`` tables over a board)
_HOUSE_OF = tuple(bytes(int(seat in OWNERS.get(chr(byte), ())) for byte in range(256)) for seat in range(5))
# two players (capacity 1) or not (2) -> a village's code (its byte) -> 1 if it has room, else 0
_ROOM = {two: bytes(int(len(OWNERS.get(chr(byte), (0, 0))) < (1 if two else 2)) for byte in range(256))
         for two in (False, True)}
_VILLAGE_INDEX = {v: i for i, v in enumerate(VILLAGE_IDS)}


def encode_board(villages: dict[str, list[int]]) -> str:
    """The board read from the villages (in VILLAGE_IDS order: set-up makes
    them so, JSON keeps it)."""
    return "".join(_CODE[tuple(owners)] for owners in villages.values())


# The board of every set-up: no houses anywhere.
EMPTY_BOARD = encode_board({v: [] for v in VILLAGE_IDS})


def board_key(table: Table) -> str:
    """Who has houses in every village (``state["board"]``, see above); a
    view keeps no board, so it is read from its villages."""
    if "board" in table:
        return table["board"]  # type: ignore[typeddict-item]
    return encode_board(table["villages"])


def _recode(state: MaharajaState, village: str) -> None:
    """``state["board"]`` after ``village`` changed: its one writer."""
    i = _VILLAGE_INDEX[village]
    board = state["board"]
    state["board"] = board[:i] + _CODE[tuple(state["villages"][village])] + board[i + 1:]


def add_house(state: MaharajaState, village: str, seat: int) -> None:
    """A house of ``seat`` into ``village``."""
    state["villages"][village].append(seat)
    _recode(state, village)


def remove_house(state: MaharajaState, village: str, seat: int) -> None:
    """A house of ``seat`` out of ``village``."""
    state["villages"][village].remove(seat)
    _recode(state, village)


def set_village(state: MaharajaState, village: str, owners: list[int]) -> None:
    """``village`` holds the houses of ``owners`` (constructed positions in tests)."""
    state["villages"][village] = list(owners)
    _recode(state, village)


@lru_cache(maxsize=4096)
def own_villages(board: str, seat: int) -> tuple[str, ...]:
    """The villages (VILLAGE_IDS order) where ``seat`` has a house on ``board``."""
    return tuple(compress(VILLAGE_IDS, board.encode().translate(_HOUSE_OF[seat])))


def open_flags(table: Table) -> bytes:
    """One byte per village (VILLAGE_IDS order), 1 where it has room (``capacity``)."""
    return board_key(table).encode().translate(_ROOM[table["players"] == 2])


def any_open_village(table: Table) -> bool:
    return 1 in open_flags(table)


def open_locations(table: Table, city: str | None, villages: bool, exclude: str | None = None) -> tuple[str, ...]:
    """Where a house may go: ``city`` (if any) and, with ``villages``, the
    villages with room but ``exclude`` (VILLAGE_IDS order)."""
    return _open_locations(open_flags(table) if villages else b"", city, exclude)


@lru_cache(maxsize=4096)
def _open_locations(flags: bytes, city: str | None, exclude: str | None) -> tuple[str, ...]:
    # a pure function of which villages have room, asked again for every menu of a position
    if exclude in _VILLAGE_INDEX:  # (a city excluded is no village)
        i = _VILLAGE_INDEX[exclude]
        flags = flags[:i] + b"\0" + flags[i + 1:]
    here = () if city is None else (city,)
    return (*here, *compress(VILLAGE_IDS, flags))


# -- action ids ----------------------------------------------------------------------
T = TypeVar("T")


def id_table(head: str, args: Iterable[T]) -> dict[T, str]:
    """The ids ``head:<arg>`` by their argument, made once, so that listing
    them makes no text and each id is one string wherever it is listed."""
    return {arg: action_id(head, arg) for arg in args}


CHAR_ID = {head: id_table(head, CHARACTERS) for head in ("char", "swap", "give", "pick", "yield")}
LURE_ID = id_table("lure", range(5))


# -- the location picker --------------------------------------------------------------
AT_ID = id_table("at", (*CITIES, *VILLAGE_IDS))
ROAD_ID = id_table("road", range(len(ROADS)))
# Villages are numbered road by road: VILLAGE_IDS order groups them by road.
assert [ROAD_OF[v] for v in VILLAGE_IDS] == sorted(ROAD_OF.values())


def picker_ids(locs: tuple[str, ...], road: int | None) -> list[str]:
    """The ids choosing one of ``locs`` (cities, then villages in VILLAGE_IDS
    order; the callers list them so): all at once
    when they fit in one menu, otherwise the cities directly and a road's
    villages behind "road:<r>" where it has more than one; with ``road``
    (a road group opened) the villages of ``locs`` on that road."""
    return [*_picker_ids(locs, road)]


@lru_cache(maxsize=4096)
def _picker_ids(locs: tuple[str, ...], road: int | None) -> tuple[str, ...]:
    # a pure function of its arguments, asked again for every menu of a position
    if road is not None:
        return tuple(AT_ID[v] for v in ROAD_VILLAGES[road] if v in locs)
    if len(locs) <= DIRECT_LIMIT:
        return tuple(map(AT_ID.__getitem__, locs))
    entries = [AT_ID[loc] for loc in locs if loc in CITIES]
    for road_index, on_road in groupby(locs[len(entries):], ROAD_OF.__getitem__):
        first, *rest = on_road
        entries.append(ROAD_ID[road_index] if rest else AT_ID[first])
    return tuple(entries)


def picker_labels(locs: tuple[str, ...], ids: list[str], group: str) -> list[Action]:
    """``picker_ids(locs, road)`` (and "back") worded: a location by its
    name, a road group by its road and how many of ``locs`` it holds."""
    out = []
    for entry in ids:
        head, _, arg = entry.partition(":")
        if head == "at":
            out.append(Action(entry, loc_msg(arg), group))
        elif head == "road":
            road = int(arg)
            villages = sum(v in locs for v in ROAD_VILLAGES[road])
            out.append(Action(entry, m("label.road_group", road=road_msg(road), n=villages), group))
        else:
            out.append(back_action())
    return out


# -- characters -------------------------------------------------------------------------
def character_order(table: Table) -> list[int]:
    """Seats by their lowest character number, a seat without a card last,
    ties in seat order: the turn order (rule 7.6) and the tiebreak of
    rankings."""
    lowest = []
    for cards in table["characters"]:
        low = 99
        for c in cards:
            if c < low:
                low = c
        lowest.append(low)
    return sorted(range(len(lowest)), key=lowest.__getitem__)


# ``state["character_order"]`` is derived data: ``character_order`` of the
# hands, asked at every turn and evaluation while hands change a few times a
# game.  Its one writer is ``keep_character_order`` (by the set-up and
# ``pass_card``, the only way hands change); ``Maharaja.upgrade_state`` adds
# it to a state stored without it and ``check_invariants`` compares it with
# its recomputation.  A view has none (``character_order`` reads its hands).
def keep_character_order(state: MaharajaState) -> None:
    state["character_order"] = character_order(state)


def pass_card(state: MaharajaState, c: int, giver: int | None, taker: int | None) -> None:
    """Character ``c`` from ``giver``'s hand to ``taker``'s (None: the bank)."""
    characters, bank = state["characters"], state["character_bank"]
    (bank if giver is None else characters[giver]).remove(c)
    (bank if taker is None else characters[taker]).append(c)
    keep_character_order(state)
