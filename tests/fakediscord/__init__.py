"""A local Discord for tests: HTTP API v10 + gateway on 127.0.0.1 for an unmodified discord.py bot.

    async with FakeDiscord() as fake:                  # default guild fake.guild, channel fake.channel
        os.environ.update(fake.env)                    # ASZTAL_DISCORD_API / ASZTAL_DISCORD_GATEWAY
        ...start the bot (in-process after fake.point_discord_py_here(), or as a subprocess)...
        await fake.wait_ready(); await fake.wait_commands("game")
        alice = fake.add_user("alice", locale="hu")
        resp = await fake.slash(alice, fake.channel, "game", sub=["new"], options={"game": "sanjuan"})
        board = resp.messages[0]                       # live: edits and follow-ups show up here
        click = await fake.click(alice, board, "game:endturn")
        assert not fake.validation_failures and not fake.unknown_routes

Layout: server (state, app, message bookkeeping), gateway (sessions, RESUME, zlib-stream),
rest (routes), validation (Discord's limits, error bodies), interactions (FakeInteraction, the
helpers' result), simulate (test-side API), models (payload builders and records).
"""

from .interactions import FakeInteraction, InteractionFailed
from .models import Attachment, Channel, ErrorRecord, Guild, Message, User, ValidationFailure
from .server import FakeDiscord
from .validation import LOCALES

__all__ = ["LOCALES", "Attachment", "Channel", "ErrorRecord", "FakeDiscord", "FakeInteraction", "Guild",
           "InteractionFailed", "Message", "User", "ValidationFailure"]
