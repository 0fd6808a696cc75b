"""Posting what changed: the board to the channel, private views by DM.

Board updates are coalesced per table (a short debounce) so a burst of moves
— a simultaneous phase, AI seats — becomes one message instead of hitting
Discord's per-channel rate limit.  Each post mentions only the players who
have just become due; private information goes by DM when it changed, and a
player whose DMs are closed is told once, without the content, to use /hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import components
from games.base import Msg
from service import i18n, presenter
from service.privacy import digest, private_part
from service.store import TableRow
from service.tables import ACTIVE, FINISHED, Update

if TYPE_CHECKING:
    from bot.app import AsztalBot

log = logging.getLogger(__name__)
CONTENT_LIMIT = 2000


class Publisher:
    def __init__(self, bot: AsztalBot):
        self.bot = bot
        self._events: dict[int, list[Msg]] = {}        # public events not yet posted, per table
        self._private: dict[int, dict[int, list[Msg]]] = {}  # per table, per seat
        self._tasks: dict[int, asyncio.Task] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[tuple[int, int], asyncio.Task] = {}

    # -- entry points ----------------------------------------------------
    def changed(self, update: Update, *, immediate: bool = False) -> None:
        """Queue the publication of ``update`` (debounced unless immediate)."""
        row = update.table
        self._events.setdefault(row.id, []).extend(presenter.public_events(update.events))
        private = self._private.setdefault(row.id, {})
        for seat in range(len(row.seats)):
            private.setdefault(seat, []).extend(presenter.private_events(update.events, seat))
        self.arm_timers(row.id, row.seq, update.timers)
        task = self._tasks.get(row.id)
        if task is None or task.done():
            delay = 0.0 if immediate else self.bot.config.board_debounce
            self._tasks[row.id] = asyncio.create_task(self._publish_later(row.id, delay))

    async def flush(self) -> None:
        """Wait for every queued publication (used at shutdown and in tests)."""
        while pending := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    def arm_timers(self, table_id: int, seq: int, timers: list[tuple[int, int, str]]) -> None:
        for seat, seconds, action_id in timers:
            key = (table_id, seat)
            old = self._timers.pop(key, None)
            if old:
                old.cancel()
            self._timers[key] = asyncio.create_task(self._timeout(table_id, seat, seconds, action_id, seq))

    # -- lobby -------------------------------------------------------------
    async def lobby_content(self, row: TableRow) -> str:
        lang = await self.bot.languages.for_guild(row.guild_id)
        game = self.bot.service.engine(row)
        name = presenter.game_name(row.game_id, lang)
        lines = [f"**{i18n.text('core.lobby.title', lang, game=name)}**",
                 i18n.text("core.lobby.players", lang, count=len(row.seats), high=game.max_players,
                           players=", ".join(_seat_label(s) for s in row.seats) or "—")]
        if game.options:
            lines.append(i18n.text("core.lobby.options", lang, options=presenter.options_line(row, lang)))
        lines.append(i18n.text("core.lobby.hint", lang, low=game.min_players, high=game.max_players))
        return "\n".join(lines)

    async def lobby_message(self, row: TableRow, closing_key: str | None) -> tuple[str, discord.ui.View | None]:
        """The lobby's text and buttons (no buttons once it closed)."""
        lang = await self.bot.languages.for_guild(row.guild_id)
        content = await self.lobby_content(row)
        if closing_key:
            closing = i18n.text(closing_key, lang, players=", ".join(s.name for s in row.seats))
            return f"{content}\n\n{closing}", None
        return content, components.lobby_view(row.id, lang)

    async def refresh_lobby(self, row: TableRow, closing_key: str | None = None) -> None:
        """Edit the lobby message in place."""
        message_id = row.meta.get("lobby_message_id")
        if not message_id:
            return
        content, view = await self.lobby_message(row, closing_key)
        channel = self.bot.get_partial_messageable(row.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(content=content, view=view,
                                                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("lobby %s: could not edit message: %s", row.id, error)

    # -- the board -------------------------------------------------------
    async def _publish_later(self, table_id: int, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        try:
            await self.publish(table_id)
        except Exception:  # a failed post must not kill later ones
            log.exception("table %s: publishing failed", table_id)

    async def publish(self, table_id: int) -> None:
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            row = await self.bot.service.table(table_id)
            if row is None or row.state is None:
                return
            # A frozen copy: the service replaces (never mutates) state on later moves.
            row = dataclasses.replace(row, seats=list(row.seats))
            events = self._events.pop(table_id, [])
            private = self._private.pop(table_id, {})
            await self._post_board(row, events)
            if row.status == ACTIVE or row.status == FINISHED:
                await self._send_private(row, private)
            await self.bot.service.save_meta(table_id, row.meta)

    async def _post_board(self, row: TableRow, events: list[Msg]) -> None:
        lang = await self.bot.languages.for_guild(row.guild_id)
        service = self.bot.service
        png = await self.bot.renderer.board(row, lang)
        header = f"**{presenter.game_name(row.game_id, lang)}** · #{row.seq}"
        lines = [f"• {line}" for line in presenter.event_lines(row, events, lang)]
        footer: list[str] = []
        mention_ids: list[int] = []
        view: discord.ui.View | None = None
        if row.status == FINISHED:
            footer.append(f"**{i18n.text('core.turn.game_over', lang)}** {i18n.text('core.score.title', lang)}:")
            footer.extend(presenter.score_sheet(row, lang))
        else:
            due = service.to_act(row)
            previously_due = set(row.meta.get("due", []))
            parts = []
            for seat in due:
                user_id = row.seats[seat].user_id
                if user_id is not None and seat not in previously_due:
                    parts.append(f"<@{user_id}>")
                    mention_ids.append(user_id)
                else:
                    parts.append(f"**{row.seats[seat].name}**")
            if due:
                # Names only: a prompt is addressed to its seat and may quote private things.
                footer.append("➡️ " + i18n.text("core.turn.waiting", lang, players=", ".join(parts)))
            for seat, seconds, action_id in service.timers(row):
                # A reaction must not stall the game: say what happens if nobody answers.
                footer.append("⏳ " + i18n.text("core.turn.timer", lang, player=row.seats[seat].name,
                                                 seconds=seconds, action=presenter.action_label(row, seat, action_id, lang)))
            row.meta["due"] = due
            view = components.board_view(row.id, lang)
        content = _fit([header], lines, footer)
        channel = self.bot.get_partial_messageable(row.channel_id)
        old_id = row.meta.get("board_message_id")
        message = await channel.send(
            content, file=discord.File(io.BytesIO(png), "board.png"), view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(i) for i in mention_ids],
                                                     everyone=False, roles=False))
        row.meta["board_message_id"] = message.id
        if old_id:
            # Only the newest board keeps its buttons, so the channel reads cleanly.
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old_id).edit(view=None)

    # -- private information --------------------------------------------------
    async def _send_private(self, row: TableRow, private_events: dict[int, list[Msg]]) -> None:
        service = self.bot.service
        game = service.engine(row)
        public = game.view(row.state, None)
        due = set(service.humans_to_act(row))
        sent: dict[str, Any] = row.meta.setdefault("dm", {})
        for seat, seat_info in enumerate(row.seats):
            if seat_info.ai or seat_info.user_id is None:
                continue
            secret = digest(private_part(game.view(row.state, seat), public))
            last = sent.get(str(seat), {})
            newly_due = seat in due and not last.get("due")
            events = private_events.get(seat, [])
            if secret == last.get("digest") and not newly_due and not events:
                sent[str(seat)] = {**last, "due": seat in due}
                continue
            sent[str(seat)] = {"digest": secret, "due": seat in due}
            if seat_info.user_id in row.meta.get("dm_closed", []):
                continue
            try:
                await self.send_private_view(row, seat, events, prompt_due=seat in due)
            except discord.Forbidden:
                await self._dm_closed(row, seat)
            except discord.HTTPException as error:
                log.warning("table %s: DM to seat %s failed: %s", row.id, seat, error)

    async def send_private_view(self, row: TableRow, seat: int, events: list[Msg], *, prompt_due: bool) -> None:
        user_id = row.seats[seat].user_id
        lang = await self.bot.languages.for_user(user_id, await self.bot.languages.for_guild(row.guild_id))
        content, file, view = await self.private_message(row, seat, lang, events, prompt_due)
        channel = await self.bot.create_dm(discord.Object(user_id))
        await channel.send(content, file=file, view=view, allowed_mentions=discord.AllowedMentions.none())

    async def private_message(self, row: TableRow, seat: int, lang: str, events: list[Msg],
                              prompt_due: bool) -> tuple[str, discord.File, discord.ui.View | None]:
        """Text, private image and (when due) the action components for ``seat``."""
        png = await self.bot.renderer.private(row, seat, lang)
        game_name = presenter.game_name(row.game_id, lang)
        channel = f"<#{row.channel_id}>"
        lines = [f"• {line}" for line in presenter.event_lines(row, events, lang)]
        view = None
        footer = []
        if prompt_due and row.status == ACTIVE:
            footer.append(i18n.text("core.turn.your_turn", lang, game=game_name, channel=channel,
                                    prompt=presenter.prompt(row, seat, lang)))
            view, complete = components.prompt_view(row.id, row.seq,
                                                    presenter.choices(self.bot.service, row, seat, lang), lang)
            if not complete:
                footer.append(i18n.text("core.turn.more_in_play", lang))
        else:
            footer.append(i18n.text("core.turn.private_update", lang, game=game_name, channel=channel))
        return _fit([], lines, footer), discord.File(io.BytesIO(png), "private.png"), view

    async def _dm_closed(self, row: TableRow, seat: int) -> None:
        user_id = row.seats[seat].user_id
        closed = row.meta.setdefault("dm_closed", [])
        if user_id in closed:
            return
        closed.append(user_id)
        lang = await self.bot.languages.for_guild(row.guild_id)
        channel = self.bot.get_partial_messageable(row.channel_id)
        await channel.send(i18n.text("core.turn.dm_failed", lang, player=f"<@{user_id}>"),
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))

    # -- timed reactions -------------------------------------------------------
    async def _timeout(self, table_id: int, seat: int, seconds: int, action_id: str, seq: int) -> None:
        await asyncio.sleep(seconds)
        update = await self.bot.service.apply_timeout(table_id, seat, action_id, seq)
        if update is not None:
            self.changed(update)


def _seat_label(seat) -> str:
    return f"🤖 {seat.name}" if seat.ai else seat.name


def _fit(head: list[str], body: list[str], tail: list[str]) -> str:
    """Join lines within Discord's 2000 characters, dropping the oldest body lines."""
    body = list(body)
    while True:
        text = "\n".join([*head, *body, *tail])
        if len(text) <= CONTENT_LIMIT or not body:
            return text[:CONTENT_LIMIT]
        body.pop(0)
