"""Two processes' table services on one database (SQLite file and
PostgreSQL): any process serves any table.  Each ``TableService`` here has its
own store, cache and locks, as a second bot process has; only the database is
shared."""

from __future__ import annotations

import asyncio

import pytest

from games.play import replay
from service.errors import UserError
from service.store import Store
from service.tables import Caller, TableService


@pytest.fixture
async def services(database_url):
    stores = [await Store.open(database_url) for _ in range(2)]
    yield [TableService(store) for store in stores]
    for store in stores:
        await store.close()


ANNA, BELA, CILI, DORA = Caller(1, "Anna"), Caller(2, "Béla"), Caller(3, "Cili"), Caller(4, "Dóra")


async def test_players_joining_one_lobby_at_once_through_two_processes_are_all_seated(services):
    """Each process wrote the lobby's seats whole from its own cached copy:
    the second write silently dropped the first one's join."""
    a, b = services
    row = await a.open_table(channel_id=5, guild_id=1, caller=ANNA, game_id="sanjuan")
    assert (await b.table_in_channel(5)).id == row.id  # both processes hold the lobby in memory
    await asyncio.gather(a.join(5, BELA), b.join(5, CILI), a.join(5, DORA))
    for service in (a, b):
        seated = (await service.table_in_channel(5)).seats
        assert sorted(s.user_id for s in seated) == [1, 2, 3, 4]
    # The lobby is full now, whichever process is asked.
    with pytest.raises(UserError) as refused:
        await b.join(5, Caller(9, "Ede"))
    assert refused.value.reason["key"] == "core.error.table_full"


async def _started(a: TableService, b: TableService, channel: int = 6) -> int:
    await a.open_table(channel_id=channel, guild_id=1, caller=ANNA, game_id="sanjuan", seed=77)
    await b.join(channel, BELA)
    update = await a.start(channel, ANNA)
    return update.table.id


def _caller(row, seat: int) -> Caller:
    return Caller(row.seats[seat].user_id, row.seats[seat].name)


async def test_moves_alternate_between_processes_holding_old_copies(services):
    """A click in a DM reaches the process of shard 0, which may hold an old
    copy of the table: it must play on the current position."""
    a, b = services
    table_id = await _started(a, b)
    await b.table(table_id)  # b caches the table at its first position
    for step in range(40):
        service = (a, b)[step % 2]
        row = await service.table(table_id)
        if row.status != "active":
            break
        seat = service.to_act(row)[0]
        action = service.legal_actions(row, seat)[0].id
        seq = row.seq
        update = await service.play(table_id, _caller(row, seat), action, expected_seq=seq)
        assert update.table.seq == seq + 1
    stored = await a.store.get_table(table_id)
    log = [(x.seat, x.action_id) for x in await a.store.actions(table_id)]
    assert len(log) == stored.seq >= 40
    game = a.engine(stored)
    assert replay(game, 2, stored.seed, stored.options, log) == stored.state


async def test_concurrent_clicks_on_one_table_from_two_processes_are_applied_once(services):
    a, b = services
    table_id = await _started(a, b, channel=7)
    for _ in range(15):
        row = await a.table(table_id)
        await b.table(table_id)
        seq, seat = row.seq, a.to_act(row)[0]
        caller = _caller(row, seat)
        action = a.legal_actions(row, seat)[0].id
        results = await asyncio.gather(
            a.play(table_id, caller, action, expected_seq=seq),
            b.play(table_id, caller, action, expected_seq=seq), return_exceptions=True)
        applied = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        # One click wins; the other is told its prompt is gone (never applied twice, never lost).
        assert len(applied) == 1, results
        assert all(isinstance(r, UserError) and r.reason["key"] == "core.error.stale_prompt" for r in refused)
        assert (await a.store.get_table(table_id)).seq == seq + 1
    stored = await b.store.get_table(table_id)
    log = [(x.seat, x.action_id) for x in await b.store.actions(table_id)]
    assert replay(a.engine(stored), 2, stored.seed, stored.options, log) == stored.state
