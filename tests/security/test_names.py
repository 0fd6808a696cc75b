"""Issue 35, defect 5: display names were posted unescaped, so a member named like a masked link
or ``@everyone`` showed as one in the lobby and on the board, and ``**``, spoilers, headings and
code fences broke the text.  Now every text a user typed is escaped (Markdown and mentions) on
every surface, in both languages; pictures draw it as typed.  Through the real bot against the
local Discord."""

from __future__ import annotations

import pytest

from bot.app import escaped
from service import i18n
from tests.e2e.conftest import running_bot
from tests.e2e.test_field import play_one
from tests.e2e.test_memory import _finished
from tests.fakediscord import FakeDiscord

EVIL = "@everyone [gift](https://e.vil) **bold** ||spoiler|| `code`"
ALSO_EVIL = "# heading ~~x~~ <@&123456789012345678> __u__"


def _bot_texts(fake) -> list[str]:
    """Every text the bot wrote anywhere: channels, threads, DMs, ephemeral answers."""
    texts = [m.content for m in fake.messages.values() if m.author is fake.bot_user and m.content]
    texts += [m.content for inter in fake.interactions.values() for m in inter.messages if m.content]
    return texts


def _assert_escaped(texts: list[str], name: str) -> None:
    shown = escaped(name)
    assert any(shown in text for text in texts), f"{name!r} never shown at all"
    for text in texts:
        without = text.replace(shown, "")
        for raw in ("@everyone", "[gift](https://e.vil)", "**bold**", "||spoiler||", "`code`",
                    "~~x~~", "<@&123456789012345678>", "__u__"):
            if raw in name:
                assert raw not in without, f"unescaped {raw!r} in {text!r}"


@pytest.mark.parametrize("lang", ["en-US", "hu"])
async def test_typed_names_are_escaped_on_every_surface(tmp_path, lang):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        evil, anna, other = fake.add_user(EVIL, locale=lang), fake.add_user("anna", locale=lang), \
            fake.add_user(ALSO_EVIL, locale=lang)
        # A finished game: the final board, the score sheet, the history, stats and leaderboard.
        await _finished(env, [evil, anna])
        for command, sub, options in (("game", "history", {}), ("stats", None, {"member": evil}),
                                      ("leaderboard", None, {"game": "sanjuan"})):
            (await fake.slash(anna, fake.channel, command, sub, options)).expect_response()
        # A running one: the lobby, the boards, status, log, a substitute's notices and DM.
        second = fake.add_channel(fake.guild, "second")
        new = await fake.slash(evil, second, "game", "new", {"game": "sanjuan"})
        lobby = new.expect_response().original
        ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
        (await fake.click(anna, fake.channel_messages(second)[0], ops["join"])).expect_response()
        await env.bot.handlers.idle()
        (await fake.click(evil, fake.channel_messages(second)[0], ops["start"])).expect_response()
        await env.settle()
        row = await env.bot.service.table_in_channel(second.id)
        env.fake.channel = second  # (play_one plays in fake.channel)
        for _ in range(2):
            (await play_one(env, row, [evil, anna])).expect_response()
            await env.settle()
        for sub in ("status", "log"):
            (await fake.slash(anna, second, "game", sub)).expect_response()
        (await fake.slash(evil, second, "game", "substitute", {"member": other})).expect_response()
        await env.settle()
        (await fake.slash(anna, second, "game", "log")).expect_response()
        texts = _bot_texts(fake)
        _assert_escaped(texts, EVIL)
        _assert_escaped(texts, ALSO_EVIL)
    assert i18n.typed(EVIL) == EVIL, "the bot's escaping ends with it"


async def test_typed_options_and_moves_are_escaped_in_refusals(tmp_path):
    async with FakeDiscord() as fake, running_bot(fake, str(tmp_path / "bot.sqlite3")) as env:
        anna = fake.add_user("anna")
        refused = await fake.slash(anna, fake.channel, "game", "new",
                                   {"game": "sanjuan", "options": "**x**=@everyone"})
        refused.expect_response()
        played = await fake.slash(anna, fake.channel, "play", options={"action": "||@everyone||"})
        played.expect_response()
        texts = _bot_texts(fake)
        assert not any("@everyone" in t or "**x**" in t or "||" in t.replace("\\|", "") for t in texts), texts
        del env
