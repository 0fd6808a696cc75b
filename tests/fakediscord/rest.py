"""HTTP API v10 routes.

One catch-all aiohttp route feeds a small router so unknown routes can be answered the way
Discord does (404 JSON) *and* recorded.  Handlers take ``(req, params, payload, files)`` and
return JSON-able data, ``None`` for 204, or raise ``DiscordError``.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .interactions import APPLICATION_COMMAND, AUTOCOMPLETE, COMPONENT, MODAL_SUBMIT, FakeInteraction
from .mentions import check_allowed_mentions
from .models import (
    MESSAGE_FLAG_EPHEMERAL,
    MESSAGE_FLAG_LOADING,
    Channel,
    ErrorRecord,
    Message,
    RateLimitHit,
    RequestRecord,
)
from .permissions import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from .validation import (
    MAX_FILE_SIZE,
    DiscordError,
    bad_length,
    check_autocomplete_choices,
    check_command,
    check_command_list,
    check_message,
    invalid_form,
    iter_components,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

Handler = Callable[..., Awaitable[Any]]
Files = dict[int, tuple[str, str, bytes]]  # index -> (filename, declared content type, bytes)

TOKEN_LIFETIME = 15 * 60
NONCE_WINDOW = 120.0  # Discord: "within the past few minutes"; on the short side, so duplicates show


def json_response(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses a body whose Content-Type is *exactly* application/json (no charset)
    return web.Response(body=json.dumps(obj).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


@dataclass
class RateLimitRule:
    method: str
    pattern: re.Pattern[str]
    retry_after: float
    remaining: int  # how many more requests get a 429
    is_global: bool
    hits: int = 0


def template_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[a-z_]+\})", template)
    body = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(f"^{body}$")


class Rest:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self.rate_limits: list[RateLimitRule] = []
        r = self.add
        r("GET", "/gateway", self.get_gateway)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        r("GET", "/users/@me", self.get_me)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("POST", "/users/@me/channels", self.create_dm)
        r("GET", "/users/{user_id}", self.get_user)
        for base in ("/applications/{app_id}/commands", "/applications/{app_id}/guilds/{guild_id}/commands"):
            r("GET", base, self.get_commands)
            r("PUT", base, self.put_commands)
            r("POST", base, self.post_command)
            r("GET", base + "/{command_id}", self.get_command)
            r("DELETE", base + "/{command_id}", self.delete_command)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback)
        r("POST", "/webhooks/{app_id}/{token}", self.followup)
        r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message)
        r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self.edit_webhook_message)
        r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self.delete_webhook_message)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("GET", "/channels/{channel_id}/messages", self.get_messages)
        r("POST", "/channels/{channel_id}/messages", self.send_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/threads", self.create_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread)
        r("GET", "/channels/{channel_id}/thread-members/{user_id}", self.get_thread_member)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.get_roles)
        r("GET", "/guilds/{guild_id}/members", self.get_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def add(self, method: str, template: str, handler: Handler) -> None:
        self.routes.append((method, template, template_regex(template), handler))

    # --- dispatch -----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.Response:
        fake = self.fake
        path = "/" + request.match_info["tail"]
        method = request.method
        route, handler, params = path, None, {}
        for m, template, rx, h in self.routes:
            match = rx.match(path)
            if match and m == method:
                route, handler, params = template, h, match.groupdict()
                break
        try:
            payload, files = await self._read_body(request)
        except ValueError:
            payload, files = None, {}
        fake.in_flight += 1
        try:
            return await self._handle(request, fake, path, method, route, handler, params, payload, files)
        finally:
            fake.in_flight -= 1
            fake.notify()

    async def _handle(self, request: web.Request, fake: FakeDiscord, path: str, method: str, route: str,
                      handler: Handler | None, params: dict[str, str], payload: Any, files: Files) -> web.Response:
        await fake.one_way_trip()  # the request travelling to Discord
        if await fake.stopper.before(method, path):
            return web.Response(status=503)  # held at a named point and dropped: its caller is gone
        now = fake.clock.time()
        status, body, headers = 200, None, {}
        try:
            if handler is None:
                fake.unknown_routes.append((method, path))
                raise DiscordError(404, 0, "404: Not Found")
            if not route.startswith(("/webhooks", "/interactions")) and not self._authorized(request):
                raise DiscordError(401, 0, "401: Unauthorized")
            limited = self._rate_limited(method, path)
            if limited is None and fake.rate_limits:
                verdict = fake.limiter.admit(method, route, path, params, now)
                headers = verdict.headers
                if verdict.retry_after is not None:
                    limited = verdict.body(), {**headers, "Via": "1.1 google"}
                    fake.rate_limited.append(RateLimitHit(method, path, verdict.retry_after, verdict.is_global,
                                                          verdict.bucket, now))
            if limited is not None:
                status, body, headers = 429, *limited
            else:
                body = await handler(request, params, payload, files)
                status = 204 if body is None else 200
        except DiscordError as e:
            status, body = e.status, e.body()
            fake.errors.append(ErrorRecord(method, path, route, e.status, e.code, e.message, body.get("errors")))
            if e.kind:
                fake.record_validation_failure(e.kind, method, path, e.problems or [("", str(e.code), e.message)],
                                               payload)
        fake.requests.append(RequestRecord(method, path, route, status, payload, now))
        fake.notify()
        await fake.stopper.after(method, path)
        await fake.one_way_trip()  # the answer travelling back
        if status == 204:
            return web.Response(status=204, headers=headers)
        return json_response(body, status, headers)

    def _authorized(self, request: web.Request) -> bool:
        token = self.fake.token
        return token is None or request.headers.get("Authorization") == f"Bot {token}"

    async def _read_body(self, request: web.Request) -> tuple[Any, Files]:
        files: Files = {}
        if not request.can_read_body:
            return None, files
        if request.content_type.startswith("multipart/"):
            payload: Any = {}
            reader = await request.multipart()
            async for part in reader:
                data = bytes(await part.read())  # type: ignore[union-attr]
                name = part.name or ""  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = json.loads(data)
                elif m := re.fullmatch(r"files\[(\d+)\]", name):
                    ct = part.headers.get("Content-Type")  # type: ignore[union-attr]
                    files[int(m.group(1))] = (part.filename or f"file{m.group(1)}", ct, data)  # type: ignore[union-attr]
            return payload, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), files

    def rate_limit_next(self, method: str, route: str, retry_after: float, count: int, is_global: bool) -> RateLimitRule:
        rule = RateLimitRule(method.upper(), template_regex(route), retry_after, count, is_global)
        self.rate_limits.append(rule)
        return rule

    def _rate_limited(self, method: str, path: str) -> tuple[dict[str, Any], dict[str, str]] | None:
        for rule in self.rate_limits:
            if rule.remaining > 0 and rule.method == method and rule.pattern.match(path):
                rule.remaining -= 1
                rule.hits += 1
                now = self.fake.clock.time()
                self.fake.rate_limited.append(RateLimitHit(method, path, rule.retry_after, rule.is_global, "injected",
                                                           now))
                reset = now + rule.retry_after
                headers = {
                    # discord.py treats a 429 without Via as a Cloudflare ban and does not retry
                    "Via": "1.1 google",
                    "Retry-After": str(math.ceil(rule.retry_after)),
                    "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{reset:.3f}", "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
                    "X-RateLimit-Bucket": f"fake-{abs(hash(rule.pattern.pattern)) % 10**8}",
                    "X-RateLimit-Scope": "global" if rule.is_global else "user",
                }
                if rule.is_global:
                    headers["X-RateLimit-Global"] = "true"
                body = {"message": "You are being rate limited.", "retry_after": rule.retry_after,
                        "global": rule.is_global}
                return body, headers
        return None

    # --- lookups ------------------------------------------------------------------------------

    def _channel(self, params: dict[str, str]) -> Channel:
        """The channel, as far as the bot can reach it: gone (10003), in a guild the bot is not in or
        not viewable (50001)."""
        fake = self.fake
        ch = fake.channels.get(int(params["channel_id"])) if params["channel_id"].isdigit() else None
        if ch is None or ch.deleted:
            raise DiscordError(404, 10003, "Unknown Channel")
        if ch.guild_id is not None and (not fake.bot_in_guild(ch.guild_id) or not fake.bot_can(ch, VIEW_CHANNEL)):
            raise DiscordError(403, 50001, "Missing Access")
        return ch

    def _need(self, channel: Channel, bit: int) -> None:
        if channel.guild_id is not None and not self.fake.bot_can(channel, bit):
            raise DiscordError(403, 50013, "Missing Permissions")

    def _may_post(self, ch: Channel, files: Files) -> None:
        """Permissions to post in ``ch``; locked threads refuse everyone without MANAGE_THREADS."""
        self._need(ch, SEND_MESSAGES_IN_THREADS if ch.is_thread else SEND_MESSAGES)
        if ch.is_thread and ch.locked and not self.fake.bot_can(ch, MANAGE_THREADS):
            raise DiscordError(403, 160005, "Thread is locked")
        if files:
            self._need(ch, ATTACH_FILES)

    @staticmethod
    def _not_archived(ch: Channel) -> None:
        if ch.is_thread and ch.archived:
            raise DiscordError(400, 50083, "Thread is archived")

    def _message(self, channel: Channel, message_id: str) -> Message:
        msg = self.fake.messages.get(int(message_id)) if message_id.isdigit() else None
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    def _interaction_for_webhook(self, params: dict[str, str]) -> FakeInteraction:
        fake = self.fake
        inter = fake.interactions_by_token.get(params["token"])
        if inter is None or int(params["app_id"]) != fake.application_id or not inter.responded:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if fake.clock.time() - inter.created_at > TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if inter.channel.deleted:
            raise DiscordError(404, 10003, "Unknown Channel")
        return inter

    def _check_files(self, files: Files) -> None:
        for _, (name, _, data) in files.items():
            if len(data) > MAX_FILE_SIZE:
                raise DiscordError(413, 40005, "Request entity too large",
                                   [(f"files.{name}", "FILE_TOO_LARGE", f"{name} is {len(data)} bytes, limit 10 MiB")],
                                   kind="message")

    def _check_message(self, payload: Any, files: Files, editing: bool = False, existing: int = 0) -> None:
        if not isinstance(payload, dict):
            raise invalid_form([("", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")], "message")
        self._check_files(files)
        problems = check_message(payload, len(files), editing, existing) + check_allowed_mentions(payload)
        if any(code == "50006" for _, code, _ in problems):
            raise DiscordError(400, 50006, "Cannot send an empty message", problems, kind="message")
        if problems:
            raise invalid_form(problems, "message")

    # --- misc ---------------------------------------------------------------------------------

    async def get_gateway(self, req, params, payload, files):
        return {"url": self.fake.gateway_url}

    async def get_gateway_bot(self, req, params, payload, files):
        return {"url": self.fake.gateway_url, "shards": self.fake.recommended_shards,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000,
                                        "max_concurrency": 1}}

    async def get_me(self, req, params, payload, files):
        return self.fake.bot_user.payload()

    async def get_application(self, req, params, payload, files):
        fake = self.fake
        return {"id": str(fake.application_id), "name": fake.bot_user.name, "icon": None, "description": "",
                "summary": "", "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                "owner": fake.owner.payload(), "team": None, "verify_key": "0" * 64, "flags": 0,
                "bot": fake.bot_user.payload(), "tags": [], "redirect_uris": [], "interactions_endpoint_url": None,
                "approximate_guild_count": len(fake.guilds)}

    async def get_user(self, req, params, payload, files):
        user = self.fake.users.get(int(params["user_id"])) if params["user_id"].isdigit() else None
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    async def create_dm(self, req, params, payload, files):
        user = self.fake.users.get(int((payload or {}).get("recipient_id", 0)))
        if user is None:
            raise DiscordError(400, 50035, "Invalid Form Body", [("recipient_id", "USER_NOT_FOUND", "Unknown user")])
        return self.fake.channel_payload(self.fake.dm_channel(user))

    # --- application commands -----------------------------------------------------------------

    def _command_scope(self, params: dict[str, str]) -> int | None:
        if int(params["app_id"]) != self.fake.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        guild_id = params.get("guild_id")
        if guild_id is not None and (not guild_id.isdigit() or not self.fake.bot_in_guild(int(guild_id))):
            raise DiscordError(403, 50001, "Missing Access")
        return int(guild_id) if guild_id else None

    async def get_commands(self, req, params, payload, files):
        return self.fake.commands.get(self._command_scope(params), [])

    async def get_command(self, req, params, payload, files):
        for cmd in self.fake.commands.get(self._command_scope(params), []):
            if cmd["id"] == params["command_id"]:
                return cmd
        raise DiscordError(404, 10063, "Unknown application command")

    async def put_commands(self, req, params, payload, files):
        scope = self._command_scope(params)
        problems = check_command_list(payload, is_global=scope is None)
        if problems:
            if any(code == "APPLICATION_COMMANDS_TOO_MANY" for _, code, _ in problems):
                raise DiscordError(400, 30032, "Maximum number of application commands reached (100)", problems,
                                   kind="command")
            raise invalid_form(problems, "command")
        return self.fake.store_commands(scope, payload)

    async def post_command(self, req, params, payload, files):
        scope = self._command_scope(params)
        problems = check_command("", payload)
        if problems:
            raise invalid_form(problems, "command")
        existing = [c for c in self.fake.commands.get(scope, [])
                    if (c["type"], c["name"]) != (payload.get("type", 1), payload["name"])]
        stored = self.fake.store_commands(scope, [*existing, payload])
        return next(c for c in stored if c["name"] == payload["name"])

    async def delete_command(self, req, params, payload, files):
        scope = self._command_scope(params)
        cmds = self.fake.commands.get(scope, [])
        self.fake.commands[scope] = [c for c in cmds if c["id"] != params["command_id"]]
        return None

    # --- interactions -------------------------------------------------------------------------

    async def interaction_callback(self, req, params, payload, files):
        fake = self.fake
        inter = fake.interactions.get(int(params["interaction_id"])) if params["interaction_id"].isdigit() else None
        if inter is None or inter.token != params["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if inter.channel.deleted:
            inter.rejected.append((10003, "channel deleted"))  # lets the test-side helper stop waiting
            raise DiscordError(404, 10003, "Unknown Channel")
        if inter.responded:
            inter.rejected.append((40060, "already acknowledged"))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        late = fake.clock.time() - inter.created_at
        if late > fake.response_deadline:
            inter.rejected.append((10062, f"first response after {late:.2f}s"))
            fake.late_responses.append(inter)
            raise DiscordError(404, 10062, "Unknown interaction")
        if not isinstance(payload, dict) or not isinstance(payload.get("type"), int):
            raise invalid_form([("type", "BASE_TYPE_REQUIRED", "This field is required")], "interaction_callback")
        ctype = payload["type"]
        allowed = {APPLICATION_COMMAND: {4, 5, 9}, COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8},
                   MODAL_SUBMIT: {4, 5, 6, 7} if inter.message else {4, 5}}[inter.type]
        try:
            return self._acknowledge(inter, ctype, payload.get("data") or {}, files, allowed)
        except DiscordError as e:
            inter.rejected.append((e.code, e.message))  # lets the test-side helper stop waiting
            raise

    def _acknowledge(self, inter: FakeInteraction, ctype: int, data: dict[str, Any], files: Files,
                     allowed: set[int]) -> dict[str, Any]:
        fake = self.fake
        if ctype not in allowed:
            raise invalid_form([("type", "INTERACTION_CALLBACK_TYPE_INVALID",
                                 f"Callback type {ctype} is not valid for interaction type {inter.type}")],
                               "interaction_callback")
        resource: dict[str, Any] | None = None
        if ctype == 4:
            self._check_message(data, files)
            inter.original = fake.create_message(
                inter.channel, data, files, author=fake.bot_user, interaction=inter,
                ephemeral=bool((data.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL))
        elif ctype == 5:
            ephemeral = bool((data.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL)
            inter.deferred_ephemeral = ephemeral
            inter.original = fake.create_message(inter.channel, {"content": "", "flags": MESSAGE_FLAG_LOADING}, {},
                                                 author=fake.bot_user, interaction=inter, ephemeral=ephemeral)
        elif ctype == 6:
            inter.original = inter.message
        elif ctype == 7:
            self._check_message(data, files, editing=True, existing=len(inter.message.attachments))
            fake.edit_message(inter.message, data, files)
            inter.original = inter.message
        elif ctype == 8:
            problems = check_autocomplete_choices(data.get("choices"))
            if problems:
                raise invalid_form(problems, "autocomplete")
        elif ctype == 9:
            self._check_modal(data)
        if ctype in (4, 7):
            inter.answers.append(data.get("content") or "")
        if ctype in (4, 5, 7):
            resource = {"type": ctype, "message": inter.original.payload()}
        inter.callback_type, inter.callback_data = ctype, data
        inter.callback_at = time.monotonic()
        out: dict[str, Any] = {"interaction": {"id": str(inter.id), "type": inter.type}}
        if inter.original is not None and ctype in (4, 5, 7):
            out["interaction"].update(response_message_id=str(inter.original.id),
                                      response_message_loading=ctype == 5,
                                      response_message_ephemeral=inter.original.ephemeral)
        if resource is not None:
            out["resource"] = resource
        return out

    def _check_modal(self, data: dict[str, Any]) -> None:
        problems = bad_length("data.custom_id", data.get("custom_id"), 1, 100)
        problems += bad_length("data.title", data.get("title"), 1, 45)
        comps = data.get("components") or []
        if not 1 <= len(comps) <= 5:
            problems.append(("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
        for i, c in enumerate(iter_components(comps)):
            if c.get("type") == 4:
                problems += bad_length(f"data.components.{i}.custom_id", c.get("custom_id"), 1, 100)
                if c.get("label") is not None:
                    problems += bad_length(f"data.components.{i}.label", c["label"], 1, 45)
        if problems:
            raise invalid_form(problems, "interaction_callback")

    async def followup(self, req, params, payload, files):
        fake = self.fake
        inter = self._interaction_for_webhook(params)
        self._check_message(payload, files)
        inter.answers.append(payload.get("content") or "")
        orig = inter.original
        if (inter.callback_type == 5 and orig is not None and orig.loading and not orig.deleted
                and orig.interaction_id == inter.id):
            # the first follow-up after a deferral replaces the "thinking…" message, keeping its
            # visibility; once that placeholder was deleted, a follow-up is a message of its own
            fake.edit_message(orig, {**payload, "flags": (payload.get("flags") or 0) & ~MESSAGE_FLAG_EPHEMERAL}, files)
            return orig.payload()
        ephemeral = bool((payload.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL)
        msg = fake.create_message(inter.channel, payload, files, author=fake.bot_user, interaction=inter,
                                  ephemeral=ephemeral)
        inter.followups.append(msg)
        return msg.payload()

    def _webhook_message(self, inter: FakeInteraction, message_id: str) -> Message:
        if message_id == "@original":
            msg = inter.original
        else:
            msg = next((m for m in [inter.original, *inter.followups] if m is not None and str(m.id) == message_id),
                       None)
        if msg is None or msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def get_webhook_message(self, req, params, payload, files):
        inter = self._interaction_for_webhook(params)
        return self._webhook_message(inter, params["message_id"]).payload()

    async def edit_webhook_message(self, req, params, payload, files):
        inter = self._interaction_for_webhook(params)
        msg = self._webhook_message(inter, params["message_id"])
        self._check_message(payload, files, editing=True, existing=len(msg.attachments))
        inter.answers.append(payload.get("content") or "")
        self.fake.edit_message(msg, payload, files)
        return msg.payload()

    async def delete_webhook_message(self, req, params, payload, files):
        inter = self._interaction_for_webhook(params)
        self.fake.delete_message(self._webhook_message(inter, params["message_id"]))
        return None

    # --- channels and messages ----------------------------------------------------------------

    async def get_channel(self, req, params, payload, files):
        return self.fake.channel_payload(self._channel(params))

    async def typing(self, req, params, payload, files):
        self._may_post(self._channel(params), {})
        return None

    async def get_messages(self, req, params, payload, files):
        ch = self._channel(params)
        q = req.query
        limit = max(1, min(int(q.get("limit", 50)), 100))
        msgs = [m for m in self.fake.messages.values() if m.channel_id == ch.id and not m.deleted and not m.ephemeral]
        msgs.sort(key=lambda m: m.id)
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])][-limit:]
        elif "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        elif "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + limit % 2):]
            newer = [m for m in msgs if m.id > around][: limit // 2]
            msgs = older + newer
        else:
            msgs = msgs[-limit:]
        return [m.payload() for m in reversed(msgs)]  # Discord answers newest first

    async def send_message(self, req, params, payload, files):
        fake = self.fake
        ch = self._channel(params)
        if ch.is_dm:
            user = fake.users[ch.recipient_id]  # type: ignore[index]
            shares_guild = any(user.id in g.members and fake.bot_user.id in g.members for g in fake.guilds.values())
            # Discord refuses a DM to someone who shares no server with the bot (left, kicked, banned).
            if not user.dms_open or not shares_guild:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            self._may_post(ch, files)
        self._check_message(payload, files)
        nonce = self._nonce(payload)
        if nonce is not None and payload.get("enforce_nonce"):
            # a resend with the same nonce gets the message already posted, not a second one
            seen = fake.nonces.get((ch.id, fake.bot_user.id, nonce))
            if seen is not None and not seen.deleted and fake.clock.time() - seen.created_at <= NONCE_WINDOW:
                return seen.payload()
        if ch.is_thread and ch.archived:
            fake.set_thread_state(ch, archived=False)  # posting revives an archived thread, as on Discord
        msg = fake.create_message(ch, payload, files, author=fake.bot_user)
        if nonce is not None:
            msg.nonce = nonce
            fake.nonces[(ch.id, fake.bot_user.id, nonce)] = msg
        return msg.payload()

    @staticmethod
    def _nonce(payload: dict[str, Any]) -> str | None:
        nonce = payload.get("nonce")
        if nonce is None:
            return None
        if isinstance(nonce, bool) or not isinstance(nonce, str | int) or len(str(nonce)) > 25:
            raise invalid_form([("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")], "message")
        return str(nonce)

    async def get_message(self, req, params, payload, files):
        return self._message(self._channel(params), params["message_id"]).payload()

    async def edit_message(self, req, params, payload, files):
        ch = self._channel(params)
        msg = self._message(ch, params["message_id"])
        if msg.author is not self.fake.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._not_archived(ch)
        if files:
            self._need(ch, ATTACH_FILES)
        self._check_message(payload, files, editing=True, existing=len(msg.attachments))
        self.fake.edit_message(msg, payload, files)
        return msg.payload()

    async def delete_message(self, req, params, payload, files):
        ch = self._channel(params)
        msg = self._message(ch, params["message_id"])
        if msg.author is not self.fake.bot_user:
            self._need(ch, MANAGE_MESSAGES)
        self._not_archived(ch)
        self.fake.delete_message(msg)
        return None

    async def create_thread(self, req, params, payload, files):
        fake = self.fake
        parent = self._channel(params)
        payload = payload or {}
        if parent.type != 0:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        problems = bad_length("name", payload.get("name"), 1, 100)
        ttype = payload.get("type", 11)
        if ttype not in (11, 12):
            problems.append(("type", "ENUM_TYPE_COERCE", f'Value "{ttype}" is not a valid enum value.'))
        if problems:
            raise invalid_form(problems, "thread")
        self._need(parent, CREATE_PRIVATE_THREADS if ttype == 12 and "message_id" not in params
                   else CREATE_PUBLIC_THREADS)
        start = None
        if "message_id" in params:
            start = self._message(parent, params["message_id"])
            if start.thread_id is not None:
                raise DiscordError(400, 160004, "A thread has already been created for this message")
            ttype = 11
        return fake.channel_payload(fake.create_thread(parent, payload["name"], ttype, start))

    async def join_thread(self, req, params, payload, files):
        ch = self._channel(params)
        if not ch.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        self._not_archived(ch)
        uid = self.fake.bot_user.id if params["user_id"] == "@me" else int(params["user_id"])
        ch.thread_members.add(uid)
        return None

    async def get_thread_member(self, req, params, payload, files):
        ch = self._channel(params)
        if not ch.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        uid = self.fake.bot_user.id if params["user_id"] == "@me" else int(params["user_id"])
        if uid not in ch.thread_members:
            raise DiscordError(404, 10007, "Unknown Member")
        return {"id": str(ch.id), "user_id": str(uid), "join_timestamp": ch.created_at, "flags": 0}

    async def leave_thread(self, req, params, payload, files):
        ch = self._channel(params)
        uid = self.fake.bot_user.id if params["user_id"] == "@me" else int(params["user_id"])
        ch.thread_members.discard(uid)
        return None

    # --- guilds -------------------------------------------------------------------------------

    def _guild(self, params):
        guild = self.fake.guilds.get(int(params["guild_id"])) if params["guild_id"].isdigit() else None
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        if not self.fake.bot_in_guild(guild.id):
            raise DiscordError(403, 50001, "Missing Access")
        return guild

    async def get_guild(self, req, params, payload, files):
        data = self.fake.guild_create_payload(self._guild(params))
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return data

    async def get_guild_channels(self, req, params, payload, files):
        guild = self._guild(params)
        return [self.fake.channel_payload(c) for c in self.fake.channels.values()
                if c.guild_id == guild.id and not c.is_thread]

    async def get_roles(self, req, params, payload, files):
        return [r.payload() for r in self._guild(params).roles.values()]

    async def get_members(self, req, params, payload, files):
        guild = self._guild(params)
        limit = int(req.query.get("limit", 1))
        after = int(req.query.get("after", 0))
        ids = sorted(uid for uid in guild.members if uid > after)[:limit]
        return [guild.member_payload(self.fake.users[uid]) for uid in ids]

    async def get_member(self, req, params, payload, files):
        guild = self._guild(params)
        uid = int(params["user_id"]) if params["user_id"].isdigit() else 0
        if uid not in guild.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return guild.member_payload(self.fake.users[uid])
