"""Named points in the bot's traffic where a test stops Discord (to SIGKILL the bot exactly there).

    from tests.fakediscord import points
    point = fake.stop_at("answer", points.webhook, hold=points.message_write)
    task = asyncio.create_task(fake.click(...))
    await point.wait()          # the bot is at the point now, and nothing further reaches Discord
    ...SIGKILL the bot...
    point.release()             # what was held is dropped (its caller is gone)

A point is the first REST request that ``match(method, path)`` accepts: by default it stops
before the fake applies it (Discord never got it); with ``applied=True`` after the fake applied
it, its answer not yet sent (Discord has it, the bot will never learn so).  ``hold(method, path)``
names requests held (never applied) from the moment the point is armed, and once the point is
reached every further request is held too, so what Discord shows at the kill is exactly what the
bot had done up to that point, whatever the order its tasks happen to run in.  ``release()``
drops everything held (each is answered 503 to a caller that no longer listens) and disarms the
point.  The idle point is ``fake.in_flight == 0`` (no request being handled), which a test combines
with the bot's own bookkeeping (an empty outbox).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord

Match = Callable[[str, str], bool]

_CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/\d+/[^/]+(/messages/[^/]+)?$")
_MESSAGE_WRITE = re.compile(r"^/channels/\d+/messages(/\d+)?$")


def callback(method: str, path: str) -> bool:
    """An interaction's first response (the bot received the interaction and answers it)."""
    return method == "POST" and bool(_CALLBACK.match(path))


def webhook(method: str, path: str) -> bool:
    """A follow-up or an edit of an interaction's answer (the user is about to see the result)."""
    return method in ("POST", "PATCH", "DELETE") and bool(_WEBHOOK.match(path))


def message_write(method: str, path: str) -> bool:
    """A channel or DM message being posted, edited or deleted (boards, prompts, notices)."""
    return method in ("POST", "PATCH", "DELETE") and bool(_MESSAGE_WRITE.match(path))


def post_to(channel_id: int) -> Match:
    """A message posted in this channel (a table's board, in its channel)."""
    path = f"/channels/{channel_id}/messages"
    return lambda method, p: method == "POST" and p == path


@dataclass(eq=False)
class StopPoint:
    fake: FakeDiscord
    name: str
    match: Match
    applied: bool = False
    hold: Match = lambda method, path: False
    reached_by: tuple[str, str] | None = None  # (method, path) of the request that reached it
    held: list[tuple[str, str]] = field(default_factory=list)  # dropped at release (the point's own included)
    _released: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def reached(self) -> bool:
        return self.reached_by is not None

    async def wait(self, timeout: float = 30.0) -> tuple[str, str]:
        """Until the bot is at the point; returns (method, path) of the request that reached it."""
        await self.fake.wait_for(lambda: self.reached, timeout, f"the bot to reach the point {self.name!r}")
        assert self.reached_by is not None
        return self.reached_by

    def release(self) -> None:
        """Drop what is held and disarm (call it once the bot is dead)."""
        self._released.set()
        if self in self.fake.stop_points:
            self.fake.stop_points.remove(self)

    async def _held(self, method: str, path: str) -> None:
        self.held.append((method, path))
        self.fake.notify()
        await self._released.wait()

    def _reach(self, method: str, path: str) -> None:
        self.reached_by = (method, path)


class StopPoints:
    """The fake's side: called by the REST dispatcher around every request."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    async def before(self, method: str, path: str) -> bool:
        """True: the request was held and is dropped (not applied, answered 503)."""
        for point in list(self.fake.stop_points):
            if point.reached or point.hold(method, path):
                await point._held(method, path)
                return True
            if not point.applied and point.match(method, path):
                point._reach(method, path)
                await point._held(method, path)
                return True
        return False

    async def after(self, method: str, path: str) -> None:
        """Applied already: a point reached here keeps the answer from leaving until released."""
        for point in list(self.fake.stop_points):
            if point.applied and not point.reached and point.match(method, path):
                point._reach(method, path)
                await point._held(method, path)
                return
