"""SIGKILL the bot process at random points of a game; restart it on the same SQLite file.

The bot runs as a real subprocess (``python -m bot``) against the local Discord of this test.
Simulated players drive a game through prompt buttons (mostly from DMs posted by an earlier
process), ``/play`` and the board's "my turn" button; the process is killed right after an
interaction was sent (mid-handling) or while idle, then restarted.  Checked at the end:

* every move acknowledged to a user ("Done: …") is in the actions log, exactly once;
* seqs are contiguous and no interaction id is applied twice, also when Discord re-delivers an
  interaction (same id) to the restarted process;
* buttons posted before a crash still work afterwards;
* the game finishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from games import registry
from tests.e2e.conftest import MACHINE_SPEED
from tests.fakediscord import FakeDiscord, FakeInteraction

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.game_ids()
# Kills in all (at least 50): each game gets its share.
KILLS = -(-55 // len(GAMES))
DONE_PREFIX = "Done: "  # core.turn.moved in English: the user was told the move happened


def db_rows(path: str, sql: str, params: tuple = ()) -> list[tuple]:
    """Read the bot's database from outside, as an operator would (WAL allows it)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


@dataclass
class BotProcess:
    fake: FakeDiscord
    database: str
    log_path: Path
    proc: asyncio.subprocess.Process | None = None
    starts: list[float] = field(default_factory=list)  # seconds from exec to IDENTIFY
    extra_env: dict[str, str] = field(default_factory=dict)
    shard: int | None = None  # the one shard this process runs, beside other processes

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ASZTAL_", "DISCORD_"))}
        # Production settings otherwise: the real board debounce and the picture pool.
        env.update(self.fake.env, ASZTAL_TOKEN="fake", ASZTAL_DB=self.database,
                   ASZTAL_GUILD_READY_TIMEOUT="0.05", ASZTAL_LOG_LEVEL="WARNING", ASZTAL_LANGUAGE="en",
                   ASZTAL_ENV_FILE=str(self.log_path.parent / "no.env"), PYTHONPATH=str(ROOT),
                   ASZTAL_MEMBER_RATE=MACHINE_SPEED)
        env.update(self.extra_env)
        return env

    async def start(self) -> None:
        before = self.fake.gateway.identify_count
        t0 = time.monotonic()
        with self.log_path.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=str(ROOT), env=self.env(), stdout=log, stderr=log)
        # setup_hook (store, resume, command sync) runs before the gateway connects, so an
        # IDENTIFY means the new process is ready for interactions.
        await self.fake.wait_for(lambda: self.fake.gateway.identify_count > before and self.fake.gateway.connected(),
                                 30, "the bot process to identify")
        self.starts.append(time.monotonic() - t0)

    async def kill(self) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.proc = None
        # The fake notices the dead socket; wait for that so no event goes to a dead session.
        await self.fake.wait_for(lambda: not self._connected(), 10, "the socket to close")

    def _connected(self) -> bool:
        gateway = self.fake.gateway
        if self.shard is None:
            return gateway.connected()
        session = gateway.current.get(self.shard)
        return session is not None and session.conn is not None and not session.conn.closed

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


def acknowledged(inter: FakeInteraction) -> bool:
    """The user was shown "Done: …" for this interaction (an edited prompt or a follow-up)."""
    texts = []
    if inter.callback_type == 7 and inter.callback_data is not None:
        texts.append(inter.callback_data.get("content") or "")
    texts += [m.content for m in inter.messages]
    return any(t.startswith(DONE_PREFIX) for t in texts)


async def redeliver(fake: FakeDiscord, old: FakeInteraction, timeout: float = 5.0) -> FakeInteraction:
    """Discord delivering an interaction again with the same id (fresh token and deadline)."""
    inter = FakeInteraction(fake, old.id, f"aW50ZXJhY3Rpb246{fake.new_token()}", old.type, old.user, old.channel,
                            old.data, created_at=fake.clock.time(), message=old.message)
    fake.interactions[inter.id] = inter
    fake.interactions_by_token[inter.token] = inter
    await fake.wait_ready()
    inter.mark_sent()
    fake.gateway.dispatch("INTERACTION_CREATE", fake._interaction_payload(inter), old.channel.guild_id,
                          dm=old.channel.is_dm)
    await inter.wait_responded(timeout)
    return inter


