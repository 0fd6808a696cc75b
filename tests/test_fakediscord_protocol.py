"""The local Discord at the protocol level: raw gateway clients, a bot subprocess killed with
SIGKILL and restarted, modals, and the webhook message routes."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import signal
import sys
import textwrap
import zlib

import aiohttp
import discord
import pytest
import yarl

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def fake():
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        discord.http.Route.BASE = fake.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        yield fake
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


class RawGateway:
    """A bare websocket client, to check the wire format without discord.py in between."""

    def __init__(self, session: aiohttp.ClientSession, url: str, compress: bool) -> None:
        self.session, self.url, self.compress = session, url, compress
        self.inflate = zlib.decompressobj()
        self.buffer = bytearray()

    async def connect(self) -> RawGateway:
        q = "?v=10&encoding=json" + ("&compress=zlib-stream" if self.compress else "")
        self.ws = await self.session.ws_connect(self.url + q)
        return self

    async def recv(self) -> dict:
        while True:
            msg = await asyncio.wait_for(self.ws.receive(), 5)
            if msg.type == aiohttp.WSMsgType.TEXT:
                assert not self.compress
                return json.loads(msg.data)
            assert msg.type == aiohttp.WSMsgType.BINARY and self.compress, msg
            self.buffer += msg.data
            if bytes(self.buffer[-4:]) == b"\x00\x00\xff\xff":
                data, self.buffer = self.inflate.decompress(bytes(self.buffer)), bytearray()
                return json.loads(data)

    async def send(self, op: int, d: object) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def until(self, event: str) -> dict:
        while (frame := await self.recv()).get("t") != event:
            pass
        return frame


@pytest.mark.parametrize("compress", [False, True])
async def test_raw_gateway_identify_heartbeat_resume_replay(fake, compress):
    user = fake.add_user("alice")
    async with aiohttp.ClientSession() as http:
        gw = await RawGateway(http, fake.gateway_url, compress).connect()
        hello = await gw.recv()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await gw.send(1, None)
        assert (await gw.recv())["op"] == 11
        await gw.send(2, {"token": "t", "intents": (1 << 0) | (1 << 9), "properties": {}})
        ready = await gw.until("READY")
        assert ready["d"]["resume_gateway_url"] == fake.gateway_url
        guild = await gw.until("GUILD_CREATE")
        assert {m["user"]["id"] for m in guild["d"]["members"]} >= {str(user.id), str(fake.bot_user.id)}
        seq = guild["s"]
        await gw.ws.close()

        # events while disconnected are kept for the session ...
        fake.user_says(user, fake.channel, "while you were away")
        fake.user_says(user, fake.channel, "and again")
        gw2 = await RawGateway(http, fake.gateway_url, compress).connect()
        await gw2.recv()
        await gw2.send(6, {"token": "t", "session_id": ready["d"]["session_id"], "seq": seq})
        replayed = [await gw2.recv() for _ in range(3)]
        # ... and replayed in order, then RESUMED
        assert [f["t"] for f in replayed] == ["MESSAGE_CREATE", "MESSAGE_CREATE", "RESUMED"]
        assert [f["s"] for f in replayed] == [seq + 1, seq + 2, seq + 3]
        assert replayed[0]["d"]["content"] == "while you were away"

        # an unknown session is not resumable
        gw3 = await RawGateway(http, fake.gateway_url, compress).connect()
        await gw3.recv()
        await gw3.send(6, {"token": "t", "session_id": "nope", "seq": 1})
        assert await gw3.recv() == {"op": 9, "d": False, "s": None, "t": None}
        for g in (gw2, gw3):
            await g.ws.close()


BOT_SCRIPT = textwrap.dedent('''
    import asyncio, os, sys
    import discord, yarl
    from discord import app_commands

    # exactly what the real bot does with its two environment variables
    discord.http.Route.BASE = os.environ["ASZTAL_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["ASZTAL_DISCORD_GATEWAY"])

    class Board(discord.ui.View):
        def __init__(self):
            super().__init__(timeout=None)

        @discord.ui.button(label="Next", custom_id="board:next")
        async def next(self, interaction, button):
            await interaction.response.send_message(f"next from pid {os.getpid()}")

    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    @tree.command(name="board", description="Show the board")
    async def board(interaction):
        await interaction.response.send_message("board", view=Board())

    @client.event
    async def setup_hook():
        client.add_view(Board())
        await tree.sync()

    client.run("fake-token", log_handler=None)
''')


async def _spawn(fake: FakeDiscord, tmp_path) -> asyncio.subprocess.Process:
    script = tmp_path / "bot.py"
    script.write_text(BOT_SCRIPT)
    return await asyncio.create_subprocess_exec(sys.executable, str(script), env={**os.environ, **fake.env},
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


async def test_bot_subprocess_sigkill_and_restart(fake, tmp_path):
    alice = fake.add_user("alice")
    proc = await _spawn(fake, tmp_path)
    try:
        await fake.wait_ready(timeout=20)
        await fake.wait_commands("board", timeout=20)
        board = (await fake.slash(alice, fake.channel, "board")).expect_response().messages[0]
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await fake.wait_for(lambda: not fake.gateway.connected(), what="the dead bot's socket to close")

        proc = await _spawn(fake, tmp_path)
        await fake.wait_for(lambda: fake.gateway.identify_count == 2, timeout=20, what="the new bot to identify")
        click = (await fake.click(alice, board, "board:next")).expect_response()
        assert click.content == f"next from pid {proc.pid}"
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_modal_and_webhook_message_routes(fake):
    alice = fake.add_user("alice", locale="hu")
    seen: dict[str, object] = {}

    class Name(discord.ui.Modal, title="Name your city"):
        city = discord.ui.TextInput(label="City", custom_id="city")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"city {self.city.value}", ephemeral=True)
            await interaction.followup.send("second", ephemeral=True)
            original = await interaction.original_response()
            seen["original"] = original.content
            await interaction.edit_original_response(content="city renamed")
            follow = await interaction.followup.send("third", wait=True)
            await follow.delete()

    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = discord.app_commands.CommandTree(client)

    @tree.command(name="found", description="Found a city")
    async def found(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Name())

    client.setup_hook = tree.sync  # type: ignore[method-assign]
    task = asyncio.create_task(client.start("fake-token"))
    try:
        await fake.wait_commands("found")
        opened = await fake.slash(alice, fake.channel, "found")
        assert opened.callback_type == 9 and opened.modal["title"] == "Name your city"
        submitted = await fake.submit_modal(alice, opened, {"city": "Budapest"})
        await submitted.wait_followups(2)
        await fake.wait_for(lambda: submitted.followups[-1].deleted)
        assert seen["original"] == "city Budapest"
        assert [m.content for m in submitted.messages] == ["city renamed", "second"]
        assert all(m.ephemeral_for == alice.id for m in submitted.messages)
        assert [m.content for m in fake.channel_messages(fake.channel)] == []  # "third" was deleted
        assert fake.errors == []
    finally:
        await client.close()
        await task


@pytest.mark.parametrize(("name", "ok"), [("játék", True), ("เกม", True), ("खेल", True), ("new-game_2", True),
                                          ("Játék", False), ("a b", False), ("x" * 33, False), ("", False)])
def test_command_name_rule(name, ok):
    from tests.fakediscord.validation import check_command

    assert (check_command("0", {"name": name, "description": "d"}) == []) is ok


async def test_components_v2_layout_view_passes(fake):
    from PIL import Image

    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    task = asyncio.create_task(client.start("fake-token"))
    try:
        await fake.wait_ready()

        class Board(discord.ui.LayoutView):
            box = discord.ui.Container(
                discord.ui.TextDisplay("## Board"),
                discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
                discord.ui.ActionRow(discord.ui.Button(label="Play", custom_id="v2:play")),
            )

        buf = io.BytesIO()
        Image.new("RGB", (8, 8)).save(buf, "PNG")
        buf.seek(0)
        channel = await client.fetch_channel(fake.channel.id)
        await channel.send(view=Board(), file=discord.File(buf, "board.png"))
        [msg] = fake.channel_messages(fake.channel)
        assert msg.text == "## Board" and msg.custom_ids() == ["v2:play"] and msg.attachments[0].is_png
        assert fake.validation_failures == []
    finally:
        await client.close()
        await task


async def test_shards_get_their_guilds_events_and_shard_0_every_dm(fake):
    """Two sessions identify as shards 0 and 1 of 2: READY lists each shard's guilds, a guild's
    events reach only its shard (``(guild_id >> 22) % 2``), and DMs go to shard 0."""
    other = fake.add_guild("other")
    while (other.id >> 22) % 2 == (fake.guild.id >> 22) % 2:
        other = fake.add_guild("other")
    by_shard = {(g.id >> 22) % 2: g for g in (fake.guild, other)}
    channels = {s: (fake.channel if g is fake.guild else fake.add_channel(g, "games")) for s, g in by_shard.items()}
    user = fake.add_user("alice", guilds=[fake.guild, other])
    async with aiohttp.ClientSession() as http:
        shards = {}
        for shard in (0, 1):
            gw = await RawGateway(http, fake.gateway_url, False).connect()
            await gw.recv()
            await gw.send(2, {"token": "t", "intents": (1 << 0) | (1 << 9) | (1 << 12), "properties": {},
                              "shard": [shard, 2]})
            ready = await gw.until("READY")
            assert ready["d"]["shard"] == [shard, 2]
            assert {g["id"] for g in ready["d"]["guilds"]} == {str(g.id) for g in fake.guilds.values()
                                                               if (g.id >> 22) % 2 == shard}
            await gw.until("GUILD_CREATE")
            shards[shard] = gw
        for shard in (0, 1):
            fake.user_says(user, channels[shard], f"in shard {shard}'s guild")
        fake.user_says(user, fake.dm_channel(user), "a DM")
        got = {shard: [] for shard in (0, 1)}
        for shard, gw in shards.items():
            with contextlib.suppress(TimeoutError):
                while True:
                    frame = await asyncio.wait_for(gw.recv(), 0.3)
                    if frame.get("t") == "MESSAGE_CREATE":
                        got[shard].append(frame["d"]["content"])
        assert got == {0: ["in shard 0's guild", "a DM"], 1: ["in shard 1's guild"]}
        for gw in shards.values():
            await gw.ws.close()
