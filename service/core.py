"""What every unit of the table service shares: the store, the per-channel
locks, the cache of unfinished tables and the frontend's hooks (``TableCore``),
and the words the units speak (who asks, what changed, a platform amendment).

The units (``service.lobby``, ``service.play``, ``service.clocks``,
``service.votes``, ``service.seats``) each receive the one ``TableCore`` of
their ``TableService`` (``service.tables``); none keeps table state of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from games import registry
from games.base import Game, Msg, Outcome, State, msg
from service import outbox
from service.errors import UserError
from service.records import GameResult
from service.store import Outgoing, Seat, StaleMove, Store, TableRow, TableStatus

if TYPE_CHECKING:
    from service.thinking import Thinker

LOBBY, ACTIVE, FINISHED, ABORTED = TableStatus.LOBBY, TableStatus.ACTIVE, TableStatus.FINISHED, TableStatus.ABORTED
# A change made from a row that another process changed meanwhile is made
# again from the fresh row (its checks too) up to this many times.
STALE_RETRIES = 8


@dataclass(frozen=True)
class Caller:
    """Who is asking: a Discord user (or a console seat)."""

    user_id: int
    name: str
    can_manage: bool = False  # Manage Channels/Threads permission in that channel


@dataclass
class Update:
    """What one request changed, for the frontend to publish."""

    table: TableRow
    events: list[tuple[int, Msg]] = field(default_factory=list)  # (seat that acted, event)
    started: bool = False
    finished: bool = False
    result: GameResult | None = None  # the game finished: its result, with rating changes

    @property
    def outcome(self) -> Outcome | None:
        if self.table.status != FINISHED or self.table.state is None:
            return None
        return registry.get(self.table.game_id).outcome(self.table.state)


@dataclass
class Amendment:
    """A change the platform makes rather than a seat's move (a seat changes
    hands, an undo), logged as seat -1 with its public ``events``.

    ``seats`` and ``state`` replace the table's; ``undone`` are the log rows an
    undo takes back and ``undo`` the undo window left after it; ``fresh`` seats
    start a new decision (a new holder, the undoing seat): they get their
    private view and prompt afresh; ``notices`` go out with the change."""

    action_id: str
    events: list[Msg]
    seats: list[Seat] | None = None
    state: State | None = None
    undone: tuple[int, ...] = ()
    undo: dict[str, Any] | None = None
    fresh: frozenset[int] = frozenset()
    notices: list[Outgoing] = field(default_factory=list)
    actor: int | None = None  # the seat whose interaction shows its own update (``claim``)


def seat_of(row: TableRow, user_id: int) -> int | None:
    """The seat ``user_id`` plays (not one the AI plays for them)."""
    for index, seat in enumerate(row.seats):
        if seat.user_id == user_id and not seat.ai:
            return index
    return None


def engine(row: TableRow) -> Game:
    return registry.get(row.game_id)


def check_running(row: TableRow) -> None:
    """Refuse moves at a paused table: nobody could see them."""
    if row.paused is not None:
        raise UserError("core.error.paused", why=msg(f"core.paused.{row.paused}"))


def human_user_ids(row: TableRow) -> Iterable[int]:
    return (s.user_id for s in row.seats if not s.ai and s.user_id is not None)


@dataclass(frozen=True)
class TableLimits:
    """How many open (lobby or running) tables one member may have created on
    a server, and a server may have, and how long a lobby waits for its start:
    one member cannot open table after table (each costs start-up work and
    REST budget), and a forgotten lobby closes by itself."""

    per_member: int = 3
    per_server: int = 50
    lobby_seconds: float = 24 * 3600


class TableCore:
    """The state the units share: the store, a lock per channel (every request
    is serialised per channel), the cached rows of unfinished tables, and the
    hooks the frontend sets."""

    def __init__(self, store: Store, *, rng: random.Random | None = None, clock_scale: float = 1.0,
                 limits: TableLimits | None = None):
        self.store = store
        self.rng = rng or random.SystemRandom()
        self.limits = limits or TableLimits()
        self._locks: dict[int, asyncio.Lock] = {}
        self._guild_locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, TableRow] = {}  # table id -> row of an unfinished table
        # Real time per clock second (tests play a 24-hour clock in seconds).
        self.clock_scale = clock_scale
        # Told after every committed change of a running table (the frontend's clock keeper).
        self.listener: Callable[[TableRow], None] | None = None
        # Asks the frontend whether a user is still in the table's server (None: cannot tell).
        self.membership: Callable[[int | None, int], Awaitable[bool | None]] | None = None
        # Runs the hard AI's searches off the event loop (None: in this process, blocking:
        # the offline console and the tests).
        self.thinker: Thinker | None = None

    # -- locks and the cache --------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def guild_lock(self, guild_id: int) -> asyncio.Lock:
        """Serialises opening tables on one server (its limits are counted
        before the new table is written; a server's interactions reach one
        process, its shard's)."""
        return self._guild_locks.setdefault(guild_id, asyncio.Lock())

    def remember(self, row: TableRow) -> None:
        self._cache[row.id] = row

    def forget(self, table_id: int | None) -> None:
        """Drop a cached table (all of them if ``None``): another process changed it."""
        if table_id is None:
            self._cache.clear()
        else:
            self._cache.pop(table_id, None)

    async def _current(self, row: TableRow) -> TableRow | None:
        """The cached row if no other process changed the table since it was
        read (one indexed read of its version), else the stored row."""
        if await self.store.table_version(row.id) == row.version:
            return row
        self._cache.pop(row.id, None)
        fresh = await self.store.get_table(row.id)
        if fresh is not None and fresh.status in (LOBBY, ACTIVE):
            self._cache[row.id] = fresh
        return fresh

    # -- lookup ------------------------------------------------------------
    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        for cached in list(self._cache.values()):
            if cached.channel_id == channel_id and cached.status in (LOBBY, ACTIVE):
                current = await self._current(cached)
                if current is not None and current.status in (LOBBY, ACTIVE):
                    return current
                break
        row = await self.store.table_in_channel(channel_id)
        if row is not None:
            self._cache[row.id] = row
        return row

    async def table(self, table_id: int) -> TableRow | None:
        """A table by id, loaded lazily (after a restart) on first use, and
        read again when another process changed it."""
        row = self._cache.get(table_id)
        if row is not None:
            return await self._current(row)
        row = await self.store.get_table(table_id)
        if row is not None and row.status in (LOBBY, ACTIVE):
            self._cache[table_id] = row
        return row

    def cached_in_channel(self, channel_id: int) -> TableRow | None:
        """The channel's open table if it is in memory (no database read)."""
        return next((row for row in self._cache.values()
                     if row.channel_id == channel_id and row.status in (LOBBY, ACTIVE)), None)

    def cached(self, table_id: int) -> TableRow | None:
        """A running table already in memory (no database read)."""
        return self._cache.get(table_id)

    async def open_tables(self) -> list[TableRow]:
        """Every table in the lobby or in play, as the service knows them."""
        rows = []
        for stored in await self.store.unfinished_tables():
            rows.append(self._cache.get(stored.id) or stored)
        return rows

    async def require_table(self, channel_id: int) -> TableRow:
        row = await self.table_in_channel(channel_id)
        if row is None:
            raise UserError("core.error.no_table")
        return row

    @contextlib.asynccontextmanager
    async def active(self, table_id: int) -> AsyncIterator[TableRow]:
        """The running table, locked for a change; refused when it is not running."""
        row = await self.table(table_id)
        if row is None or row.status != ACTIVE:
            raise UserError("core.error.not_active")
        async with self.lock(row.channel_id):
            row = await self.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            yield row

    def to_act(self, row: TableRow) -> list[int]:
        if row.status != ACTIVE or row.state is None:
            return []
        return engine(row).to_act(row.state)

    def humans_to_act(self, row: TableRow) -> list[int]:
        return [s for s in self.to_act(row) if not row.seats[s].ai]

    # -- after a change ------------------------------------------------------
    async def end(self, row: TableRow, message: Msg) -> None:
        """A running game ends unfinished (a vote, nobody human left); the channel reads ``message``."""
        row.version = await self.store.update_table(row.id, status=ABORTED, outbox=[outbox.notice_item(message)],
                                                    expect_version=row.version)
        row.status = ABORTED
        self._cache.pop(row.id, None)

    def finish_update(self, row: TableRow) -> None:
        if row.status != ACTIVE:
            self._cache.pop(row.id, None)
        self.notify(row)

    def notify(self, row: TableRow) -> None:
        if self.listener is not None:
            self.listener(row)


class Unit:
    """One responsibility of the table service, working on the shared core."""

    def __init__(self, core: TableCore):
        self.core = core


U = TypeVar("U", bound=Unit)
P = ParamSpec("P")
R = TypeVar("R")


def retried_when_stale(method: Callable[Concatenate[U, P], Awaitable[R]]) -> Callable[Concatenate[U, P], Awaitable[R]]:
    """Any process may serve any table: the database, not this process's
    lock, orders the changes of a table.  A write made from a row another
    process changed meanwhile fails (``StaleMove``/``StaleTable``, nothing
    written); the request then runs again on the fresh row, so a join is never
    lost and a move is applied to the position it was meant for or refused."""
    @functools.wraps(method)
    async def retrying(self: U, *args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(STALE_RETRIES):
            try:
                return await method(self, *args, **kwargs)
            except StaleMove as stale:
                self.core.forget(stale.table_id)
                # Two processes that keep colliding step apart.
                await asyncio.sleep(self.core.rng.uniform(0, 0.005 * attempt))
        raise UserError("core.error.busy")

    return retrying
