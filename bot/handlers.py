"""What each command and click does: parse, call the service, answer.

Every answer to a single user is ephemeral and localised; every refusal is a
``UserError`` turned into such an answer, with nothing changed.  Long work
(applying moves, running AI seats) happens after deferring, inside
Discord's 3-second window.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import components
from games import registry
from service import i18n, presenter
from service.errors import UserError
from service.options import parse_options
from service.tables import ACTIVE, Caller

if TYPE_CHECKING:
    from bot.app import AsztalBot

log = logging.getLogger(__name__)
AUTOCOMPLETE_LIMIT = 25


def caller_of(interaction: discord.Interaction) -> Caller:
    permissions = interaction.permissions
    can_manage = bool(permissions and (permissions.manage_channels or permissions.manage_threads))
    user = interaction.user
    return Caller(user.id, getattr(user, "display_name", None) or user.name, can_manage)


class Handlers:
    def __init__(self, bot: AsztalBot):
        self.bot = bot
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def idle(self) -> None:
        """Until no interaction is being handled (for shutdown and tests)."""
        await self._idle.wait()

    @property
    def service(self):
        return self.bot.service

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.languages.for_interaction(interaction)

    # -- shared plumbing -------------------------------------------------
    async def guarded(self, interaction: discord.Interaction, work: Callable[[str], Awaitable[None]]) -> None:
        """Run ``work(lang)``; a refusal or a crash becomes an ephemeral answer."""
        self._running += 1
        self._idle.clear()
        try:
            lang = await self.lang(interaction)
            try:
                await work(lang)
            except UserError as error:
                await self.tell(interaction, i18n.render(error.reason, lang))
            except Exception:
                log.exception("interaction %s failed", interaction.id)
                await self.tell(interaction, i18n.text("core.error.internal", lang))
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()

    async def tell(self, interaction: discord.Interaction, text: str, **kwargs) -> None:
        """An ephemeral answer, whether or not the interaction was deferred."""
        text = text if len(text) <= 2000 else text[:1999] + "…"
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, **kwargs)
            else:
                await interaction.response.send_message(text, ephemeral=True, **kwargs)
        except discord.HTTPException as error:
            log.warning("could not answer interaction %s: %s", interaction.id, error)

    def channel_id(self, interaction: discord.Interaction) -> int:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError("core.error.guild_only")
        return interaction.channel_id

    # -- /game ---------------------------------------------------------------
    async def game_new(self, interaction: discord.Interaction, game_id: str, options: str | None,
                       thread: bool) -> None:
        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            if game_id not in registry.game_ids():
                raise UserError("core.error.unknown_game", game=game_id)
            parsed = parse_options(registry.get(game_id), options)
            if thread:
                # The table lives in a new thread; the channel itself stays free.
                channel = interaction.channel
                name = presenter.game_name(game_id, await self.bot.languages.for_guild(interaction.guild_id))
                created = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                                      auto_archive_duration=1440)
                channel_id = created.id
            row = await self.service.open_table(channel_id=channel_id, guild_id=interaction.guild_id,
                                                caller=caller_of(interaction), game_id=game_id, options=parsed)
            guild_lang = await self.bot.languages.for_guild(row.guild_id)
            content = await self.bot.publisher.lobby_content(row)
            view = components.lobby_view(row.id, guild_lang)
            if thread:
                message = await self.bot.get_partial_messageable(channel_id).send(content, view=view)
                await interaction.response.send_message(f"➡️ <#{channel_id}>")
            else:
                await interaction.response.send_message(content, view=view)
                message = await interaction.original_response()
            row.meta["lobby_message_id"] = message.id
            await self.service.save_meta(row.id, row.meta)

        await self.guarded(interaction, work)

    async def lobby_op(self, interaction: discord.Interaction, op: str, table_id: int | None = None) -> None:
        """join/leave/ai/unai/start/cancel from a command or a lobby button.

        A button click answers by editing the lobby message itself; a command
        answers the user ephemerally and edits the lobby message separately."""

        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            row = await self.service.require_table(channel_id)
            if table_id is not None and row.id != table_id:
                raise UserError("core.error.not_active")
            caller = caller_of(interaction)
            update = None
            closing = None
            if op == "start":
                update = await self.service.start(channel_id, caller)
                row, closing = update.table, "core.lobby.started"
            elif op == "cancel":
                row, closing = await self.service.abort(channel_id, caller), "core.lobby.cancelled"
            else:
                action = {"join": self.service.join, "leave": self.service.leave,
                          "ai": self.service.add_ai, "unai": self.service.remove_ai}[op]
                row = await action(channel_id, caller)
                closing = "core.lobby.cancelled" if row.status != "lobby" else None
            if interaction.type == discord.InteractionType.component:
                content, view = await self.bot.publisher.lobby_message(row, closing)
                await interaction.response.edit_message(content=content, view=view)
            else:
                await self.tell(interaction, await self.bot.publisher.lobby_content(row))
                await self.bot.publisher.refresh_lobby(row, closing_key=closing)
            if update is not None:
                self.bot.publisher.changed(update, immediate=True)

        await self.guarded(interaction, work)

    async def lobby_click(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        await self.lobby_op(interaction, op, table_id)

    async def game_abort(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            row = await self.service.abort(channel_id, caller_of(interaction))
            await self.bot.publisher.refresh_lobby(row, closing_key="core.lobby.cancelled")
            guild_lang = await self.bot.languages.for_guild(row.guild_id)
            await interaction.response.send_message(i18n.text("core.aborted", guild_lang,
                                                              user=interaction.user.mention),
                                                    allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work)

    async def game_status(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            row = await self.service.require_table(self.channel_id(interaction))
            lines = [presenter.status_line(self.service, row, lang)]
            if self.service.engine(row).options:
                lines.append(i18n.text("core.lobby.options", lang, options=presenter.options_line(row, lang)))
            lines.append(", ".join(_seat_name(s) for s in row.seats))
            await self.tell(interaction, "\n".join(lines))

        await self.guarded(interaction, work)

    async def game_rules(self, interaction: discord.Interaction, game_id: str | None) -> None:
        async def work(lang: str) -> None:
            chosen = game_id
            if chosen is None and interaction.channel_id is not None:
                row = await self.service.table_in_channel(interaction.channel_id)
                chosen = row.game_id if row else None
            if chosen is None or chosen not in registry.game_ids():
                games = ", ".join(presenter.game_name(g, lang) for g in registry.game_ids())
                await self.tell(interaction, i18n.text("core.games.list", lang, games=games))
                return
            game = registry.get(chosen)
            lines = [f"**{presenter.game_name(chosen, lang)}**", i18n.text(f"{chosen}.rules", lang)]
            for option in game.options:
                lines.append(f"`{option.id}` — {presenter.option_text(chosen, option.description or option.label, lang)}")
            await self.tell(interaction, "\n".join(lines)[:2000])

        await self.guarded(interaction, work)

    async def game_log(self, interaction: discord.Interaction, count: int) -> None:
        async def work(lang: str) -> None:
            row = await self.service.require_table(self.channel_id(interaction))
            logged = await self.service.store.actions(row.id)
            opening = row.meta.get("setup_events", [])
            events = presenter.public_events(opening) + [e for entry in logged for e in presenter.public_events(entry.events)]
            if not events:
                raise UserError("core.error.no_log")
            lines = presenter.event_lines(row, events[-count:], lang)
            title = i18n.text("core.log.title", lang, count=len(lines))
            text = "\n".join([f"**{title}**", *(f"• {line}" for line in lines)])
            await self.tell(interaction, text[-2000:])

        await self.guarded(interaction, work)

    # -- moves -----------------------------------------------------------------
    async def play_autocomplete(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, str]]:
        """(label, action id) pairs of the caller's legal moves matching ``typed``."""
        if interaction.channel_id is None:
            return []
        row = await self.service.table_in_channel(interaction.channel_id)
        if row is None or row.status != ACTIVE:
            return []
        seat = self.service.seat_of(row, interaction.user.id)
        if seat is None:
            return []
        lang = await self.lang(interaction)
        needle = typed.casefold().strip()
        matches = [c for c in presenter.choices(self.service, row, seat, lang)
                   if needle in c.label.casefold() or needle in c.id]
        return [(c.label[:100], c.id) for c in matches[:AUTOCOMPLETE_LIMIT]]

    async def play(self, interaction: discord.Interaction, action_id: str) -> None:
        async def work(lang: str) -> None:
            row = await self.service.require_table(self.channel_id(interaction))
            seat = self.service.seat_of(row, interaction.user.id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            labels = {c.id: c.label for c in presenter.choices(self.service, row, seat, lang)}
            if action_id not in labels:
                if seat not in self.service.to_act(row):
                    raise UserError("core.error.not_your_turn")
                raise UserError("core.error.unknown_action", action=action_id[:100])
            await interaction.response.defer(ephemeral=True, thinking=True)
            update = await self.service.play(row.id, caller_of(interaction), action_id,
                                             interaction_id=interaction.id)
            self.bot.publisher.changed(update)
            await self.followup_prompt(interaction, update.table, seat, lang,
                                       i18n.text("core.turn.moved", lang, action=labels[action_id]))

        await self.guarded(interaction, work)

    async def action_click(self, interaction: discord.Interaction, table_id: int, seq: int, action_id: str) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = self.service.seat_of(row, interaction.user.id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            labels = {c.id: c.label for c in presenter.choices(self.service, row, seat, lang)}
            try:
                update = await self.service.play(table_id, caller_of(interaction), action_id,
                                                 interaction_id=interaction.id, expected_seq=seq)
            except UserError as error:
                if error.reason.get("key") != "core.error.stale_prompt" or seat not in self.service.to_act(row):
                    raise
                # Show the current options in place of the outdated ones.
                await self.edit_prompt(interaction, row, seat, lang, i18n.render(error.reason, lang))
                return
            self.bot.publisher.changed(update)
            done = i18n.text("core.turn.moved", lang, action=labels.get(action_id, action_id))
            await self.edit_prompt(interaction, update.table, seat, lang, done)

        await self.guarded(interaction, work)

    async def edit_prompt(self, interaction: discord.Interaction, row, seat: int, lang: str, note: str) -> None:
        """Replace the clicked prompt with the next one (or just the note)."""
        content, view = self.prompt_content(row, seat, lang, note)
        await interaction.response.edit_message(content=content, view=view, attachments=[])

    async def followup_prompt(self, interaction: discord.Interaction, row, seat: int, lang: str, note: str) -> None:
        content, view = self.prompt_content(row, seat, lang, note)
        kwargs = {"view": view} if view is not None else {}
        await interaction.followup.send(content, ephemeral=True, **kwargs)

    def prompt_content(self, row, seat: int, lang: str, note: str) -> tuple[str, discord.ui.View | None]:
        lines = [note] if note else []
        view = None
        if row.status == ACTIVE and seat in self.service.to_act(row):
            lines.append(f"**{presenter.prompt(row, seat, lang)}**")
            view, complete = components.prompt_view(row.id, row.seq,
                                                    presenter.choices(self.service, row, seat, lang), lang)
            if not complete:
                lines.append(i18n.text("core.turn.more_in_play", lang))
        return "\n".join(lines)[:2000] or "…", view

    async def stale_click(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            raise UserError("core.error.stale_component")

        await self.guarded(interaction, work)

    async def board_click(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            await self.show_private(interaction, row, lang, with_prompt=(op == "turn"))

        await self.guarded(interaction, work)

    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table_in_channel(self.channel_id(interaction))
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.no_game_here")
            await self.show_private(interaction, row, lang, with_prompt=True)

        await self.guarded(interaction, work)

    async def show_private(self, interaction: discord.Interaction, row, lang: str, with_prompt: bool) -> None:
        """The caller's private view, ephemerally (the fallback for closed DMs)."""
        seat = self.service.seat_of(row, interaction.user.id)
        if seat is None:
            raise UserError("core.error.not_a_player")
        await interaction.response.defer(ephemeral=True, thinking=True)
        due = with_prompt and seat in self.service.to_act(row)
        content, file, view = await self.bot.publisher.private_message(row, seat, lang, [], prompt_due=due)
        kwargs = {"view": view} if view is not None else {}
        await interaction.followup.send(content, file=file, ephemeral=True, **kwargs)

    # -- /settings -------------------------------------------------------------
    async def set_language(self, interaction: discord.Interaction, language: str, server: bool) -> None:
        async def work(lang: str) -> None:
            chosen = language if language in i18n.LANGUAGES else None
            if server:
                if interaction.guild_id is None:
                    raise UserError("core.error.guild_only")
                permissions = interaction.permissions
                if not (permissions and permissions.manage_guild):
                    raise UserError("core.error.manage_only")
                await self.bot.languages.set_guild(interaction.guild_id, chosen)
                shown = chosen or await self.bot.languages.for_guild(interaction.guild_id)
                reply_lang = await self.lang(interaction)
                await self.tell(interaction, i18n.text("core.settings.guild_language", reply_lang,
                                                       language=i18n.text(f"core.language.{shown}", reply_lang)))
                return
            await self.bot.languages.set_user(interaction.user.id, chosen)
            reply_lang = await self.lang(interaction)
            if chosen is None:
                await self.tell(interaction, i18n.text("core.settings.cleared", reply_lang))
            else:
                await self.tell(interaction, i18n.text("core.settings.user_language", reply_lang,
                                                       language=i18n.text(f"core.language.{chosen}", reply_lang)))

        await self.guarded(interaction, work)


def _seat_name(seat) -> str:
    return f"🤖 {seat.name}" if seat.ai else seat.name
