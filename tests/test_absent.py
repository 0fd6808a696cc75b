"""Real people at the table: leaving, rejoining, substitutes, undo, the turn clock and its votes."""

import asyncio
import random
import time

import pytest

from games import registry
from games.base import clone
from service import clock, presenter
from service.errors import UserError
from service.outbox import NOTICE, seat_target
from service.store import Store
from service.tables import ABORTED, ACTIVE, FINISHED, Caller, TableService

ANNA, BELA, CILI, DORA = Caller(1, "Anna"), Caller(2, "Béla"), Caller(3, "Cili"), Caller(4, "Dóra")
MANAGER = Caller(9, "Mod", can_manage=True)
PEOPLE = {c.user_id: c for c in (ANNA, BELA, CILI, DORA)}


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    yield store
    await store.close()


@pytest.fixture
async def service(store):
    return TableService(store)


async def _started(service, channel=10, seed=1, players=(ANNA, BELA, CILI), game_id="sanjuan", ai=0,
                   clock_option="24h"):
    await service.open_table(channel_id=channel, guild_id=1, caller=players[0], game_id=game_id, seed=seed,
                             clock_option=clock_option)
    for caller in players[1:]:
        await service.join(channel, caller)
    for _ in range(ai):
        await service.add_ai(channel, players[0])
    return (await service.start(channel, players[0])).table


def _caller(row, seat):
    return PEOPLE[row.seats[seat].user_id]


async def _refused(coro) -> str:
    with pytest.raises(UserError) as refused:
        await coro
    return refused.value.reason["key"]


async def _play_random(service, row, rnd, moves=1):
    for _ in range(moves):
        humans = service.humans_to_act(row)
        if row.status != ACTIVE or not humans:
            return row
        seat = rnd.choice(humans)
        row = (await service.play(row.id, _caller(row, seat), rnd.choice(service.legal_actions(row, seat)).id)).table
    return row


# -- leaving, rejoining, substitutes ------------------------------------------------------------

async def test_leaving_a_running_game_hands_the_seat_to_the_ai_until_the_player_rejoins(service, store):
    row = await _started(service)
    seat = service.seat_of(row, BELA.user_id)
    update = await service.leave_game(row.id, BELA.user_id)
    row = update.table
    assert row.seats[seat].ai and row.seats[seat].replaced and row.seats[seat].name == "Béla"
    assert service.seat_of(row, BELA.user_id) is None
    # The AI plays the seat at once: it is never left due.
    assert seat not in service.to_act(row)
    logged = await store.actions(row.id)
    entry = next(a for a in logged if a.seat == -1)
    assert entry.action_id == "@leave" and entry.events[0]["key"] == "core.seat.left"
    board = [i for i in await store.pending_outbox(row.id, "board")]
    assert any(e.get("key") == "core.seat.left" for i in board for e in i.body["events"])
    # A stranger or a seated player has nothing to take back; Béla has.
    assert await _refused(service.rejoin(10, DORA)) == "core.error.nothing_to_rejoin"
    assert await _refused(service.rejoin(10, ANNA)) == "core.error.nothing_to_rejoin"
    update = await service.rejoin(10, BELA, claim=555)
    assert service.seat_of(update.table, BELA.user_id) == seat and not update.table.seats[seat].replaced
    claimed = await store.claimed_outbox(555)
    assert [i.target for i in claimed] == [seat_target(seat)]
    # Everything replays from the seed and the engine moves of the log.
    game = registry.get("sanjuan")
    replayed = game.setup(3, update.table.options, update.table.seed)
    for entry in await store.actions(row.id):
        if entry.seat >= 0:
            game.apply(replayed, entry.seat, entry.action_id)
    assert replayed == update.table.state


async def test_the_last_human_leaving_ends_the_game_and_a_replaced_player_is_marked_on_the_score_sheet(service):
    row = await _started(service, players=(ANNA, BELA), ai=1)
    await service.leave_game(row.id, BELA.user_id)
    row = await service.table(row.id)
    rnd = random.Random(3)
    while row.status == ACTIVE:
        row = await _play_random(service, row, rnd, 50)
    assert row.status == FINISHED
    sheet = "\n".join(presenter.score_sheet(row, "en"))
    assert "Béla (replaced by the AI)" in sheet
    assert "Béla (helyette a gép)" in "\n".join(presenter.score_sheet(row, "hu"))

    other = await _started(service, channel=11, players=(ANNA,), ai=1)
    update = await service.leave_game(other.id, ANNA.user_id)
    assert update.table.status == ABORTED
    assert await service.table_in_channel(11) is None


