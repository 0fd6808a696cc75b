"""The table service that every frontend drives: lobby, moves, AI seats, resume."""

import asyncio
import random

import pytest

from games import registry
from service import presenter
from service.errors import UserError
from service.store import Store
from service.tables import ACTIVE, FINISHED, Caller, TableService

ANNA, BELA, CILI = Caller(1, "Anna"), Caller(2, "Béla"), Caller(3, "Cili")
MANAGER = Caller(9, "Mod", can_manage=True)


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    yield TableService(store)
    await store.close()


async def _started(service, channel=10, seed=1, players=(ANNA, BELA, CILI), game_id="sanjuan"):
    await service.open_table(channel_id=channel, guild_id=1, caller=players[0], game_id=game_id, seed=seed)
    for caller in players[1:]:
        await service.join(channel, caller)
    return (await service.start(channel, players[0])).table


def _caller_for(row, seat):
    return {c.user_id: c for c in (ANNA, BELA, CILI)}[row.seats[seat].user_id]


async def _error_key(coro):
    with pytest.raises(UserError) as refused:
        await coro
    return refused.value.reason["key"]


async def test_lobby_rules(service):
    await service.open_table(channel_id=1, guild_id=1, caller=ANNA, game_id="sanjuan")
    assert await _error_key(service.open_table(channel_id=1, guild_id=1, caller=BELA, game_id="sanjuan")) \
        == "core.error.channel_busy"
    assert await _error_key(service.join(1, ANNA)) == "core.error.already_joined"
    await service.join(1, BELA)
    assert await _error_key(service.start(1, BELA)) == "core.error.start_forbidden"
    assert await _error_key(service.leave(1, CILI)) == "core.error.not_seated"
    await service.add_ai(1, ANNA)
    await service.add_ai(1, ANNA)
    assert await _error_key(service.add_ai(1, ANNA)) == "core.error.table_full"
    await service.remove_ai(1, ANNA)
    row = await service.leave(1, BELA)
    assert [s.name for s in row.seats] == ["Anna", "AI 1"]
    assert await _error_key(service.join(2, ANNA)) == "core.error.no_table"
    assert await _error_key(service.open_table(channel_id=3, guild_id=1, caller=ANNA, game_id="chess")) \
        == "core.error.unknown_game"
    assert await _error_key(service.open_table(channel_id=3, guild_id=1, caller=ANNA, game_id="sanjuan",
                                               options={"nope": True})) == "core.error.unknown_option"


async def test_too_few_players_cannot_start_and_abort_needs_rights(service):
    await service.open_table(channel_id=1, guild_id=1, caller=ANNA, game_id="sanjuan")
    assert await _error_key(service.start(1, ANNA)) == "core.error.player_count"
    assert await _error_key(service.abort(1, BELA)) == "core.error.abort_forbidden"
    row = await service.abort(1, MANAGER)
    assert row.status == "aborted"
    assert await service.table_in_channel(1) is None


async def test_moves_are_checked_and_recorded(service):
    row = await _started(service)
    due = service.to_act(row)
    seat = due[0]
    idle = next(s for s in range(3) if s not in due)
    action = service.legal_actions(row, seat)[0].id
    assert await _error_key(service.play(row.id, Caller(77, "Stranger"), action)) == "core.error.not_a_player"
    assert await _error_key(service.play(row.id, _caller_for(row, idle), action)) == "core.error.not_your_turn"
    assert await _error_key(service.play(row.id, _caller_for(row, seat), "bogus")) == "core.error.illegal_action"
    assert row.seq == 0 and not await service.store.actions(row.id)
    assert await _error_key(service.play(row.id, _caller_for(row, seat), action, expected_seq=5)) \
        == "core.error.stale_prompt"
    update = await service.play(row.id, _caller_for(row, seat), action, interaction_id=555, expected_seq=0)
    assert update.table.seq == 1 and update.events
    # The same Discord interaction delivered twice is applied once.
    again = service.legal_actions(row, service.to_act(row)[0])[0].id
    assert await _error_key(service.play(row.id, _caller_for(row, service.to_act(row)[0]), again,
                                         interaction_id=555)) == "core.error.already_done"
    logged = await service.store.actions(row.id)
    assert [(a.seq, a.action_id) for a in logged] == [(1, action)]


