"""The bot's picture workers: same pictures as drawn in-process, and no
orphans when the bot is killed."""

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.rendering import Renderer
from service import presenter
from service.store import Seat, TableRow

ROOT = Path(__file__).resolve().parents[1]

HOLDER = r"""
import asyncio, os
from bot.rendering import Renderer

async def main():
    renderer = Renderer(2)
    await renderer.warm_up()
    print(" ".join(str(p) for p in renderer._pool._processes), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purpose; one reaped since the signal above has no /proc entry.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_workers_die_when_the_bot_is_killed():
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    workers = [int(p) for p in holder.stdout.readline().split()]
    assert len(workers) == 2 and all(_alive(p) for p in workers)
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=10)
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in workers)


def test_workers_draw_below_the_bots_cpu_priority():
    """Drawing takes the spare CPU, never the CPU that answers interactions; the
    warm-up starts every worker, not only the first."""
    async def niceness() -> list[int]:
        renderer = Renderer(2)
        try:
            await renderer.warm_up()  # every worker has started once it returns
            values = [os.getpriority(os.PRIO_PROCESS, pid) for pid in renderer.worker_pids()]
            return values
        finally:
            renderer.close()

    ours = os.getpriority(os.PRIO_PROCESS, 0)
    workers = asyncio.run(niceness())
    assert len(workers) == 2
    assert all(n > ours for n in workers) or ours == 19, (ours, workers)


def test_pool_draws_the_same_picture_as_in_process():
    from games import registry

    game = registry.get("sanjuan")
    state = game.setup(3, game.resolve_options({}), 5)
    row = TableRow(id=1, guild_id=1, channel_id=1, game_id="sanjuan", options={}, seed=5, status="active",
                   creator_id=1, seats=[Seat(i, f"Ödön {i}") for i in range(3)], state=state, seq=0)

    async def draw() -> tuple[bytes, bytes]:
        renderer = Renderer(1)
        try:
            return await renderer.board(row, "hu"), await renderer.private(row, 1, "hu")
        finally:
            renderer.close()

    board, private = asyncio.run(draw())
    assert board == presenter.board_png(row, "hu")
    assert private == presenter.private_png(row, 1, "hu")


def test_a_dead_worker_is_an_incident_not_an_outage():
    """Before the fix one killed worker broke every later picture (BrokenProcessPool)."""
    from games import registry

    game = registry.get("anno1701")
    state = game.setup(2, game.resolve_options({}), 3)
    row = TableRow(id=1, guild_id=1, channel_id=1, game_id="anno1701", options={}, seed=3, status="active",
                   creator_id=1, seats=[Seat(i, f"P{i}") for i in range(2)], state=state, seq=0)

    async def scenario() -> tuple[list[bytes], int]:
        renderer = Renderer(1)
        try:
            await renderer.warm_up()
            pictures = []
            for _ in range(2):
                [pid] = renderer.worker_pids()
                os.kill(pid, signal.SIGKILL)
                while _alive(pid):
                    await asyncio.sleep(0.01)
                # Several tables draw at once when the worker is found dead.
                pictures += await asyncio.gather(renderer.board(row, "en"), renderer.private(row, 0, "en"),
                                                 renderer.board(row, "hu"))
            return pictures, renderer.incidents
        finally:
            renderer.close()

    pictures, incidents = asyncio.run(scenario())
    assert pictures[0] == pictures[3] == presenter.board_png(row, "en")
    assert pictures[1] == presenter.private_png(row, 0, "en")
    assert incidents == 2


def test_boards_are_drawn_before_private_pictures_queued_ahead_of_them():
    from bot.rendering import BOARD, PRIVATE, PriorityGate

    async def scenario() -> list[str]:
        gate, order = PriorityGate(1), []
        release = asyncio.Event()

        async def job(name: str, priority: int) -> None:
            async with gate.slot(priority):
                order.append(name)
                if name == "first":
                    await release.wait()

        first = asyncio.create_task(job("first", PRIVATE))
        await asyncio.sleep(0)
        queued = [asyncio.create_task(job(name, prio)) for name, prio in
                  [("hand-a", PRIVATE), ("gone", PRIVATE), ("hand-b", PRIVATE), ("board", BOARD)]]
        await asyncio.sleep(0)
        queued[1].cancel()  # a waiter whose interaction gave up leaves no hole
        release.set()
        await asyncio.gather(first, *queued, return_exceptions=True)
        return order

    assert asyncio.run(scenario()) == ["first", "board", "hand-a", "hand-b"]


def test_a_private_picture_does_not_starve_behind_a_stream_of_boards():
    from bot.rendering import BOARD, PRIVATE_HANDICAP, PriorityGate

    async def scenario() -> list[str]:
        gate, order = PriorityGate(1), []

        async def job(name: str, priority: float, hold: float) -> None:
            async with gate.slot(priority):
                order.append(name)
                await asyncio.sleep(hold)

        tasks = [asyncio.create_task(job("first", BOARD, 0.05))]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(job("prompt", PRIVATE_HANDICAP, 0.0)))
        # Boards keep coming; once the prompt has waited its handicap it goes before newer ones.
        for i in range(int(PRIVATE_HANDICAP / 0.1) + 5):
            tasks.append(asyncio.create_task(job(f"board-{i}", BOARD, 0.1)))
            await asyncio.sleep(0.1)
        await asyncio.gather(*tasks)
        return order

    order = asyncio.run(scenario())
    assert order.index("prompt") < len(order) - 3, order
