"""The table service: lobby, moves, AI seats and timers, frontend-agnostic.

Both the Discord bot and the offline console drive games only through this
class.  It owns the rules of the *platform* (who may join, start, abort, whose
click counts); the rules of each *game* stay in its engine.  Every request is
serialised per channel, so moves in one game never interleave while different
games run concurrently.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.base import Action, Game, IllegalAction, Msg, Outcome, clone
from service.errors import UserError
from service.store import ChannelBusy, DuplicateInteraction, Seat, StaleMove, Store, TableRow

LOBBY, ACTIVE, FINISHED, ABORTED = "lobby", "active", "finished", "aborted"
# A safety net against an engine whose AI seats would act forever.
MAX_AI_STEPS = 5_000


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
    timers: list[tuple[int, int, str]] = field(default_factory=list)  # (seat, seconds, action id)

    @property
    def outcome(self) -> Outcome | None:
        if self.table.status != FINISHED or self.table.state is None:
            return None
        return registry.get(self.table.game_id).outcome(self.table.state)


class TableService:
    def __init__(self, store: Store, *, rng: random.Random | None = None):
        self.store = store
        self._rng = rng or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, TableRow] = {}  # table id -> row of an unfinished table

    # -- lookup ------------------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        for row in self._cache.values():
            if row.channel_id == channel_id and row.status in (LOBBY, ACTIVE):
                return row
        row = await self.store.table_in_channel(channel_id)
        if row is not None:
            self._cache[row.id] = row
        return row

    async def table(self, table_id: int) -> TableRow | None:
        """A table by id, loaded lazily (after a restart) on first use."""
        row = self._cache.get(table_id)
        if row is None:
            row = await self.store.get_table(table_id)
            if row is not None and row.status in (LOBBY, ACTIVE):
                self._cache[table_id] = row
        return row

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
                         meta: dict[str, Any] | None = None, seat_creator: bool = True) -> TableRow:
        """A new lobby; the creator takes the first seat unless ``seat_creator``
        is False (a host that only fills the table with AI seats)."""
        if game_id not in registry.game_ids():
            raise UserError("core.error.unknown_game", game=game_id)
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
                    seats=[Seat(caller.user_id, caller.name)] if seat_creator else [], meta=meta or {})
            except ChannelBusy:
                raise UserError("core.error.channel_busy") from None
            self._cache[row.id] = row
            return row

    async def join(self, channel_id: int, caller: Caller) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            if self.seat_of(row, caller.user_id) is not None:
                raise UserError("core.error.already_joined")
            if len(row.seats) >= self.engine(row).max_players:
                raise UserError("core.error.table_full", count=self.engine(row).max_players)
            await self._set_seats(row, [*row.seats, Seat(caller.user_id, caller.name)])
            return row

    async def leave(self, channel_id: int, caller: Caller) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            seat = self.seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_seated")
            seats = [s for i, s in enumerate(row.seats) if i != seat]
            if not any(not s.ai for s in seats):
                # The last human left: nobody could start it any more.
                await self.store.update_table(row.id, seats=seats, status=ABORTED)
                row.seats, row.status = seats, ABORTED
                self._cache.pop(row.id, None)
            else:
                await self._set_seats(row, seats)
            return row

    async def add_ai(self, channel_id: int, caller: Caller) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            game = self.engine(row)
            if len(row.seats) >= game.max_players:
                raise UserError("core.error.table_full", count=game.max_players)
            number = sum(1 for s in row.seats if s.ai) + 1
            await self._set_seats(row, [*row.seats, Seat(None, f"AI {number}", ai=True)])
            return row

    async def remove_ai(self, channel_id: int, caller: Caller) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            ai_seats = [i for i, s in enumerate(row.seats) if s.ai]
            if not ai_seats:
                raise UserError("core.error.no_ai_seat")
            await self._set_seats(row, [s for i, s in enumerate(row.seats) if i != ai_seats[-1]])
            return row

    async def start(self, channel_id: int, caller: Caller) -> Update:
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
            await self.store.start_table(row.id, seats, state)
            row.seats, row.state, row.status, row.seq = seats, state, ACTIVE, 0
            # Set-up lines (an open draw, who starts) belong to the log like moves do.
            opening = game.setup_events(state)
            if opening:
                row.meta["setup_events"] = opening
                await self.store.update_table(row.id, meta=row.meta)
            update = Update(row, started=True, events=[(-1, event) for event in opening])
            await self._run_ai(row, update)
            self._finish_update(row, update)
            return update

    async def abort(self, channel_id: int, caller: Caller) -> TableRow:
        async with self.lock(channel_id):
            row = await self.require_table(channel_id)
            if caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.abort_forbidden")
            await self.store.update_table(row.id, status=ABORTED)
            row.status = ABORTED
            self._cache.pop(row.id, None)
            return row

    async def save_meta(self, table_id: int, meta: dict[str, Any]) -> None:
        """Frontend bookkeeping (message ids, DM digests) kept with the table."""
        cached = self._cache.get(table_id)
        if cached is not None:
            cached.meta = meta
        await self.store.update_table(table_id, meta=meta)

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

    async def play(self, table_id: int, caller: Caller, action_id: str, *,
                   interaction_id: int | None = None, expected_seq: int | None = None) -> Update:
        """Apply ``caller``'s action.  ``expected_seq`` (from a button) rejects a
        click on a prompt that is no longer current."""
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
            if expected_seq is not None and expected_seq != row.seq:
                raise UserError("core.error.stale_prompt")
            if interaction_id is not None and await self.store.has_interaction(interaction_id):
                raise UserError("core.error.already_done")
            update = Update(row)
            await self._apply(row, seat, action_id, update, interaction_id)
            await self._run_ai(row, update)
            self._finish_update(row, update)
            return update

    async def apply_timeout(self, table_id: int, seat: int, action_id: str, expected_seq: int) -> Update | None:
        """The default of a timed reaction, if the table has not moved on."""
        row = await self.table(table_id)
        if row is None:
            return None
        async with self.lock(row.channel_id):
            if row.status != ACTIVE or row.seq != expected_seq or seat not in self.to_act(row):
                return None
            update = Update(row)
            try:
                await self._apply(row, seat, action_id, update, None)
            except UserError:
                return None
            await self._run_ai(row, update)
            self._finish_update(row, update)
            return update

    async def resume_ai(self) -> list[Update]:
        """After a restart: let AI seats that are due move (the process may
        have died between a human's move and the AI's answer)."""
        updates = []
        for stored in await self.store.unfinished_tables():
            if stored.status != ACTIVE or stored.state is None:
                continue
            if not any(stored.seats[s].ai for s in self.to_act(stored)):
                continue
            async with self.lock(stored.channel_id):
                row = await self.table(stored.id)
                if row is None or row.status != ACTIVE:
                    continue
                update = Update(row)
                await self._run_ai(row, update)
                self._finish_update(row, update)
                updates.append(update)
        return updates

    async def pending_timers(self) -> list[tuple[int, int, list[tuple[int, int, str]]]]:
        """After a restart: ``(table id, seq, timers)`` of every running table
        with a timed reaction due.  Tables themselves are not kept in memory:
        each one is loaded lazily on its next interaction."""
        due = []
        for row in await self.store.unfinished_tables():
            if row.status == ACTIVE and row.state is not None:
                timers = self.timers(row)
                if timers:
                    due.append((row.id, row.seq, timers))
        return due

    def timers(self, row: TableRow) -> list[tuple[int, int, str]]:
        """``(seat, seconds, default action)`` of the humans whose reaction is timed."""
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

    async def _set_seats(self, row: TableRow, seats: list[Seat]) -> None:
        await self.store.update_table(row.id, seats=seats)
        row.seats = seats

    async def _apply(self, row: TableRow, seat: int, action_id: str, update: Update,
                     interaction_id: int | None) -> None:
        game = self.engine(row)
        # Work on a copy: the cached state stays valid whatever the engine does.
        state = clone(row.state)
        try:
            events = game.apply(state, seat, action_id)
        except IllegalAction as error:
            raise UserError(error.reason) from None
        status = FINISHED if game.is_over(state) else None
        try:
            await self.store.record_move(row.id, seq=row.seq + 1, seat=seat, action_id=action_id,
                                         events=events, state=state, interaction_id=interaction_id,
                                         status=status)
        except DuplicateInteraction:
            raise UserError("core.error.already_done") from None
        except StaleMove:
            # Another process moved this table: reload and let the user retry.
            self._cache.pop(row.id, None)
            raise UserError("core.error.stale_prompt") from None
        row.state, row.seq = state, row.seq + 1
        if status:
            row.status = status
            update.finished = True
        update.events.extend((seat, event) for event in events)

    async def _run_ai(self, row: TableRow, update: Update) -> None:
        game = self.engine(row)
        for _ in range(MAX_AI_STEPS):
            if row.status != ACTIVE:
                return
            ai_seats = [s for s in game.to_act(row.state) if row.seats[s].ai]
            if not ai_seats:
                return
            seat = ai_seats[0]
            legal = game.legal_actions(row.state, seat)
            # Seeded per position so that an AI game replays identically.
            rnd = random.Random(f"{row.seed}:{row.seq}:{seat}")
            action_id = game.choose_ai_action(game.view(row.state, seat), seat, legal, rnd)
            await self._apply(row, seat, action_id, update, None)
        raise RuntimeError(f"AI seats of table {row.id} did not yield to a human")

    def _finish_update(self, row: TableRow, update: Update) -> None:
        if row.status != ACTIVE:
            self._cache.pop(row.id, None)
            return
        update.timers = self.timers(row)


def human_user_ids(row: TableRow) -> Iterable[int]:
    return (s.user_id for s in row.seats if not s.ai and s.user_id is not None)
