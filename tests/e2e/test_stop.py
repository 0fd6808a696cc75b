"""Stopping always works: SIGTERM or Ctrl-C ends the bot process within its grace period (plus
the watchdog's margin) under any fault, and loses nothing acknowledged.

The bot runs as a real subprocess against the local Discord; each test makes one move that is
acknowledged to the player, breaks something (the PostgreSQL server stopped at once, the local
Discord gone, the SQLite disk full, a stop that would take long), signals the process, and then
checks that it exited by itself, how (a graceful stop exits 0; a second signal cuts it short
with 130) and that the acknowledged move is in the store.  The bound on the wait is generous: a
process that hangs (the defect) never exits at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
from pathlib import Path

from bot.shutdown import CUT_SHORT, MARGIN
from games import registry
from tests.e2e.test_crash import BotProcess, db_rows
from tests.e2e.test_field import board_seqs
from tests.fakediscord import FakeDiscord
from tests.postgres import cluster_or_skip

GRACE = 4.0
# The wait for the process to end: the grace period, the watchdog's margin, and slack for a
# loaded machine. A hung process (what these tests catch) never ends.
EXIT_BOUND = GRACE + MARGIN + 15
# Logged after a fault, and expected: a shutdown step that failed or overran, the outbox that
# could not be read. Any other ERROR line fails the test.
EXPECTED_ERRORS = ("stopping:", "outbox", "database or disk is full", "connection", "Connection")


async def rows(database: str, sql: str, params: tuple = ()) -> list[tuple]:
    """The bot's store read from outside, SQLite file or PostgreSQL URL alike."""
    if "://" not in database:
        return db_rows(database, sql, params)
    import asyncpg

    numbered = sql
    for index in range(1, len(params) + 1):
        numbered = numbered.replace("?", f"${index}", 1)
    conn = await asyncpg.connect(database)
    try:
        return [tuple(r) for r in await conn.fetch(numbered, *params)]
    finally:
        await conn.close()


async def acknowledged_move(fake: FakeDiscord, bot: BotProcess, *, board_posted: bool = True) -> tuple[int, int]:
    """A 2-player San Juan table and one ``/play`` move the player was told is done (and,
    with ``board_posted``, whose board was posted): returns (table id, the move's seq)."""
    people = [fake.add_user(f"p{i}", locale="en-US") for i in range(2)]
    users = {u.id: u for u in people}
    lobby = (await fake.slash(people[0], fake.channel, "game", "new", {"game": "sanjuan"})).expect_response().original
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    (await fake.click(people[1], lobby, ops["join"])).expect_response()
    await fake.wait_for(lambda: people[1].name in lobby.content, 10, "the lobby to list the joiner")
    (await fake.click(people[0], lobby, ops["start"])).expect_response()
    table = int(ops["join"].split(":")[2])

    async def started() -> bool:
        found = await rows(bot.database, "SELECT status FROM games WHERE id = ?", (table,))
        return bool(found) and found[0][0] == "active"

    for _ in range(300):
        if await started():
            break
        await asyncio.sleep(0.05)
    table_id, seq, state, seats = (await rows(bot.database, "SELECT id, seq, state, seats FROM games"
                                              " WHERE id = ?", (table,)))[0]
    game, state, seats = registry.get("sanjuan"), json.loads(state), json.loads(seats)
    seat = game.to_act(state)[0]
    user = users[seats[seat]["user_id"]]
    played = await fake.slash(user, fake.channel, "play", options={"action": game.legal_ids(state, seat)[0]})
    assert played.expect_response().ephemeral and played.content.startswith("Done"), played.content
    if board_posted:  # the interaction and what it owed are done before the fault
        await fake.wait_for(lambda: max(board_seqs(fake), default=0) > seq, 15, "the move's board")
    return table_id, seq + 1


async def ended(bot: BotProcess) -> int:
    assert bot.proc is not None
    code = await asyncio.wait_for(bot.proc.wait(), EXIT_BOUND)
    bot.proc = None
    return code


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def unexpected_errors(log: str) -> list[str]:
    return [line for line in log.splitlines()
            if " ERROR " in line and not any(word in line for word in EXPECTED_ERRORS)]


async def stored(database: str, table_id: int, seq: int) -> int:
    return (await rows(database, "SELECT count(*) FROM actions WHERE table_id = ? AND seq = ?", (table_id, seq)))[0][0]


async def stopped_after(fake: FakeDiscord, bot: BotProcess, fault) -> tuple[int, int, int]:
    """Start the bot, make a move it acknowledges, then ``fault()`` and SIGTERM: returns the
    exit status, the table and the move's seq."""
    await bot.start()
    try:
        table_id, seq = await acknowledged_move(fake, bot)
        await fault()
        bot.proc.send_signal(signal.SIGTERM)
        return await ended(bot), table_id, seq
    finally:
        await bot.stop()


def grace_env(**extra: str) -> dict[str, str]:
    return {"ASZTAL_STOP_GRACE": str(GRACE), "ASZTAL_LOG_LEVEL": "INFO", **extra}


async def test_sigterm_with_postgresql_stopped_ends_the_bot_and_loses_nothing(tmp_path):
    cluster = cluster_or_skip(durable=True)  # what was committed survives the immediate stop
    try:
        url = await cluster.new_database()
        async with FakeDiscord() as fake:
            bot = BotProcess(fake, url, tmp_path / "bot.log", extra_env=grace_env())

            async def database_gone() -> None:
                cluster.halt()

            code, table_id, seq = await stopped_after(fake, bot, database_gone)
        log = bot.log_path.read_text(errors="replace")
        assert code == 0, log[-3000:]
        assert "stopping gracefully" in log
        assert "stopping: " in log, "a step that met the stopped database says so and is passed"
        assert not unexpected_errors(log), unexpected_errors(log)
        cluster.resume()
        assert await stored(url, table_id, seq) == 1
    finally:
        cluster.stop()


