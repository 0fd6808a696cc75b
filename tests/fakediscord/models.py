"""State of the fake Discord: users, guilds, channels, messages, and the records tests assert on.

Payload builders live next to the models so every REST answer and gateway event is built the
same way; discord.py is strict about missing keys and silently drops a gateway connection on a
KeyError while parsing, so payloads here are deliberately complete.
"""

from __future__ import annotations

import datetime as dt
import itertools
import mimetypes
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

DISCORD_EPOCH_MS = 1420070400000
DEFAULT_PERMISSIONS = "2248473465835073"  # what a fresh @everyone gets on a new server
MESSAGE_FLAG_EPHEMERAL = 1 << 6
MESSAGE_FLAG_LOADING = 1 << 7
MESSAGE_FLAG_COMPONENTS_V2 = 1 << 15


class FakeClock:
    """Wall clock with a test-controlled offset.

    Interaction deadlines (3 s) and token expiry (15 min) are judged on this clock, so a test can
    jump forward instead of sleeping.
    """

    def __init__(self) -> None:
        self.offset = 0.0

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def iso(self, at: float | None = None) -> str:
        return dt.datetime.fromtimestamp(self.time() if at is None else at, dt.UTC).isoformat()


class Snowflakes:
    """Real-shaped snowflakes (timestamp << 22) so discord.py's created_at makes sense."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.counter = itertools.count()
        self.last = 0

    def __call__(self) -> int:
        ms = int(self.clock.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self.counter) & 0xFFF)
        self.last = value = max(value, self.last + 1)  # strictly increasing even within one ms
        return value


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "en-US"
    dms_open: bool = True
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": self.bot, "system": False, "public_flags": 0, "flags": 0,
                "banner": None, "accent_color": None, "avatar_decoration_data": None}

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: str = DEFAULT_PERMISSIONS
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": self.permissions, "position": self.position,
                "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0, "icon": None,
                "unicode_emoji": None}


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    members: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids
    roles: dict[int, Role] = field(default_factory=dict)
    joined_at: str = ""

    def member_payload(self, user: User) -> dict[str, Any]:
        return {"user": user.payload(), "roles": [str(r) for r in self.members.get(user.id, [])], "nick": None,
                "avatar": None, "joined_at": self.joined_at, "deaf": False, "mute": False, "flags": 0,
                "pending": False, "premium_since": None, "communication_disabled_until": None}

    def member_permissions(self, user_id: int) -> str:
        """Guild-level permissions (no channel overwrites); ``FakeDiscord.permissions_for`` adds those."""
        perms = int(self.roles[self.id].permissions)
        for role_id in self.members.get(user_id, []):
            perms |= int(self.roles[role_id].permissions)
        return str(perms)


@dataclass
class Overwrite:
    """A channel permission overwrite: ``type`` 0 is a role (the guild id is @everyone), 1 a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Channel:
    """A guild text channel (0), a DM (1) or a public thread (11)."""

    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None  # DMs: the human on the other end
    owner_id: int | None = None  # threads
    position: int = 0
    last_message_id: int | None = None
    message_count: int = 0
    thread_members: set[int] = field(default_factory=set)
    created_at: str = ""
    overwrites: dict[int, Overwrite] = field(default_factory=dict)  # target id -> overwrite (not threads)
    archived: bool = False  # threads
    locked: bool = False  # threads
    archive_timestamp: str = ""
    deleted: bool = False

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes = field(default=b"", repr=False)
    content_type: str = "application/octet-stream"
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data[:8] == b"\x89PNG\r\n\x1a\n"

    def open_image(self):
        """PIL image of the upload (tests look at rendered boards)."""
        import io

        from PIL import Image

        return Image.open(io.BytesIO(self.data))

    def payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": str(self.id), "filename": self.filename, "size": self.size, "url": self.url,
                             "proxy_url": self.url, "content_type": self.content_type, "flags": 0}
        if self.description is not None:
            d["description"] = self.description
        if self.is_png and len(self.data) >= 24:
            d["width"] = int.from_bytes(self.data[16:20], "big")
            d["height"] = int.from_bytes(self.data[20:24], "big")
        return d

    @staticmethod
    def guess_type(filename: str, declared: str | None, data: bytes) -> str:
        # discord.py uploads everything as application/octet-stream; Discord derives the type
        if declared and declared != "application/octet-stream":
            return declared
        if data[:8] == b"\x89PNG\r\n\x1a\n":
            return "image/png"
        return mimetypes.guess_type(filename)[0] or "application/octet-stream"


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    timestamp: str = ""
    edited_timestamp: str | None = None
    ephemeral_for: int | None = None  # user id: only this user sees the message
    interaction_id: int | None = None  # set for responses and follow-ups
    interaction_user: User | None = None
    interaction_type: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    thread_id: int | None = None  # a thread started from this message
    nonce: str | None = None
    created_at: float = 0.0  # fake clock
    history: list[dict[str, Any]] = field(default_factory=list)  # earlier versions, oldest first
    pinged: frozenset[int] = frozenset()  # users notified when it was posted
    pinged_everyone: bool = False

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """A deferred "is thinking…" placeholder not yet filled in."""
        return bool(self.flags & MESSAGE_FLAG_LOADING)

    def custom_ids(self) -> list[str]:
        from .validation import iter_components

        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        from .validation import iter_components

        return next((c for c in iter_components(self.components) if c.get("custom_id") == custom_id), None)

    def texts(self) -> list[str]:
        """Content, embed texts and v2 text displays: everything a user could read."""
        from .validation import iter_components

        out = [self.content] if self.content else []
        for e in self.embeds:
            out += [e.get("title", ""), e.get("description", "")]
            out += [f.get("name", "") + "\n" + f.get("value", "") for f in e.get("fields", [])]
        out += [c["content"] for c in iter_components(self.components) if c.get("type") == 10]
        return [t for t in out if t]

    @property
    def text(self) -> str:
        return "\n".join(self.texts())

    def payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.payload(),
            "content": self.content, "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "mention_channels": [],
            "attachments": [a.payload() for a in self.attachments], "embeds": self.embeds, "reactions": [],
            "pinned": False, "type": self.type, "flags": self.flags, "components": self.components,
        }
        if self.guild_id is not None:
            d["guild_id"] = str(self.guild_id)
        if self.nonce is not None:
            d["nonce"] = self.nonce
        if self.webhook_id is not None:
            d["webhook_id"] = str(self.webhook_id)
            d["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            d["interaction_metadata"] = {"id": str(self.interaction_id), "type": self.interaction_type or 2,
                                         "user": self.interaction_user.payload(),
                                         "authorizing_integration_owners": {}}
        return d

    def __repr__(self) -> str:
        eph = f" ephemeral_for={self.ephemeral_for}" if self.ephemeral else ""
        return f"<Message {self.id} ch={self.channel_id}{eph} {self.content[:40]!r} files={len(self.attachments)}>"


