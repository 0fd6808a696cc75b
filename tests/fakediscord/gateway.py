"""The gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, zlib-stream.

A *session* outlives its websocket: every dispatch is stored with its sequence number in the
session's buffer and sent through the session's current connection if there is one.  A RESUME
attaches a new connection and replays what the client missed, which is exactly how Discord
behaves across network drops.  A fresh IDENTIFY (e.g. a bot restarted after SIGKILL) starts a
new session and the old one stops receiving events.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

# Intents that gate the dispatches we emit (anything else is always sent)
INTENT_FOR_EVENT = {
    "GUILD_CREATE": 1 << 0, "CHANNEL_CREATE": 1 << 0, "THREAD_CREATE": 1 << 0, "THREAD_MEMBERS_UPDATE": 1 << 0,
    "GUILD_MEMBER_ADD": 1 << 1, "GUILD_MEMBER_REMOVE": 1 << 1,
}
GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
BUFFER_LIMIT = 5000
# still delivered for a guild the bot is not in: its own removal, and interactions (commands stay installed)
PAST_MEMBERSHIP = frozenset({"GUILD_DELETE", "INTERACTION_CREATE"})


class Connection:
    """One websocket.  Frames go through a queue and one writer task so that the zlib stream is
    compressed in exactly the order it is sent.  ``delay`` gives each frame's one-way latency; a
    frame never overtakes an earlier one (TCP), so jitter only ever adds."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None,
                 delay: Callable[[], float] = lambda: 0.0) -> None:
        self.ws = ws
        self.compress = compress
        self.zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self.delay = delay
        self.queue: asyncio.Queue[tuple[float, dict[str, Any]] | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())
        self.session: Session | None = None
        self.closed = False

    def send(self, frame: dict[str, Any]) -> None:
        if not self.closed:
            self.queue.put_nowait((asyncio.get_running_loop().time() + self.delay(), frame))

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while (item := await self.queue.get()) is not None:
            due, frame = item
            if (wait := due - loop.time()) > 0:
                await asyncio.sleep(wait)
            raw = json.dumps(frame, separators=(",", ":"))
            try:
                if self.zlib is not None:
                    await self.ws.send_bytes(self.zlib.compress(raw.encode()) + self.zlib.flush(zlib.Z_SYNC_FLUSH))
                else:
                    await self.ws.send_str(raw)
            except (ConnectionError, RuntimeError):
                break  # the socket is gone; the session buffer still holds the events for a RESUME

    async def close(self, code: int | None) -> None:
        """code=None: drop the TCP connection without a close frame (a network failure)."""
        self.closed = True
        self.queue.put_nowait(None)
        if code is None:
            transport = self.ws._req.transport if self.ws._req else None  # noqa: SLF001 - no public abort()
            if transport is not None:
                transport.abort()
        else:
            with contextlib.suppress(Exception):
                await self.ws.close(code=code)


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: tuple[int, int]
    seq: int = 0
    buffer: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=BUFFER_LIMIT))
    conn: Connection | None = None
    ready_sent: bool = False

    def dispatch(self, event: str, data: Any) -> int:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        if self.conn is not None:
            self.conn.send(frame)
        return self.seq

    def wants(self, event: str, guild_id: int | None, dm: bool) -> bool:
        if guild_id is not None and (guild_id >> 22) % self.shard[1] != self.shard[0]:
            return False
        if guild_id is None and self.shard[0] != 0:
            return False  # DMs go to shard 0
        if event.startswith("MESSAGE_"):
            return bool(self.intents & (DIRECT_MESSAGES if dm else GUILD_MESSAGES))
        need = INTENT_FOR_EVENT.get(event)
        return need is None or bool(self.intents & need)


