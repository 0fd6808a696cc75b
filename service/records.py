"""The table's memory: what a finished game leaves behind.

When a game finishes, ``result_of`` turns its outcome and seats into a
``GameResult`` and the store writes it — with the players' new ratings — in the
same transaction as the last move (``write_result``).  The read side answers
``/game history``, ``/stats`` and ``/leaderboard`` from indexed rows that
outlive the pruned logs (``prune_logs``, ``ASZTAL_KEEP_DAYS``).

Ratings are per server and per game, from ``openskill``'s Plackett–Luce model
(multiplayer free-for-all with ties).  Only people who played a game from the
first move to the last are rated, against each other: AI seats, seats the AI
finished for someone who left, and substitutes who came in mid-game are not.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from games.base import Game, Msg

if TYPE_CHECKING:
    from service.db import Tx
    from service.store import Store, TableRow

_MODEL = PlackettLuce()
# A newcomer's rating; the leaderboard sorts by the conservative estimate
# mu - 3 sigma (openskill's ordinal), so a few lucky games do not top it.
DEFAULT_MU, DEFAULT_SIGMA = _MODEL.mu, _MODEL.sigma
# Fewer rated players than this and a game changes no rating.
MIN_RATED = 2


class SeatKind(StrEnum):
    """How a seat was played, for statistics that keep games apart."""

    HUMAN = "human"  # one person from the first move to the last
    SUBSTITUTE = "substitute"  # a person who took the seat over mid-game
    REPLACED = "replaced"  # a person who left; the AI played for them (to the end, or until they came back)
    AI = "ai"


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int | None
    name: str
    kind: SeatKind
    score: int
    rank: int  # 1 = won; tied seats share a rank (1, 1, 3)
    rating_delta: float | None = None
    # The seat's person played from the start and left before the end (the AI played
    # for them for a while): rated as having lost, as Board Game Arena does.
    forfeit: bool = False


@dataclass(frozen=True)
class GameResult:
    table_id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    finished_at: float
    moves: int
    seats: tuple[SeatResult, ...]
    sheet: dict[str, Any]  # the score sheet: scores, ranking, details, seats

    @property
    def with_ai(self) -> bool:
        return any(s.kind in (SeatKind.AI, SeatKind.REPLACED) for s in self.seats)

    @property
    def rated_seats(self) -> list[SeatResult]:
        """The seats whose ratings this game changes (none below ``MIN_RATED``),
        with the rank each is rated by: the people who played it through, by
        their places, and those who left it, below all of them.  A seat the AI
        or another person played for part of the game is never rated as its
        person's whole game."""
        if self.guild_id is None:
            return []
        last = len(self.seats) + 1
        people = [s if not s.forfeit else dataclasses.replace(s, rank=last) for s in self.seats
                  if s.user_id is not None and (s.kind == SeatKind.HUMAN or s.forfeit)]
        return people if len(people) >= MIN_RATED else []


def seat_kind(ai: bool, replaced: bool, previous: Sequence[str], left: bool = False) -> SeatKind:
    if ai:
        return SeatKind.REPLACED if replaced else SeatKind.AI
    if previous:
        return SeatKind.SUBSTITUTE
    return SeatKind.REPLACED if left else SeatKind.HUMAN


def competition_ranks(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Seat → place from an outcome's ranking (groups of tied seats, best
    first): tied seats share a place and the next one skips (1, 1, 3)."""
    ranks: dict[int, int] = {}
    position = 1
    for group in ranking:
        for seat in group:
            ranks[seat] = position
        position += len(group)
    return ranks


def result_of(game: Game, row: TableRow, state: Any, moves: int, now: float) -> GameResult:
    """The result of ``row``'s game, finished in ``state`` after ``moves`` log rows."""
    outcome = game.outcome(state)
    rank = competition_ranks(outcome.ranking)
    seats = tuple(
        SeatResult(index, seat.user_id, seat.name, seat_kind(seat.ai, seat.replaced, seat.previous, seat.left),
                   int(outcome.scores[index]), rank[index], forfeit=seat.left and not seat.previous)
        for index, seat in enumerate(row.seats))
    sheet = {
        "scores": list(outcome.scores),
        "ranking": outcome.ranking,
        "details": outcome.details,
        "seats": [{"name": s.name, "kind": str(s.kind), "previous": list(row.seats[s.seat].previous)}
                  for s in seats],
    }
    return GameResult(row.id, row.guild_id, row.channel_id, row.game_id, now, moves, seats, sheet)


