"""The local Discord is as harsh as Discord: rate limits, round trips, permissions, lost channels
and guilds, archived and locked threads.  Driven with raw HTTP/websockets (to see the exact
wire format) and with discord.py (to see that the real client copes with it)."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, RouteLimit
from tests.fakediscord.interactions import APPLICATION_COMMAND
from tests.fakediscord.permissions import PERMISSIONS
from tests.fakediscord.ratelimits import peak_per_second
from tests.test_fakediscord_protocol import RawGateway

pytestmark = pytest.mark.timeout(60)

MESSAGES = "/channels/{}/messages"
GUILDS_AND_MESSAGES = (1 << 0) | (1 << 9)


def record_delays(fake: FakeDiscord) -> list[float]:
    """The one-way delays the fake hands out from now on (a REST direction, a gateway frame):
    what it makes a request or an event wait, recorded instead of timed."""
    delays: list[float] = []
    draw = fake.one_way_delay

    def recorded() -> float:
        delays.append(delay := draw())
        return delay

    fake.one_way_delay = recorded  # type: ignore[method-assign]
    return delays


def record_sleeps(monkeypatch) -> list[float]:
    """The sleeps discord.py's HTTP client asks for (its waits on 429s), recorded, still slept."""
    slept: list[float] = []
    sleep = asyncio.sleep

    async def recorded(delay: float, *args):
        slept.append(delay)
        return await sleep(delay, *args)

    proxy = type("asyncio", (), {name: staticmethod(v) if callable(v) else v
                                 for name, v in vars(asyncio).items() if not name.startswith("__")})
    proxy.sleep = staticmethod(recorded)
    monkeypatch.setattr(discord.http, "asyncio", proxy)
    return slept


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


class Api:
    """Raw REST calls as the bot (status, headers, JSON body)."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake, self.session = fake, session

    async def __call__(self, method: str, path: str, json: object = None) -> tuple[int, dict, object]:
        async with self.session.request(method, self.fake.api_url + path, json=json,
                                         headers={"Authorization": "Bot t"}) as r:
            body = await r.json() if r.content_type == "application/json" else None
            return r.status, dict(r.headers), body

    async def post(self, channel_id: int, content: str = "hi") -> tuple[int, dict, object]:
        return await self("POST", MESSAGES.format(channel_id), {"content": content})


@pytest.fixture
async def make_fake():
    """``await make_fake(**FakeDiscord kwargs)``, with discord.py pointed at it."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    fakes: list[FakeDiscord] = []

    async def make(**kw) -> FakeDiscord:
        fake = await FakeDiscord(**kw).start()
        fakes.append(fake)
        fake.point_discord_py_here()
        return fake

    yield make
    for fake in fakes:
        await fake.stop()
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


async def gateway(fake: FakeDiscord, session: aiohttp.ClientSession) -> RawGateway:
    gw = await RawGateway(session, fake.gateway_url, compress=False).connect()
    await gw.recv()  # HELLO
    await gw.send(2, {"token": "t", "intents": GUILDS_AND_MESSAGES, "properties": {}})
    await gw.until("READY")
    return gw


async def client(fake: FakeDiscord) -> tuple[discord.Client, asyncio.Task]:
    c = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    task = asyncio.create_task(c.start("fake-token"))
    await asyncio.wait_for(c.wait_until_ready(), 10)
    return c, task


async def close(c: discord.Client, task: asyncio.Task) -> None:
    await c.close()
    await asyncio.wait_for(task, 5)


# --- rate limits ------------------------------------------------------------------------------------


