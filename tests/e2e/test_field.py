"""Delivery in the field: a slow, rate-limited Discord that refuses, loses channels and DMs.

Each test stands for a defect that stalled games before the durable outbox (issue 10); the
bot runs with the real debounce and its pictures drawn in the process pool (see conftest).
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
import threading
import time

from service.outbox import seat_target
from service.store import Outgoing
from service.tables import ACTIVE
from tests.e2e.conftest import running_bot
from tests.fakediscord import FakeDiscord

BOARD_SEQ = re.compile(r"· #(\d+)")


async def open_game(env, players, game_id: str = "sanjuan"):
    """A started table with ``players`` (fake users) seated; returns the row."""
    fake = env.fake
    new = (await fake.slash(players[0], fake.channel, "game", "new", {"game": game_id})).expect_response()
    lobby = new.original
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    for user in players[1:]:
        (await fake.click(user, lobby, ops["join"])).expect_response()
        await env.bot.handlers.idle()  # a click is answered (deferred) before it is handled
    (await fake.click(players[0], lobby, ops["start"])).expect_response()
    await env.settle()
    row = await env.bot.service.table_in_channel(fake.channel.id)
    assert row.status == ACTIVE
    return row


async def play_one(env, row, players):
    """One /play move of the first due human; returns the interaction."""
    service = env.bot.service
    row = await service.table(row.id)
    seat = next(s for s in service.to_act(row) if not row.seats[s].ai)
    user = next(u for u in players if u.id == row.seats[seat].user_id)
    action = service.legal_actions(row, seat)[0].id
    return await env.fake.slash(user, env.fake.channel, "play", options={"action": action})


def board_seqs(fake: FakeDiscord, channel=None) -> list[int]:
    channel = channel or fake.channel
    return [int(m.group(1)) for msg in fake.channel_messages(channel)
            if msg.attachments and (m := BOARD_SEQ.search(msg.content))]


def dm_texts(fake: FakeDiscord, user) -> list[str]:
    return [m.content for m in fake.dms(user)]


def resumed_dm(fake: FakeDiscord, user) -> bool:
    """The DM saying the paused game goes on (core.paused.resumed_dm)."""
    return any(t.startswith("**Your game in") and "goes on." in t and "paused" not in t for t in dm_texts(fake, user))


async def test_moves_while_a_board_is_being_posted_are_all_shown(env):
    """Defect 1: a move made while the previous board was being posted was never published."""
    fake = env.fake
    fake.rtt_ms, fake.jitter_ms = 300, 30  # each board post is in flight for a while
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    for _ in range(12):
        (await play_one(env, row, [anna, bela])).expect_response()
        await asyncio.sleep(0.25)  # lands inside the debounce or the post of the last board
    await env.settle()
    row = await env.bot.service.table(row.id)
    assert board_seqs(fake)[-1] == row.seq
    # Every player due now holds a prompt that is still current (by DM, or in the
    # reply to their own last move): shown at this position, or while they stayed
    # due as the other made a simultaneous choice.
    for due in env.bot.service.to_act(row):
        user = anna if row.seats[due].user_id == anna.id else bela
        shown = [int(c.split(":")[3]) for m in fake.visible_to(user) for c in m.custom_ids()
                 if c.startswith((f"az:a:{row.id}:", f"az:s:{row.id}:"))]
        assert any(env.bot.service.prompt_current(row, due, seq) for seq in shown), (due, shown, row.seq)


async def test_a_dead_drawing_worker_costs_no_picture(env):
    """Defect 2: one dead worker disabled every picture until a restart."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    for pid in env.bot.renderer.worker_pids():
        os.kill(pid, signal.SIGKILL)
    (await play_one(env, row, [anna, bela])).expect_response()
    await env.settle()
    row = await env.bot.service.table(row.id)
    assert board_seqs(fake)[-1] == row.seq
    hand = await fake.slash(anna, fake.channel, "hand")
    assert [a.filename for a in hand.attachments] == ["private.png"]
    assert env.bot.renderer.incidents == 1


def hold_write_lock(path: str, seconds: float) -> threading.Thread:
    """Another process's writer holding the database for ``seconds`` (a backup, a migration)."""
    ready = threading.Event()

    def hold() -> None:
        con = sqlite3.connect(path, timeout=10, isolation_level=None)
        con.execute("BEGIN IMMEDIATE")
        ready.set()
        time.sleep(seconds)
        con.execute("COMMIT")
        con.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    ready.wait(5)
    return thread


