"""Small helpers shared by the rule modules: messages, labels, the location
picker and the seat order."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import compress, groupby
from operator import attrgetter

from games.base import Action, Msg, messages, seat_ref
from games.maharaja.board import CITIES, ROAD_OF, ROAD_VILLAGES, ROADS, START, VILLAGE_IDS
from games.maharaja.data import CHARACTER_KEYS
from games.maharaja.schema import MaharajaState, Table

# Above this many targets a location list is grouped by road (menus <= 25).
DIRECT_LIMIT = 20


m = messages("maharaja")
# Built once: labels and events reuse these (treat messages as read-only).
SEAT_REFS = tuple(seat_ref(seat) for seat in range(5))
# An action's id (``map`` over a menu: the ids without a Python-level loop).
ACTION_ID = attrgetter("id")


@cache
def node_msg(node: str) -> Msg:
    # The name messages are made once (labels and events share them: read-only).
    return m("start") if node == START else m(f"city.{node}")


# The start's and every city's name, by node (a lookup, not a call: events name them).
NODE_MSG = {node: node_msg(node) for node in (START, *CITIES)}


@cache
def char_msg(c: int) -> Msg:
    return m(f"char.{CHARACTER_KEYS[c]}")


@cache
def road_msg(road: int) -> Msg:
    a, b, _ = ROADS[road]
    return m("loc.road", a=node_msg(a), b=node_msg(b))


@cache
def loc_msg(loc: str) -> Msg:
    if loc in CITIES or loc == START:
        return node_msg(loc)
    return m("loc.village", n=int(loc[1:]), road=road_msg(ROAD_OF[loc]))


def capacity(table: Table) -> int:
    """Houses a village holds: one with two players, two otherwise."""
    return 1 if table["players"] == 2 else 2


def any_open_village(table: Table) -> bool:
    return 1 in open_flags(table)


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
        action = _ROAD[key] = Action(f"road:{road}", m("label.road_group", road=road_msg(road), n=villages),
                                     group)
    return action


def picker(locs: list[str], road: int | None, group: str) -> list[Action]:
    """Actions choosing one of ``locs``: all at once when few (or those on the
    road group ``road`` opened), otherwise cities directly and villages
    grouped by road ("road:<r>" then the village)."""
    return list(_picker(tuple(locs), road, group))


def picker_ids(locs: list[str], road: int | None) -> list[str]:
    """The ids of ``picker`` (the same for every group)."""
    return [*_picker_ids(tuple(locs), road)]


@lru_cache(maxsize=4096)
def _picker_ids(locs: tuple[str, ...], road: int | None) -> tuple[str, ...]:
    # memoised: a menu and its legality test ask the same sources
    return tuple([AT_ID[e] if isinstance(e, str) else _ROAD_ID[e[0]] for e in _picker_entries(locs, road)])


# Every village's owners in one character (``board_key``): "0" for none, then
# one owner (a seat), then two in their order: owners -> code and back.
_CODE: dict[tuple[int, ...], str] = {
    (): "0", **{(a,): chr(49 + a) for a in range(5)},
    **{(a, b): chr(54 + 5 * a + b) for a in range(5) for b in range(5)}}
OWNERS: dict[str, tuple[int, ...]] = {code: owners for owners, code in _CODE.items()}
# seat -> a village's code (its byte) -> 1 where it has a house there, else 0
# (``bytes.translate`` tables: one C-level pass over a board)
_HOUSE_OF = tuple(bytes(int(seat in OWNERS.get(chr(byte), ())) for byte in range(256)) for seat in range(5))
# The codes of a full village are from this one on (two players: one house fills it).
_FULL = {False: chr(54), True: chr(49)}


def encode_board(villages: dict[str, list[int]]) -> str:
    """``board_key`` read from the villages (in VILLAGE_IDS order: set-up
    makes them so, JSON keeps it)."""
    return "".join(map(_CODE.__getitem__, map(tuple, villages.values())))


# The board of every set-up: no houses anywhere.
EMPTY_BOARD = encode_board({v: [] for v in VILLAGE_IDS})


def board_key(table: Table) -> str:
    """Who has houses in every village, one character each (``_CODE``): the
    key of the memos of what the menus of a position ask (what travelling
    costs, which villages have room).  Reading thirty villages costs more than
    most moves, so the state keeps it beside its villages, updated by every
    house placed or removed (``add_house``, ``remove_house``, ``set_village``:
    the only ways villages change); a view, or a state stored without it, has
    it read from its villages."""
    board = table.get("board")
    if board is None:
        return encode_board(table["villages"])
    return board  # type: ignore[return-value]  # (no cast(): a call on every menu)


@lru_cache(maxsize=4096)
def own_villages(board: str, seat: int) -> tuple[str, ...]:
    """The villages (VILLAGE_IDS order) where ``seat`` has a house on ``board``."""
    return tuple(compress(VILLAGE_IDS, board.encode().translate(_HOUSE_OF[seat])))


@lru_cache(maxsize=4096)
def own_village_ids(board: str, seat: int) -> tuple[str, ...]:
    """The ``at:`` ids of ``own_villages`` (made at C level)."""
    return tuple(compress(_VILLAGE_AT_IDS, board.encode().translate(_HOUSE_OF[seat])))


def _recode(state: MaharajaState, village: str, owners: list[int]) -> None:
    board = state.get("board")
    if board is not None:
        i = _VILLAGE_INDEX[village]
        state["board"] = board[:i] + _CODE[tuple(owners)] + board[i + 1:]


def add_house(state: MaharajaState, village: str, seat: int) -> None:
    """A house of ``seat`` into ``village`` (and into ``board_key``)."""
    owners = state["villages"][village]
    owners.append(seat)
    _recode(state, village, owners)


def remove_house(state: MaharajaState, village: str, seat: int) -> None:
    """A house of ``seat`` out of ``village`` (and out of ``board_key``)."""
    owners = state["villages"][village]
    owners.remove(seat)
    _recode(state, village, owners)


def set_village(state: MaharajaState, village: str, owners: list[int]) -> None:
    """``village`` holds the houses of ``owners`` (constructed positions in tests)."""
    state["villages"][village] = list(owners)
    _recode(state, village, owners)


_VILLAGE_INDEX = {v: i for i, v in enumerate(VILLAGE_IDS)}
AT_ID = {loc: f"at:{loc}" for loc in (*CITIES, *VILLAGE_IDS)}
# Villages are numbered road by road: VILLAGE_IDS order groups them by road.
assert [ROAD_OF[v] for v in VILLAGE_IDS] == sorted(ROAD_OF.values())


def open_flags(table: Table) -> bytes:
    """One byte per village (VILLAGE_IDS order), 1 where it has room: the key
    of the location menus (it changes only when a village fills or empties),
    made at C level."""
    board: str = table.get("board") or board_key(table)  # type: ignore[assignment]  # (``board_key``, inline)
    return board.encode().translate(_ROOM[table["players"] == 2])


# A village's ``board_key`` character (its byte) -> 1 if it has room, else 0
# (``bytes.translate`` tables), by "two players" (capacity 1) or not (2).
_ROOM = {two: bytes(int(code < ord(_FULL[two])) for code in range(256)) for two in (False, True)}


def _road_open(table: Table, road: int, exclude: str | None) -> list[str]:
    """The villages with room on ``road`` but ``exclude`` (one or two: read directly)."""
    villages = table["villages"]
    room = 1 if table["players"] == 2 else 2  # (``capacity``, inline)
    return [v for v in ROAD_VILLAGES[road] if len(villages[v]) < room and v != exclude]


def locations(table: Table, city: str | None, villages: bool, exclude: str | None, road: int | None,
              group: str) -> tuple[Action, ...]:
    """``picker`` of ``city`` (if any) and, with ``villages``, the open
    villages but ``exclude`` (those of an opened road group are read directly)."""
    if road is not None:
        if not villages:
            return ()
        return tuple(at_action(v, group) for v in _road_open(table, road, exclude))
    here = () if city is None else (at_action(city, group),)
    if not villages:
        return here
    return here + _village_actions(open_flags(table), exclude, DIRECT_LIMIT - len(here), group)


def location_ids(table: Table, city: str | None, villages: bool, exclude: str | None, road: int | None) -> list[str]:
    """The ids of ``locations`` (the same for every group)."""
    if road is not None:
        return [AT_ID[v] for v in _road_open(table, road, exclude)] if villages else []
    here = [] if city is None else [AT_ID[city]]
    if villages:
        here += _village_ids(open_flags(table), exclude, DIRECT_LIMIT - len(here))
    return here


def location_allows(table: Table, city: str | None, villages: bool, exclude: str | None, road: int | None,
                    action_id: str) -> bool:
    """``action_id in location_ids(...)``, the open villages' entries looked
    up in their memo instead of listed (the engine's ``admit``)."""
    if road is not None:
        return action_id in location_ids(table, city, villages, exclude, road)
    if city is not None and action_id == AT_ID[city]:
        return True
    return villages and action_id in _village_ids(open_flags(table), exclude, DIRECT_LIMIT - (city is not None))


def open_village_ids(table: Table, road: int | None) -> tuple[str, ...]:
    """``location_ids(table, None, True, None, road)`` (the set-up's placing
    menu), memoised by the villages with room (or the board, on one road)."""
    board: str = table.get("board") or board_key(table)  # type: ignore[assignment]  # (``board_key``, inline)
    if road is None:  # (``open_flags``, inline)
        return _village_ids(board.encode().translate(_ROOM[table["players"] == 2]), None, DIRECT_LIMIT)
    return _road_open_ids(board, table["players"] == 2, road)


@lru_cache(maxsize=4096)
def _road_open_ids(board: str, two: bool, road: int) -> tuple[str, ...]:
    full = _FULL[two]
    return tuple(AT_ID[v] for v in ROAD_VILLAGES[road] if board[_VILLAGE_INDEX[v]] < full)


# The village entries of a location menu are memoised without its city: they
# depend only on which villages have room (and whether a city takes a line).
@lru_cache(maxsize=4096)
def _village_ids(flags: bytes, exclude: str | None, room: int) -> tuple[str, ...]:
    """The ids of ``_village_entries`` (asked far more often than its labels:
    a road's entry is looked up by its villages' flags)."""
    i = _VILLAGE_INDEX.get(exclude)  # type: ignore[arg-type]
    if i is not None:  # (a city excluded is no village)
        flags = flags[:i] + b"\0" + flags[i + 1:]
    if flags.count(1) <= room:
        return tuple(compress(_VILLAGE_AT_IDS, flags))
    # grouped by road, each half of the board memoised apart: a village
    # filling or emptying in one half keeps the other half's entries
    return _half_ids(0, flags[:_MIDDLE]) + _half_ids(1, flags[_MIDDLE:])


@lru_cache(maxsize=4096)
def _half_ids(half: int, flags: bytes) -> tuple[str, ...]:
    """The grouped entries of the roads of one half of the board (``_HALVES``)
    by that half's flags."""
    out: list[str] = []
    for entries, first, second in _HALVES[half]:  # (a plain loop: slicing the flags made a bytes per road)
        out += entries[flags[first] + 2 * flags[second]]
    return tuple(out)


def _road_entries(road: int) -> tuple[tuple[tuple[str, ...], ...], int, int]:
    """A road's entry in a grouped menu (``_grouped``) by its villages' flags
    (first + 2 * second; a one-village road names its village twice), and
    the two villages' indices."""
    villages = ROAD_VILLAGES[road]
    entries = []
    for code in range(4):
        open_ = [v for i, v in enumerate(villages) if code >> i & 1]
        entries.append((_ROAD_ID[road],) if len(open_) > 1 else tuple(AT_ID[v] for v in open_))
    return tuple(entries), _VILLAGE_INDEX[villages[0]], _VILLAGE_INDEX[villages[-1]]


_VILLAGE_AT_IDS = tuple(AT_ID[v] for v in VILLAGE_IDS)
_ROAD_ID = tuple(f"road:{road}" for road in range(len(ROAD_VILLAGES)))
_ROAD_ENTRIES = tuple(_road_entries(road) for road in range(len(ROAD_VILLAGES)))
# The board split between two roads near its middle village: each half's
# roads' entries, their villages' indices counted from the half's first.
_MIDDLE = min((first for _, first, _ in _ROAD_ENTRIES), key=lambda first: abs(2 * first - len(VILLAGE_IDS)))
_HALVES = tuple(tuple((entries, first - start, second - start) for entries, first, second in _ROAD_ENTRIES
                      if start <= first < stop) for start, stop in ((0, _MIDDLE), (_MIDDLE, len(VILLAGE_IDS))))


@lru_cache(maxsize=4096)
def _village_actions(flags: bytes, exclude: str | None, room: int, group: str) -> tuple[Action, ...]:
    return tuple(at_action(e, group) if isinstance(e, str) else road_action(e[0], e[1], group)
                 for e in _village_entries(flags, exclude, room))


def _village_entries(flags: bytes, exclude: str | None, room: int) -> tuple[str | tuple[int, int], ...]:
    """The open villages but ``exclude`` as entries in ``room`` lines (``_grouped``)."""
    return _grouped([v for v in compress(VILLAGE_IDS, flags) if v != exclude], room)


def _grouped(villages: list[str], room: int) -> tuple[str | tuple[int, int], ...]:
    """Villages (in VILLAGE_IDS order) as picker entries: all when they fit in
    ``room`` lines, else a road's villages as (road, villages) where it has
    more than one."""
    if len(villages) <= room:
        return tuple(villages)
    out: list[str | tuple[int, int]] = []
    for road, on_road in groupby(villages, ROAD_OF.__getitem__):
        first, *rest = on_road
        out.append((road, len(rest) + 1) if rest else first)
    return tuple(out)


@lru_cache(maxsize=4096)
def _picker(locs: tuple[str, ...], road: int | None, group: str) -> tuple[Action, ...]:
    return tuple(at_action(e, group) if isinstance(e, str) else road_action(e[0], e[1], group)
                 for e in _picker_entries(locs, road))


@lru_cache(maxsize=4096)
def _picker_entries(locs: tuple[str, ...], road: int | None) -> tuple[str | tuple[int, int], ...]:
    """The entries (``_grouped``) of ``picker``: a pure function of its
    arguments, asked again for every menu of a position."""
    if road is not None:
        return tuple(v for v in ROAD_VILLAGES[road] if v in locs)
    cities = [loc for loc in locs if loc in CITIES]
    villages = sorted((loc for loc in locs if loc not in CITIES), key=_VILLAGE_INDEX.__getitem__)
    return (*cities, *_grouped(villages, DIRECT_LIMIT - len(cities)))


def character_order(table: Table) -> list[int]:
    """Seats by their lowest character number, a seat without a card last,
    ties in seat order: the turn order (rule 7.6) and the tiebreak of
    rankings."""
    lowest = []
    for cards in table["characters"]:  # (a plain loop over a hand: a call of min parses its arguments)
        low = 99
        for c in cards:
            if c < low:
                low = c
        lowest.append(low)
    return sorted(range(len(lowest)), key=lowest.__getitem__)


def kept_character_order(state: MaharajaState) -> list[int]:
    """``character_order``, kept in the state: every turn and evaluation asks
    it, while hands change a few times a game.  A change of hands drops it
    (``pass_card``: a swap changes two or three hands in a row), the next
    question makes it again (so does a state stored before it)."""
    order = state.get("character_order")
    if order is None:
        order = state["character_order"] = character_order(state)
    return order


def pass_card(state: MaharajaState, c: int, giver: int | None, taker: int | None) -> None:
    """Character ``c`` from ``giver``'s hand to ``taker``'s (None: the bank);
    the kept character order is dropped (``kept_character_order``)."""
    characters, bank = state["characters"], state["character_bank"]
    (bank if giver is None else characters[giver]).remove(c)
    (bank if taker is None else characters[taker]).append(c)
    state.pop("character_order", None)


BACK = Action("back", m("label.back"), "nav")
