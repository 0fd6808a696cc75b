"""Persistent storage of tables (games) on SQLite through aiosqlite.

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
  transaction; the database is WAL with synchronous=FULL for durability.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiosqlite

from service import migrations


class StoreError(Exception):
    pass


class ChannelBusy(StoreError):
    """The channel already has a table in the lobby or in play."""


class DuplicateInteraction(StoreError):
    """This Discord interaction id was already recorded with a move."""


class StaleMove(StoreError):
    """The move's seq is not the table's next seq (someone moved first)."""


@dataclass
class Seat:
    user_id: int | None
    name: str
    ai: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data.get("user_id"), data["name"], bool(data.get("ai", False)))


@dataclass
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int | None
    seats: list[Seat]
    state: dict[str, Any] | None
    seq: int
    meta: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0


@dataclass
class LoggedAction:
    seq: int
    seat: int
    action_id: str
    events: list[dict[str, Any]]
    interaction_id: int | None
    created_at: float


# Writes wait this long for another process's write lock before failing.
BUSY_TIMEOUT_MS = 5000

STATUSES = ("lobby", "active", "finished", "aborted")

_TABLE_COLUMNS = ("id, guild_id, channel_id, game_id, options, seed, status, creator_id, "
                  "seats, state, seq, meta, created_at, updated_at")

T = TypeVar("T")


def _dumps(value: Any) -> str:
    # Compact separators: snapshots are rewritten on every move.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _seats_json(seats: list[Seat]) -> str:
    return _dumps([seat.to_json() for seat in seats])


def _check_status(status: str | None) -> None:
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown table status {status!r}")


def _row_to_table(row: Any) -> TableRow:
    return TableRow(
        id=row[0], guild_id=row[1], channel_id=row[2], game_id=row[3],
        options=json.loads(row[4]), seed=row[5], status=row[6], creator_id=row[7],
        seats=[Seat.from_json(s) for s in json.loads(row[8])],
        state=None if row[9] is None else json.loads(row[9]),
        seq=row[10], meta=json.loads(row[11]), created_at=row[12], updated_at=row[13],
    )


def _is_open_channel_conflict(exc: sqlite3.IntegrityError) -> bool:
    return "games.channel_id" in str(exc)


def _consume_exception(task: asyncio.Future[Any]) -> None:
    # The shielded task's error is re-raised to the caller; if the caller was
    # cancelled nobody awaits it, so mark it retrieved to avoid loop warnings.
    if not task.cancelled():
        task.exception()


class Store:
    """Open with ``await Store.open(path)`` (":memory:" allowed); ``close()``.
    Always close it (try/finally): aiosqlite's worker thread is not a daemon,
    so an unclosed store keeps the process from exiting."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db: aiosqlite.Connection | None = db
        self.path = path
        # One connection is shared by all tasks: without this lock a read could
        # see another task's uncommitted writes, and two BEGINs would collide.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Store:
        # isolation_level=None: the sqlite3 module must not open transactions
        # behind our back; every write transaction is an explicit BEGIN IMMEDIATE.
        db = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            # WAL: readers never block the writer; FULL: each COMMIT is fsynced,
            # so an acknowledged move survives a power cut, not only a crash.
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            version = await migrations.migrate(db)
            if version > migrations.LATEST:
                raise StoreError(f"{path}: schema version {version} is newer than this code "
                                 f"({migrations.LATEST}); refusing to open")
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        if self._db is None:
            return
        async with self._lock:  # let a running transaction finish first
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    # -- plumbing -------------------------------------------------------------

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("store is closed")
        return self._db

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._lock:
            return list(await self._conn().execute_fetchall(sql, params))

    async def _transaction(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            db = self._conn()
            # IMMEDIATE takes the write lock up front, so checks made inside the
            # transaction stay true until COMMIT, across processes too.
            await db.execute("BEGIN IMMEDIATE")
            try:
                result = await body(db)
                await db.execute("COMMIT")
            except BaseException:
                # No-op when nothing is open (BEGIN failed or COMMIT went through).
                with contextlib.suppress(Exception):
                    await db.rollback()
                raise
            return result

    async def _write(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        # Shielded so that cancelling the caller (e.g. an interaction timeout)
        # cannot stop us between BEGIN and COMMIT/ROLLBACK and leave the shared
        # connection inside a transaction.  A cancelled caller does not learn
        # whether the write committed; it must re-read.
        task = asyncio.ensure_future(self._transaction(body))
        task.add_done_callback(_consume_exception)
        return await asyncio.shield(task)

    # -- tables ---------------------------------------------------------------

    async def create_table(self, *, guild_id: int | None, channel_id: int, game_id: str,
                           options: dict[str, Any], seed: int, creator_id: int | None,
                           seats: list[Seat], meta: dict[str, Any] | None = None) -> TableRow:
        """A new table in the lobby.  Raises ``ChannelBusy``."""
        now = time.time()
        params = (guild_id, channel_id, game_id, _dumps(options), seed, creator_id,
                  _seats_json(seats), _dumps(meta or {}), now, now)

        async def body(db: aiosqlite.Connection) -> int:
            try:
                row = await db.execute_insert(
                    "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status,"
                    " creator_id, seats, state, seq, meta, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, NULL, 0, ?, ?, ?)", params)
            except sqlite3.IntegrityError as exc:
                # The partial unique index is the arbiter, not a prior SELECT.
                if _is_open_channel_conflict(exc):
                    raise ChannelBusy(f"channel {channel_id} already has an open table") from exc
                raise
            assert row is not None
            return int(row[0])

        table_id = await self._write(body)
        return TableRow(id=table_id, guild_id=guild_id, channel_id=channel_id, game_id=game_id,
                        options=json.loads(params[3]), seed=seed, status="lobby",
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
            " WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return _row_to_table(rows[0]) if rows else None

    async def update_table(self, table_id: int, *, seats: list[Seat] | None = None,
                           status: str | None = None, meta: dict[str, Any] | None = None,
                           options: dict[str, Any] | None = None) -> None:
        """Change lobby data, status or meta (not the game state)."""
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
        sets.append("updated_at = ?")
        params.append(time.time())
        params.append(table_id)
        sql = f"UPDATE games SET {', '.join(sets)} WHERE id = ?"

        async def body(db: aiosqlite.Connection) -> None:
            try:
                cursor = await db.execute(sql, params)
            except sqlite3.IntegrityError as exc:
                # Re-opening a finished table while the channel has another one.
                if _is_open_channel_conflict(exc):
                    raise ChannelBusy(f"table {table_id}: channel already has an open table") from exc
                raise
            if cursor.rowcount != 1:
                raise StoreError(f"no table {table_id}")

        await self._write(body)

    async def start_table(self, table_id: int, seats: list[Seat], state: dict[str, Any]) -> None:
        """Lobby → active with the initial snapshot at seq 0."""
        params = (_seats_json(seats), _dumps(state), time.time(), table_id)

        async def body(db: aiosqlite.Connection) -> None:
            cursor = await db.execute(
                "UPDATE games SET status = 'active', seats = ?, state = ?, seq = 0, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'", params)
            if cursor.rowcount != 1:
                # A double-clicked "start" must not reset a game in progress.
                raise StoreError(f"table {table_id} is not in the lobby")

        await self._write(body)

    async def record_move(self, table_id: int, *, seq: int, seat: int, action_id: str,
                          events: list[dict[str, Any]], state: dict[str, Any],
                          interaction_id: int | None = None, status: str | None = None) -> None:
        """One move = one transaction: append the log row ``seq`` (must be the
        table's current seq + 1 … i.e. the row gets number ``seq`` and the table's
        seq becomes ``seq``), replace the snapshot, optionally change status.
        Raises ``DuplicateInteraction`` or ``StaleMove``; then nothing changed.
        A used interaction id wins over a wrong seq (a retry carries both);
        a table that is not active raises ``StaleMove``.  ``state``/``events``
        are serialised at call time, so the caller may keep mutating them."""
        _check_status(status)
        # Serialise outside the lock: a 20 KB snapshot is the costliest CPU step.
        state_json = _dumps(state)
        events_json = _dumps(events)
        now = time.time()

        async def body(db: aiosqlite.Connection) -> None:
            rows = list(await db.execute_fetchall(
                "SELECT seq, status,"
                " EXISTS (SELECT 1 FROM actions WHERE interaction_id = ?)"
                " FROM games WHERE id = ?", (interaction_id, table_id)))
            if not rows:
                raise StoreError(f"no table {table_id}")
            current, current_status, duplicate = rows[0]
            # Duplicate first: a retried interaction also carries a stale seq,
            # and "already applied" is the answer its caller needs.
            if duplicate:
                raise DuplicateInteraction(f"interaction {interaction_id} already recorded")
            if current_status != "active":
                raise StaleMove(f"table {table_id} is {current_status}, not active")
            if seq != current + 1:
                raise StaleMove(f"table {table_id} is at seq {current}, move has seq {seq}")
            try:
                await db.execute(
                    "INSERT INTO actions (table_id, seq, seat, action_id, events, interaction_id,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table_id, seq, seat, action_id, events_json, interaction_id, now))
            except sqlite3.IntegrityError as exc:
                # Unreachable while every writer goes through this method; kept
                # so a constraint hit still maps to the documented errors.
                message = str(exc)
                if "actions.interaction_id" in message:
                    raise DuplicateInteraction(message) from exc
                if "actions.table_id, actions.seq" in message:
                    raise StaleMove(message) from exc
                raise
            await db.execute(
                "UPDATE games SET state = ?, seq = ?, updated_at = ?, status = COALESCE(?, status)"
                " WHERE id = ?", (state_json, seq, now, status, table_id))

        await self._write(body)

    async def actions(self, table_id: int, since: int = 0) -> list[LoggedAction]:
        """Log rows with seq > since, in order."""
        rows = await self._fetch(
            "SELECT seq, seat, action_id, events, interaction_id, created_at FROM actions"
            " WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, since))
        return [LoggedAction(seq=r[0], seat=r[1], action_id=r[2], events=json.loads(r[3]),
                             interaction_id=r[4], created_at=r[5]) for r in rows]

    async def has_interaction(self, interaction_id: int) -> bool:
        rows = await self._fetch("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,))
        return bool(rows)

    async def unfinished_tables(self) -> list[TableRow]:
        """Every table in the lobby or in play (for resume after restart)."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id")
        return [_row_to_table(r) for r in rows]

    # -- settings -------------------------------------------------------------

    async def _language(self, table: str, key: str, value: int) -> str | None:
        rows = await self._fetch(f"SELECT language FROM {table} WHERE {key} = ?", (value,))
        return rows[0][0] if rows else None

    async def _set_language(self, table: str, key: str, value: int, language: str | None) -> None:
        async def body(db: aiosqlite.Connection) -> None:
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
