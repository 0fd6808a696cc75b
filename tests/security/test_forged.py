"""Forged interactions and stale ballots: a button's custom id sent by someone it was not posted
for, on a message it is not on (Discord checks a click against its message, and so does
discord.py), and a ballot on a vote that is over."""

from __future__ import annotations

import time

from service.tables import ACTIVE, Caller, TableService
from tests.e2e.test_field import open_game
from tests.fakediscord.interactions import COMPONENT
from tests.test_absent import _refused, _started


async def test_a_prompt_button_forged_by_another_player_changes_nothing(env):
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    row = await open_game(env, [anna, bela])
    service = env.bot.service
    seat = service.to_act(row)[0]
    due, other = (anna, bela) if row.seats[seat].user_id == anna.id else (bela, anna)
    await env.settle()
    prompt = next(m for m in reversed(fake.dms(due)) if any(c.startswith("az:a:") for c in m.custom_ids()))
    forged = next(c for c in prompt.custom_ids() if c.startswith("az:a:"))
    board = fake.channel_messages(fake.channel)[-1]
    # The other player sends the due player's button id, as if it were on the board.
    click = await fake.interact(COMPONENT, other, fake.channel, {"custom_id": forged, "component_type": 2},
                                board, timeout=2.0)
    # discord.py finds a clicked component on its message: one that is not there is dropped
    # unanswered (the forger's client says the interaction failed).
    assert not click.responded
    await env.bot.handlers.idle()
    after = await service.table(row.id)
    assert after.seq == row.seq and after.state == row.state, "a forged click moved the game"


async def test_a_ballot_on_a_vote_that_is_over_is_refused(tmp_path):
    from service.store import Store

    store = await Store.open(str(tmp_path / "t.sqlite3"))
    try:
        service = TableService(store)
        people = tuple(Caller(i, name) for i, name in enumerate(("Anna", "Béla", "Cili", "Dóra"), start=1))
        row = await _started(service, players=people, clock_option="10m")
        seat = service.humans_to_act(row)[0]
        row.meta["due_at"][str(seat)] = time.time() - 601
        await service.clock_tick(row.id)
        row = await service.table(row.id)
        vote_id = row.meta["votes"][str(seat)]["id"]
        voters = [c for c in people if c.user_id != row.seats[seat].user_id]
        await service.vote(row.id, voters[0], seat, vote_id, "wait")
        update, _ = await service.vote(row.id, voters[1], seat, vote_id, "wait")
        assert update is not None  # decided: the clock starts again
        stale = await _refused(service.vote(row.id, voters[2], seat, vote_id, "end"))
        assert stale == "core.error.vote_closed"
        assert (await service.table(row.id)).status == ACTIVE
    finally:
        await store.close()
