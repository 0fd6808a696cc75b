"""The table service: lobby, moves, AI seats and timers, frontend-agnostic.

Both the Discord bot and the offline console drive games only through this
class.  It owns the rules of the *platform* (who may join, start, abort, whose
click counts); the rules of each *game* stay in its engine.  Every request is
serialised per channel, so moves in one game never interleave while different
games run concurrently.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.base import Action, Game, IllegalAction, Msg, Outcome, clone, msg
from service import outbox
from service.errors import UserError
from service.store import (
    ChannelBusy,
    DuplicateInteraction,
    MoveRecord,
    Outgoing,
    Seat,
    StaleMove,
    Store,
    TableRow,
)

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
                         claim: int | None = None) -> TableRow:
        """A new lobby; the creator takes the first seat unless ``seat_creator``
        is False (a host that only fills the table with AI seats).  Its lobby
        message is queued, claimed by the interaction ``claim`` if given."""
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
                    seats=[Seat(caller.user_id, caller.name)] if seat_creator else [], meta=meta or {},
                    outbox=[outbox.lobby_item(claim=claim)])
            except ChannelBusy:
                raise UserError("core.error.channel_busy") from None
            self._cache[row.id] = row
            return row

    async def join(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            if self.seat_of(row, caller.user_id) is not None:
                raise UserError("core.error.already_joined")
            if len(row.seats) >= self.engine(row).max_players:
                raise UserError("core.error.table_full", count=self.engine(row).max_players)
            await self._set_seats(row, [*row.seats, Seat(caller.user_id, caller.name)], claim)
            return row

    async def leave(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby(channel_id)
            seat = self.seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_seated")
            seats = [s for i, s in enumerate(row.seats) if i != seat]
            if not any(not s.ai for s in seats):
                # The last human left: nobody could start it any more.
                await self.store.update_table(row.id, seats=seats, status=ABORTED,
                                              outbox=[outbox.lobby_item("core.lobby.cancelled", claim)])
                row.seats, row.status = seats, ABORTED
                self._cache.pop(row.id, None)
            else:
                await self._set_seats(row, seats, claim)
            return row

    async def add_ai(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            game = self.engine(row)
            if len(row.seats) >= game.max_players:
                raise UserError("core.error.table_full", count=game.max_players)
            number = sum(1 for s in row.seats if s.ai) + 1
            await self._set_seats(row, [*row.seats, Seat(None, f"AI {number}", ai=True)], claim)
            return row

    async def remove_ai(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            ai_seats = [i for i, s in enumerate(row.seats) if s.ai]
            if not ai_seats:
                raise UserError("core.error.no_ai_seat")
            await self._set_seats(row, [s for i, s in enumerate(row.seats) if i != ai_seats[-1]], claim)
            return row

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
            events = [(-1, event) for event in opening]
            started = dataclasses.replace(row, seats=seats, state=state, status=ACTIVE, seq=0, meta=meta)
            items = [outbox.lobby_item("core.lobby.started", claim),
                     *outbox.plan_change(game, started, state, outbox.Seen(), events)]
            await self.store.start_table(row.id, seats, state, meta=meta, outbox=items)
            row.seats, row.state, row.status, row.seq, row.meta = seats, state, ACTIVE, 0, meta
            update = Update(row, started=True, events=events)
            await self._change(row, update)
            self._finish_update(row, update)
            return update

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
            await self.store.update_table(row.id, status=ABORTED, outbox=items)
            row.status = ABORTED
            self._cache.pop(row.id, None)
            return row

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
            await self.store.update_table(row.id, paused=reason, outbox=notices if row.paused is None else [])
            row.paused = reason
            return row

    async def resume(self, table_id: int) -> TableRow | None:
        """The channel works again: the game goes on where it stood."""
        row = await self.table(table_id)
        if row is None or row.paused is None:
            return row
        async with self.lock(row.channel_id):
            notices = [outbox.seat_notice(seat, msg("core.paused.resumed_dm", channel=f"<#{row.channel_id}>"))
                       for seat in outbox.human_seats(row)] if row.status == ACTIVE else []
            await self.store.update_table(row.id, paused=None, outbox=notices)
            row.paused = None
            return row

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
            self._finish_update(row, update)
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

    async def apply_timeout(self, table_id: int, seat: int, action_id: str, expected_seq: int) -> Update | None:
        """The default of a timed reaction, if the table has not moved on."""
        row = await self.table(table_id)
        if row is None:
            return None
        async with self.lock(row.channel_id):
            if (row.status != ACTIVE or row.paused is not None or row.seq != expected_seq
                    or seat not in self.to_act(row)):
                return None
            update = Update(row)
            try:
                await self._change(row, update, (seat, action_id, None))
            except UserError:
                return None
            self._finish_update(row, update)
            return update

    async def resume_ai(self) -> list[Update]:
        """After a restart: let AI seats that are due move (the process may
        have died between a human's move and the AI's answer)."""
        updates = []
        for stored in await self.store.unfinished_tables():
            if stored.status != ACTIVE or stored.state is None or stored.paused is not None:
                continue
            if not any(stored.seats[s].ai for s in self.to_act(stored)):
                continue
            async with self.lock(stored.channel_id):
                row = await self.table(stored.id)
                if row is None or row.status != ACTIVE:
                    continue
                update = Update(row)
                await self._change(row, update)
                self._finish_update(row, update)
                updates.append(update)
        return updates

    async def pending_timers(self) -> list[tuple[int, int, list[tuple[int, int, str]]]]:
        """After a restart: ``(table id, seq, timers)`` of every running table
        with a timed reaction due.  Tables themselves are not kept in memory:
        each one is loaded lazily on its next interaction."""
        due = []
        for row in await self.store.unfinished_tables():
            if row.status == ACTIVE and row.state is not None and row.paused is None:
                timers = self.timers(row)
                if timers:
                    due.append((row.id, row.seq, timers))
        return due

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
        await self.store.update_table(row.id, seats=seats, outbox=[outbox.lobby_item(claim=claim)])
        row.seats = seats

    async def _change(self, row: TableRow, update: Update,
                      first: tuple[int, str, int | None] | None = None, *, claim: int | None = None) -> None:
        """Apply ``first`` (seat, action, interaction id) if given, then every
        AI move that follows, and write them as one transaction together with
        what they must show.  The cached row changes only once that committed."""
        game = self.engine(row)
        before = outbox.seen(game, row, row.state)
        # Work on a copy: the cached state stays valid whatever the engine does.
        state = clone(row.state)
        moves: list[MoveRecord] = []
        events: list[tuple[int, Msg]] = []

        def apply(seat: int, action_id: str, interaction_id: int | None) -> None:
            try:
                applied = game.apply(state, seat, action_id)
            except IllegalAction as error:
                raise UserError(error.reason) from None
            moves.append(MoveRecord(seat, action_id, applied, interaction_id))
            events.extend((seat, event) for event in applied)

        if first is not None:
            apply(*first)
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state):
                break
            ai_seats = [s for s in game.to_act(state) if row.seats[s].ai]
            if not ai_seats:
                break
            seat = ai_seats[0]
            legal = game.legal_actions(state, seat)
            # Seeded per position so that an AI game replays identically.
            rnd = random.Random(f"{row.seed}:{row.seq + len(moves)}:{seat}")
            apply(seat, game.choose_ai_action(game.view(state, seat), seat, legal, rnd), None)
        else:
            raise RuntimeError(f"AI seats of table {row.id} did not yield to a human")
        if not moves:
            return
        status = FINISHED if game.is_over(state) else None
        actor = first[0] if first is not None else None
        items: list[Outgoing] = outbox.plan_change(game, row, state, before, events, actor=actor, claim=claim)
        meta = {**row.meta, "due_since": _due_since(game, row, state, row.seq + len(moves), {m.seat for m in moves})}
        try:
            await self.store.record_moves(row.id, first_seq=row.seq + 1, moves=moves, state=state,
                                          status=status, outbox=items, meta=meta)
        except DuplicateInteraction:
            raise UserError("core.error.already_done") from None
        except StaleMove:
            # Another process moved this table: reload and let the user retry.
            self._cache.pop(row.id, None)
            raise UserError("core.error.stale_prompt") from None
        row.state, row.seq, row.meta = state, row.seq + len(moves), meta
        if status:
            row.status = status
            update.finished = True
        update.events.extend(events)

    def _finish_update(self, row: TableRow, update: Update) -> None:
        if row.status != ACTIVE:
            self._cache.pop(row.id, None)
            return
        update.timers = self.timers(row)


def human_user_ids(row: TableRow) -> Iterable[int]:
    return (s.user_id for s in row.seats if not s.ai and s.user_id is not None)


def _due_since(game: Game, row: TableRow, state: dict[str, Any], seq: int,
              acted: set[int] = frozenset()) -> dict[str, int]:
    """For each seat due in ``state`` (at ``seq``): since which seq its current
    decision stands.  A prompt shown at or after that seq is still current,
    however many moves other seats made in between (simultaneous choices);
    a seat that acted or newly became due starts a new decision at ``seq``."""
    before = row.meta.get("due_since", {}) if row.state is not None else {}
    was_due = set(game.to_act(row.state)) if row.state is not None else set()
    return {str(s): before.get(str(s), seq) if s in was_due and s not in acted else seq
            for s in game.to_act(state)}
