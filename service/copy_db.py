"""``asztal-migrate SQLITE_FILE POSTGRESQL_URL``: move a bot's database from
SQLite to PostgreSQL (when one process is no longer enough).

Both are brought to the latest schema first; the PostgreSQL database must hold
no tables yet.  Everything is copied in one transaction, ids kept (message
nonces and links are made from them), and the id sequences set past the
copied rows.  Stop the bot first: a move written to SQLite during the copy
would be left behind.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from service import db as databases
from service import migrations
from service.db import Database, Tx

# Parents before children (foreign keys); outbox_leases are not copied
# (a lease belongs to a running process).
TABLES = ("games", "actions", "outbox", "deliveries", "dm_channels", "user_settings", "guild_settings",
          "results", "result_seats", "ratings")
# Tables whose id PostgreSQL generates.
IDENTITY = ("games", "outbox")
BATCH = 2000


class CopyRefused(Exception):
    """The copy cannot be made; nothing was written."""


async def _columns(source: Database, table: str) -> list[str]:
    return [row[1] for row in await source.fetch(f"PRAGMA table_info({table})")]


async def copy(source_path: str, target_url: str) -> dict[str, int]:
    """Copy every row; returns how many rows of each table were copied."""
    if not databases.is_postgres_url(target_url):
        raise CopyRefused("the target must be a postgresql:// URL")
    source = await databases.connect(source_path)
    target = await databases.connect(target_url)
    try:
        for database in (source, target):
            if await migrations.migrate(database) != migrations.LATEST:
                raise CopyRefused("the two databases are at different schema versions: update the bot first")
        if (await target.fetch("SELECT COUNT(*) FROM games"))[0][0]:
            raise CopyRefused("the PostgreSQL database already holds tables; copy into an empty one")
        plan = [(table, await _columns(source, table)) for table in TABLES]
        rows = {table: await source.fetch(f"SELECT {', '.join(cols)} FROM {table}") for table, cols in plan}

        async def body(tx: Tx) -> None:
            for table, cols in plan:
                sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
                batch: Sequence[Sequence[object]] = rows[table]
                for start in range(0, len(batch), BATCH):
                    await tx.executemany(sql, [tuple(r) for r in batch[start:start + BATCH]])
            for table in IDENTITY:
                await tx.fetch(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                               f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)")

        await target.transaction(body)
        return {table: len(found) for table, found in rows.items()}
    finally:
        await source.close()
        await target.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="asztal-migrate", description=__doc__.split("\n\n")[0])
    parser.add_argument("sqlite_file")
    parser.add_argument("postgresql_url")
    args = parser.parse_args(argv)
    try:
        counts = asyncio.run(copy(args.sqlite_file, args.postgresql_url))
    except CopyRefused as error:
        print(f"asztal-migrate: {error}", file=sys.stderr)
        return 1
    for table, count in counts.items():
        print(f"{table:15} {count:8} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
