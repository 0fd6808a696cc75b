"""Issue 35, defect 4: a game in a channel a member cannot view was readable from elsewhere in
the server (``/game replay table:N``, ``/game export`` after the end, ``/game history``).  Now a
table shows only to members who can view its channel or thread now: tried through the real bot
against the local Discord with a private channel and a private thread."""

from __future__ import annotations

from tests.e2e.conftest import running_bot
from tests.e2e.test_memory import _finished, _refusal
from tests.fakediscord import FakeDiscord

UNKNOWN = "There is no game #"


async def _history(fake, user) -> str:
    answer = (await fake.slash(user, fake.channel, "game", "history")).expect_response()
    return "\n".join(m.content for m in answer.messages)


async def _closed_to(fake, user, channel, table_id) -> None:
    """Everything about the table is refused to ``user``, asking from the public channel."""
    replay = await fake.slash(user, fake.channel, "game", "replay", {"table": table_id})
    assert UNKNOWN in await _refusal(replay)
    export = await fake.slash(user, fake.channel, "game", "export", {"table": table_id})
    assert UNKNOWN in await _refusal(export)
    assert f"#{table_id}`" not in await _history(fake, user)


async def _open_to(fake, user, table_id) -> None:
    replay = (await fake.slash(user, fake.channel, "game", "replay", {"table": table_id})).expect_response()
    assert replay.messages[-1].attachments, "the replayed board"
    export = (await fake.slash(user, fake.channel, "game", "export", {"table": table_id})).expect_response()
    assert export.messages[-1].attachments, "the game record"
    assert f"#{table_id}`" in await _history(fake, user)


async def test_a_private_channels_game_is_shown_only_to_who_can_view_it(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna, bela, carl = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("carl")
        secret = fake.add_channel(fake.guild, "secret")
        fake.set_permissions(secret, fake.guild, view=False)  # @everyone may not view it
        for member in (anna, bela, fake.bot_user):
            fake.set_permissions(secret, member, view=True)
        row = await _finished(env, [anna, bela], channel=secret)
        await _closed_to(fake, carl, secret, row.id)
        await _open_to(fake, anna, row.id)
        # Access taken away: the check is of now, not of when the game was played.
        fake.set_permissions(secret, bela, view=False)
        await _closed_to(fake, bela, secret, row.id)
        # A table of another server is as unknown as a hidden one, in the asker's language.
        other = fake.add_guild("Other")
        dani = fake.add_user("dani", locale="hu", guilds=[other])
        elsewhere = fake.add_channel(other, "games")
        refused = await fake.slash(dani, elsewhere, "game", "replay", {"table": row.id})
        assert f"nincs #{row.id} számú játék" in await _refusal(refused)


async def test_a_private_threads_game_is_shown_to_its_members_and_thread_managers(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna, bela, carl, mod = (fake.add_user(name) for name in ("anna", "bela", "carl", "mod"))
        fake.set_permissions(fake.channel, mod, manage_threads=True)
        thread = fake.create_thread(fake.channel, "private game", ttype=12, owner=anna)
        thread.thread_members.update({bela.id, fake.bot_user.id})
        row = await _finished(env, [anna, bela], channel=thread)
        await _closed_to(fake, carl, thread, row.id)  # he sees the parent channel, not the thread
        await _open_to(fake, bela, row.id)
        await _open_to(fake, mod, row.id)  # Manage Threads shows every private thread
