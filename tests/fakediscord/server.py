"""The fake Discord server: state, message bookkeeping, and the aiohttp app on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import mentions
from .gateway import Gateway
from .interactions import FakeInteraction
from .models import (
    MESSAGE_FLAG_COMPONENTS_V2,
    MESSAGE_FLAG_EPHEMERAL,
    MESSAGE_FLAG_LOADING,
    Attachment,
    Channel,
    ErrorRecord,
    FakeClock,
    Guild,
    Message,
    RateLimitHit,
    RequestRecord,
    Role,
    Snowflakes,
    User,
    ValidationFailure,
)
from .points import Match, StopPoint, StopPoints
from .ratelimits import GLOBAL_LIMIT, ROUTE_LIMITS, RateLimiter, RouteLimit
from .rest import RateLimitRule, Rest
from .simulate import Simulation
from .validation import Problem
from .world import World

EDITABLE_FLAGS = (1 << 2) | (1 << 12)  # SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS


class FakeDiscord(Simulation, World):
    """A local Discord for one bot application.

    ``async with FakeDiscord() as fake:`` starts it on 127.0.0.1 (random port); point the bot at
    ``fake.api_url`` / ``fake.gateway_url`` (or ``fake.env``).  A default guild ``fake.guild``
    with a ``#games`` text channel ``fake.channel`` exists unless ``default_guild=False``.

    ``rate_limits`` (on unless ``FAKEDISCORD_RATE_LIMITS=0``), ``global_limit`` and ``route_limits`` (entries overriding
    ``ratelimits.ROUTE_LIMITS``) shape Discord's rate limits; ``rtt_ms`` / ``jitter_ms`` delay every
    REST answer by a round trip and every gateway frame by half of one.  All are attributes too.
    """

    def __init__(self, *, token: str | None = None, response_deadline: float = 3.0,
                 heartbeat_interval_ms: int = 41250, default_guild: bool = True, bot_name: str = "Asztal",
                 rate_limits: bool | None = None, global_limit: int = GLOBAL_LIMIT,
                 route_limits: dict[str, RouteLimit] | None = None, rtt_ms: float = 0.0, jitter_ms: float = 0.0,
                 seed: int | None = None) -> None:
        self.token = token  # None: accept any bot token
        self.response_deadline = response_deadline
        # on unless turned off here or by FAKEDISCORD_RATE_LIMITS=0 (to compare a run without them)
        self.rate_limits = os.environ.get("FAKEDISCORD_RATE_LIMITS", "1") != "0" if rate_limits is None else rate_limits
        self.limiter = RateLimiter(global_limit, {**ROUTE_LIMITS, **(route_limits or {})})
        self.rtt_ms, self.jitter_ms = rtt_ms, jitter_ms
        self.random = random.Random(seed)
        self.recommended_shards = 1
        self.clock = FakeClock()
        self.snowflake = Snowflakes(self.clock)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # None: global
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.nonces: dict[tuple[int, int, str], Message] = {}  # (channel, author, nonce) -> message
        # records for assertions
        self.requests: list[RequestRecord] = []
        self.errors: list[ErrorRecord] = []
        self.validation_failures: list[ValidationFailure] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.rate_limited: list[RateLimitHit] = []
        self.late_responses: list[FakeInteraction] = []
        self.stop_points: list[StopPoint] = []  # armed by stop_at (see points)
        self.in_flight = 0  # REST requests being handled now (0: Discord is idle)
        self._bot_roles: dict[int, list[int]] = {}  # guild id -> the bot's roles while it is removed

        self.bot_user = self._new_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = self._new_user("owner")
        self.gateway = Gateway(self, heartbeat_interval_ms)
        self.rest = Rest(self)
        self.stopper = StopPoints(self)
        self._tick: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.guild: Guild | None = None
        self.channel: Channel | None = None
        if default_guild:
            self.guild = self.add_guild("Asztal Test")
            self.channel = self.add_channel(self.guild, "games")

    # --- lifecycle ----------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        self._tick = asyncio.Event()
        app = web.Application(client_max_size=64 * 1024 * 1024)  # let oversized uploads reach validation
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.host = host
        return self

    async def stop(self) -> None:
        await self.gateway.drop(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def global_limit(self) -> int:
        """Requests per second per bot outside interactions; 0 turns the global limit off."""
        return self.limiter.global_limit

    @global_limit.setter
    def global_limit(self, value: int) -> None:
        self.limiter.global_limit = value

    @property
    def route_limits(self) -> dict[str, RouteLimit]:
        """The bucket table, ``"METHOD /template"`` (or ``"*"``) -> RouteLimit; mutable."""
        return self.limiter.route_limits

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """Value for ``discord.http.Route.BASE`` (webhook follow-ups use the same Route class)."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (also sent as ``resume_gateway_url``)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def env(self) -> dict[str, str]:
        return {"ASZTAL_DISCORD_API": self.api_url, "ASZTAL_DISCORD_GATEWAY": self.gateway_url}

    def point_discord_py_here(self) -> None:
        """For in-process bots: what the bot does at start-up with the two env vars."""
        import discord
        import yarl

        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == aid:
                    return web.Response(body=att.data, headers={"Content-Type": att.content_type})
        return web.Response(status=404)

    # --- waiting ------------------------------------------------------------------------------

    def notify(self) -> None:
        """Wake everything blocked in wait_for: some state changed."""
        if self._tick is not None:
            self._tick.set()
            self._tick = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str = "",
                       poll: float = 0.02) -> Any:
        """Wait until ``predicate()`` is truthy and return its value.  It is re-checked on every state
        change of the fake, and every ``poll`` seconds for predicates over the bot's own state."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (result := predicate()):
            remaining = deadline - loop.time()
            if remaining <= 0 or self._tick is None:
                raise TimeoutError(f"fake discord: timed out after {timeout}s waiting for {what or predicate}")
            tick = self._tick
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), min(remaining, poll))
        return result

    # --- state: users, guilds, channels ---------------------------------------------------------

    def _new_user(self, name: str, locale: str = "en-US", dms_open: bool = True, bot: bool = False) -> User:
        user = User(self.snowflake(), name, locale, dms_open, bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, locale: str = "en-US", bot_permissions: str = "2248473465835073") -> Guild:
        guild = Guild(self.snowflake(), name, owner_id=self.owner.id, locale=locale, joined_at=self.clock.iso())
        guild.roles[guild.id] = Role(guild.id, "@everyone")
        bot_role = Role(self.snowflake(), self.bot_user.name, permissions=bot_permissions, position=1)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = [bot_role.id]
        guild.members[self.owner.id] = []
        self.guilds[guild.id] = guild
        self.gateway.dispatch("GUILD_CREATE", self.guild_create_payload(guild, joined=True), guild.id)
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        ch = Channel(self.snowflake(), 0, name, guild_id=guild.id,
                     position=sum(1 for c in self.channels.values() if c.guild_id == guild.id))
        self.channels[ch.id] = ch
        self.gateway.dispatch("CHANNEL_CREATE", self.channel_payload(ch), guild.id)
        return ch

    def add_member(self, guild: Guild, user: User) -> None:
        if user.id not in guild.members:
            guild.members[user.id] = []
            self.gateway.dispatch("GUILD_MEMBER_ADD", {**guild.member_payload(user), "guild_id": str(guild.id)},
                                  guild.id)

    def dm_channel(self, user: User) -> Channel:
        for ch in self.channels.values():
            if ch.is_dm and ch.recipient_id == user.id and not ch.deleted:
                return ch
        ch = Channel(self.snowflake(), 1, recipient_id=user.id)
        self.channels[ch.id] = ch
        return ch

    def create_thread(self, parent: Channel, name: str, ttype: int = 11, start: Message | None = None,
                      owner: User | None = None) -> Channel:
        owner = owner or self.bot_user
        tid = start.id if start is not None else self.snowflake()  # Discord reuses the message id
        thread = Channel(tid, ttype, name, guild_id=parent.guild_id, parent_id=parent.id, owner_id=owner.id,
                         created_at=self.clock.iso())
        thread.thread_members.add(owner.id)
        self.channels[thread.id] = thread
        if start is not None:
            start.thread_id = thread.id
        self.gateway.dispatch("THREAD_CREATE", {**self.channel_payload(thread), "newly_created": True},
                              parent.guild_id)
        return thread

    def guild_create_payload(self, guild: Guild, joined: bool = False) -> dict[str, Any]:
        """``joined``: the bot was just added, so no ``unavailable`` key (discord.py then fires
        on_guild_join; ``unavailable: false`` would mean an outage ended: on_guild_available)."""
        chans = [c for c in self.channels.values() if c.guild_id == guild.id and not c.deleted]
        payload = {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(guild.owner_id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "roles": [r.payload() for r in guild.roles.values()], "emojis": [], "stickers": [], "features": [],
            "application_id": None, "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": guild.locale, "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "joined_at": guild.joined_at, "large": False,
            "unavailable": False, "member_count": len(guild.members),
            "members": [guild.member_payload(self.users[uid]) for uid in guild.members],
            "channels": [self.channel_payload(c) for c in chans if not c.is_thread],
            "threads": [self.channel_payload(c) for c in chans if c.is_thread and not c.archived],
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
        if joined:
            del payload["unavailable"]
        return payload

    def channel_payload(self, ch: Channel) -> dict[str, Any]:
        last = str(ch.last_message_id) if ch.last_message_id else None
        if ch.is_dm:
            return {"id": str(ch.id), "type": 1, "last_message_id": last, "flags": 0,
                    "recipients": [self.users[ch.recipient_id].payload()]}  # type: ignore[index]
        d: dict[str, Any] = {"id": str(ch.id), "type": ch.type, "guild_id": str(ch.guild_id), "name": ch.name,
                             "position": ch.position, "nsfw": False, "topic": None,
                             "permission_overwrites": [o.payload() for o in ch.overwrites.values()],
                             "last_message_id": last, "rate_limit_per_user": 0, "flags": 0,
                             "parent_id": str(ch.parent_id) if ch.parent_id else None}
        if ch.is_thread:
            d.update(owner_id=str(ch.owner_id), message_count=ch.message_count, total_message_sent=ch.message_count,
                     member_count=len(ch.thread_members),
                     thread_metadata={"archived": ch.archived, "auto_archive_duration": 1440, "locked": ch.locked,
                                      "archive_timestamp": ch.archive_timestamp or ch.created_at,
                                      "create_timestamp": ch.created_at, "invitable": True})
            del d["position"], d["permission_overwrites"], d["topic"]
            if self.bot_user.id in ch.thread_members:
                d["member"] = {"id": str(ch.id), "user_id": str(self.bot_user.id), "join_timestamp": ch.created_at,
                               "flags": 0}
        return d

    # --- state: commands ----------------------------------------------------------------------

    def store_commands(self, scope: int | None, cmds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = {(c["type"], c["name"]): c["id"] for c in self.commands.get(scope, [])}
        stored = []
        for cmd in cmds:
            ctype = cmd.get("type", 1)
            c = {"default_member_permissions": None, "nsfw": False, "contexts": None, "integration_types": [0],
                 "options": [], "description": "", "name_localizations": None, "description_localizations": None,
                 **cmd, "type": ctype, "application_id": str(self.application_id), "version": str(self.snowflake()),
                 "id": old.get((ctype, cmd["name"])) or str(self.snowflake())}
            if scope is not None:
                c["guild_id"] = str(scope)
            stored.append(c)
        self.commands[scope] = stored
        return stored

    def record_validation_failure(self, kind: str, method: str, path: str, problems: list[Problem], body: Any) -> None:
        self.validation_failures.append(ValidationFailure(kind, method, path, problems, body))

    # --- state: messages ----------------------------------------------------------------------

    def _attachments(self, channel_id: int, files: dict[int, tuple[str, str, bytes]],
                     meta: list[dict[str, Any]] | None) -> list[Attachment]:
        described = {int(a["id"]): a for a in meta or [] if str(a.get("id", "")).isdigit() and int(a["id"]) < 1000}
        out = []
        for index in sorted(files):
            name, declared, data = files[index]
            info = described.get(index, {})
            name = info.get("filename") or name
            aid = self.snowflake()
            out.append(Attachment(aid, name, data, Attachment.guess_type(name, declared, data), info.get("description"),
                                  url=f"{self.base_url}/attachments/{channel_id}/{aid}/{name}"))
        return out

    def create_message(self, channel: Channel, payload: dict[str, Any], files: dict[int, tuple[str, str, bytes]],
                       author: User, interaction: FakeInteraction | None = None, ephemeral: bool = False) -> Message:
        flags = (payload.get("flags") or 0) & ~MESSAGE_FLAG_EPHEMERAL
        if ephemeral:
            flags |= MESSAGE_FLAG_EPHEMERAL
        msg = Message(self.snowflake(), channel.id, author, content=payload.get("content") or "",
                      embeds=payload.get("embeds") or [], components=payload.get("components") or [],
                      flags=flags, guild_id=channel.guild_id, timestamp=self.clock.iso(), created_at=self.clock.time())
        msg.attachments = self._attachments(channel.id, files, payload.get("attachments"))
        if not ephemeral and not msg.loading:
            msg.pinged, msg.pinged_everyone = mentions.pings(payload)
        if interaction is not None:
            msg.interaction_id, msg.interaction_user = interaction.id, interaction.user
            msg.interaction_type = interaction.type
            msg.webhook_id = self.application_id
            msg.type = 20 if interaction.type == 2 else 0
            if ephemeral:
                msg.ephemeral_for = interaction.user.id
        self.messages[msg.id] = msg
        if not ephemeral:
            channel.last_message_id = msg.id
            channel.message_count += 1
            self._dispatch_message("MESSAGE_CREATE", msg, channel)
        self.notify()
        return msg

    def edit_message(self, msg: Message, payload: dict[str, Any], files: dict[int, tuple[str, str, bytes]]) -> None:
        msg.history.append(msg.payload())
        if msg.loading and not msg.ephemeral:  # a deferred answer is posted when it is filled in
            msg.pinged, msg.pinged_everyone = mentions.pings(payload)
        for key in ("content", "embeds", "components"):
            if key in payload:
                setattr(msg, key, payload[key] if payload[key] is not None else ([] if key != "content" else ""))
        flags = msg.flags & ~MESSAGE_FLAG_LOADING
        if payload.get("flags") is not None:
            keep = MESSAGE_FLAG_EPHEMERAL | MESSAGE_FLAG_COMPONENTS_V2  # cannot be toggled by an edit
            flags = (msg.flags & keep) | (payload["flags"] & (EDITABLE_FLAGS | MESSAGE_FLAG_COMPONENTS_V2))
        msg.flags = flags
        if "attachments" in payload and payload["attachments"] is not None:
            keep_ids = {int(a["id"]) for a in payload["attachments"] if str(a.get("id", "")).isdigit()}
            msg.attachments = [a for a in msg.attachments if a.id in keep_ids]
        msg.attachments += self._attachments(msg.channel_id, files, payload.get("attachments"))
        msg.edited_timestamp = self.clock.iso()
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_UPDATE", msg, self.channels[msg.channel_id])
        self.notify()

    def delete_message(self, msg: Message) -> None:
        msg.deleted = True
        ch = self.channels[msg.channel_id]
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(ch.id)}
            if ch.guild_id:
                data["guild_id"] = str(ch.guild_id)
            self.gateway.dispatch("MESSAGE_DELETE", data, ch.guild_id, dm=ch.is_dm)
        self.notify()

    def _dispatch_message(self, event: str, msg: Message, channel: Channel) -> None:
        data = msg.payload()
        if channel.guild_id is not None and msg.author.id in self.guilds[channel.guild_id].members:
            member = self.guilds[channel.guild_id].member_payload(msg.author)
            member.pop("user")
            data["member"] = member
        self.gateway.dispatch(event, data, channel.guild_id, dm=channel.is_dm)

    # --- named points -------------------------------------------------------------------------

    def stop_at(self, name: str, match: Match, *, applied: bool = False, hold: Match | None = None) -> StopPoint:
        """Arm a named point (see ``points``): the first request ``match`` accepts stops there, before
        it is applied (``applied=True``: after, its answer held back); ``hold`` names requests held
        from now on, and everything is held once the point is reached, until ``release()``."""
        point = StopPoint(self, name, match, applied, hold or (lambda method, path: False))
        self.stop_points.append(point)
        return point

    # --- failure injection --------------------------------------------------------------------

    def rate_limit_next(self, method: str, route: str, retry_after: float = 0.2, count: int = 1,
                        is_global: bool = False) -> RateLimitRule:
        """Answer the next ``count`` matching requests with 429.  ``route`` is a path under /api/v10,
        literal or with ``{placeholders}``: ``fake.rate_limit_next("POST", "/channels/{id}/messages")``."""
        return self.rest.rate_limit_next(method, route, retry_after, count, is_global)

    async def drop_gateway(self, code: int | None = None) -> None:
        """Cut the gateway connection(s).  ``code=None`` aborts TCP (a network failure); 4000 is a
        resumable close; the client then RESUMEs and gets the missed events replayed."""
        await self.gateway.drop(code)

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before maintenance."""
        self.gateway.send_op(7)

    def invalidate_session(self) -> None:
        """Send op 9 (not resumable): the client must IDENTIFY again."""
        for s in list(self.gateway.current.values()):
            if s.conn is not None:
                s.conn.send({"op": 9, "d": False, "s": None, "t": None})
        self.gateway.current.clear()

    def new_token(self) -> str:
        return secrets.token_urlsafe(48)