async def test_route_bucket_headers_and_429(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    other = fake.add_channel(fake.guild, "other")
    status, h, _ = await api("GET", f"/channels/{fake.channel.id}")
    assert status == 200 and h["X-RateLimit-Limit"] == "50" and h["X-RateLimit-Remaining"] == "49"
    for i in range(5):
        status, h, _ = await api.post(fake.channel.id)
        assert status == 200 and h["X-RateLimit-Limit"] == "5" and h["X-RateLimit-Remaining"] == str(4 - i)
        assert 4.9 < float(h["X-RateLimit-Reset-After"]) <= 5.0
        assert abs(float(h["X-RateLimit-Reset"]) - (time.time() + float(h["X-RateLimit-Reset-After"]))) < 0.5
    bucket = h["X-RateLimit-Bucket"]
    status, h, body = await api.post(fake.channel.id)
    assert status == 429 and body["global"] is False and body["message"] == "You are being rate limited."
    assert 0 < body["retry_after"] <= 5.0
    assert h["X-RateLimit-Scope"] == "user" and h["Via"] == "1.1 google" and "X-RateLimit-Global" not in h
    assert h["Retry-After"] == "5" and h["X-RateLimit-Remaining"] == "0" and h["X-RateLimit-Bucket"] == bucket
    hit = fake.rate_limited[-1]
    assert (hit.method, hit.path, hit.is_global, hit.bucket) == ("POST", MESSAGES.format(fake.channel.id), False,
                                                                  bucket)
    # the bucket is per channel: the same hash, its own count
    status, h, _ = await api.post(other.id)
    assert status == 200 and h["X-RateLimit-Bucket"] == bucket and h["X-RateLimit-Remaining"] == "4"
    # edits have their own bucket; errors carry the headers too (and count)
    status, h, body = await api("PATCH", MESSAGES.format(fake.channel.id) + "/1", {"content": "x"})
    assert status == 404 and body["code"] == 10008 and h["X-RateLimit-Remaining"] == "4"
    assert h["X-RateLimit-Bucket"] != bucket
    assert len(fake.channel_messages(fake.channel)) == 5
    fake.clock.advance(5.0)  # windows run on the fake clock
    assert (await api.post(fake.channel.id))[0] == 200


async def test_limits_table_is_tunable_and_can_be_turned_off(make_fake, http):
    fake = await make_fake(route_limits={"POST /users/@me/channels": RouteLimit(1, 60.0, "dm-create")})
    api = Api(fake, http)
    alice = fake.add_user("alice")
    assert (await api("POST", "/users/@me/channels", {"recipient_id": str(alice.id)}))[0] == 200
    assert (await api("POST", "/users/@me/channels", {"recipient_id": str(alice.id)}))[0] == 429
    fake.route_limits["POST /channels/{channel_id}/messages"] = RouteLimit(1, 60.0)
    assert [(await api.post(fake.channel.id))[0] for _ in range(2)] == [200, 429]
    fake.rate_limits = False
    status, h, _ = await api("POST", "/users/@me/channels", {"recipient_id": str(alice.id)})
    assert status == 200 and "X-RateLimit-Limit" not in h
    # the injector works with limits off, and still says Via
    fake.rate_limit_next("GET", "/channels/{channel_id}", retry_after=0.5, is_global=True)
    status, h, body = await api("GET", f"/channels/{fake.channel.id}")
    assert status == 429 and h["Via"] == "1.1 google" and h["X-RateLimit-Global"] == "true" and body["global"]
    assert fake.rate_limited[-1].is_global and fake.rate_limited[-1].bucket == "injected"


async def test_global_limit_spares_interactions(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    alice = fake.add_user("alice")
    gw = await gateway(fake, http)
    task = asyncio.create_task(fake.interact(APPLICATION_COMMAND, alice, fake.channel, {"id": "1", "name": "x"},
                                             timeout=2.0))
    inter = (await gw.until("INTERACTION_CREATE"))["d"]
    since = fake.clock.time()
    other = fake.add_channel(fake.guild, "other")
    # 50 in the same second across two channels: only the global limit can refuse the 51st
    results = await asyncio.gather(*(api("GET", f"/channels/{c.id}") for c in [fake.channel, other] * 25))
    assert [r[0] for r in results] == [200] * 50
    status, h, body = await api("GET", "/users/@me")
    assert status == 429 and body["global"] is True and 0 < body["retry_after"] <= 1.0
    assert h["X-RateLimit-Global"] == "true" and h["X-RateLimit-Scope"] == "global" and h["Via"] == "1.1 google"
    assert h["Retry-After"] == "1"
    assert fake.rate_limited[-1].is_global and fake.rate_limited[-1].bucket == "global"
    # interaction callbacks and their webhooks do not count and are not refused
    cb = f"/interactions/{inter['id']}/{inter['token']}/callback"
    assert (await api("POST", cb, {"type": 4, "data": {"content": "ok"}}))[0] == 200
    assert (await api("POST", f"/webhooks/{fake.application_id}/{inter['token']}", {"content": "more"}))[0] == 200
    assert (await task).content == "ok"
    stats = fake.rest_stats(since=since)
    assert stats["total"] == 51 and stats["peak_1s"] == 51 and stats["global_rate_limited"] == 1
    assert stats["rate_limited"] == 1 and stats["interaction_requests"] == 2 and stats["invalid"] == 1
    assert stats["by_route"] == {"GET /channels/{channel_id}": 50, "GET /users/@me": 1}
    await asyncio.sleep(body["retry_after"])
    assert (await api("GET", "/users/@me"))[0] == 200
    await gw.ws.close()


def test_peak_per_second():
    assert peak_per_second([]) == 0
    assert peak_per_second([0.0, 0.5, 0.99, 1.0, 1.5]) == 3  # [0.5, 1.5) or [0, 1)
    assert peak_per_second([5.0, 0.0, 0.1, 5.2, 5.3, 5.99]) == 4


async def test_discord_py_waits_out_route_and_global_429s(make_fake, http, monkeypatch):
    fake = await make_fake(global_limit=5,
                           route_limits={"POST /channels/{channel_id}/messages": RouteLimit(2, 1.0, "message-create")})
    api = Api(fake, http)
    dpy = discord.http.HTTPClient(asyncio.get_running_loop())
    await dpy.static_login("fake-token")
    try:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=fake.channel.id)
        # another process (raw) used up the bucket: discord.py gets a 429, sleeps retry_after, retries
        fake.clock.advance(1.0)  # a fresh second for the global count too
        assert [(await api.post(fake.channel.id))[0] for _ in range(2)] == [200, 200]
        slept = record_sleeps(monkeypatch)
        await dpy.request(route, json={"content": "after the wait"})
        hits = [h for h in fake.rate_limited if not h.is_global]
        assert len(hits) == 1 and slept == [pytest.approx(hits[0].retry_after, abs=0.01)]
        posts = [r for r in fake.requests if r.method == "POST"]
        assert [r.status for r in posts][-2:] == [429, 200]
        # with the bucket headers it waits on its own: 3 posts into a bucket of 2, no 429
        before = len(fake.rate_limited)
        fake.clock.advance(1.0)
        await asyncio.gather(*(dpy.request(route, json={"content": f"m{i}"}) for i in range(3)))
        assert len(fake.rate_limited) == before
        # global: raw traffic uses up the second; discord.py honours "global": true and retries
        fake.clock.advance(1.0)
        await asyncio.gather(*(api("GET", f"/channels/{fake.channel.id}") for _ in range(5)))
        slept.clear()
        await dpy.request(discord.http.Route("GET", "/channels/{channel_id}", channel_id=fake.channel.id))
        [hit] = fake.rate_limited[before:]
        assert hit.is_global and max(slept) >= hit.retry_after - 0.01
        contents = [m.content for m in fake.channel_messages(fake.channel)]
        assert contents[2] == "after the wait" and sorted(contents[3:]) == ["m0", "m1", "m2"]
    finally:
        await dpy.close()


# --- round trip ---------------------------------------------------------------------------------


async def test_round_trip_and_jitter(make_fake, http):
    fake = await make_fake(rtt_ms=300, seed=1)
    api = Api(fake, http)
    waits = record_delays(fake)
    assert (await api("GET", "/users/@me"))[0] == 200
    assert waits == [0.15, 0.15]  # half the round trip there, half back
    fake.rtt_ms, fake.jitter_ms = 0, 60
    delays = [fake.one_way_delay() for _ in range(200)]
    assert min(delays) == 0.0 and 0.05 < max(delays) <= 0.06 and len(set(delays)) > 50  # clamped at 0
    # gateway frames arrive half a round trip late, in order
    fake.rtt_ms, fake.jitter_ms = 400, 150
    gw = await gateway(fake, http)
    alice = fake.add_user("alice")
    waits.clear()
    for i in range(5):
        fake.user_says(alice, fake.channel, f"m{i}")
    assert len(waits) == 5 and all(0.05 <= d <= 0.35 for d in waits)  # each frame 0.2 s ± 0.15 late
    frames = [await gw.until("MESSAGE_CREATE") for _ in range(5)]
    assert [f["d"]["content"] for f in frames] == [f"m{i}" for i in range(5)]
    assert [f["s"] for f in frames] == sorted(f["s"] for f in frames)
    await gw.ws.close()


async def test_round_trip_eats_into_the_interaction_deadlines(make_fake, http):
    # a 1 s deadline keeps this quick; the rule is the same as with Discord's 3 s
    fake = await make_fake(rtt_ms=600, response_deadline=1.0)
    api = Api(fake, http)
    alice = fake.add_user("alice")
    delays = record_delays(fake)
    gw = await gateway(fake, http)

    async def answer(after: float) -> tuple[object, tuple]:
        task = asyncio.create_task(fake.interact(APPLICATION_COMMAND, alice, fake.channel,
                                                 {"id": "1", "name": "x"}, timeout=3.0))
        delays.clear()
        inter = (await gw.until("INTERACTION_CREATE"))["d"]
        assert delays[:1] == [0.3]  # the event itself took half a round trip
        await asyncio.sleep(after)
        result = await api("POST", f"/interactions/{inter['id']}/{inter['token']}/callback",
                           {"type": 4, "data": {"content": "ok"}})
        return await task, result

    quick, (status, _, _) = await answer(0.0)
    assert status == 200 and quick.responded
    # 0.5 s of thinking is within 1 s, but not once the round trip is added
    slow, (status, _, body) = await answer(0.5)
    assert status == 404 and body["code"] == 10062 and not slow.responded and fake.late_responses == [slow]
    # the 15-minute token: valid when sent, expired by the time it arrives
    fake.clock.advance(15 * 60 - 0.1 - (fake.clock.time() - quick.created_at))
    status, _, body = await api("POST", f"/webhooks/{fake.application_id}/{quick.token}", {"content": "late"})
    assert status == 401 and body["code"] == 50027
    await gw.ws.close()


# --- permissions ------------------------------------------------------------------------------------


async def test_permissions_enforced_and_reflected(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    alice = fake.add_user("alice")
    thread = fake.create_thread(fake.channel, "table")
    gw = await gateway(fake, http)
    send, in_threads, view = (PERMISSIONS[k] for k in ("send_messages", "send_messages_in_threads", "view_channel"))

    fake.set_bot_permissions(fake.channel, send=False)
    update = await gw.until("CHANNEL_UPDATE")
    assert update["d"]["permission_overwrites"] == [
        {"id": str(fake.bot_user.id), "type": 1, "allow": "0", "deny": str(send)}]
    status, _, body = await api.post(fake.channel.id)
    assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
    assert (await api("POST", f"/channels/{fake.channel.id}/typing"))[0] == 403
    assert (await api.post(thread.id))[0] == 200  # threads need SEND_MESSAGES_IN_THREADS instead
    fake.set_bot_permissions(fake.channel, send_in_threads=False, create_public_threads=False)
    assert (await api.post(thread.id))[2]["code"] == 50013  # the thread inherits its parent's overwrites
    status, _, body = await api("POST", f"/channels/{fake.channel.id}/threads", {"name": "t", "type": 11})
    assert (status, body["code"]) == (403, 50013)
    msg = fake.user_says(alice, fake.channel, "start here")
    status, _, body = await api("POST", f"/channels/{fake.channel.id}/messages/{msg.id}/threads", {"name": "t"})
    assert (status, body["code"]) == (403, 50013)

    fake.set_bot_permissions(fake.channel, view=False)
    for method, path in [("POST", MESSAGES.format(fake.channel.id)), ("GET", f"/channels/{fake.channel.id}"),
                         ("POST", MESSAGES.format(thread.id))]:
        status, _, body = await api(method, path, {"content": "x"} if method == "POST" else None)
        assert (status, body["code"], body["message"]) == (403, 50001, "Missing Access"), path
    assert fake.bot_permissions(thread) == 0

    # interactions carry the computed permissions: the bot's, and the member's own
    fake.clear_permissions(fake.channel)
    fake.set_permissions(fake.channel, alice, send=False)
    fake.set_bot_permissions(fake.channel, attach_files=False)
    task = asyncio.create_task(fake.interact(APPLICATION_COMMAND, alice, fake.channel, {"id": "1", "name": "x"},
                                             timeout=0.2))
    inter = (await gw.until("INTERACTION_CREATE"))["d"]
    await task
    app, member = int(inter["app_permissions"]), int(inter["member"]["permissions"])
    assert app == fake.bot_permissions(fake.channel) and app & view and app & send
    assert not app & PERMISSIONS["attach_files"] and member & view and not member & send
    assert member == fake.permissions_for(alice, fake.channel) and app != member
    assert inter["channel"]["permission_overwrites"] and member & in_threads
    status, _, body = await api("DELETE", MESSAGES.format(fake.channel.id) + f"/{msg.id}")  # alice's
    assert (status, body["code"]) == (403, 50013) and not msg.deleted
    # files need ATTACH_FILES
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "board"}', content_type="application/json")
    form.add_field("files[0]", b"\x89PNG", filename="b.png")
    async with http.post(fake.api_url + MESSAGES.format(fake.channel.id), data=form) as r:
        assert r.status == 403 and (await r.json())["code"] == 50013
    await gw.ws.close()


async def test_discord_py_sees_the_same_permissions(make_fake):
    fake = await make_fake()
    c, task = await client(fake)
    try:
        fake.set_bot_permissions(fake.channel, send=False, create_public_threads=False, manage_threads=True)
        fake.set_permissions(fake.channel, fake.guild, embed_links=False)  # @everyone
        await fake.wait_for(lambda: c.get_channel(fake.channel.id).overwrites_for(
            c.get_guild(fake.guild.id).me).send_messages is False)
        await fake.wait_for(lambda: len(c.get_channel(fake.channel.id).overwrites) == 2)
        mine = c.get_channel(fake.channel.id).permissions_for(c.get_guild(fake.guild.id).me)
        ours = fake.bot_permissions(fake.channel)
        for name in ("view_channel", "send_messages", "send_messages_in_threads", "create_public_threads",
                     "manage_threads", "embed_links", "attach_files", "read_message_history"):
            assert getattr(mine, name) == bool(ours & PERMISSIONS[name]), name
        assert not mine.send_messages and mine.manage_threads and not mine.embed_links
    finally:
        await close(c, task)


# --- losing channels, guilds, threads ---------------------------------------------------------------


def _recorder(events: list[str], name: str):
    async def handler(*args) -> None:
        events.append(name)

    handler.__name__ = f"on_{name}"
    return handler


async def test_deleted_channels_and_threads(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    other = fake.add_channel(fake.guild, "other")
    t1, t2 = fake.create_thread(fake.channel, "t1"), fake.create_thread(other, "t2")
    c, task = await client(fake)
    try:
        await fake.wait_for(lambda: c.get_channel(t1.id) is not None and c.get_channel(t2.id) is not None)
        fake.delete_channel(t2)
        await fake.wait_for(lambda: c.get_channel(t2.id) is None, what="THREAD_DELETE")
        fake.delete_channel(fake.channel)
        await fake.wait_for(lambda: c.get_channel(fake.channel.id) is None, what="CHANNEL_DELETE")
        assert c.get_channel(t1.id) is None and c.get_channel(other.id) is not None
        for ch in (fake.channel, t1, t2):
            status, _, body = await api.post(ch.id)
            assert (status, body["code"], body["message"]) == (404, 10003, "Unknown Channel")
        assert (await api.post(other.id))[0] == 200
        assert fake.threads() == [] and not fake.can_see_channel(fake.owner, fake.channel)
        with pytest.raises(ValueError):
            fake.delete_channel(fake.channel)
    finally:
        await close(c, task)


async def test_interactions_in_a_deleted_channel(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    alice = fake.add_user("alice")
    gw = await gateway(fake, http)
    task = asyncio.create_task(fake.interact(APPLICATION_COMMAND, alice, fake.channel, {"id": "1", "name": "x"},
                                             timeout=2.0, wait_final=False))
    inter = (await gw.until("INTERACTION_CREATE"))["d"]
    assert (await api("POST", f"/interactions/{inter['id']}/{inter['token']}/callback", {"type": 5}))[0] == 200
    await task
    fake.delete_channel(fake.channel)
    deleted = await gw.until("CHANNEL_DELETE")
    assert deleted["d"]["id"] == str(fake.channel.id)
    status, _, body = await api("POST", f"/webhooks/{fake.application_id}/{inter['token']}", {"content": "x"})
    assert (status, body["code"]) == (404, 10003)
    with pytest.raises(ValueError):  # nobody can use a deleted channel
        await fake.interact(APPLICATION_COMMAND, alice, fake.channel, {"id": "1", "name": "x"})
    await gw.ws.close()


async def test_bot_removed_and_readded(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    alice = fake.add_user("alice")
    gw = await gateway(fake, http)
    fake.remove_bot(fake.guild)
    gone = await gw.until("GUILD_DELETE")
    assert gone["d"] == {"id": str(fake.guild.id)}  # no "unavailable": removed, not an outage
    for method, path in [("POST", MESSAGES.format(fake.channel.id)), ("GET", f"/channels/{fake.channel.id}"),
                         ("GET", f"/guilds/{fake.guild.id}"),
                         ("PUT", f"/applications/{fake.application_id}/guilds/{fake.guild.id}/commands")]:
        status, _, body = await api(method, path, {"content": "x"} if method == "POST" else [] if method == "PUT"
                                    else None)
        assert (status, body["code"]) == (403, 50001), path
    fake.user_says(alice, fake.channel, "nobody hears this")
    fake.readd_bot(fake.guild)
    back = await gw.recv()  # the next frame: nothing from the guild while the bot was out
    assert back["t"] == "GUILD_CREATE" and str(fake.bot_user.id) in {m["user"]["id"] for m in back["d"]["members"]}
    assert "unavailable" not in back["d"]  # a join, not the end of an outage
    assert (await api.post(fake.channel.id))[0] == 200
    with pytest.raises(ValueError):
        fake.readd_bot(fake.guild)
    await gw.ws.close()


async def test_discord_py_follows_guild_removal(make_fake):
    fake = await make_fake()
    c, task = await client(fake)
    events: list[str] = []
    for name in ("guild_remove", "guild_join", "guild_available", "guild_unavailable"):
        c.event(_recorder(events, name))
    try:
        fake.remove_bot(fake.guild)
        await fake.wait_for(lambda: c.get_guild(fake.guild.id) is None, what="GUILD_DELETE")
        fake.readd_bot(fake.guild)
        await fake.wait_for(lambda: c.get_guild(fake.guild.id) is not None, what="GUILD_CREATE")
        await fake.wait_for(lambda: len(events) == 2)
        assert events == ["guild_remove", "guild_join"]
        await c.get_channel(fake.channel.id).send("back")
        assert [m.content for m in fake.channel_messages(fake.channel)] == ["back"]
    finally:
        await close(c, task)


async def test_archived_and_locked_threads(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    thread = fake.create_thread(fake.channel, "table")
    gw = await gateway(fake, http)
    status, _, msg = await api.post(thread.id, "board")
    assert status == 200

    fake.archive_thread(thread)
    meta = (await gw.until("THREAD_UPDATE"))["d"]["thread_metadata"]
    assert meta["archived"] is True and meta["locked"] is False
    assert (await api("GET", f"/channels/{thread.id}"))[2]["thread_metadata"]["archived"] is True
    status, _, body = await api("PATCH", MESSAGES.format(thread.id) + f"/{msg['id']}", {"content": "edited"})
    assert (status, body["code"], body["message"]) == (400, 50083, "Thread is archived")
    assert (await api("DELETE", MESSAGES.format(thread.id) + f"/{msg['id']}"))[0] == 400
    # posting revives it: THREAD_UPDATE comes before the message
    assert (await api.post(thread.id, "revived"))[0] == 200
    revived = await gw.until("THREAD_UPDATE")
    assert revived["d"]["thread_metadata"]["archived"] is False and not thread.archived
    assert (await gw.recv())["t"] == "MESSAGE_CREATE"
    assert (await api("PATCH", MESSAGES.format(thread.id) + f"/{msg['id']}", {"content": "edited"}))[0] == 200

    fake.archive_thread(thread, locked=True)
    meta = (await gw.until("THREAD_UPDATE"))["d"]["thread_metadata"]
    assert meta["archived"] is True and meta["locked"] is True
    status, _, body = await api.post(thread.id)
    assert (status, body["code"], body["message"]) == (403, 160005, "Thread is locked")
    assert thread.archived
    fake.unarchive_thread(thread, unlock=False)
    fake.lock_thread(thread)
    assert (await api.post(thread.id))[2]["code"] == 160005  # locked though not archived
    fake.set_bot_permissions(fake.channel, manage_threads=True)  # moderators may post in locked threads
    assert (await api.post(thread.id))[0] == 200
    fake.unarchive_thread(thread)
    assert not thread.locked and not thread.archived
    await gw.ws.close()


async def test_enforced_nonce_returns_the_message_already_posted(make_fake, http):
    fake = await make_fake()
    api = Api(fake, http)
    path = MESSAGES.format(fake.channel.id)
    once = {"content": "board", "nonce": "board17.18", "enforce_nonce": True}
    first, again = (await api("POST", path, once))[2], (await api("POST", path, once))[2]
    assert first["id"] == again["id"] and first["nonce"] == "board17.18"
    assert len(fake.channel_messages(fake.channel)) == 1
    # without enforce_nonce, or once the window passed, it is a new message
    assert (await api("POST", path, {**once, "enforce_nonce": False}))[2]["id"] != first["id"]
    fake.clock.advance(121)
    assert (await api("POST", path, once))[2]["id"] != first["id"]
    assert len(fake.channel_messages(fake.channel)) == 3
    status, _, body = await api("POST", path, {"content": "x", "nonce": "n" * 26, "enforce_nonce": True})
    assert (status, body["code"]) == (400, 50035) and "nonce" in body["errors"]