class Driver:
    """Plays one table through the bot's UI, with the engine reading the database as the oracle."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, game_id: str, rnd: random.Random, kill_budget: int):
        self.fake, self.bot, self.game_id, self.rnd = fake, bot, game_id, rnd
        self.kill_budget = kill_budget  # kills stop after this many: the rest of the game runs fast
        self.game = registry.get(game_id)
        self.users = {}
        self.table_id = 0
        self.sent: list[FakeInteraction] = []  # every move attempt
        self.lost: list[FakeInteraction] = []  # cut off by a kill before an answer
        self.kills = {"inflight": 0, "idle": 0}
        self.old_button_clicks = 0  # clicks on components posted by an earlier process
        self.process_started_at = 0.0
        self.redelivered = 0

    def table(self) -> tuple[str, int, dict | None, list[dict]]:
        status, seq, state, seats = db_rows(self.bot.database, "SELECT status, seq, state, seats FROM games"
                                            " WHERE id = ?", (self.table_id,))[0]
        return status, seq, json.loads(state) if state else None, json.loads(seats)

    async def open(self, players: int) -> None:
        fake = self.fake
        people = [fake.add_user(f"p{i}", locale="en-US") for i in range(players)]
        self.users = {u.id: u for u in people}
        new = (await fake.slash(people[0], fake.channel, "game", "new", {"game": self.game_id})).expect_response()
        lobby = new.original
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        self.table_id = int(join.split(":")[2])
        for user in people[1:]:
            (await fake.click(user, lobby, join)).expect_response()
            # Answered (deferred) before handled: wait until the lobby lists them, as a person would.
            await fake.wait_for(lambda user=user: user.name in lobby.content, 10, "the lobby to list the joiner")
        start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
        (await fake.click(people[0], lobby, start)).expect_response()

    def prompt_components(self, user, seq: int) -> list[tuple]:
        """(message, custom_id, select values) of the newest prompt for ``seq`` that ``user`` sees."""
        prefixes = (f"az:a:{self.table_id}:{seq}:", f"az:s:{self.table_id}:{seq}:")
        for msg in reversed(self.fake.visible_to(user)):
            found = []
            for comp in _components(msg.components):
                cid = comp.get("custom_id", "")
                if cid.startswith(prefixes) and not comp.get("disabled"):
                    values = [o["value"] for o in comp.get("options") or []]
                    found.append((msg, cid, values))
            if found:
                return found
        return []

    async def send_move(self, user, seat: int, seq: int, state: dict, wait: bool) -> FakeInteraction:
        """One move attempt by ``user`` through a random route; returns the interaction."""
        fake, rnd = self.fake, self.rnd
        kw = {} if wait else {"timeout": 30}
        route = rnd.random()
        prompts = self.prompt_components(user, seq) if route < 0.8 else []
        if not prompts and route < 0.9:
            # Ask for the prompt through the board's button (works when a DM went missing).
            board = next((m for m in reversed(fake.channel_messages(fake.channel))
                          if f"az:t:{self.table_id}:turn" in m.custom_ids()), None)
            if board is not None:
                await fake.click(user, board, f"az:t:{self.table_id}:turn")
                prompts = self.prompt_components(user, seq)
        if prompts:
            msg, cid, values = rnd.choice(prompts)
            if msg.timestamp and msg.id < self.process_started_at:
                self.old_button_clicks += 1
            if cid.startswith("az:s:"):
                coro = fake.select(user, msg, cid, [rnd.choice(values)], **kw)
            else:
                coro = fake.click(user, msg, cid, **kw)
        else:
            action = rnd.choice(self.game.legal_actions(state, seat)).id
            coro = fake.slash(user, fake.channel, "play", options={"action": action}, **kw)
        if wait:
            inter = await coro
        else:
            task = asyncio.create_task(coro)
            await asyncio.sleep(0)  # registered and dispatched now
            inter = list(fake.interactions.values())[-1]
            await asyncio.sleep(rnd.uniform(0, 0.06))
            await self.kill("inflight")
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.sent.append(inter)
        return inter

    async def kill(self, kind: str) -> None:
        await self.bot.kill()
        self.kills[kind] += 1
        await self.bot.start()
        self.process_started_at = self.fake.snowflake()  # messages older than this came from a dead process

    async def play(self, kill_p: float, max_steps: int = 5000) -> None:
        rnd = self.rnd
        for _ in range(max_steps):
            status, seq, state, seats = self.table()
            if status != "active":
                return
            due = self.game.to_act(state)
            seat = rnd.choice(due)
            user = self.users[seats[seat]["user_id"]]
            budget_left = sum(self.kills.values()) < self.kill_budget
            mode = "idle" if budget_left and rnd.random() < kill_p else None
            if mode and rnd.random() < 0.6:
                mode = "inflight"
            if mode and not self.kills["idle"] and self.kills["inflight"] >= 3:
                mode = "idle"  # a few kills a game: make sure both kinds happen
            inter = await self.send_move(user, seat, seq, state, wait=mode != "inflight")
            if mode == "inflight":
                if not inter.responded or (inter.deferred and not acknowledged(inter)):
                    self.lost.append(inter)
                    if rnd.random() < 0.5:
                        # The user's client retries: the same interaction id reaches the new process.
                        self.sent.append(await redeliver(self.fake, inter))
                        self.redelivered += 1
            elif mode == "idle":
                await asyncio.sleep(rnd.uniform(0, 0.15))  # sometimes mid-publication of the board
                await self.kill("idle")
            if rnd.random() < 0.03 and any(acknowledged(i) for i in self.sent):
                # A re-delivered interaction that was already answered must change nothing.
                old = rnd.choice([i for i in self.sent if acknowledged(i)])
                self.sent.append(await redeliver(self.fake, old))
                self.redelivered += 1
        raise AssertionError(f"table {self.table_id} did not finish in {max_steps} steps")

    def check_log(self) -> int:
        rows = db_rows(self.bot.database, "SELECT seq, interaction_id FROM actions WHERE table_id = ? ORDER BY seq",
                       (self.table_id,))
        seqs = [r[0] for r in rows]
        assert seqs == list(range(1, len(seqs) + 1)), "seqs are not contiguous"
        (final_seq,) = db_rows(self.bot.database, "SELECT seq FROM games WHERE id = ?", (self.table_id,))[0]
        assert final_seq == len(seqs)
        ids = [r[1] for r in rows if r[1] is not None]
        assert len(ids) == len(set(ids)), "an interaction id was applied twice"
        logged = set(ids)
        missing = [i for i in self.sent if acknowledged(i) and i.id not in logged]
        assert not missing, f"acknowledged but not in the log: {missing}"
        return len(seqs)


def _components(rows: list[dict]):
    for comp in rows or []:
        yield comp
        yield from _components(comp.get("components") or [])


@pytest.mark.parametrize("game_id", GAMES)
async def test_sigkill_and_restart_loses_no_acknowledged_move(tmp_path, game_id):
    rnd = random.Random(int(os.environ.get("ASZTAL_CRASH_SEED", "7")))
    t0 = time.monotonic()
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, str(tmp_path / "bot.sqlite3"), tmp_path / "bot.log")
        await bot.start()
        drivers: list[Driver] = []
        try:
            # One game rarely lasts 50 kills at a bearable kill rate: play more tables until it has.
            while sum(sum(d.kills.values()) for d in drivers) < KILLS or not drivers:
                if drivers:
                    fake.channel = fake.add_channel(fake.guild, f"games-{len(drivers)}")
                driver = Driver(fake, bot, game_id, rnd, KILLS - sum(sum(d.kills.values()) for d in drivers))
                drivers.append(driver)
                await driver.open(players=2)
                await driver.play(kill_p=0.25)
        finally:
            await bot.stop()
        moves = sum(d.check_log() for d in drivers)
        kills = {k: sum(d.kills[k] for d in drivers) for k in ("inflight", "idle")}
        old_clicks = sum(d.old_button_clicks for d in drivers)
        log = bot.log_path.read_text(errors="replace")
        starts = sorted(bot.starts)
        print(f"\ncrash: {len(drivers)} games, {moves} moves, kills {kills}, lost {sum(len(d.lost) for d in drivers)}, "
              f"redelivered {sum(d.redelivered for d in drivers)}, old-button clicks {old_clicks}, "
              f"start-up median {starts[len(starts) // 2]:.2f}s max {starts[-1]:.2f}s, "
              f"total {time.monotonic() - t0:.1f}s")
        assert sum(kills.values()) >= KILLS and kills["inflight"] and kills["idle"]
        assert old_clicks > 0, "no button from before a crash was clicked"
        assert "Traceback" not in log and " ERROR " not in log, log[-3000:]
        assert not fake.validation_failures, fake.validation_failures[:3]
