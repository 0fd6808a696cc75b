"""What the table remembers, in Discord: ``/game history``, ``/stats``,
``/leaderboard``, ``/game replay`` and ``/game export``, and their buttons.

Statistics and the leaderboard answer in the channel; history, a replay and
an export answer the asker alone.  A table (its players, moves, boards and
scores) shows only to members who can view its channel now
(``bot.visibility``); statistics and ratings count every game without naming
any.  Refusals are ephemeral and localised, as everywhere (``Handlers.guarded``).
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord

from bot import components
from bot.visibility import Visibility
from games import registry
from games.base import typed_ref
from service import chronicle, i18n, presenter, records
from service.errors import UserError
from service.store import TableRow

if TYPE_CHECKING:
    from bot.app import AsztalBot


class Memory:
    def __init__(self, bot: AsztalBot):
        self.bot = bot

    @property
    def guarded(self):
        return self.bot.handlers.guarded

    @staticmethod
    def guild_id(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise UserError("core.error.guild_only")
        return interaction.guild_id

    @staticmethod
    def check_game(game_id: str | None) -> None:
        if game_id is not None and game_id not in registry.game_ids():
            raise UserError("core.error.unknown_game", game=typed_ref(game_id))

    # -- history -----------------------------------------------------------------
    async def history(self, interaction: discord.Interaction, game_id: str | None,
                      member: discord.abc.User | None) -> None:
        async def work(lang: str) -> None:
            guild_id = self.guild_id(interaction)
            self.check_game(game_id)
            content, view = await self.history_page(interaction, guild_id, 0, game_id, member.id if member else None,
                                                    member.display_name if member else None, lang)
            extra: dict[str, Any] = {"view": view} if view else {}
            # To the asker alone: it lists the games of every channel they can view, which
            # others here may not.
            await interaction.followup.send(content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                            **extra)

        await self.guarded(interaction, work, defer="thinking")

    async def history_click(self, interaction: discord.Interaction, page: int, game_id: str | None,
                            member_id: int | None) -> None:
        async def work(lang: str) -> None:
            guild_id = self.guild_id(interaction)
            self.check_game(game_id)
            content, view = await self.history_page(interaction, guild_id, page, game_id, member_id, None, lang)
            await interaction.edit_original_response(content=content, view=view,
                                                     allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work, defer="update")

    async def history_page(self, interaction: discord.Interaction, guild_id: int, page: int, game_id: str | None,
                           member_id: int | None, member_name: str | None,
                           lang: str) -> tuple[str, discord.ui.View | None]:
        # Only the games whose channel the asker can view now (the page counts only those).
        visible = Visibility(interaction).can_view
        entries, more = await records.history(self.bot.store, guild_id, game_id=game_id, user_id=member_id,
                                              page=page, visible=visible)
        if not entries and page > 0:  # the page went away (logs pruned?): show the first
            page = 0
            entries, more = await records.history(self.bot.store, guild_id, game_id=game_id, user_id=member_id,
                                                  visible=visible)
        if not entries:
            raise UserError("core.history.empty_member" if member_id else "core.history.empty",
                            name=typed_ref(member_name or ""))
        title = i18n.text("core.history.title", lang, page=page + 1)
        if game_id:
            title += f" · {presenter.game_name(game_id, lang)}"
        if member_id:
            title += f" · <@{member_id}>"
        lines = chronicle.history_lines(entries, guild_id, lang)
        content = "\n".join([f"**{title}**", *lines, i18n.text("core.history.hint", lang)])[:2000]
        return content, components.history_view(page, more, game_id, member_id, lang)

    # -- statistics and the leaderboard ---------------------------------------------
    async def stats(self, interaction: discord.Interaction, member: discord.abc.User | None,
                    game_id: str | None) -> None:
        async def work(lang: str) -> None:
            guild_id = self.guild_id(interaction)
            self.check_game(game_id)
            who = member or interaction.user
            lines = await records.stats(self.bot.store, guild_id, who.id, game_id)
            if not lines:
                raise UserError("core.stats.none", name=typed_ref(getattr(who, "display_name", who.name)))
            title = i18n.text("core.stats.title", lang, name=f"<@{who.id}>")
            text = "\n".join([f"**{title}**", *chronicle.stats_lines(lines, lang)])[:2000]
            await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work, defer="thinking", public=True)

    async def leaderboard(self, interaction: discord.Interaction, game_id: str) -> None:
        async def work(lang: str) -> None:
            guild_id = self.guild_id(interaction)
            self.check_game(game_id)
            standings = await records.leaderboard(self.bot.store, guild_id, game_id)
            if not standings:
                raise UserError("core.leaderboard.empty", game=presenter.game_name(game_id, lang))
            title = i18n.text("core.leaderboard.title", lang, game=presenter.game_name(game_id, lang))
            lines = [f"**{title}**", *chronicle.leaderboard_lines(standings, lang),
                     i18n.text("core.leaderboard.note", lang)]
            await interaction.followup.send("\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work, defer="thinking", public=True)

    # -- replay and export -----------------------------------------------------------
    async def find_table(self, interaction: discord.Interaction, table_id: int | None) -> TableRow:
        """The table asked for (by id, from this server only), else this
        channel's game, else the last one finished here."""
        guild_id = self.guild_id(interaction)
        store = self.bot.store
        if table_id is not None:
            row = await store.get_table(table_id)
            # Another server's table, or one in a channel the asker cannot view now: both unknown here.
            if row is None or row.guild_id != guild_id or not await Visibility(interaction).can_view(row.channel_id):
                raise UserError("core.error.unknown_table", id=table_id)
            return row
        row = await self.bot.service.table_in_channel(interaction.channel_id or 0)
        if row is not None:
            return row
        last = await store.fetch("SELECT table_id FROM results WHERE channel_id = ? ORDER BY finished_at DESC"
                                 " LIMIT 1", (interaction.channel_id,))
        found = await store.get_table(last[0][0]) if last else None
        if found is None:
            raise UserError("core.error.no_table")
        return found

    async def replay(self, interaction: discord.Interaction, move: int | None, table_id: int | None) -> None:
        async def work(lang: str) -> None:
            row = await self.find_table(interaction, table_id)
            await interaction.followup.send(ephemeral=True, **await self.replay_message(row, move, lang))

        await self.guarded(interaction, work, defer="thinking")

    async def replay_click(self, interaction: discord.Interaction, table_id: int, move: int) -> None:
        async def work(lang: str) -> None:
            row = await self.find_table(interaction, table_id)
            message = await self.replay_message(row, move, lang)
            await interaction.edit_original_response(content=message["content"], view=message["view"],
                                                     attachments=[message["file"]])

        await self.guarded(interaction, work, defer="update")

    async def replay_message(self, row: TableRow, move: int | None, lang: str) -> dict:
        found = await chronicle.replay(self.bot.store, row, move)
        png = await self.bot.renderer.replay(chronicle.replay_job(found, lang))
        return {"content": chronicle.replay_text(found, lang),
                "file": discord.File(io.BytesIO(png), filename="replay.png",
                                     description=i18n.text("core.replay.alt", lang, move=found.move,
                                                           total=found.total)),
                "view": components.replay_view(row.id, found.move, found.total)}

    async def export(self, interaction: discord.Interaction, table_id: int | None) -> None:
        async def work(lang: str) -> None:
            row = await self.find_table(interaction, table_id)
            record = await chronicle.export(self.bot.store, row)
            data = json.dumps(record, ensure_ascii=False, indent=1).encode()
            name = f"asztal-{row.game_id}-{row.id}.json"
            await interaction.followup.send(i18n.text("core.export.done", lang, id=row.id), ephemeral=True,
                                            file=discord.File(io.BytesIO(data), filename=name))

        await self.guarded(interaction, work, defer="thinking")
