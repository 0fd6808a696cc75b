"""What each command and click does: parse, call the service, answer.

Every answer to a single user is ephemeral and localised; every refusal is a
``UserError`` turned into such an answer, with nothing changed.  The first
response (a deferral) comes before any database, drawing, AI or REST work,
so a locked database or a slow Discord never costs an interaction its
3-second window.  A move's own update is shown by the interaction that made
it (it *claims* that outbox item); if it cannot, the deliverer sends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import metrics
from bot.compose import Post
from bot.spam import SpamGuard, Verdict
from games import registry
from games.base import DEFAULT_AI_LEVEL, typed_ref
from service import i18n, outbox, presenter
from service.errors import UserError
from service.options import parse_table_options
from service.tables import ACTIVE, LOBBY, Caller

if TYPE_CHECKING:
    from bot.app import AsztalBot

log = logging.getLogger(__name__)
AUTOCOMPLETE_LIMIT = 25
# Discord gives an autocomplete 3 s and it cannot be deferred.
AUTOCOMPLETE_SECONDS = 2.0


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who acts. A channel's managers (Manage Channels) may decide its tables'
    votes and end them; in a thread, its moderators (Manage Threads) too."""
    permissions = interaction.permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    can_manage = bool(permissions and (permissions.manage_channels or (in_thread and permissions.manage_threads)))
    user = interaction.user
    return Caller(user.id, getattr(user, "display_name", None) or user.name, can_manage)


