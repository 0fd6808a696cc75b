"""The clock keeper: wakes a table when something falls due on its clock.

What falls due (a timed reaction's default, a reminder, a clock that ran out,
an unanswered vote) is computed from what each table stores, so nothing here
must survive a restart: at start-up every running table is looked at once,
and after that the service tells the keeper about every change.  One task
sleeps until the earliest moment any table needs, however many tables run.

With several processes on one database, each also looks every ``RESCAN``
seconds for tables another process changed (by their versions, one cheap
query), so a clock falls due even when the process that set it died.  Two
processes ticking one table at once is harmless: the tick is a
compare-and-set write, and the second one finds nothing due any more.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import time
from typing import TYPE_CHECKING

from bot import metrics
from service import clock
from service.store import TableRow

if TYPE_CHECKING:
    from bot.app import AsztalBot

log = logging.getLogger(__name__)
# A tick that failed (the database was locked, Discord slow) is tried again after this.
RETRY = 5.0
# Seconds between looks for tables other processes changed (and metrics updates).
RESCAN = 15.0


class ClockKeeper:
    def __init__(self, bot: AsztalBot):
        self.bot = bot
        self._next: dict[int, float] = {}  # table id -> when it needs a tick
        self._heap: list[tuple[float, int]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._ticking: set[int] = set()
        self._versions: dict[int, int] = {}  # table id -> the version its schedule was made from
        self._rescan: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="clock-keeper")
            self._rescan = asyncio.create_task(self._rescan_forever(), name="clock-rescan")

    async def stop(self) -> None:
        for task in (self._task, self._rescan):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._rescan = None

    async def load(self) -> int:
        """Every running table, once (at start-up)."""
        rows = await self.bot.store.unfinished_tables()
        for row in rows:
            cached = self.bot.service.cached(row.id)
            self.watch(cached if cached is not None and cached.version >= row.version else row)
        return sum(1 for row in rows if row.id in self._next)

    async def rescan(self) -> int:
        """Schedule anew the tables another process changed; returns how many."""
        store = self.bot.store
        versions = await store.open_versions()
        changed = [t for t, v in versions.items() if self._versions.get(t) != v]
        for table_id in changed:
            row = await self.bot.service.table(table_id)  # re-read when another process changed it
            if row is not None:
                self.watch(row)
        for table_id in set(self._versions) - set(versions):
            self._versions.pop(table_id, None)
            self._next.pop(table_id, None)
        metrics.ACTIVE_TABLES.set(len(versions))
        metrics.OUTBOX_DEPTH.set(await store.outbox_size())
        return len(changed)

    async def _rescan_forever(self) -> None:
        while True:
            await asyncio.sleep(RESCAN)
            try:
                await self.rescan()
            except Exception:
                log.exception("clock rescan failed; trying again later")

    def watch(self, row: TableRow) -> None:
        """A table changed: when does it next need us?"""
        self._versions[row.id] = row.version
        self._schedule(row.id, self._next_at(row))

    def _next_at(self, row: TableRow) -> float | None:
        return clock.next_time(self.bot.service.clock_dues(row))

    def _schedule(self, table_id: int, at: float | None) -> None:
        if at is None:
            self._next.pop(table_id, None)
            return
        if self._next.get(table_id) == at:
            return
        self._next[table_id] = at
        heapq.heappush(self._heap, (at, table_id))
        self._wake.set()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            now = time.time()
            # Entries whose table was rescheduled since are stale: skip them.
            while self._heap and self._next.get(self._heap[0][1]) != self._heap[0][0]:
                heapq.heappop(self._heap)
            if self._heap and self._heap[0][0] <= now:
                at, table_id = heapq.heappop(self._heap)
                self._next.pop(table_id, None)
                if table_id not in self._ticking:
                    self._ticking.add(table_id)
                    asyncio.create_task(self._tick(table_id))
                continue
            timeout = self._heap[0][0] - now if self._heap else None
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()

    async def _tick(self, table_id: int) -> None:
        done = None
        try:
            done = await self.bot.service.clock_tick(table_id)
        except Exception:
            log.exception("table %s: the clock tick failed; trying again", table_id)
            self._schedule(table_id, time.time() + RETRY)
        finally:
            self._ticking.discard(table_id)
        row = self.bot.service.cached(table_id)
        if row is not None and table_id not in self._next:
            # Whatever is next: at once if the tick did something (more may be due),
            # later if something due could not be done (not in a tight loop).
            at = self._next_at(row)
            if at is not None and done is None and at <= time.time():
                at = time.time() + RETRY
            self._schedule(table_id, at)
