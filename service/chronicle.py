"""The table's memory as people read it: score sheets, history, statistics,
the leaderboard, replays and exports.  Shared by every frontend; drawing
happens from plain data (``sheet_job``, ``replay_job``) so it can run in a
worker process.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from games import registry
from games.base import Msg, clone
from render.common import Texts, to_png
from render.scoresheet import sheet as draw_sheet_image
from service import i18n, presenter, records
from service.errors import UserError
from service.records import HistoryEntry, SeatKind, Standing, StatLine
from service.store import LoggedAction, Store, TableRow, TableStatus

EXPORT_FORMAT = "asztal-game/1"


# -- score sheet -----------------------------------------------------------------

async def sheet_data(store: Store, row: TableRow, lang: str) -> dict[str, Any] | None:
    """The stored result of ``row`` as the score sheet draws it."""
    found = await store.fetch("SELECT sheet, rated FROM results WHERE table_id = ?", (row.id,))
    if not found:
        return None
    data = json.loads(found[0][0])
    entries = await records.entries(store, [row.id])
    deltas = [s.rating_delta for s in entries[0].seats] if entries else []
    title = i18n.text("core.sheet.title", lang, game=presenter.game_name(row.game_id, lang))
    ranks = records.competition_ranks(data["ranking"])
    return {**data, "title": title, "deltas": deltas, "rated": bool(found[0][1]),
            "ranks": [ranks[seat] for seat in range(len(data["scores"]))]}


def sheet_png(data: dict[str, Any], lang: str) -> bytes:
    """Drawn in a worker: plain data in, PNG out."""
    names = [s["name"] for s in data["seats"]]

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"

    texts = Texts(tr=lambda message: i18n.render(message, lang, name), name=name, lang=lang)
    with i18n.drawing():  # names as typed in a picture
        return to_png(draw_sheet_image(data, texts))


def sheet_lines(data: dict[str, Any], lang: str) -> list[str]:
    """The score sheet in words: ranking, scores, rating changes, how seats were played."""
    lines = []
    for seat in (seat for group in data["ranking"] for seat in group):
        info = data["seats"][seat]
        line = i18n.text("core.score.line", lang, place=data["ranks"][seat], name=_seat_name(info, lang),
                         score=data["scores"][seat])
        delta = data["deltas"][seat] if seat < len(data["deltas"]) else None
        if delta is not None:
            line += " · " + i18n.text("core.sheet.rating", lang, change=f"{delta:+.1f}")
        lines.append(line)
    lines.append(i18n.text("core.sheet.rated_people" if data["rated"] else "core.sheet.not_rated", lang))
    return lines


def _seat_name(info: dict[str, Any], lang: str) -> str:
    kind, name = info.get("kind"), i18n.typed(str(info["name"]))
    if kind == SeatKind.AI:
        return i18n.text("core.history.ai_seat", lang, name=name)
    if kind == SeatKind.REPLACED:
        return i18n.text("core.seat.replaced_mark", lang, name=name)
    if kind == SeatKind.SUBSTITUTE:
        return i18n.text("core.seat.for_mark", lang, name=name,
                         previous=", ".join(i18n.typed(previous) for previous in info.get("previous", [])))
    return name


# -- history, statistics, leaderboard -----------------------------------------------

def when(timestamp: float) -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(timestamp)}:d>"


def history_lines(entries: list[HistoryEntry], guild_id: int, lang: str) -> list[str]:
    lines = []
    for entry in entries:
        people = ", ".join(
            f"{'**' if s.rank == 1 else ''}{_entry_seat(s, lang)} {s.score}{'**' if s.rank == 1 else ''}"
            for s in sorted(entry.seats, key=lambda s: (s.rank, s.seat)))
        link = (f"https://discord.com/channels/{guild_id}/{entry.channel_id}/{entry.message_id}"
                if entry.message_id else f"<#{entry.channel_id}>")
        lines.append(i18n.text("core.history.line", lang, id=entry.table_id, date=when(entry.finished_at),
                               game=presenter.game_name(entry.game_id, lang), players=people, link=link))
    return lines


def _entry_seat(seat: records.SeatResult, lang: str) -> str:
    if seat.kind == SeatKind.AI:
        return i18n.text("core.history.ai_seat", lang, name=i18n.typed(seat.name))
    if seat.kind == SeatKind.REPLACED:
        return i18n.text("core.seat.replaced_mark", lang, name=i18n.typed(seat.name))
    return i18n.typed(seat.name)


def stats_lines(lines: list[StatLine], lang: str) -> list[str]:
    """Per game: games against people, games with AI seats, seats not played to the end."""
    out = []
    for game_id in dict.fromkeys(line.game_id for line in lines):
        out.append(f"**{presenter.game_name(game_id, lang)}**")
        for line in lines:
            if line.game_id != game_id:
                continue
            if line.kind == SeatKind.HUMAN:
                key = "core.stats.with_ai" if line.with_ai else "core.stats.people"
                out.append(i18n.text(key, lang, plays=line.plays, wins=line.wins,
                                     rate=round(100 * line.win_rate), average=f"{line.average:.1f}",
                                     best=line.best))
            else:
                out.append(i18n.text(f"core.stats.{line.kind}", lang, plays=line.plays))
    return out


def leaderboard_lines(standings: list[Standing], lang: str) -> list[str]:
    return [i18n.text("core.leaderboard.line", lang, place=place, name=i18n.typed(s.name), rating=f"{s.rating:.1f}",
                      games=s.games)
            for place, s in enumerate(standings, start=1)]


# -- replay and export ----------------------------------------------------------------

@dataclass(frozen=True)
class Replay:
    """The board after move ``move`` of ``total`` (engine moves, undone ones left out)."""

    row: TableRow
    move: int
    total: int
    view: Any
    events: list[Msg]


async def _live_entries(store: Store, row: TableRow) -> list[LoggedAction]:
    if row.state is None and row.status in (TableStatus.FINISHED, TableStatus.ABORTED):
        raise UserError("core.error.log_pruned", id=row.id)
    return [a for a in await store.actions(row.id) if a.seat >= 0 and not a.undone]


async def live_log(store: Store, row: TableRow) -> list[tuple[int, str]]:
    """The moves that make the game: the seats' actions still standing."""
    return [(a.seat, a.action_id) for a in await _live_entries(store, row)]


