"""Turning tables into what people read and see, in their language.

Shared by every frontend: localised event lines, prompts, action labels, the
score sheet, and the board/private images (rendered from *views* only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import render
from games.base import Msg
from render.common import Texts
from service import clock, i18n
from service.store import TableRow
from service.tables import ACTIVE, FINISHED, LOBBY, TableService


def _namer(seat_names: list[str]) -> Callable[[int], str]:
    def name(seat: int) -> str:
        return seat_names[seat] if 0 <= seat < len(seat_names) else f"#{seat + 1}"

    return name


def _localiser(name: Callable[[int], str], lang: str) -> Callable[[Any], str]:
    return lambda message: i18n.render(message, lang, name)


def names(row: TableRow) -> Callable[[int], str]:
    """Seat names for text: as the frontend shows what users typed (pictures draw them as typed)."""
    return _namer([i18n.typed(s.name) for s in row.seats])


def tr(row: TableRow, lang: str) -> Callable[[Any], str]:
    return _localiser(names(row), lang)


def game_name(game_id: str, lang: str) -> str:
    return i18n.text(f"{game_id}.name", lang)


@dataclass(frozen=True)
class Choice:
    """One legal action, localised, ready to become a button or select option."""

    id: str
    label: str
    group: str
    style: str


def choices(service: TableService, row: TableRow, seat: int, lang: str) -> list[Choice]:
    localise = tr(row, lang)
    return [Choice(a.id, localise(a.label), a.group, a.style) for a in service.legal_actions(row, seat)]


def action_label(row: TableRow, seat: int, action_id: str, lang: str) -> str:
    """The localised label of one of ``seat``'s legal actions (its id if not legal)."""
    for action in TableService.engine(row).legal_actions(row.state, seat):
        if action.id == action_id:
            return tr(row, lang)(action.label)
    return action_id


def prompt(row: TableRow, seat: int, lang: str) -> str:
    game = TableService.engine(row)
    return tr(row, lang)(game.prompt(row.state, seat))


def public_events(events: list[tuple[int, Msg]] | list[Msg]) -> list[Msg]:
    """Only the events everybody may read (private ones carry ``"to"``)."""
    plain = [e[1] if isinstance(e, tuple) else e for e in events]
    return [e for e in plain if "to" not in e]


def private_events(events: list[tuple[int, Msg]] | list[Msg], seat: int) -> list[Msg]:
    plain = [e[1] if isinstance(e, tuple) else e for e in events]
    return [e for e in plain if e.get("to") == seat]


def event_lines(row: TableRow, events: list[Msg], lang: str) -> list[str]:
    localise = tr(row, lang)
    return [localise(e) for e in events]


def score_sheet(row: TableRow, lang: str) -> list[str]:
    """Ranking lines with scores and each player's details."""
    game = TableService.engine(row)
    outcome = game.outcome(row.state)
    localise = tr(row, lang)
    lines = []
    for place, group in enumerate(outcome.ranking, start=1):
        for seat in group:
            details = outcome.details[seat] if seat < len(outcome.details) else []
            detail_text = "; ".join(localise(d) for d in details)
            line = i18n.text("core.score.line", lang, place=place, name=seat_label(row, seat, lang),
                             score=outcome.scores[seat])
            lines.append(f"{line} — {detail_text}" if detail_text else line)
    return lines


def status_line(service: TableService, row: TableRow, lang: str) -> str:
    name = names(row)
    game = game_name(row.game_id, lang)
    if row.status == LOBBY:
        return i18n.text("core.status.lobby", lang, game=game, players=", ".join(i18n.typed(s.name) for s in row.seats))
    if row.status == ACTIVE:
        waiting = ", ".join(name(s) for s in service.to_act(row))
        return i18n.text("core.status.active", lang, game=game, waiting=waiting, moves=row.seq)
    if row.status == FINISHED:
        return i18n.text("core.status.finished", lang, game=game)
    return i18n.text("core.status.aborted", lang, game=game)


def option_text(game_id: str, key: str, lang: str) -> str:
    """An option's label or description; engines may give keys with or without their prefix."""
    return i18n.text(key if key.startswith(f"{game_id}.") else f"{game_id}.{key}", lang)


