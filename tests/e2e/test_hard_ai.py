"""A table of one person and two hard AI seats plays to the end through the
real bot against the local Discord: the hard seats search in the bot's
worker process, after each of the person's moves is stored and answered."""

from __future__ import annotations

import random

from games import registry
from games.play import replay
from service.tables import FINISHED
from tests.e2e.conftest import running_bot
from tests.e2e.test_field import board_seqs
from tests.e2e.test_games import _act
from tests.fakediscord import FakeDiscord

MAX_MOVES = 1_000


async def test_a_table_with_hard_ai_seats_plays_to_the_end(tmp_path):
    rnd = random.Random(5)
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3"), ai_seconds=0.1) as env:
        service = env.bot.service
        anna = fake.add_user("Anna")
        lobby = (await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan"})).expect_response().original
        ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
        for _ in range(2):
            (await fake.click(anna, lobby, ops["ai-hard"])).expect_response()
            await env.bot.handlers.idle()
        assert lobby.content.count("(hard)") == 2, lobby.content
        (await fake.click(anna, lobby, ops["start"])).expect_response()
        await service.thinking_done()
        await env.settle()
        row = await service.table_in_channel(fake.channel.id)
        assert [s.level for s in row.seats if s.ai] == ["hard", "hard"]
        for step in range(MAX_MOVES):
            await service.thinking_done()
            row = await service.table(row.id)
            if row.status != "active":
                break
            seat = service.humans_to_act(row)[0]
            await _act(env, rnd, anna, row, seat, ("dm", "play")[step % 2])
            await env.bot.handlers.idle()
        row = await service.store.get_table(row.id)
        assert row.status == FINISHED
        log = await service.store.actions(row.id)
        ai_moves = [entry for entry in log if entry.seat >= 0 and row.seats[entry.seat].ai]
        assert ai_moves and all(entry.interaction_id is None for entry in ai_moves)
        moves = [(entry.seat, entry.action_id) for entry in log if entry.seat >= 0]
        assert replay(registry.get("sanjuan"), 3, row.seed, row.options, moves) == row.state
        await env.settle()
        assert max(board_seqs(fake)) == row.seq
        # Every hard decision went to the worker's search (more than one choice: it searched).
        assert service.thinker.asked > 0
