"""The hard AI's searches (``games.search``), run in a worker process so a
second of thinking never holds the event loop.

A search that runs out of time plays its best move so far; one that fails
(an engine without ``determinize``, a crashed worker, no answer in time)
gives ``None`` and the seat plays like the normal AI — logged, never a
stalled table.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games import registry
from games.search import search

log = logging.getLogger(__name__)

# Seconds a hard AI thinks over one decision.
DEFAULT_SECONDS = 1.0


def think(game_id: str, view: Any, seat: int, legal: list[str], seed: str, seconds: float | None,
          iterations: int | None = None) -> str | None:
    """One search (in the worker); ``None`` when the game cannot be searched."""
    game = registry.get(game_id)
    try:
        return search(game, view, seat, legal, seed, seconds=seconds, iterations=iterations).action
    except NotImplementedError:
        return None


class Thinker:
    def __init__(self, seconds: float = DEFAULT_SECONDS, workers: int = 1) -> None:
        self.seconds = seconds
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.asked = 0  # searches asked for
        self.fallbacks = 0  # of those, decisions the normal AI made instead

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a forked copy of a process with running threads (aiosqlite,
            # asyncpg) may deadlock.
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, game_id: str, view: Any, seat: int, legal: list[str], seed: str) -> str | None:
        loop = asyncio.get_running_loop()
        self.asked += 1
        try:
            future = loop.run_in_executor(self._executor(), think, game_id, view, seat, legal, seed, self.seconds)
            # The search stops itself at its budget; this only catches a worker that hangs.
            action = await asyncio.wait_for(future, self.seconds * 3 + 10)
        except BrokenProcessPool:
            log.exception("hard AI: the search worker died; the normal AI plays this move")
            self._pool = None
            action = None
        except Exception:
            log.exception("hard AI: the search failed; the normal AI plays this move")
            action = None
        if action is None or action not in legal:
            self.fallbacks += 1
            return None
        return action

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
