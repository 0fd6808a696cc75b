"""Who may see a table's channel now: the privacy check of replay, export
and history (a table's players, moves, boards and scores show only to members
who can view its channel or thread at the time they ask).

Discord sends a member's permissions only for the channel an interaction came
from, so another channel's are computed from the guild cache (its overwrites
and the member's roles, as ``permissions_for`` does).  A thread has no
overwrites of its own: its parent's decide, and a private thread shows only to
its members and to those who may manage threads (Discord's rule), which takes
one REST call per private thread, remembered for the interaction.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


class Visibility:
    """The channels one member may view, asked during one interaction."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self._known: dict[int, bool] = {}

    async def can_view(self, channel_id: int) -> bool:
        if channel_id not in self._known:
            self._known[channel_id] = await self._can_view(channel_id)
        return self._known[channel_id]

    async def viewable(self, channel_ids: list[int]) -> set[int]:
        return {channel_id for channel_id in channel_ids if await self.can_view(channel_id)}

    async def _can_view(self, channel_id: int) -> bool:
        interaction = self.interaction
        member, guild = interaction.user, interaction.guild
        if channel_id == interaction.channel_id:
            return True  # the member is asking from it
        if guild is None or not isinstance(member, discord.Member):
            return False
        channel = guild.get_channel_or_thread(channel_id)
        if channel is None:  # an archived thread is not cached; a deleted channel shows to nobody
            try:
                channel = await guild.fetch_channel(channel_id)
            except discord.HTTPException:
                return False
        if not isinstance(channel, discord.Thread):
            return channel.permissions_for(member).view_channel
        parent = channel.parent or guild.get_channel(channel.parent_id)
        if parent is None:
            return False
        permissions = parent.permissions_for(member)
        if not permissions.view_channel:
            return False
        if channel.type is not discord.ChannelType.private_thread or permissions.manage_threads:
            return True
        try:
            await channel.fetch_member(member.id)
        except discord.NotFound:
            return False
        except discord.HTTPException as error:  # unknown is not seen
            log.warning("thread %s: could not ask for member %s: %s", channel_id, member.id, error)
            return False
        return True