async def test_first_response_comes_before_a_locked_database(env, tmp_path):
    """Defect 3: with the database locked for 4 s, a DM-button move was applied but answered 10062."""
    fake = env.fake
    fake.rtt_ms = 150
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    row = await env.bot.service.table(row.id)
    seat = env.bot.service.to_act(row)[0]
    user = anna if row.seats[seat].user_id == anna.id else bela
    prompt = next(m for m in reversed(fake.dms(user)) if any(c.startswith(f"az:a:{row.id}:{row.seq}:")
                                                              for c in m.custom_ids()))
    button = next(c for c in prompt.custom_ids() if c.startswith(f"az:a:{row.id}:{row.seq}:"))
    seq_before = row.seq  # the service updates its cached row in place
    locker = hold_write_lock(env.bot.config.database, 4.0)
    click = await fake.click(user, prompt, button)
    assert click.responded and not click.rejected, click.rejected
    await asyncio.to_thread(locker.join)
    await env.settle()
    # The move went through once the lock was gone, and the prompt says so.
    assert (await env.bot.service.table(row.id)).seq > seq_before
    await fake.wait_for(lambda: prompt.content.startswith("Done"), 10, "the prompt to show the move")
    # The lobby's Start and /game abort answer in time too.
    locker = hold_write_lock(env.bot.config.database, 4.0)
    abort = await fake.slash(anna, fake.channel, "game", "abort")
    assert abort.responded and not abort.rejected, abort.rejected
    await asyncio.to_thread(locker.join)
    await env.settle()
    assert (await env.bot.store.get_table(row.id)).status == "aborted"


async def test_new_thread_answers_through_a_long_429(env):
    """Defect 3: a 3.5 s 429 on thread creation left /game new thread:true unanswered."""
    fake = env.fake
    anna = fake.add_user("anna")
    fake.rate_limit_next("POST", "/channels/{channel_id}/threads", retry_after=3.5)
    new = await fake.slash(anna, fake.channel, "game", "new", {"game": "anno1701", "thread": True})
    assert new.responded and not new.rejected
    [thread] = await fake.wait_for(lambda: fake.threads(fake.channel), 10, "the thread")
    await fake.wait_for(lambda: f"<#{thread.id}>" in (new.content or ""), 10, "the answer naming the thread")
    await env.settle()
    assert fake.channel_messages(thread), "the lobby is in the thread"


async def test_new_thread_inside_a_thread_opens_right_there(env):
    """Defect 7: /game new thread:true inside a thread failed with the internal error."""
    fake = env.fake
    anna = fake.add_user("anna")
    thread = fake.create_thread(fake.channel, "games night")
    new = await fake.slash(anna, thread, "game", "new", {"game": "sanjuan", "thread": True})
    new.expect_response()
    await env.settle()
    assert "az:l:" in " ".join(c for m in fake.channel_messages(thread) for c in m.custom_ids())
    assert any("thread already" in m.content for m in new.messages), [m.content for m in new.messages]
    assert fake.threads(fake.channel) == [thread]


async def test_a_refused_channel_pauses_the_table_and_it_resumes(env):
    """Defect 5: a channel that refuses posts dropped the events and stalled the table for ever."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    fake.set_bot_permissions(fake.channel, send=False)
    (await play_one(env, row, [anna, bela])).expect_response()
    await env.settle()
    paused = await env.bot.service.table(row.id)
    assert paused.paused == "missing_access"
    # Both players are told by DM (Béla too, whose DMs are open); nothing was dropped.
    for user in (anna, bela):
        await fake.wait_for(lambda user=user: any("paused" in t for t in dm_texts(fake, user)), 10, "the DM")
    assert await env.bot.store.pending_outbox(row.id, "board")
    # A move at a paused table is refused, to that user alone, and changes nothing.
    seq = paused.seq
    refused = await play_one(env, paused, [anna, bela])
    assert refused.ephemeral and "paused" in refused.content
    assert (await env.bot.service.table(row.id)).seq == seq
    posts_while_paused = len(fake.requests)
    # The permission comes back (CHANNEL_UPDATE): the held board goes out, the game goes on.
    fake.set_bot_permissions(fake.channel, send=None)
    seq = paused.seq
    await fake.wait_for(lambda: board_seqs(fake) and board_seqs(fake)[-1] == seq, 15, "the held board")
    await fake.wait_for(lambda: resumed_dm(fake, anna), 10, "the resume DM")
    assert (await env.bot.service.table(row.id)).paused is None
    assert len(fake.requests) > posts_while_paused
    (await play_one(env, row, [anna, bela])).expect_response()


async def test_a_deleted_channel_pauses_and_stops_retrying(env):
    """Defect 5: tables of deleted channels stayed active; timers and resume kept retrying them."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    fake.delete_channel(fake.channel)
    await fake.wait_for(lambda: any("deleted" in t for t in dm_texts(fake, anna)), 10, "the DM saying why")
    assert (await env.bot.service.table(row.id)).paused == "channel_deleted"
    before = len([r for r in fake.requests if str(row.channel_id) in r.path])
    await asyncio.sleep(2.0)
    assert len([r for r in fake.requests if str(row.channel_id) in r.path]) == before


