"""The table service: lobby, moves, AI seats and timers, frontend-agnostic.

Both the Discord bot and the offline console drive games only through this
class.  It owns the rules of the *platform* (who may join, start, abort, whose
click counts); the rules of each *game* stay in its engine.  Every request is
serialised per channel, so moves in one game never interleave while different
games run concurrently.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Set
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, TypeVar

from games import registry
from games.base import (
    AI_LEVELS,
    DEFAULT_AI_LEVEL,
    Action,
    Game,
    IllegalAction,
    Msg,
    Outcome,
    State,
    clone,
    msg,
    seat_ref,
)
from service import clock, outbox, records, thinking
from service.errors import UserError
from service.privacy import digest, private_part
from service.records import GameResult
from service.store import (
    ChannelBusy,
    DuplicateInteraction,
    MoveRecord,
    Outgoing,
    Seat,
    StaleMove,
    Store,
    TableRow,
    TableStatus,
)
from service.thinking import Thinker

log = logging.getLogger(__name__)

LOBBY, ACTIVE, FINISHED, ABORTED = TableStatus.LOBBY, TableStatus.ACTIVE, TableStatus.FINISHED, TableStatus.ABORTED
# A safety net against an engine whose AI seats would act forever.
MAX_AI_STEPS = 5_000
# Log entries of the platform itself (seat -1): ids no engine action can have.
LEAVE, REJOIN, SUBSTITUTE, UNDO, CLOCK_AI = "@leave", "@rejoin", "@substitute", "@undo", "@clock"
VOTE_CHOICES = ("wait", "ai", "end")
# A change made from a row that another process changed meanwhile is made
# again from the fresh row (its checks too) up to this many times.
STALE_RETRIES = 8

P = ParamSpec("P")
R = TypeVar("R")


def retried_when_stale(
        method: Callable[Concatenate[TableService, P], Awaitable[R]]) -> Callable[Concatenate[TableService, P], Awaitable[R]]:
    """Any process may serve any table: the database, not this process's
    lock, orders the changes of a table.  A write made from a row another
    process changed meanwhile fails (``StaleMove``/``StaleTable``, nothing
    written); the request then runs again on the fresh row, so a join is never
    lost and a move is applied to the position it was meant for or refused."""
    @functools.wraps(method)
    async def retrying(self: TableService, *args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(STALE_RETRIES):
            try:
                return await method(self, *args, **kwargs)
            except StaleMove as stale:
                self.forget(stale.table_id)
                # Two processes that keep colliding step apart.
                await asyncio.sleep(self._rng.uniform(0, 0.005 * attempt))
        raise UserError("core.error.busy")

    return retrying


@dataclass(frozen=True)
class Caller:
    """Who is asking: a Discord user (or a console seat)."""

    user_id: int
    name: str
    can_manage: bool = False  # Manage Channels/Threads permission in that channel


@dataclass
class Update:
    """What one request changed, for the frontend to publish."""

    table: TableRow
    events: list[tuple[int, Msg]] = field(default_factory=list)  # (seat that acted, event)
    started: bool = False
    finished: bool = False
    result: GameResult | None = None  # the game finished: its result, with rating changes

    @property
    def outcome(self) -> Outcome | None:
        if self.table.status != FINISHED or self.table.state is None:
            return None
        return registry.get(self.table.game_id).outcome(self.table.state)


@dataclass
class Amendment:
    """A change the platform makes rather than a seat's move (a seat changes
    hands, an undo), logged as seat -1 with its public ``events``.

    ``seats`` and ``state`` replace the table's; ``undone`` are the log rows an
    undo takes back and ``undo`` the undo window left after it; ``fresh`` seats
    start a new decision (a new holder, the undoing seat): they get their
    private view and prompt afresh; ``notices`` go out with the change."""

    action_id: str
    events: list[Msg]
    seats: list[Seat] | None = None
    state: State | None = None
    undone: tuple[int, ...] = ()
    undo: dict[str, Any] | None = None
    fresh: frozenset[int] = frozenset()
    notices: list[Outgoing] = field(default_factory=list)
    actor: int | None = None  # the seat whose interaction shows its own update (``claim``)


class TableService:
    def __init__(self, store: Store, *, rng: random.Random | None = None, clock_scale: float = 1.0):
        self.store = store
        self._rng = rng or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, TableRow] = {}  # table id -> row of an unfinished table
        # Real time per clock second (tests play a 24-hour clock in seconds).
        self.clock_scale = clock_scale
        # Told after every committed change of a running table (the frontend's clock keeper).
        self.listener: Callable[[TableRow], None] | None = None
        # Asks the frontend whether a user is still in the table's server (None: cannot tell).
        self.membership: Callable[[int | None, int], Awaitable[bool | None]] | None = None
        # Runs the hard AI's searches off the event loop (None: in this process, blocking:
        # the offline console and the tests).
        self.thinker: Thinker | None = None
        self._thinking: dict[int, asyncio.Task[Any]] = {}  # table id -> its hard AI's moves in the works
        self._rethink: set[int] = set()  # tables whose thinking task has another hard move to make

    # -- lookup ------------------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def forget(self, table_id: int | None) -> None:
        """Drop a cached table (all of them if ``None``): another process changed it."""
        if table_id is None:
            self._cache.clear()
        else:
            self._cache.pop(table_id, None)

    async def _current(self, row: TableRow) -> TableRow | None:
        """The cached row if no other process changed the table since it was
        read (one indexed read of its version), else the stored row."""
        if await self.store.table_version(row.id) == row.version:
            return row
        self._cache.pop(row.id, None)
        fresh = await self.store.get_table(row.id)
        if fresh is not None and fresh.status in (LOBBY, ACTIVE):
            self._cache[row.id] = fresh
        return fresh

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        for cached in list(self._cache.values()):
            if cached.channel_id == channel_id and cached.status in (LOBBY, ACTIVE):
                current = await self._current(cached)
                if current is not None and current.status in (LOBBY, ACTIVE):
                    return current
                break
        row = await self.store.table_in_channel(channel_id)
        if row is not None:
            self._cache[row.id] = row
        return row

    async def table(self, table_id: int) -> TableRow | None:
        """A table by id, loaded lazily (after a restart) on first use, and
        read again when another process changed it."""
        row = self._cache.get(table_id)
        if row is not None:
            return await self._current(row)
        row = await self.store.get_table(table_id)
        if row is not None and row.status in (LOBBY, ACTIVE):
            self._cache[table_id] = row
        return row

    def cached_in_channel(self, channel_id: int) -> TableRow | None:
        """The channel's open table if it is in memory (no database read)."""
        return next((row for row in self._cache.values()
                     if row.channel_id == channel_id and row.status in (LOBBY, ACTIVE)), None)

    def cached(self, table_id: int) -> TableRow | None:
        """A running table already in memory (no database read)."""
        return self._cache.get(table_id)

    async def open_tables(self) -> list[TableRow]:
        """Every table in the lobby or in play, as the service knows them."""
        rows = []
        for stored in await self.store.unfinished_tables():
            rows.append(self._cache.get(stored.id) or stored)
        return rows

    async def require_table(self, channel_id: int) -> TableRow:
        row = await self.table_in_channel(channel_id)
        if row is None:
            raise UserError("core.error.no_table")
        return row

    @staticmethod
    def seat_of(row: TableRow, user_id: int) -> int | None:
        for index, seat in enumerate(row.seats):
            if seat.user_id == user_id and not seat.ai:
                return index
        return None

    @staticmethod
    def engine(row: TableRow) -> Game:
        return registry.get(row.game_id)

    # -- lobby -------------------------------------------------------------
    async def open_table(self, *, channel_id: int, guild_id: int | None, caller: Caller, game_id: str,
                         options: dict[str, Any] | None = None, seed: int | None = None,
                         meta: dict[str, Any] | None = None, seat_creator: bool = True,
                         claim: int | None = None, clock_option: str = clock.DEFAULT_CLOCK) -> TableRow:
        """A new lobby; the creator takes the first seat unless ``seat_creator``
        is False (a host that only fills the table with AI seats).  Its lobby
        message is queued, claimed by the interaction ``claim`` if given.
        ``clock_option`` is how long a player may take (``service.clock.CLOCKS``)."""
        if game_id not in registry.game_ids():
            raise UserError("core.error.unknown_game", game=game_id)
        if clock_option not in clock.CLOCKS:
            raise UserError("core.error.bad_option_value", option="clock", value=clock_option)
        meta = {**(meta or {}), "clock": clock_option}
        game = registry.get(game_id)
        try:
            resolved = game.resolve_options(options)
        except IllegalAction as error:
            raise UserError(error.reason) from None
        async with self.lock(channel_id):
            if await self.table_in_channel(channel_id) is not None:
                raise UserError("core.error.channel_busy")
            try:
                row = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, game_id=game_id, options=resolved,
                    seed=seed if seed is not None else secrets.randbits(48), creator_id=caller.user_id,
                    seats=[Seat(caller.user_id, caller.name)] if seat_creator else [], meta=meta,
                    outbox=[outbox.lobby_item(claim=claim)])
            except ChannelBusy:
                raise UserError("core.error.channel_busy") from None
            self._cache[row.id] = row
            return row

    @retried_when_stale
    async def join(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            if self.seat_of(row, caller.user_id) is not None:
                raise UserError("core.error.already_joined")
            if len(row.seats) >= self.engine(row).max_players:
                raise UserError("core.error.table_full", count=self.engine(row).max_players)
            await self._set_seats(row, [*row.seats, Seat(caller.user_id, caller.name)], claim)
            return row

    @retried_when_stale
    async def leave(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        """Leave the lobby; during a game the AI takes the seat over."""
        row = await self.require_table(channel_id)
        if row.status == ACTIVE:
            return (await self.leave_game(row.id, caller.user_id, reason="left")).table
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            seat = self.seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_seated")
            seats = [s for i, s in enumerate(row.seats) if i != seat]
            if not any(not s.ai for s in seats):
                # The last human left: nobody could start it any more.
                row.version = await self.store.update_table(
                    row.id, seats=seats, status=ABORTED, outbox=[outbox.lobby_item("core.lobby.cancelled", claim)],
                    expect_version=row.version)
                row.seats, row.status = seats, ABORTED
                self._cache.pop(row.id, None)
            else:
                await self._set_seats(row, seats, claim)
            return row

    @retried_when_stale
    async def add_ai(self, channel_id: int, caller: Caller, claim: int | None = None,
                     level: str = DEFAULT_AI_LEVEL) -> TableRow:
        """An AI seat playing at ``level`` (easy, normal or hard)."""
        if level not in AI_LEVELS:
            raise UserError("core.error.bad_option_value", option="ai", value=level)
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            game = self.engine(row)
            if len(row.seats) >= game.max_players:
                raise UserError("core.error.table_full", count=game.max_players)
            number = sum(1 for s in row.seats if s.ai) + 1
            await self._set_seats(row, [*row.seats, Seat(None, f"AI {number}", ai=True, level=level)], claim)
            return row

    @retried_when_stale
    async def remove_ai(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            ai_seats = [i for i, s in enumerate(row.seats) if s.ai]
            if not ai_seats:
                raise UserError("core.error.no_ai_seat")
            await self._set_seats(row, [s for i, s in enumerate(row.seats) if i != ai_seats[-1]], claim)
            return row

    @retried_when_stale
    async def start(self, channel_id: int, caller: Caller, claim: int | None = None) -> Update:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            if caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.start_forbidden")
            game = self.engine(row)
            if not game.min_players <= len(row.seats) <= game.max_players:
                raise UserError("core.error.player_count", low=game.min_players, high=game.max_players)
            seats = list(row.seats)
            # Seat order is drawn from the table's seed, so it is fair and replayable.
            random.Random(row.seed).shuffle(seats)
            try:
                state = game.setup(len(seats), row.options, row.seed)
            except IllegalAction as error:
                raise UserError(error.reason) from None
            # Set-up lines (an open draw, who starts) belong to the log like moves do.
            opening = game.setup_events(state)
            meta = {**row.meta, "setup_events": opening} if opening else dict(row.meta)
            meta["due_since"] = {str(s): 0 for s in game.to_act(state)}
            meta["due_at"] = {str(s): time.time() for s in game.to_act(state)}
            events = [(-1, event) for event in opening]
            started = dataclasses.replace(row, seats=seats, state=state, status=ACTIVE, seq=0, meta=meta)
            items = [outbox.lobby_item("core.lobby.started", claim),
                     *outbox.plan_change(game, started, state, outbox.Seen(), events)]
            row.version = await self.store.start_table(row.id, seats, state, meta=meta, outbox=items,
                                                       expect_version=row.version)
            row.seats, row.state, row.status, row.seq, row.meta = seats, state, ACTIVE, 0, meta
            update = Update(row, started=True, events=events)
            try:
                await self._change(row, update)
            except StaleMove:
                # The game started; another process changed it at once.  The
                # AI seats due now move from the fresh row.
                self.forget(row.id)
                await self._ai_turns(row.id)
            self._finish_update(row)
            return update

    @retried_when_stale
    async def abort(self, channel_id: int, caller: Caller, claim: int | None = None, *,
                    shows: str = outbox.NOTICE) -> TableRow:
        """End the table; the channel is told who ended it, and a lobby is
        closed.  The interaction ``claim`` shows one of them itself (``shows``)."""
        async with self.lock(channel_id):
            row = await self.require_table(channel_id)
            if caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.abort_forbidden")
            items = [outbox.notice_item(msg("core.aborted", user=f"<@{caller.user_id}>"),
                                        claim=claim if shows == outbox.NOTICE else None)]
            if row.status == LOBBY:
                items.append(outbox.lobby_item("core.lobby.cancelled", claim if shows == outbox.LOBBY else None))
            row.version = await self.store.update_table(row.id, status=ABORTED, outbox=items,
                                                        expect_version=row.version)
            row.status = ABORTED
            self._cache.pop(row.id, None)
            return row

    @retried_when_stale
    async def pause(self, table_id: int, reason: str) -> TableRow | None:
        """The table cannot be shown (its channel is gone or refuses us): no
        moves, no timers, its players told by DM, until ``resume``."""
        row = await self.table(table_id)
        if row is None or row.status not in (LOBBY, ACTIVE) or row.paused == reason:
            return row
        async with self.lock(row.channel_id):
            notices = [outbox.seat_notice(seat, msg("core.paused.dm", channel=f"<#{row.channel_id}>",
                                                    why=msg(f"core.paused.{reason}")))
                       for seat in outbox.human_seats(row)]
            meta = {**row.meta, "paused_at": time.time()} if row.paused is None else row.meta
            row.version = await self.store.update_table(row.id, paused=reason, meta=meta,
                                                        outbox=notices if row.paused is None else [],
                                                        expect_version=row.version)
            row.paused, row.meta = reason, meta
            self._notify(row)
            return row

    @retried_when_stale
    async def resume(self, table_id: int) -> TableRow | None:
        """The channel works again: the game goes on where it stood."""
        row = await self.table(table_id)
        if row is None or row.paused is None:
            return row
        async with self.lock(row.channel_id):
            notices = [outbox.seat_notice(seat, msg("core.paused.resumed_dm", channel=f"<#{row.channel_id}>"))
                       for seat in outbox.human_seats(row)] if row.status == ACTIVE else []
            # The clocks stood still while nobody could see the table.
            paused_at = row.meta.get("paused_at")
            meta = clock.shifted(row.meta, time.time() - paused_at) if paused_at else dict(row.meta)
            meta.pop("paused_at", None)
            row.version = await self.store.update_table(row.id, paused=None, meta=meta, outbox=notices,
                                                        expect_version=row.version)
            row.paused, row.meta = None, meta
            self._notify(row)
            return row

    @contextlib.asynccontextmanager
    async def _active(self, table_id: int) -> AsyncIterator[TableRow]:
        """The running table, locked for a change; refused when it is not running."""
        row = await self.table(table_id)
        if row is None or row.status != ACTIVE:
            raise UserError("core.error.not_active")
        async with self.lock(row.channel_id):
            row = await self.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            yield row

    # -- play --------------------------------------------------------------
    def legal_actions(self, row: TableRow, seat: int) -> list[Action]:
        if row.status != ACTIVE or row.state is None:
            return []
        return self.engine(row).legal_actions(row.state, seat)

    def to_act(self, row: TableRow) -> list[int]:
        if row.status != ACTIVE or row.state is None:
            return []
        return self.engine(row).to_act(row.state)

    def humans_to_act(self, row: TableRow) -> list[int]:
        return [s for s in self.to_act(row) if not row.seats[s].ai]

    @retried_when_stale
    async def play(self, table_id: int, caller: Caller, action_id: str, *,
                   interaction_id: int | None = None, expected_seq: int | None = None,
                   claim: bool = False) -> Update:
        """Apply ``caller``'s action and the AI answers it sets off, in one
        transaction.  ``expected_seq`` (from a button) rejects a click on a
        prompt that is no longer current; with ``claim`` the interaction shows
        the caller's own update itself."""
        row = await self.table(table_id)
        if row is None:
            raise UserError("core.error.no_table")
        async with self.lock(row.channel_id):
            row = await self.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = self.seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            self.check_running(row)
            if expected_seq is not None and not self.prompt_current(row, seat, expected_seq):
                raise UserError("core.error.stale_prompt")
            if interaction_id is not None and await self.store.has_interaction(interaction_id):
                raise UserError("core.error.already_done")
            update = Update(row)
            await self._change(row, update, (seat, action_id, interaction_id),
                               claim=interaction_id if claim else None)
            self._finish_update(row)
            return update

    def prompt_current(self, row: TableRow, seat: int, prompt_seq: int) -> bool:
        """Whether a prompt shown to ``seat`` at ``prompt_seq`` still asks the
        decision the seat faces: nothing changed since, or only other seats moved
        while this one stayed due (simultaneous choices)."""
        if prompt_seq == row.seq:
            return True
        since = row.meta.get("due_since", {}).get(str(seat))
        return since is not None and since <= prompt_seq <= row.seq and seat in self.to_act(row)

    @staticmethod
    def check_running(row: TableRow) -> None:
        """Refuse moves at a paused table: nobody could see them."""
        if row.paused is not None:
            raise UserError("core.error.paused", why=msg(f"core.paused.{row.paused}"))

    async def resume_ai(self) -> list[Update]:
        """After a restart: let AI seats that are due move (the process may
        have died between a human's move and the AI's answer)."""
        updates = []
        for stored in await self.store.unfinished_tables():
            if stored.status != ACTIVE or stored.state is None or stored.paused is not None:
                continue
            if not any(stored.seats[s].ai for s in self.to_act(stored)):
                continue
            update = await self._ai_turns(stored.id)
            if update is not None:
                updates.append(update)
        return updates

    @retried_when_stale
    async def _ai_turns(self, table_id: int) -> Update | None:
        """Let the AI seats that are due at a table move (from its fresh row),
        hard ones too (they think here, after the change that made them due
        was stored and shown)."""
        row = await self.table(table_id)
        if row is None or row.status != ACTIVE or row.paused is not None:
            return None
        async with self.lock(row.channel_id):
            update = Update(row)
            await self._change(row, update, think=True)
            self._finish_update(row)
            return update

    def _think_later(self, table_id: int) -> None:
        """A hard AI seat is due: its search runs in the background, so the
        player whose move made it due is answered at once."""
        if table_id in self._thinking:
            self._rethink.add(table_id)
            return

        async def run() -> None:
            try:
                while True:
                    self._rethink.discard(table_id)
                    await self._ai_turns(table_id)
                    if table_id not in self._rethink:
                        break
            except Exception:
                log.exception("table %s: the AI's turn failed; it is tried again at the next start", table_id)
            finally:
                self._thinking.pop(table_id, None)

        self._thinking[table_id] = asyncio.create_task(run(), name=f"ai-thinks-{table_id}")

    async def thinking_done(self) -> None:
        """Until every hard AI move in the works is made (tests)."""
        while self._thinking:
            await asyncio.gather(*list(self._thinking.values()), return_exceptions=True)

    async def stop_thinking(self) -> None:
        """Stopping: searches still running are dropped (the next start makes those moves)."""
        tasks = list(self._thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _ai_action(self, game: Game, row: TableRow, state: State, seat: int, level: str,
                         rnd: random.Random, seed: str) -> str:
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        if level == "hard":
            ids = [a.id for a in legal]
            if self.thinker is not None:
                chosen = await self.thinker.choose(row.game_id, view, seat, ids, seed)
            else:
                chosen = thinking.think(row.game_id, view, seat, ids, seed, thinking.DEFAULT_SECONDS)
            if chosen is not None:
                return chosen
        if level == "easy":
            return game.choose_ai_action(view, seat, legal, rnd)
        return game.choose_normal_action(view, seat, legal, rnd)

    # -- the turn clock -------------------------------------------------------
    def clock_dues(self, row: TableRow, now: float | None = None) -> list[clock.Due]:
        """What falls due at this table and when (nothing while it is paused)."""
        if row.status != ACTIVE or row.state is None or row.paused is not None:
            return []
        return clock.pending(self.engine(row), row.state, row.meta, self.humans_to_act(row),
                             scale=self.clock_scale, now=time.time() if now is None else now,
                             fallback=row.updated_at)

    @retried_when_stale
    async def clock_tick(self, table_id: int) -> Update | None:
        """Do what fell due at a table: a timed reaction's default, reminders,
        a clock that ran out (a vote opens; a player who left the server is
        replaced at once), a vote nobody answered (the AI takes the seat)."""
        row = await self.table(table_id)
        if row is None:
            return None
        now = time.time()
        due = [d for d in self.clock_dues(row, now) if d.at <= now]
        asked: set[int] = set()
        gone: set[int] = set()
        for item in due:
            if self.membership is not None and (user_id := self._member_to_ask(row, item)) is not None:
                # Asked outside the lock: it may be a round trip to Discord.
                asked.add(item.seat)
                if await self.membership(row.guild_id, user_id) is False:
                    gone.add(item.seat)
        async with self.lock(row.channel_id):
            row = await self.table(table_id)
            if row is None:
                return None
            now = time.time()
            # A clock that ran out while we waited for the lock was not asked about: its player
            # may have left the server (replaced at once, not voted on). The next tick asks.
            due = [d for d in self.clock_dues(row, now)
                   if d.at <= now and (d.seat in asked or self.membership is None
                                       or self._member_to_ask(row, d) is None)]
            if not due:
                return None
            update = Update(row)
            timed = next((d for d in due if d.kind == clock.TIMED), None)
            takeover = sorted({d.seat for d in due if d.kind == clock.VOTE_TIMEOUT}
                              | {d.seat for d in due if d.kind == clock.EXPIRE and d.seat in gone})
            if timed is not None:
                # A move changes everything else that was due: the next tick sees anew.
                try:
                    await self._change(row, update, (timed.seat, timed.action or "", None))
                except UserError:
                    return None
            elif takeover:
                await self._hand_to_ai(row, update, takeover,
                                       "core.seat.gone" if set(takeover) <= gone else "core.seat.clock_ai")
            else:
                await self._clock_notices(row, due, now)
            self._finish_update(row)
            return update

    @staticmethod
    def _member_to_ask(row: TableRow, item: clock.Due) -> int | None:
        """The player to look for on the server before ``item`` is acted on: one whose clock
        ran out is replaced at once, not voted on, if they have left it."""
        return row.seats[item.seat].user_id if item.kind == clock.EXPIRE else None

    async def _clock_notices(self, row: TableRow, due: list[clock.Due], now: float) -> None:
        """Reminders (a DM each, one channel line for all) and clocks that ran
        out (a vote of the other players), written with the stages they reach."""
        total = clock.seconds(row.meta, self.clock_scale) or 0.0
        reminded = dict(row.meta.get("reminded", {}))
        votes = dict(row.meta.get("votes", {}))
        items: list[Outgoing] = []
        nudged: list[int] = []
        count = int(row.meta.get("vote_count", 0))
        for item in due:
            seat = item.seat
            user_id = row.seats[seat].user_id
            if item.kind == clock.REMIND:
                reminded[str(seat)] = item.stage
                left = clock.due_at(row.meta, seat, row.updated_at) + total - now
                items.append(outbox.seat_notice(seat, msg("core.clock.reminder_dm", left=clock.duration(left / self.clock_scale))))
                if user_id is not None:
                    nudged.append(user_id)
            elif item.kind == clock.EXPIRE:
                reminded[str(seat)] = clock.RAN_OUT
                count += 1
                votes[str(seat)] = {"id": count, "opened": now, "ballots": {}}
                voters = [s.user_id for i, s in enumerate(row.seats)
                          if i != seat and not s.ai and s.user_id is not None]
                items.append(outbox.notice_item(
                    msg("core.clock.expired", player=seat_ref(seat), wait=clock.duration(total / self.clock_scale),
                        voters=" ".join(f"<@{u}>" for u in voters)),
                    mention=voters, vote={"seat": seat, "id": count}))
        if nudged:
            items.append(outbox.notice_item(
                msg("core.clock.reminder", players=" ".join(f"<@{u}>" for u in nudged)), mention=nudged))
        meta = {**row.meta, "reminded": reminded, "votes": votes, "vote_count": count}
        row.version = await self.store.update_table(row.id, meta=meta, outbox=items, expect_version=row.version)
        row.meta = meta

    @retried_when_stale
    async def vote(self, table_id: int, caller: Caller, seat: int, vote_id: int, choice: str) -> tuple[Update | None, Msg]:
        """A ballot on a seat whose clock ran out: wait longer, let the AI play,
        or end the game.  A majority of the other humans decides; a channel
        manager decides alone.  Returns the update (when decided) and what to
        tell the voter."""
        async with self._active(table_id) as row:
            vote = row.meta.get("votes", {}).get(str(seat))
            if vote is None or vote.get("id") != vote_id or choice not in VOTE_CHOICES:
                raise UserError("core.error.vote_closed")
            if row.seats[seat].user_id == caller.user_id and not row.seats[seat].ai:
                raise UserError("core.error.vote_own")
            voters = [s.user_id for i, s in enumerate(row.seats) if i != seat and not s.ai and s.user_id is not None]
            if caller.user_id not in voters and not caller.can_manage:
                raise UserError("core.error.vote_not_player")
            ballots = {**vote.get("ballots", {}), str(caller.user_id): choice}
            counted = sum(1 for v in ballots.values() if v == choice)
            if not caller.can_manage and counted * 2 <= len(voters):
                meta = {**row.meta, "votes": {**row.meta["votes"], str(seat): {**vote, "ballots": ballots}}}
                row.version = await self.store.update_table(row.id, meta=meta, expect_version=row.version)
                row.meta = meta
                return None, msg("core.vote.counted", votes=counted, needed=len(voters) // 2 + 1)
            update = Update(row)
            if choice == "wait":
                votes = {k: v for k, v in row.meta.get("votes", {}).items() if k != str(seat)}
                meta = {**row.meta, "votes": votes,
                        "due_at": {**row.meta.get("due_at", {}), str(seat): time.time()},
                        "reminded": {k: v for k, v in row.meta.get("reminded", {}).items() if k != str(seat)}}
                notice = outbox.notice_item(msg("core.vote.waiting", player=seat_ref(seat)))
                row.version = await self.store.update_table(row.id, meta=meta, outbox=[notice],
                                                            expect_version=row.version)
                row.meta = meta
            elif choice == "ai":
                await self._hand_to_ai(row, update, [seat], "core.seat.clock_ai")
            else:
                await self._end(row, msg("core.vote.ended", player=seat_ref(seat)))
            self._finish_update(row)
            return update, msg(f"core.vote.decided.{choice}", player=row.seats[seat].name)

    async def _end(self, row: TableRow, message: Msg) -> None:
        row.version = await self.store.update_table(row.id, status=ABORTED, outbox=[outbox.notice_item(message)],
                                                    expect_version=row.version)
        row.status = ABORTED
        self._cache.pop(row.id, None)

    # -- seats changing hands ------------------------------------------------
    @retried_when_stale
    async def leave_game(self, table_id: int, user_id: int, *, reason: str = "left") -> Update:
        """A player leaves a running game (or left the server): the AI plays
        their seat, which keeps their name, marked as replaced; they may come
        back with ``rejoin``.  When nobody human would be left, the game ends."""
        async with self._active(table_id) as row:
            seat = self.seat_of(row, user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            update = Update(row)
            await self._hand_to_ai(row, update, [seat], f"core.seat.{reason}")
            self._finish_update(row)
            return update

    async def _hand_to_ai(self, row: TableRow, update: Update, seats_out: list[int], key: str) -> None:
        seats = [dataclasses.replace(s, ai=True, replaced=True) if i in seats_out else s
                 for i, s in enumerate(row.seats)]
        events = [msg(key, player=seat_ref(seat)) for seat in seats_out]
        if not any(not s.ai for s in seats):
            # Nobody is left to play against: the game ends rather than playing itself out.
            await self._end(row, msg("core.seat.nobody_left", player=seat_ref(seats_out[0])))
            return
        await self._change(row, update, amendment=Amendment(LEAVE if key != "core.seat.clock_ai" else CLOCK_AI,
                                                            events, seats=seats))

    @retried_when_stale
    async def rejoin(self, channel_id: int, caller: Caller, claim: int | None = None) -> Update:
        """A player whom the AI replaced takes the seat back."""
        async with self.lock(channel_id):
            row = await self.require_table(channel_id)
            if row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = next((i for i, s in enumerate(row.seats) if s.ai and s.replaced and s.user_id == caller.user_id),
                        None)
            if seat is None:
                taken = any(caller.name in s.previous for s in row.seats)
                raise UserError("core.error.seat_taken" if taken else "core.error.nothing_to_rejoin")
            seats = [dataclasses.replace(s, ai=False, replaced=False, name=caller.name) if i == seat else s
                     for i, s in enumerate(row.seats)]
            update = Update(row)
            await self._change(row, update, claim=claim, amendment=Amendment(
                REJOIN, [msg("core.seat.rejoined", player=seat_ref(seat))], seats=seats, fresh=frozenset({seat}),
                actor=seat))
            self._finish_update(row)
            return update

    @retried_when_stale
    async def substitute(self, channel_id: int, caller: Caller, member: Caller, seat: int | None = None) -> Update:
        """Hand a seat (human or AI) to ``member``, who gets the private view at
        once.  Allowed for the seat's own player (or the one the AI replaced),
        the table's creator and channel managers."""
        async with self.lock(channel_id):
            row = await self.require_table(channel_id)
            if row.status != ACTIVE:
                raise UserError("core.error.not_active")
            if seat is None:
                seat = next((i for i, s in enumerate(row.seats) if s.user_id == caller.user_id), None)
                if seat is None:
                    raise UserError("core.error.substitute_which")
            if not 0 <= seat < len(row.seats):
                raise UserError("core.error.substitute_which")
            old = row.seats[seat]
            if old.user_id != caller.user_id and caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.substitute_forbidden")
            if any(s.user_id == member.user_id for s in row.seats):
                raise UserError("core.error.already_seated", player=member.name)
            old_name = old.name if not old.ai or old.replaced else f"🤖 {old.name}"
            seats = [Seat(member.user_id, member.name, previous=[*old.previous, old_name]) if i == seat else s
                     for i, s in enumerate(row.seats)]
            event = msg("core.seat.substituted", new=member.name, old=old_name)
            welcome = outbox.seat_notice(seat, msg("core.seat.welcome", old=old_name, channel=f"<#{row.channel_id}>"))
            update = Update(row)
            await self._change(row, update, amendment=Amendment(
                SUBSTITUTE, [event], seats=seats, fresh=frozenset({seat}), notices=[welcome]))
            self._finish_update(row)
            return update

    async def member_gone(self, guild_id: int, user_id: int) -> list[TableRow]:
        """A member left (or was removed from) a server: they leave its lobbies,
        and the AI takes their seats in its running games."""
        changed = []
        for row in await self.open_tables():
            if row.guild_id != guild_id or not any(s.user_id == user_id and not s.ai for s in row.seats):
                continue
            try:
                if row.status == LOBBY:
                    changed.append(await self.leave(row.channel_id, Caller(user_id, "")))
                else:
                    changed.append((await self.leave_game(row.id, user_id, reason="gone")).table)
            except UserError:
                continue
        return changed

    # -- undo ------------------------------------------------------------------
    def can_undo(self, row: TableRow, seat: int) -> bool:
        window = row.meta.get("undo") or {}
        return row.status == ACTIVE and window.get("seat") == seat and bool(window.get("seqs"))

    @retried_when_stale
    async def undo(self, table_id: int, caller: Caller, *, claim: int | None = None) -> Update:
        """Take back the caller's last action, while nothing else happened
        since.  The state is rebuilt from the seed and the live log; the log
        keeps the action, marked undone, and says that it was taken back."""
        async with self._active(table_id) as row:
            seat = self.seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            self.check_running(row)
            if not self.can_undo(row, seat):
                raise UserError("core.error.undo_closed")
            window = row.meta["undo"]
            target = window["seqs"][-1]
            logged = await self.store.actions(row.id)
            taken = next(a for a in logged if a.seq == target)
            game = self.engine(row)
            state = game.setup(len(row.seats), row.options, row.seed)
            for entry in logged:
                if entry.seat >= 0 and not entry.undone and entry.seq != target:
                    game.apply(state, entry.seat, entry.action_id)
            label = next((a.label for a in game.legal_actions(state, seat) if a.id == taken.action_id),
                         msg("core.undo.an_action"))
            left = window["seqs"][:-1]
            update = Update(row)
            # The action's label may quote a hand: only the seat itself reads what it took back.
            events = [msg("core.undo.done", player=seat_ref(seat)), {**msg("core.undo.yours", action=label), "to": seat}]
            await self._change(row, update, claim=claim, amendment=Amendment(
                UNDO, events, state=state,
                undone=(target,), undo={"seat": seat, "seqs": left} if left else {}, fresh=frozenset({seat}),
                actor=seat))
            self._finish_update(row)
            return update

    def timers(self, row: TableRow) -> list[tuple[int, int, str]]:
        """``(seat, seconds, default action)`` of the humans whose reaction is
        timed (none while the table is paused: nobody could react)."""
        if row.paused is not None:
            return []
        game = self.engine(row)
        found = []
        for seat in self.humans_to_act(row):
            timed = game.timed_default(row.state, seat)
            if timed:
                found.append((seat, timed[0], timed[1]))
        return found

    # -- internals ---------------------------------------------------------
    async def _lobby(self, channel_id: int) -> TableRow:
        row = await self.require_table(channel_id)
        if row.status != LOBBY:
            raise UserError("core.error.already_started")
        return row

    async def _lobby_of_player(self, channel_id: int, caller: Caller) -> TableRow:
        """The lobby, if ``caller`` sits at it (or manages the channel)."""
        row = await self._lobby(channel_id)
        if self.seat_of(row, caller.user_id) is None and not caller.can_manage:
            raise UserError("core.error.not_seated")
        return row

    async def _set_seats(self, row: TableRow, seats: list[Seat], claim: int | None = None) -> None:
        row.version = await self.store.update_table(row.id, seats=seats, outbox=[outbox.lobby_item(claim=claim)],
                                                    expect_version=row.version)
        row.seats = seats

    async def _change(self, row: TableRow, update: Update,
                      first: tuple[int, str, int | None] | None = None, *, claim: int | None = None,
                      amendment: Amendment | None = None, think: bool = False) -> None:
        """Apply ``amendment`` and ``first`` (seat, action, interaction id) if
        given, then every AI move that follows, and write them as one
        transaction together with what they must show.  The cached row changes
        only once that committed.  A hard AI seat that comes due stops the
        batch unless ``think``: its search runs after this is stored."""
        game = self.engine(row)
        current = row.state
        assert current is not None, "only a running table changes"
        before = outbox.seen(game, row, current)
        seats = list(amendment.seats) if amendment is not None and amendment.seats is not None else row.seats
        # Work on a copy: the cached state stays valid whatever the engine does.
        state = clone(amendment.state if amendment is not None and amendment.state is not None else current)
        moves: list[MoveRecord] = []
        events: list[tuple[int, Msg]] = []

        def apply(seat: int, action_id: str, interaction_id: int | None) -> None:
            try:
                applied = game.apply(state, seat, action_id)
            except IllegalAction as error:
                raise UserError(error.reason) from None
            moves.append(MoveRecord(seat, action_id, applied, interaction_id))
            events.extend((seat, event) for event in applied)

        if amendment is not None:
            moves.append(MoveRecord(-1, amendment.action_id, list(amendment.events)))
            events.extend((-1, event) for event in amendment.events)
        undoable = False
        if first is not None:
            apply(*first)
            undoable = amendment is None and _keeps_undo(game, current, state, first[0], first[1])
        own_moves = len(moves)
        thinking_due = False
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state):
                break
            ai_seats = [s for s in game.to_act(state) if seats[s].ai]
            if not ai_seats:
                break
            seat = ai_seats[0]
            level = seats[seat].level
            if level == "hard" and not think and self.thinker is not None:
                # Searched in the background: the change that made it due is stored and shown first.
                thinking_due = True
                break
            # Seeded per position so that an AI game replays identically.
            seed = f"{row.seed}:{row.seq + len(moves)}:{seat}"
            apply(seat, await self._ai_action(game, row, state, seat, level, random.Random(seed), seed), None)
            think = False  # one search per background turn: the next change shows this one first
        else:
            raise RuntimeError(f"AI seats of table {row.id} did not yield to a human")
        if not moves:
            if thinking_due:
                self._think_later(row.id)
            return
        status = FINISHED if game.is_over(state) else None
        actor = first[0] if first is not None else amendment.actor if amendment is not None else None
        changed = dataclasses.replace(row, seats=seats)
        fresh = amendment.fresh if amendment is not None else frozenset()
        items: list[Outgoing] = outbox.plan_change(game, changed, state, before, events, actor=actor, claim=claim,
                                                   fresh=fresh)
        if amendment is not None:
            items.extend(amendment.notices)
        seq = row.seq + len(moves)
        if amendment is not None and amendment.undo is not None:
            window = amendment.undo or None
        elif undoable and len(moves) == own_moves and first is not None:
            # Nothing else happened: the seat may take this back (and what it did just before).
            previous = row.meta.get("undo") or {}
            kept = previous.get("seqs", []) if previous.get("seat") == first[0] else []
            window = {"seat": first[0], "seqs": [*kept, seq]}
        else:
            window = None
        acted = {m.seat for m in moves if m.seat >= 0} | set(fresh)
        meta = _next_meta(game, row, seats, state, seq, acted, window)
        result = None
        if status == FINISHED:
            # The score sheet follows the final board (the deliverer keeps the order).
            items.append(outbox.sheet_item())
            result = records.result_of(game, changed, state, seq, time.time())
        try:
            update.result = await self.store.record_moves(
                row.id, first_seq=row.seq + 1, moves=moves, state=state, status=status, outbox=items, meta=meta,
                seats=seats if seats is not row.seats else None,
                undone=amendment.undone if amendment is not None else (), result=result,
                expect_version=row.version)
        except DuplicateInteraction:
            raise UserError("core.error.already_done") from None
        # (StaleMove: another process changed the table; the request runs again, see retried_when_stale.)
        row.state, row.seq, row.meta, row.seats = state, seq, meta, list(seats)
        row.version += 1
        if thinking_due:
            self._think_later(row.id)
        if status:
            row.status = status
            update.finished = True
        update.events.extend(events)

    def _finish_update(self, row: TableRow) -> None:
        if row.status != ACTIVE:
            self._cache.pop(row.id, None)
        self._notify(row)

    def _notify(self, row: TableRow) -> None:
        if self.listener is not None:
            self.listener(row)


def human_user_ids(row: TableRow) -> Iterable[int]:
    return (s.user_id for s in row.seats if not s.ai and s.user_id is not None)


def _due_since(game: Game, row: TableRow, state: dict[str, Any], seq: int,
              acted: Set[int] = frozenset()) -> dict[str, int]:
    """For each seat due in ``state`` (at ``seq``): since which seq its current
    decision stands.  A prompt shown at or after that seq is still current,
    however many moves other seats made in between (simultaneous choices);
    a seat that acted or newly became due starts a new decision at ``seq``."""
    before = row.meta.get("due_since", {}) if row.state is not None else {}
    was_due = set(game.to_act(row.state)) if row.state is not None else set()
    return {str(s): before.get(str(s), seq) if s in was_due and s not in acted else seq
            for s in game.to_act(state)}


def _next_meta(game: Game, row: TableRow, seats: list[Seat], state: State, seq: int, acted: set[int],
               window: dict[str, Any] | None) -> dict[str, Any]:
    """The table's meta after a change: since when each due seat's decision
    stands (as a seq for prompts, as a time for the clock); reminders and votes
    of seats whose decision went on; the undo window."""
    now = time.time()
    was_due = set(game.to_act(row.state)) if row.state is not None else set()
    old_at = row.meta.get("due_at", {})
    kept = {str(s) for s in game.to_act(state) if s in was_due and s not in acted and str(s) in old_at}
    due_at = {str(s): old_at[str(s)] if str(s) in kept else now for s in game.to_act(state)}
    meta = {**row.meta, "due_since": _due_since(game, row, state, seq, acted), "due_at": due_at,
            "reminded": {k: v for k, v in row.meta.get("reminded", {}).items() if k in kept},
            "votes": {k: v for k, v in row.meta.get("votes", {}).items() if k in kept and not seats[int(k)].ai}}
    if window:
        meta["undo"] = window
    else:
        meta.pop("undo", None)
    return meta


def _keeps_undo(game: Game, before: State, after: State, seat: int, action_id: str) -> bool:
    """Whether ``seat``'s action may still be taken back: the engine says it
    closes nothing, no chance was drawn, and no other seat learnt anything."""
    if game.closes_undo(before, after, seat, action_id) or before.get("rng") != after.get("rng"):
        return False
    public_before, public_after = game.view(before, None), game.view(after, None)
    for other in range(int(before["players"])):
        if other == seat:
            continue
        if digest(private_part(game.view(before, other), public_before)) != \
                digest(private_part(game.view(after, other), public_after)):
            return False
    return True

