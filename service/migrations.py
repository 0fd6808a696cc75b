"""Schema migrations of the store (see ``service/store.py`` for the tables).

One versioned list per database: ``MIGRATIONS`` (SQLite) and
``POSTGRES_MIGRATIONS``, which starts at version 5 with the schema SQLite
reached in five steps (there were no PostgreSQL databases before).  Both are
append-only: never edit a released step, add a new one to each list with the
same version and name.  Each step runs in one transaction together with its
``schema_version`` row, so a crash leaves the database at one version or the
next, never in between (DDL is transactional in both); two processes starting
at once migrate one after the other (SQLite's write lock, a PostgreSQL
advisory lock).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from service.db import Database, Tx

MIGRATIONS: list[tuple[int, str, tuple[str, ...]]] = [
    (1, "initial tables", (
        """CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            guild_id    INTEGER,
            channel_id  INTEGER NOT NULL,
            game_id     TEXT    NOT NULL,
            options     TEXT    NOT NULL DEFAULT '{}',
            seed        INTEGER NOT NULL,
            status      TEXT    NOT NULL
                        CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
            creator_id  INTEGER,
            seats       TEXT    NOT NULL DEFAULT '[]',
            state       TEXT,
            seq         INTEGER NOT NULL DEFAULT 0,
            meta        TEXT    NOT NULL DEFAULT '{}',
            created_at  REAL    NOT NULL,
            updated_at  REAL    NOT NULL
        )""",
        # The "one open table per channel" rule lives in the database so two
        # racing /new commands (even from two processes) cannot both win.
        """CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active')""",
        """CREATE TABLE actions (
            table_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq             INTEGER NOT NULL,
            seat            INTEGER NOT NULL,
            action_id       TEXT    NOT NULL,
            events          TEXT    NOT NULL DEFAULT '[]',
            interaction_id  INTEGER,
            created_at      REAL    NOT NULL,
            PRIMARY KEY (table_id, seq)
        )""",
        # A retried Discord interaction must never be applied twice.
        """CREATE UNIQUE INDEX actions_interaction ON actions (interaction_id)
            WHERE interaction_id IS NOT NULL""",
        """CREATE TABLE user_settings (
            user_id   INTEGER PRIMARY KEY,
            language  TEXT
        )""",
        """CREATE TABLE guild_settings (
            guild_id  INTEGER PRIMARY KEY,
            language  TEXT
        )""",
    )),
    # unfinished_tables() runs on every start-up; keep it off a full scan.
    (2, "index games by status", (
        "CREATE INDEX games_status ON games (status, id)",
    )),
    # The durable outbox: what a change must show is written in the same
    # transaction as the change, so neither a crash nor a refusing Discord
    # can lose it.  Rows are deleted once Discord confirmed them.
    (3, "outbox, deliveries, DM channels, paused tables", (
        """CREATE TABLE outbox (
            -- AUTOINCREMENT: an id is never reused after a delete, so the
            -- nonce made from it (bot.delivery) never names an older message.
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            table_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            target      TEXT    NOT NULL,
            seq         INTEGER NOT NULL,
            body        TEXT    NOT NULL DEFAULT '{}',
            claim       INTEGER,
            not_before  REAL    NOT NULL,
            attempts    INTEGER NOT NULL DEFAULT 0,
            created_at  REAL    NOT NULL
        )""",
        "CREATE INDEX outbox_due ON outbox (not_before, table_id)",
        "CREATE INDEX outbox_table ON outbox (table_id, target, id)",
        # What Discord confirmed per table and target: the board and lobby
        # message ids, so a later edit finds them and nothing is posted twice.
        """CREATE TABLE deliveries (
            table_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            target      TEXT    NOT NULL,
            message_id  INTEGER,
            info        TEXT    NOT NULL DEFAULT '{}',
            PRIMARY KEY (table_id, target)
        )""",
        # DM channel ids, so a DM needs one request instead of two; closed_at
        # marks a user whose DMs refused us (retried later, never forgotten).
        """CREATE TABLE dm_channels (
            user_id     INTEGER PRIMARY KEY,
            channel_id  INTEGER,
            closed_at   REAL
        )""",
        # Why a table cannot be shown (channel lost, permission missing); NULL when it runs.
        "ALTER TABLE games ADD COLUMN paused TEXT",
    )),
    # Undo takes a move back by marking it: the log keeps everything that
    # happened, and the live actions still replay the game from its seed.
    (4, "undone actions", (
        "ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0",
    )),
    # The table's memory (service/records.py): one row per finished game and
    # per seat, written in the transaction that finishes the game; they outlive
    # the pruned logs.  Seat rows repeat guild, game and time so that history
    # and statistics are read from one index each.
    (5, "results and ratings", (
        """CREATE TABLE results (
            table_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id     INTEGER,
            channel_id   INTEGER NOT NULL,
            game_id      TEXT    NOT NULL,
            finished_at  REAL    NOT NULL,
            moves        INTEGER NOT NULL,
            rated        INTEGER NOT NULL,
            sheet        TEXT    NOT NULL DEFAULT '{}'
        )""",
        "CREATE INDEX results_guild ON results (guild_id, finished_at DESC, table_id DESC)",
        "CREATE INDEX results_guild_game ON results (guild_id, game_id, finished_at DESC, table_id DESC)",
        "CREATE INDEX results_channel ON results (channel_id, finished_at DESC)",
        """CREATE TABLE result_seats (
            table_id      INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
            seat          INTEGER NOT NULL,
            guild_id      INTEGER,
            game_id       TEXT    NOT NULL,
            finished_at   REAL    NOT NULL,
            user_id       INTEGER,
            name          TEXT    NOT NULL,
            kind          TEXT    NOT NULL CHECK (kind IN ('human', 'substitute', 'replaced', 'ai')),
            with_ai       INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            rank          INTEGER NOT NULL,
            rating_delta  REAL,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE INDEX result_seats_member ON result_seats (guild_id, user_id, game_id, finished_at DESC)
            WHERE user_id IS NOT NULL""",
        """CREATE INDEX result_seats_member_time ON result_seats (guild_id, user_id, finished_at DESC)
            WHERE user_id IS NOT NULL""",
        """CREATE TABLE ratings (
            guild_id    INTEGER NOT NULL,
            game_id     TEXT    NOT NULL,
            user_id     INTEGER NOT NULL,
            name        TEXT    NOT NULL,
            mu          REAL    NOT NULL,
            sigma       REAL    NOT NULL,
            ordinal     REAL    NOT NULL,
            games       INTEGER NOT NULL,
            updated_at  REAL    NOT NULL,
            PRIMARY KEY (guild_id, game_id, user_id)
        )""",
        "CREATE INDEX ratings_board ON ratings (guild_id, game_id, ordinal DESC)",
        # Retention prunes the logs of old games: find them by age.
        "CREATE INDEX games_finished ON games (updated_at) WHERE status IN ('finished', 'aborted')",
    )),
]