async def test_substitutes(service, store):
    row = await _started(service)
    cili = service.seat_of(row, CILI.user_id)
    # Who may hand a seat over, and to whom.
    assert await _refused(service.substitute(10, DORA, MANAGER)) == "core.error.substitute_which"
    assert await _refused(service.substitute(10, BELA, DORA, cili)) == "core.error.substitute_forbidden"
    assert await _refused(service.substitute(10, CILI, ANNA)) == "core.error.already_seated"
    assert await _refused(service.substitute(10, MANAGER, DORA, 7)) == "core.error.substitute_which"
    before = (await service.table(row.id)).seq
    update = await service.substitute(10, CILI, DORA)
    row = update.table
    assert row.seq == before + 1
    assert service.seat_of(row, DORA.user_id) == cili and service.seat_of(row, CILI.user_id) is None
    assert row.seats[cili].previous == ["Cili"]
    items = await store.pending_outbox(row.id, seat_target(cili))
    assert any(i.body.get("notice", {}).get("key") == "core.seat.welcome" for i in items)
    entry = (await store.actions(row.id))[-1]
    assert entry.action_id == "@substitute"
    assert entry.events[0]["args"] == {"new": {"typed": "Dóra"}, "old": {"typed": "Cili"}}  # names as typed
    assert "Dóra (for Cili)" in presenter.seat_label(row, cili, "en")
    # Cili cannot come back: her seat is Dóra's now.
    assert await _refused(service.rejoin(10, CILI)) == "core.error.seat_taken"
    # The creator may hand an AI seat (one that replaced a player) to a newcomer.
    bela = service.seat_of(row, BELA.user_id)
    await service.leave_game(row.id, BELA.user_id)
    update = await service.substitute(10, ANNA, Caller(5, "Edit"), bela)
    assert update.table.seats[bela].user_id == 5 and not update.table.seats[bela].ai
    assert update.table.seats[bela].previous == ["Béla"]


async def test_a_member_gone_from_the_server_leaves_lobbies_and_running_games(service):
    row = await _started(service)
    await service.open_table(channel_id=20, guild_id=1, caller=ANNA, game_id="sanjuan")
    await service.join(20, BELA)
    await service.open_table(channel_id=30, guild_id=2, caller=BELA, game_id="sanjuan")
    await service.member_gone(1, BELA.user_id)
    row = await service.table(row.id)
    seat = next(i for i, s in enumerate(row.seats) if s.user_id == BELA.user_id)
    assert row.seats[seat].ai and row.seats[seat].replaced
    assert (await service.store.actions(row.id))[-1].events[0]["key"] == "core.seat.gone"
    assert [s.name for s in (await service.table_in_channel(20)).seats] == ["Anna"]
    # Another server's table is not touched.
    assert [s.name for s in (await service.table_in_channel(30)).seats] == ["Béla"]


# -- undo ---------------------------------------------------------------------------------------

async def _to_undo_window(service, row, rnd, limit=400):
    """Random play until some seat may take its last action back."""
    for _ in range(limit):
        window = row.meta.get("undo")
        if window:
            return row, window["seat"]
        row = await _play_random(service, row, rnd)
        if row.status != ACTIVE:
            break
    raise AssertionError("no undo window opened")


async def test_undo_rebuilds_the_state_from_the_log_and_the_log_says_so(service, store, monkeypatch):
    game = registry.get("sanjuan")
    # This engine's own rulings aside: every action is declared safe, so the platform's own checks decide.
    monkeypatch.setattr(type(game), "closes_undo", lambda self, *args: False)
    row = await _started(service, seed=4)
    rnd = random.Random(4)
    row, seat = await _to_undo_window(service, row, rnd)
    taken_seq = row.meta["undo"]["seqs"][-1]
    entries = await store.actions(row.id)
    before_state = game.setup(3, row.options, row.seed)
    for entry in entries:
        if entry.seat >= 0 and not entry.undone and entry.seq != taken_seq:
            game.apply(before_state, entry.seat, entry.action_id)
    others = [s for s in range(3) if s != seat]
    assert await _refused(service.undo(row.id, _caller(row, others[0]))) == "core.error.undo_closed"
    assert await _refused(service.undo(row.id, DORA)) == "core.error.not_a_player"
    seq = row.seq
    update = await service.undo(row.id, _caller(row, seat))
    row = update.table
    assert row.state == before_state and row.seq == seq + 1
    logged = await store.actions(row.id)
    assert next(a for a in logged if a.seq == taken_seq).undone
    assert logged[-1].action_id == "@undo" and logged[-1].events[0]["key"] == "core.undo.done"
    # The channel reads that it happened; only the seat reads what (a label may quote its hand).
    public, private = logged[-1].events
    assert public["args"] == {"player": {"seat": seat}} and private["to"] == seat and "action" in private["args"]
    assert seat in service.to_act(row)
    # A prompt made before the undo is out of date for the undoing seat.
    assert not service.prompt_current(row, seat, seq)