@dataclass
class RequestRecord:
    """One REST call the bot made."""

    method: str
    path: str
    route: str  # template, e.g. /channels/{channel_id}/messages
    status: int
    body: Any
    at: float  # fake clock, when the request reached the fake (after the first half of the round trip)

    @property
    def counted(self) -> bool:
        """Counts towards the global limit: Discord exempts interaction callbacks and webhooks."""
        return not self.path.startswith(("/interactions/", "/webhooks/"))


class RateLimitHit(NamedTuple):
    """One 429 the bot got; the first three fields keep the old ``(method, path, retry_after)`` shape."""

    method: str
    path: str
    retry_after: float
    is_global: bool
    bucket: str  # X-RateLimit-Bucket, "global" for the global limit, "injected" for rate_limit_next
    at: float  # fake clock


@dataclass
class ErrorRecord:
    """A non-2xx answer the bot received."""

    method: str
    path: str
    route: str
    status: int
    code: int
    message: str
    detail: Any = None


@dataclass
class ValidationFailure:
    """Something Discord would have rejected as invalid (a 400 / 413 the bot got back)."""

    kind: str  # "command", "message", "autocomplete", "interaction_callback"
    method: str
    path: str
    problems: list[tuple[str, str, str]]  # (json path, Discord error code, message)
    body: Any = None

    def __str__(self) -> str:
        return f"{self.kind} {self.method} {self.path}: " + "; ".join(f"{p}: {m}" for p, _, m in self.problems)
