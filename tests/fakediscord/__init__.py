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

It is as harsh as Discord:

Rate limits (on by default; ``FAKEDISCORD_RATE_LIMITS=0`` in the environment turns the default off).
``FakeDiscord(rate_limits=True, global_limit=50, route_limits={...})``;
``fake.rate_limits``, ``fake.global_limit`` (0: no global limit) and ``fake.route_limits`` can be
changed at any time.  Global: 50 requests in any sliding second per bot, not counting interaction
callbacks (``/interactions/...``) and interaction webhooks (``/webhooks/...``); over it, 429 with
``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global``, ``Retry-After`` and ``{"global": true}``.
Per-route buckets (``ratelimits.ROUTE_LIMITS``, fixed windows keyed by bucket + major parameter):

    POST   /channels/{channel_id}/messages                    5 / 5 s   per channel  "message-create"
    PATCH  /channels/{channel_id}/messages/{message_id}       5 / 5 s   per channel  "message-edit"
    DELETE /channels/{channel_id}/messages/{message_id}       5 / 5 s   per channel  "message-delete"
    POST   /users/@me/channels (open a DM)                   10 / 10 s  per bot      "dm-create"
    POST   /channels/{channel_id}[/messages/{id}]/threads    10 / 10 s  per channel  "thread-create" (shared)
    POST|GET|PATCH|DELETE /webhooks/{app_id}/{token}...       5 / 2 s   per interaction "interaction-webhook"
    "*" anything else                                        50 / 1 s   per route and major parameter

Every answer on a known route (past auth) carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``,
``-Reset-After`` and ``-Bucket``; an exhausted bucket answers 429 with ``X-RateLimit-Scope: user``
and ``"global": false``.  Every 429 (also the
injected ones, ``fake.rate_limit_next(method, route, retry_after=0.2, count=1, is_global=False)``)
carries ``Via: 1.1 google`` (without it discord.py assumes a Cloudflare ban and does not retry) and
is recorded in ``fake.rate_limited`` as ``RateLimitHit(method, path, retry_after, is_global, bucket,
at)``.  Windows run on ``fake.clock``: ``fake.clock.advance(5)`` empties them.

Round trip.  ``FakeDiscord(rtt_ms=0, jitter_ms=0, seed=None)`` (also attributes): each REST request
waits rtt/2 before it is handled and rtt/2 before the answer leaves, each ± a uniform jitter; gateway
frames reach the bot rtt/2 (± jitter, never reordered) late.  Interaction deadlines (3 s to the
first response, 15 min for the token) run on ``fake.clock`` from the moment the fake created the
interaction, so the round trip eats into them, as on Discord.

Permissions.  ``fake.set_bot_permissions(channel, view=True, send=False, send_in_threads=...,
create_public_threads=..., manage_threads=...)`` (True allow, False deny, None inherit; any
discord.py permission name works) is a member overwrite for the bot in ``channel``;
``fake.set_permissions(channel, user | role | guild(@everyone), **flags)`` the same for anyone;
``fake.clear_permissions(channel, target=bot)``.  Each change shows in the channel's
``permission_overwrites`` and is dispatched as CHANNEL_UPDATE; threads use their parent's.
``fake.permissions_for(user, channel)`` / ``fake.bot_permissions(channel)`` give the computed ints,
which are also the interaction's ``app_permissions`` and ``member.permissions``.  Enforced: any
request to a channel the bot cannot view → 403 50001 Missing Access; posting without SEND_MESSAGES
(channel) / SEND_MESSAGES_IN_THREADS (thread), files without ATTACH_FILES, threads without
CREATE_PUBLIC_THREADS (CREATE_PRIVATE_THREADS), deleting others' messages without MANAGE_MESSAGES
→ 403 50013 Missing Permissions.  (Interaction responses and follow-ups need no channel permission.)

Losing things.  ``fake.delete_channel(ch)`` → CHANNEL_DELETE (THREAD_DELETE for a thread; a
channel's threads go silently with it, discord.py drops them itself), then 404 10003 Unknown
Channel for REST calls, interaction callbacks and webhooks in it.  ``fake.remove_bot(guild)`` →
GUILD_DELETE without ``unavailable``, no further events from that guild (interactions excepted),
403 50001 for its channels and guild routes; ``fake.readd_bot(guild)`` → GUILD_CREATE, all works.
``fake.archive_thread(t, locked=False)``, ``fake.lock_thread(t)``, ``fake.unarchive_thread(t,
unlock=True)``, ``fake.set_thread_state(t, archived=, locked=)`` → THREAD_UPDATE with
``thread_metadata``.  Posting into an archived thread revives it (THREAD_UPDATE first); a locked
thread refuses posts from a bot without MANAGE_THREADS (403 160005); editing or deleting in an
archived thread → 400 50083 Thread is archived.

Counting.  ``fake.rest_stats(since=None, until=None)`` (fake-clock times) → ``{"total", "peak_1s",
"rate_limited", "global_rate_limited", "invalid", "interaction_requests", "by_route"}`` over the
requests that count towards the global limit; ``fake.requests`` has every ``RequestRecord``.

Named points (for killing the bot exactly there).  ``fake.stop_at(name, match, applied=False,
hold=None)`` stops the first REST request ``match(method, path)`` accepts (``points.callback``: an
interaction received and being answered; ``points.webhook``: its answer; ``points.post_to(ch)``: a
post in flight), before or (``applied``) after the fake applied it, holds everything else from
then on (and what ``hold`` accepts from arming), and ``await point.wait()`` returns once it is
reached; ``point.release()`` drops what was held.  ``fake.in_flight == 0``: no request is being
handled (idle, as far as Discord can tell).

Layout: server (state, app, message bookkeeping), gateway (sessions, RESUME, zlib-stream),
rest (routes), ratelimits (limits table, buckets), permissions (bits, computation), world
(permission, channel, guild and thread changes; round trip; statistics), validation (Discord's
limits, error bodies), interactions (FakeInteraction, the helpers' result), simulate (test-side
API), models (payload builders and records).
"""

from .interactions import FakeInteraction, InteractionFailed
from .models import (
    Attachment,
    Channel,
    ErrorRecord,
    Guild,
    Message,
    Overwrite,
    RateLimitHit,
    RequestRecord,
    User,
    ValidationFailure,
)
from .permissions import PERMISSIONS
from .points import StopPoint
from .ratelimits import GLOBAL_LIMIT, ROUTE_LIMITS, RouteLimit
from .server import FakeDiscord
from .validation import LOCALES

__all__ = ["GLOBAL_LIMIT", "LOCALES", "PERMISSIONS", "ROUTE_LIMITS", "Attachment", "Channel", "ErrorRecord",
           "FakeDiscord", "FakeInteraction", "Guild", "InteractionFailed", "Message", "Overwrite", "RateLimitHit",
           "RequestRecord", "RouteLimit", "StopPoint", "User", "ValidationFailure"]
