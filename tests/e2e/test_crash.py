"""SIGKILL the bot process at points the local Discord names; restart it on the same SQLite file.

The bot runs as a real subprocess (``python -m bot``) against the local Discord of this test.
Simulated players drive a game through prompt buttons, ``/play`` and the board's "my turn"
button, the moves drawn from the engine (reading the database) with a fixed seed.  Every few
moves, in a fixed order of kinds, the process is killed at a point the fake Discord stops it at
(``FakeDiscord.stop_at``), so every run kills at every kind of point, the same number of times:

* ``received``: the bot received a move's interaction and its first response is on its way
  (held, never reaching Discord): nothing happened, the user saw "interaction failed";
* ``answer``: the move is committed and its answer ("Done: …") is on its way (held, dropped),
  the board and the DMs the move set off held too: the user was told nothing;
* ``post``: the board post the move set off reached Discord, its answer to the bot did not (the
  DMs held and dropped): the restarted bot must not post that board twice;
* ``idle``: everything the move set off is out (the fake handles no request, the outbox is empty).

After each restart a user's client retries the lost interaction (same id) half the time, and a
player always clicks a button of a message posted before the kill; the answer each must get is
worked out beforehand from the database (applied: "Done: …" and logged once; out of date or
already made: the refusal, nothing logged).  Checked at the end:

* every move acknowledged to a user ("Done: …") is in the actions log, exactly once;
* seqs are contiguous and no interaction id is applied twice, also when Discord re-delivers an
  interaction (same id) to the restarted process;
* the games finish; the log holds no ERROR but the allow-listed ones a SIGKILL leaves.

Nothing asserted depends on the wall clock: waits are for states (with generous time-outs).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from games import registry
from service import i18n
from tests.e2e.conftest import MACHINE_SPEED
from tests.fakediscord import FakeDiscord, FakeInteraction, StopPoint, points

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.game_ids()
SEED = 7
KINDS = ("received", "answer", "post", "idle")
# Kills a game, of each kind: 12 a game, 60 in all.
KILLS_PER_KIND = 3
# A kill every this many moves, until the game's kills are done; the rest of the game runs fast.
KILL_EVERY = 3
DONE_PREFIX = "Done: "  # core.turn.moved in English: the user was told the move happened
LOG_LINE = re.compile(r"^\S+ \S+ (?P<level>[A-Z]+) (?P<logger>[\w.]+): (?P<message>.*)$")
# (logger, message) of the ERROR lines a SIGKILL may leave in the log, exactly; anything else fails.
ALLOWED_ERRORS: set[tuple[str, str]] = set()


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
    """The user was shown "Done: …" for this interaction (an updated prompt or a follow-up)."""
    return any(t.startswith(DONE_PREFIX) for t in inter.answers)


def answered(inter: FakeInteraction) -> bool:
    """The bot showed its answer (not only a deferral)."""
    return bool(inter.answers)


async def redeliver(fake: FakeDiscord, old: FakeInteraction, timeout: float = 30.0) -> FakeInteraction:
    """Discord delivering an interaction again with the same id (fresh token and deadline), as it
    was sent the first time (the message a button sat on as it was then)."""
    inter = FakeInteraction(fake, old.id, f"aW50ZXJhY3Rpb246{fake.new_token()}", old.type, old.user, old.channel,
                            old.data, created_at=fake.clock.time(), message=old.message)
    fake.interactions[inter.id] = inter
    fake.interactions_by_token[inter.token] = inter
    await fake.wait_ready()
    inter.mark_sent()
    assert old.payload is not None
    inter.payload = {**old.payload, "token": inter.token}
    fake.gateway.dispatch("INTERACTION_CREATE", inter.payload, old.channel.guild_id, dm=old.channel.is_dm)
    await fake.wait_for(lambda: answered(inter) or inter.rejected, timeout, "the answer to a redelivery")
    return inter


@dataclass
class Expected:
    """The answer an interaction must get, worked out from the database before it is sent."""

    applied: bool
    text: str  # the answer starts with DONE_PREFIX (applied) or holds this refusal


class Driver:
    """Plays one table through the bot's UI, with the engine reading the database as the oracle."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, game_id: str, rnd: random.Random,
                 schedule: list[str] | None = None):
        self.fake, self.bot, self.game_id, self.rnd = fake, bot, game_id, rnd
        # The routes a move takes through the UI depend on which messages are out, which depends
        # on timing: they draw from their own generator so the moves (rnd) stay the same.
        self.ui = random.Random(rnd.random())
        # the kinds of kill still due, in order (shared by the tables of a game); none: no kills
        self.schedule = [] if schedule is None else schedule
        self.game = registry.get(game_id)
        self.users = {}
        self.table_id = 0
        self.sent: list[FakeInteraction] = []  # every move attempt
        self.lost: list[FakeInteraction] = []  # cut off by a kill before an answer
        self.kills = dict.fromkeys(KINDS, 0)
        self.old_clicks = {"applied": 0, "refused": 0}  # clicks on components posted by an earlier process
        self.ended_at_kill = 0  # restarts after which the game was over (nothing to click)
        self.process_started_at = 0
        self.redelivered = 0
        self.moves = 0

    def table(self) -> tuple[str, int, dict | None, list[dict], dict]:
        status, seq, state, seats, meta = db_rows(self.bot.database, "SELECT status, seq, state, seats, meta"
                                                  " FROM games WHERE id = ?", (self.table_id,))[0]
        return status, seq, json.loads(state) if state else None, json.loads(seats), json.loads(meta)

    def logged(self, interaction_id: int) -> bool:
        return bool(db_rows(self.bot.database, "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)))

    def seat_of(self, user, seats: list[dict]) -> int:
        return next(i for i, s in enumerate(seats) if s["user_id"] == user.id)

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
        await fake.wait_for(lambda: self.table()[0] == "active", 10, "the game to start")

    # -- the UI ----------------------------------------------------------------------------------
    def offers(self, user, seq: int | None, action: str | None, before: int | None = None) -> list[tuple]:
        """(message, custom_id, action) of prompt components ``user`` sees for this table: for
        ``seq`` (None: any), offering ``action`` (None: any), on messages older than ``before``."""
        found = []
        for msg in self.fake.visible_to(user):
            if before is not None and msg.id >= before:
                continue
            for comp in _components(msg.components):
                cid = comp.get("custom_id", "")
                parts = cid.split(":", 4)
                if comp.get("disabled") or len(parts) < 5 or parts[0] != "az" or parts[1] not in "as" \
                        or parts[2] != str(self.table_id) or (seq is not None and parts[3] != str(seq)):
                    continue
                choices = [parts[4]] if parts[1] == "a" else [o["value"] for o in comp.get("options") or []]
                found += [(msg, cid, a) for a in choices if action is None or a == action]
        return found

    def press(self, user, msg, cid: str, action: str, **kw):
        if cid.startswith("az:s:"):
            return self.fake.select(user, msg, cid, [action], **kw)
        return self.fake.click(user, msg, cid, **kw)

    async def route(self, user, seq: int, action: str):
        """A way for ``user`` to play ``action`` (a prompt, the board's "my turn", or /play):
        returns a function sending it (keyword arguments for ``fake.interact``)."""
        fake, way = self.fake, self.ui.random()
        offers = self.offers(user, seq, action) if way < 0.8 else []
        if not offers and way < 0.9:
            # Ask for the prompt through the board's button (works when a DM went missing).
            board = next((m for m in reversed(fake.channel_messages(fake.channel))
                          if f"az:t:{self.table_id}:turn" in m.custom_ids()), None)
            if board is not None:
                await fake.click(user, board, f"az:t:{self.table_id}:turn")
                offers = self.offers(user, seq, action)
        if offers:
            msg, cid, _ = offers[-1]  # the newest
            return lambda **kw: self.press(user, msg, cid, action, **kw)
        return lambda **kw: fake.slash(user, fake.channel, "play", options={"action": action}, **kw)

    # -- the oracle --------------------------------------------------------------------------------
    def expect(self, user, data: dict, interaction_id: int | None) -> Expected:
        """What the bot must answer ``user`` sending ``data`` (a prompt click or /play) now."""
        _, seq, state, seats, meta = self.table()
        seat = self.seat_of(user, seats)
        due = self.game.to_act(state)
        cid = data.get("custom_id")
        if cid is None:  # /play
            action = data["options"][0]["value"]
            current = True
        else:
            parts = cid.split(":", 4)
            action = parts[4] if parts[1] == "a" else data["values"][0]
            shown = int(parts[3])
            since = meta.get("due_since", {}).get(str(seat))
            # service.tables.prompt_current: unchanged, or only others moved while this seat stayed due
            current = shown == seq or (since is not None and since <= shown <= seq and seat in due)
        if not current:
            return Expected(False, i18n.text("core.error.stale_prompt", "en"))
        if interaction_id is not None and self.logged(interaction_id):
            return Expected(False, i18n.text("core.error.already_done", "en"))
        legal = {a.id for a in self.game.legal_actions(state, seat)} if seat in due else set()
        assert action in legal, f"the oracle offers only legal moves: {action!r} at seq {seq}"
        return Expected(True, DONE_PREFIX)

    def check(self, inter: FakeInteraction, expected: Expected, seq_before: int) -> None:
        texts = inter.answers
        seq_after = self.table()[1]
        if expected.applied:
            assert acknowledged(inter), f"{inter}: expected {DONE_PREFIX!r}…, got {texts}"
            assert self.logged(inter.id), f"{inter}: acknowledged but not logged"
            assert seq_after > seq_before
        else:
            assert any(expected.text in t for t in texts), f"{inter}: expected {expected.text!r}, got {texts}"
            assert not acknowledged(inter) and seq_after == seq_before, f"{inter}: applied, yet refused"

    async def answer_of(self, inter: FakeInteraction) -> FakeInteraction:
        await self.fake.wait_for(lambda: answered(inter) or inter.rejected, 30, f"the answer to {inter}")
        assert answered(inter), f"{inter} refused: {inter.rejected}"
        return inter

    # -- kills -------------------------------------------------------------------------------------
    async def idle(self) -> None:
        """Until the bot is idle: Discord handles no request of it and its outbox is empty."""
        await self.fake.wait_for(
            lambda: self.fake.in_flight == 0 and not db_rows(self.bot.database, "SELECT 1 FROM outbox LIMIT 1"),
            60, "the bot to be idle")

    def arm(self, kind: str) -> StopPoint | None:
        fake = self.fake
        if kind == "received":
            return fake.stop_at(kind, points.callback)
        if kind == "answer":
            return fake.stop_at(kind, points.webhook, hold=points.message_write)
        if kind == "post":
            board = points.post_to(fake.channel.id)
            return fake.stop_at(kind, board, applied=True,
                                hold=lambda method, path: points.message_write(method, path)
                                and not board(method, path))
        assert kind == "idle"
        return None

    async def kill_move(self, kind: str, user, seq: int, action: str) -> None:
        """One move with a kill of ``kind``, then the restart and its checks."""
        fake = self.fake
        await self.idle()  # nothing of an earlier move is under way: the point is this move's
        send = await self.route(user, seq, action)
        point = self.arm(kind)
        task = asyncio.create_task(send(timeout=60))
        if point is None:
            inter = await self.answer_of(await task)
            assert acknowledged(inter), inter.answers
            await self.idle()
            await self.bot.kill()
        else:
            await point.wait()
            inter = list(fake.interactions.values())[-1]
            await self.bot.kill()
            point.release()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.sent.append(inter)
        self.kills[kind] += 1
        await self.bot.start()
        self.process_started_at = fake.snowflake()  # messages older than this came from a dead process
        if not acknowledged(inter):
            self.lost.append(inter)
            if self.rnd.random() < 0.5:
                # The user's client retries: the same interaction id reaches the new process.
                seq_before = self.table()[1]
                expected = self.expect(inter.user, inter.data, inter.id)
                self.check(await redeliver(fake, inter), expected, seq_before)
                self.redelivered += 1
        await self.old_click()

    async def old_click(self) -> None:
        """A button of a message posted before the kill: the move the oracle draws if such a
        button offers it, an out-of-date one otherwise; its answer is checked."""
        status, seq, state, seats, _ = self.table()
        if status != "active":  # the killed move ended the game: no move is left to click
            self.ended_at_kill += 1
            return
        seat = self.rnd.choice(self.game.to_act(state))
        user = self.users[seats[seat]["user_id"]]
        action = self.rnd.choice(self.game.legal_actions(state, seat)).id
        old = self.process_started_at
        choices = [(user, o) for o in self.offers(user, None, action, before=old)
                   if self.expect(user, _click_data(o), None).applied]
        if not choices:
            choices = [(u, o) for u in self.users.values() for o in self.offers(u, None, None, before=old)]
        assert choices, "no button from before the kill to click"
        user, (msg, cid, picked) = self.ui.choice(choices)
        expected = self.expect(user, _click_data((msg, cid, picked)), None)
        inter = await self.answer_of(await self.press(user, msg, cid, picked, timeout=30))
        self.sent.append(inter)
        self.check(inter, expected, seq)
        self.old_clicks["applied" if expected.applied else "refused"] += 1

    async def play(self, kill_every: int, max_steps: int = 5000) -> None:
        rnd = self.rnd
        for _ in range(max_steps):
            status, seq, state, seats, _ = self.table()
            if status != "active":
                return
            seat = rnd.choice(self.game.to_act(state))
            user = self.users[seats[seat]["user_id"]]
            action = rnd.choice(self.game.legal_actions(state, seat)).id
            self.moves += 1
            if self.schedule and self.moves % kill_every == 0:
                await self.kill_move(self.schedule.pop(0), user, seq, action)
            else:
                send = await self.route(user, seq, action)
                expected = self.expect(user, {"options": [{"value": action}]}, None)
                inter = await self.answer_of(await send())
                self.sent.append(inter)
                self.check(inter, expected, seq)
            if rnd.random() < 0.03 and any(acknowledged(i) for i in self.sent):
                # A re-delivered interaction that was already answered must change nothing.
                old = self.ui.choice([i for i in self.sent if acknowledged(i)])
                seq_before = self.table()[1]
                inter = await redeliver(self.fake, old)
                self.sent.append(inter)
                assert not acknowledged(inter) and self.table()[1] == seq_before, inter.answers
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


def _click_data(offer: tuple) -> dict:
    _, cid, action = offer
    return {"custom_id": cid, "values": [action]}


def _components(rows: list[dict]):
    for comp in rows or []:
        yield comp
        yield from _components(comp.get("components") or [])


@pytest.mark.parametrize("game_id", GAMES)
async def test_sigkill_and_restart_loses_no_acknowledged_move(tmp_path, game_id):
    rnd = random.Random(SEED)
    schedule = [kind for _ in range(KILLS_PER_KIND) for kind in KINDS]
    async with FakeDiscord(seed=SEED) as fake:
        bot = BotProcess(fake, str(tmp_path / "bot.sqlite3"), tmp_path / "bot.log")
        await bot.start()
        drivers: list[Driver] = []
        try:
            # A game may end before its kills are done: the next table takes the rest.
            while schedule or not drivers:
                if drivers:
                    fake.channel = fake.add_channel(fake.guild, f"games-{len(drivers)}")
                driver = Driver(fake, bot, game_id, rnd, schedule)
                drivers.append(driver)
                await driver.open(players=2)
                await driver.play(kill_every=KILL_EVERY)
        finally:
            await bot.stop()
        moves = sum(d.check_log() for d in drivers)
        kills = {k: sum(d.kills[k] for d in drivers) for k in KINDS}
        old_clicks = {k: sum(d.old_clicks[k] for d in drivers) for k in ("applied", "refused")}
        log = bot.log_path.read_text(errors="replace")
        print(f"\ncrash {game_id}: {len(drivers)} games, {moves} moves, kills {kills}, "
              f"lost {sum(len(d.lost) for d in drivers)}, redelivered {sum(d.redelivered for d in drivers)}, "
              f"old-button clicks {old_clicks}")
        assert kills == dict.fromkeys(KINDS, KILLS_PER_KIND)
        # Every restart is followed by an old-button click, but one after which the game was over
        # (a game ends once, so at most once a table).
        ended = sum(d.ended_at_kill for d in drivers)
        assert all(d.ended_at_kill <= 1 for d in drivers)
        assert sum(old_clicks.values()) + ended == sum(kills.values()), "a restart went without an old-button click"
        unexpected = unexpected_errors(log)
        assert not unexpected, "\n".join(unexpected[:20])
        assert not fake.validation_failures, fake.validation_failures[:3]


def unexpected_errors(log: str) -> list[str]:
    """ERROR and CRITICAL lines (and tracebacks) of the bot's log but the allow-listed ones."""
    out, allowed = [], False
    for line in log.splitlines():
        m = LOG_LINE.match(line)
        if m is not None:
            allowed = (m["logger"], m["message"]) in ALLOWED_ERRORS
            if m["level"] in ("ERROR", "CRITICAL") and not allowed:
                out.append(line)
        elif line.startswith("Traceback") and not allowed:  # one not following an allowed error
            out.append(line)
    return out
