"""Timed reactions: a reaction that must not stall the game applies its
default when nobody answers in time (an engine's ``timed_default``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import AsztalBot


class ReactionTimers:
    def __init__(self, bot: AsztalBot):
        self.bot = bot
        self._tasks: dict[tuple[int, int], asyncio.Task] = {}

    def arm(self, table_id: int, seq: int, timers: list[tuple[int, int, str]]) -> None:
        for seat, seconds, action_id in timers:
            key = (table_id, seat)
            old = self._tasks.pop(key, None)
            if old:
                old.cancel()
            self._tasks[key] = asyncio.create_task(self._expire(table_id, seat, seconds, action_id, seq))

    def cancel_table(self, table_id: int) -> None:
        """A paused table's clocks stop (they are armed again on resume)."""
        for key in [k for k in self._tasks if k[0] == table_id]:
            self._tasks.pop(key).cancel()

    def cancel_all(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    async def _expire(self, table_id: int, seat: int, seconds: int, action_id: str, seq: int) -> None:
        await asyncio.sleep(seconds)
        self._tasks.pop((table_id, seat), None)
        # The service checks the table has not moved on, and writes what it must show.
        update = await self.bot.service.apply_timeout(table_id, seat, action_id, seq)
        if update is not None:
            self.arm(table_id, update.table.seq, update.timers)
