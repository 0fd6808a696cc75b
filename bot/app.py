"""The Discord client: wiring of store, service, commands, components and delivery."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from typing import Any

import discord
import yarl
from discord import app_commands

from bot import commands, components, metrics, ratelimit, shutdown
from bot.clocks import ClockKeeper
from bot.compose import Composer
from bot.config import Config
from bot.delivery import Deliverer
from bot.handlers import Handlers
from bot.languages import Languages
from bot.memory import Memory
from bot.rendering import Renderer
from bot.translator import CatalogueTranslator
from service import i18n
from service.store import Store
from service.tables import TableService
from service.thinking import Thinker

log = logging.getLogger(__name__)


# The longest a shutdown step without a share of the grace period may take (seconds).
STEP_SECONDS = 3.0
# Lobbies that never started are looked for this often at most (seconds).
LOBBY_SWEEP_INTERVAL = 600
# Retention runs at start-up and then this often (seconds).
RETENTION_INTERVAL = 6 * 3600


def escaped(text: str) -> str:
    """Text a user typed, as Discord must show it: its Markdown (bold, links,
    spoilers, headings, code) and mentions (@everyone, <@id>) shown as typed."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


class AsztalBot(discord.Client):
    def __init__(self, config: Config):
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no message content needed
        # Privileged, optional: without it a member who left is noticed when we next reach for them.
        intents.members = config.members_intent
        sharding: dict[str, Any] = {} if config.shard_count is None else {
            "shard_count": config.shard_count, "shard_ids": list(config.shard_ids or ())}
        super().__init__(intents=intents, guild_ready_timeout=config.guild_ready_timeout,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         **sharding)
        self.config = config
        i18n.set_show_typed(escaped)  # every text of this process goes to Discord
        self.tree = app_commands.CommandTree(self)
        self.handlers = Handlers(self)
        self.memory = Memory(self)
        self.composer = Composer(self)
        self.deliverer = Deliverer(self, debounce=config.board_debounce, lease_seconds=config.outbox_lease)
        self.clocks = ClockKeeper(self)
        self.renderer = Renderer(config.render_workers)
        self.rest_limiter = ratelimit.limiter(config.rest_rate, config.rest_share)
        ratelimit.install(self.http, self.rest_limiter)
        self.store: Store
        self.service: TableService
        self.languages: Languages
        self._stopping: asyncio.Task | None = None
        self._retention: asyncio.Task | None = None
        self._lobby_sweep: asyncio.Task | None = None
        self._closing: asyncio.Future | None = None
        self.watchdog = shutdown.Watchdog()
        self.stopped = asyncio.Event()  # set when ``close`` has run every step

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.database)
        self.store.outbox_listener = self.deliverer.wake
        self.service = TableService(self.store, clock_scale=self.config.clock_scale, limits=self.config.table_limits)
        self.service.listener = self.clocks.watch
        self.service.membership = self.is_member
        self.service.thinker = Thinker(self.config.ai_seconds)
        self.languages = Languages(self.store, self.config.default_language)
        await self.renderer.warm_up()
        self.add_dynamic_items(*components.PERSISTENT_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())
        commands.register(self.tree, self)
        await self.deliverer.load_closed_dms()
        await self.resume_tables()
        # Whatever a previous process left undelivered goes out now.
        self.deliverer.start()
        if self.config.syncs_commands:
            await self.sync_commands()
        if self.config.metrics_port is not None:
            metrics.serve(self.config.metrics_port)

    async def sync_commands(self) -> None:
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def resume_tables(self) -> None:
        """AI seats that were due move on, and every table's clock is looked
        at (what fell due while we were down happens now); games load lazily
        when someone next interacts with them."""
        await self.service.resume_ai()
        watched = await self.clocks.load()
        self.clocks.start()
        log.info("watching the clocks of %d running tables", watched)
        if self.config.keep_days is not None:
            self._retention = asyncio.create_task(self._prune_logs(self.config.keep_days))
        self._lobby_sweep = asyncio.create_task(self._sweep_lobbies())

    async def expire_lobbies(self, now: float) -> int:
        """Lobbies that waited too long for their start close, with a notice."""
        closed = await self.service.expire_lobbies(now)
        if closed:
            log.info("closed %d lobbies that never started", len(closed))
        return len(closed)

    async def _sweep_lobbies(self) -> None:
        interval = min(LOBBY_SWEEP_INTERVAL, self.config.lobby_hours * 3600 / 4)
        while True:
            try:
                await self.expire_lobbies(time.time())
            except Exception:
                log.exception("closing old lobbies failed; trying again later")
            await asyncio.sleep(interval)

    async def _prune_logs(self, keep_days: float) -> None:
        """Retention: old games' logs go, their results and ratings stay."""
        while True:
            try:
                pruned = await self.store.prune_logs(time.time() - keep_days * 86400)
                if pruned:
                    log.info("retention: pruned the logs of %d games older than %s days", pruned, keep_days)
            except Exception:
                log.exception("retention: pruning failed; trying again later")
            await asyncio.sleep(RETENTION_INTERVAL)

    async def is_member(self, guild_id: int | None, user_id: int) -> bool | None:
        """Whether a user is still in a server (None: we cannot tell now).
        Asked when a clock runs out: without the members intent, leaving a
        server sends us nothing."""
        if guild_id is None:
            return None
        try:
            await self.http.get_member(guild_id, user_id)
        except discord.NotFound as error:
            return False if error.code == 10007 else None
        except (discord.HTTPException, OSError, TimeoutError):
            return None
        return True

    # -- Discord tells us about lost and returning channels ------------------------
    def dispatch(self, event_name: str, /, *args, **kwargs) -> None:
        if not self.handlers.accepting and event_name in _CHANNEL_EVENTS:
            return
        super().dispatch(event_name, *args, **kwargs)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.deliverer.channel_gone([channel.id, *_thread_ids(channel)], "channel_deleted")

    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await self.deliverer.channel_gone([thread.id], "channel_deleted")

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if payload.thread is None:  # not cached: on_thread_delete does not fire
            await self.deliverer.channel_gone([payload.thread_id], "channel_deleted")

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        # The raw event: discord.py drops archived threads from its cache, and
        # reports one that comes back as a "join", not an update.
        meta = payload.data.get("thread_metadata") or {}
        log.debug("thread %s: archived=%s locked=%s", payload.thread_id, meta.get("archived"), meta.get("locked"))
        if meta.get("locked"):
            await self.deliverer.channel_gone([payload.thread_id], "thread_closed")
        elif not meta.get("archived"):
            # Posting revives an archived, unlocked thread; an open one may be usable again.
            await self.deliverer.probe_channel([payload.thread_id])

    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        # Permissions may have been given back: try the paused tables there (and in its threads).
        await self.deliverer.probe_channel([after.id, *_thread_ids(after)])

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.deliverer.channel_gone([c.id for c in (*guild.channels, *guild.threads)], "removed")

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        # Only with the members intent: kicked, banned or left, the AI takes their seats now.
        await self.service.member_gone(payload.guild_id, payload.user.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.deliverer.probe_channel([c.id for c in (*guild.channels, *guild.threads)])

    # A guild that comes back says "available" rather than "join" when its payload marks it so.
    on_guild_available = on_guild_join

    # -- stopping ---------------------------------------------------------------------
    def install_signal_handlers(self) -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self.request_stop, signum)

    def request_stop(self, signum: int | None = None) -> None:
        """SIGTERM/SIGINT: stop gracefully, within the grace period (the watchdog
        ends the process if the steps overrun it); a second signal stops at once."""
        if self._stopping is not None:
            shutdown.end_now(f"signal {signum} while stopping")
            return
        log.info("signal %s: stopping gracefully", signum)
        self.watchdog.arm(self.config.stop_grace + shutdown.MARGIN)
        self._stopping = asyncio.create_task(self.close())

    async def close(self) -> None:
        """Stop taking interactions, finish the ones in hand, deliver what is
        due within the grace period, close the database, then the gateway.
        What is not delivered stays in the outbox for the next start."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        # Each step is best-effort and bounded: the database or Discord may be gone,
        # and the gateway is closed whatever failed before.
        half = self.config.stop_grace / 2
        self.handlers.accepting = False
        try:
            await shutdown.bounded("finishing interactions", self.handlers.idle(), half)
            await shutdown.bounded("stopping the clocks", self.clocks.stop(), STEP_SECONDS)
            for task in (self._retention, self._lobby_sweep):
                if task is not None:
                    task.cancel()
            store = getattr(self, "store", None)
            if store is not None:
                left = await shutdown.bounded("delivering", self.deliverer.stop(half), half + STEP_SECONDS)
                log.info("stopped delivering; %s items left for the next start", "some" if left is None else left)
            self.renderer.close()
            service = getattr(self, "service", None)
            if service is not None and service.thinker is not None:
                # A hard AI's move still in thought is made by the next start (resume_ai).
                await shutdown.bounded("stopping the thinkers", service.stop_thinking(), STEP_SECONDS)
                service.thinker.close()
            if store is not None:
                await shutdown.bounded("closing the database", store.close(), STEP_SECONDS)
        finally:
            # Last: this is what lets ``start`` return and the process end.
            await shutdown.bounded("closing the gateway", super().close(), STEP_SECONDS)
            i18n.set_show_typed(i18n.as_typed)  # (for a process that goes on without the bot: the tests)
            self.stopped.set()


class ShardedAsztalBot(AsztalBot, discord.AutoShardedClient):
    """The bot running its share of several shards (``ASZTAL_SHARD_COUNT`` and
    ``ASZTAL_SHARD_IDS``): discord.py's own sharding, one gateway session a
    shard.  Discord sends every DM interaction to shard 0; any process can
    serve any table, since the database orders each table's changes."""


