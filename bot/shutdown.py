"""Stopping that always ends: every step of a shutdown is best-effort and
bounded, and a watchdog ends the process when the steps together overrun.

A bot whose database or Discord is gone must still stop when asked: an
operator's SIGTERM (docker stop, systemd) or Ctrl-C ends the process within
the grace period plus ``MARGIN``, whatever hangs.  Nothing acknowledged is lost
by stopping hard: a move is stored before it is acknowledged, and what was
not delivered stays in the outbox for the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Awaitable
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

# Seconds the watchdog allows beyond the grace period before it ends the process.
MARGIN = 5.0
# The exit status of a stop cut short (as a shell reports a process ended by SIGINT).
CUT_SHORT = 130


async def bounded(step: str, awaitable: Awaitable[T], seconds: float) -> T | None:
    """Await one shutdown step for at most ``seconds``; a step that fails or
    overruns is logged and skipped (None), so the next step still runs."""
    try:
        return await asyncio.wait_for(awaitable, max(seconds, 0.01))
    except TimeoutError:
        log.warning("stopping: %s did not finish within %.1f s; going on", step, seconds)
    except asyncio.CancelledError:
        raise
    except Exception as error:  # best-effort: the database or Discord may be gone
        log.warning("stopping: %s failed (%s: %s); going on", step, type(error).__name__, error)
    return None


def kill_children() -> None:
    """Kill the worker processes still alive (the picture pool, the hard AI's thinkers)."""
    for child in multiprocessing.active_children():
        child.kill()


def end_now(reason: str, status: int = CUT_SHORT) -> None:
    """End the process at once: its worker processes first, then itself,
    without waiting for anything."""
    log.warning("stopping at once: %s", reason)
    kill_children()
    logging.shutdown()
    os._exit(status)


class Watchdog:
    """Ends the process if a graceful stop has not finished by its deadline;
    runs on its own thread, so a blocked event loop cannot hold it up."""

    def __init__(self) -> None:
        self._timer: threading.Timer | None = None

    def arm(self, seconds: float) -> None:
        if self._timer is None:
            self._timer = threading.Timer(seconds, end_now, (f"the graceful stop overran {seconds:.0f} s",))
            self._timer.daemon = True
            self._timer.start()

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def die_with_parent(signum: int = signal.SIGTERM) -> None:
    """In a child process: have Linux send it ``signum`` when its parent dies
    (``prctl(PR_SET_PDEATHSIG)``; elsewhere nothing), so nothing a process
    started outlives it, even when it was killed without a chance to clean up."""
    pr_set_pdeathsig = 1
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signum)
