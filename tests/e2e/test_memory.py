"""The table remembers, through the real bot and the local Discord: the drawn
score sheet after the final board, /game history with its pages, /stats,
/leaderboard, /game replay with its buttons, /game export, retention, both
languages, and clear private refusals for bad input."""

from __future__ import annotations

import asyncio
import json
import random

from games import registry
from games.play import replay as engine_replay
from service import presenter
from service.store import Store
from service.tables import ACTIVE, FINISHED, Caller, TableService
from tests.e2e.conftest import running_bot
from tests.fakediscord import FakeDiscord


async def _refusal(interaction) -> str:
    """The text of a refusal, once it is there: an ephemeral answer to the asker
    alone (a public command's "thinking…" placeholder is removed first)."""
    await interaction.wait_until(lambda i: i.messages and i.messages[-1].ephemeral
                                 and not i.messages[-1].loading and all(m.ephemeral for m in i.messages))
    [answer] = interaction.messages
    assert answer.ephemeral_for == interaction.user.id
    return answer.content


async def _finished(env, users, *, channel=None, game_id="sanjuan", seed_moves=1, ai=0):
    """A table opened and started through Discord, then played to its end
    through the service (how the moves are made is not what is tested here)."""
    fake = env.fake
    channel = channel or fake.channel
    new = await fake.slash(users[0], channel, "game", "new", {"game": game_id})
    lobby = new.expect_response().original
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    for user in users[1:]:
        await fake.click(user, fake.channel_messages(channel)[0], ops["join"])
        await env.bot.handlers.idle()
    for _ in range(ai):
        await fake.click(users[0], fake.channel_messages(channel)[0], ops["ai"])
        await env.bot.handlers.idle()
    (await fake.click(users[0], fake.channel_messages(channel)[0], ops["start"])).expect_response()
    await env.settle()
    service = env.bot.service
    row = await service.table_in_channel(channel.id)
    rnd = random.Random(seed_moves)
    by_id = {u.id: u for u in users}
    while row.status == ACTIVE:
        seat = rnd.choice(service.humans_to_act(row))
        user = by_id[row.seats[seat].user_id]
        update = await service.play(row.id, Caller(user.id, user.name), rnd.choice(service.legal_actions(row, seat)).id)
        row = update.table
    await env.settle()
    return row


