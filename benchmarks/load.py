"""``python -m benchmarks.load [--games 200] [--rate 20] [--seconds 60]``: the bot under load.

N concurrent San Juan tables (two simulated players each) are driven through the local Discord
(tests/fakediscord, in this process) at a steady total rate of moves, half by clicking the
prompt button of the newest DM, half by ``/play``.  The bot runs as a subprocess (``python -m
bot``) so its memory is its own.  Prints the p50/p95/p99 of the time from INTERACTION_CREATE
sent to the initial interaction response received, moves/s and the bot's peak RSS (VmHWM), and
ends with one JSON line.  Target: p95 < 150 ms at 200 games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from games import registry
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import COMPONENT

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def vm_field(pid: int, name: str) -> int:
    """kB of a /proc/<pid>/status field (VmHWM: peak RSS)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


class Load:
    def __init__(self, fake: FakeDiscord, database: str, game_id: str, rnd: random.Random):
        self.fake, self.database, self.rnd = fake, database, rnd
        self.game_id, self.game = game_id, registry.get(game_id)
        self.tables: list[dict] = []  # {"id", "channel", "users": {user_id: User}, "busy"}
        self.latencies: dict[str, list[float]] = {"click": [], "play": [], "lobby": []}
        self.unanswered = 0
        self.moves = 0
        self.finished = 0
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10, check_same_thread=False)

    def record(self, kind: str, inter) -> None:
        if inter.latency is None:
            self.unanswered += 1
        else:
            self.latencies[kind].append(inter.latency)

    async def open_table(self, index: int) -> None:
        fake = self.fake
        channel = fake.add_channel(fake.guild, f"load-{index}")
        users = [fake.add_user(f"g{index}p{i}") for i in range(2)]
        new = await fake.slash(users[0], channel, "game", "new", {"game": self.game_id})
        self.record("lobby", new)
        ids = new.original.custom_ids()
        join = next(c for c in ids if c.endswith(":join"))
        self.record("lobby", await fake.click(users[1], new.original, join))
        start = next(c for c in ids if c.endswith(":start"))
        self.record("lobby", await fake.click(users[0], new.original, start))
        self.tables.append({"id": int(join.split(":")[2]), "channel": channel, "users": {u.id: u for u in users},
                            "busy": False})

    def table_state(self, table_id: int):
        status, seq, state, seats = self.db.execute(
            "SELECT status, seq, state, seats FROM games WHERE id = ?", (table_id,)).fetchone()
        return status, seq, json.loads(state) if state else None, json.loads(seats)

    async def move(self, table: dict) -> None:
        """One move at ``table`` by a player who is due (the database is the oracle)."""
        fake, rnd = self.fake, self.rnd
        table["busy"] = True
        try:
            status, seq, state, seats = self.table_state(table["id"])
            if status != "active":
                self.finished += 1
                self.tables.remove(table)
                return
            seat = rnd.choice(self.game.to_act(state))
            user = table["users"][seats[seat]["user_id"]]
            action = rnd.choice(self.game.legal_actions(state, seat)).id
            cid = f"az:a:{table['id']}:{seq}:{action}"
            dm = fake.dm_channel(user)
            last = fake.messages.get(dm.last_message_id) if dm.last_message_id else None
            if rnd.random() < 0.5 and last is not None and last.find_component(cid) is not None:
                # fake.click() would scan every message for visibility; the DM is the user's own.
                inter = await fake.interact(COMPONENT, user, dm, {"custom_id": cid, "component_type": 2}, last)
                self.record("click", inter)
            else:
                inter = await fake.slash(user, table["channel"], "play", options={"action": action})
                self.record("play", inter)
            self.moves += 1
        finally:
            table["busy"] = False