class Gateway:
    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int = 41250) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.current: dict[int, Session] = {}  # shard id -> session receiving new events
        self.connections: set[Connection] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.frames_received: list[dict[str, Any]] = []

    # --- dispatch -----------------------------------------------------------------------------

    def dispatch(self, event: str, data: Any, guild_id: int | None = None, dm: bool = False,
                 shard: int | None = None) -> None:
        """To every session that wants it: a guild's events to its shard
        (``(guild_id >> 22) % shard_count``), DMs to shard 0.  ``shard`` sends
        it to that shard's session instead: a guild moving between processes
        (a rolling restart, resharding) is briefly served by either."""
        if guild_id is not None and event not in PAST_MEMBERSHIP and not self.fake.bot_in_guild(guild_id):
            return  # a bot removed from a guild hears nothing more from it
        if shard is not None:
            self.current[shard].dispatch(event, data)
            return
        for session in list(self.current.values()):
            if session.wants(event, guild_id, dm):
                session.dispatch(event, data)

    def connected(self) -> bool:
        """A session is live and has had its READY (or RESUMED) sent."""
        return any(s.conn is not None and not s.conn.closed and s.ready_sent for s in self.current.values())

    async def drop(self, code: int | None = None) -> None:
        for conn in list(self.connections):
            await conn.close(code)

    def send_op(self, op: int, d: Any = None) -> None:
        for conn in list(self.connections):
            conn.send({"op": op, "d": d, "s": None, "t": None})

    # --- websocket handler ----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            return web.Response(status=400, text=f"unsupported compress={compress}")  # zstd needs zstandard
        ws = web.WebSocketResponse(max_msg_size=0, autoclose=True)
        await ws.prepare(request)
        conn = Connection(ws, compress, self.fake.one_way_delay)
        self.connections.add(conn)
        conn.send({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                frame = json.loads(msg.data)
                self.frames_received.append(frame)
                if not await self._on_frame(conn, frame):
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.connections.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            if not conn.closed:
                conn.closed = True
                conn.queue.put_nowait(None)
            self.fake.notify()
        return ws

    async def _on_frame(self, conn: Connection, frame: dict[str, Any]) -> bool:
        op, d = frame.get("op"), frame.get("d")
        if op == 1:
            conn.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            return await self._identify(conn, d)
        elif op == 6:
            return await self._resume(conn, d)
        elif op == 8:
            self._request_members(conn, d)
        # op 3 presence and op 4 voice state need no answer
        return True

    def _token_ok(self, token: str | None) -> bool:
        return self.fake.token is None or token in (self.fake.token, f"Bot {self.fake.token}")

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> bool:
        if not self._token_ok(d.get("token")):
            await conn.close(4004)  # Authentication failed
            return False
        shard = tuple(d.get("shard") or (0, 1))
        intents = d.get("intents", 0)
        session = Session(id=secrets.token_hex(16), intents=intents, shard=(int(shard[0]), int(shard[1])))
        self.sessions[session.id] = session
        old = self.current.get(session.shard[0])
        if old is not None and old.conn is not None and old.conn is not conn:
            old.conn = None  # a restarted bot supersedes the old session
        self.current[session.shard[0]] = session
        session.conn, conn.session = conn, session
        self.identify_count += 1
        fake = self.fake
        guilds = [g for g in fake.guilds.values()
                  if (g.id >> 22) % session.shard[1] == session.shard[0] and fake.bot_in_guild(g.id)]
        session.dispatch("READY", {
            "v": 10, "user": fake.bot_user.payload(), "session_type": "normal",
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id, "resume_gateway_url": fake.gateway_url,
            "shard": list(session.shard), "private_channels": [], "relationships": [], "presences": [],
            "application": {"id": str(fake.application_id), "flags": 0},
            "geo_ordered_rtc_regions": [], "user_settings": {}, "guild_join_requests": [],
        })
        for g in guilds:
            if session.intents & 1:
                session.dispatch("GUILD_CREATE", fake.guild_create_payload(g))
        session.ready_sent = True
        fake.notify()
        return True

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> bool:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or not self._token_ok(d.get("token")) or self.current.get(session.shard[0]) is not session:
            conn.send({"op": 9, "d": False, "s": None, "t": None})  # not resumable: client re-identifies
            return True
        if session.conn is not None and session.conn is not conn:
            await session.conn.close(4000)
        seq = d.get("seq") or 0
        for frame in session.buffer:
            if frame["s"] > seq:
                conn.send(frame)
        session.conn, conn.session = conn, session
        session.dispatch("RESUMED", {})
        session.ready_sent = True
        self.resume_count += 1
        self.fake.notify()
        return True

    def _request_members(self, conn: Connection, d: dict[str, Any]) -> None:
        if conn.session is None:
            return
        guild = self.fake.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(u) for u in d.get("user_ids") or []}
        query = (d.get("query") or "").lower()
        members = [self.fake.users[uid] for uid in guild.members
                   if (not wanted or uid in wanted) and self.fake.users[uid].name.lower().startswith(query)]
        limit = d.get("limit") or len(members)
        payload = {"guild_id": str(guild.id), "members": [guild.member_payload(u) for u in members[:limit]],
                   "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if d.get("nonce"):
            payload["nonce"] = d["nonce"]
        conn.session.dispatch("GUILD_MEMBERS_CHUNK", payload)
