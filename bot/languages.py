"""Which language to answer in.

A user reads their own replies and DMs in their ``/settings language``
override, else their Discord client's locale.  Channel messages (boards,
lobbies) use the server's ``/settings server-language``, else the server's
Discord locale, else the configured default.
"""

from __future__ import annotations

import discord

from service import i18n
from service.store import Store


class Languages:
    def __init__(self, store: Store, default: str):
        self.store = store
        self.default = default if default in i18n.LANGUAGES else "en"
        self._user_override: dict[int, str | None] = {}
        self._guild_setting: dict[int, str | None] = {}
        self._guild_locale: dict[int, str] = {}
        self._seen: dict[int, str] = {}  # last Discord locale of a user

    async def for_interaction(self, interaction: discord.Interaction) -> str:
        self._seen[interaction.user.id] = i18n.language_for_locale(str(interaction.locale))
        if interaction.guild_id and interaction.guild_locale:
            self._guild_locale[interaction.guild_id] = i18n.language_for_locale(str(interaction.guild_locale))
        return await self.for_user(interaction.user.id, self._seen[interaction.user.id])

    async def for_user(self, user_id: int, fallback: str | None = None) -> str:
        if user_id not in self._user_override:
            self._user_override[user_id] = await self.store.user_language(user_id)
        return self._user_override[user_id] or self._seen.get(user_id) or fallback or self.default

    async def for_guild(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.default
        if guild_id not in self._guild_setting:
            self._guild_setting[guild_id] = await self.store.guild_language(guild_id)
        return self._guild_setting[guild_id] or self._guild_locale.get(guild_id) or self.default

    async def set_user(self, user_id: int, language: str | None) -> None:
        await self.store.set_user_language(user_id, language)
        self._user_override[user_id] = language

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        await self.store.set_guild_language(guild_id, language)
        self._guild_setting[guild_id] = language