def options_line(row: TableRow, lang: str) -> str:
    parts = []
    for option in TableService.engine(row).options:
        value = row.options.get(option.id, option.default)
        shown = i18n.text("core.yes" if value else "core.no", lang) if isinstance(value, bool) else str(value)
        parts.append(f"{option_text(row.game_id, option.label, lang)}: {shown}")
    parts.append(clock_text(row, lang))
    return "; ".join(parts)


def clock_text(row: TableRow, lang: str) -> str:
    chosen = row.meta.get("clock", "none")
    shown = i18n.text("core.clock.none", lang) if chosen == "none" else chosen
    return i18n.text("core.clock.option", lang, clock=shown)


def clock_lines(service: TableService, row: TableRow, lang: str, now: float) -> list[str]:
    """How long each due player has left on the turn clock (or that the others are voting)."""
    total = clock.seconds(row.meta, service.clock_scale)
    if total is None or row.status != ACTIVE:
        return []
    lines = []
    for seat in service.humans_to_act(row):
        if str(seat) in row.meta.get("votes", {}):
            lines.append(i18n.text("core.clock.voting", lang, player=i18n.typed(row.seats[seat].name)))
            continue
        left = clock.due_at(row.meta, seat, row.updated_at) + total - now
        lines.append(i18n.text("core.clock.left", lang, player=i18n.typed(row.seats[seat].name),
                               left=i18n.render(clock.duration(left / service.clock_scale), lang)))
    return lines


def board_alt(service: TableService, row: TableRow, lang: str) -> str:
    """The board picture in words, for screen readers: public things only."""
    game = game_name(row.game_id, lang)
    players = ", ".join(seat_label(row, s, lang) for s in range(len(row.seats)))
    if row.status == FINISHED:
        return i18n.text("core.alt.final", lang, game=game, scores="; ".join(score_sheet(row, lang)))
    waiting = ", ".join(row.seats[s].name for s in service.to_act(row)) or "—"  # (alt text: as typed)
    return i18n.text("core.alt.board", lang, game=game, seq=row.seq, players=players, waiting=waiting)


def private_alt(row: TableRow, seat: int, lang: str) -> str:
    """A seat's private picture in words (read only by that seat): the game's own summary."""
    game = TableService.engine(row)
    lines = [tr(row, lang)(line) for line in game.private_summary(game.view(row.state, seat), seat)]
    return i18n.text("core.alt.private", lang, game=game_name(row.game_id, lang), summary="; ".join(lines) or "—")


def seat_label(row: TableRow, seat: int, lang: str) -> str:
    """A seat's player as the score sheet and the status name them: marked
    when the AI replaced them, or with whom they stood in for."""
    holder = row.seats[seat]
    if holder.replaced:
        return i18n.text("core.seat.replaced_mark", lang, name=i18n.typed(holder.name))
    if holder.previous:
        return i18n.text("core.seat.for_mark", lang, name=i18n.typed(holder.name),
                         previous=", ".join(i18n.typed(name) for name in holder.previous))
    return i18n.typed(holder.name)


def picture_job(row: TableRow, seat: int | None, lang: str) -> tuple:
    """Everything ``draw`` needs, as plain data: the view (public when
    ``seat`` is None), never the state.  Plain data crosses into a worker
    process, so a picture can be drawn off the bot's event loop."""
    view = TableService.engine(row).view(row.state, seat)
    return row.game_id, view, seat, [s.name for s in row.seats], lang


def draw(game_id: str, view: dict[str, Any], seat: int | None, seat_names: list[str], lang: str) -> bytes:
    """The PNG of a view: the board when ``seat`` is None, else that seat's private picture."""
    name = _namer(seat_names)
    drawing_texts = Texts(tr=_localiser(name, lang), name=name, lang=lang)
    with i18n.drawing():  # a picture shows names as typed: no Markdown there to escape
        if seat is None:
            return render.board_png(game_id, view, drawing_texts)
        return render.private_png(game_id, view, seat, drawing_texts)


def board_png(row: TableRow, lang: str) -> bytes:
    """The public picture: drawn from the spectator view, never the state."""
    return draw(*picture_job(row, None, lang))


def private_png(row: TableRow, seat: int, lang: str) -> bytes:
    return draw(*picture_job(row, seat, lang))