async def test_sigterm_with_discord_gone_ends_the_bot_without_waiting_for_a_reconnect(tmp_path):
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, database, tmp_path / "bot.log", extra_env=grace_env())

        async def discord_gone() -> None:
            await fake.stop()  # Discord unreachable: the gateway drops and reconnects fail
            await asyncio.sleep(1.0)  # into discord.py's reconnect backoff

        code, table_id, seq = await stopped_after(fake, bot, discord_gone)
    log = bot.log_path.read_text(errors="replace")
    assert code == 0, log[-3000:]
    assert "stopping at once" not in log, "the graceful stop finished in time, not the watchdog"
    assert await stored(database, table_id, seq) == 1


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "4m"):
    """A tmpfs of ``size`` mounted at ``folder`` (the tests run as root, as CI does)."""
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> None:
    """Write until the disk is full."""
    with (folder / "filler").open("wb") as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 65536)
            out.flush()


async def test_sigterm_with_the_sqlite_disk_full_ends_the_bot_and_loses_nothing(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        database = str(disk / "bot.sqlite3")
        async with FakeDiscord() as fake:
            bot = BotProcess(fake, database, tmp_path / "bot.log", extra_env=grace_env())

            async def disk_full() -> None:
                fill(disk)

            code, table_id, seq = await stopped_after(fake, bot, disk_full)
        log = bot.log_path.read_text(errors="replace")
        assert code == 0, log[-3000:]
        assert not unexpected_errors(log), unexpected_errors(log)
        (disk / "filler").unlink()
        assert await stored(database, table_id, seq) == 1


async def test_a_second_ctrl_c_stops_at_once(tmp_path):
    """The first Ctrl-C starts a graceful stop that would take long (the move's board is owed
    and every REST answer of the local Discord now takes 20 s, within a grace period of 600 s);
    the second ends the process at once, its workers with it."""
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, database, tmp_path / "bot.log",
                         extra_env={**grace_env(), "ASZTAL_STOP_GRACE": "600", "ASZTAL_BOARD_DEBOUNCE": "30"})
        await bot.start()
        try:
            table_id, seq = await acknowledged_move(fake, bot, board_posted=False)
            workers = children(bot.proc.pid)
            assert workers, "the picture pool drew the board"
            fake.rtt_ms = 20_000
            bot.proc.send_signal(signal.SIGINT)
            for _ in range(100):
                if "stopping gracefully" in bot.log_path.read_text(errors="replace"):
                    break
                await asyncio.sleep(0.05)
            bot.proc.send_signal(signal.SIGINT)
            code = await ended(bot)
        finally:
            fake.rtt_ms = 0
            await bot.stop()
    log = bot.log_path.read_text(errors="replace")
    assert code == CUT_SHORT, log[-3000:]
    assert "stopping at once" in log
    for _ in range(100):  # the workers are killed before the process ends; the kernel reaps them
        if not any(alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.05)
    assert not any(alive(pid) for pid in workers), "a worker outlived the bot"
    assert await stored(database, table_id, seq) == 1


def _pids_of_tree(root: int) -> list[int]:
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children(pid)
    return found


async def test_sigterm_with_postgresql_hung_ends_the_bot_and_loses_nothing(tmp_path):
    """The server is there but answers nothing (stopped with SIGSTOP): every step that waits on
    it is cut at its bound."""
    cluster = cluster_or_skip(durable=True)
    server = int((cluster.data / "postmaster.pid").read_text().split()[0])
    try:
        url = await cluster.new_database()
        async with FakeDiscord() as fake:
            bot = BotProcess(fake, url, tmp_path / "bot.log", extra_env=grace_env())

            async def database_hung() -> None:
                for pid in _pids_of_tree(server):
                    os.kill(pid, signal.SIGSTOP)

            try:
                code, table_id, seq = await stopped_after(fake, bot, database_hung)
            finally:
                for pid in _pids_of_tree(server):
                    os.kill(pid, signal.SIGCONT)
        log = bot.log_path.read_text(errors="replace")
        assert code in (0, CUT_SHORT), log[-3000:]  # the steps' bounds, or the watchdog, ended it
        assert not unexpected_errors(log), unexpected_errors(log)
        assert await stored(url, table_id, seq) == 1
    finally:
        cluster.stop()


async def test_sigterm_with_a_drawing_worker_stuck_ends_the_bot(tmp_path):
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, database, tmp_path / "bot.log", extra_env=grace_env())
        workers: list[int] = []

        async def worker_stuck() -> None:
            assert bot.proc is not None
            workers.extend(pid for pid in children(bot.proc.pid)
                           if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes())
            assert workers, "the picture pool drew the board"
            for pid in workers:
                os.kill(pid, signal.SIGSTOP)

        code, table_id, seq = await stopped_after(fake, bot, worker_stuck)
    log = bot.log_path.read_text(errors="replace")
    assert code in (0, CUT_SHORT), log[-3000:]
    for _ in range(100):
        if not any(alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.05)
    assert not any(alive(pid) for pid in workers), "a stuck worker outlived the bot"
    assert await stored(database, table_id, seq) == 1