class Handlers:
    def __init__(self, bot: AsztalBot):
        self.bot = bot
        self.accepting = True  # False once a graceful stop began
        self.spam = SpamGuard(bot.config.member_rate)
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
    async def guarded(self, interaction: discord.Interaction, work: Callable[[str], Awaitable[None]], *,
                      defer: str, public: bool = False) -> None:
        """Answer first, then ``work(lang)``; a refusal or a crash becomes an
        ephemeral answer.  ``defer`` is how the first response is made before
        any database, drawing, AI or REST work: ``"thinking"`` (a command; the
        answer is ephemeral unless ``public``) or ``"update"`` (a component
        whose message the answer edits)."""
        verdict = self.spam.verdict(interaction.user.id)
        if verdict is not Verdict.SERVE:  # a flood: told once a window, else no work at all
            if verdict is Verdict.TELL:
                await self.tell(interaction, i18n.text("core.error.slow_down",
                                                       i18n.language_for_locale(str(interaction.locale))))
            return
        self._running += 1
        self._idle.clear()
        try:
            if not self.accepting:
                await self.refuse(interaction, i18n.text("core.error.stopping",
                                                         i18n.language_for_locale(str(interaction.locale))))
                return
            try:
                if defer == "update":
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=not public, thinking=True)
                metrics.first_response(defer, interaction.id)
            except discord.HTTPException as error:
                # Too late (or Discord is down): the user saw "interaction failed", so do nothing.
                log.warning("interaction %s: could not defer: %s", interaction.id, error)
                return
            if self.bot.deliverer.dm_closed(interaction.user.id):
                await self.bot.deliverer.dm_reopened(interaction.user.id)
            lang = await self.lang(interaction)
            try:
                await work(lang)
            except UserError as error:
                await self.refuse(interaction, i18n.render(error.reason, lang), public=public)
            except Exception:
                log.exception("interaction %s failed", interaction.id)
                await self.refuse(interaction, i18n.text("core.error.internal", lang), public=public)
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()

    async def refuse(self, interaction: discord.Interaction, text: str, *, public: bool = False) -> None:
        """An answer to this user alone.  A public "thinking…" placeholder is
        removed first, so nobody else sees the refusal."""
        if public and interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await self.tell(interaction, text)

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

    @contextlib.asynccontextmanager
    async def claiming(self, interaction: discord.Interaction):
        """The interaction shows the items it claimed itself; if it cannot,
        the deliverer takes them over at once, so nothing is lost."""
        try:
            yield
        except BaseException:
            with contextlib.suppress(Exception):
                await self.bot.deliverer.release_claim(interaction.id)
            raise
        await self.bot.deliverer.settle_claim(interaction.id)

    def channel_id(self, interaction: discord.Interaction) -> int:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError("core.error.guild_only")
        return interaction.channel_id

    # -- /game ---------------------------------------------------------------
    async def game_new(self, interaction: discord.Interaction, game_id: str, options: str | None,
                       thread: bool, clock_option: str | None = None) -> None:
        try:
            # Pure checks answer at once, before anything is shown to the channel.
            channel_id = self.channel_id(interaction)
            if game_id not in registry.game_ids():
                raise UserError("core.error.unknown_game", game=typed_ref(game_id))
            parsed, typed_clock = parse_table_options(registry.get(game_id), options)
            chosen_clock = clock_option or typed_clock
            if self.service.cached_in_channel(channel_id) is not None:
                raise UserError("core.error.channel_busy")
            in_thread = _is_thread(interaction.channel)
            permissions = interaction.app_permissions
            if thread and not in_thread and not permissions.create_public_threads:
                raise UserError("core.error.thread_forbidden")
            if not (permissions.send_messages_in_threads if in_thread else permissions.send_messages):
                raise UserError("core.error.no_send")
        except UserError as error:
            lang = i18n.language_for_locale(str(interaction.locale))
            await self.tell(interaction, i18n.render(error.reason, lang))
            return

        async def work(lang: str) -> None:
            table_channel = channel_id
            if interaction.guild_id is not None:  # refused before a thread is made for nothing
                await self.service.check_limits(interaction.guild_id, caller_of(interaction))
            if thread and not in_thread:
                # The table lives in a new thread; the channel itself stays free.
                name = presenter.game_name(game_id, await self.bot.languages.for_guild(interaction.guild_id))
                if not isinstance(interaction.channel, discord.TextChannel):
                    raise UserError("core.error.thread_forbidden")  # threads open from text channels only
                try:
                    created = await interaction.channel.create_thread(
                        name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=1440)
                except discord.Forbidden:
                    raise UserError("core.error.thread_forbidden") from None
                table_channel = created.id
            async with self.claiming(interaction):
                row = await self.service.open_table(channel_id=table_channel, guild_id=interaction.guild_id,
                                                    caller=caller_of(interaction), game_id=game_id,
                                                    options=parsed, claim=interaction.id,
                                                    clock_option=chosen_clock)
                guild_lang = await self.bot.languages.for_guild(row.guild_id)
                if table_channel != channel_id:
                    # The lobby is posted in the thread by the deliverer.
                    await self.bot.deliverer.release_claim(interaction.id)
                    await interaction.edit_original_response(
                        content="➡️ " + i18n.text("core.new.opened_in", guild_lang, channel=f"<#{table_channel}>"))
                    return
                post = await self.bot.composer.lobby(row)
                message = await interaction.edit_original_response(content=post.content, view=post.view)
                await self.bot.deliverer.settle_claim(interaction.id, lobby_message_id=message.id)
            if thread:
                await self.tell(interaction, i18n.text("core.new.already_thread", lang))

        await self.guarded(interaction, work, defer="thinking", public=True)

    async def lobby_op(self, interaction: discord.Interaction, op: str, table_id: int | None = None) -> None:
        """join/leave/ai/unai/start/cancel from a command or a lobby button.

        A button click answers by editing the lobby message itself; a command
        answers the user ephemerally and the lobby message is edited by the
        deliverer."""
        clicked = interaction.type == discord.InteractionType.component

        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            row = await self.service.require_table(channel_id)
            if table_id is not None and row.id != table_id:
                raise UserError("core.error.not_active")
            caller = caller_of(interaction)
            claim = interaction.id if clicked else None
            closing = None
            if op == "leave" and row.status == ACTIVE:
                await self.service.leave_game(row.id, caller.user_id)
                await self.tell(interaction, i18n.text("core.seat.you_left", lang))
                return
            async with self.claiming(interaction):
                if op == "start":
                    row, closing = (await self.service.start(channel_id, caller, claim)).table, "core.lobby.started"
                elif op == "cancel":
                    row = await self.service.abort(channel_id, caller, claim, shows=outbox.LOBBY)
                    closing = "core.lobby.cancelled"
                else:
                    if op.startswith("ai"):
                        level = op.removeprefix("ai").removeprefix("-") or DEFAULT_AI_LEVEL
                        row = await self.service.add_ai(channel_id, caller, claim, level=level)
                    else:
                        action = {"join": self.service.join, "leave": self.service.leave,
                                  "unai": self.service.remove_ai}[op]
                        row = await action(channel_id, caller, claim)
                    closing = "core.lobby.cancelled" if row.status != LOBBY else None
                post = await self.bot.composer.lobby(row, closing)
                if clicked:
                    await interaction.edit_original_response(content=post.content, view=post.view)
                else:
                    await self.tell(interaction, post.content)

        await self.guarded(interaction, work, defer="update" if clicked else "thinking")

    async def lobby_click(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        await self.lobby_op(interaction, op, table_id)

    async def game_abort(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            async with self.claiming(interaction):
                row = await self.service.abort(channel_id, caller_of(interaction), claim=interaction.id)
                guild_lang = await self.bot.languages.for_guild(row.guild_id)
                await interaction.edit_original_response(
                    content=i18n.text("core.aborted", guild_lang, user=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work, defer="thinking", public=True)

    async def game_status(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            row = await self.service.require_table(self.channel_id(interaction))
            lines = [presenter.status_line(self.service, row, lang),
                     *presenter.clock_lines(self.service, row, lang, time.time())]
            if row.paused is not None:
                lines.append("⏸️ " + i18n.text("core.error.paused", lang,
                                                why=i18n.text(f"core.paused.{row.paused}", lang)))
            lines.append(i18n.text("core.lobby.options", lang, options=presenter.options_line(row, lang)))
            lines.append(", ".join(("🤖 " if s.ai else "") + presenter.seat_label(row, i, lang)
                                   for i, s in enumerate(row.seats)))
            await self.tell(interaction, "\n".join(lines))

        await self.guarded(interaction, work, defer="thinking")

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
            lines.append(i18n.text("core.clock.rules", lang))
            await self.tell(interaction, "\n".join(lines)[:2000])

        await self.guarded(interaction, work, defer="thinking")

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

        await self.guarded(interaction, work, defer="thinking")

    # -- seats changing hands, undo, votes ------------------------------------
    async def game_rejoin(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            async with self.claiming(interaction):
                update = await self.service.rejoin(channel_id, caller_of(interaction), claim=interaction.id)
                seat = self.service.seat_of(update.table, interaction.user.id)
                note = i18n.text("core.seat.you_rejoined", lang)
                post = await self.moved_post(interaction, update, seat, lang, note)
                await interaction.followup.send(post.content, ephemeral=True, **_message_kwargs(post))

        await self.guarded(interaction, work, defer="thinking")

    async def game_substitute(self, interaction: discord.Interaction, member: discord.abc.User,
                              seat: str | None) -> None:
        async def work(lang: str) -> None:
            channel_id = self.channel_id(interaction)
            if member.bot:
                raise UserError("core.error.substitute_bot")
            row = await self.service.require_table(channel_id)
            index = None
            if seat is not None:
                if not (seat.isascii() and seat.isdigit()) or not 0 <= int(seat) < len(row.seats):
                    raise UserError("core.error.unknown_seat")
                index = int(seat)
            newcomer = Caller(member.id, getattr(member, "display_name", None) or member.name)
            update = await self.service.substitute(channel_id, caller_of(interaction), newcomer, index)
            taken = next(i for i, s in enumerate(update.table.seats) if s.user_id == member.id)
            await self.tell(interaction, i18n.text("core.seat.you_substituted", lang, member=member.mention,
                                                   old=i18n.typed(update.table.seats[taken].previous[-1])),
                            allowed_mentions=discord.AllowedMentions.none())

        await self.guarded(interaction, work, defer="thinking")

    async def seat_autocomplete(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, str]]:
        """The table's seats as (name, index): whose seat a substitute takes."""
        if interaction.channel_id is None:
            return []
        row = await self.service.table_in_channel(interaction.channel_id)
        if row is None or row.status != ACTIVE:
            return []
        lang = await self.lang(interaction)
        needle = typed.casefold().strip()
        labels = [(("🤖 " if s.ai else "") + presenter.seat_label(row, i, lang), str(i)) for i, s in enumerate(row.seats)]
        return [(label[:100], value) for label, value in labels if needle in label.casefold()][:AUTOCOMPLETE_LIMIT]

    async def game_undo(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            row = await self.service.require_table(self.channel_id(interaction))
            async with self.claiming(interaction):
                update = await self.service.undo(row.id, caller_of(interaction), claim=interaction.id)
                seat = self.service.seat_of(update.table, interaction.user.id)
                # What was taken back is the seat's own private line of this update.
                post = await self.moved_post(interaction, update, seat, lang, "")
                await interaction.followup.send(post.content, ephemeral=True, **_message_kwargs(post))

        await self.guarded(interaction, work, defer="thinking")

    async def undo_click(self, interaction: discord.Interaction, table_id: int, seq: int) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            if row.seq != seq:
                # An undo button of an older message: what it would take back is not its action.
                raise UserError("core.error.undo_closed")
            async with self.claiming(interaction):
                update = await self.service.undo(table_id, caller_of(interaction), claim=interaction.id)
                seat = self.service.seat_of(update.table, interaction.user.id)
                post = await self.moved_post(interaction, update, seat, lang, "")
                await interaction.edit_original_response(content=post.content, **_edit_kwargs(post))

        await self.guarded(interaction, work, defer="update")

    async def vote_click(self, interaction: discord.Interaction, table_id: int, seat: int, vote_id: int,
                         choice: str) -> None:
        async def work(lang: str) -> None:
            decided, answer = await self.service.vote(table_id, caller_of(interaction), seat, vote_id, choice)
            row = await self.service.table(table_id)
            await self.tell(interaction, presenter.tr(row, lang)(answer) if row else i18n.render(answer, lang))
            if decided is not None and interaction.message is not None:
                # The matter is settled: its ballot buttons go (the decision is posted apart).
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(view=None)

        await self.guarded(interaction, work, defer="thinking")

    # -- moves -----------------------------------------------------------------
    async def play_autocomplete(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, str]]:
        """(label, action id) pairs of the caller's legal moves matching ``typed``.
        An autocomplete cannot be deferred: past the time limit it offers nothing."""
        try:
            return await asyncio.wait_for(self._autocomplete(interaction, typed), AUTOCOMPLETE_SECONDS)
        except TimeoutError:
            log.warning("autocomplete %s: too slow, offering nothing", interaction.id)
            return []

    async def _autocomplete(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, str]]:
        if interaction.channel_id is None:
            return []
        row = await self.service.table_in_channel(interaction.channel_id)
        if row is None or row.status != ACTIVE or row.paused is not None:
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
            self.service.check_running(row)
            labels = {c.id: c.label for c in presenter.choices(self.service, row, seat, lang)}
            if action_id not in labels:
                if seat not in self.service.to_act(row):
                    raise UserError("core.error.not_your_turn")
                raise UserError("core.error.unknown_action", action=action_id[:100])
            async with self.claiming(interaction):
                update = await self.service.play(row.id, caller_of(interaction), action_id,
                                                 interaction_id=interaction.id, claim=True)
                note = i18n.text("core.turn.moved", lang, action=labels[action_id])
                post = await self.moved_post(interaction, update, seat, lang, note)
                await interaction.followup.send(post.content, ephemeral=True, **_message_kwargs(post))

        await self.guarded(interaction, work, defer="thinking")

    async def action_click(self, interaction: discord.Interaction, table_id: int, seq: int, action_id: str) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = self.service.seat_of(row, interaction.user.id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            labels = {c.id: c.label for c in presenter.choices(self.service, row, seat, lang)}
            async with self.claiming(interaction):
                try:
                    update = await self.service.play(table_id, caller_of(interaction), action_id,
                                                     interaction_id=interaction.id, expected_seq=seq, claim=True)
                except UserError as error:
                    if error.reason.get("key") != "core.error.stale_prompt" or seat not in self.service.to_act(row):
                        raise
                    # Show the current options in place of the outdated ones.
                    post = await self.bot.composer.private(row, seat, lang, [], prompt_due=True,
                                                           note=i18n.render(error.reason, lang))
                    await interaction.edit_original_response(content=post.content, **_edit_kwargs(post))
                    return
                done = i18n.text("core.turn.moved", lang, action=labels.get(action_id, action_id))
                post = await self.moved_post(interaction, update, seat, lang, done)
                await interaction.edit_original_response(content=post.content, **_edit_kwargs(post))

        await self.guarded(interaction, work, defer="update")

    async def moved_post(self, interaction: discord.Interaction, update, seat: int, lang: str, note: str) -> Post:
        """The mover's own update: their private events and picture, and their
        next prompt if they are still due.  Without a picture (drawing failed)
        the deliverer sends the full update by DM instead."""
        private = presenter.private_events(update.events, seat)
        try:
            return await self.bot.composer.private(update.table, seat, lang, private, prompt_due=True, note=note)
        except Exception:
            log.exception("table %s: drawing the mover's update failed", update.table.id)
            await self.bot.deliverer.release_claim(interaction.id)
            return Post(note)

    async def stale_click(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            raise UserError("core.error.stale_component")

        await self.guarded(interaction, work, defer="thinking")

    async def board_click(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            await self.show_private(interaction, row, lang, with_prompt=(op == "turn"))

        await self.guarded(interaction, work, defer="thinking")

    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            row = await self.service.table_in_channel(self.channel_id(interaction))
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.no_game_here")
            await self.show_private(interaction, row, lang, with_prompt=True)

        await self.guarded(interaction, work, defer="thinking")

    async def show_private(self, interaction: discord.Interaction, row, lang: str, with_prompt: bool) -> None:
        """The caller's private view, ephemerally (the fallback for closed DMs)."""
        seat = self.service.seat_of(row, interaction.user.id)
        if seat is None:
            raise UserError("core.error.not_a_player")
        due = with_prompt and seat in self.service.to_act(row)
        post = await self.bot.composer.private(row, seat, lang, [], prompt_due=due)
        await interaction.followup.send(post.content, ephemeral=True, **_message_kwargs(post))

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

        await self.guarded(interaction, work, defer="thinking")


def _is_thread(channel) -> bool:
    kind = getattr(channel, "type", None)
    return kind in (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                    discord.ChannelType.news_thread)


def _message_kwargs(post: Post) -> dict:
    kwargs: dict = {}
    if post.view is not None:
        kwargs["view"] = post.view
    file = post.file()
    if file is not None:
        kwargs["file"] = file
    return kwargs


def _edit_kwargs(post: Post) -> dict:
    """Editing a prompt replaces its picture (or removes the old one) and its components."""
    file = post.file()
    return {"view": post.view, "attachments": [file] if file is not None else []}