def make_bot(config: Config) -> AsztalBot:
    return AsztalBot(config) if config.shard_count is None else ShardedAsztalBot(config)


# Ignored once stopping began: their handlers need the store.
_CHANNEL_EVENTS = frozenset({"guild_channel_delete", "thread_delete", "raw_thread_delete", "raw_thread_update",
                             "guild_channel_update", "guild_remove", "guild_join",
                             "guild_available", "raw_member_remove"})


def _thread_ids(channel: object) -> list[int]:
    return [t.id for t in getattr(channel, "threads", [])]


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Aim discord.py at another Discord (the local one of the tests)."""
    if api_base:
        # Interaction follow-ups (webhooks) share this Route class.
        discord.http.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def run(config: Config) -> None:
    point_at(config.api_base, config.gateway_url)
    if config.database != ":memory:" and "://" not in config.database:
        from pathlib import Path

        Path(config.database).parent.mkdir(parents=True, exist_ok=True)
    try:
        asyncio.run(_serve(config))
    finally:
        # A worker that outlived its pool's shutdown is stuck: the interpreter's exit would wait for it.
        shutdown.kill_children()


async def _serve(config: Config) -> None:
    """``Client.run`` without its own signal handling: SIGTERM and SIGINT stop
    the bot gracefully (``close``), whichever comes.  The gateway session runs
    as a task of its own, cancelled once ``close`` is done: with Discord
    unreachable it would otherwise sit out discord.py's reconnect backoff."""
    assert config.token, "asztal-bot checks for a token before it starts"
    bot = make_bot(config)
    bot.install_signal_handlers()
    session = asyncio.create_task(bot.start(config.token))
    stopped = asyncio.create_task(bot.stopped.wait())
    try:
        await asyncio.wait({session, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        await bot.close()
        stopped.cancel()
        session.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await shutdown.bounded("ending the gateway session", session, STEP_SECONDS)
        # The watchdog stays armed through the interpreter's exit, which joins the pools' threads.
    if session.done() and not session.cancelled() and session.exception() is not None:
        raise session.exception()  # type: ignore[misc]  # login refused, and the like: said at once
