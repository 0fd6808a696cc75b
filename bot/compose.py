"""What the bot posts, composed from a table: the lobby, the board, a seat's
private update or prompt.  Composing sends nothing; ``bot.delivery`` and the
interaction handlers decide where it goes."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot import components
from games.base import Msg
from service import chronicle, i18n, presenter
from service.store import TableRow
from service.tables import ACTIVE, FINISHED

if TYPE_CHECKING:
    from bot.app import AsztalBot

CONTENT_LIMIT = 2000
ALT_LIMIT = 1024  # Discord's limit for an attachment's description


@dataclass
class Post:
    """One message: text, an optional picture, components, who is pinged."""

    content: str
    png: bytes | None = None
    filename: str = "board.png"
    view: discord.ui.View | None = None
    mention_ids: tuple[int, ...] = ()
    alt: str | None = None  # the picture's description, read out by screen readers

    def file(self) -> discord.File | None:
        if self.png is None:
            return None
        alt = self.alt if self.alt is None or len(self.alt) <= ALT_LIMIT else self.alt[:ALT_LIMIT - 1] + "…"
        return discord.File(io.BytesIO(self.png), self.filename, description=alt)

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(users=[discord.Object(i) for i in self.mention_ids],
                                       everyone=False, roles=False)


class Composer:
    def __init__(self, bot: AsztalBot):
        self.bot = bot

    # -- lobby ---------------------------------------------------------------
    async def lobby(self, row: TableRow, closing_key: str | None = None) -> Post:
        """The lobby's text and buttons (no buttons once it closed)."""
        lang = await self.bot.languages.for_guild(row.guild_id)
        game = self.bot.service.engine(row)
        name = presenter.game_name(row.game_id, lang)
        lines = [f"**{i18n.text('core.lobby.title', lang, game=name)}**",
                 i18n.text("core.lobby.players", lang, count=len(row.seats), high=game.max_players,
                           players=", ".join(_lobby_label(s, lang) for s in row.seats) or "—")]
        lines.append(i18n.text("core.lobby.options", lang, options=presenter.options_line(row, lang)))
        if closing_key:
            lines.append("")
            lines.append(i18n.text(closing_key, lang, players=", ".join(i18n.typed(s.name) for s in row.seats)))
            return Post("\n".join(lines))
        lines.append(i18n.text("core.lobby.hint", lang, low=game.min_players, high=game.max_players))
        return Post("\n".join(lines), view=components.lobby_view(row.id, lang))

    # -- the board -------------------------------------------------------------
    async def board(self, row: TableRow, events: list[Msg], mention_seats: set[int]) -> Post:
        """The board picture with the latest public events; mentions the
        seats in ``mention_seats`` that are due now, names the others."""
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
        elif row.status == ACTIVE:
            parts = []
            for seat in service.to_act(row):
                user_id = row.seats[seat].user_id
                if user_id is not None and not row.seats[seat].ai and seat in mention_seats:
                    parts.append(f"<@{user_id}>")
                    mention_ids.append(user_id)
                else:
                    parts.append(f"**{i18n.typed(row.seats[seat].name)}**")
            if parts:
                # Names only: a prompt is addressed to its seat and may quote private things.
                footer.append("➡️ " + i18n.text("core.turn.waiting", lang, players=", ".join(parts)))
            for seat, seconds, action_id in service.timers(row):
                # A reaction must not stall the game: say what happens if nobody answers.
                footer.append("⏳ " + i18n.text("core.turn.timer", lang, player=i18n.typed(row.seats[seat].name),
                                                 seconds=seconds, action=presenter.action_label(row, seat, action_id, lang)))
            view = components.board_view(row.id, lang)
        return Post(fit([header], lines, footer), png, "board.png", view, tuple(mention_ids),
                    presenter.board_alt(service, row, lang))

    async def sheet(self, row: TableRow) -> Post | None:
        """The drawn score sheet that follows a finished game's final board."""
        lang = await self.bot.languages.for_guild(row.guild_id)
        data = await chronicle.sheet_data(self.bot.store, row, lang)
        if data is None:
            return None
        png = await self.bot.renderer.sheet(data, lang)
        lines = chronicle.sheet_lines(data, lang)
        return Post(fit([f"**{data['title']}**"], lines, []), png, "scoresheet.png",
                    alt=f"{data['title']}: " + "; ".join(lines))

    async def notice(self, row: TableRow, message: Msg, mention_ids: list[int],
                     vote: dict[str, int] | None = None) -> Post:
        """A channel line; with ``vote``, the ballot buttons on an absent seat."""
        lang = await self.bot.languages.for_guild(row.guild_id)
        view = None
        if vote is not None and row.status == ACTIVE:
            view = components.vote_view(row.id, vote["seat"], vote["id"], lang)
        return Post(fit([], [presenter.tr(row, lang)(message)], []), view=view, mention_ids=tuple(mention_ids))

    # -- a seat ------------------------------------------------------------------
    async def seat_language(self, row: TableRow, seat: int) -> str:
        user_id = row.seats[seat].user_id
        guild_lang = await self.bot.languages.for_guild(row.guild_id)
        return guild_lang if user_id is None else await self.bot.languages.for_user(user_id, guild_lang)

    async def private(self, row: TableRow, seat: int, lang: str, events: list[Msg], *, prompt_due: bool,
                      note: str | None = None, notices: list[Msg] | None = None) -> Post:
        """A seat's private picture with its private events, and (when due
        and asked for) the prompt with its action components."""
        localise = presenter.tr(row, lang)
        head = [note] if note else []
        head += [f"**{localise(n)}**" for n in notices or []]
        lines = [f"• {line}" for line in presenter.event_lines(row, events, lang)]
        if row.state is None:
            return Post(fit(head, lines, []))
        png = await self.bot.renderer.private(row, seat, lang)
        game_name = presenter.game_name(row.game_id, lang)
        channel = f"<#{row.channel_id}>"
        view = None
        footer = []
        undo = row.paused is None and self.bot.service.can_undo(row, seat)
        if prompt_due and row.status == ACTIVE and row.paused is None and seat in self.bot.service.to_act(row):
            footer.append(i18n.text("core.turn.your_turn", lang, game=game_name, channel=channel,
                                    prompt=presenter.prompt(row, seat, lang)))
            view, complete = components.prompt_view(row.id, row.seq,
                                                    presenter.choices(self.bot.service, row, seat, lang), lang,
                                                    undo=undo)
            if not complete:
                footer.append(i18n.text("core.turn.more_in_play", lang))
        else:
            if not note:
                footer.append(i18n.text("core.turn.private_update", lang, game=game_name, channel=channel))
            if undo:
                view, _ = components.prompt_view(row.id, row.seq, [], lang, undo=True)
        return Post(fit(head, lines, footer) or "…", png, "private.png", view,
                    alt=presenter.private_alt(row, seat, lang))


def _lobby_label(seat, lang: str) -> str:
    """A seat in the lobby: an AI seat says how well it plays."""
    if not seat.ai:
        return i18n.typed(seat.name)
    return f"🤖 {i18n.typed(seat.name)} ({i18n.text(f'core.ai_level.{seat.level}', lang)})"


def fit(head: list[str], body: list[str], tail: list[str]) -> str:
    """Join lines within Discord's 2000 characters, dropping the oldest body lines."""
    body = list(body)
    while True:
        text = "\n".join([*head, *body, *tail])
        if len(text) <= CONTENT_LIMIT or not body:
            return text[:CONTENT_LIMIT]
        body.pop(0)