async def test_full_game_with_ai_seats_finishes_and_resumes_after_restart(tmp_path):
    path = str(tmp_path / "resume.sqlite3")
    store = await Store.open(path)
    service = TableService(store)
    await service.open_table(channel_id=5, guild_id=1, caller=ANNA, game_id="sanjuan", seed=3)
    await service.add_ai(5, ANNA)
    await service.add_ai(5, ANNA)
    row = (await service.start(5, ANNA)).table
    rnd = random.Random(3)
    halfway = None
    while row.status == ACTIVE:
        seat = service.humans_to_act(row)[0]
        row = (await service.play(row.id, ANNA, rnd.choice(service.legal_actions(row, seat)).id)).table
        if halfway is None and row.seq > 60 and row.status == ACTIVE:
            halfway = (row.id, row.seq, row.state)
            # A restart: a new process, a new service on the same file.
            await store.close()
            store = await Store.open(path)
            service = TableService(store)
            assert [r.id for r in await store.unfinished_tables()] == [row.id]
            row = await service.table(row.id)  # loaded lazily, on first use
            assert (row.id, row.seq, row.state) == halfway
    assert row.status == FINISHED
    logged = await store.actions(row.id)
    assert [a.seq for a in logged] == list(range(1, row.seq + 1))
    assert presenter.score_sheet(row, "hu")
    await store.close()


async def test_different_tables_play_concurrently_and_moves_serialise(service):
    # Four tables on a server, each opened by a different one of its players (a member may
    # have three open: ``TableLimits``).
    openers = [(ANNA, BELA, CILI), (BELA, CILI, ANNA), (CILI, ANNA, BELA), (ANNA, CILI, BELA)]
    rows = [await _started(service, channel=100 + i, seed=i, players=openers[i]) for i in range(4)]

    async def play_some(row, seed):
        rnd = random.Random(seed)
        for _ in range(25):
            row = await service.table(row.id)
            if row.status != ACTIVE:
                return
            seat = rnd.choice(service.to_act(row))
            try:
                await service.play(row.id, _caller_for(row, seat), rnd.choice(service.legal_actions(row, seat)).id,
                                   expected_seq=row.seq)
            except UserError as error:  # another task moved first: that is the point
                assert error.reason["key"] in ("core.error.stale_prompt", "core.error.not_your_turn",
                                               "core.error.illegal_action")

    await asyncio.gather(*(play_some(row, i) for i, row in enumerate(rows) for i in (i, i + 50)))
    for row in rows:
        fresh = await service.table(row.id)
        logged = await service.store.actions(row.id)
        assert [a.seq for a in logged] == list(range(1, fresh.seq + 1))
        game = registry.get("sanjuan")
        assert game.is_over(fresh.state) or game.to_act(fresh.state)


async def test_setup_events_open_the_log(service):
    row = await _started(service, game_id="alhambra")
    assert row.meta["setup_events"]
    assert all("to" not in event for event in row.meta["setup_events"])


async def test_timed_reaction_default_applies_only_while_still_due(service):
    """Anno's trade offers and theatre: nobody answers → the default applies."""
    rnd = random.Random(4)
    for attempt in range(20):
        row = await _started(service, channel=900 + attempt, seed=attempt, players=(ANNA, BELA), game_id="anno1701")
        while row.status == ACTIVE and not service.timers(row):
            seat = rnd.choice(service.to_act(row))
            action = rnd.choice(service.legal_actions(row, seat)).id
            row = (await service.play(row.id, _caller_for(row, seat), action)).table
        if service.timers(row):
            break
    seat, seconds, default = service.timers(row)[0]
    assert seconds > 0 and default in {a.id for a in service.legal_actions(row, seat)}
    # The deadline counts from when the seat became due, as stored: a restart does not reset it.
    timed = next(d for d in service.clock_dues(row) if d.kind == "timed")
    assert (timed.seat, timed.action) == (seat, default)
    assert timed.at == pytest.approx(row.meta["due_at"][str(seat)] + seconds)
    # Before its time a tick does nothing.
    seq = row.seq
    assert await service.clock_tick(row.id) is None and row.seq == seq
    service.clock_scale = 0.0005  # the reaction's 60-odd seconds pass in a few hundredths
    await asyncio.sleep(seconds * service.clock_scale + 0.02)
    update = await service.clock_tick(row.id)
    assert update is not None and update.table.seq > seq
    logged = await service.store.actions(row.id, since=seq)
    assert (logged[0].seat, logged[0].action_id) == (seat, default)


