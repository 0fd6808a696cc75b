"""Issue 35, defects 1–3, tried through the service layer as a scheming player would: a creator
reading an opponent's hand through substitutes, ballots counted for people who no longer vote,
and ratings gamed by leaving and rejoining."""

from __future__ import annotations

import time

from service import records
from service.records import SeatKind
from service.tables import ACTIVE, FINISHED, Caller
from tests.test_absent import _refused, _started

ANNA, BELA, CILI, DORA, EDE, FERI = (Caller(i, name) for i, name in
                                     enumerate(("Anna", "Béla", "Cili", "Dóra", "Ede", "Feri"), start=1))
OUTSIDER = Caller(50, "Outsider")
MANAGER = Caller(9, "Mod", can_manage=True)
PEOPLE = {c.user_id: c for c in (ANNA, BELA, CILI, DORA, EDE, FERI, OUTSIDER)}


# -- 1: the seat-hopping creator -------------------------------------------------------------------

async def test_the_creator_cannot_hop_into_an_opponents_seat(service):
    row = await _started(service, players=(ANNA, BELA, CILI))  # Anna created the table
    bela = service.seat_of(row, BELA.user_id)
    # Step 1 of the attack is allowed (her own seat) ...
    await service.substitute(10, ANNA, OUTSIDER, service.seat_of(row, ANNA.user_id))
    # ... step 2 is not: Béla still plays, and his hand is his alone.
    assert await _refused(service.substitute(10, ANNA, ANNA, bela)) == "core.error.substitute_self"
    # Nor may she hand his seat to a friend, nor may the friend hand it to themselves.
    assert await _refused(service.substitute(10, ANNA, DORA, bela)) == "core.error.substitute_forbidden"
    assert await _refused(service.substitute(10, DORA, DORA, bela)) == "core.error.substitute_self"
    assert (await service.table(row.id)).seats[bela].user_id == BELA.user_id


async def test_a_creator_who_left_the_lobby_cannot_take_a_seat_either(service):
    await service.open_table(channel_id=11, guild_id=1, caller=ANNA, game_id="sanjuan", seed=1)
    await service.join(11, BELA)
    await service.join(11, CILI)
    await service.leave(11, ANNA)  # the creator leaves before the start
    row = await service.table_in_channel(11)
    assert row is not None and row.creator_id == ANNA.user_id
    started = (await service.start(11, ANNA)).table
    assert started.status == ACTIVE and service.seat_of(started, ANNA.user_id) is None
    bela = service.seat_of(started, BELA.user_id)
    assert await _refused(service.substitute(11, ANNA, ANNA, bela)) == "core.error.substitute_self"


async def test_who_may_move_a_seat(service):
    row = await _started(service, players=(ANNA, BELA, CILI), ai=1)
    ai_seat = next(i for i, s in enumerate(row.seats) if s.ai)
    bela, cili = service.seat_of(row, BELA.user_id), service.seat_of(row, CILI.user_id)
    # The creator fills an AI seat, and the seat of a player who left.
    await service.substitute(10, ANNA, DORA, ai_seat)
    await service.leave_game(row.id, CILI.user_id)
    await service.substitute(10, ANNA, EDE, cili)
    # A channel manager moves a playing human (moderation), but never into a seat for themselves.
    assert await _refused(service.substitute(10, MANAGER, MANAGER, bela)) == "core.error.substitute_self"
    row = (await service.substitute(10, MANAGER, FERI, bela)).table
    assert row.seats[bela].user_id == FERI.user_id and row.seats[bela].previous == ["Béla"]
    # A player hands over their own seat.
    row = (await service.substitute(10, FERI, BELA, bela)).table
    assert row.seats[bela].user_id == BELA.user_id


# -- 2: ballots of people who no longer vote ---------------------------------------------------------

async def _vote_on_the_absent(service, players, game_id):
    row = await _started(service, players=players, game_id=game_id, clock_option="10m")
    seat = service.humans_to_act(row)[0]
    row.meta["due_at"][str(seat)] = time.time() - 601  # the clock ran out: a vote opens
    await service.clock_tick(row.id)
    row = await service.table(row.id)
    vote = row.meta["votes"][str(seat)]
    voters = [PEOPLE[s.user_id] for i, s in enumerate(row.seats) if i != seat]
    return row, seat, vote["id"], voters


