"""≥ 10 000 random interactions against running games, through the local Discord.

Random users (players and strangers) send random commands with random options (empty,
unicode, up to Discord's length limits), autocomplete requests with random text, clicks on stale
prompts, and components with crafted custom_ids (wrong tables, stale or future seqs, unknown
actions and ops, garbage) on fabricated messages.  Real moves are mixed in so the games advance.

Checked: nothing is logged at ERROR by discord.* / bot.* / service.*, every interaction gets its
answer in time (deferrals filled in), an input answered with a refusal changed nothing at its
table, and no request of the bot broke Discord's validation.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
import os
import random
import re
import time

import pytest

from bot import components
from games import registry
from service import i18n
from tests.e2e.conftest import Env, running_bot
from tests.fakediscord import FakeDiscord, FakeInteraction
from tests.fakediscord.interactions import COMPONENT
from tests.fakediscord.models import Message

GAMES = registry.game_ids()
# Interactions in all: each game gets its share.
TOTAL = int(os.environ.get("ASZTAL_FUZZ_COUNT", "10000"))
PER_GAME = -(-TOTAL // len(GAMES))
TABLES = 8
UNKNOWN_LOBBY_OPS = ["xyz", "joinx", "a"]  # az:l:<table>:<op> with an op no lobby button has

TEMPLATES = [item.__discord_ui_compiled_template__ for item in components.PERSISTENT_ITEMS]
TEXTS = ["", " ", "a", "0", "-1", "ő", "Ünnep ÁRVÍZTŰRŐ tükörfúrógép", "漢字かな", "👩‍👩‍👧‍👦🎲", "e\u0301\u0301",
         "\u200b\u200f\u202e", "שלום", "\x00\x01", "'; DROP TABLE games;--", "{action} {0} %s %(x)s", "@everyone",
         "<@1> <#2> <@&3>", "**bold** `code` ||spoiler||", "\\", "\n\n\t", "null", "true", "[]", "{}",
         "start_choice=true", "start_choice=maybe", "=", "a=b=c", "start_choice"]


def _error_patterns() -> list[re.Pattern[str]]:
    """The English refusal texts (core and game errors), placeables (Fluent ``{ $x }``, one
    level of nesting for select expressions) as wildcards."""
    out = []
    for key, (en, _hu) in i18n.catalogue().items():
        if ".error." in key:
            parts = re.split(r"\{(?:[^{}]|\{[^{}]*\})*\}", en)
            out.append(re.compile(".*?".join(re.escape(p) for p in parts), re.S))
    return out


ERRORS = _error_patterns()


def is_refusal(inter: FakeInteraction) -> bool:
    texts = [m.content for m in inter.messages]
    if inter.callback_type == 7 and inter.callback_data:
        texts.append(inter.callback_data.get("content") or "")
    return any(p.match(t) for t in texts for p in ERRORS)


def rand_text(rnd: random.Random, limit: int, extra: list[str] = ()) -> str:
    pick = rnd.random()
    if pick < 0.5:
        text = rnd.choice([*TEXTS, *extra])
    elif pick < 0.8:
        text = "".join(rnd.choice([*TEXTS, *extra, "x"]) for _ in range(rnd.randint(1, 8)))
    else:  # up to the limit Discord allows
        text = (rnd.choice(TEXTS[1:]) * limit)[: rnd.randint(max(1, limit - 10), limit)]
    return text[:limit]


class ErrorLog(logging.Handler):
    """ERROR records of the bot's side; an unanswerable interaction (handler warning) counts too."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or (record.name == "bot.handlers" and "could not answer" in record.msg):
            self.records.append(record)


