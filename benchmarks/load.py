"""``python -m benchmarks.load [--games 200] [--rate 20] [--seconds 60] [--rtt-ms 150]
[--db postgresql://…] [--processes 2] [--players N]``: the bot under load.

N concurrent San Juan tables (two simulated players each) are driven through the local Discord
(tests/fakediscord, in this process) at a steady total rate of moves, half by clicking the
prompt button of the newest DM, half by ``/play``.  The bot runs as a subprocess (``python -m
bot``) so its memory is its own.  ``--rtt-ms`` / ``--jitter-ms`` give the local Discord a round
trip (every REST answer and every gateway frame is that late, as with a real Discord).

The steady phase starts once the set-up (opening every table) has been delivered, and after it
the bot gets up to debounce + 10 s to drain its outbox.  Figures (printed, then one JSON line):

* ``first_response_ms`` p50/p95/p99: INTERACTION_CREATE sent → initial response received, over
  every interaction the benchmark makes (set-up included);
* ``board_visible_ms`` p50/p95: a move's interaction sent → the first board post in the table's
  channel (``**<game>** · #<seq>``) whose seq is at least the seq the move produced (the seq comes
  from the ``actions`` row the bot recorded for that interaction);
* ``rest_per_move``: REST requests the bot made on its own (everything but interaction callbacks
  and interaction webhooks) from the start of the steady phase to the end of the drain, per move
  made; ``rest_peak_per_s``: the most such requests in any sliding second of the whole run;
* ``lost``: outbox rows still undelivered after the drain plus moves whose board never appeared;
* ``unanswered``: interactions without an initial response;

and, to tell why a figure is off: the REST breakdown by route (a post to a DM is marked), the busiest
second's routes, own REST per second, the outbox every 10 s (due board / seat rows, claimed,
postponed, the oldest due row's age), why moves were refused, the CPU the bot, its drawing
workers and this harness used over the steady phase and how long each waited for a CPU (other
processes on the machine), moves/s and the bot's peak RSS.  ``--setup-drain`` bounds the wait for
the set-up's posts (every new player costs a DM channel, and Discord opens ~1 a second);
``--route-limit 'POST /users/@me/channels=50/1'`` is a what-if that changes a bucket of the local
Discord.

``--db postgresql://…`` runs the bot on PostgreSQL (a fresh database is made on that server and
dropped afterwards); ``--processes N`` runs N bot processes, one shard each, with the tables spread
over guilds of every shard (DM clicks all reach shard 0's process, as on Discord).  ``--players``
draws each table's two players from a pool of that many people (default: two new people a
table); a smaller pool spares the set-up most DM-channel openings at a thousand tables.

Targets (the issue's, at ``--games 200 --rate 20 --rtt-ms 150``): first response p99 < 500 ms,
board visible p95 < debounce + 1 s, rest_per_move ≤ 2, rest_peak_per_s ≤ 45, lost 0,
unanswered 0; ``"targets": {name: met}`` in the JSON, and ``--strict`` exits 1 if one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

from bot import shutdown
from bot.config import Config
from games import registry
from service import db as databases
from tests.fakediscord import FakeDiscord, RouteLimit
from tests.fakediscord.interactions import COMPONENT

ROOT = Path(__file__).resolve().parents[1]
BOARD_HEADER = re.compile(r"\*\*[^\n]+?\*\* · #(\d+)")
DRAIN_EXTRA = 10.0  # seconds beyond the debounce the bot gets to deliver everything after the load
EFFECT_TIMEOUT = 10.0  # how long a click's move may take to show before the table is used again


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peak_per_second(times: list[float]) -> int:
    """The most events in any window [t, t + 1 s)."""
    return peak_window(times)[0]


def peak_window(times: list[float]) -> tuple[int, float | None]:
    """(the most events in any window (t - 1 s, t], that window's t)."""
    times = sorted(times)
    best, at, lo = 0, None, 0
    for hi, t in enumerate(times):
        while times[lo] <= t - 1.0:
            lo += 1
        if hi - lo + 1 > best:
            best, at = hi - lo + 1, t
    return best, at


def vm_field(pid: int, name: str) -> int:
    """kB of a /proc/<pid>/status field (VmHWM: peak RSS)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, seconds (0 if it is gone)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def runqueue_wait(pid: int) -> float:
    """Seconds the main thread of ``pid`` has spent runnable but waiting for a CPU (schedstat)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    return 0.0


def children(pid: int) -> list[int]:
    """The direct child processes of ``pid`` (the bot's drawing workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def cpu_snapshot(pids: list[int]) -> dict[int, tuple[float, float]]:
    """(CPU seconds, seconds waiting for a CPU) of each bot process, each of their children, and
    this process (key 0)."""
    def both(p: int) -> tuple[float, float]:
        return cpu_seconds(p), runqueue_wait(p)

    snapshot = {0: (time.process_time(), runqueue_wait(os.getpid()))}
    for pid in pids:
        snapshot.update({pid: both(pid), **{c: both(c) for c in children(pid)}})
    return snapshot


def default_debounce() -> float:
    """The bot's own ASZTAL_BOARD_DEBOUNCE default (no environment, no .env file)."""
    return Config.from_env({"ASZTAL_ENV_FILE": os.devnull + ".none"}).board_debounce


def ms(seconds: list[float]) -> list[float]:
    return [x * 1000 for x in seconds]


def rounded(value: float, digits: int = 1) -> float | None:
    return None if value != value else round(value, digits)  # NaN (no samples) -> null in JSON


class Load:
    def __init__(self, fake: FakeDiscord, db: databases.Database, game_id: str, rnd: random.Random,
                 guilds: list, players: int | None):
        self.fake, self.rnd = fake, rnd
        self.game_id, self.game = game_id, registry.get(game_id)
        self.tables: list[dict] = []  # {"id", "channel", "users": {user_id: User}, "busy"}
        self.channels: dict[int, int] = {}  # channel id -> table id, every table ever opened
        self.latencies: dict[str, list[float]] = {"click": [], "play": [], "lobby": []}
        self.sent: list = []  # every FakeInteraction the benchmark made
        self.measuring = False
        self.measured: list[tuple] = []  # (FakeInteraction, table id) of the steady phase's moves
        self.unanswered = 0
        self.moves = 0
        self.finished = 0
        self.slow_effects = 0  # clicks whose move did not show within EFFECT_TIMEOUT
        self.db = db  # read as an operator would, beside the bot
        self.guilds = guilds  # the tables go round these (one a shard)
        # A pool of people shared by the tables, or two new ones a table (None).
        self.pool = None if players is None else [fake.add_user(f"player{i}", guilds=guilds) for i in range(players)]
        self._board_cursor = 0
        self.boards: dict[int, list[tuple[float, int]]] = {}  # channel id -> [(fake time, seq)]

    def record(self, kind: str, inter) -> None:
        self.sent.append(inter)
        if inter.latency is None:
            self.unanswered += 1
        else:
            self.latencies[kind].append(inter.latency)

    async def open_table(self, index: int) -> None:
        fake = self.fake
        channel = fake.add_channel(self.guilds[index % len(self.guilds)], f"load-{index}")
        if self.pool is None:
            users = [fake.add_user(f"g{index}p{i}", guilds=self.guilds) for i in range(2)]
        else:
            users = self.rnd.sample(self.pool, 2)
        new = await fake.slash(users[0], channel, "game", "new", {"game": self.game_id})
        self.record("lobby", new)
        ids = new.original.custom_ids()
        join = next(c for c in ids if c.endswith(":join"))
        table_id = int(join.split(":")[2])
        self.record("lobby", await fake.click(users[1], new.original, join))
        # A click is answered before it is handled (possibly by another process): start only
        # once the join is stored, and count the table only once it is running.
        await self._until(table_id, lambda status, seats: len(seats) == 2)
        start = next(c for c in ids if c.endswith(":start"))
        self.record("lobby", await fake.click(users[0], new.original, start))
        await self._until(table_id, lambda status, seats: status == "active")
        self.channels[channel.id] = table_id
        self.tables.append({"id": table_id, "channel": channel, "users": {u.id: u for u in users}, "busy": False})

    async def _until(self, table_id: int, done, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            status, _seq, _state, seats = await self.table_state(table_id)
            if done(status, seats):
                return
            await asyncio.sleep(0.05)
        raise TimeoutError(f"table {table_id}: the lobby never got there")

    async def table_state(self, table_id: int):
        [(status, seq, state, seats)] = await self.db.fetch(
            "SELECT status, seq, state, seats FROM games WHERE id = ?", (table_id,))
        return status, seq, json.loads(state) if state else None, json.loads(seats)

    async def outbox_rows(self) -> int:
        return int((await self.db.fetch("SELECT COUNT(*) FROM outbox"))[0][0])

    async def outbox_profile(self) -> dict[str, float]:
        """What the outbox holds now: due board / seat / other rows, claimed rows, rows postponed
        (not due, unclaimed), rows that failed before, and the age of the oldest due row (s)."""
        now = time.time()
        rows = await self.db.fetch(
            "SELECT CASE WHEN target LIKE 'seat:%' THEN 'seat' WHEN target = 'board' THEN 'board' ELSE 'other' END,"
            " claim IS NOT NULL, not_before > ?, attempts > 0, COUNT(*), MIN(created_at) FROM outbox"
            " GROUP BY 1, 2, 3, 4", (now,))
        out = {"rows": 0, "board": 0, "seat": 0, "other": 0, "claimed": 0, "postponed": 0, "failed_before": 0,
               "oldest_due_s": 0.0}
        for kind, claimed, future, failed, count, oldest in rows:
            out["rows"] += count
            out["failed_before"] += count if failed else 0
            if claimed:
                out["claimed"] += count
            elif future:
                out["postponed"] += count
            else:
                out[kind] += count
                out["oldest_due_s"] = round(max(out["oldest_due_s"], now - oldest), 1)
        return out

    async def move(self, table: dict) -> None:
        """One move at ``table`` by a player who is due (the database is the oracle).  The table
        stays busy until the move shows (a click is answered before the move is made), so the next
        move there never reads a stale seq."""
        fake, rnd = self.fake, self.rnd
        table["busy"] = True
        try:
            status, seq, state, seats = await self.table_state(table["id"])
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
                edits = len(last.history)
                inter = await fake.interact(COMPONENT, user, dm, {"custom_id": cid, "component_type": 2}, last)
                self.record("click", inter)
                if inter.responded:
                    try:  # the move shows as an edit of the prompt (or a refusal as a follow-up)
                        await fake.wait_for(lambda: len(last.history) > edits or inter.followups,
                                            EFFECT_TIMEOUT, "the click's move")
                    except TimeoutError:
                        self.slow_effects += 1
            else:
                # slash() waits until the "thinking…" placeholder is filled: the move is made.
                inter = await fake.slash(user, table["channel"], "play", options={"action": action})
                self.record("play", inter)
            self.moves += 1
            if self.measuring:
                self.measured.append((inter, table["id"]))
        finally:
            table["busy"] = False

    # -- what the channels show ----------------------------------------------------------------
    def scan_boards(self) -> None:
        """Index the board posts created since the last scan (messages are kept in creation order)."""
        messages = list(self.fake.messages.values())
        bot_id = self.fake.bot_user.id
        for msg in messages[self._board_cursor:]:
            if msg.channel_id not in self.channels or msg.ephemeral or msg.author.id != bot_id:
                continue
            match = BOARD_HEADER.match(msg.content or "")
            if match:
                at = dt.datetime.fromisoformat(msg.timestamp).timestamp()
                self.boards.setdefault(msg.channel_id, []).append((at, int(match.group(1))))
        self._board_cursor = len(messages)

    async def made_moves(self) -> dict[int, int]:
        """interaction id -> the seq its move got, for the steady phase's moves the bot recorded."""
        wanted = {inter.id for inter, _ in self.measured}
        rows = await self.db.fetch("SELECT interaction_id, seq FROM actions WHERE interaction_id IS NOT NULL")
        return {iid: seq for iid, seq in rows if iid in wanted}

    def board_delays(self, made: dict[int, int]) -> tuple[list[float], int]:
        """Seconds from each made move's interaction to its board; and how many never showed."""
        self.scan_boards()
        by_table = {table_id: channel_id for channel_id, table_id in self.channels.items()}
        delays, missing = [], 0
        for inter, table_id in self.measured:
            seq = made.get(inter.id)
            if seq is None:
                continue  # refused: no board to wait for
            shown = [at for at, board_seq in self.boards.get(by_table[table_id], []) if board_seq >= seq]
            if shown:
                delays.append(min(shown) - inter.created_at)
            else:
                missing += 1
        return delays, missing


async def start_bots(fake: FakeDiscord, database: str, workdir: str, debounce: float, processes: int,
                     tables: int):
    """The bot processes, one shard each when there are several; when they are all connected."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASZTAL_", "DISCORD_"))}
    env.update(fake.env, ASZTAL_TOKEN="fake", ASZTAL_DB=database, ASZTAL_GUILD_READY_TIMEOUT="0.05",
               ASZTAL_LOG_LEVEL="WARNING", ASZTAL_ENV_FILE=str(Path(workdir) / "no.env"), PYTHONPATH=str(ROOT),
               ASZTAL_BOARD_DEBOUNCE=str(debounce), ASZTAL_REST_RATE=str(fake.global_limit),
               # One simulated server holds every table: the per-server and per-member caps are lifted.
               ASZTAL_TABLES_PER_SERVER=str(tables), ASZTAL_TABLES_PER_MEMBER=str(tables))
    if processes > 1:
        env["ASZTAL_SHARD_COUNT"] = str(processes)
    t0 = time.monotonic()
    procs = []
    for shard in range(processes):
        shard_env = {**env, "ASZTAL_SHARD_IDS": str(shard)} if processes > 1 else env
        # A bot process stops with the benchmark, even one killed outright.
        procs.append(await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=str(ROOT), env=shard_env,
                                                          preexec_fn=shutdown.die_with_parent))
    await fake.wait_for(lambda: sum(1 for s in fake.gateway.current.values()
                                    if s.conn is not None and s.ready_sent) == processes, 60, "the bots to connect")
    await fake.wait_commands("game", timeout=30)
    return procs, time.monotonic() - t0


def guilds_by_shard(fake: FakeDiscord, shards: int) -> list:
    """A guild for every shard (a guild's shard is ``(id >> 22) % shards``)."""
    found = {(fake.guild.id >> 22) % shards: fake.guild}
    while len(found) < shards:
        guild = fake.add_guild(f"load-guild-{len(found)}")
        found.setdefault((guild.id >> 22) % shards, guild)
    return [found[s] for s in range(shards)]


@contextlib.asynccontextmanager
async def benchmark_database(url: str | None, workdir: str) -> AsyncIterator[str]:
    """A SQLite file in ``workdir``, or a fresh database on the PostgreSQL server of ``url``."""
    if url is None or not databases.is_postgres_url(url):
        yield url or str(Path(workdir) / "load.sqlite3")
        return
    import asyncpg

    name = f"asztal_load_{os.getpid()}_{int(time.time())}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        base = url.rsplit("/", 1)[0]
        yield f"{base}/{name}"
    finally:
        with contextlib.suppress(Exception):
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
        await admin.close()


def set_round_trip(fake: FakeDiscord, rtt_ms: float, jitter_ms: float) -> bool:
    """Give the local Discord its round trip; False if this FakeDiscord has no such knobs."""
    if not (hasattr(fake, "rtt_ms") and hasattr(fake, "jitter_ms")):
        return False
    fake.rtt_ms, fake.jitter_ms = rtt_ms, jitter_ms
    return True


async def run(args: argparse.Namespace) -> dict:
    rnd = random.Random(args.seed)
    debounce = float(args.debounce) if args.debounce is not None else default_debounce()
    jitter = args.rtt_ms / 10 if args.jitter_ms is None else args.jitter_ms
    with tempfile.TemporaryDirectory() as workdir:
        async with benchmark_database(args.db, workdir) as database:
            reader = await databases.connect(database)
            try:
                return await measure(args, rnd, debounce, jitter, workdir, database, reader)
            finally:
                await reader.close()


async def measure(args: argparse.Namespace, rnd: random.Random, debounce: float, jitter: float, workdir: str,
                  database: str, reader: databases.Database) -> dict:
    async with FakeDiscord() as fake:
        rtt_applied = set_round_trip(fake, args.rtt_ms, jitter)
        for key, limit in args.route_limit:
            fake.route_limits[key] = limit
        fake.global_limit = args.global_limit
        if not rtt_applied and (args.rtt_ms or jitter):
            print("warning: this FakeDiscord has no rtt_ms/jitter_ms; running without a round trip",
                  file=sys.stderr, flush=True)
        procs, startup = await start_bots(fake, database, workdir, debounce, args.processes, args.games)
        pids = [proc.pid for proc in procs]
        app_webhooks = f"/webhooks/{fake.application_id}/"

        def own_rest(record) -> bool:
            """A request the bot made on its own: not an interaction callback or webhook."""
            return "/interactions/" not in record.path and not record.path.startswith(app_webhooks)

        try:
            guilds = guilds_by_shard(fake, args.processes) if args.processes > 1 else [fake.guild]
            load = Load(fake, reader, args.game, rnd, guilds, args.players)
            t0 = time.monotonic()
            sem = asyncio.Semaphore(16)

            async def opened(i: int) -> None:
                async with sem:
                    await load.open_table(i)

            await asyncio.gather(*(opened(i) for i in range(args.games)))
            setup = time.monotonic() - t0
            # The set-up's boards and DMs first, so the steady phase measures only itself.
            t1 = time.monotonic()
            while await load.outbox_rows() and time.monotonic() - t1 < args.setup_drain:
                await asyncio.sleep(0.2)
            setup_drain, setup_left = time.monotonic() - t1, await load.outbox_rows()
            print(f"{args.games} tables open in {setup:.1f}s, their posts delivered {setup_drain:.1f}s later"
                  f"{f' ({setup_left} outbox rows left)' if setup_left else ''} "
                  f"(bot start-up {startup:.2f}s; rtt {args.rtt_ms:g}±{jitter:g} ms"
                  f"{'' if rtt_applied else ' NOT APPLIED'}, debounce {debounce:g}s)", flush=True)
            # Steady arrivals: one move every 1/rate seconds at a random idle table.
            pending: set[asyncio.Task] = set()
            load.measuring = True
            measure_from = fake.clock.time()
            cpu0 = cpu_snapshot(pids)
            t0 = time.monotonic()
            due_at = t0
            skipped = 0
            backlog: list[dict] = []
            next_sample = t0
            while time.monotonic() - t0 < args.seconds and load.tables:
                due_at += 1 / args.rate
                await asyncio.sleep(max(0.0, due_at - time.monotonic()))
                if time.monotonic() >= next_sample:
                    backlog.append({"t": round(time.monotonic() - t0), **await load.outbox_profile()})
                    next_sample += 1.0
                idle = [t for t in load.tables if not t["busy"]]
                if not idle:
                    skipped += 1
                    continue
                task = asyncio.create_task(load.move(rnd.choice(idle)))
                pending.add(task)
                task.add_done_callback(pending.discard)
            await asyncio.gather(*pending)
            elapsed = time.monotonic() - t0
            cpu1 = cpu_snapshot(pids)
            load.measuring = False
            # The drain: everything the load queued must reach Discord within debounce + 10 s.
            t1 = time.monotonic()
            while True:
                made = await load.made_moves()
                rows = await load.outbox_rows()
                delays, missing = load.board_delays(made)
                if (not rows and not missing) or time.monotonic() - t1 > debounce + DRAIN_EXTRA:
                    break
                await asyncio.sleep(0.25)
            drain = time.monotonic() - t1
            left = await load.outbox_profile()
            measure_to = fake.clock.time()
            rss_kb = max(vm_field(pid, "VmHWM") for pid in pids)
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(proc.wait(), 30)
                if proc.returncode is None:
                    proc.kill()
                    await proc.wait()

        moves = load.latencies["click"] + load.latencies["play"]
        first = ms([i.latency for i in load.sent if i.latency is not None])
        board = ms(delays)
        own = [r for r in fake.requests if own_rest(r)]
        measured = [r for r in own if measure_from <= r.at <= measure_to]
        exempt = [r for r in fake.requests if not own_rest(r) and measure_from <= r.at <= measure_to]
        moves_made = len(made)
        per_move = len(measured) / moves_made if moves_made else float("nan")
        lost = rows + missing
        peak, peak_at = peak_window([r.at for r in own])
        by_route = Counter(route_name(fake, r) for r in measured)
        statuses = Counter(f"{route_name(fake, r)} {r.status}" for r in measured if r.status >= 300)
        per_second = Counter(int(r.at - measure_from) for r in measured)
        refusals = Counter(refusal(inter) for inter, _ in load.measured if inter.id not in made)
        processes = {"bot": pids, "workers": [c for c in cpu1 if c != 0 and c not in pids], "harness": [0]}
        result = {
            "games": args.games, "rate": args.rate, "rtt_ms": args.rtt_ms, "jitter_ms": jitter,
            "database": "postgresql" if databases.is_postgres_url(database) else "sqlite",
            "processes": args.processes, "players": args.players or 2 * args.games,
            "debounce_s": debounce, "seconds": round(elapsed, 1), "moves": load.moves,
            "moves_made": moves_made, "refused": len(load.measured) - moves_made,
            "moves_per_s": round(load.moves / elapsed, 1), "finished": load.finished,
            "p50_ms": rounded(percentile(ms(moves), 0.5)), "p95_ms": rounded(percentile(ms(moves), 0.95)),
            "p99_ms": rounded(percentile(ms(moves), 0.99)), "max_ms": rounded(max(ms(moves), default=float("nan"))),
            "click_p95_ms": rounded(percentile(ms(load.latencies["click"]), 0.95)),
            "play_p95_ms": rounded(percentile(ms(load.latencies["play"]), 0.95)),
            "lobby_p95_ms": rounded(percentile(ms(load.latencies["lobby"]), 0.95)),
            "first_response_ms": {"p50": rounded(percentile(first, 0.5)), "p95": rounded(percentile(first, 0.95)),
                                  "p99": rounded(percentile(first, 0.99))},
            "board_visible_ms": {"p50": rounded(percentile(board, 0.5)), "p95": rounded(percentile(board, 0.95)),
                                 "max": rounded(max(board, default=float("nan")))},
            "rest_per_move": rounded(per_move, 2), "rest_requests": len(measured),
            "rest_peak_per_s": peak,
            # The busiest second: when (s after the steady phase began; negative: set-up) and what.
            "rest_peak_window": {"at_s": None if peak_at is None else round(peak_at - measure_from, 1),
                                 "by_route": dict(Counter(route_name(fake, r) for r in own if peak_at is not None
                                                          and peak_at - 1.0 < r.at <= peak_at).most_common())},
            "rest_peak_per_s_measured": peak_per_second([r.at for r in measured]),
            "rest_by_route": dict(by_route.most_common()),
            "rest_errors": dict(statuses.most_common()),
            "interaction_requests": len(exempt),
            "lost": lost, "lost_outbox_rows": rows, "lost_boards": missing,
            "outbox_peak": max((b["rows"] for b in backlog), default=0), "drain_s": round(drain, 1),
            "outbox_left": left,
            "unanswered": load.unanswered, "late": len(fake.late_responses), "skipped_ticks": skipped,
            "slow_effects": load.slow_effects, "refusals": dict(refusals.most_common()),
            # Of one core, over the steady phase: CPU used, and time runnable but waiting for a CPU
            # (other processes on the machine), of the bot, its drawing workers, this harness.
            "cpu_share": {**{name: share(cpu0, cpu1, pids, elapsed, 0) for name, pids in processes.items()},
                          **{f"{name}_waiting": share(cpu0, cpu1, pids, elapsed, 1)
                             for name, pids in processes.items()},
                          "cores": os.cpu_count()},
            "validation_failures": len(fake.validation_failures), "rate_limited": len(fake.rate_limited),
            "global_rate_limited": sum(1 for hit in fake.rate_limited if hit.is_global),
            "global_limit": args.global_limit,
            "bot_peak_rss_mb": round(rss_kb / 1024, 1), "bot_startup_s": round(startup, 2),
            "setup_s": round(setup, 1), "setup_drain_s": round(setup_drain, 1),
        }
        result["targets"] = {
            "first_response_p99_lt_500ms": (result["first_response_ms"]["p99"] is not None
                                            and result["first_response_ms"]["p99"] < 500),
            "board_visible_p95_lt_debounce_plus_1s": (result["board_visible_ms"]["p95"] is not None
                                                      and result["board_visible_ms"]["p95"] < (debounce + 1) * 1000),
            "rest_per_move_le_2": result["rest_per_move"] is not None and result["rest_per_move"] <= 2,
            "rest_peak_per_s_le_45": result["rest_peak_per_s"] <= 0.9 * args.global_limit,
            "lost_0": lost == 0,
            "unanswered_0": load.unanswered == 0,
        }
        result["_backlog"] = backlog
        result["_per_second"] = [per_second.get(s, 0) for s in range(int(measure_to - measure_from) + 1)]
    return result


def share(before: dict, after: dict, pids: list[int], elapsed: float, field: int) -> float:
    zero = (0.0, 0.0)
    return round(sum(after[p][field] - before.get(p, zero)[field] for p in pids) / elapsed, 2)


def refusal(inter) -> str:
    """The first line of what a move that was not made answered (why it was refused)."""
    if not inter.responded:
        return "(no response)"
    texts = [m.content for m in inter.followups if m.content] + [inter.content or ""]
    return next((t.splitlines()[0][:80] for t in texts if t), "(no answer yet)")


def route_name(fake: FakeDiscord, record) -> str:
    """``METHOD /template``; a message sent to a DM says so (boards and DMs share the route)."""
    name = f"{record.method} {record.route}"
    if record.route.startswith("/channels/{channel_id}"):
        channel_id = record.path.split("/")[2]
        channel = fake.channels.get(int(channel_id)) if channel_id.isdigit() else None
        if channel is not None and channel.is_dm:
            name += " (DM)"
    return name


def route_limit(text: str) -> tuple[str, RouteLimit]:
    """``"POST /users/@me/channels=50/1"`` -> the fake's bucket entry (a what-if, not Discord)."""
    key, _, value = text.rpartition("=")
    limit, _, per = value.partition("/")
    try:
        return key.strip(), RouteLimit(int(limit), float(per or 1), None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected 'METHOD /route=LIMIT/SECONDS', got {text!r}") from None


def report(result: dict, args: argparse.Namespace) -> None:
    per_second = result.pop("_per_second")
    backlog = result.pop("_backlog")
    made = result["moves_made"] or 1
    fr, bv = result["first_response_ms"], result["board_visible_ms"]
    print(f"moves: {result['moves']} in {result['seconds']}s = {result['moves_per_s']}/s "
          f"({result['moves_made']} made, {result['refused']} refused, {result['finished']} tables finished); "
          f"move latency p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, p99 {result['p99_ms']} ms "
          f"(click p95 {result['click_p95_ms']}, /play p95 {result['play_p95_ms']}, "
          f"lobby p95 {result['lobby_p95_ms']}); unanswered {result['unanswered']}, late {result['late']}; "
          f"bot peak RSS {result['bot_peak_rss_mb']} MB")
    print(f"first response: p50 {fr['p50']} ms, p95 {fr['p95']} ms, p99 {fr['p99']} ms "
          f"(every interaction, rtt {result['rtt_ms']:g}±{result['jitter_ms']:g} ms)")
    print(f"board visible: p50 {bv['p50']} ms, p95 {bv['p95']} ms, max {bv['max']} ms "
          f"(debounce {result['debounce_s']:g}s)")
    print(f"REST on its own: {result['rest_requests']} requests = {result['rest_per_move']}/move, "
          f"peak {result['rest_peak_per_s']}/s in any second of the run "
          f"({result['rest_peak_per_s_measured']}/s in the steady phase and drain); "
          f"{result['interaction_requests']} interaction callbacks/webhooks "
          f"({result['interaction_requests'] / made:.2f}/move); 429s: {result['rate_limited']}")
    window = result["rest_peak_window"]
    if window["at_s"] is not None:
        print(f"  the busiest second ended {window['at_s']}s after the steady phase began: "
              + ", ".join(f"{n} {route}" for route, n in window["by_route"].items()))
    print("REST by route (steady phase and drain):")
    for route, count in result["rest_by_route"].items():
        print(f"  {count:7d}  {count / made:5.2f}/move  {route}")
    for route, count in result["rest_errors"].items():
        print(f"  {count:7d}  answered {route.rsplit(' ', 1)[1]}: {route.rsplit(' ', 1)[0]}")
    if per_second:
        print("own REST per second: " + " ".join(str(n) for n in per_second))
    cpu = result["cpu_share"]
    print(f"CPU over the steady phase (1.0 = one core of {cpu['cores']}; in brackets: runnable but waiting "
          f"for a CPU): bot {cpu['bot']} ({cpu['bot_waiting']}), drawing workers {cpu['workers']} "
          f"({cpu['workers_waiting']}), this harness (fake Discord + load) {cpu['harness']} ({cpu['harness_waiting']})")
    for text, count in result["refusals"].items():
        print(f"  {count:7d}  moves not made: {text}")
    if backlog:
        print("outbox during the load (every 10 s: rows = due board + due seat + due other + claimed + postponed; "
              "oldest due):")
        for b in backlog[::10] + ([backlog[-1]] if (len(backlog) - 1) % 10 else []):
            print(f"  t={b['t']:3d}s  {b['rows']:5d} = {b['board']} + {b['seat']} + {b['other']} + {b['claimed']} + "
                  f"{b['postponed']}; oldest due {b['oldest_due_s']}s; {b['failed_before']} failed before")
    left = result["outbox_left"]
    print(f"left after the drain: {left['rows']} rows = {left['board']} board + {left['seat']} seat + "
          f"{left['other']} other due, {left['claimed']} claimed, {left['postponed']} postponed "
          f"(oldest due {left['oldest_due_s']}s)")
    print(f"outbox: peak {result['outbox_peak']} rows during the load; after a {result['drain_s']}s drain "
          f"{result['lost_outbox_rows']} rows left, {result['lost_boards']} moves without a board: "
          f"lost {result['lost']}")
    standard = (args.games, args.rate, args.rtt_ms) == (200, 20.0, 150.0)
    print("targets" + ("" if standard else " (set for --games 200 --rate 20 --rtt-ms 150; this run differs)") + ":")
    for name, met in result["targets"].items():
        print(f"  {'met   ' if met else 'MISSED'}  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load")
    parser.add_argument("--games", type=int, default=200, help="concurrent tables")
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second, all tables together")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the steady phase")
    parser.add_argument("--game", default="sanjuan", choices=registry.game_ids())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--debounce", help="ASZTAL_BOARD_DEBOUNCE for the bot (default: the bot's own, 0.7)")
    parser.add_argument("--rtt-ms", type=float, default=0.0, help="round trip of the local Discord, ms")
    parser.add_argument("--jitter-ms", type=float, default=None, help="± jitter of each half trip, ms "
                        "(default: rtt/10)")
    parser.add_argument("--setup-drain", type=float, default=600.0, help="at most this long (s) for the set-up's "
                        "posts and DMs to be delivered before the steady phase starts")
    parser.add_argument("--route-limit", type=route_limit, action="append", default=[], metavar="'METHOD /ROUTE=N/S'",
                        help="what-if: override one of the local Discord's rate-limit buckets (repeatable)")
    parser.add_argument("--global-limit", type=int, default=50,
                        help="what-if: the local Discord's global limit (requests a second), which the bot is "
                        "told as ASZTAL_REST_RATE; Discord raises it for large bots on request (target: "
                        "peak ≤ 90%% of it)")
    parser.add_argument("--db", help="postgresql://… to run the bot on PostgreSQL (a fresh database is made "
                        "on that server); default: a SQLite file")
    parser.add_argument("--processes", type=int, default=1, help="bot processes, one shard each")
    parser.add_argument("--players", type=int, default=None, help="people shared by the tables "
                        "(default: two new people a table)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    # SIGTERM ends the run as Ctrl-C does: its clean-up (stopping the bot processes) runs.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    result = asyncio.run(run(args))
    report(result, args)
    print(json.dumps(result))
    failed = result["unanswered"] or result["validation_failures"]
    if args.strict and not all(result["targets"].values()):
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