async def test_a_ballot_does_not_outlive_its_voter(service):
    """Three voters: one votes to end and leaves; the one remaining vote does not decide."""
    row, seat, vote_id, (x, y, z) = await _vote_on_the_absent(service, (ANNA, BELA, CILI, DORA), "sanjuan")
    await service.vote(row.id, x, seat, vote_id, "end")
    await service.leave_game(row.id, x.user_id)
    update, answer = await service.vote(row.id, y, seat, vote_id, "end")
    assert update is None and answer["args"] == {"votes": 1, "needed": 2}
    assert (await service.table(row.id)).status == ACTIVE


async def test_a_voter_who_hands_the_seat_on_does_not_vote_twice(service):
    row, seat, vote_id, (x, y, z) = await _vote_on_the_absent(service, (ANNA, BELA, CILI, DORA), "sanjuan")
    await service.vote(row.id, x, seat, vote_id, "end")
    await service.substitute(10, x, EDE, service.seat_of(row, x.user_id))
    update, answer = await service.vote(row.id, EDE, seat, vote_id, "end")
    assert update is None and answer["args"] == {"votes": 1, "needed": 2}, "X's ballot went with the seat"
    update, _ = await service.vote(row.id, y, seat, vote_id, "end")
    assert update is not None and update.table.status != ACTIVE  # two of the three present voters


async def test_votes_are_counted_again_when_seats_change(service):
    """Four voters, two for the AI: not a majority; one of the others leaves, and two of three is."""
    row, seat, vote_id, voters = await _vote_on_the_absent(service, (ANNA, BELA, CILI, DORA, EDE), "alhambra")
    for voter in voters[:2]:
        update, _ = await service.vote(row.id, voter, seat, vote_id, "ai")
        assert update is None
    await service.leave_game(row.id, voters[3].user_id)
    row = await service.table(row.id)
    assert row.seats[seat].ai and str(seat) not in row.meta.get("votes", {})


async def test_a_vote_on_a_seat_that_changed_hands_closes(service):
    row, seat, vote_id, voters = await _vote_on_the_absent(service, (ANNA, BELA, CILI, DORA), "sanjuan")
    await service.substitute(10, PEOPLE[row.seats[seat].user_id], FERI, seat)
    assert str(seat) not in (await service.table(row.id)).meta.get("votes", {})
    assert await _refused(service.vote(row.id, voters[0], seat, vote_id, "end")) == "core.error.vote_closed"


# -- 3: ratings gamed by leaving ---------------------------------------------------------------------

async def _play_out(service, row):
    import random

    rnd = random.Random(3)
    while row.status == ACTIVE:
        seat = rnd.choice(service.humans_to_act(row))
        row = (await service.play(row.id, PEOPLE[row.seats[seat].user_id],
                                  rnd.choice(service.legal_actions(row, seat)).id)).table
    return row


async def test_leaving_and_rejoining_is_not_rated_as_a_whole_game(service, store):
    row = await _started(service, players=(ANNA, BELA, CILI))
    await service.leave_game(row.id, CILI.user_id)  # the AI plays for her a while ...
    row = (await service.rejoin(10, CILI)).table  # ... and she comes back
    assert not row.seats[service.seat_of(row, CILI.user_id)].ai
    row = await _play_out(service, row)
    assert row.status == FINISHED
    [entry] = await records.entries(store, [row.id])
    [cili] = [s for s in entry.seats if s.user_id == CILI.user_id]
    assert cili.kind == SeatKind.REPLACED
    ratings = {s.user_id: s for s in await records.leaderboard(store, 1, "sanjuan")}
    # She is rated as having lost, below both who played it through, whatever her score.
    assert cili.rating_delta is not None and cili.rating_delta < 0
    assert ratings[CILI.user_id].rating < min(ratings[ANNA.user_id].rating, ratings[BELA.user_id].rating)


async def test_leaving_a_two_player_game_before_the_end_is_a_loss(service, store):
    row = await _started(service, players=(ANNA, BELA))
    await service.leave_game(row.id, BELA.user_id)  # about to lose: leaves
    row = await _play_out(service, await service.table(row.id))
    [entry] = await records.entries(store, [row.id])
    assert entry.rated
    deltas = {s.user_id: s.rating_delta for s in entry.seats}
    assert deltas[BELA.user_id] < 0 < deltas[ANNA.user_id]