async def test_score_sheet_history_stats_and_leaderboard(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna, bela = fake.add_user("anna"), fake.add_user("bela", locale="hu")
        row = await _finished(env, [anna, bela])
        assert row.status == FINISHED
        posts = fake.channel_messages(fake.channel)
        boards = [i for i, m in enumerate(posts) if m.attachments and m.attachments[0].filename == "board.png"]
        [sheet_at] = [i for i, m in enumerate(posts) if m.attachments and m.attachments[0].filename == "scoresheet.png"]
        assert sheet_at > boards[-1], "the score sheet follows the final board"
        sheet = posts[sheet_at]
        assert sheet.attachments[0].is_png and "Score sheet" in sheet.content
        assert "anna" in sheet.attachments[0].description and "bela" in sheet.attachments[0].description
        assert "rating" in sheet.content

        history = await fake.slash(anna, fake.channel, "game", "history")
        [page] = history.expect_response().messages
        assert page.ephemeral and f"#{row.id}" in page.content  # to the asker alone (the channels they can view)
        assert f"/{fake.channel.id}/{posts[boards[-1]].id}" in page.content  # links the final board
        # In Hungarian for a Hungarian user.
        magyar = await fake.slash(bela, fake.channel, "game", "history")
        assert "Befejezett játékok" in magyar.expect_response().messages[0].content

        stats = await fake.slash(bela, fake.channel, "stats")
        text = stats.expect_response().messages[0].content
        assert "Emberek ellen: 1 játék" in text
        nobody = fake.add_user("cili")
        refused = await fake.slash(anna, fake.channel, "stats", options={"member": nobody})
        assert "no finished games" in await _refusal(refused)

        board = await fake.slash(anna, fake.channel, "leaderboard", options={"game": "sanjuan"})
        lines = board.expect_response().messages[0].content
        assert "1. " in lines and "anna" in lines and "bela" in lines
        empty = await fake.slash(anna, fake.channel, "leaderboard", options={"game": "maharaja"})
        assert "Nobody is rated" in await _refusal(empty)


async def test_history_pages_with_buttons(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        ids = []
        for index in range(7):
            channel = fake.add_channel(fake.guild, f"t{index}")
            ids.append((await _finished(env, [anna, bela], channel=channel, seed_moves=index)).id)
        first = (await fake.slash(anna, fake.channel, "game", "history")).expect_response().messages[0]
        assert [f"#{i}" in first.content for i in ids] == [False, False, True, True, True, True, True]
        older = next(c for c in first.custom_ids() if c.startswith("az:h:1:"))
        assert first.find_component(next(c for c in first.custom_ids() if c.startswith("az:h:0:")))["disabled"]
        (await fake.click(anna, first, older)).expect_response()
        await env.bot.handlers.idle()
        second = fake.messages[first.id]  # the same message, turned to page 2
        assert f"#{ids[0]}`" in second.content and f"#{ids[1]}`" in second.content and f"#{ids[6]}`" not in second.content
        filtered = await fake.slash(anna, fake.channel, "game", "history", {"member": fake.add_user("dora")})
        assert "no finished games" in await _refusal(filtered)


async def test_replay_steps_through_public_views_and_export_rebuilds_the_game(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        # A running game cannot be exported: the seed would give its hidden cards away.
        new = await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan"})
        ops = {c.rsplit(":", 1)[1]: c for c in new.expect_response().original.custom_ids()}
        await fake.click(bela, fake.channel_messages(fake.channel)[0], ops["join"])
        await env.bot.handlers.idle()
        await fake.click(anna, fake.channel_messages(fake.channel)[0], ops["start"])
        await env.settle()
        refused = await fake.slash(anna, fake.channel, "game", "export")
        assert "once it is over" in await _refusal(refused)
        await env.bot.service.abort(fake.channel.id, Caller(anna.id, "anna", can_manage=True))
        await env.settle()

        room = fake.add_channel(fake.guild, "room")
        row = await _finished(env, [anna, bela], channel=room, seed_moves=4)
        game = registry.get(row.game_id)
        # In the game's channel, the last game finished there is the one replayed.
        shown = await fake.slash(bela, room, "game", "replay", {"move": 3})
        [reply] = shown.expect_response().messages
        assert reply.ephemeral_for == bela.id and "after move 3 of" in reply.content
        log = [(a.seat, a.action_id) for a in await env.bot.store.actions(row.id) if a.seat >= 0 and not a.undone]
        state = engine_replay(game, 2, row.seed, row.options, log[:3])
        expected = presenter.draw(row.game_id, game.view(state, None), None, [s.name for s in row.seats], "en")
        assert reply.attachments[0].data == expected  # the public view, nothing more
        forward = next(c for c in reply.custom_ids() if c.startswith(f"az:r:{row.id}:4:"))
        (await fake.click(bela, reply, forward)).expect_response()
        await env.bot.handlers.idle()
        stepped = fake.find_message(bela, forward.replace(":4:", ":5:"))
        assert "after move 4 of" in stepped.content
        state = engine_replay(game, 2, row.seed, row.options, log[:4])
        assert stepped.attachments[0].data == presenter.draw(row.game_id, game.view(state, None), None,
                                                             [s.name for s in row.seats], "en")
        too_far = await fake.slash(bela, room, "game", "replay", {"move": len(log) + 1})
        assert f"no move {len(log) + 1}" in await _refusal(too_far)
        missing = await fake.slash(bela, fake.channel, "game", "replay", {"table": 999_999})
        assert "no game #999999" in await _refusal(missing)

        exported = await fake.slash(anna, fake.channel, "game", "export", {"table": row.id})
        [answer] = exported.expect_response().messages
        assert answer.ephemeral_for == anna.id
        record = json.loads(answer.attachments[0].data)
        rebuilt = engine_replay(game, len(record["players"]), record["seed"], record["options"],
                                [tuple(a) for a in record["actions"]])
        assert game.is_over(rebuilt) and game.outcome(rebuilt).scores == record["scores"]
        assert rebuilt == row.state


async def test_retention_prunes_logs_and_keeps_results(tmp_path):
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        async with running_bot(fake, database) as env:
            row = await _finished(env, [anna, bela], seed_moves=2)
        async with running_bot(fake, database, keep_days=0.0) as env:
            await fake.wait_for(lambda: env.bot._retention is not None, what="retention running")
            for _ in range(100):
                if not await env.bot.store.actions(row.id):
                    break
                await asyncio.sleep(0.05)
            gone = await fake.slash(anna, fake.channel, "game", "replay", {"table": row.id})
            assert "too old" in await _refusal(gone)
            history = await fake.slash(anna, fake.channel, "game", "history")
            assert f"#{row.id}" in history.expect_response().messages[0].content


async def test_a_restarted_bot_behind_a_429_posts_the_final_board_then_the_score_sheet(tmp_path):
    """The game ends while no bot runs (its last moves made by another
    process); the next bot meets a 429 on its first channel post and still
    posts the final board, then the score sheet, each once."""
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        anna, bela = fake.add_user("anna"), fake.add_user("bela", locale="hu")
        async with running_bot(fake, database) as env:
            new = await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan"})
            ops = {c.rsplit(":", 1)[1]: c for c in new.expect_response().original.custom_ids()}
            await fake.click(bela, fake.channel_messages(fake.channel)[0], ops["join"])
            await env.bot.handlers.idle()
            await fake.click(anna, fake.channel_messages(fake.channel)[0], ops["start"])
            await env.settle()
        store = await Store.open(database)
        try:
            service = TableService(store)
            row = await service.table_in_channel(fake.channel.id)
            rnd = random.Random(9)
            people = {anna.id: anna, bela.id: bela}
            while row.status == ACTIVE:
                seat = rnd.choice(service.humans_to_act(row))
                user = people[row.seats[seat].user_id]
                row = (await service.play(row.id, Caller(user.id, user.name),
                                          rnd.choice(service.legal_actions(row, seat)).id)).table
        finally:
            await store.close()
        before = len(fake.channel_messages(fake.channel))
        fake.rate_limit_next("POST", f"/channels/{fake.channel.id}/messages", retry_after=0.3)
        async with running_bot(fake, database) as env:
            await fake.wait_for(lambda: any(m.attachments and m.attachments[0].filename == "scoresheet.png"
                                            for m in fake.channel_messages(fake.channel)), timeout=20,
                                what="the score sheet")
            await env.settle()
        posted = [m.attachments[0].filename for m in fake.channel_messages(fake.channel)[before:] if m.attachments]
        assert posted == ["board.png", "scoresheet.png"]
        assert "Game over" in fake.channel_messages(fake.channel)[before].content
