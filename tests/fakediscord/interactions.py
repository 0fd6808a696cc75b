"""Interactions sent by simulated users, and what the bot did with them.

A ``FakeInteraction`` is both the server's bookkeeping (token, deadline, initial response) and
the object the test-side helpers return, so a test can look at the callback type, the latency,
and the live messages (edits and follow-ups show up as they happen).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import Channel, Message, User

if TYPE_CHECKING:
    from .server import FakeDiscord

PING, APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CALLBACK_NAMES = {4: "message", 5: "deferred_message", 6: "deferred_update", 7: "update_message",
                  8: "autocomplete_result", 9: "modal", 10: "premium_required", 12: "launch_activity"}


class InteractionFailed(AssertionError):
    """The bot did not answer an interaction the way Discord requires."""


@dataclass(eq=False)
class FakeInteraction:
    fake: FakeDiscord
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    created_at: float  # fake clock
    message: Message | None = None  # the message a component sits on
    sent_at: float = 0.0  # time.monotonic() when INTERACTION_CREATE was queued
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    callback_at: float | None = None
    original: Message | None = None  # @original: the response message (or the component's message)
    followups: list[Message] = field(default_factory=list)
    deferred_ephemeral: bool = False
    rejected: list[tuple[int, str]] = field(default_factory=list)  # (code, message) of refused callbacks
    # what the bot showed for this interaction, in order: the text of a message response or an
    # updated message, of each follow-up and each edit through the token (not a bare deferral)
    answers: list[str] = field(default_factory=list)
    payload: dict[str, Any] | None = None  # the INTERACTION_CREATE data as sent (a retry sends it again)

    # --- results ----------------------------------------------------------------------------

    @property
    def responded(self) -> bool:
        return self.callback_type is not None

    @property
    def callback_name(self) -> str | None:
        return CALLBACK_NAMES.get(self.callback_type) if self.callback_type else None

    @property
    def latency(self) -> float | None:
        """Seconds from INTERACTION_CREATE being sent to the initial callback arriving."""
        return None if self.callback_at is None else self.callback_at - self.sent_at

    @property
    def deferred(self) -> bool:
        return self.callback_type in (5, 6)

    @property
    def messages(self) -> list[Message]:
        """The response message (if one was created by this interaction) then the follow-ups, live."""
        first = [self.original] if self.original is not None and self.original.interaction_id == self.id else []
        return [m for m in first + self.followups if not m.deleted]

    @property
    def ephemeral(self) -> bool:
        msgs = self.messages
        if msgs:
            return msgs[0].ephemeral
        return self.deferred_ephemeral

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete result (callback type 8)."""
        return (self.callback_data or {}).get("choices") if self.callback_type == 8 else None

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.callback_data if self.callback_type == 9 else None

    @property
    def content(self) -> str | None:
        """Text of the response message (or the updated component message)."""
        if self.original is not None:
            return self.original.content
        return self.followups[0].content if self.followups else None

    @property
    def attachments(self) -> list:
        return [a for m in self.messages for a in m.attachments]

    def expect_response(self) -> FakeInteraction:
        if not self.responded:
            why = f"; refused callbacks: {self.rejected}" if self.rejected else ""
            raise InteractionFailed(f"interaction {self.data.get('name') or self.data.get('custom_id')!r} "
                                    f"got no initial response{why}")
        return self

    # --- waiting ------------------------------------------------------------------------------

    @property
    def expired(self) -> bool:
        """Past the 3-second deadline (fake clock) without an answer: Discord shows a failure."""
        return not self.responded and self.fake.clock.time() - self.created_at > self.fake.response_deadline

    async def wait_responded(self, timeout: float) -> bool:
        """Until answered, refused (a callback Discord rejected), expired, or ``timeout`` real seconds."""
        try:
            await self.fake.wait_for(lambda: self.responded or self.rejected or self.expired, timeout)
        except TimeoutError:
            return False
        return self.responded

    async def wait_final(self, timeout: float = 5.0) -> FakeInteraction:
        """After a deferred message response, wait until the "thinking…" placeholder is filled."""
        if self.callback_type == 5:
            await self.fake.wait_for(lambda: self.original is not None and self.filled, timeout)
        return self

    @property
    def filled(self) -> bool:
        """A deferral was answered: its "thinking…" placeholder was filled in, or
        deleted and followed by a message of its own (a public command's refusal)."""
        original = self.original
        return original is not None and (not original.loading or (original.deleted and bool(self.followups)))

    async def wait_followups(self, n: int, timeout: float = 5.0) -> list[Message]:
        await self.fake.wait_for(lambda: len(self.followups) >= n, timeout)
        return self.followups

    async def wait_until(self, predicate, timeout: float = 5.0) -> FakeInteraction:
        await self.fake.wait_for(lambda: predicate(self), timeout)
        return self

    def mark_sent(self) -> None:
        self.sent_at = time.monotonic()

    def __repr__(self) -> str:
        what = self.data.get("name") or self.data.get("custom_id")
        return (f"<FakeInteraction {self.id} type={self.type} {what!r} user={self.user.name} "
                f"callback={self.callback_name} latency={self.latency}>")
