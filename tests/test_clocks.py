"""The clock keeper wakes each table when its next clock event falls due."""

import asyncio
import time
from types import SimpleNamespace

from bot import clocks
from service.clock import Due


class StubService:
    """A table with ``owed`` things already due; a tick does one of them (or nothing, if ``stuck``)."""

    def __init__(self, owed: int, stuck: bool = False):
        self.owed, self.stuck, self.ticks = owed, stuck, []
        self.row = SimpleNamespace(id=1, version=0)

    def clock_dues(self, row):
        return [Due("remind", 0, time.time() - 1)] if self.owed else []

    async def clock_tick(self, table_id):
        self.ticks.append(time.monotonic())
        if self.stuck:
            return None
        self.owed -= 1
        return object()

    def cached(self, table_id):
        return self.row


async def _run(service, seconds):
    keeper = clocks.ClockKeeper(SimpleNamespace(service=service))
    keeper.start()
    keeper.watch(service.row)
    await asyncio.sleep(seconds)
    await keeper.stop()
    return keeper


# No figure of time is asserted: a retry is put an hour off, so what happens within a run cannot
# be one, and what waits is checked by when it is scheduled.

async def test_what_is_still_due_after_a_tick_is_done_at_once(monkeypatch):
    monkeypatch.setattr(clocks, "RETRY", 3600.0)
    service = StubService(owed=3)
    await _run(service, 0.3)
    assert len(service.ticks) == 3  # none of them a retry


async def test_something_due_that_a_tick_cannot_do_is_retried_later_not_in_a_loop(monkeypatch):
    monkeypatch.setattr(clocks, "RETRY", 3600.0)
    service = StubService(owed=1, stuck=True)
    keeper = await _run(service, 0.3)
    assert len(service.ticks) == 1  # not in a loop
    assert keeper._next[1] > time.time() + 3000  # but again, RETRY later


async def test_a_future_event_sleeps_until_its_time():
    service = StubService(owed=0)
    at = time.time() + 3600
    service.clock_dues = lambda row: [Due("remind", 0, at)] if not service.ticks else []
    keeper = await _run(service, 0.3)
    assert not service.ticks and keeper._next[1] == at  # asleep until then
