"""Behaviour of the store (service/store.py) on both databases: real SQLite
files and a throwaway PostgreSQL server (``tests/postgres.py``).  Tests that
take ``db_path`` are about SQLite files alone."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time

import asyncpg
import pytest

from service import migrations
from service.db import SQLiteDatabase
from service.store import (
    ChannelBusy,
    DuplicateInteraction,
    Outgoing,
    Seat,
    StaleMove,
    StaleTable,
    Store,
    StoreError,
)


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "asztal.db")


@pytest.fixture
async def store(database_url):
    s = await Store.open(database_url)
    yield s
    await s.close()


async def no_open_transaction(store: Store) -> None:
    """Every write started has ended, and nothing is left open on SQLite's
    shared writer connection (PostgreSQL gives each transaction its own
    pooled connection, which asyncpg rolls back if it is left open)."""
    await store.settled()
    db = store.database
    if isinstance(db, SQLiteDatabase):
        async with db._lock:
            assert not db._conn().in_transaction


# The store keeps any state it is given; these tests store states of no game (an engine's
# own states are brought up to date at load by that engine: ``Game.upgrade_state``).
STORE_ONLY = "storeonly"


async def new_table(store: Store, channel_id: int = 100, **kw):
    args = dict(guild_id=1, channel_id=channel_id, game_id=STORE_ONLY, options={"variant": "base"},
                seed=1234, creator_id=7, seats=[Seat(7, "Anna"), Seat(None, "Bot", ai=True)],
                meta={"board_message": 55})
    args.update(kw)
    return await store.create_table(**args)


async def active_table(store: Store, channel_id: int = 100):
    row = await new_table(store, channel_id)
    await store.start_table(row.id, row.seats, {"seq": 0})
    return await store.get_table(row.id)


async def move(store: Store, table_id: int, seq: int, interaction_id: int | None = None, **kw):
    await store.record_move(table_id, seq=seq, seat=0, action_id=f"a{seq}", events=[{"n": seq}],
                            state={"seq": seq}, interaction_id=interaction_id, **kw)


async def snapshot(store: Store, table_id: int):
    """Everything a failed call must leave untouched."""
    return await store.get_table(table_id), await store.actions(table_id)


# -- opening, pragmas, migrations ----------------------------------------------

async def test_pragmas(db_path):
    store = await Store.open(db_path)
    try:
        db = store.database
        assert isinstance(db, SQLiteDatabase)
        assert await db.pragma("journal_mode") == "wal"
        assert await db.pragma("synchronous") == 2  # FULL
        assert await db.pragma("foreign_keys") == 1
        assert await db.pragma("busy_timeout") >= 1000
    finally:
        await store.close()


async def test_memory_store_works():
    s = await Store.open(":memory:")
    row = await active_table(s)
    await move(s, row.id, 1)
    assert (await s.get_table(row.id)).seq == 1
    await s.close()


async def test_reopen_is_idempotent(database_url):
    s = await Store.open(database_url)
    row = await new_table(s)
    await s.close()
    s = await Store.open(database_url)
    try:
        assert (await s.get_table(row.id)).channel_id == 100
        versions = [v for (v,) in await s.fetch("SELECT version FROM schema_version ORDER BY version")]
        assert versions == [m[0] for m in migrations.steps(s.database)]
        assert versions[-1] == migrations.LATEST
    finally:
        await s.close()


def test_both_databases_have_every_migration():
    sqlite_steps = {v: name for v, name, _ in migrations.MIGRATIONS}
    # PostgreSQL began at the schema SQLite reached by version 5; every later step is in both.
    assert [v for v, _, _ in migrations.POSTGRES_MIGRATIONS][1:] == [v for v in sqlite_steps if v > 5]
    assert all(sqlite_steps[v] == name for v, name, _ in migrations.POSTGRES_MIGRATIONS[1:])


async def test_processes_starting_at_once_migrate_once(database_url):
    stores = await asyncio.gather(*(Store.open(database_url) for _ in range(4)))
    try:
        versions = [v for (v,) in await stores[0].fetch("SELECT version FROM schema_version ORDER BY version")]
        assert versions == [m[0] for m in migrations.steps(stores[0].database)]
    finally:
        for s in stores:
            await s.close()


async def test_migrates_version_1_database(db_path):
    assert migrations.LATEST >= 2
    # Build a file exactly as the first release left it, with data in it.
    db = await SQLiteDatabase.connect(db_path)
    assert await migrations.migrate(db, target=1) == 1
    await db.transaction(lambda tx: tx.execute(
        "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, creator_id,"
        " seats, state, seq, meta, created_at, updated_at)"
        " VALUES (1, 9, 'storeonly', '{}', 5, 'active', 7, '[{\"user_id\": 7, \"name\": \"A\"}]',"
        " '{\"seq\": 0}', 0, '{}', 1.0, 1.0)"))
    indexes = {r[0] for r in await db.fetch("SELECT name FROM sqlite_master WHERE type='index'")}
    assert "games_status" not in indexes
    await db.close()

    s = await Store.open(db_path)
    try:
        db = s.database
        assert await migrations.current_version(db) == migrations.LATEST
        indexes = {r[0] for r in await db.fetch("SELECT name FROM sqlite_master WHERE type='index'")}
        assert "games_status" in indexes
        [row] = await s.unfinished_tables()
        assert row.seats == [Seat(7, "A")] and row.state == {"seq": 0}
        await move(s, row.id, 1)
        assert (await s.get_table(row.id)).seq == 1
    finally:
        await s.close()


async def test_refuses_newer_schema(db_path):
    s = await Store.open(db_path)
    await s.close()
    with sqlite3.connect(db_path) as con:
        con.execute("INSERT INTO schema_version VALUES (?, 'future', 0)", (migrations.LATEST + 1,))
    with pytest.raises(StoreError, match="newer"):
        await Store.open(db_path)


# -- tables ---------------------------------------------------------------------

async def test_create_and_read_back(store):
    row = await new_table(store)
    assert row.status == "lobby" and row.seq == 0 and row.state is None
    assert row.created_at == row.updated_at > 0
    loaded = await store.get_table(row.id)
    assert loaded == row
    assert await store.table_in_channel(100) == row
    assert await store.table_in_channel(101) is None
    assert await store.get_table(row.id + 1) is None


async def test_channel_busy(store):
    row = await new_table(store)
    with pytest.raises(ChannelBusy):
        await new_table(store)
    await store.start_table(row.id, row.seats, {"seq": 0})
    with pytest.raises(ChannelBusy):
        await new_table(store)
    other = await new_table(store, channel_id=101)  # other channels are unaffected
    assert other.id != row.id
    # A finished table frees the channel, but cannot be reopened next to a new one.
    await store.update_table(row.id, status="finished")
    second = await new_table(store)
    assert (await store.table_in_channel(100)).id == second.id
    with pytest.raises(ChannelBusy):
        await store.update_table(row.id, status="active")
    assert (await store.get_table(row.id)).status == "finished"


async def test_update_table_changes_only_given_fields(store):
    row = await new_table(store)
    await store.update_table(row.id, meta={"board_message": 99})
    got = await store.get_table(row.id)
    assert got.meta == {"board_message": 99}
    assert (got.seats, got.options, got.status) == (row.seats, row.options, row.status)
    assert got.updated_at >= row.updated_at
    seats = [Seat(7, "Anna"), Seat(8, "Béla")]
    await store.update_table(row.id, seats=seats, options={"variant": "x"})
    got = await store.get_table(row.id)
    assert (got.seats, got.options, got.meta) == (seats, {"variant": "x"}, {"board_message": 99})
    with pytest.raises(ValueError):
        await store.update_table(row.id, status="paused")
    with pytest.raises(StoreError):
        await store.update_table(row.id + 50, meta={})


async def test_start_table(store):
    row = await new_table(store)
    seats = list(reversed(row.seats))
    await store.start_table(row.id, seats, {"deck": [1, 2, 3], "seq": 0})
    got = await store.get_table(row.id)
    assert (got.status, got.seq, got.seats, got.state) == ("active", 0, seats, {"deck": [1, 2, 3], "seq": 0})
    # A second "start" (double click) must not reset a running game.
    await move(store, row.id, 1)
    with pytest.raises(StoreError):
        await store.start_table(row.id, seats, {"seq": 0})
    assert (await store.get_table(row.id)).seq == 1


async def test_record_move_and_log(store):
    row = await active_table(store)
    for seq in range(1, 6):
        await move(store, row.id, seq, interaction_id=1000 + seq)
    got = await store.get_table(row.id)
    assert got.seq == 5 and got.state == {"seq": 5}
    log = await store.actions(row.id)
    assert [a.seq for a in log] == [1, 2, 3, 4, 5]
    assert log[0].action_id == "a1" and log[0].events == [{"n": 1}] and log[0].interaction_id == 1001
    assert [a.seq for a in await store.actions(row.id, since=3)] == [4, 5]
    assert await store.has_interaction(1003) and not await store.has_interaction(1006)
    await move(store, row.id, 6, status="finished")
    got = await store.get_table(row.id)
    assert got.status == "finished" and got.seq == 6
    assert await store.table_in_channel(100) is None


async def test_duplicate_interaction_changes_nothing(store):
    row = await active_table(store)
    await move(store, row.id, 1, interaction_id=42)
    before = await snapshot(store, row.id)
    with pytest.raises(DuplicateInteraction):
        await move(store, row.id, 2, interaction_id=42)
    # A retried interaction (same seq again) is reported as a duplicate too.
    with pytest.raises(DuplicateInteraction):
        await move(store, row.id, 1, interaction_id=42)
    # Interaction ids are unique across tables.
    other = await active_table(store, channel_id=101)
    with pytest.raises(DuplicateInteraction):
        await move(store, other.id, 1, interaction_id=42)
    assert await snapshot(store, row.id) == before
    assert (await store.get_table(other.id)).seq == 0
    await move(store, row.id, 2, interaction_id=43)  # the store is still usable
    assert (await store.get_table(row.id)).seq == 2


async def test_stale_move_changes_nothing(store):
    row = await active_table(store)
    await move(store, row.id, 1)
    before = await snapshot(store, row.id)
    for bad in (1, 3, 0, -1):
        with pytest.raises(StaleMove):
            await move(store, row.id, bad, interaction_id=500 + bad)
    assert await snapshot(store, row.id) == before
    assert not await store.has_interaction(503)
    # Moves on a table that is not in play are stale as well.
    await store.update_table(row.id, status="aborted")
    with pytest.raises(StaleMove):
        await move(store, row.id, 2)
    lobby = await new_table(store, channel_id=101)
    with pytest.raises(StaleMove):
        await move(store, lobby.id, 1)
    with pytest.raises(StoreError):
        await move(store, 999_999, 1)


async def test_failure_inside_transaction_rolls_back(store):
    row = await active_table(store)
    await move(store, row.id, 1)
    before = await snapshot(store, row.id)
    # seat NOT NULL, hit after the checks
    with pytest.raises((sqlite3.IntegrityError, asyncpg.NotNullViolationError)):
        await store.record_move(row.id, seq=2, seat=None, action_id="x", events=[], state={"seq": 2},
                                interaction_id=77)
    with pytest.raises(TypeError):  # not JSON: rejected before any write
        await store.record_move(row.id, seq=2, seat=0, action_id="x", events=[], state={"x": object()})
    assert await snapshot(store, row.id) == before
    assert not await store.has_interaction(77)
    await no_open_transaction(store)
    await move(store, row.id, 2, interaction_id=77)
    assert (await store.get_table(row.id)).seq == 2


async def test_unfinished_tables_after_reopen(database_url):
    s = await Store.open(database_url)
    lobby = await new_table(s, channel_id=1)
    active = await active_table(s, channel_id=2)
    await move(s, active.id, 1)
    done = await active_table(s, channel_id=3)
    await move(s, done.id, 1, status="finished")
    aborted = await new_table(s, channel_id=4)
    await s.update_table(aborted.id, status="aborted")
    await s.close()

    s = await Store.open(database_url)
    try:
        rows = await s.unfinished_tables()
        assert [r.id for r in rows] == [lobby.id, active.id]
        assert rows[1].state == {"seq": 1} and rows[1].seq == 1 and rows[1].status == "active"
        assert rows[0].meta == {"board_message": 55}
    finally:
        await s.close()


async def test_languages(store):
    assert await store.user_language(7) is None
    await store.set_user_language(7, "hu")
    await store.set_user_language(8, "en")
    await store.set_user_language(7, "de")
    assert (await store.user_language(7), await store.user_language(8)) == ("de", "en")
    await store.set_user_language(7, None)
    assert await store.user_language(7) is None
    await store.set_user_language(7, None)  # clearing twice is fine
    assert await store.guild_language(7) is None  # users and guilds are separate
    await store.set_guild_language(7, "hu")
    assert await store.guild_language(7) == "hu"
    await store.set_guild_language(7, None)
    assert await store.guild_language(7) is None
    assert await store.user_language(8) == "en"


# -- concurrency ----------------------------------------------------------------

async def test_racing_moves_on_one_store(store):
    row = await active_table(store)
    results = await asyncio.gather(*(move(store, row.id, 1, interaction_id=i) for i in range(10)),
                                   return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, StaleMove) for r in results if r is not None)
    assert [a.seq for a in await store.actions(row.id)] == [1]


async def writer(store: Store, table_id: int, name: str, count: int) -> int:
    """Make ``count`` moves, retrying on StaleMove like the service does."""
    stale = 0
    done = 0
    while done < count:
        seq = (await store.get_table(table_id)).seq + 1
        try:
            await store.record_move(table_id, seq=seq, seat=0, action_id=f"{name}-{done}",
                                    events=[], state={"seq": seq})
            done += 1
        except StaleMove:
            stale += 1
        await asyncio.sleep(0)
    return stale


async def test_two_store_objects_on_one_database(database_url):
    a = await Store.open(database_url)
    b = await Store.open(database_url)
    try:
        row = await active_table(a)
        await asyncio.gather(writer(a, row.id, "a", 40), writer(b, row.id, "b", 40),
                             writer(a, row.id, "c", 40))
        for s in (a, b):
            got = await s.get_table(row.id)
            assert got.seq == 120 and got.state == {"seq": 120}
            log = await s.actions(row.id)
            assert [x.seq for x in log] == list(range(1, 121))
            for name in "abc":
                assert sum(x.action_id.startswith(name) for x in log) == 40
    finally:
        await a.close()
        await b.close()


async def test_cancelled_move_leaves_store_consistent(store):
    row = await active_table(store)
    for seq in range(1, 30):
        task = asyncio.create_task(move(store, row.id, seq))
        for _ in range(seq % 5):  # cancel at different points of the transaction
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        # The shielded transaction finishes on its own; then it either
        # committed (seq advanced) or it did not, never half.
        await no_open_transaction(store)
        got = await store.get_table(row.id)
        log = await store.actions(row.id)
        assert [a.seq for a in log] == list(range(1, got.seq + 1))
        if got.seq < seq:
            await move(store, row.id, seq)
    assert (await store.get_table(row.id)).seq == 29


# -- speed ----------------------------------------------------------------------

async def test_a_20kb_snapshot_is_stored_whole_move_after_move(store):
    """(How fast: ``python -m benchmarks`` reports a move through the service.)"""
    row = await active_table(store)
    state = {"board": [{"card": f"card{i}", "owner": i % 4, "v": list(range(10))} for i in range(300)]}
    for seq in range(1, 41):
        state["seq"] = seq
        await store.record_move(row.id, seq=seq, seat=seq % 4, action_id="build:x",
                                events=[{"kind": "built", "seat": seq % 4}], state=state,
                                interaction_id=seq)
    got = await store.get_table(row.id)
    assert got.state == state and got.seq == 40 and len(await store.actions(row.id)) == 40


async def test_outbox_ids_are_never_reused(store):
    """A delivered item's id came back for the next item, so its send carried an old nonce
    and Discord answered with the old message instead of posting (a lost pause DM)."""
    table = await store.create_table(guild_id=1, channel_id=77, game_id=STORE_ONLY, options={}, seed=1,
                                     creator_id=1, seats=[Seat(1, "a")], outbox=[Outgoing("lobby", {})])
    seen = []
    for _ in range(3):
        items = await store.pending_outbox(table.id)
        seen += [i.id for i in items]
        await store.settle_outbox([i.id for i in items])
        await store.add_outbox(table.id, [Outgoing("seat:0", {"n": len(seen)})])
    assert len(seen) == len(set(seen)) == 3 and seen == sorted(seen)


async def test_due_groups_name_every_group_however_long_the_backlog(store):
    """The deliverer read at most 1000 due rows: a group behind a long backlog never started."""
    table = await store.create_table(guild_id=1, channel_id=78, game_id=STORE_ONLY, options={}, seed=1,
                                     creator_id=1, seats=[Seat(1, "a")])
    await store.add_outbox(table.id, [Outgoing("board", {"n": i}) for i in range(1200)])
    await store.add_outbox(table.id, [Outgoing("seat:0", {}), Outgoing("lobby", {})])
    assert await store.due_groups(time.time() + 1) == [(table.id, "board"), (table.id, "seat:0"),
                                                        (table.id, "lobby")]
    assert await store.due_groups(time.time() - 60) == []


async def test_a_change_made_from_an_old_row_is_refused(store):
    """Two processes each read the lobby and wrote its seats whole: the second
    write silently dropped the first one's join.  Now every write names the
    version it was made from."""
    row = await new_table(store)
    assert row.version == 0
    seen_by_b = await store.get_table(row.id)
    version = await store.update_table(row.id, seats=[*row.seats, Seat(8, "Béla")], expect_version=row.version)
    assert version == 1 == (await store.get_table(row.id)).version
    before = await snapshot(store, row.id)
    with pytest.raises(StaleTable):
        await store.update_table(row.id, seats=[*seen_by_b.seats, Seat(9, "Cili")], expect_version=seen_by_b.version,
                                 outbox=[Outgoing("lobby", {})])
    assert await snapshot(store, row.id) == before and await store.pending_outbox(row.id) == []
    with pytest.raises(StaleTable):
        await store.start_table(row.id, seen_by_b.seats, {"seq": 0}, expect_version=seen_by_b.version)
    assert await store.start_table(row.id, before[0].seats, {"seq": 0}, expect_version=version) == 2
    # A move names its seq and the version: a meta change between moves is not overwritten either.
    started = await store.get_table(row.id)
    await store.update_table(row.id, meta={"votes": {"1": {}}}, expect_version=started.version)
    with pytest.raises(StaleTable):
        await move(store, row.id, 1, expect_version=started.version)
    await move(store, row.id, 1, expect_version=started.version + 1)
    got = await store.get_table(row.id)
    assert (got.seq, got.version, got.meta) == (1, 4, {"votes": {"1": {}}})
    assert await store.table_version(row.id) == 4 and await store.table_version(row.id + 9) is None


async def test_writes_from_two_stores_never_lose_each_other(database_url):
    """Read-modify-write from two processes' stores, retried on StaleTable:
    every change survives."""
    a, b = await Store.open(database_url), await Store.open(database_url)
    try:
        row = await new_table(a, meta={"joined": []})

        async def join(store: Store, user: int) -> None:
            while True:
                current = await store.get_table(row.id)
                try:
                    await store.update_table(row.id, meta={"joined": [*current.meta["joined"], user]},
                                             expect_version=current.version)
                    return
                except StaleTable:
                    await asyncio.sleep(0)

        await asyncio.gather(*(join(a if user % 2 else b, user) for user in range(30)))
        got = await b.get_table(row.id)
        assert sorted(got.meta["joined"]) == list(range(30)) and got.version == 30
    finally:
        await a.close()
        await b.close()


async def test_one_process_at_a_time_delivers_a_group(database_url):
    a, b = await Store.open(database_url), await Store.open(database_url)
    try:
        row = await new_table(a)
        leases = await asyncio.gather(*(s.lease_group(row.id, "board", name, 60) for s, name in
                                        ((a, "a"), (b, "b"), (a, "a2"), (b, "b2"))))
        assert sum(leases) == 1  # at the same instant, exactly one wins
        winner = ["a", "b", "a2", "b2"][leases.index(True)]
        assert await a.lease_group(row.id, "board", winner, 60)  # the holder renews
        assert not await b.lease_group(row.id, "board", "other", 60)
        assert await b.lease_group(row.id, "seat:0", "other", 60)  # groups are leased apart
        await a.release_group(row.id, "board", "not-the-owner")
        assert not await b.lease_group(row.id, "board", "other", 60)
        await a.release_group(row.id, "board", winner)
        assert await b.lease_group(row.id, "board", "other", 0.05)
        await asyncio.sleep(0.1)  # a process that died: its lease runs out
        assert await a.lease_group(row.id, "board", "third", 60)
    finally:
        await a.close()
        await b.close()