async def test_the_undo_window_closes_when_another_seat_acts_or_chance_is_drawn(service, monkeypatch):
    game = registry.get("sanjuan")
    monkeypatch.setattr(type(game), "closes_undo", lambda self, *args: False)
    rnd = random.Random(5)
    row = await _started(service, seed=5)
    closed_by_other = closed_by_chance = 0
    for _ in range(300):
        if row.status != ACTIVE:
            break
        window = row.meta.get("undo")
        before = clone(row.state)
        humans = service.humans_to_act(row)
        seat = rnd.choice(humans)
        row = (await service.play(row.id, _caller(row, seat), rnd.choice(service.legal_actions(row, seat)).id)).table
        after_window = row.meta.get("undo")
        if window and window["seat"] != seat:
            assert not after_window or after_window["seat"] == seat
            assert not after_window or after_window["seqs"] == [row.seq]
            closed_by_other += 1
        if before["rng"] != row.state["rng"]:
            assert after_window is None
            closed_by_chance += 1
    assert closed_by_other and closed_by_chance


async def test_by_default_every_action_closes_the_undo_window(service, monkeypatch):
    from games.base import Game

    game = registry.get("sanjuan")
    # An engine that says nothing about undo: the protocol's default.
    monkeypatch.setattr(type(game), "closes_undo", Game.closes_undo)
    row = await _started(service, seed=6)
    rnd = random.Random(6)
    for _ in range(60):
        row = await _play_random(service, row, rnd)
        assert "undo" not in row.meta
        assert not any(service.can_undo(row, s) for s in range(3))


def test_the_platform_closes_the_window_on_chance_and_on_what_others_learn():
    from games.base import Game
    from service.seats import keeps_undo as _keeps_undo

    class Open(Game):
        """Says nothing closes the window; its views show each seat its own hand."""

        def closes_undo(self, before, after, seat, action_id):
            return False

        def view(self, state, seat):
            return {"table": state["table"], "hand": state["hands"][seat] if seat is not None else None}

    game = Open()
    before = {"players": 2, "rng": [1, 2], "table": [], "hands": [[1], [2]]}
    assert _keeps_undo(game, before, {**before, "table": [5]}, 0, "play")
    # Chance was drawn.
    assert not _keeps_undo(game, before, {**before, "rng": [1, 3]}, 0, "play")
    # The other seat learnt something (a card went to its hand).
    assert not _keeps_undo(game, before, {**before, "hands": [[1], [2, 3]]}, 0, "play")
    # The actor's own hand may change.
    assert _keeps_undo(game, before, {**before, "hands": [[], [2]]}, 0, "play")


# -- the turn clock -----------------------------------------------------------------------------

async def _settle_clock(service, row_id, rounds=1):
    updates = []
    for _ in range(rounds):
        updates.append(await service.clock_tick(row_id))
    return updates


