"""Test-side API: simulated users acting in the fake Discord, and views of what each one sees.

The helpers behave like the Discord client would: a user can only invoke registered commands
with options that pass the command's own constraints, and only click components that exist on
a message they can see.  Breaking those raises ``ValueError`` in the test (it is a test bug,
not a bot bug); what the bot does wrong is recorded on the server instead.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

from .interactions import APPLICATION_COMMAND, AUTOCOMPLETE, COMPONENT, MODAL_SUBMIT, FakeInteraction
from .models import Channel, Guild, Message, User
from .permissions import VIEW_CHANNEL
from .validation import iter_components

if TYPE_CHECKING:
    from .server import FakeDiscord

OPTION_PY_TYPES = {3: str, 4: int, 5: bool, 10: float}


class Simulation:
    # --- set-up ---------------------------------------------------------------------------------

    def add_user(self: FakeDiscord, name: str, locale: str = "en-US", dms_open: bool = True,
                 guilds: list[Guild] | None = None) -> User:
        """A human; joins the default guild unless ``guilds`` is given."""
        user = self._new_user(name, locale, dms_open)
        for guild in self.guilds_for_new_user(guilds):
            self.add_member(guild, user)
        return user

    def guilds_for_new_user(self: FakeDiscord, guilds: list[Guild] | None) -> list[Guild]:
        if guilds is not None:
            return guilds
        return [self.guild] if self.guild is not None else []

    def user_says(self: FakeDiscord, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (dispatched as MESSAGE_CREATE); it revives an archived thread."""
        if channel.is_thread and channel.archived and not channel.locked:
            self.set_thread_state(channel, archived=False)
        return self.create_message(channel, {"content": content}, {}, author=user)

    async def wait_ready(self: FakeDiscord, timeout: float = 10.0) -> None:
        """Until a bot has identified (or resumed) and its READY is queued on a live socket."""
        await self.wait_for(self.gateway.connected, timeout, "the bot to connect")

    async def wait_commands(self: FakeDiscord, name: str, guild: Guild | None = None, timeout: float = 10.0) -> dict:
        """Until the bot has synced a command called ``name`` (globally, or to ``guild``)."""
        scope = guild.id if guild else None
        return await self.wait_for(
            lambda: next((c for c in self.commands.get(scope, []) if c["name"] == name), None), timeout,
            f"command {name!r} to be synced")

    # --- what users see -------------------------------------------------------------------------

    def can_see_channel(self: FakeDiscord, user: User, channel: Channel) -> bool:
        if channel.deleted:
            return False
        if channel.is_dm:
            return channel.recipient_id == user.id
        return channel.guild_id is not None and self.permissions_for(user, channel) & VIEW_CHANNEL == VIEW_CHANNEL

    def visible_to(self: FakeDiscord, user: User | int) -> list[Message]:
        """Every live message this user can see: channels of their guilds (threads too), their own
        ephemeral responses and their DMs, oldest first, with current content after edits."""
        user = self.users[user] if isinstance(user, int) else user
        return [m for m in self.messages.values() if not m.deleted and not self.channels[m.channel_id].deleted and (
            m.ephemeral_for == user.id if m.ephemeral else self.can_see_channel(user, self.channels[m.channel_id]))]

    def channel_messages(self: FakeDiscord, channel: Channel | int) -> list[Message]:
        """Public (non-ephemeral) live messages in a channel, oldest first."""
        cid = channel if isinstance(channel, int) else channel.id
        return [m for m in self.messages.values() if m.channel_id == cid and not m.deleted and not m.ephemeral]

    def pings(self: FakeDiscord, user: User | int, channel: Channel | int | None = None) -> list[Message]:
        """The channel messages that notified ``user`` (mentioned and let through by the
        message's ``allowed_mentions``, or @everyone), oldest first."""
        uid = user if isinstance(user, int) else user.id
        cid = channel if isinstance(channel, int) or channel is None else channel.id
        return [m for m in self.messages.values() if not m.deleted and (cid is None or m.channel_id == cid)
                and not self.channels[m.channel_id].is_dm and (uid in m.pinged or m.pinged_everyone)]

    def dms(self: FakeDiscord, user: User | int) -> list[Message]:
        uid = user if isinstance(user, int) else user.id
        return [m for m in self.messages.values()
                if not m.deleted and self.channels[m.channel_id].is_dm and self.channels[m.channel_id].recipient_id == uid]

    def ephemerals(self: FakeDiscord, user: User | int) -> list[Message]:
        uid = user if isinstance(user, int) else user.id
        return [m for m in self.messages.values() if not m.deleted and m.ephemeral_for == uid]

    def threads(self: FakeDiscord, parent: Channel | None = None) -> list[Channel]:
        return [c for c in self.channels.values()
                if c.is_thread and not c.deleted and (parent is None or c.parent_id == parent.id)]

    def find_message(self: FakeDiscord, user: User, custom_id: str) -> Message:
        """The newest message visible to ``user`` carrying a component with ``custom_id``."""
        for msg in reversed(self.visible_to(user)):
            if custom_id in msg.custom_ids():
                return msg
        raise ValueError(f"{user.name} sees no message with component {custom_id!r}")

    # --- interactions ---------------------------------------------------------------------------

    def _find_command(self: FakeDiscord, channel: Channel, name: str, ctype: int = 1) -> dict[str, Any]:
        scopes = ([channel.guild_id] if channel.guild_id else []) + [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd["type"] == ctype:
                    return cmd
        raise ValueError(f"command {name!r} is not registered (synced: "
                         f"{[c['name'] for s in scopes for c in self.commands.get(s, [])]})")

    def _build_options(self: FakeDiscord, schema: list[dict[str, Any]], given: dict[str, Any],
                       focused: str | None, resolved: dict[str, dict[str, Any]], guild: Guild | None) -> list[dict]:
        by_name = {o["name"]: o for o in schema}
        out = []
        for name, value in given.items():
            opt = by_name.get(name)
            if opt is None:
                raise ValueError(f"no option {name!r}; the command has {list(by_name)}")
            t = opt["type"]
            entry: dict[str, Any] = {"name": name, "type": t}
            if name == focused:
                entry.update(value=str(value), focused=True)  # what the user has typed so far
            else:
                entry["value"] = self._option_value(opt, value, resolved, guild)
            out.append(entry)
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
            if missing:
                raise ValueError(f"required options missing: {missing}")
        elif focused not in given:
            raise ValueError(f"focused option {focused!r} needs a (partial) value in options")
        return out

    def _option_value(self: FakeDiscord, opt: dict[str, Any], value: Any, resolved: dict, guild: Guild | None) -> Any:
        t, name = opt["type"], opt["name"]
        if t in OPTION_PY_TYPES:
            value = OPTION_PY_TYPES[t](value)
            if opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
                raise ValueError(f"{value!r} is not a choice of {name!r}")
            if t == 3 and not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
                raise ValueError(f"{value!r} violates the length limits of {name!r}")
            if t in (4, 10) and not (opt.get("min_value", float("-inf")) <= value <= opt.get("max_value", float("inf"))):
                raise ValueError(f"{value!r} is out of range for {name!r}")
            return value
        if t in (6, 9) and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.member_payload(value)
                member.pop("user")
                member["permissions"] = guild.member_permissions(value.id)
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if t == 7 and isinstance(value, Channel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                **{k: v for k, v in self.channel_payload(value).items() if k in ("id", "type", "name", "parent_id",
                                                                                 "thread_metadata")},
                "permissions": "2248473465835073"}
            return str(value.id)
        if t == 8 and guild is not None:
            role = guild.roles[int(value)]
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        raise ValueError(f"cannot pass {value!r} to option {name!r} of type {t}")

    def _command_data(self: FakeDiscord, channel: Channel, name: str, sub: list[str] | str | None,
                      options: dict[str, Any] | None, focused: str | None) -> dict[str, Any]:
        cmd = self._find_command(channel, name)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        subs = [sub] if isinstance(sub, str) else list(sub or [])
        resolved: dict[str, dict[str, Any]] = {}
        # walk subcommand groups/subcommands, building the nested option list from the inside out
        chain, schema = [], cmd.get("options") or []
        for s in subs:
            opt = next((o for o in schema if o["name"] == s and o["type"] in (1, 2)), None)
            if opt is None:
                raise ValueError(f"{name}: no subcommand {s!r}")
            chain.append(opt)
            schema = opt.get("options") or []
        if any(o["type"] in (1, 2) for o in schema):
            raise ValueError(f"{name}: choose a subcommand ({[o['name'] for o in schema]})")
        opts = self._build_options(schema, options or {}, focused, resolved, guild)
        for opt in reversed(chain):
            opts = [{"name": opt["name"], "type": opt["type"], "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": name, "type": 1, "options": opts}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _interaction_payload(self: FakeDiscord, inter: FakeInteraction) -> dict[str, Any]:
        ch, user = inter.channel, inter.user
        d: dict[str, Any] = {
            "id": str(inter.id), "application_id": str(self.application_id), "type": inter.type, "data": inter.data,
            "channel_id": str(ch.id), "channel": self.channel_payload(ch), "token": inter.token, "version": 1,
            "locale": user.locale, "app_permissions": str(self.bot_permissions(ch)), "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if ch.guild_id is not None:
            guild = self.guilds[ch.guild_id]
            member = guild.member_payload(user)
            member["permissions"] = str(self.permissions_for(user, ch))
            d.update(guild_id=str(guild.id), guild_locale=guild.locale, member=member, context=0,
                     guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                     authorizing_integration_owners={"0": str(guild.id)})
        else:
            d.update(user=user.payload(), context=1, authorizing_integration_owners={"0": str(self.owner.id)})
        if inter.message is not None:
            d["message"] = inter.message.payload()
        return d

    async def interact(self: FakeDiscord, itype: int, user: User, channel: Channel, data: dict[str, Any],
                       message: Message | None = None, timeout: float | None = None,
                       wait_final: bool = True, require_connection: bool = True,
                       shard: int | None = None) -> FakeInteraction:
        """Send INTERACTION_CREATE and wait for the initial response (and, after a deferred message
        response, for the placeholder to be filled).  If the bot does not answer in time the result
        has ``responded == False`` (use ``.expect_response()`` to assert).  With
        ``require_connection=False`` the event goes into the session buffer even while the bot is
        disconnected (it is replayed on RESUME, or lost if the bot IDENTIFYs afresh).  ``shard``
        sends it to that shard's session, wherever the guild lives (see ``Gateway.dispatch``)."""
        if not self.can_see_channel(user, channel):
            raise ValueError(f"{user.name} cannot see channel {channel.id}")
        if require_connection:
            await self.wait_ready()
        token = f"aW50ZXJhY3Rpb246{self.new_token()}"
        inter = FakeInteraction(self, self.snowflake(), token, itype, user, channel, data,
                                created_at=self.clock.time(), message=message)
        self.interactions[inter.id] = inter
        self.interactions_by_token[token] = inter
        inter.mark_sent()
        guild_id = channel.guild_id
        inter.payload = self._interaction_payload(inter)
        self.gateway.dispatch("INTERACTION_CREATE", inter.payload, guild_id, dm=channel.is_dm, shard=shard)
        limit = self.response_deadline + 1.0 if timeout is None else timeout
        t0 = time.monotonic()
        if await inter.wait_responded(limit) and wait_final and inter.callback_type == 5:
            # if it never gets filled the test sees inter.original.loading
            with contextlib.suppress(TimeoutError):
                await inter.wait_final(max(0.1, limit + 4.0 - (time.monotonic() - t0)))
        return inter

    async def slash(self: FakeDiscord, user: User, channel: Channel, name: str, sub: list[str] | str | None = None,
                    options: dict[str, Any] | None = None, **kw: Any) -> FakeInteraction:
        """``/name sub... option:value`` typed by ``user`` in ``channel``."""
        data = self._command_data(channel, name, sub, options, None)
        return await self.interact(APPLICATION_COMMAND, user, channel, data, **kw)

    async def autocomplete(self: FakeDiscord, user: User, channel: Channel, name: str, options: dict[str, Any],
                           focused: str, sub: list[str] | str | None = None, **kw: Any) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types ``options[focused]``; [] if it did not answer."""
        data = self._command_data(channel, name, sub, options, focused)
        inter = await self.interact(AUTOCOMPLETE, user, channel, data, **kw)
        self.last_autocomplete = inter
        return inter.choices or []

    def _component(self: FakeDiscord, user: User, message: Message, custom_id: str) -> dict[str, Any]:
        if message.deleted or message not in self.visible_to(user):
            raise ValueError(f"{user.name} cannot see message {message.id}")
        comp = message.find_component(custom_id)
        if comp is None:
            raise ValueError(f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids()}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return comp

    async def click(self: FakeDiscord, user: User, message: Message, custom_id: str, **kw: Any) -> FakeInteraction:
        """``user`` presses the button ``custom_id`` on ``message``."""
        comp = self._component(user, message, custom_id)
        if comp.get("type") != 2:
            raise ValueError(f"{custom_id!r} is not a button")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.interact(COMPONENT, user, self.channels[message.channel_id], data, message, **kw)

    async def select(self: FakeDiscord, user: User, message: Message, custom_id: str, values: list[Any],
                     **kw: Any) -> FakeInteraction:
        """``user`` picks ``values`` in the select menu ``custom_id`` (string selects: option values;
        user selects: User objects)."""
        comp = self._component(user, message, custom_id)
        ctype = comp.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise ValueError(f"{custom_id!r} is not a select menu")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r} ({allowed})")
            data["values"] = list(values)
        else:
            guild = self.guilds.get(message.guild_id) if message.guild_id else None
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [self._option_value({"type": 6 if ctype == 5 else 9 if ctype == 7 else
                                                  {6: 8, 8: 7}[ctype], "name": custom_id}, v, resolved, guild)
                              for v in values]
            data["resolved"] = resolved
        return await self.interact(COMPONENT, user, self.channels[message.channel_id], data, message, **kw)

    async def submit_modal(self: FakeDiscord, user: User, opened_by: FakeInteraction, values: dict[str, str],
                           **kw: Any) -> FakeInteraction:
        """Fill in and submit the modal the bot opened (callback type 9) in ``opened_by``."""
        modal = opened_by.modal
        if modal is None:
            raise ValueError("that interaction did not open a modal")
        inputs = [c for c in iter_components(modal.get("components")) if c.get("type") == 4]
        known = {c["custom_id"] for c in inputs}
        if set(values) - known:
            raise ValueError(f"modal has no inputs {set(values) - known}; it has {known}")
        missing = [c["custom_id"] for c in inputs if c.get("required", True) and c["custom_id"] not in values]
        if missing:
            raise ValueError(f"required modal inputs missing: {missing}")

        def answer(c: dict[str, Any]) -> dict[str, Any]:
            if c.get("type") == 4:
                return {"type": 4, "custom_id": c["custom_id"], "value": values.get(c["custom_id"], "")}
            if c.get("type") == 18 and isinstance(c.get("component"), dict):  # label wrapping an input
                return {"type": 18, "component": answer(c["component"])}
            return {"type": c.get("type"), "components": [answer(k) for k in c.get("components") or []]}

        data = {"custom_id": modal["custom_id"], "components": [answer(c) for c in modal.get("components") or []]}
        return await self.interact(MODAL_SUBMIT, user, opened_by.channel, data, opened_by.message, **kw)
