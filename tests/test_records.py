"""The table's memory through the service: results and ratings written with
the finishing move, history, statistics, the leaderboard and retention."""

import random
import sqlite3

import pytest

from games.base import clone
from service import records
from service.outbox import BOARD, SHEET
from service.records import SeatKind
from service.store import Store
from service.tables import ACTIVE, FINISHED, Caller, TableService

ANNA, BELA, CILI = Caller(1, "Anna"), Caller(2, "Béla"), Caller(3, "Cili")
PEOPLE = {c.user_id: c for c in (ANNA, BELA, CILI)}
GUILD = 1


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    yield store
    await store.close()


@pytest.fixture
async def service(store):
    return TableService(store)


async def _finish(service, channel, players, *, game_id="sanjuan", ai=0, seed=1, leave=None):
    """Open, start and play a table to its end with random human moves."""
    await service.open_table(channel_id=channel, guild_id=GUILD, caller=players[0], game_id=game_id, seed=seed)
    for caller in players[1:]:
        await service.join(channel, caller)
    for _ in range(ai):
        await service.add_ai(channel, players[0])
    row = (await service.start(channel, players[0])).table
    rnd = random.Random(seed)
    last = None
    while row.status == ACTIVE:
        humans = service.humans_to_act(row)
        seat = rnd.choice(humans)
        if leave is not None and row.seq > 20 and leave.user_id in {s.user_id for s in row.seats if not s.ai}:
            last = await service.leave_game(row.id, leave.user_id)
            row = last.table
            continue
        action = rnd.choice(service.legal_actions(row, seat)).id
        last = await service.play(row.id, PEOPLE[row.seats[seat].user_id], action)
        row = last.table
    return row, last


async def test_a_finished_game_leaves_its_result_and_ratings(service, store):
    row, update = await _finish(service, 10, (ANNA, BELA, CILI))
    assert row.status == FINISHED and update.result is not None
    outcome = service.engine(row).outcome(row.state)
    [entry] = await records.entries(store, [row.id])
    assert [s.score for s in entry.seats] == outcome.scores
    winners = outcome.ranking[0]
    assert {s.seat for s in entry.seats if s.rank == 1} == set(winners)
    assert entry.rated and all(s.kind == SeatKind.HUMAN for s in entry.seats)
    board = await records.leaderboard(store, GUILD, "sanjuan")
    assert len(board) == 3 and all(s.games == 1 for s in board)
    # The winner's rating went up, the last player's down, each by the change stored on the seat.
    best = next(s for s in entry.seats if s.rank == 1)
    worst = max(entry.seats, key=lambda s: s.rank)
    assert best.rating_delta > 0 > worst.rating_delta
    assert board[0].user_id == best.user_id
    # The score sheet follows the final board in the outbox.
    pending = await store.pending_outbox(row.id, SHEET)
    assert len(pending) == 1 and await store.pending_outbox(row.id, BOARD)


async def test_a_result_is_written_in_the_finishing_transaction(service, store, monkeypatch):
    """If writing the result fails, the finishing move is not stored either."""
    await service.open_table(channel_id=11, guild_id=GUILD, caller=ANNA, game_id="sanjuan", seed=3)
    await service.join(11, BELA)
    row = (await service.start(11, ANNA)).table
    rnd = random.Random(3)
    failing = {"on": False}
    original = records.write_result

    async def broken(db, result):
        if failing["on"]:
            raise sqlite3.OperationalError("disk I/O error")
        return await original(db, result)

    monkeypatch.setattr(records, "write_result", broken)
    while row.status == ACTIVE:
        seat = rnd.choice(service.humans_to_act(row))
        action = rnd.choice(service.legal_actions(row, seat)).id
        probe = service.engine(row)
        state = clone(row.state)
        probe.apply(state, seat, action)
        if probe.is_over(state):
            failing["on"] = True
            seq = row.seq
            with pytest.raises(sqlite3.OperationalError):
                await service.play(row.id, PEOPLE[row.seats[seat].user_id], action)
            stored = await store.get_table(row.id)
            assert stored.seq == seq and stored.status == ACTIVE
            assert await records.entries(store, [row.id]) == []
            assert await records.leaderboard(store, GUILD, "sanjuan") == []
            return
        row = (await service.play(row.id, PEOPLE[row.seats[seat].user_id], action)).table
    raise AssertionError("the game ended without the finishing move being tried")


