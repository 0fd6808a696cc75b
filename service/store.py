"""Persistent storage of tables (games): SQLite (aiosqlite) by default,
PostgreSQL (asyncpg) for several processes — ``service.db`` hides which.

API CONTRACT (implemented by the store helper; the service layer codes against it).

Tables
------
* ``games``: one row per table: id (int pk), guild_id, channel_id (the channel
  or thread the table lives in), game_id ("sanjuan" …), options (JSON),
  seed (int), status ("lobby" | "active" | "finished" | "aborted"),
  creator_id, seats (JSON list of ``{"user_id": int|None, "name": str,
  "ai": bool}``), state (JSON snapshot of the engine state, NULL in the
  lobby), seq (number of actions applied == the snapshot's position in the
  log), meta (JSON dict the service layer owns: board message id, DM digests
  …), created_at, updated_at (unix seconds, float).
  At most one table with status lobby/active per channel (partial unique index).
* ``actions``: the append-only log: (game pk [column ``table_id``], seq) unique, seat, action_id,
  events (JSON list), interaction_id (unique when not NULL, so a retried
  Discord interaction is never applied twice), created_at.
* ``user_settings`` (user_id pk, language) and ``guild_settings``
  (guild_id pk, language).
* ``schema_version``: migrations run in order on open; each is one
  transaction; SQLite is WAL with synchronous=FULL for durability.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from games import registry
from games.base import DEFAULT_AI_LEVEL
from service import db as databases
from service import migrations, records
from service.db import Database, Tx, UniqueConflict
from service.records import GameResult


class StoreError(Exception):
    pass


class ChannelBusy(StoreError):
    """The channel already has a table in the lobby or in play."""


class DuplicateInteraction(StoreError):
    """This Discord interaction id was already recorded with a move."""


class StaleMove(StoreError):
    """The move's seq is not the table's next seq (someone moved first)."""

    def __init__(self, message: str, table_id: int | None = None) -> None:
        super().__init__(message)
        self.table_id = table_id


class StaleTable(StaleMove):
    """The table changed since the row the write was made from was read
    (another task or process wrote it): re-read and decide again."""


@dataclass
class Seat:
    """Who plays a seat.  ``ai`` with ``replaced``: the AI plays for the human
    ``user_id`` who left (they may take it back); ``left``: that happened at
    least once this game, even if they came back (the AI played part of their
    game); ``previous`` names whoever played the seat before its present
    holder (substitutes)."""

    user_id: int | None
    name: str
    ai: bool = False
    replaced: bool = False
    previous: list[str] = field(default_factory=list)
    level: str = DEFAULT_AI_LEVEL  # how well the AI plays the seat (``games.base.AI_LEVELS``)
    left: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"user_id": self.user_id, "name": self.name, "ai": self.ai}
        if self.level != DEFAULT_AI_LEVEL:
            data["level"] = self.level
        if self.replaced:
            data["replaced"] = True
        if self.previous:
            data["previous"] = list(self.previous)
        if self.left:
            data["left"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        replaced = bool(data.get("replaced", False))
        return cls(data.get("user_id"), data["name"], bool(data.get("ai", False)), replaced,
                   list(data.get("previous", [])), data.get("level", DEFAULT_AI_LEVEL),
                   bool(data.get("left", replaced)))


@dataclass
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    options: dict[str, Any]
    seed: int
    status: TableStatus
    creator_id: int | None
    seats: list[Seat]
    state: dict[str, Any] | None
    seq: int
    meta: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0
    paused: str | None = None  # why the table cannot be shown (its channel is lost); None: running
    version: int = 0  # bumped by every write of the row (compare-and-set)


@dataclass(frozen=True)
class Outgoing:
    """Something a change must show, written with the change (see ``service.outbox``).

    ``target`` is ``board``, ``lobby``, ``notice`` or ``seat:<n>``; ``claim`` is the
    interaction that will show it itself (the deliverer steps in only after ``delay``)."""

    target: str
    body: dict[str, Any]
    claim: int | None = None
    delay: float = 0.0


@dataclass(frozen=True)
class OutboxItem:
    id: int
    table_id: int
    target: str
    seq: int
    body: dict[str, Any]
    claim: int | None
    not_before: float
    attempts: int
    created_at: float


@dataclass
class MoveRecord:
    """One action of a batch written by ``record_moves``."""

    seat: int
    action_id: str
    events: list[dict[str, Any]]
    interaction_id: int | None = None


@dataclass
class LoggedAction:
    """A log row.  ``seat`` -1 is the platform's own entry (a seat changed
    hands, an undo); ``undone`` marks an action an undo took back.  The live
    engine actions, in order, replay the game from its seed."""

    seq: int
    seat: int
    action_id: str
    events: list[dict[str, Any]]
    interaction_id: int | None
    created_at: float
    undone: bool = False


BUSY_TIMEOUT_MS = databases.BUSY_TIMEOUT_MS


class TableStatus(StrEnum):
    """A table's life: a lobby starts and is active until it is finished;
    either may be aborted.  Stored as its text."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


