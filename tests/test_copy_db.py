"""``asztal-migrate``: a SQLite database with finished and running games
copied into PostgreSQL, where the games go on."""

from __future__ import annotations

import pytest

from service import copy_db, records
from service.store import Store
from service.tables import Caller, TableService

ANNA, BELA = Caller(1, "Anna"), Caller(2, "Béla")


async def _fill(path: str) -> tuple[int, int, int]:
    store = await Store.open(path)
    service = TableService(store)
    try:
        # A finished game: two people played San Juan to the end (their moves by the AI's choices).
        await service.open_table(channel_id=10, guild_id=1, caller=ANNA, game_id="sanjuan", seed=5)
        await service.join(10, BELA)
        finished = (await service.start(10, ANNA)).table.id
        while (row := await service.table(finished)).status == "active":
            seat = service.to_act(row)[0]
            caller = ANNA if row.seats[seat].user_id == 1 else BELA
            await service.play(finished, caller, service.legal_actions(row, seat)[0].id)
        # A running game against an AI seat, and an open lobby.
        await service.open_table(channel_id=11, guild_id=1, caller=ANNA, game_id="hermagor", seed=6)
        await service.add_ai(11, ANNA)
        running = (await service.start(11, ANNA)).table.id
        for _ in range(3):
            row = await service.table(running)
            await service.play(running, ANNA, service.legal_actions(row, service.humans_to_act(row)[0])[0].id)
        lobby = (await service.open_table(channel_id=12, guild_id=1, caller=BELA, game_id="maharaja")).id
        await store.set_user_language(1, "hu")
        return finished, running, lobby
    finally:
        await store.close()


async def test_a_sqlite_database_moves_to_postgresql_and_play_goes_on(tmp_path, postgres_cluster):
    path = str(tmp_path / "old.sqlite3")
    finished, running, lobby = await _fill(path)
    url = await postgres_cluster.new_database()
    counts = await copy_db.copy(path, url)
    assert counts["games"] == 3 and counts["results"] == 1 and counts["ratings"] == 2 and counts["actions"] > 50

    old, new = await Store.open(path), await Store.open(url)
    try:
        for table_id in (finished, running, lobby):
            assert await new.get_table(table_id) == await old.get_table(table_id)
            assert await new.actions(table_id) == await old.actions(table_id)
        assert await records.history(new, 1) == await records.history(old, 1)
        assert await records.leaderboard(new, 1, "sanjuan") == await records.leaderboard(old, 1, "sanjuan")
        assert await new.outbox_size() == await old.outbox_size()
        assert await new.user_language(1) == "hu"
        # The running game goes on in PostgreSQL, and new tables get fresh ids.
        service = TableService(new)
        row = await service.table(running)
        seq = row.seq
        await service.play(running, ANNA, service.legal_actions(row, service.humans_to_act(row)[0])[0].id)
        assert (await new.get_table(running)).seq > seq
        fresh = await service.open_table(channel_id=13, guild_id=1, caller=ANNA, game_id="sanjuan")
        assert fresh.id > max(finished, running, lobby)
    finally:
        await old.close()
        await new.close()


async def test_copying_into_a_database_that_holds_tables_is_refused(tmp_path, postgres_cluster):
    path = str(tmp_path / "old.sqlite3")
    await _fill(path)
    url = await postgres_cluster.new_database()
    await copy_db.copy(path, url)
    with pytest.raises(copy_db.CopyRefused, match="already holds"):  # nothing is copied twice
        await copy_db.copy(path, url)
    store = await Store.open(url)
    try:
        assert len(await store.fetch("SELECT id FROM games")) == 3
    finally:
        await store.close()


def test_the_command_copies_and_says_what(tmp_path, postgres_cluster, capsys):
    import asyncio

    path = str(tmp_path / "old.sqlite3")
    asyncio.run(_fill(path))
    url = asyncio.run(postgres_cluster.new_database())
    assert copy_db.main([path, url]) == 0
    assert "games                  3 rows" in capsys.readouterr().out
    assert copy_db.main([path, url]) == 1
    assert "already holds tables" in capsys.readouterr().err
    assert copy_db.main([path, str(tmp_path / "not-postgres.sqlite3")]) == 1
