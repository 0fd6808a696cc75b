"""Issue 35, defect 6: one member could open table after table in new threads, and lobbies never
expired.  Now a member has a few open tables per server, a server a bounded number, and a lobby
that never starts closes with a notice; tried through the real bot against the local Discord."""

from __future__ import annotations

import time

from tests.e2e.conftest import running_bot
from tests.e2e.test_memory import _refusal
from tests.fakediscord import FakeDiscord


async def _new_in_thread(fake, user):
    return await fake.slash(user, fake.channel, "game", "new", {"game": "sanjuan", "thread": True})


async def test_open_tables_are_capped_per_member_and_per_server_and_lobbies_expire(tmp_path):
    settings = {"tables_per_member": 2, "tables_per_server": 3, "lobby_hours": 24.0}
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3"), **settings) as env:
        anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili", locale="hu")
        for _ in range(2):
            (await _new_in_thread(fake, anna)).expect_response()
            await env.settle()
        threads = fake.threads(fake.channel)
        assert len(threads) == 2
        refused = await _new_in_thread(fake, anna)
        text = await _refusal(refused)
        assert "You already have 2 open tables" in text and all(f"<#{t.id}>" in text for t in threads)
        assert len(fake.threads(fake.channel)) == 2, "no thread is made for a refused table"
        (await _new_in_thread(fake, bela)).expect_response()
        await env.settle()
        full = await fake.slash(cili, fake.channel, "game", "new", {"game": "alhambra"})
        assert "Ezen a szerveren 3 nyitott asztal van" in await _refusal(full)
        # Nobody starts them: a day later they close, each saying so in its channel.
        assert await env.bot.expire_lobbies(time.time() + 24 * 3600 + 1) == 3
        await env.settle()
        for thread in fake.threads(fake.channel):
            assert any("waited 24 hours for its start" in m.content for m in fake.channel_messages(thread))
        assert await env.bot.expire_lobbies(time.time() + 48 * 3600) == 0
        (await fake.slash(cili, fake.channel, "game", "new", {"game": "alhambra"})).expect_response()
        assert await env.bot.service.table_in_channel(fake.channel.id) is not None


async def test_a_started_game_does_not_expire(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        from tests.e2e.test_field import open_game

        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        row = await open_game(env, [anna, bela])
        assert await env.bot.expire_lobbies(time.time() + 7 * 24 * 3600) == 0
        assert (await env.bot.service.table(row.id)).status == row.status
