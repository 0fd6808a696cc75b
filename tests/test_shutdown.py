"""The pieces of a stop that always ends (``bot.shutdown`` and ``bot.app._serve``); the whole
bot under faults is stopped in ``tests/e2e/test_stop.py``."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
from pathlib import Path

from bot import app, shutdown

ROOT = Path(__file__).resolve().parents[1]


async def test_a_failing_or_hanging_step_is_logged_and_passed(caplog):
    async def broken() -> int:
        raise ConnectionRefusedError("the database is gone")

    async def hung() -> int:
        await asyncio.Event().wait()
        return 1

    async def fine() -> int:
        return 7

    with caplog.at_level(logging.WARNING, logger="bot.shutdown"):
        assert await shutdown.bounded("closing the database", broken(), 1.0) is None
        assert await shutdown.bounded("delivering", hung(), 0.05) is None
        assert await shutdown.bounded("counting", fine(), 1.0) == 7
    said = [r.getMessage() for r in caplog.records]
    assert any("closing the database failed (ConnectionRefusedError" in line for line in said), said
    assert any("delivering did not finish within 0.1 s" in line for line in said), said
    assert not any("counting" in line for line in said)


class _StuckSessionBot:
    """A client whose gateway session never ends by itself (discord.py in its reconnect
    backoff with Discord unreachable), stopped by a signal right after it started."""

    def __init__(self) -> None:
        self.stopped = asyncio.Event()
        self.watchdog = shutdown.Watchdog()
        self.closed = 0
        self.session_cancelled = False

    async def __aenter__(self) -> _StuckSessionBot:  # as ``discord.Client``
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def install_signal_handlers(self) -> None:
        asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(self.close()))

    async def start(self, token: str) -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.session_cancelled = True
            raise

    async def close(self) -> None:
        self.closed += 1
        self.stopped.set()


async def test_serve_returns_once_closed_though_the_session_never_ends(monkeypatch):
    bot = _StuckSessionBot()
    monkeypatch.setattr(app, "make_bot", lambda config: bot)
    config = app.Config.from_env({"ASZTAL_TOKEN": "x"})
    await asyncio.wait_for(app._serve(config), 10)  # the defect: waited on the session for ever
    assert bot.session_cancelled and bot.closed >= 1


def test_the_watchdog_ends_a_process_whose_stop_overran():
    code = ("import time; from bot.shutdown import Watchdog\n"
            "Watchdog().arm(0.2)\n"
            "time.sleep(60)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == shutdown.CUT_SHORT, done.stderr
    assert "the graceful stop overran" in done.stderr


def test_a_disarmed_watchdog_lets_the_process_end_normally():
    code = ("import time; from bot.shutdown import Watchdog\n"
            "w = Watchdog(); w.arm(0.3); w.disarm()\n"
            "time.sleep(0.6)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