# The partial unique index that holds a channel for its one open table.
OPEN_PER_CHANNEL = "games_open_per_channel"
# A table in one of these holds its channel (at most one per channel).
OPEN_STATUSES = f"('{TableStatus.LOBBY}', '{TableStatus.ACTIVE}')"

_TABLE_COLUMNS = ("id, guild_id, channel_id, game_id, options, seed, status, creator_id, "
                  "seats, state, seq, meta, created_at, updated_at, paused, version")
_OUTBOX_COLUMNS = "id, table_id, target, seq, body, claim, not_before, attempts, created_at"

T = TypeVar("T")


def _dumps(value: Any) -> str:
    # Compact separators: snapshots are rewritten on every move.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _seats_json(seats: list[Seat]) -> str:
    return _dumps([seat.to_json() for seat in seats])


def _check_status(status: str | None) -> None:
    if status is not None:
        TableStatus(status)  # ValueError for an unknown status


def _loaded_state(game_id: str, text: str) -> dict[str, Any]:
    """A stored state, brought up to date by its game once, here (``Game.upgrade_state``)."""
    state = json.loads(text)
    if game_id in registry.game_ids():  # (the store's own tests keep states of no game)
        return registry.get(game_id).upgrade_state(state)
    return state


def _row_to_table(row: Any) -> TableRow:
    return TableRow(
        id=row[0], guild_id=row[1], channel_id=row[2], game_id=row[3],
        options=json.loads(row[4]), seed=row[5], status=TableStatus(row[6]), creator_id=row[7],
        seats=[Seat.from_json(s) for s in json.loads(row[8])],
        state=None if row[9] is None else _loaded_state(row[3], row[9]),
        seq=row[10], meta=json.loads(row[11]), created_at=row[12], updated_at=row[13], paused=row[14],
        version=row[15],
    )


def _row_to_item(row: Any) -> OutboxItem:
    return OutboxItem(id=row[0], table_id=row[1], target=row[2], seq=row[3], body=json.loads(row[4]),
                      claim=row[5], not_before=row[6], attempts=row[7], created_at=row[8])


async def _insert_outbox(db: Tx, table_id: int, seq: int, items: Sequence[Outgoing],
                         now: float) -> None:
    if items:
        _OUTBOX_WRITTEN.set(True)
        await db.executemany(
            "INSERT INTO outbox (table_id, target, seq, body, claim, not_before, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(table_id, item.target, seq, _dumps(item.body), item.claim, now + item.delay, now)
             for item in items])


async def _locked_version(db: Tx, lock_row: str, table_id: int) -> tuple[int, str, int]:
    """The table's ``(seq, status, version)``, its row held until the transaction ends."""
    rows = await db.fetch(f"SELECT seq, status, version FROM games WHERE id = ?{lock_row}", (table_id,))
    if not rows:
        raise StoreError(f"no table {table_id}")
    seq, status, version = rows[0]
    return seq, status, version


def _check_version(table_id: int, found: int, expected: int | None) -> None:
    if expected is not None and found != expected:
        raise StaleTable(f"table {table_id} is at version {found}, the change was made from {expected}", table_id)