async def start_bot(fake: FakeDiscord, database: str, workdir: str, debounce: str | None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASZTAL_", "DISCORD_"))}
    env.update(fake.env, ASZTAL_TOKEN="fake", ASZTAL_DB=database, ASZTAL_GUILD_READY_TIMEOUT="0.05",
               ASZTAL_LOG_LEVEL="WARNING", ASZTAL_ENV_FILE=str(Path(workdir) / "no.env"), PYTHONPATH=str(ROOT))
    if debounce is not None:
        env["ASZTAL_BOARD_DEBOUNCE"] = debounce
    t0 = time.monotonic()
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=str(ROOT), env=env)
    await fake.wait_for(fake.gateway.connected, 60, "the bot to connect")
    await fake.wait_commands("game", timeout=30)
    return proc, time.monotonic() - t0


async def run(args: argparse.Namespace) -> dict:
    rnd = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as workdir:
        database = str(Path(workdir) / "load.sqlite3")
        async with FakeDiscord() as fake:
            proc, startup = await start_bot(fake, database, workdir, args.debounce)
            try:
                load = Load(fake, database, args.game, rnd)
                t0 = time.monotonic()
                sem = asyncio.Semaphore(16)

                async def opened(i: int) -> None:
                    async with sem:
                        await load.open_table(i)

                await asyncio.gather(*(opened(i) for i in range(args.games)))
                setup = time.monotonic() - t0
                print(f"{args.games} tables open in {setup:.1f}s (bot start-up {startup:.2f}s)", flush=True)
                # Steady arrivals: one move every 1/rate seconds at a random idle table.
                pending: set[asyncio.Task] = set()
                t0 = time.monotonic()
                due_at = t0
                skipped = 0
                while time.monotonic() - t0 < args.seconds and load.tables:
                    due_at += 1 / args.rate
                    await asyncio.sleep(max(0.0, due_at - time.monotonic()))
                    idle = [t for t in load.tables if not t["busy"]]
                    if not idle:
                        skipped += 1
                        continue
                    task = asyncio.create_task(load.move(rnd.choice(idle)))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                await asyncio.gather(*pending)
                elapsed = time.monotonic() - t0
                rss_kb = vm_field(proc.pid, "VmHWM")
            finally:
                proc.terminate()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(proc.wait(), 15)
                if proc.returncode is None:
                    proc.kill()
                    await proc.wait()
            moves = load.latencies["click"] + load.latencies["play"]
            ms = [x * 1000 for x in moves]
            result = {
                "games": args.games, "rate": args.rate, "seconds": round(elapsed, 1), "moves": load.moves,
                "moves_per_s": round(load.moves / elapsed, 1), "finished": load.finished,
                "p50_ms": round(percentile(ms, 0.5), 1), "p95_ms": round(percentile(ms, 0.95), 1),
                "p99_ms": round(percentile(ms, 0.99), 1), "max_ms": round(max(ms, default=float("nan")), 1),
                "click_p95_ms": round(percentile([x * 1000 for x in load.latencies["click"]], 0.95), 1),
                "play_p95_ms": round(percentile([x * 1000 for x in load.latencies["play"]], 0.95), 1),
                "lobby_p95_ms": round(percentile([x * 1000 for x in load.latencies["lobby"]], 0.95), 1),
                "unanswered": load.unanswered, "late": len(fake.late_responses), "skipped_ticks": skipped,
                "validation_failures": len(fake.validation_failures), "rate_limited": len(fake.rate_limited),
                "bot_peak_rss_mb": round(rss_kb / 1024, 1), "bot_startup_s": round(startup, 2),
                "setup_s": round(setup, 1),
            }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load")
    parser.add_argument("--games", type=int, default=200, help="concurrent tables")
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second, all tables together")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the steady phase")
    parser.add_argument("--game", default="sanjuan", choices=registry.game_ids())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--debounce", help="ASZTAL_BOARD_DEBOUNCE for the bot (default: the bot's own)")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    print(f"moves: {result['moves']} in {result['seconds']}s = {result['moves_per_s']}/s; "
          f"latency p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, p99 {result['p99_ms']} ms "
          f"(click p95 {result['click_p95_ms']}, /play p95 {result['play_p95_ms']}); "
          f"unanswered {result['unanswered']}, late {result['late']}; bot peak RSS {result['bot_peak_rss_mb']} MB")
    print(json.dumps(result))
    return 0 if not result["unanswered"] and not result["validation_failures"] else 1


if __name__ == "__main__":
    sys.exit(main())
