"""Drawing board and hand pictures in worker processes.

Drawing is CPU work that holds the GIL; done in threads it stalls the event
loop, and with it every interaction's 3-second clock, once many tables are
busy.  A small process pool keeps the loop free.  With ``workers=0`` pictures
are drawn in a thread instead (quick to start: used by in-process tests).

Pictures wait their turn by priority, not arrival: under load a board (seen
by the whole channel) is drawn before private pictures that came at most
``PRIVATE_HANDICAP`` seconds earlier, so boards go first yet a prompt never
starves behind a stream of boards.  Only as many jobs as there are workers
are handed to the pool at once, so the order is ours, not the pool's FIFO.

A worker that dies (killed by the OOM killer, a crash in a C library) breaks
the whole pool: every later picture would fail with ``BrokenProcessPool``
until a restart.  So a broken pool is a logged incident: it is replaced and
the drawing retried, never an outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot import shutdown
from service import chronicle, presenter
from service.store import TableRow

log = logging.getLogger(__name__)

# How much lower than the bot's the drawing processes' CPU priority is.
WORKER_NICENESS = 10
# Rounds of warm-up jobs at most, until every worker has answered one.
WARM_ROUNDS = 20
# A picture is tried on this many pools before its caller sees the error.
ATTEMPTS = 3
# Seconds of handicap by kind of picture: a waiter enters by arrival + handicap.
BOARD, PRIVATE = 0.0, 1.5
PRIVATE_HANDICAP = PRIVATE - BOARD


class PriorityGate:
    """At most ``size`` holders at once; waiters enter by arrival time plus
    their handicap (``priority``, seconds), ties by arrival."""

    def __init__(self, size: int):
        self._free = size
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @contextlib.asynccontextmanager
    async def slot(self, priority: float):
        if self._free > 0 and not self._waiting:
            self._free -= 1
        else:
            loop = asyncio.get_running_loop()
            future = loop.create_future()
            heapq.heappush(self._waiting, (loop.time() + priority, next(self._order), future))
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():
                    self._release()  # handed the slot just as we were cancelled: pass it on
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self._free += 1


class Renderer:
    def __init__(self, workers: int):
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = self._new_pool() if workers > 0 else None
        self.incidents = 0  # pools replaced after a worker died
        self._gate = PriorityGate(max(1, workers))

    def _new_pool(self) -> ProcessPoolExecutor:
        # "spawn": a forked copy of a process with running threads (aiosqlite,
        # the gateway's heartbeat) is not safe.
        return ProcessPoolExecutor(max_workers=self._workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker, initargs=(os.getpid(),))

    async def warm_up(self) -> None:
        """Start the workers now, not on the first move of the day."""
        if self._pool is not None:
            loop = asyncio.get_running_loop()
            workers = self._workers
            warmed: set[int] = set()
            # A free worker may take several jobs while the others still spawn:
            # go on until each has answered (each job holds its worker briefly).
            for _ in range(WARM_ROUNDS):
                pids = await asyncio.gather(*(loop.run_in_executor(self._pool, _warm) for _ in range(workers)))
                warmed.update(pids)
                if len(warmed) >= workers:
                    break

    async def board(self, row: TableRow, lang: str) -> bytes:
        return await self._draw(presenter.picture_job(row, None, lang), BOARD)

    async def private(self, row: TableRow, seat: int, lang: str) -> bytes:
        return await self._draw(presenter.picture_job(row, seat, lang), PRIVATE)

    async def replay(self, job: tuple) -> bytes:
        """A past board (``service.chronicle.replay_job``): someone is waiting for it."""
        return await self._draw(job, BOARD)

    async def sheet(self, data: dict, lang: str) -> bytes:
        """A finished game's score sheet (``service.chronicle.sheet_data``)."""
        return await self._draw((data, lang), BOARD, chronicle.sheet_png)

    async def _draw(self, job: tuple, priority: float, draw: Callable[..., bytes] = presenter.draw) -> bytes:
        if self._pool is None:
            return await asyncio.to_thread(draw, *job)
        async with self._gate.slot(priority):
            return await self._draw_now(job, draw)

    async def _draw_now(self, job: tuple, draw: Callable[..., bytes]) -> bytes:
        loop = asyncio.get_running_loop()
        for attempt in range(1, ATTEMPTS + 1):
            pool = self._pool
            assert pool is not None, "drawing in-process never gets here"
            try:
                return await loop.run_in_executor(pool, draw, *job)
            except BrokenProcessPool:
                if attempt == ATTEMPTS:
                    raise
                self._replace(pool)
        raise AssertionError("unreachable")

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Swap a broken pool for a new one (once, however many drawings it failed)."""
        if self._pool is not broken:
            return
        self.incidents += 1
        log.error("a drawing worker died (incident %d); starting a new pool", self.incidents)
        broken.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()

    def worker_pids(self) -> list[int]:
        """The drawing processes now running (for tests and health checks)."""
        return list(self._pool._processes) if self._pool is not None else []

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _start_worker(parent: int) -> None:
    # Below the bot's priority: when the CPU is short, answering an interaction
    # within Discord's 3 seconds comes before drawing.
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """A worker must not outlive a bot that was killed (SIGKILL leaves no
    chance to shut the pool down): Linux kills it with its parent; elsewhere a
    watchdog notices the parent is gone."""
    shutdown.die_with_parent(signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _warm() -> int:
    import render.common

    render.common.font(16)
    time.sleep(0.05)
    return os.getpid()