async def test_the_clock_reminds_then_opens_a_vote_and_a_majority_decides(service, store):
    row = await _started(service, players=(ANNA, BELA, CILI, DORA), clock_option="10m")
    seat = service.humans_to_act(row)[0]
    due_at = row.meta["due_at"][str(seat)]
    dues = {d.kind: d for d in service.clock_dues(row, due_at)}
    assert dues["remind"].at == pytest.approx(due_at + 300) and dues["remind"].stage == clock.HALFWAY
    # Time passes: move the seat's start back instead of sleeping.
    for shift, expect in ((301, clock.HALFWAY), (600 - 59, clock.LAST_CALL)):
        row.meta["due_at"][str(seat)] = time.time() - shift
        assert await service.clock_tick(row.id) is not None
        assert row.meta["reminded"][str(seat)] == expect
    items = await store.pending_outbox(row.id)
    reminders = [i for i in items if i.target == seat_target(seat) and i.body.get("notice")]
    assert [i.body["notice"]["key"] for i in reminders] == ["core.clock.reminder_dm"] * 2
    channel = [i for i in items if i.target == NOTICE]
    assert [i.body["message"]["key"] for i in channel] == ["core.clock.reminder"] * 2
    assert channel[0].body["mention"] == [row.seats[seat].user_id]
    # A tick in between does nothing new.
    assert await service.clock_tick(row.id) is None
    # The clock runs out: the other three humans get a vote.
    row.meta["due_at"][str(seat)] = time.time() - 601
    await service.clock_tick(row.id)
    vote = row.meta["votes"][str(seat)]
    notice = (await store.pending_outbox(row.id, NOTICE))[-1]
    assert notice.body["vote"] == {"seat": seat, "id": vote["id"]}
    absent = _caller(row, seat)
    voters = [PEOPLE[s.user_id] for i, s in enumerate(row.seats) if i != seat]
    assert sorted(notice.body["mention"]) == sorted(v.user_id for v in voters)
    assert await _refused(service.vote(row.id, absent, seat, vote["id"], "ai")) == "core.error.vote_own"
    assert await _refused(service.vote(row.id, Caller(77, "x"), seat, vote["id"], "ai")) == "core.error.vote_not_player"
    assert await _refused(service.vote(row.id, voters[0], seat, vote["id"] + 1, "ai")) == "core.error.vote_closed"
    update, answer = await service.vote(row.id, voters[0], seat, vote["id"], "ai")
    assert update is None and answer["key"] == "core.vote.counted" and answer["args"] == {"votes": 1, "needed": 2}
    update, answer = await service.vote(row.id, voters[1], seat, vote["id"], "wait")
    assert update is None
    update, answer = await service.vote(row.id, voters[2], seat, vote["id"], "ai")
    assert answer["key"] == "core.vote.decided.ai"
    row = update.table
    assert row.seats[seat].ai and row.seats[seat].replaced
    assert any(a.action_id == "@clock" for a in await store.actions(row.id))
    # A vote after the matter was decided.
    assert await _refused(service.vote(row.id, voters[0], seat, vote["id"], "end")) == "core.error.vote_closed"


async def test_a_manager_decides_alone_wait_restarts_the_clock_and_end_ends_the_game(service, store):
    row = await _started(service, clock_option="1h")
    seat = service.humans_to_act(row)[0]
    row.meta["due_at"][str(seat)] = time.time() - 3601
    await service.clock_tick(row.id)
    vote = row.meta["votes"][str(seat)]
    # One of the two others is no majority.
    other = next(i for i in range(3) if i != seat)
    update, answer = await service.vote(row.id, _caller(row, other), seat, vote["id"], "end")
    assert update is None and answer["args"] == {"votes": 1, "needed": 2}
    update, answer = await service.vote(row.id, MANAGER, seat, vote["id"], "wait")
    assert answer["key"] == "core.vote.decided.wait"
    assert str(seat) not in row.meta["votes"] and str(seat) not in row.meta["reminded"]
    assert row.meta["due_at"][str(seat)] > time.time() - 5
    row.meta["due_at"][str(seat)] = time.time() - 3601
    await service.clock_tick(row.id)
    vote = row.meta["votes"][str(seat)]
    await service.vote(row.id, MANAGER, seat, vote["id"], "end")
    assert (await service.table(row.id)).status == ABORTED
    assert (await store.pending_outbox(row.id, NOTICE))[-1].body["message"]["key"] == "core.vote.ended"


async def test_an_unanswered_vote_hands_the_seat_to_the_ai_and_a_move_closes_the_vote(service, store):
    row = await _started(service, clock_option="1h")
    seat = service.humans_to_act(row)[0]
    row.meta["due_at"][str(seat)] = time.time() - 3601
    await service.clock_tick(row.id)
    vote = row.meta["votes"][str(seat)]
    # The absent player comes back and moves: the vote is over.
    row = (await service.play(row.id, _caller(row, seat), service.legal_actions(row, seat)[0].id)).table
    assert str(seat) not in row.meta.get("votes", {})
    other = next(i for i, s in enumerate(row.seats) if i != seat)
    assert await _refused(service.vote(row.id, _caller(row, other), seat, vote["id"], "ai")) == "core.error.vote_closed"
    # Another seat's vote, left unanswered for another clock: the AI takes it.
    seat = service.humans_to_act(row)[0]
    row.meta["due_at"][str(seat)] = time.time() - 3601
    await service.clock_tick(row.id)
    row.meta["votes"][str(seat)]["opened"] = time.time() - 3601
    update = await service.clock_tick(row.id)
    assert update.table.seats[seat].ai and update.table.seats[seat].replaced
    assert (await store.actions(row.id))[[a.action_id for a in await store.actions(row.id)].index("@clock")].events[0]["key"] \
        == "core.seat.clock_ai"