async def test_a_locked_thread_pauses_and_unlocking_resumes(env):
    """Defect 5: an archived or locked thread refused posts and the game stalled silently."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    (await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan", "thread": True})).expect_response()
    [thread] = await fake.wait_for(lambda: fake.threads(fake.channel), 10, "the thread")
    lobby = (await fake.wait_for(lambda: fake.channel_messages(thread), 10, "the lobby"))[0]
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    (await fake.click(bela, lobby, ops["join"])).expect_response()
    await env.bot.handlers.idle()
    (await fake.click(anna, lobby, ops["start"])).expect_response()
    await env.settle()
    row = await env.bot.service.table_in_channel(thread.id)
    fake.lock_thread(thread)
    await fake.wait_for(lambda: any("locked" in t for t in dm_texts(fake, bela)), 10, "the DM saying why")
    assert (await env.bot.service.table(row.id)).paused == "thread_closed"
    fake.unarchive_thread(thread, unlock=True)
    await fake.wait_for(lambda: resumed_dm(fake, bela), 15, "the resume DM")
    assert (await env.bot.service.table(row.id)).paused is None


async def test_removed_from_the_server_pauses_and_readding_resumes(env):
    """Defect 5: the bot removed from a guild kept its tables active for ever."""
    fake = env.fake
    # Anna shares another server with the bot, so her DMs still work; Béla shares none but this one,
    # and Discord refuses DMs to someone who shares no server with the bot.
    elsewhere = fake.add_guild("elsewhere")
    anna, bela = fake.add_user("anna", guilds=[fake.guild, elsewhere]), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    fake.remove_bot(fake.guild)
    await fake.wait_for(lambda: any("removed" in t for t in dm_texts(fake, anna)), 10, "the DM saying why")
    fake.readd_bot(fake.guild)
    await fake.wait_for(lambda: resumed_dm(fake, anna) and resumed_dm(fake, bela), 15, "the resume DMs")
    row = await env.bot.service.table(row.id)
    assert row.paused is None and row.status == ACTIVE
    await env.settle()
    # Béla was unreachable, not closed to DMs: no "use /hand" hint, and he is not marked closed.
    assert not any("can't send you direct messages" in m.content for m in fake.channel_messages(fake.channel))
    assert not env.bot.deliverer.dm_closed(bela.id)


async def test_closed_dms_are_tried_again_on_the_next_interaction(env):
    """Defect 8: one 403 on a DM marked the player DM-closed for the rest of the table."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela", dms_open=False)
    row = await open_game(env, [anna, bela])
    bela_seat = next(i for i, s in enumerate(row.seats) if s.user_id == bela.id)
    # Something for him (as a private update would be): his DMs refuse it.
    await env.bot.store.add_outbox(row.id, [Outgoing(seat_target(bela_seat), {"events": []})])
    await env.settle()
    assert env.bot.deliverer.dm_closed(bela.id)
    bela.dms_open = True
    # He interacts (any command), then the next thing for him goes by DM again.
    await fake.slash(bela, fake.channel, "game", "status")
    # Play on until he is newly due: that prompt is owed to him by DM.
    was_idle = False
    for _ in range(40):
        due = env.bot.service.to_act(await env.bot.service.table(row.id))
        if bela_seat in due and was_idle:
            break
        was_idle = was_idle or bela_seat not in due
        (await play_one(env, row, [anna, bela])).expect_response()
        await env.settle()
    assert was_idle and bela_seat in due
    await env.settle()
    assert fake.dms(bela), "the prompt reached his reopened DMs"


