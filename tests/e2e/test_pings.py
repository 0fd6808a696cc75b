"""Pings in the field: who a board, a reminder or a vote notifies, as Discord decides it
from the message's ``allowed_mentions`` (the local Discord applies Discord's rules)."""

from __future__ import annotations

import asyncio

from bot.app import escaped
from tests.e2e.test_field import open_game, play_one


async def test_boards_ping_only_players_whatever_their_names_say(env):
    """A player may call themselves "@everyone" or put another member's mention in their
    name: the boards still notify only the players they mean to."""
    fake = env.fake
    bystander = fake.add_user("cili")
    loud = fake.add_user("@everyone")
    sly = fake.add_user(f"<@{bystander.id}> bela")
    players = [loud, sly]
    row = await open_game(env, players)
    for _ in range(10):
        (await play_one(env, row, players)).expect_response()
        await asyncio.sleep(0.1)
        await env.settle()
    boards = [m for m in fake.channel_messages(fake.channel) if m.attachments]
    assert len(boards) >= 3
    # The name is shown, escaped (it neither pings nor reads as a mention).
    assert any(escaped("@everyone") in m.content for m in fake.channel_messages(fake.channel))
    assert not any(m.pinged_everyone for m in fake.channel_messages(fake.channel))
    assert fake.pings(bystander) == []
    assert all(m.pinged <= {loud.id, sly.id} for m in fake.channel_messages(fake.channel))
    # The turn passes between the two: each was called to move by a board at least once.
    assert fake.pings(loud, fake.channel) and fake.pings(sly, fake.channel)