@contextlib.contextmanager
def captured_errors():
    handler = ErrorLog()
    loggers = [logging.getLogger(n) for n in ("discord", "bot", "service")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def fuzz_bot(fake: FakeDiscord, database: str):
    # Production settings (the real debounce, the picture pool): see conftest.  Clocks and timed
    # reactions stand still, so every change is an interaction's doing (they have tests of their own).
    return running_bot(fake, database, clock_scale=10_000.0)


@dataclasses.dataclass
class Stats:
    sent: int = 0
    moves: int = 0
    refusals: int = 0
    problems: list[str] = dataclasses.field(default_factory=list)


class Fuzzer:
    def __init__(self, env: Env, game_id: str, index: int, strangers: list, rnd: random.Random, stats: Stats):
        self.env, self.fake, self.game_id, self.rnd, self.stats = env, env.fake, game_id, rnd, stats
        self.game = registry.get(game_id)
        self.strangers = strangers
        self.channel = self.fake.add_channel(self.fake.guild, f"fuzz-{index}")
        self.players = [self.fake.add_user(f"t{index}p{i}") for i in range(2)]
        # Whom /game substitute may seat: this table's own, so no other fuzzer's clicks ever count here.
        self.substitutes = [self.fake.add_user(f"t{index}sub")]
        self.table_id = 0
        self.other_tables: list[int] = []
        self.sent = 0  # interactions this fuzzer sent (``stats.sent`` counts every table's)

    @property
    def service(self):
        return self.env.bot.service

    async def snapshot(self) -> tuple:
        row = await self.service.store.get_table(self.table_id)
        return (row.status, row.seq, json.dumps(row.state, sort_keys=True),
                json.dumps([s.to_json() for s in row.seats])) if row else None

    async def open_table(self) -> None:
        fake, rnd = self.fake, self.rnd
        creator = self.players[0]
        new = await fake.slash(creator, self.channel, "game", "new", {"game": self.game_id})
        self.check(new)
        lobby = new.original
        ids = lobby.custom_ids()
        self.table_id = int(ids[0].split(":")[2])
        # A click is answered (deferred) before it is handled: let each one land, as people's do.
        self.check(await fake.click(self.players[1], lobby, next(c for c in ids if c.endswith(":join"))))
        await self.env.bot.handlers.idle()
        if rnd.random() < 0.5:
            self.check(await fake.click(creator, lobby, next(c for c in ids if c.endswith(":ai"))))
            await self.env.bot.handlers.idle()
        self.check(await fake.click(creator, lobby, next(c for c in ids if c.endswith(":start"))))
        await self.env.bot.handlers.idle()

    def check(self, inter: FakeInteraction) -> FakeInteraction:
        self.stats.sent += 1
        self.sent += 1
        what = inter.data.get("custom_id") or inter.data.get("name")
        if not inter.responded:
            self.stats.problems.append(f"no answer to {what!r} ({inter.rejected})")
        elif inter.callback_type == 5 and not inter.filled:
            self.stats.problems.append(f"deferred {what!r} never filled in")
        return inter

    def users(self) -> list:
        return [*self.players, *self.substitutes, *self.strangers]

    def recent(self, user, limit: int = 400) -> list[Message]:
        """Live messages ``user`` sees among the newest ``limit``, newest first (visible_to() scans all)."""
        fake, out = self.fake, []
        for msg in itertools.islice(reversed(fake.messages.values()), limit):
            if not msg.deleted and (msg.ephemeral_for == user.id if msg.ephemeral
                                    else fake.can_see_channel(user, fake.channels[msg.channel_id])):
                out.append(msg)
        return out

    # --- inputs ---------------------------------------------------------------------------------

    async def real_move(self) -> None:
        row = await self.service.table(self.table_id)
        if row is None or row.status != "active":
            await self.open_table()
            return
        humans = self.service.humans_to_act(row)
        if not humans:
            return
        seat = self.rnd.choice(humans)
        user = next(u for u in [*self.players, *self.substitutes] if u.id == row.seats[seat].user_id)
        prefixes = (f"az:a:{self.table_id}:{row.seq}:", f"az:s:{self.table_id}:{row.seq}:")
        for msg in self.recent(user):
            ids = [c for c in msg.custom_ids() if c.startswith(prefixes)]
            if ids:
                cid = self.rnd.choice(ids)
                if cid.startswith("az:s:"):
                    comp = msg.find_component(cid)
                    inter = await self.fake.select(user, msg, cid, [self.rnd.choice(comp["options"])["value"]])
                else:
                    inter = await self.fake.click(user, msg, cid)
                break
        else:
            action = self.rnd.choice(self.service.legal_actions(row, seat)).id
            inter = await self.fake.slash(user, self.channel, "play", options={"action": action})
        self.check(inter)
        self.stats.moves += 1
        # Answered (deferred) before it is applied: the next refusal's "before" must come after it.
        await self.env.bot.handlers.idle()

    async def stale_click(self) -> FakeInteraction | None:
        """Any live bot component a random user can see (old prompts, old boards, lobbies)."""
        user = self.rnd.choice(self.users())
        found = [(m, c) for m in self.recent(user) if m.author.bot
                 for c in m.custom_ids() if not (m.find_component(c) or {}).get("disabled")]
        if not found:
            return None
        msg, cid = self.rnd.choice(found)
        comp = msg.find_component(cid)
        if comp.get("type") == 3:
            return await self.fake.select(user, msg, cid, [self.rnd.choice(comp["options"])["value"]])
        return await self.fake.click(user, msg, cid)

    def crafted_id(self, seq: int, legal: list[str]) -> str:
        rnd = self.rnd
        table = rnd.choice([self.table_id, self.table_id, *self.other_tables, 0, 999_999, 10**18])
        seq_ = rnd.choice([seq, seq, seq - 1, seq + 1, 0, 10**12])
        action = rnd.choice([*legal, *legal, "pass", "garbage", rand_text(rnd, 40), ""]) if legal else "x"
        kind = rnd.random()
        if kind < 0.45:
            cid = f"az:a:{table}:{seq_}:{action}"
        elif kind < 0.6:
            cid = f"az:s:{table}:{seq_}:{rnd.randint(0, 9)}"
        elif kind < 0.75:
            ops = ["join", "leave", "ai", "unai", "start", "cancel", *UNKNOWN_LOBBY_OPS]
            cid = f"az:l:{table}:{rnd.choice(ops)}"
        elif kind < 0.9:
            cid = f"az:t:{table}:{rnd.choice(['turn', 'hand', 'zzz'])}"
        else:
            cid = rnd.choice(["az:a:1:2:x", f"az:a:{table}:{seq_}:{'x' * 90}", f"az:t:{table}:turn"])
        return cid[:100]

    async def crafted_click(self, seq: int, legal: list[str]) -> FakeInteraction:
        """A component no real message carries, on a fabricated bot message."""
        rnd, fake = self.rnd, self.fake
        user = rnd.choice(self.users())
        channel = self.channel if rnd.random() < 0.8 else fake.dm_channel(user)
        cid = self.crafted_id(seq, legal)
        if cid.startswith("az:s:"):
            values = [rnd.choice([*legal, "nope", rand_text(rnd, 100)] if legal else ["nope"]) or "v"]
            comp = {"type": 3, "custom_id": cid, "options": [{"label": "·", "value": v} for v in values]}
            data = {"custom_id": cid, "component_type": 3, "values": values}
        else:
            comp = {"type": 2, "style": 2, "label": "·", "custom_id": cid}
            data = {"custom_id": cid, "component_type": 2}
        msg = Message(fake.snowflake(), channel.id, fake.bot_user, content="·", guild_id=channel.guild_id,
                      components=[{"type": 1, "components": [comp]}], timestamp=fake.clock.iso())
        # Every id, however damaged, is claimed by one component template and answered.
        assert sum(1 for t in TEMPLATES if t.fullmatch(cid)) == 1, cid
        return await fake.interact(COMPONENT, user, channel, data, msg)

    def command_args(self, legal: list[str]) -> tuple[str, list[str], dict]:
        """A random registered command with random option values within Discord's own limits."""
        rnd = self.rnd
        cmds = [c for c in self.fake.commands.get(None, []) if c["type"] == 1]
        cmd = rnd.choice(cmds)
        schema, sub = cmd.get("options") or [], []
        while any(o["type"] in (1, 2) for o in schema):
            opt = rnd.choice([o for o in schema if o["type"] in (1, 2)])
            if opt["name"] in ("abort", "language", "server-language", "leave", "substitute") and rnd.random() < 0.8:
                continue  # keep aborts, seats changing hands and language changes rare
            sub.append(opt["name"])
            schema = opt.get("options") or []
        options = {}
        for opt in schema:
            if not opt.get("required") and rnd.random() < 0.4:
                continue
            if opt.get("choices"):
                choices = [c["value"] for c in opt["choices"]]
                if opt["name"].startswith(("lang", "nyelv")):
                    choices = [c for c in choices if c != "hu"]  # answers stay English for the checks
                options[opt["name"]] = rnd.choice(choices)
            elif opt["type"] == 3:
                limit = opt.get("max_length", 6000)
                options[opt["name"]] = rand_text(rnd, limit, legal)
                if len(options[opt["name"]]) < opt.get("min_length", 0):
                    options[opt["name"]] = "x" * opt["min_length"]
            elif opt["type"] == 4:
                options[opt["name"]] = rnd.randint(opt.get("min_value", -(2**53)), opt.get("max_value", 2**53))
            elif opt["type"] == 5:
                options[opt["name"]] = rnd.random() < 0.5
            elif opt["type"] == 6:
                options[opt["name"]] = rnd.choice([*self.players, *self.substitutes])
        return cmd["name"], sub, options

    async def slash(self, legal: list[str]) -> FakeInteraction:
        name, sub, options = self.command_args(legal)
        return await self.fake.slash(self.rnd.choice(self.users()), self.channel, name, sub, options)

    async def autocomplete(self, legal: list[str]) -> FakeInteraction:
        rnd, fake = self.rnd, self.fake
        user = rnd.choice(self.users())
        if rnd.random() < 0.6:
            await fake.autocomplete(user, self.channel, "play", {"action": rand_text(rnd, 6000, legal)}, "action")
        else:
            await fake.autocomplete(user, self.channel, "game", {"game": rnd.choice(registry.game_ids()),
                                                                 "options": rand_text(rnd, 6000)}, "options", sub="new")
        return fake.last_autocomplete

    async def run(self, count: int) -> None:
        """Until this fuzzer has sent ``count`` interactions: a step finds nothing to send when
        an AI seat is to move or no live component is in sight, and how often depends on how
        the AI's and the picture's tasks interleave with the fuzzer's (a loaded machine sent
        1999 of 2000 in Maharaja when each step counted as one)."""
        start, steps = self.sent, 0
        while self.sent - start < count:
            steps += 1
            assert steps <= 4 * count, f"table {self.table_id}: {self.sent - start} sent in {steps} steps"
            rnd = self.rnd
            row = await self.service.table(self.table_id)
            if rnd.random() < 0.1 or row is None or row.status != "active":
                await self.real_move()
                continue
            seat = self.service.humans_to_act(row)
            legal = [a.id for a in self.service.legal_actions(row, seat[0])] if seat else []
            # A click is answered (deferred) before it is applied: take "before" once all landed.
            await self.env.bot.handlers.idle()
            before = await self.snapshot()
            kind = rnd.random()
            if kind < 0.3:
                inter = await self.crafted_click(row.seq, legal)
            elif kind < 0.5:
                inter = await self.stale_click()
                if inter is None:
                    continue
            elif kind < 0.8:
                inter = await self.slash(legal)
            else:
                inter = await self.autocomplete(legal)
            cid = inter.data.get("custom_id", "")
            self.check(inter)
            if inter.type == 4 or is_refusal(inter):
                self.stats.refusals += inter.type != 4
                await self.env.bot.handlers.idle()
                after = await self.snapshot()
                if after != before:
                    entries = [(a.seat, a.action_id, a.interaction_id) for a in
                               await self.service.store.actions(self.table_id, since=before[1])]
                    self.stats.problems.append(f"refused {cid or inter.data.get('name')!r} changed table "
                                               f"{self.table_id}: seq {before[1]} -> {after[1]}, {before[0]} -> {after[0]}"
                                               f" {entries} inter {inter.id}")


@pytest.mark.parametrize("game_id", GAMES)
async def test_random_interactions(tmp_path, game_id):
    seed = int(os.environ.get("ASZTAL_FUZZ_SEED", "11"))
    t0 = time.monotonic()
    stats = Stats()
    with captured_errors() as errors:
        async with FakeDiscord() as fake, fuzz_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
            strangers = [fake.add_user(f"stranger{i}") for i in range(3)]
            fuzzers = [Fuzzer(env, game_id, i, strangers, random.Random(seed * 1000 + i), stats) for i in range(TABLES)]
            await asyncio.gather(*(f.open_table() for f in fuzzers))
            for f in fuzzers:
                f.other_tables = [g.table_id for g in fuzzers if g is not f]
            await asyncio.gather(*(f.run(PER_GAME // TABLES) for f in fuzzers))
            await env.settle()
    print(f"\nfuzz: {stats.sent} interactions ({stats.moves} real moves, {stats.refusals} refusals) in {time.monotonic() - t0:.1f}s")
    assert stats.sent >= PER_GAME
    assert not stats.problems, stats.problems[:20]
    assert not errors.records, [f"{r.name}: {r.getMessage()}" for r in errors.records[:10]]
    assert not fake.late_responses, fake.late_responses[:5]
    assert not fake.validation_failures, fake.validation_failures[:5]