async def test_ai_seats_are_not_rated_and_are_counted_apart(service, store):
    row, _ = await _finish(service, 12, (ANNA, BELA), ai=1, seed=5)
    [entry] = await records.entries(store, [row.id])
    kinds = sorted(str(s.kind) for s in entry.seats)
    assert kinds == ["ai", "human", "human"]
    assert entry.rated  # two people: rated against each other only
    board = await records.leaderboard(store, GUILD, "sanjuan")
    assert {s.user_id for s in board} == {ANNA.user_id, BELA.user_id}
    stats = await records.stats(store, GUILD, ANNA.user_id)
    assert [(s.game_id, s.kind, s.with_ai, s.plays) for s in stats] == [("sanjuan", SeatKind.HUMAN, True, 1)]
    # One person and an AI: nothing to rate.
    await _finish(service, 13, (CILI,), ai=1, seed=6)
    assert CILI.user_id not in {s.user_id for s in await records.leaderboard(store, GUILD, "sanjuan")}
    [cili] = await records.stats(store, GUILD, CILI.user_id)
    assert cili.with_ai and cili.plays == 1


async def test_a_player_who_left_is_recorded_as_replaced_and_rated_as_last(service, store):
    row, _ = await _finish(service, 14, (ANNA, BELA, CILI), seed=7, leave=CILI)
    [entry] = await records.entries(store, [row.id])
    [gone] = [s for s in entry.seats if s.user_id == CILI.user_id]
    assert gone.kind == SeatKind.REPLACED and gone.rating_delta is not None and gone.rating_delta < 0
    board = await records.leaderboard(store, GUILD, "sanjuan")
    assert {s.user_id for s in board} == {1, 2, 3} and board[-1].user_id == CILI.user_id
    [line] = await records.stats(store, GUILD, CILI.user_id)
    assert line.kind == SeatKind.REPLACED


async def test_history_is_newest_first_paged_and_filtered(service, store):
    finished = []
    for index in range(7):
        game_id = "sanjuan" if index % 2 else "alhambra"
        players = (ANNA, BELA) if index % 3 else (BELA, CILI)
        row, _ = await _finish(service, 100 + index, players, game_id=game_id, seed=index)
        finished.append((row.id, game_id, {s.user_id for s in row.seats}))
    page0, more = await records.history(store, GUILD, per_page=3)
    page2, last_more = await records.history(store, GUILD, page=2, per_page=3)
    assert more and not last_more
    assert [e.table_id for e in page0] == [t for t, _, _ in reversed(finished)][:3]
    assert [e.table_id for e in page2] == [finished[0][0]]
    only, _ = await records.history(store, GUILD, game_id="alhambra", per_page=10)
    assert [e.table_id for e in only] == [t for t, g, _ in reversed(finished) if g == "alhambra"]
    cili, _ = await records.history(store, GUILD, user_id=CILI.user_id, per_page=10)
    assert [e.table_id for e in cili] == [t for t, _, users in reversed(finished) if CILI.user_id in users]
    assert await records.history(store, GUILD + 1) == ([], False)
    stats = {(s.game_id, s.kind): s for s in await records.stats(store, GUILD, BELA.user_id)}
    assert sum(s.plays for s in stats.values()) == 7
    for line in stats.values():
        assert 0 <= line.wins <= line.plays and line.best >= line.average


async def test_retention_prunes_logs_but_keeps_results_and_ratings(service, store):
    old, _ = await _finish(service, 20, (ANNA, BELA), seed=8)
    assert await store.actions(old.id)
    before = await records.leaderboard(store, GUILD, "sanjuan")
    pruned = await store.prune_logs(older_than=9e18)
    assert pruned == 1
    assert await store.actions(old.id) == []
    assert (await store.get_table(old.id)).state is None
    [entry] = await records.entries(store, [old.id])
    assert entry.seats and await records.leaderboard(store, GUILD, "sanjuan") == before
    assert await store.prune_logs(older_than=9e18) == 0
