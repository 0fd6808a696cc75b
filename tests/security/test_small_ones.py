"""Issue 35's small defects, tried as an attacker would: through the real bot against the local
Discord where the bot is the surface, through the store where the store is."""

from __future__ import annotations

import subprocess
from pathlib import Path

from service import records
from tests.e2e.test_field import open_game

ROOT = Path(__file__).resolve().parents[2]


def said(interaction) -> str:
    """All the bot answered: the response and its follow-ups (a refused public command's
    placeholder is deleted and the refusal follows, to the caller alone)."""
    return "\n".join([interaction.content or "", *(m.content for m in interaction.messages)])


def test_the_token_file_is_never_committed():
    """The README tells users to put ``ASZTAL_TOKEN`` into ``.env`` in the checkout."""
    for name in (".env", ".env.local", ".env.production"):
        ignored = subprocess.run(["git", "check-ignore", "-q", name], cwd=ROOT)
        assert ignored.returncode == 0, f"{name} would be committed by git add -A"
    kept = subprocess.run(["git", "check-ignore", "-q", ".env.example"], cwd=ROOT)
    assert kept.returncode == 1, "an example without secrets may be committed"


async def test_a_superscript_seat_number_gets_a_clear_refusal(env):
    """``seat:²`` passed ``isdigit()`` and failed in ``int()``: "something went wrong"."""
    fake = env.fake
    anna, bela, cili = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("cili")
    row = await open_game(env, [anna, bela])
    for seat in ("²", "١", "-1", "99"):
        refused = await fake.slash(anna, fake.channel, "game", "substitute", {"member": cili, "seat": seat})
        assert refused.ephemeral and "There is no such seat" in refused.content, (seat, refused.content)
    assert (await env.bot.service.table(row.id)).seats == row.seats


async def test_manage_threads_decides_only_in_a_thread(env):
    """Manage Channels decides votes and aborts; Manage Threads only for a table in a thread."""
    fake = env.fake
    anna, bela, mod = fake.add_user("anna"), fake.add_user("bela"), fake.add_user("mod")
    fake.set_permissions(fake.channel, mod, manage_threads=True)
    (await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan", "thread": True})).expect_response()
    [thread] = await fake.wait_for(lambda: fake.threads(fake.channel), 10, "the thread")
    await fake.wait_for(lambda: fake.channel_messages(thread), 10, "the lobby")
    row = await open_game(env, [anna, bela])
    refused = await fake.slash(mod, fake.channel, "game", "abort")
    assert "Only the game's creator" in said(refused)
    assert (await env.bot.service.table(row.id)).status == row.status
    ended = await fake.slash(mod, thread, "game", "abort")
    assert "aborted the game" in said(ended), said(ended)
    assert await env.bot.service.table_in_channel(thread.id) is None


async def test_a_huge_history_page_is_answered_not_overflowed(tmp_path):
    """A forged history button with page 10**30 raised ``OverflowError`` in the query."""
    from service.store import Store

    store = await Store.open(str(tmp_path / "s.sqlite3"))
    try:
        entries, more = await records.history(store, 1, page=10**30)
        assert entries == [] and more is False
    finally:
        await store.close()