def rate(previous: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """New ``(mu, sigma)`` of players who finished with ``ranks`` (1 = best)."""
    teams = [[_MODEL.create_rating([mu, sigma])] for mu, sigma in previous]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


async def write_result(db: Tx, result: GameResult) -> GameResult:
    """Write ``result`` and the new ratings inside the caller's transaction;
    returns it with each rated seat's rating change."""
    deltas: dict[int, float] = {}
    rated = result.rated_seats
    if rated:
        users = [s.user_id for s in rated]
        marks = ",".join("?" * len(users))
        rows = await db.fetch(
            f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game_id = ?"
            f" AND user_id IN ({marks})", (result.guild_id, result.game_id, *users))
        known = {r[0]: (r[1], r[2], r[3]) for r in rows}
        before = [known.get(s.user_id, (DEFAULT_MU, DEFAULT_SIGMA, 0)) for s in rated]
        after = rate([(mu, sigma) for mu, sigma, _ in before], [s.rank for s in rated])
        upserts = []
        for seat, (mu0, sigma0, games), (mu, sigma) in zip(rated, before, after, strict=True):
            deltas[seat.seat] = ordinal(mu, sigma) - ordinal(mu0, sigma0)
            upserts.append((result.guild_id, result.game_id, seat.user_id, seat.name, mu, sigma,
                            ordinal(mu, sigma), games + 1, result.finished_at))
        await db.executemany(
            "INSERT INTO ratings (guild_id, game_id, user_id, name, mu, sigma, ordinal, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_id, user_id) DO UPDATE SET"
            " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
            " games = excluded.games, updated_at = excluded.updated_at", upserts)
    seats = tuple(SeatResult(s.seat, s.user_id, s.name, s.kind, s.score, s.rank, deltas.get(s.seat))
                  for s in result.seats)
    await db.execute(
        "INSERT INTO results (table_id, guild_id, channel_id, game_id, finished_at, moves, rated, sheet)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (result.table_id, result.guild_id, result.channel_id, result.game_id, result.finished_at,
         result.moves, int(bool(rated)), json.dumps(result.sheet, separators=(",", ":"), ensure_ascii=False)))
    with_ai = int(result.with_ai)
    await db.executemany(
        "INSERT INTO result_seats (table_id, seat, guild_id, game_id, finished_at, user_id, name, kind,"
        " with_ai, score, rank, rating_delta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(result.table_id, s.seat, result.guild_id, result.game_id, result.finished_at, s.user_id, s.name,
          str(s.kind), with_ai, s.score, s.rank, s.rating_delta) for s in seats])
    return GameResult(result.table_id, result.guild_id, result.channel_id, result.game_id,
                      result.finished_at, result.moves, seats, result.sheet)


# -- reading ---------------------------------------------------------------------

@dataclass(frozen=True)
class HistoryEntry:
    table_id: int
    game_id: str
    finished_at: float
    channel_id: int
    message_id: int | None  # the final board's message, for a link
    rated: bool
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class StatLine:
    """A member's record in one game, for one kind of table."""

    game_id: str
    kind: SeatKind
    with_ai: bool
    plays: int
    wins: int
    average: float
    best: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str
    rating: float  # the conservative estimate shown: mu - 3 sigma
    mu: float
    sigma: float
    games: int


HISTORY_PAGE = 5


# Beyond any real server's history, and within every database's 64-bit OFFSET.
MAX_HISTORY_PAGE = 10**9
# Finished games read at a time while skipping those the asker may not see, and at most in all.
VISIBILITY_BATCH = 50
VISIBILITY_SCAN = 2000

ChannelFilter = Callable[[int], Awaitable[bool]]


