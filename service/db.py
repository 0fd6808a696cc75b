"""The two databases behind the store, one small interface.

SQLite (``aiosqlite``) is the embedded default; PostgreSQL (``asyncpg``) is
for several processes on several machines.  The store writes its SQL once,
with ``?`` placeholders, in the dialect both understand (``RETURNING``,
``ON CONFLICT … DO UPDATE``, partial indexes); this module turns it into each
driver's form and each driver's errors into ``UniqueConflict``.

Writes run as ``transaction(body)``: SQLite takes the file's write lock up
front (``BEGIN IMMEDIATE``) so a check inside stays true until COMMIT, across
processes too; PostgreSQL runs READ COMMITTED and the store locks the rows it
checks (``lock_row`` = ``FOR UPDATE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import aiosqlite

T = TypeVar("T")

# Writes wait this long for another process's write lock before failing.
BUSY_TIMEOUT_MS = 5000


class UniqueConflict(Exception):
    """A unique index refused a row; ``constraint`` names the index."""

    def __init__(self, constraint: str, message: str) -> None:
        super().__init__(message)
        self.constraint = constraint


class Tx(Protocol):
    """What a transaction body may do."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


class Database(Protocol):
    dialect: str  # "sqlite" or "postgresql"
    lock_row: str  # appended to a SELECT whose rows the transaction must hold

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T: ...

    async def close(self) -> None: ...


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


async def connect(url: str) -> Database:
    """A path (or ``:memory:``) opens SQLite; ``postgresql://…`` opens PostgreSQL."""
    if is_postgres_url(url):
        return await PostgresDatabase.connect(url)
    return await SQLiteDatabase.connect(url)


# -- SQLite ----------------------------------------------------------------------

# SQLite names the columns of a refused unique index; the store asks by index name.
_SQLITE_UNIQUE = {
    "games.channel_id": "games_open_per_channel",
    "actions.interaction_id": "actions_interaction",
    "actions.table_id, actions.seq": "actions_pkey",
}


def _sqlite_conflict(error: sqlite3.IntegrityError) -> UniqueConflict | None:
    text = str(error)
    if not text.startswith("UNIQUE constraint failed: "):
        return None
    columns = text.removeprefix("UNIQUE constraint failed: ")
    return UniqueConflict(_SQLITE_UNIQUE.get(columns, columns), text)


class _SQLiteTx:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise (_sqlite_conflict(error) or error) from error
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise (_sqlite_conflict(error) or error) from error

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        try:
            return list(await self._db.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as error:  # INSERT … RETURNING
            raise (_sqlite_conflict(error) or error) from error


def _in_memory(path: str) -> bool:
    return path == ":memory:" or path.startswith("file::memory:") or "mode=memory" in path


class SQLiteDatabase:
    dialect = "sqlite"
    lock_row = ""  # BEGIN IMMEDIATE already holds the whole file

    def __init__(self, db: aiosqlite.Connection, path: str, reader: aiosqlite.Connection | None) -> None:
        self._db: aiosqlite.Connection | None = db
        # Reads go through their own connection: WAL lets them run while a
        # write waits for another process's lock (up to BUSY_TIMEOUT_MS), so a
        # locked database never stalls a lookup, an autocomplete or a deferral.
        self._reader = reader
        self.path = path
        # One connection is shared by all writing tasks: without this lock a
        # read on it could see another task's uncommitted writes, and two BEGINs
        # would collide.
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SQLiteDatabase:
        db = await _sqlite_connection(path)
        try:
            # An in-memory database exists once per connection: it reads its own.
            reader = None if _in_memory(path) else await _sqlite_connection(path)
        except BaseException:
            await db.close()
            raise
        return cls(db, path, reader)

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the database is closed")
        return self._db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        if self._reader is not None:
            return list(await self._reader.execute_fetchall(sql, params))
        async with self._lock:
            return list(await self._conn().execute_fetchall(sql, params))

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        async with self._lock:
            db = self._conn()
            await db.execute("BEGIN IMMEDIATE")
            try:
                result = await body(_SQLiteTx(db))
                await db.execute("COMMIT")
            except BaseException:
                # No-op when nothing is open (BEGIN failed or COMMIT went through).
                with contextlib.suppress(Exception):
                    await db.rollback()
                raise
            return result

    async def pragma(self, name: str) -> Any:
        rows = await self.fetch(f"PRAGMA {name}")
        return rows[0][0]

    async def close(self) -> None:
        if self._db is None:
            return
        async with self._lock:  # let a running transaction finish first
            db, self._db = self._db, None
            reader, self._reader = self._reader, None
            if reader is not None:
                await reader.close()
            await db.close()


async def _sqlite_connection(path: str) -> aiosqlite.Connection:
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
    except BaseException:
        await db.close()
        raise
    return db


# -- PostgreSQL ------------------------------------------------------------------

@lru_cache(maxsize=512)
def postgres_sql(sql: str) -> str:
    """``?`` placeholders → ``$1, $2 …`` (the store's SQL has no ``?`` in literals)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def _rowcount(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0".
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTx:
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await _pg(self._conn.execute(postgres_sql(sql), *params)))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await _pg(self._conn.executemany(postgres_sql(sql), rows))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await _pg(self._conn.fetch(postgres_sql(sql), *params)))


async def _pg(call: Awaitable[T]) -> T:
    import asyncpg

    try:
        return await call
    except asyncpg.UniqueViolationError as error:
        raise UniqueConflict(error.constraint_name or "", str(error)) from error


class PostgresDatabase:
    dialect = "postgresql"
    lock_row = " FOR UPDATE"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.path = url

    @classmethod
    async def connect(cls, url: str, *, max_size: int = 10) -> PostgresDatabase:
        import asyncpg  # only needed by deployments that choose PostgreSQL

        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, command_timeout=30)
        return cls(pool, url)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await _pg(self._pool.fetch(postgres_sql(sql), *params)))

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        async with self._pool.acquire() as conn, conn.transaction():
            return await body(_PostgresTx(conn))

    async def close(self) -> None:
        await self._pool.close()