# Several processes share one database: every write to a table row bumps its
# version, and a write made from a row read earlier names the version it read
# (compare-and-set), so no process overwrites what another wrote meanwhile.
# The outbox is delivered by whichever process leases a (table, target) group.
_VERSION_6 = (6, "row versions and outbox leases", (
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE outbox_leases (
        table_id  {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        target    TEXT    NOT NULL,
        owner     TEXT    NOT NULL,
        until     {real} NOT NULL,
        PRIMARY KEY (table_id, target)
    )""",
))

MIGRATIONS.append((_VERSION_6[0], _VERSION_6[1],
                   tuple(sql.format(id="INTEGER", real="REAL") for sql in _VERSION_6[2])))

# PostgreSQL: 64-bit ids (Discord snowflakes), double precision times.
POSTGRES_MIGRATIONS: list[tuple[int, str, tuple[str, ...]]] = [
    (5, "initial schema (SQLite versions 1-5)", (
        """CREATE TABLE games (
            id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guild_id    BIGINT,
            channel_id  BIGINT  NOT NULL,
            game_id     TEXT    NOT NULL,
            options     TEXT    NOT NULL DEFAULT '{}',
            seed        BIGINT  NOT NULL,
            status      TEXT    NOT NULL
                        CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
            creator_id  BIGINT,
            seats       TEXT    NOT NULL DEFAULT '[]',
            state       TEXT,
            seq         INTEGER NOT NULL DEFAULT 0,
            meta        TEXT    NOT NULL DEFAULT '{}',
            created_at  DOUBLE PRECISION NOT NULL,
            updated_at  DOUBLE PRECISION NOT NULL,
            paused      TEXT
        )""",
        """CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active')""",
        "CREATE INDEX games_status ON games (status, id)",
        "CREATE INDEX games_finished ON games (updated_at) WHERE status IN ('finished', 'aborted')",
        """CREATE TABLE actions (
            table_id        BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq             INTEGER NOT NULL,
            seat            INTEGER NOT NULL,
            action_id       TEXT    NOT NULL,
            events          TEXT    NOT NULL DEFAULT '[]',
            interaction_id  BIGINT,
            created_at      DOUBLE PRECISION NOT NULL,
            undone          INTEGER NOT NULL DEFAULT 0,
            CONSTRAINT actions_pkey PRIMARY KEY (table_id, seq)
        )""",
        """CREATE UNIQUE INDEX actions_interaction ON actions (interaction_id)
            WHERE interaction_id IS NOT NULL""",
        "CREATE TABLE user_settings (user_id BIGINT PRIMARY KEY, language TEXT)",
        "CREATE TABLE guild_settings (guild_id BIGINT PRIMARY KEY, language TEXT)",
        """CREATE TABLE outbox (
            id          BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            table_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            target      TEXT    NOT NULL,
            seq         INTEGER NOT NULL,
            body        TEXT    NOT NULL DEFAULT '{}',
            claim       BIGINT,
            not_before  DOUBLE PRECISION NOT NULL,
            attempts    INTEGER NOT NULL DEFAULT 0,
            created_at  DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX outbox_due ON outbox (not_before, table_id)",
        "CREATE INDEX outbox_table ON outbox (table_id, target, id)",
        """CREATE TABLE deliveries (
            table_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            target      TEXT    NOT NULL,
            message_id  BIGINT,
            info        TEXT    NOT NULL DEFAULT '{}',
            PRIMARY KEY (table_id, target)
        )""",
        "CREATE TABLE dm_channels (user_id BIGINT PRIMARY KEY, channel_id BIGINT, closed_at DOUBLE PRECISION)",
        """CREATE TABLE results (
            table_id     BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id     BIGINT,
            channel_id   BIGINT  NOT NULL,
            game_id      TEXT    NOT NULL,
            finished_at  DOUBLE PRECISION NOT NULL,
            moves        INTEGER NOT NULL,
            rated        INTEGER NOT NULL,
            sheet        TEXT    NOT NULL DEFAULT '{}'
        )""",
        "CREATE INDEX results_guild ON results (guild_id, finished_at DESC, table_id DESC)",
        "CREATE INDEX results_guild_game ON results (guild_id, game_id, finished_at DESC, table_id DESC)",
        "CREATE INDEX results_channel ON results (channel_id, finished_at DESC)",
        """CREATE TABLE result_seats (
            table_id      BIGINT  NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
            seat          INTEGER NOT NULL,
            guild_id      BIGINT,
            game_id       TEXT    NOT NULL,
            finished_at   DOUBLE PRECISION NOT NULL,
            user_id       BIGINT,
            name          TEXT    NOT NULL,
            kind          TEXT    NOT NULL CHECK (kind IN ('human', 'substitute', 'replaced', 'ai')),
            with_ai       INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            rank          INTEGER NOT NULL,
            rating_delta  DOUBLE PRECISION,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE INDEX result_seats_member ON result_seats (guild_id, user_id, game_id, finished_at DESC)
            WHERE user_id IS NOT NULL""",
        """CREATE INDEX result_seats_member_time ON result_seats (guild_id, user_id, finished_at DESC)
            WHERE user_id IS NOT NULL""",
        """CREATE TABLE ratings (
            guild_id    BIGINT  NOT NULL,
            game_id     TEXT    NOT NULL,
            user_id     BIGINT  NOT NULL,
            name        TEXT    NOT NULL,
            mu          DOUBLE PRECISION NOT NULL,
            sigma       DOUBLE PRECISION NOT NULL,
            ordinal     DOUBLE PRECISION NOT NULL,
            games       INTEGER NOT NULL,
            updated_at  DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, game_id, user_id)
        )""",
        "CREATE INDEX ratings_board ON ratings (guild_id, game_id, ordinal DESC)",
    )),
    (_VERSION_6[0], _VERSION_6[1], tuple(sql.format(id="BIGINT", real="DOUBLE PRECISION") for sql in _VERSION_6[2])),
]

LATEST = MIGRATIONS[-1][0]
assert POSTGRES_MIGRATIONS[-1][0] == LATEST, "every migration is written for both databases"

# Any number: the key of the advisory lock that serialises migrating processes.
_MIGRATION_LOCK = 7_457_236


def steps(db: Database) -> Sequence[tuple[int, str, tuple[str, ...]]]:
    return POSTGRES_MIGRATIONS if db.dialect == "postgresql" else MIGRATIONS


async def current_version(db: Database | Tx) -> int:
    rows = await db.fetch("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(rows[0][0])


async def _serialise(db: Database, tx: Tx) -> None:
    """Hold the migration lock until this transaction ends (SQLite's BEGIN
    IMMEDIATE already holds the file)."""
    if db.dialect == "postgresql":
        await tx.fetch(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")


async def migrate(db: Database, target: int = LATEST) -> int:
    """Bring the database up to ``target``; returns the version found
    afterwards, which is higher than ``target`` when newer code already
    migrated it (the caller decides whether that is acceptable)."""
    real = "DOUBLE PRECISION" if db.dialect == "postgresql" else "REAL"

    async def version_table(tx: Tx) -> None:
        await _serialise(db, tx)
        await tx.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                         f" version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at {real} NOT NULL)")

    await db.transaction(version_table)
    for version, name, statements in steps(db):
        if version > target:
            break
        if await current_version(db) >= version:
            continue

        async def step(tx: Tx, version: int = version, name: str = name,
                       statements: tuple[str, ...] = statements) -> None:
            await _serialise(db, tx)
            # Re-check under the lock: another process may have just done it.
            if await current_version(tx) >= version:
                return
            for sql in statements:
                await tx.execute(sql)
            await tx.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                             (version, name, time.time()))

        await db.transaction(step)
    return await current_version(db)
