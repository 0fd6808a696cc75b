"""The local Discord (tests/fakediscord) driven by a real discord.py client over real sockets."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
import yarl
from discord import app_commands

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.timeout(60)


class TurnView(discord.ui.View):
    """Persistent: registered at start-up so old messages keep working after a restart."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="End turn", custom_id="game:endturn")
    async def end_turn(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"turn ended by {interaction.user.name}", ephemeral=True)

    @discord.ui.select(custom_id="game:pick", placeholder="Pick a role", min_values=1, max_values=2,
                       options=[discord.SelectOption(label=r, value=r) for r in ("builder", "trader", "mayor")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} picked {','.join(select.values)}")


def png(color: str = "green") -> discord.File:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (64, 32), color).save(buf, "PNG")
    buf.seek(0)
    return discord.File(buf, "board.png")


class Bot:
    """A small real discord.py bot, in-process, pointed at the fake by configuration only."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self.client)
        self.outcomes: dict[str, object] = {}
        self.task: asyncio.Task | None = None
        tree, client, outcomes = self.tree, self.client, self.outcomes

        game = app_commands.Group(name="game", description="Games")

        @game.command(name="new", description="Start a game")
        @app_commands.choices(game=[app_commands.Choice(name="San Juan", value="sanjuan"),
                                    app_commands.Choice(name="Carcassonne", value="carcassonne")])
        async def new(interaction: discord.Interaction, game: str, seats: int = 4) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(f"new {game} for {seats} ({interaction.locale.value}/"
                                            f"{interaction.guild_locale.value})", file=png(), view=TurnView())

        tree.add_command(game)

        @tree.command(name="play", description="Play a card")
        async def play(interaction: discord.Interaction, card: str) -> None:
            await interaction.response.send_message(f"{interaction.user.name} played {card}")

        @play.autocomplete("card")
        async def card_ac(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            hand = ["red7", "red2", "blue5", "wild"] + [f"extra{i}" for i in range(40)]
            return [app_commands.Choice(name=c, value=c) for c in hand if c.startswith(current)][:25]

        @tree.command(name="hand", description="Show your hand")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"hand of {interaction.user.name}", ephemeral=True)

        @tree.command(name="dm", description="DM everyone")
        async def dm(interaction: discord.Interaction, who: discord.Member) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await who.send("your secret hand")
                outcomes["dm"] = "ok"
            except discord.Forbidden as e:
                outcomes["dm"] = e.code
            await interaction.followup.send(f"dm: {outcomes['dm']}")

        @tree.command(name="slow", description="Answers too late")
        async def slow(interaction: discord.Interaction) -> None:
            fake.clock.advance(3.5)  # as if the bot had been busy for 3.5 s
            try:
                await interaction.response.send_message("late")
            except discord.NotFound as e:
                outcomes["slow"] = e.code

        @tree.command(name="twice", description="Answers twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("one")
            try:
                await interaction.client.http.request(  # bypass discord.py's local is_done() guard
                    discord.http.Route("POST", "/interactions/{i}/{t}/callback", i=interaction.id, t=interaction.token),
                    json={"type": 4, "data": {"content": "two"}})
            except discord.HTTPException as e:
                outcomes["twice"] = e.code

        @tree.command(name="post", description="Post to the channel")
        async def post(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer()
            msg = await interaction.channel.send(text)
            outcomes["post"] = msg.id
            await interaction.followup.send("posted")

        @tree.command(name="thread", description="Open a thread")
        async def thread(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("table")
            msg = await interaction.original_response()
            t = await msg.create_thread(name="Table 1")
            await t.send("welcome to table 1")
            outcomes["thread"] = t.id

        @client.event
        async def setup_hook() -> None:
            client.add_view(TurnView())
            await tree.sync()

    async def start(self) -> Bot:
        self.task = asyncio.create_task(self.client.start("fake-token"))
        await self.fake.wait_ready()
        await self.fake.wait_commands("game")
        return self

    async def stop(self) -> None:
        await self.client.close()
        if self.task is not None:
            await asyncio.wait_for(self.task, 5)


@pytest.fixture
async def fake():
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        discord.http.Route.BASE = fake.api_url  # what the bot does with ASZTAL_DISCORD_API
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        yield fake
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


@pytest.fixture
async def bot(fake):
    b = await Bot(fake).start()
    yield b
    await b.stop()


async def test_login_ready_and_sync(fake, bot):
    assert bot.client.user.id == fake.bot_user.id
    await asyncio.wait_for(bot.client.wait_until_ready(), 5)
    guild = bot.client.get_guild(fake.guild.id)
    assert guild is not None and guild.get_channel(fake.channel.id).name == "games"
    names = sorted(c["name"] for c in fake.commands[None])
    assert names == ["dm", "game", "hand", "play", "post", "slow", "thread", "twice"]
    assert fake.validation_failures == [] and fake.unknown_routes == []
    # the gateway spoke zlib-stream and the bot identified once
    assert fake.gateway.identify_count == 1


async def test_rejected_commands_are_400_and_recorded(fake, bot):
    http, app = bot.client.http, fake.application_id
    ok = {"name": "ok", "description": "fine", "type": 1}
    bad_payloads = {
        "name 33 chars": {**ok, "name": "x" * 33},
        "uppercase": {**ok, "name": "Play"},
        "26 choices": {**ok, "options": [{"name": "c", "description": "d", "type": 3,
                                          "choices": [{"name": f"n{i}", "value": f"v{i}"} for i in range(26)]}]},
        "bad locale": {**ok, "name_localizations": {"xx-YY": "ok"}},
        "bad localised name": {**ok, "name_localizations": {"hu": "Játék Indítása"}},
        "required after optional": {**ok, "options": [
            {"name": "a", "description": "d", "type": 3},
            {"name": "b", "description": "d", "type": 3, "required": True}]},
        "too large": {**ok, "options": [{"name": f"o{i}", "description": "d" * 100, "type": 3,
                                         "choices": [{"name": "n" * 100, "value": "v" * 100}]} for i in range(20)]},
    }
    for why, cmd in bad_payloads.items():
        with pytest.raises(discord.HTTPException) as exc:
            await http.bulk_upsert_global_commands(app, [cmd])
        assert exc.value.status == 400, why
        assert exc.value.code == 50035, why
    assert len(fake.validation_failures) == len(bad_payloads)
    assert all(f.kind == "command" for f in fake.validation_failures)
    assert "name" in fake.validation_failures[0].problems[0][0]
    assert "xx-YY" in fake.validation_failures[3].problems[0][0]
    too_many = [{**ok, "name": f"c{i}"} for i in range(101)]
    with pytest.raises(discord.HTTPException) as exc:
        await http.bulk_upsert_global_commands(app, too_many)
    assert exc.value.code == 30032
    # a Hungarian localisation that obeys the rules is fine, and the bad ones did not replace the good set
    await http.bulk_upsert_guild_commands(app, fake.guild.id, [{**ok, "name_localizations": {"hu": "játék"}}])
    assert [c["name"] for c in fake.commands[fake.guild.id]] == ["ok"]
    assert "game" in [c["name"] for c in fake.commands[None]]


async def test_deferred_slash_with_png_followup_and_locales(fake, bot):
    alice = fake.add_user("alice", locale="hu")
    fake.guild.locale = "en-US"
    resp = await fake.slash(alice, fake.channel, "game", sub="new", options={"game": "sanjuan", "seats": 3})
    assert resp.callback_type == 5 and resp.deferred and not resp.ephemeral
    assert resp.latency is not None and not resp.rejected and resp not in fake.late_responses  # deferred in time
    [msg] = resp.messages
    assert msg.content == "new sanjuan for 3 (hu/en-US)" and not msg.loading
    [att] = msg.attachments
    assert att.is_png and att.filename == "board.png" and att.content_type == "image/png"
    assert att.open_image().size == (64, 32)
    assert msg.custom_ids() == ["game:endturn", "game:pick"]
    assert fake.channel_messages(fake.channel) == [msg]
    with pytest.raises(ValueError):  # a Discord client would not let a user pick a non-choice
        await fake.slash(alice, fake.channel, "game", sub="new", options={"game": "chess"})


async def test_autocomplete_choices(fake, bot):
    bob = fake.add_user("bob")
    choices = await fake.autocomplete(bob, fake.channel, "play", options={"card": "re"}, focused="card")
    assert [c["value"] for c in choices] == ["red7", "red2"]
    many = await fake.autocomplete(bob, fake.channel, "play", options={"card": "ex"}, focused="card")
    assert len(many) == 25
    assert fake.last_autocomplete.callback_type == 8


async def test_autocomplete_over_25_choices_is_rejected(fake, bot):
    bob = fake.add_user("bob")

    @bot.tree.command(name="bad", description="too many choices")
    async def bad(interaction: discord.Interaction, x: str) -> None:
        await interaction.response.send_message(x)

    @bad.autocomplete("x")
    async def bad_ac(interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=f"c{i}", value=f"c{i}") for i in range(26)]

    await bot.tree.sync()
    assert await fake.autocomplete(bob, fake.channel, "bad", options={"x": ""}, focused="x") == []
    [failure] = fake.validation_failures
    assert failure.kind == "autocomplete" and "choices" in failure.problems[0][0]


async def test_persistent_button_and_select_survive_reconnect(fake, bot):
    alice, bob = fake.add_user("alice", locale="hu"), fake.add_user("bob", locale="en-US")
    resp = await fake.slash(alice, fake.channel, "game", sub="new", options={"game": "sanjuan"})
    board = resp.messages[0]

    # a brand-new bot process (new IDENTIFY) still handles the old message's components
    await bot.stop()
    bot2 = await Bot(fake).start()
    try:
        assert fake.gateway.identify_count == 2
        click = await fake.click(bob, board, "game:endturn")
        assert click.callback_type == 4 and click.ephemeral
        assert click.content == "turn ended by bob"
        assert click.messages[0] in fake.visible_to(bob) and click.messages[0] not in fake.visible_to(alice)

        pick = await fake.select(alice, board, "game:pick", ["builder", "mayor"])
        assert pick.callback_type == 7
        assert board.content == "alice picked builder,mayor" and board.edited_timestamp is not None
        assert board.history[-1]["content"].startswith("new sanjuan")  # [0] is the "thinking…" placeholder
        with pytest.raises(ValueError):
            await fake.select(alice, board, "game:pick", ["king"])
    finally:
        await bot2.stop()


async def test_ephemeral_visibility(fake, bot):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    outsider = fake.add_user("carol", guilds=[])
    resp = await fake.slash(alice, fake.channel, "hand")
    assert resp.ephemeral and resp.content == "hand of alice"
    assert fake.ephemerals(alice) == resp.messages and fake.ephemerals(bob) == []
    assert resp.messages[0] not in fake.channel_messages(fake.channel)
    public = await fake.slash(bob, fake.channel, "play", options={"card": "red7"})
    assert public.messages[0] in fake.visible_to(alice) and public.messages[0] in fake.visible_to(bob)
    assert fake.visible_to(outsider) == []
    with pytest.raises(ValueError):  # an ephemeral message is not clickable by others (nor visible)
        fake.find_message(bob, "nothing")


async def test_dm_open_and_closed(fake, bot):
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", dms_open=False)
    await fake.slash(alice, fake.channel, "dm", options={"who": alice})
    assert bot.outcomes["dm"] == "ok"
    assert [m.content for m in fake.dms(alice)] == ["your secret hand"]
    resp = await fake.slash(alice, fake.channel, "dm", options={"who": bob})
    assert bot.outcomes["dm"] == 50007
    assert fake.dms(bob) == []
    assert resp.ephemeral and resp.content == "dm: 50007"  # the follow-up kept the deferral's ephemerality
    assert any(e.code == 50007 and e.status == 403 for e in fake.errors)


async def test_rate_limit_retry(fake, bot):
    alice = fake.add_user("alice")
    fake.rate_limit_next("POST", "/channels/{channel_id}/messages", retry_after=0.2)
    resp = await fake.slash(alice, fake.channel, "post", options={"text": "hello"})
    await resp.wait_final()
    assert resp.content == "posted"
    # the deferral created the placeholder first; "posted" filled it in later
    assert [m.content for m in fake.channel_messages(fake.channel)] == ["posted", "hello"]
    assert len(fake.rate_limited) == 1
    posts = [r for r in fake.requests if r.route == "/channels/{channel_id}/messages" and r.method == "POST"]
    assert [r.status for r in posts] == [429, 200]
    assert posts[1].at - posts[0].at >= 0.19


async def test_three_second_rule_and_single_ack(fake, bot):
    alice = fake.add_user("alice")
    late = await fake.slash(alice, fake.channel, "slow", timeout=1.0)
    assert not late.responded and late.rejected and late.rejected[0][0] == 10062
    await fake.wait_for(lambda: "slow" in bot.outcomes)
    assert bot.outcomes["slow"] == 10062 and fake.late_responses == [late]
    twice = await fake.slash(alice, fake.channel, "twice")
    await fake.wait_for(lambda: "twice" in bot.outcomes)
    assert bot.outcomes["twice"] == 40060 and twice.content == "one"


async def test_token_expires_after_15_minutes(fake, bot):
    alice = fake.add_user("alice")
    resp = await fake.slash(alice, fake.channel, "play", options={"card": "red7"})
    fake.clock.advance(15 * 60 + 1)
    webhook = discord.Webhook.partial(fake.application_id, resp.token, client=bot.client)
    with pytest.raises(discord.HTTPException) as exc:
        await webhook.send("too late")
    assert exc.value.code == 50027


async def test_resume_after_dropping_the_socket(fake, bot):
    alice = fake.add_user("alice")
    resumed = asyncio.Event()

    @bot.client.event
    async def on_resumed() -> None:
        resumed.set()

    await fake.drop_gateway()  # abrupt TCP loss, no close frame
    await fake.wait_for(lambda: not fake.gateway.connected())
    # an interaction sent while the bot is away is buffered and replayed on RESUME
    resp = await fake.slash(alice, fake.channel, "play", options={"card": "wild"}, require_connection=False)
    assert resp.content == "alice played wild"
    await asyncio.wait_for(resumed.wait(), 5)
    assert fake.gateway.resume_count == 1 and fake.gateway.identify_count == 1


async def test_threads(fake, bot):
    alice = fake.add_user("alice")
    resp = await fake.slash(alice, fake.channel, "thread")
    await fake.wait_for(lambda: "thread" in bot.outcomes)
    [thread] = fake.threads(fake.channel)
    assert thread.id == resp.messages[0].id == bot.outcomes["thread"] and thread.type == 11
    assert [m.content for m in fake.channel_messages(thread)] == ["welcome to table 1"]
    assert fake.channel_messages(thread)[0] in fake.visible_to(alice)
    assert bot.client.get_channel(thread.id) is not None  # THREAD_CREATE reached the cache
    # a thread without a starter message
    lobby = await bot.client.get_channel(fake.channel.id).create_thread(
        name="Lobby", type=discord.ChannelType.public_thread)
    await lobby.send("hi")
    assert [t.name for t in fake.threads(fake.channel)] == ["Table 1", "Lobby"]
    assert fake.channel_messages(lobby.id)[0].content == "hi"


async def test_message_limits_are_enforced(fake, bot):
    channel = bot.client.get_channel(fake.channel.id)
    with pytest.raises(discord.HTTPException) as exc:
        await channel.send("x" * 2001)
    assert exc.value.status == 400 and exc.value.code == 50035
    view = discord.ui.View()
    for i in range(6):
        view.add_item(discord.ui.Button(label="b" * 81 if i == 0 else "ok", custom_id=f"b{i}", row=None))
    with pytest.raises(discord.HTTPException):
        await channel.send("too many", embeds=[discord.Embed(description="d" * 4096)] * 2)
    with pytest.raises(discord.HTTPException):
        await channel.send("bad label", view=view)
    big = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), "big.bin")
    with pytest.raises(discord.HTTPException) as exc:
        await channel.send(file=big)
    assert exc.value.status == 413 and exc.value.code == 40005
    kinds = [f.kind for f in fake.validation_failures]
    assert kinds == ["message"] * 4
    assert fake.channel_messages(fake.channel) == []


async def test_unknown_route_is_recorded(fake, bot):
    with pytest.raises(discord.NotFound):
        await bot.client.http.request(discord.http.Route("GET", "/voice/regions"))
    assert fake.unknown_routes == [("GET", "/voice/regions")]


def test_pings_follow_discords_allowed_mentions_rules():
    from tests.fakediscord.mentions import check_allowed_mentions, pings

    text = {"content": "<@1> <@!2> @everyone"}
    assert pings(text) == (frozenset({1, 2}), True)  # no allowed_mentions: everything parsed
    assert pings({**text, "allowed_mentions": {"parse": []}}) == (frozenset(), False)
    assert pings({**text, "allowed_mentions": {"parse": ["users"]}}) == (frozenset({1, 2}), False)
    assert pings({**text, "allowed_mentions": {"users": ["2", "3"]}}) == (frozenset({2}), False)
    assert pings({**text, "allowed_mentions": {"parse": ["everyone"], "users": ["1"]}}) == (frozenset({1}), True)
    assert check_allowed_mentions({"allowed_mentions": {"parse": ["users"], "users": ["1"]}})
    assert not check_allowed_mentions({"allowed_mentions": {"parse": ["roles"], "users": ["1"]}})