# The last positions rebuilt, per table and log length: stepping a replay
# forward applies one move instead of replaying the game from its seed.
_POSITIONS: OrderedDict[tuple[int, int], tuple[int, Any]] = OrderedDict()
POSITIONS_KEPT = 64


async def replay(store: Store, row: TableRow, move: int | None) -> Replay:
    """The public view after ``move`` (None: the last), rebuilt from the seed
    and the log; never more than the public view shows."""
    if row.status == TableStatus.LOBBY:
        raise UserError("core.error.replay_lobby")
    entries = await _live_entries(store, row)
    total = len(entries)
    chosen = total if move is None else move
    if not 0 <= chosen <= total:
        raise UserError("core.error.replay_range", move=chosen, total=total)
    game = registry.get(row.game_id)
    if chosen == total and row.state is not None:
        state = row.state  # the table's own state is the end of its live log
    else:
        key = (row.id, row.seq)
        start, known = _POSITIONS.get(key, (0, None))
        if known is None or start > chosen:
            start, state = 0, game.setup(len(row.seats), game.resolve_options(row.options), row.seed)
        else:
            state = clone(known)
        for entry in entries[start:chosen]:
            game.apply(state, entry.seat, entry.action_id)
        _POSITIONS[key] = (chosen, clone(state))
        _POSITIONS.move_to_end(key)
        while len(_POSITIONS) > POSITIONS_KEPT:
            _POSITIONS.popitem(last=False)
    if chosen == 0:
        events = list(game.setup_events(game.setup(len(row.seats), game.resolve_options(row.options), row.seed)))
    else:
        events = list(entries[chosen - 1].events)
    public = [e for e in events if "to" not in e]
    return Replay(row, chosen, total, game.view(state, None), public)


def replay_job(found: Replay, lang: str) -> tuple:
    """What the drawing worker needs: the public view, never the state."""
    return found.row.game_id, found.view, None, [s.name for s in found.row.seats], lang


def replay_text(found: Replay, lang: str) -> str:
    localise = presenter.tr(found.row, lang)
    head = i18n.text("core.replay.title", lang, game=presenter.game_name(found.row.game_id, lang),
                     id=found.row.id, move=found.move, total=found.total)
    lines = [f"• {localise(event)}" for event in found.events]
    return "\n".join([f"**{head}**", *lines])[:2000]


async def export(store: Store, row: TableRow) -> dict[str, Any]:
    """The game's record: enough to rebuild it exactly with the engine.  Only
    for finished games: the seed gives away every hidden card."""
    if row.status != TableStatus.FINISHED:
        raise UserError("core.error.export_running")
    log = await live_log(store, row)
    game = registry.get(row.game_id)
    outcome = game.outcome(row.state)
    return {
        "format": EXPORT_FORMAT,
        "table": row.id,
        "game": row.game_id,
        "options": game.resolve_options(row.options),
        "seed": row.seed,
        "players": [{"seat": i, "name": s.name, "kind": str(records.seat_kind(s.ai, s.replaced, s.previous, s.left))}
                    for i, s in enumerate(row.seats)],
        "actions": [[seat, action_id] for seat, action_id in log],
        "scores": outcome.scores,
        "ranking": outcome.ranking,
        "finished_at": datetime.fromtimestamp(row.updated_at or time.time(), UTC).isoformat(),
    }

