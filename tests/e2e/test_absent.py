"""Real people through the real bot: the turn clock with reminders and votes, leaving,
rejoining, substitutes, undo, and members who leave the server.

Time is scaled down (``clock_scale``): the 10-minute clock runs in 3 seconds, with the
real board debounce and pictures drawn in the process pool.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time

from games import registry
from service import clock
from service.tables import ABORTED, ACTIVE
from tests.e2e.conftest import running_bot
from tests.e2e.test_crash import BotProcess
from tests.fakediscord import FakeDiscord

SCALE = 0.005  # 10 minutes pass in 3 seconds


async def open_game(env, players, game_id="sanjuan", clock="10m", ai=0):
    fake = env.fake
    new = (await fake.slash(players[0], fake.channel, "game", "new", {"game": game_id, "clock": clock})).expect_response()
    lobby = new.original
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    for user in players[1:]:
        (await fake.click(user, lobby, ops["join"])).expect_response()
        await env.bot.handlers.idle()
    for _ in range(ai):
        (await fake.click(players[0], lobby, ops["ai"])).expect_response()
        await env.bot.handlers.idle()
    (await fake.click(players[0], lobby, ops["start"])).expect_response()
    await env.settle()
    row = await env.bot.service.table_in_channel(fake.channel.id)
    assert row.status == ACTIVE
    return row


def user_of(row, seat, players):
    return next(u for u in players if u.id == row.seats[seat].user_id)


def vote_messages(fake: FakeDiscord):
    return [m for m in fake.channel_messages(fake.channel) if any(c.startswith("az:v:") for c in m.custom_ids())]


def texts(messages) -> str:
    return "\n".join(m.content for m in messages)


async def test_the_clock_reminds_then_the_others_vote_and_the_ai_takes_the_seat(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "b.sqlite3"), clock_scale=SCALE) as env:
        fake.rtt_ms, fake.jitter_ms = 60, 10
        anna, bela, cili = fake.add_user("anna"), fake.add_user("bela", locale="hu"), fake.add_user("cili")
        dora = fake.add_user("dora")
        players = [anna, bela, cili]
        row = await open_game(env, players)
        seat = env.bot.service.humans_to_act(row)[0]
        absent = user_of(row, seat, players)
        others = [u for u in players if u is not absent]
        # Halfway, then shortly before the end: a DM each, and a mention in the channel.
        def reminded() -> int:
            return texts(fake.dms(absent)).count("Reminder") + texts(fake.dms(absent)).count("Emlékeztető")

        await fake.wait_for(lambda: reminded() >= 1, 8, "the first reminder")
        # Asked at the halfway reminder: after the second, the scaled clock has 0.3 s (a tenth)
        # left, which a loaded machine spent before the status was read.
        status = await fake.slash(anna, fake.channel, "game", "status")
        assert "left to move" in status.content and "turn clock: 10m" in status.content
        await fake.wait_for(lambda: reminded() >= 2, 8, "two reminders")
        reminders = await fake.wait_for(lambda: (found := [
            m for m in fake.channel_messages(fake.channel) if "move is waiting" in m.content]) and len(found) >= 2
            and found, 5, "two reminders in the channel")
        assert f"<@{absent.id}>" in reminders[0].content
        # The clock runs out: the other players get a vote in the channel.
        vote = (await fake.wait_for(lambda: vote_messages(fake), 8, "the vote"))[0]
        assert all(f"<@{u.id}>" in vote.content for u in others) and "time is up" in vote.content
        ids = {c.rsplit(":", 1)[1]: c for c in vote.custom_ids()}
        assert set(ids) == {"wait", "ai", "end"}
        # Who may not vote, and the absent player is told to move instead.
        refused = await fake.click(dora, vote, ids["ai"])
        await refused.wait_until(lambda i: i.content, 5)
        assert refused.ephemeral and "Only the other players" in refused.content
        assert not env.bot.service.cached(row.id).meta["votes"][str(seat)]["ballots"]
        own = await fake.click(absent, vote, ids["ai"])
        await own.wait_until(lambda i: i.content, 5)
        assert own.ephemeral and ("waiting for your move" in own.content or "lépésedre" in own.content)
        first = await fake.click(others[0], vote, ids["ai"])
        await first.wait_until(lambda i: i.content, 5)
        assert first.ephemeral
        assert env.bot.service.cached(row.id).seats[seat].ai is False
        second = await fake.click(others[1], vote, ids["ai"])
        await second.wait_until(lambda i: i.content, 5)
        row = await env.bot.service.table(row.id)
        assert row.seats[seat].ai and row.seats[seat].replaced
        await env.settle()
        board = [m for m in fake.channel_messages(fake.channel) if m.attachments][-1]
        assert "the AI plays for them" in board.content or "helyette a gép" in board.content
        # The decided vote loses its buttons (a ballot after the decision is refused by the
        # service: tests/test_absent.py).
        await fake.wait_for(lambda: not vote.custom_ids(), 5, "the ballot buttons to go")
        assert (await env.bot.service.table(row.id)).status == ACTIVE


async def test_an_unanswered_vote_survives_a_restart_and_the_ai_takes_the_seat(tmp_path):
    database = str(tmp_path / "b.sqlite3")
    async with FakeDiscord() as fake:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        async with running_bot(fake, database, clock_scale=SCALE) as env:
            row = await open_game(env, [anna, bela])
            seat = env.bot.service.humans_to_act(row)[0]
            await fake.wait_for(lambda: vote_messages(fake), 8, "the vote")
            await env.settle()
        # Down for a while: the vote's own clock keeps running, as stored.
        await asyncio.sleep(1.0)
        async with running_bot(fake, database, clock_scale=SCALE) as env:
            await fake.wait_for(lambda: (env.bot.service.cached(row.id) or row).seats[seat].ai, 8,
                                "the AI took the seat")
            row = await env.bot.service.table(row.id)
            assert row.seats[seat].replaced
            logged = await env.bot.store.actions(row.id)
            assert [a.action_id for a in logged if a.seat == -1] == ["@clock"]
            # Exactly one vote was opened: the restart did not open another.
            assert len(vote_messages(fake)) == 1


async def test_a_timed_reaction_applies_its_default_in_the_running_bot(tmp_path):
    """A timed reaction used to be armed only at start-up, never after a move: an offer left
    unanswered stalled the game until the next restart."""
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "b.sqlite3"), clock_scale=SCALE) as env:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        players = [anna, bela]
        service = env.bot.service
        rnd = random.Random(2)
        for attempt in range(15):
            if attempt:
                await fake.slash(anna, fake.channel, "game", "abort")
            row = await open_game(env, players, game_id="anno1701", clock="none")
            while row.status == ACTIVE and not service.timers(row):
                seat = rnd.choice(service.humans_to_act(row))
                action = rnd.choice(service.legal_actions(row, seat)).id
                # A click through Discord per move is slow: the service is the bot's own.
                row = (await service.play(row.id, _caller(row, seat, players), action)).table
            if service.timers(row):
                break
        seat, seconds, default = service.timers(row)[0]
        seq = row.seq
        logged = await fake.wait_for(lambda: service.cached(row.id) is None or service.cached(row.id).seq > seq,
                                     seconds * SCALE + 5, "the default applied")
        assert logged
        entry = (await env.bot.store.actions(row.id, since=seq))[0]
        assert (entry.seat, entry.action_id) == (seat, default)


def _caller(row, seat, players):
    from service.tables import Caller

    user = user_of(row, seat, players)
    return Caller(user.id, user.name)


async def test_leave_rejoin_and_substitute(env):
    fake = env.fake
    anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili", locale="hu")
    dora = fake.add_user("dora")
    players = [anna, bela, cili]
    row = await open_game(env, players, clock="none")
    service = env.bot.service
    bela_seat = service.seat_of(row, bela.id)
    left = await fake.slash(bela, fake.channel, "game", "leave")
    assert left.ephemeral and "the AI plays your seat" in left.content
    await env.settle()
    row = await service.table(row.id)
    assert row.seats[bela_seat].ai and row.seats[bela_seat].replaced
    assert any("bela left the game; the AI plays for them" in m.content for m in fake.channel_messages(fake.channel))
    # Someone who never sat here has nothing to take back.
    nothing = await fake.slash(dora, fake.channel, "game", "rejoin")
    assert nothing.ephemeral and "no seat to take back" in nothing.content
    back = await fake.slash(bela, fake.channel, "game", "rejoin")
    assert back.ephemeral and "Welcome back" in back.content and back.attachments
    row = await service.table(row.id)
    assert service.seat_of(row, bela.id) == bela_seat
    # Cili hands her seat to Dóra, who gets her private view by DM at once.
    taken = await fake.slash(anna, fake.channel, "game", "substitute", {"member": bela})
    assert taken.ephemeral and "already at this table" in taken.content
    handed = await fake.slash(cili, fake.channel, "game", "substitute", {"member": dora})
    assert handed.ephemeral and f"<@{dora.id}> játssza mostantól cili helyét" in handed.content
    await env.settle()
    welcome = [m for m in fake.dms(dora) if "You now play cili's seat" in m.content]
    assert welcome and welcome[0].attachments
    row = await service.table(row.id)
    assert service.seat_of(row, dora.id) is not None and service.seat_of(row, cili.id) is None
    log = await fake.slash(anna, fake.channel, "game", "log")
    assert "dora takes over cili's seat" in log.content
    # Béla may not hand Dóra's seat on; Cili cannot take it back.
    refused = await fake.slash(bela, fake.channel, "game", "substitute",
                               {"member": cili, "seat": str(service.seat_of(row, dora.id))})
    assert refused.ephemeral and "Only that seat's player" in refused.content
    again = await fake.slash(cili, fake.channel, "game", "rejoin")
    assert again.ephemeral and "/játék csere" in again.content
    seats = await fake.autocomplete(anna, fake.channel, "game", {"member": dora, "seat": "dor"}, "seat",
                                    sub="substitute")
    assert [c["value"] for c in seats] == [str(service.seat_of(row, dora.id))]


async def test_undo_by_button_and_by_command(env):
    """San Juan's own rulings: paying for a building card by card, producing, selling may be
    taken back; a draw or a look may not."""
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    players = [anna, bela]
    row = await open_game(env, players, clock="none")
    service = env.bot.service
    closed = await fake.slash(anna, fake.channel, "game", "undo")
    assert closed.ephemeral and "nothing you can take back" in closed.content
    # Play by the DM prompt's buttons until a move may be taken back, then use the undo button.
    rnd = random.Random(1)
    for _ in range(60):
        row = await service.table(row.id)
        seat = service.humans_to_act(row)[0]
        user = user_of(row, seat, players)
        await env.settle()
        prompt = next(m for m in reversed(fake.dms(user)) if any(c.startswith(f"az:a:{row.id}:") or
                                                                 c.startswith(f"az:s:{row.id}:")
                                                                 for c in m.custom_ids()))
        buttons = [c for c in prompt.custom_ids() if c.startswith("az:a:")]
        if not buttons:
            continue
        click = (await fake.click(user, prompt, rnd.choice(buttons))).expect_response()
        await env.bot.handlers.idle()
        row = await service.table(row.id)
        if service.can_undo(row, seat):
            break
    else:
        raise AssertionError("no move could be taken back")
    state_before = await _state_without_last(env, row)
    undo = next(c for c in click.original.custom_ids() if c.startswith("az:u:"))
    (await fake.click(user, click.original, undo)).expect_response()
    await env.bot.handlers.idle()
    row = await service.table(row.id)
    assert row.state == state_before
    await env.settle()
    assert any("took back their last action" in m.content for m in fake.channel_messages(fake.channel))
    assert "Taken back:" in click.original.content
    # The message now asks the decision afresh, without an undo button; nothing is left to take back.
    assert not [c for c in click.original.custom_ids() if c.startswith("az:u:")]
    assert [c for c in click.original.custom_ids() if c.startswith(f"az:a:{row.id}:{row.seq}:")]
    again = await fake.slash(user, fake.channel, "game", "undo")
    assert again.ephemeral and "nothing you can take back" in again.content
    assert (await service.table(row.id)).seq == row.seq


async def _state_without_last(env, row):
    logged = await env.bot.store.actions(row.id)
    target = row.meta["undo"]["seqs"][-1]
    game = registry.get(row.game_id)
    state = game.setup(len(row.seats), row.options, row.seed)
    for entry in logged:
        if entry.seat >= 0 and not entry.undone and entry.seq != target:
            game.apply(state, entry.seat, entry.action_id)
    return state


async def test_a_member_who_left_the_server_is_replaced_when_the_clock_runs_out(tmp_path):
    """Without the members intent the bot hears nothing when someone leaves: it finds out when
    the clock next reaches them (the reminder DM is refused, or the clock runs out), and replaces
    them without a vote."""
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "b.sqlite3"), clock_scale=SCALE) as env:
        anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili")
        players = [anna, bela, cili]
        row = await open_game(env, players)
        seat = env.bot.service.humans_to_act(row)[0]
        gone = user_of(row, seat, players)
        # the clock's first call on them: the halfway reminder
        reminded = clock.due_at(row.meta, seat, row.updated_at) + clock.seconds(row.meta, SCALE) / 2
        fake.remove_member(fake.guild, gone)
        # Nothing tells the bot, so the seat stays until then (on a busy machine the set-up can use
        # up much of the scaled clock: the look is taken while the reminder is still to come).
        await asyncio.sleep(max(0.0, min(0.5, reminded - time.time() - 0.2)))
        if time.time() < reminded - 0.1:
            assert not env.bot.service.cached(row.id).seats[seat].ai
        await fake.wait_for(lambda: env.bot.service.cached(row.id).seats[seat].ai, 8, "replaced")
        assert time.time() >= reminded  # found out from the clock, not when they left
        assert not vote_messages(fake)
        await env.settle()
        assert any("no longer on this server" in m.content for m in fake.channel_messages(fake.channel))


async def test_with_the_members_intent_a_member_who_leaves_is_replaced_at_once(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "b.sqlite3"), members_intent=True) as env:
        anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili")
        players = [anna, bela, cili]
        row = await open_game(env, players, clock="none")
        seat = env.bot.service.seat_of(row, cili.id)
        fake.remove_member(fake.guild, cili)
        await fake.wait_for(lambda: env.bot.service.cached(row.id).seats[seat].ai, 5, "replaced")
        # Everyone gone but Anna: the AI plays two seats, and when she leaves too the game ends.
        fake.remove_member(fake.guild, bela)
        await fake.wait_for(lambda: (r := env.bot.service.cached(row.id)) and all(
            s.ai for s in r.seats if s.user_id != anna.id), 5, "bela replaced")
        left = await fake.slash(anna, fake.channel, "game", "leave")
        assert left.ephemeral
        assert (await env.bot.store.get_table(row.id)).status == ABORTED


async def test_a_member_who_left_is_noticed_when_a_dm_to_them_is_refused(env):
    """No intent, no clock: the next DM to someone who shares no server with the bot any more
    fails, and the bot asks Discord whether they are still a member."""
    fake = env.fake
    anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili")
    players = [anna, bela, cili]
    row = await open_game(env, players, clock="none")
    service = env.bot.service
    seat = service.humans_to_act(row)[0]
    mover = user_of(row, seat, players)
    gone = next(u for u in players if u is not mover)
    gone_seat = service.seat_of(row, gone.id)
    fake.remove_member(fake.guild, gone)
    # Moves go on until the bot has something to DM the one who left.
    rnd = random.Random(3)
    for _ in range(40):
        row = await service.table(row.id)
        if row.seats[gone_seat].ai:
            break
        humans = [s for s in service.humans_to_act(row) if s != gone_seat]
        if humans:
            seat = rnd.choice(humans)
            await service.play(row.id, _caller(row, seat, players), rnd.choice(service.legal_actions(row, seat)).id)
        await env.settle()
    row = await service.table(row.id)
    assert row.seats[gone_seat].ai and row.seats[gone_seat].replaced
    assert any(a.events and a.events[0]["key"] == "core.seat.gone" for a in await env.bot.store.actions(row.id))
    # Not taken for closed DMs: no "use /hand" hint about them in the channel.
    assert not any("can't send you direct messages" in m.content for m in fake.channel_messages(fake.channel))


async def test_a_vote_open_when_the_bot_is_killed_is_decided_after_the_restart(tmp_path):
    """SIGKILL, no goodbye: the clocks live in the database, so the restarted process hands the
    absent seat to the AI when the vote's own clock runs out, and opens no second vote."""
    async with FakeDiscord() as fake:
        anna, bela = fake.add_user("anna"), fake.add_user("bela")
        bot = BotProcess(fake, str(tmp_path / "b.sqlite3"), tmp_path / "bot.log",
                         extra_env={"ASZTAL_CLOCK_SCALE": str(SCALE)})
        await bot.start()
        try:
            new = (await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan", "clock": "10m"}))
            lobby = new.expect_response().original
            ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
            (await fake.click(bela, lobby, ops["join"])).expect_response()
            await fake.wait_for(lambda: "bela" in lobby.content, 10, "bela seated")
            (await fake.click(anna, lobby, ops["start"])).expect_response()
            await fake.wait_for(lambda: vote_messages(fake), 10, "the vote")
            await bot.kill()

            def seats():
                with sqlite3.connect(bot.database) as con:
                    return json.loads(con.execute("SELECT seats FROM games").fetchone()[0])

            assert not any(s.get("replaced") for s in seats())
            await bot.start()
            await fake.wait_for(lambda: any(s.get("replaced") for s in seats()), 10, "the AI took the seat")
            assert len(vote_messages(fake)) == 1
        finally:
            await bot.stop()
        log = bot.log_path.read_text(errors="replace")
        assert "Traceback" not in log, log[-2000:]