async def history(store: Store, guild_id: int, *, game_id: str | None = None, user_id: int | None = None,
                  page: int = 0, per_page: int = HISTORY_PAGE,
                  visible: ChannelFilter | None = None) -> tuple[list[HistoryEntry], bool]:
    """Finished games of a server, newest first: one page, and whether more follow.
    With ``visible``, only games whose channel it allows (the asker may view it
    now) are listed and counted; the games skipped are never named."""
    page = min(max(page, 0), MAX_HISTORY_PAGE)  # a page number comes from a button anyone can forge
    skip = page * per_page
    if visible is None:
        ids = [table_id for table_id, _ in await _history_rows(store, guild_id, game_id, user_id,
                                                               per_page + 1, skip)]
        return await entries(store, ids[:per_page]), len(ids) > per_page
    found: list[int] = []
    scanned = 0
    while len(found) <= skip + per_page and scanned < VISIBILITY_SCAN:
        rows = await _history_rows(store, guild_id, game_id, user_id, VISIBILITY_BATCH, scanned)
        scanned += len(rows)
        found += [table_id for table_id, channel_id in rows if await visible(channel_id)]
        if len(rows) < VISIBILITY_BATCH:
            break
    return await entries(store, found[skip:skip + per_page]), len(found) > skip + per_page


async def _history_rows(store: Store, guild_id: int, game_id: str | None, user_id: int | None,
                        limit: int, offset: int) -> list[tuple[int, int]]:
    """(table id, channel id) of finished games, newest first."""
    if user_id is None:
        where, params = "guild_id = ?", list[Any]([guild_id])
        if game_id is not None:
            where, params = where + " AND game_id = ?", [*params, game_id]
        sql = (f"SELECT table_id, channel_id FROM results WHERE {where}"
               " ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?")
    else:
        where, params = "s.guild_id = ? AND s.user_id = ?", list[Any]([guild_id, user_id])
        if game_id is not None:
            where, params = where + " AND s.game_id = ?", [*params, game_id]
        sql = (f"SELECT s.table_id, r.channel_id FROM result_seats s JOIN results r ON r.table_id = s.table_id"
               f" WHERE {where} ORDER BY s.finished_at DESC, s.table_id DESC LIMIT ? OFFSET ?")
    rows = await store.fetch(sql, (*params, limit, offset))
    return [(row[0], row[1]) for row in rows]


async def entries(store: Store, table_ids: Sequence[int]) -> list[HistoryEntry]:
    """The results of these games, in this order (unknown ids left out)."""
    if not table_ids:
        return []
    marks = ",".join("?" * len(table_ids))
    heads = await store.fetch(
        "SELECT r.table_id, r.game_id, r.finished_at, r.channel_id, d.message_id, r.rated FROM results r"
        " LEFT JOIN deliveries d ON d.table_id = r.table_id AND d.target = 'board'"
        f" WHERE r.table_id IN ({marks})", tuple(table_ids))
    seat_rows = await store.fetch(
        "SELECT table_id, seat, user_id, name, kind, score, rank, rating_delta FROM result_seats"
        f" WHERE table_id IN ({marks}) ORDER BY table_id, seat", tuple(table_ids))
    seats: dict[int, list[SeatResult]] = {}
    for t, seat, user, name, kind, score, rank, delta in seat_rows:
        seats.setdefault(t, []).append(SeatResult(seat, user, name, SeatKind(kind), score, rank, delta))
    found = {h[0]: HistoryEntry(h[0], h[1], h[2], h[3], h[4], bool(h[5]), tuple(seats.get(h[0], ())))
             for h in heads}
    return [found[t] for t in table_ids if t in found]


async def stats(store: Store, guild_id: int, user_id: int, game_id: str | None = None) -> list[StatLine]:
    """A member's plays, wins, average and best score per game and kind of table."""
    where, params = "guild_id = ? AND user_id = ?", list[Any]([guild_id, user_id])
    if game_id is not None:
        where, params = where + " AND game_id = ?", [*params, game_id]
    rows = await store.fetch(
        "SELECT game_id, kind, with_ai, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), AVG(score), MAX(score)"
        " FROM result_seats"
        f" WHERE {where} GROUP BY game_id, kind, with_ai ORDER BY game_id, kind, with_ai", tuple(params))
    return [StatLine(r[0], SeatKind(r[1]), bool(r[2]), r[3], r[4] or 0, float(r[5] or 0), r[6]) for r in rows]


async def leaderboard(store: Store, guild_id: int, game_id: str, limit: int = 10) -> list[Standing]:
    rows = await store.fetch(
        "SELECT user_id, name, ordinal, mu, sigma, games FROM ratings WHERE guild_id = ? AND game_id = ?"
        " ORDER BY ordinal DESC, user_id LIMIT ?", (guild_id, game_id, limit))
    return [Standing(*r) for r in rows]


def sheet_details(sheet: dict[str, Any], seat: int) -> list[Msg]:
    details = sheet.get("details") or []
    return list(details[seat]) if seat < len(details) else []