async def _check_next_moves(db: Tx, lock_row: str, table_id: int, interaction_ids: Sequence[int], first_seq: int,
                            expect_version: int | None) -> None:
    """Lock the table's row and refuse a batch of moves that may not follow
    (``record_moves``): an interaction already recorded, a table not active,
    a seq or version that is not the table's."""
    # The row lock (PostgreSQL; SQLite holds the file) keeps every
    # other process's move of this table behind this one until COMMIT.
    current, current_status, version = await _locked_version(db, lock_row, table_id)
    # Duplicate first: a retried interaction also carries a stale seq,
    # and "already applied" is the answer its caller needs.
    for interaction_id in interaction_ids:
        if await db.fetch("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)):
            raise DuplicateInteraction(f"interaction {interaction_id} already recorded")
    if current_status != TableStatus.ACTIVE:
        raise StaleMove(f"table {table_id} is {current_status}, not active", table_id)
    if first_seq != current + 1:
        raise StaleMove(f"table {table_id} is at seq {current}, move has seq {first_seq}", table_id)
    _check_version(table_id, version, expect_version)


async def _append_moves(db: Tx, table_id: int, rows: Sequence[tuple[Any, ...]], undone: Sequence[int]) -> None:
    """Append the log rows of a batch of moves, and mark ``undone`` earlier rows as taken back."""
    try:
        await db.executemany(
            "INSERT INTO actions (table_id, seq, seat, action_id, events, interaction_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    except UniqueConflict as exc:
        # An interaction recorded by a transaction that committed after
        # the check above (another process); the seq is locked.
        if exc.constraint == "actions_interaction":
            raise DuplicateInteraction(str(exc)) from exc
        if exc.constraint == "actions_pkey":
            raise StaleMove(str(exc), table_id) from exc
        raise
    if undone:
        await db.executemany("UPDATE actions SET undone = 1 WHERE table_id = ? AND seq = ?",
                             [(table_id, seq) for seq in undone])


# Set inside a transaction that queued outbox items, so the store can tell its
# listener (the deliverer) once that transaction committed.
_OUTBOX_WRITTEN: contextvars.ContextVar[bool] = contextvars.ContextVar("outbox_written", default=False)


def _consume_exception(task: asyncio.Future[Any]) -> None:
    # The shielded task's error is re-raised to the caller; if the caller was
    # cancelled nobody awaits it, so mark it retrieved to avoid loop warnings.
    if not task.cancelled():
        task.exception()


class Store:
    """Open with ``await Store.open(path_or_url)`` (":memory:" allowed;
    ``postgresql://…`` for PostgreSQL); ``close()``.  Always close it
    (try/finally): aiosqlite's worker thread is not a daemon, so an unclosed
    store keeps the process from exiting."""

    def __init__(self, db: Database, path: str) -> None:
        self._db: Database | None = db
        self.path = path
        self.dialect = db.dialect
        # Called after a commit that queued outbox items (wakes the deliverer).
        self.outbox_listener: Callable[[], None] | None = None
        # Writes still running after their caller was cancelled (see _write).
        self._writes: set[asyncio.Future[Any]] = set()

    @classmethod
    async def open(cls, path: str) -> Store:
        db = await databases.connect(path)
        try:
            version = await migrations.migrate(db)
            if version > migrations.LATEST:
                raise StoreError(f"{path}: schema version {version} is newer than this code "
                                 f"({migrations.LATEST}); refusing to open")
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def settled(self) -> None:
        """Wait until every write started so far has committed or rolled back."""
        while self._writes:
            await asyncio.wait(list(self._writes))

    async def close(self) -> None:
        await self.settled()
        db, self._db = self._db, None
        if db is not None:
            await db.close()

    # -- plumbing -------------------------------------------------------------

    @property
    def database(self) -> Database:
        if self._db is None:
            raise StoreError("store is closed")
        return self._db

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """A read-only query (for the read side of ``service.records``)."""
        return await self._fetch(sql, params)

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return await self.database.fetch(sql, params)

    async def _transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        _OUTBOX_WRITTEN.set(False)  # this runs in its own task, with its own context
        result = await self.database.transaction(body)
        if _OUTBOX_WRITTEN.get() and self.outbox_listener is not None:
            self.outbox_listener()
        return result

    async def _write(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        # Shielded so that cancelling the caller (e.g. an interaction timeout)
        # cannot stop us between BEGIN and COMMIT/ROLLBACK and leave the shared
        # connection inside a transaction.  A cancelled caller does not learn
        # whether the write committed; it must re-read.
        task = asyncio.ensure_future(self._transaction(body))
        task.add_done_callback(_consume_exception)
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        return await asyncio.shield(task)

    async def table_version(self, table_id: int) -> int | None:
        """The table's version now (one indexed read: is a cached row current?)."""
        rows = await self._fetch("SELECT version FROM games WHERE id = ?", (table_id,))
        return int(rows[0][0]) if rows else None

    # -- tables ---------------------------------------------------------------

    async def create_table(self, *, guild_id: int | None, channel_id: int, game_id: str,
                           options: dict[str, Any], seed: int, creator_id: int | None,
                           seats: list[Seat], meta: dict[str, Any] | None = None,
                           outbox: Sequence[Outgoing] = ()) -> TableRow:
        """A new table in the lobby.  Raises ``ChannelBusy``."""
        now = time.time()
        params = (guild_id, channel_id, game_id, _dumps(options), seed, creator_id,
                  _seats_json(seats), _dumps(meta or {}), now, now)

        async def body(db: Tx) -> int:
            try:
                rows = await db.fetch(
                    "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status,"
                    " creator_id, seats, state, seq, meta, created_at, updated_at)"
                    f" VALUES (?, ?, ?, ?, ?, '{TableStatus.LOBBY}', ?, ?, NULL, 0, ?, ?, ?) RETURNING id", params)
            except UniqueConflict as exc:
                # The partial unique index is the arbiter, not a prior SELECT.
                if exc.constraint == OPEN_PER_CHANNEL:
                    raise ChannelBusy(f"channel {channel_id} already has an open table") from exc
                raise
            await _insert_outbox(db, int(rows[0][0]), 0, outbox, now)
            return int(rows[0][0])

        table_id = await self._write(body)
        return TableRow(id=table_id, guild_id=guild_id, channel_id=channel_id, game_id=game_id,
                        options=json.loads(params[3]), seed=seed, status=TableStatus.LOBBY,
                        creator_id=creator_id, seats=[Seat.from_json(s.to_json()) for s in seats],
                        state=None, seq=0, meta=json.loads(params[7]), created_at=now,
                        updated_at=now)

    async def get_table(self, table_id: int) -> TableRow | None:
        rows = await self._fetch(f"SELECT {_TABLE_COLUMNS} FROM games WHERE id = ?", (table_id,))
        return _row_to_table(rows[0]) if rows else None

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The lobby/active table of a channel, if any."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM games"
            f" WHERE channel_id = ? AND status IN {OPEN_STATUSES}", (channel_id,))
        return _row_to_table(rows[0]) if rows else None

    async def update_table(self, table_id: int, *, seats: list[Seat] | None = None,
                           status: str | None = None, meta: dict[str, Any] | None = None,
                           options: dict[str, Any] | None = None, paused: str | None | bool = False,
                           outbox: Sequence[Outgoing] = (), expect_version: int | None = None) -> int:
        """Change lobby data, status, meta or the pause reason (``paused=None``
        resumes; leave it False to keep it), not the game state; ``outbox``
        items are written in the same transaction.  With ``expect_version``
        (the version of the row the change was made from) it raises
        ``StaleTable`` if the table changed since.  Returns the new version."""
        _check_status(status)
        sets: list[str] = []
        params: list[Any] = []
        if seats is not None:
            sets.append("seats = ?")
            params.append(_seats_json(seats))
        if status is not None:
            sets.append("status = ?")
            params.append(status)
        if meta is not None:
            sets.append("meta = ?")
            params.append(_dumps(meta))
        if options is not None:
            sets.append("options = ?")
            params.append(_dumps(options))
        if paused is not False:
            sets.append("paused = ?")
            params.append(paused)
        now = time.time()
        sets.append("updated_at = ?")
        params.append(now)
        params.append(table_id)
        sql = f"UPDATE games SET {', '.join(sets)}, version = version + 1 WHERE id = ?"
        lock_row = self.database.lock_row

        async def body(db: Tx) -> int:
            seq, _status, version = await _locked_version(db, lock_row, table_id)
            _check_version(table_id, version, expect_version)
            try:
                await db.execute(sql, params)
            except UniqueConflict as exc:
                # Re-opening a finished table while the channel has another one.
                if exc.constraint == OPEN_PER_CHANNEL:
                    raise ChannelBusy(f"table {table_id}: channel already has an open table") from exc
                raise
            await _insert_outbox(db, table_id, seq, outbox, now)
            return version + 1

        return await self._write(body)

    async def start_table(self, table_id: int, seats: list[Seat], state: dict[str, Any], *,
                          meta: dict[str, Any] | None = None, outbox: Sequence[Outgoing] = (),
                          expect_version: int | None = None) -> int:
        """Lobby → active with the initial snapshot at seq 0 (and its outbox).
        Returns the new version (``expect_version`` as in ``update_table``)."""
        now = time.time()
        params = (_seats_json(seats), _dumps(state), now, table_id)
        lock_row = self.database.lock_row

        async def body(db: Tx) -> int:
            _seq, status, version = await _locked_version(db, lock_row, table_id)
            _check_version(table_id, version, expect_version)
            if status != TableStatus.LOBBY:
                # A double-clicked "start" must not reset a game in progress.
                raise StoreError(f"table {table_id} is not in the lobby")
            await db.execute(
                f"UPDATE games SET status = '{TableStatus.ACTIVE}', seats = ?, state = ?, seq = 0, updated_at = ?,"
                " version = version + 1 WHERE id = ?", params)
            if meta is not None:
                await db.execute("UPDATE games SET meta = ? WHERE id = ?", (_dumps(meta), table_id))
            await _insert_outbox(db, table_id, 0, outbox, now)
            return version + 1

        return await self._write(body)

    async def record_move(self, table_id: int, *, seq: int, seat: int, action_id: str,
                          events: list[dict[str, Any]], state: dict[str, Any],
                          interaction_id: int | None = None, status: str | None = None,
                          outbox: Sequence[Outgoing] = (), expect_version: int | None = None) -> None:
        """One move: ``record_moves`` with a single action numbered ``seq``."""
        await self.record_moves(table_id, first_seq=seq, moves=[MoveRecord(seat, action_id, events, interaction_id)],
                                state=state, status=status, outbox=outbox, expect_version=expect_version)

    async def record_moves(self, table_id: int, *, first_seq: int, moves: Sequence[MoveRecord],
                           state: dict[str, Any], status: str | None = None,
                           outbox: Sequence[Outgoing] = (), meta: dict[str, Any] | None = None,
                           seats: list[Seat] | None = None, undone: Sequence[int] = (),
                           result: GameResult | None = None,
                           expect_version: int | None = None) -> GameResult | None:
        """A batch of moves (a player's action and the AI answers it set off) in
        one transaction: append log rows ``first_seq`` … (``first_seq`` must be
        the table's current seq + 1), replace the snapshot (and the table's ``meta`` if given), optionally change
        status, and queue ``outbox``.  Raises ``DuplicateInteraction`` or
        ``StaleMove``; then nothing changed.  A used interaction id wins over a
        wrong seq (a retry carries both); a table that is not active raises
        ``StaleMove``.  Everything is serialised at call time, so the caller may
        keep mutating ``state`` and the events.  ``seats`` replaces the seats
        (a seat changed hands); ``undone`` marks earlier log rows as taken back.
        ``result`` (the last move finished the game) is written with the new
        ratings in the same transaction, and returned with its rating changes.
        ``expect_version`` as in ``update_table``: the seq alone does not
        guard seats and meta, which change between moves too."""
        _check_status(status)
        if not moves:
            raise ValueError("record_moves needs at least one move")
        # Serialise outside the lock: a 20 KB snapshot is the costliest CPU step.
        state_json = _dumps(state)
        meta_json = None if meta is None else _dumps(meta)
        seats_json = None if seats is None else _seats_json(seats)
        now = time.time()
        rows_to_insert = [(table_id, first_seq + i, m.seat, m.action_id, _dumps(m.events), m.interaction_id, now)
                          for i, m in enumerate(moves)]
        interaction_ids = [m.interaction_id for m in moves if m.interaction_id is not None]
        last_seq = first_seq + len(moves) - 1

        lock_row = self.database.lock_row

        async def body(db: Tx) -> GameResult | None:
            await _check_next_moves(db, lock_row, table_id, interaction_ids, first_seq, expect_version)
            await _append_moves(db, table_id, rows_to_insert, undone)
            await db.execute(
                "UPDATE games SET state = ?, seq = ?, updated_at = ?, status = COALESCE(?, status),"
                " meta = COALESCE(?, meta), seats = COALESCE(?, seats), version = version + 1 WHERE id = ?",
                (state_json, last_seq, now, status, meta_json, seats_json, table_id))
            await _insert_outbox(db, table_id, last_seq, outbox, now)
            return None if result is None else await records.write_result(db, result)

        return await self._write(body)

    async def actions(self, table_id: int, since: int = 0) -> list[LoggedAction]:
        """Log rows with seq > since, in order."""
        rows = await self._fetch(
            "SELECT seq, seat, action_id, events, interaction_id, created_at, undone FROM actions"
            " WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, since))
        return [LoggedAction(seq=r[0], seat=r[1], action_id=r[2], events=json.loads(r[3]),
                             interaction_id=r[4], created_at=r[5], undone=bool(r[6])) for r in rows]

    async def has_interaction(self, interaction_id: int) -> bool:
        rows = await self._fetch("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,))
        return bool(rows)

    async def unfinished_tables(self) -> list[TableRow]:
        """Every table in the lobby or in play (for resume after restart)."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM games WHERE status IN {OPEN_STATUSES} ORDER BY id")
        return [_row_to_table(r) for r in rows]

    async def open_versions(self) -> dict[int, int]:
        """``{table id: version}`` of every table in the lobby or in play: what
        changed since a process last looked, without reading any state."""
        rows = await self._fetch(f"SELECT id, version FROM games WHERE status IN {OPEN_STATUSES}")
        return {r[0]: r[1] for r in rows}

    async def open_tables_of_guild(self, guild_id: int) -> list[tuple[int, int | None, int]]:
        """``(table id, creator id, channel id)`` of a server's tables in the lobby or in play."""
        rows = await self._fetch(
            f"SELECT id, creator_id, channel_id FROM games WHERE guild_id = ? AND status IN {OPEN_STATUSES}"
            " ORDER BY id", (guild_id,))
        return [(r[0], r[1], r[2]) for r in rows]

    async def lobbies_opened_before(self, when: float) -> list[TableRow]:
        """Tables still in the lobby that were opened before ``when``."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM games WHERE status = '{TableStatus.LOBBY}' AND created_at < ?"
            " ORDER BY id", (when,))
        return [_row_to_table(r) for r in rows]

    async def paused_tables(self) -> list[TableRow]:
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM games WHERE status IN {OPEN_STATUSES} AND paused IS NOT NULL")
        return [_row_to_table(r) for r in rows]

    # -- the outbox -----------------------------------------------------------

    async def add_outbox(self, table_id: int, items: Sequence[Outgoing]) -> None:
        """Queue items outside a change (a notice, a hint), at the table's seq."""
        now = time.time()

        async def body(db: Tx) -> None:
            rows = await db.fetch("SELECT seq FROM games WHERE id = ?", (table_id,))
            if rows:
                await _insert_outbox(db, table_id, rows[0][0], items, now)

        await self._write(body)

    async def due_outbox(self, now: float, limit: int = 1000) -> list[OutboxItem]:
        """Items whose time has come, oldest first."""
        rows = await self._fetch(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE not_before <= ?"
                                 " ORDER BY id LIMIT ?", (now, limit))
        return [_row_to_item(r) for r in rows]

    async def due_groups(self, now: float) -> list[tuple[int, str]]:
        """Every (table, target) with an item whose time has come, oldest first:
        one row a group, however long the backlog."""
        rows = await self._fetch("SELECT table_id, target FROM outbox WHERE not_before <= ?"
                                 " GROUP BY table_id, target ORDER BY MIN(id)", (now,))
        return [(r[0], r[1]) for r in rows]

    async def next_outbox_time(self, after: float) -> float | None:
        """When the next item that is not due yet will be."""
        rows = await self._fetch("SELECT MIN(not_before) FROM outbox WHERE not_before > ?", (after,))
        return rows[0][0] if rows else None

    async def reschedule_outbox(self, table_id: int, targets: Sequence[str], not_before: float) -> None:
        """Try a table's items for these targets at ``not_before`` (a channel came back)."""
        async def body(db: Tx) -> None:
            await db.executemany("UPDATE outbox SET not_before = ? WHERE table_id = ? AND target = ?"
                                 " AND claim IS NULL", [(not_before, table_id, t) for t in targets])

        await self._write(body)

    async def pending_outbox(self, table_id: int, target: str | None = None) -> list[OutboxItem]:
        """A table's items (for one target), in the order they were written."""
        if target is None:
            rows = await self._fetch(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE table_id = ? ORDER BY id",
                                     (table_id,))
        else:
            rows = await self._fetch(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE table_id = ? AND target = ?"
                                     " ORDER BY id", (table_id, target))
        return [_row_to_item(r) for r in rows]

    async def outbox_size(self) -> int:
        rows = await self._fetch("SELECT COUNT(*) FROM outbox")
        return int(rows[0][0])

    async def settle_outbox(self, ids: Sequence[int], *, table_id: int | None = None, target: str | None = None,
                            message_id: int | None = None, info: dict[str, Any] | None = None) -> None:
        """Items Discord confirmed (or that no longer need showing) leave the
        outbox; with ``target``, the message Discord returned is kept in the
        same transaction."""
        async def body(db: Tx) -> None:
            await db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])
            if table_id is not None and target is not None:
                await db.execute(
                    "INSERT INTO deliveries (table_id, target, message_id, info) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (table_id, target) DO UPDATE SET message_id = excluded.message_id,"
                    " info = excluded.info", (table_id, target, message_id, _dumps(info or {})))

        await self._write(body)

    async def postpone_outbox(self, ids: Sequence[int], not_before: float, *, count_attempt: bool = True) -> None:
        async def body(db: Tx) -> None:
            await db.executemany("UPDATE outbox SET not_before = ?, attempts = attempts + ? WHERE id = ?",
                                 [(not_before, int(count_attempt), i) for i in ids])

        await self._write(body)

    async def release_claim(self, claim: int) -> None:
        """The interaction could not show its items: the deliverer takes them now."""
        now = time.time()

        async def body(db: Tx) -> None:
            await db.execute("UPDATE outbox SET claim = NULL, not_before = ? WHERE claim = ?", (now, claim))

        await self._write(body)

    async def lease_group(self, table_id: int, target: str, owner: str, seconds: float) -> bool:
        """Take (or renew) the right to deliver a table's items for one target
        for ``seconds``: of several processes draining one outbox, exactly one
        delivers a group at a time.  A lease, not a row lock held open: a
        delivery waits on Discord, and a process that dies lets go when its
        lease runs out."""
        now = time.time()

        async def body(db: Tx) -> bool:
            rows = await db.fetch(
                "INSERT INTO outbox_leases (table_id, target, owner, until) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, target) DO UPDATE SET owner = excluded.owner, until = excluded.until"
                " WHERE outbox_leases.until < ? OR outbox_leases.owner = excluded.owner RETURNING owner",
                (table_id, target, owner, now + seconds, now))
            return bool(rows)

        return await self._write(body)

    async def release_group(self, table_id: int, target: str, owner: str) -> None:
        async def body(db: Tx) -> None:
            await db.execute("DELETE FROM outbox_leases WHERE table_id = ? AND target = ? AND owner = ?",
                             (table_id, target, owner))

        await self._write(body)

    async def claimed_outbox(self, claim: int) -> list[OutboxItem]:
        rows = await self._fetch(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE claim = ? ORDER BY id", (claim,))
        return [_row_to_item(r) for r in rows]

    async def prune_logs(self, older_than: float, batch: int = 200) -> int:
        """Drop the action logs and snapshots of games finished or aborted
        before ``older_than`` (a time); their results, score sheets and ratings
        stay.  In small transactions, so moves never wait long behind it.
        Returns how many games were pruned."""
        pruned = 0

        async def body(db: Tx) -> int:
            rows = await db.fetch(
                f"SELECT id FROM games WHERE status IN ('{TableStatus.FINISHED}', '{TableStatus.ABORTED}')"
                " AND updated_at < ? AND state IS NOT NULL LIMIT ?", (older_than, batch))
            ids = [(r[0],) for r in rows]
            await db.executemany("DELETE FROM actions WHERE table_id = ?", ids)
            await db.executemany("UPDATE games SET state = NULL WHERE id = ?", ids)
            return len(ids)

        while (done := await self._write(body)) > 0:
            pruned += done
        return pruned

    async def delivery(self, table_id: int, target: str) -> tuple[int | None, dict[str, Any]] | None:
        """The message Discord confirmed last for this table and target, and its info."""
        rows = await self._fetch("SELECT message_id, info FROM deliveries WHERE table_id = ? AND target = ?",
                                 (table_id, target))
        return (rows[0][0], json.loads(rows[0][1])) if rows else None

    async def set_delivery(self, table_id: int, target: str, message_id: int | None,
                           info: dict[str, Any] | None = None) -> None:
        await self.settle_outbox([], table_id=table_id, target=target, message_id=message_id, info=info)

    async def closed_dms(self) -> list[tuple[int, float]]:
        rows = await self._fetch("SELECT user_id, closed_at FROM dm_channels WHERE closed_at IS NOT NULL")
        return [(r[0], r[1]) for r in rows]

    async def dm_channel(self, user_id: int) -> tuple[int | None, float | None] | None:
        """``(DM channel id, closed since)`` of a user, if known."""
        rows = await self._fetch("SELECT channel_id, closed_at FROM dm_channels WHERE user_id = ?", (user_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def set_dm_channel(self, user_id: int, *, channel_id: int | None, closed_at: float | None) -> None:
        async def body(db: Tx) -> None:
            await db.execute(
                "INSERT INTO dm_channels (user_id, channel_id, closed_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET channel_id = COALESCE(excluded.channel_id, dm_channels.channel_id),"
                " closed_at = excluded.closed_at", (user_id, channel_id, closed_at))

        await self._write(body)

    # -- settings -------------------------------------------------------------

    async def _language(self, table: str, key: str, value: int) -> str | None:
        rows = await self._fetch(f"SELECT language FROM {table} WHERE {key} = ?", (value,))
        return rows[0][0] if rows else None

    async def _set_language(self, table: str, key: str, value: int, language: str | None) -> None:
        async def body(db: Tx) -> None:
            if language is None:
                await db.execute(f"DELETE FROM {table} WHERE {key} = ?", (value,))
            else:
                await db.execute(
                    f"INSERT INTO {table} ({key}, language) VALUES (?, ?)"
                    f" ON CONFLICT ({key}) DO UPDATE SET language = excluded.language",
                    (value, language))

        await self._write(body)

    async def user_language(self, user_id: int) -> str | None:
        return await self._language("user_settings", "user_id", user_id)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        await self._set_language("user_settings", "user_id", user_id, language)

    async def guild_language(self, guild_id: int) -> str | None:
        return await self._language("guild_settings", "guild_id", guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._set_language("guild_settings", "guild_id", guild_id, language)