async def test_a_player_gone_from_the_server_is_replaced_when_the_clock_runs_out(service, store):
    row = await _started(service, clock_option="1h")
    seat = service.humans_to_act(row)[0]
    asked = []

    async def membership(guild_id, user_id):
        asked.append((guild_id, user_id))
        return user_id != row.seats[seat].user_id

    service.membership = membership
    absent = row.seats[seat].user_id
    row.meta["due_at"][str(seat)] = time.time() - 3601
    update = await service.clock_tick(row.id)
    assert asked == [(1, absent)]
    assert [a.events[0]["key"] for a in await store.actions(row.id) if a.seat == -1] == ["core.seat.gone"]
    assert update.table.seats[seat].ai and update.table.seats[seat].replaced
    assert str(seat) not in update.table.meta.get("votes", {})


async def test_a_clock_running_out_while_the_tick_waits_for_the_lock_still_asks_the_server(service, store):
    """The server is asked outside the table's lock. A clock that ran out after that look, while
    the tick waited for the lock (a move was being stored), used to open a vote on a player who
    had left the server: the vote then timed out into the AI instead of replacing them at once."""
    row = await _started(service, clock_option="1h")
    seat = service.humans_to_act(row)[0]
    absent = row.seats[seat].user_id
    asked = []

    async def membership(guild_id, user_id):
        asked.append(user_id)
        return user_id != absent

    service.membership = membership
    row.meta["due_at"][str(seat)] = time.time() - 1801  # halfway: a reminder is due, the clock is not out
    async with service.lock(row.channel_id):
        tick = asyncio.create_task(service.clock_tick(row.id))
        await asyncio.sleep(0.05)  # the tick has looked at what was due and waits for the lock
        assert asked == []
        row.meta["due_at"][str(seat)] = time.time() - 3601  # meanwhile the clock runs out
    await tick
    assert str(seat) not in row.meta.get("votes", {}), "a vote opened on a player nobody asked about"
    update = await service.clock_tick(row.id)
    assert asked == [absent]
    assert update.table.seats[seat].ai and update.table.seats[seat].replaced
    assert str(seat) not in update.table.meta.get("votes", {})
    assert [a.events[0]["key"] for a in await store.actions(row.id) if a.seat == -1] == ["core.seat.gone"]


async def test_clocks_stop_while_paused_and_survive_a_restart(tmp_path):
    path = str(tmp_path / "clock.sqlite3")
    store = await Store.open(path)
    try:
        service = TableService(store)
        row = await _started(service, clock_option="10m")
        seat = service.humans_to_act(row)[0]
        started = row.meta["due_at"][str(seat)]
        await service.pause(row.id, "channel_deleted")
        assert service.clock_dues(row) == []
        await asyncio.sleep(0.05)
        await service.resume(row.id)
        assert row.meta["due_at"][str(seat)] >= started + 0.05
        # Half the clock passes, then the process dies.
        await store.update_table(row.id, meta={**row.meta, "due_at": {**row.meta["due_at"], str(seat): time.time() - 400}})
    finally:
        await store.close()
    store = await Store.open(path)
    try:
        service = TableService(store)
        update = await service.clock_tick(row.id)
        assert update is not None and update.table.meta["reminded"][str(seat)] == clock.HALFWAY
        # Already reminded: a second start-up does not remind again.
        assert await TableService(store).clock_tick(row.id) is None
    finally:
        await store.close()


async def test_no_clock_means_nothing_ever_falls_due(service):
    row = await _started(service, clock_option="none")
    seat = service.humans_to_act(row)[0]
    row.meta["due_at"][str(seat)] = time.time() - 10 ** 7
    assert [d for d in service.clock_dues(row) if d.kind != clock.TIMED] == []
    assert await _refused(service.open_table(channel_id=99, guild_id=1, caller=ANNA, game_id="sanjuan",
                                             clock_option="5m")) == "core.error.bad_option_value"
