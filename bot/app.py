"""The Discord client: wiring of store, service, commands and components."""

from __future__ import annotations

import logging

import discord
import yarl
from discord import app_commands

from bot import commands, components
from bot.config import Config
from bot.handlers import Handlers
from bot.languages import Languages
from bot.publisher import Publisher
from bot.rendering import Renderer
from bot.translator import CatalogueTranslator
from service.store import Store
from service.tables import TableService

log = logging.getLogger(__name__)


class AsztalBot(discord.Client):
    def __init__(self, config: Config):
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no message content, no members needed
        super().__init__(intents=intents, guild_ready_timeout=config.guild_ready_timeout,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.handlers = Handlers(self)
        self.publisher = Publisher(self)
        self.renderer = Renderer(config.render_workers)
        self.store: Store
        self.service: TableService
        self.languages: Languages

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.database)
        self.service = TableService(self.store)
        self.languages = Languages(self.store, self.config.default_language)
        await self.renderer.warm_up()
        self.add_dynamic_items(*components.PERSISTENT_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())
        commands.register(self.tree, self)
        await self.resume_tables()
        if self.config.sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> None:
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def resume_tables(self) -> None:
        """AI seats that were due move on, timed reactions are re-armed; other
        games load lazily when someone next interacts with them."""
        for update in await self.service.resume_ai():
            self.publisher.changed(update, immediate=True)
        pending = await self.service.pending_timers()
        for table_id, seq, timers in pending:
            self.publisher.arm_timers(table_id, seq, timers)
        log.info("re-armed timers of %d running tables", len(pending))

    async def close(self) -> None:
        await self.handlers.idle()
        await self.publisher.flush()
        await super().close()
        self.renderer.close()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Aim discord.py at another Discord (the local one of the tests)."""
    if api_base:
        # Interaction follow-ups (webhooks) share this Route class.
        discord.http.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def run(config: Config) -> None:
    point_at(config.api_base, config.gateway_url)
    if config.database != ":memory:":
        from pathlib import Path

        Path(config.database).parent.mkdir(parents=True, exist_ok=True)
    AsztalBot(config).run(config.token, log_handler=None)