async def test_ai_seats_due_after_a_crash_move_on_at_restart(tmp_path):
    """The process died between a human's move and the AI's answer."""
    path = str(tmp_path / "ai.sqlite3")
    store = await Store.open(path)
    try:
        service = TableService(store)
        await service.open_table(channel_id=7, guild_id=1, caller=ANNA, game_id="sanjuan", seed=8)
        await service.add_ai(7, ANNA)
        row = (await service.start(7, ANNA)).table
        rnd = random.Random(8)
        human = service.seat_of(row, ANNA.user_id)
        # Commit human moves without the AI answering (a database left so by an older version,
        # which committed the AI's answers separately, and died in between).
        game = service.engine(row)
        state = row.state
        while not [s for s in game.to_act(state) if row.seats[s].ai]:
            action = rnd.choice(game.legal_actions(state, human)).id
            events = game.apply(state, human, action)
            await store.record_move(row.id, seq=row.seq + 1, seat=human, action_id=action, events=events,
                                    state=state)
            row.seq += 1
    finally:
        await store.close()
    store = await Store.open(path)
    try:
        service = TableService(store)
        before = (await store.get_table(row.id)).seq
        updates = await service.resume_ai()
        assert [u.table.id for u in updates] == [row.id]
        after = await service.table(row.id)
        assert after.seq > before
        assert not [s for s in service.to_act(after) if after.seats[s].ai]
    finally:
        await store.close()


async def test_a_move_and_the_ai_answers_it_sets_off_are_one_transaction(service):
    """One Maharaja click used to chain dozens of AI moves, each its own fsync'd commit."""
    await service.open_table(channel_id=30, guild_id=1, caller=ANNA, game_id="maharaja", seed=4)
    for _ in range(4):
        await service.add_ai(30, ANNA)
    row = (await service.start(30, ANNA)).table
    store = service.store
    transactions = 0
    real = store._transaction

    async def counted(body):
        nonlocal transactions
        transactions += 1
        return await real(body)

    store._transaction = counted
    rnd = random.Random(2)
    moved = 0
    while row.status == ACTIVE and moved < 4:
        seat = service.seat_of(row, ANNA.user_id)
        if seat not in service.to_act(row):
            break
        before, transactions = row.seq, 0
        update = await service.play(row.id, ANNA, rnd.choice(service.legal_actions(row, seat)).id)
        if update.table.seq - before > 1:  # the AI seats answered
            assert transactions == 1, (update.table.seq - before, transactions)
            moved += 1
    assert moved, "no move set off an AI answer"
    logged = await store.actions(row.id)
    assert [a.seq for a in logged] == list(range(1, row.seq + 1))


@pytest.mark.parametrize("game_id", ["sanjuan", "maharaja"])
async def test_a_prompt_stays_current_while_only_other_seats_move(tmp_path, game_id):
    """A seat that stays due while others make their simultaneous choices keeps a
    working prompt (its buttons were refused as out of date after any other move);
    once it moved itself, or the table was reopened, an older prompt is out of date."""
    path = str(tmp_path / "p.sqlite3")
    store = await Store.open(path)
    service = TableService(store)
    row = await _started(service, game_id=game_id, seed=4)
    rnd = random.Random(4)
    checked = 0
    for _ in range(400):
        due = service.to_act(row)
        if len(due) >= 2:
            waiting, mover = due[0], due[1]
            shown = row.seq  # the prompt the waiting seat holds
            await service.play(row.id, _caller_for(row, mover), rnd.choice(service.legal_actions(row, mover)).id)
            row = await service.table(row.id)
            if waiting in service.to_act(row):
                await store.close()  # what the prompt may do survives a restart
                store = await Store.open(path)
                service = TableService(store)
                row = await service.table(row.id)
                action = service.legal_actions(row, waiting)[0].id
                update = await service.play(row.id, _caller_for(row, waiting), action, expected_seq=shown)
                row = update.table
                checked += 1
                if waiting in service.to_act(row):  # still due: its old prompt is spent
                    again = service.legal_actions(row, waiting)[0].id
                    assert await _error_key(service.play(row.id, _caller_for(row, waiting), again,
                                                         expected_seq=shown)) == "core.error.stale_prompt"
                if checked >= 3:
                    break
            continue
        seat = due[0]
        row = (await service.play(row.id, _caller_for(row, seat),
                                  rnd.choice(service.legal_actions(row, seat)).id)).table
        if row.status != ACTIVE:
            break
    await store.close()
    assert checked >= 3, "no simultaneous choice was reached"
