"""Test-side API for a harsher world: permissions, lost channels and guilds, archived threads,
network round trips, and request statistics.  Every change is dispatched on the gateway the way
Discord does it, so the bot's cache sees what its REST calls will meet."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import TYPE_CHECKING, Any

from . import permissions as perm
from .models import Channel, Guild, Overwrite, Role, User
from .ratelimits import peak_per_second

if TYPE_CHECKING:
    from .server import FakeDiscord


class World:
    # --- permissions ----------------------------------------------------------------------------

    def permissions_for(self: FakeDiscord, user: User, channel: Channel) -> int:
        """``user``'s computed permissions in ``channel`` (0 outside the guild or in a deleted channel)."""
        if channel.deleted:
            return 0
        if channel.is_dm:
            return perm.DM_PERMISSIONS if user.id in (channel.recipient_id, self.bot_user.id) else 0
        guild = self.guilds[channel.guild_id]  # type: ignore[index]
        if user.id not in guild.members:
            return 0
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        return perm.compute(guild, user.id, channel, parent)

    def bot_permissions(self: FakeDiscord, channel: Channel) -> int:
        return self.permissions_for(self.bot_user, channel)

    def bot_can(self: FakeDiscord, channel: Channel, bit: int) -> bool:
        return self.bot_permissions(channel) & bit == bit

    def set_permissions(self: FakeDiscord, channel: Channel, target: User | Role | Guild,
                        **flags: bool | None) -> Overwrite:
        """Change ``target``'s overwrite in ``channel``: ``True`` allows, ``False`` denies, ``None``
        goes back to the role's value.  Names are discord.py's (``view_channel``, ``send_messages``,
        ``create_public_threads``, ...) or the short ``view``, ``send``, ``send_in_threads``.  ``target``
        a Guild means @everyone.  Dispatches CHANNEL_UPDATE."""
        if channel.is_thread or channel.is_dm or channel.guild_id is None:
            raise ValueError("only guild channels have overwrites (a thread uses its parent's)")
        kind = 1 if isinstance(target, User) else 0
        ow = channel.overwrites.get(target.id) or Overwrite(target.id, kind)
        for name, value in flags.items():
            bit = perm.permission_bit(name)
            ow.allow &= ~bit
            ow.deny &= ~bit
            if value is True:
                ow.allow |= bit
            elif value is False:
                ow.deny |= bit
        channel.overwrites[target.id] = ow
        if not ow.allow and not ow.deny:
            del channel.overwrites[target.id]
        self._channel_changed(channel)
        return ow

    def set_bot_permissions(self: FakeDiscord, channel: Channel, **flags: bool | None) -> Overwrite:
        """``fake.set_bot_permissions(ch, view=True, send=False, create_public_threads=False)``: a
        member overwrite for the bot (see ``set_permissions``)."""
        return self.set_permissions(channel, self.bot_user, **flags)

    def clear_permissions(self: FakeDiscord, channel: Channel, target: User | Role | Guild | None = None) -> None:
        """Drop ``target``'s overwrite (the bot's by default)."""
        channel.overwrites.pop((target or self.bot_user).id, None)
        self._channel_changed(channel)

    def _channel_changed(self: FakeDiscord, channel: Channel) -> None:
        self.gateway.dispatch("CHANNEL_UPDATE", self.channel_payload(channel), channel.guild_id)
        self.notify()

    # --- losing channels and guilds -------------------------------------------------------------

    def bot_in_guild(self: FakeDiscord, guild_id: int) -> bool:
        guild = self.guilds.get(guild_id)
        return guild is not None and self.bot_user.id in guild.members

    def delete_channel(self: FakeDiscord, channel: Channel) -> None:
        """CHANNEL_DELETE (THREAD_DELETE for a thread); later requests get 404 10003.  A channel's
        threads go with it without events of their own: discord.py drops them on CHANNEL_DELETE."""
        if channel.is_dm or channel.deleted:
            raise ValueError("only a live guild channel or thread can be deleted")
        channel.deleted = True
        if channel.is_thread:
            self.gateway.dispatch("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild_id),
                                                    "parent_id": str(channel.parent_id), "type": channel.type},
                                  channel.guild_id)
        else:
            for thread in self.threads(channel):
                thread.deleted = True
            self.gateway.dispatch("CHANNEL_DELETE", self.channel_payload(channel), channel.guild_id)
        self.notify()

    def remove_bot(self: FakeDiscord, guild: Guild) -> None:
        """Kick the bot: GUILD_DELETE without ``unavailable``; its channels answer 403 50001."""
        if not self.bot_in_guild(guild.id):
            raise ValueError("the bot is not in that guild")
        self._bot_roles[guild.id] = guild.members.pop(self.bot_user.id)
        self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild.id)
        self.notify()

    def readd_bot(self: FakeDiscord, guild: Guild) -> None:
        """Invite the bot back (with its old roles): GUILD_CREATE, and everything works again."""
        if self.bot_in_guild(guild.id):
            raise ValueError("the bot is already in that guild")
        guild.members[self.bot_user.id] = self._bot_roles.pop(guild.id, [])
        guild.joined_at = self.clock.iso()
        self.gateway.dispatch("GUILD_CREATE", self.guild_create_payload(guild, joined=True), guild.id)
        self.notify()

    def remove_member(self: FakeDiscord, guild: Guild, user: User) -> None:
        """A member leaves (or is kicked or banned): GUILD_MEMBER_REMOVE, which only a bot with the
        Server Members intent receives; later member lookups answer 404 10007."""
        if user.id not in guild.members:
            raise ValueError("that user is not in the guild")
        del guild.members[user.id]
        self.gateway.dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(guild.id), "user": user.payload()}, guild.id)
        self.notify()

    # --- threads ----------------------------------------------------------------------------------

    def archive_thread(self: FakeDiscord, thread: Channel, locked: bool = False) -> None:
        self.set_thread_state(thread, archived=True, locked=locked)

    def lock_thread(self: FakeDiscord, thread: Channel) -> None:
        """Locked (archived or not): only members with MANAGE_THREADS may post (else 403 160005)."""
        self.set_thread_state(thread, locked=True)

    def unarchive_thread(self: FakeDiscord, thread: Channel, unlock: bool = True) -> None:
        self.set_thread_state(thread, archived=False, locked=False if unlock else None)

    def set_thread_state(self: FakeDiscord, thread: Channel, archived: bool | None = None,
                         locked: bool | None = None) -> None:
        """Change ``thread_metadata`` and dispatch THREAD_UPDATE."""
        if not thread.is_thread:
            raise ValueError(f"channel {thread.id} is not a thread")
        if archived is not None and archived != thread.archived:
            thread.archived = archived
            thread.archive_timestamp = self.clock.iso()
        if locked is not None:
            thread.locked = locked
        self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(thread), thread.guild_id)
        self.notify()

    # --- the network ------------------------------------------------------------------------------

    def one_way_delay(self: FakeDiscord) -> float:
        """Seconds for one direction: half the round trip, plus or minus the jitter."""
        if not self.rtt_ms and not self.jitter_ms:
            return 0.0
        return max(0.0, (self.rtt_ms / 2 + self.random.uniform(-self.jitter_ms, self.jitter_ms)) / 1000)

    async def one_way_trip(self: FakeDiscord) -> None:
        if (delay := self.one_way_delay()) > 0:
            await asyncio.sleep(delay)

    # --- statistics ---------------------------------------------------------------------------------

    def rest_stats(self: FakeDiscord, since: float | None = None, until: float | None = None) -> dict[str, Any]:
        """The bot's REST traffic that counts towards the global limit (not interaction callbacks or
        webhooks), between two fake-clock times (``fake.clock.time()``): ``total``, ``peak_1s`` (most
        in any sliding second), ``rate_limited`` / ``global_rate_limited`` (429s among them),
        ``invalid`` (401, 403 and 429 answers on any route: what Cloudflare bans for), ``interaction_requests``
        (the exempt ones) and ``by_route`` (``"METHOD /template"`` -> count)."""
        records = [r for r in self.requests
                   if (since is None or r.at >= since) and (until is None or r.at <= until)]
        counted = [r for r in records if r.counted]
        hits = [h for h in self.rate_limited if (since is None or h.at >= since) and (until is None or h.at <= until)
                and not h.path.startswith(("/interactions/", "/webhooks/"))]
        return {
            "total": len(counted),
            "peak_1s": peak_per_second([r.at for r in counted]),
            "rate_limited": sum(1 for r in counted if r.status == 429),
            "global_rate_limited": sum(1 for h in hits if h.is_global),
            "invalid": sum(1 for r in records if r.status in (401, 403, 429)),
            "interaction_requests": len(records) - len(counted),
            "by_route": dict(Counter(f"{r.method} {r.route}" for r in counted)),
        }
