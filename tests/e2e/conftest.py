"""The real bot (discord.py, aiohttp, websockets) against the local Discord."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses

import pytest

from bot.app import AsztalBot, point_at
from bot.config import DEFAULT_BOARD_DEBOUNCE, Config
from tests.fakediscord import FakeDiscord


@dataclasses.dataclass
class Env:
    fake: FakeDiscord
    bot: AsztalBot
    task: asyncio.Task

    async def settle(self, *, targets: set[str] | None = None) -> None:
        """Until queued board posts and DMs are out (``targets``: only these;
        the others coalesce, as they do for players who move quickly)."""
        await asyncio.sleep(0)
        await self.bot.handlers.idle()
        await self.bot.deliverer.idle(targets=targets)


# Simulated players act at machine speed, far past any person's flood limit; the flood guard
# has its own test (tests/security/test_spam.py).
MACHINE_SPEED = "100000 per 1 second"


def bot_config(fake: FakeDiscord, database: str) -> Config:
    """The production settings that matter in the field: the real board
    debounce, and pictures drawn in the process pool."""
    return Config(token="fake-token", database=database, default_language="en", dev_guild=None,
                  api_base=fake.api_url, gateway_url=fake.gateway_url, board_debounce=DEFAULT_BOARD_DEBOUNCE,
                  sync_commands=True, log_level="WARNING", guild_ready_timeout=0.05,
                  render_workers=1, member_rate=MACHINE_SPEED)


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, database: str, **settings):
    """The bot in this process, connected and synced; ``settings`` override the config."""
    config = dataclasses.replace(bot_config(fake, database), **settings)
    point_at(config.api_base, config.gateway_url)
    bot = AsztalBot(config)
    task = asyncio.create_task(bot.start(config.token))
    try:
        await fake.wait_ready()
        await fake.wait_commands("game")
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield Env(fake, bot, task)
    finally:
        await bot.close()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


@pytest.fixture
async def env(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as running:
        yield running