async def test_dm_channels_are_remembered_across_a_restart(tmp_path):
    """Defect 6: a third of the REST requests opened DM channels (discord.py caches only 128)."""
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        async with running_bot(fake, database) as env:
            row = await open_game(env, [anna, bela])
            for _ in range(3):
                (await play_one(env, row, [anna, bela])).expect_response()
                await env.settle()
        opened = sum(1 for r in fake.requests if r.route == "/users/@me/channels")
        assert 1 <= opened <= 2
        async with running_bot(fake, database) as env:
            for _ in range(4):
                (await play_one(env, row, [anna, bela])).expect_response()
                await env.settle()
            assert fake.dms(anna)[-1].timestamp > fake.dms(bela)[0].timestamp
        assert sum(1 for r in fake.requests if r.route == "/users/@me/channels") == opened


async def _subprocess_move(fake: FakeDiscord, database: str, users: dict) -> int:
    """One /play move at the bot subprocess's only table; returns the seq it made."""
    from games import registry
    from tests.e2e.test_crash import db_rows

    table_id, game_id, seq, state, seats = db_rows(database, "SELECT id, game_id, seq, state, seats FROM games")[0]
    game, state, seats = registry.get(game_id), json.loads(state), json.loads(seats)
    seat = game.to_act(state)[0]
    user = users[seats[seat]["user_id"]]
    action = game.legal_actions(state, seat)[0].id
    played = await fake.slash(user, fake.channel, "play", options={"action": action})
    assert played.expect_response().ephemeral and played.content.startswith("Done"), played.content
    return db_rows(database, "SELECT seq FROM games WHERE id = ?", (table_id,))[0][0]


async def _subprocess_game(fake: FakeDiscord, bot) -> dict:
    from tests.e2e.test_crash import Driver

    driver = Driver(fake, bot, "sanjuan", random.Random(3))
    await driver.open(players=2)
    await fake.wait_for(lambda: driver.table()[0] == "active", 15, "the game to start")
    return driver.users


@contextlib.asynccontextmanager
async def bot_owing_a_board(tmp_path):
    """A bot subprocess whose last move's board is still owed (held by a 30 s debounce):
    yields the local Discord, the process and that move's seq."""
    from tests.e2e.test_crash import BotProcess

    async with FakeDiscord() as fake:
        bot = BotProcess(fake, str(tmp_path / "bot.sqlite3"), tmp_path / "bot.log",
                         extra_env={"ASZTAL_BOARD_DEBOUNCE": "3600"})  # owed for an hour, unless hurried
        await bot.start()
        try:
            users = await _subprocess_game(fake, bot)
            seq = await _subprocess_move(fake, bot.database, users)
            assert max(board_seqs(fake), default=0) < seq
            yield fake, bot, seq
        finally:
            await bot.stop()


async def test_sigterm_delivers_what_is_owed_before_exiting(tmp_path):
    """Defect 4: SIGTERM killed the bot before its pending posts went out, and they never did."""
    async with bot_owing_a_board(tmp_path) as (fake, bot, seq):
        bot.proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(bot.proc.wait(), 30)
    log = bot.log_path.read_text(errors="replace")
    assert code == 0, log[-2000:]
    # The board was held by an hour's debounce: out before the exit, the stop cut the debounce short.
    assert board_seqs(fake)[-1] == seq, "the owed board went out before the process ended"
    assert "Traceback" not in log, log[-2000:]


async def test_what_a_killed_bot_owed_goes_out_after_the_restart(tmp_path):
    """Defect 4: what was to be posted lived only in memory; after a restart it was never sent."""
    async with bot_owing_a_board(tmp_path) as (fake, bot, seq):
        await bot.kill()  # SIGKILL: no chance to deliver anything
        assert max(board_seqs(fake), default=0) < seq
        bot.extra_env["ASZTAL_BOARD_DEBOUNCE"] = "0.7"
        await bot.start()
        await fake.wait_for(lambda: max(board_seqs(fake), default=0) == seq, 15, "the owed board after the restart")
