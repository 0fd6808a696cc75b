"""Issue 35, defect 6 (the part about floods): one member's flood of interactions is answered
once per window and then costs nothing: no answer, no work, no REST request."""

from __future__ import annotations

from tests.e2e.conftest import running_bot
from tests.fakediscord import FakeDiscord

RATE = "5 per 600 seconds"  # a window far longer than the test: the count, not the clock, decides


async def test_a_flood_is_told_once_then_ignored_and_others_are_served(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3"), member_rate=RATE) as env:
        anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili", locale="hu")
        served = [await fake.slash(anna, fake.channel, "game", "status") for _ in range(5)]
        assert all(i.responded and "no game" in i.messages[-1].content for i in served)
        told = await fake.slash(anna, fake.channel, "game", "status")
        assert told.responded and told.ephemeral and "going too fast" in told.content
        before = len(fake.requests)
        ignored = [await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan"}, timeout=1.0)
                   for _ in range(3)]
        assert not any(i.responded for i in ignored)
        await env.bot.handlers.idle()
        assert len(fake.requests) == before, "an ignored interaction made a REST request"
        assert await env.bot.service.table_in_channel(fake.channel.id) is None, "nor any work"
        # Another member is not held back by Anna's flood; the refusal speaks their language.
        assert "no game" in (await fake.slash(bela, fake.channel, "game", "status")).messages[-1].content
        for _ in range(5):
            await fake.slash(cili, fake.channel, "game", "status")
        assert "Túl gyorsan" in (await fake.slash(cili, fake.channel, "game", "status")).content
