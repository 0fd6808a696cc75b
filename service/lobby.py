"""A table's life around play: the lobby (open, join, leave, AI seats), the
start, the end (abort), a member who left the server, and pausing a table that
cannot be shown (and resuming it).  Who may start or abort a table is decided
here; seats changing hands during a game are ``service.seats``.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import time
from typing import TYPE_CHECKING, Any

from games import registry
from games.base import AI_LEVELS, DEFAULT_AI_LEVEL, IllegalAction, msg, typed_ref
from service import clock, outbox
from service.core import (
    ABORTED,
    ACTIVE,
    LOBBY,
    Caller,
    TableCore,
    Unit,
    Update,
    engine,
    retried_when_stale,
    seat_of,
)
from service.errors import UserError
from service.store import ChannelBusy, Seat, StaleMove, TableRow

if TYPE_CHECKING:
    from service.play import Play
    from service.seats import Seats


class Lobby(Unit):
    def __init__(self, core: TableCore, play: Play, seats: Seats):
        super().__init__(core)
        self.play = play
        self.seats = seats

    # -- the lobby -------------------------------------------------------------
    async def open_table(self, *, channel_id: int, guild_id: int | None, caller: Caller, game_id: str,
                         options: dict[str, Any] | None = None, seed: int | None = None,
                         meta: dict[str, Any] | None = None, seat_creator: bool = True,
                         claim: int | None = None, clock_option: str = clock.DEFAULT_CLOCK) -> TableRow:
        """A new lobby; the creator takes the first seat unless ``seat_creator``
        is False (a host that only fills the table with AI seats).  Its lobby
        message is queued, claimed by the interaction ``claim`` if given.
        ``clock_option`` is how long a player may take (``service.clock.CLOCKS``)."""
        if game_id not in registry.game_ids():
            raise UserError("core.error.unknown_game", game=typed_ref(game_id))
        if clock_option not in clock.CLOCKS:
            raise UserError("core.error.bad_option_value", option="clock", value=typed_ref(clock_option))
        meta = {**(meta or {}), "clock": clock_option}
        game = registry.get(game_id)
        try:
            resolved = game.resolve_options(options)
        except IllegalAction as error:
            raise UserError(error.reason) from None
        async with self.core.lock(channel_id):
            if await self.core.table_in_channel(channel_id) is not None:
                raise UserError("core.error.channel_busy")
            if guild_id is None:
                return await self._create(channel_id, guild_id, caller, game_id, resolved, seed, seat_creator,
                                          meta, claim)
            async with self.core.guild_lock(guild_id):
                await self.check_limits(guild_id, caller)
                return await self._create(channel_id, guild_id, caller, game_id, resolved, seed, seat_creator,
                                          meta, claim)

    async def check_limits(self, guild_id: int, caller: Caller) -> None:
        """A member may have a few open tables on a server, and a server a bounded
        number (``TableLimits``); asked again, under the server's lock, as a table opens."""
        limits = self.core.limits
        open_tables = await self.core.store.open_tables_of_guild(guild_id)
        own = [channel for _table, creator, channel in open_tables if creator == caller.user_id]
        if len(own) >= limits.per_member:
            raise UserError("core.error.too_many_tables", count=len(own),
                            channels=", ".join(f"<#{channel}>" for channel in own))
        if len(open_tables) >= limits.per_server:
            raise UserError("core.error.server_full", count=len(open_tables))

    async def _create(self, channel_id: int, guild_id: int | None, caller: Caller, game_id: str,
                      resolved: dict[str, Any], seed: int | None, seat_creator: bool, meta: dict[str, Any],
                      claim: int | None) -> TableRow:
        try:
            row = await self.core.store.create_table(
                guild_id=guild_id, channel_id=channel_id, game_id=game_id, options=resolved,
                seed=seed if seed is not None else secrets.randbits(48), creator_id=caller.user_id,
                seats=[Seat(caller.user_id, caller.name)] if seat_creator else [], meta=meta,
                outbox=[outbox.lobby_item(claim=claim)])
        except ChannelBusy:
            raise UserError("core.error.channel_busy") from None
        self.core.remember(row)
        return row

    @retried_when_stale
    async def join(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.core.lock(channel_id):
            row = await self._lobby(channel_id)
            if seat_of(row, caller.user_id) is not None:
                raise UserError("core.error.already_joined")
            if len(row.seats) >= engine(row).max_players:
                raise UserError("core.error.table_full", count=engine(row).max_players)
            await self._set_seats(row, [*row.seats, Seat(caller.user_id, caller.name)], claim)
            return row

    @retried_when_stale
    async def leave(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        """Leave the lobby; during a game the AI takes the seat over."""
        row = await self.core.require_table(channel_id)
        if row.status == ACTIVE:
            return (await self.seats.leave_game(row.id, caller.user_id, reason="left")).table
        async with self.core.lock(channel_id):
            row = await self._lobby(channel_id)
            seat = seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_seated")
            seats = [s for i, s in enumerate(row.seats) if i != seat]
            if not any(not s.ai for s in seats):
                # The last human left: nobody could start it any more.
                row.version = await self.core.store.update_table(
                    row.id, seats=seats, status=ABORTED, outbox=[outbox.lobby_item("core.lobby.cancelled", claim)],
                    expect_version=row.version)
                row.seats, row.status = seats, ABORTED
                self.core.forget(row.id)
            else:
                await self._set_seats(row, seats, claim)
            return row

    @retried_when_stale
    async def add_ai(self, channel_id: int, caller: Caller, claim: int | None = None,
                     level: str = DEFAULT_AI_LEVEL) -> TableRow:
        """An AI seat playing at ``level`` (easy, normal or hard)."""
        if level not in AI_LEVELS:
            raise UserError("core.error.bad_option_value", option="ai", value=typed_ref(level))
        async with self.core.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            game = engine(row)
            if len(row.seats) >= game.max_players:
                raise UserError("core.error.table_full", count=game.max_players)
            number = sum(1 for s in row.seats if s.ai) + 1
            await self._set_seats(row, [*row.seats, Seat(None, f"AI {number}", ai=True, level=level)], claim)
            return row

    @retried_when_stale
    async def remove_ai(self, channel_id: int, caller: Caller, claim: int | None = None) -> TableRow:
        async with self.core.lock(channel_id):
            row = await self._lobby_of_player(channel_id, caller)
            ai_seats = [i for i, s in enumerate(row.seats) if s.ai]
            if not ai_seats:
                raise UserError("core.error.no_ai_seat")
            await self._set_seats(row, [s for i, s in enumerate(row.seats) if i != ai_seats[-1]], claim)
            return row

    async def member_gone(self, guild_id: int, user_id: int) -> list[TableRow]:
        """A member left (or was removed from) a server: they leave its lobbies,
        and the AI takes their seats in its running games."""
        changed = []
        for row in await self.core.open_tables():
            if row.guild_id != guild_id or not any(s.user_id == user_id and not s.ai for s in row.seats):
                continue
            try:
                if row.status == LOBBY:
                    changed.append(await self.leave(row.channel_id, Caller(user_id, "")))
                else:
                    changed.append((await self.seats.leave_game(row.id, user_id, reason="gone")).table)
            except UserError:
                continue
        return changed

    # -- start and end -----------------------------------------------------------
    @retried_when_stale
    async def start(self, channel_id: int, caller: Caller, claim: int | None = None) -> Update:
        async with self.core.lock(channel_id):
            row = await self._lobby(channel_id)
            if caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.start_forbidden")
            game = engine(row)
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
            row.version = await self.core.store.start_table(row.id, seats, state, meta=meta, outbox=items,
                                                            expect_version=row.version)
            row.seats, row.state, row.status, row.seq, row.meta = seats, state, ACTIVE, 0, meta
            update = Update(row, started=True, events=events)
            try:
                await self.play.change(row, update)
            except StaleMove:
                # The game started; another process changed it at once.  The
                # AI seats due now move from the fresh row.
                self.core.forget(row.id)
                await self.play.ai_turns(row.id)
            self.core.finish_update(row)
            return update

    @retried_when_stale
    async def abort(self, channel_id: int, caller: Caller, claim: int | None = None, *,
                    shows: str = outbox.NOTICE) -> TableRow:
        """End the table; the channel is told who ended it, and a lobby is
        closed.  The interaction ``claim`` shows one of them itself (``shows``)."""
        async with self.core.lock(channel_id):
            row = await self.core.require_table(channel_id)
            if caller.user_id != row.creator_id and not caller.can_manage:
                raise UserError("core.error.abort_forbidden")
            items = [outbox.notice_item(msg("core.aborted", user=f"<@{caller.user_id}>"),
                                        claim=claim if shows == outbox.NOTICE else None)]
            if row.status == LOBBY:
                items.append(outbox.lobby_item("core.lobby.cancelled", claim if shows == outbox.LOBBY else None))
            row.version = await self.core.store.update_table(row.id, status=ABORTED, outbox=items,
                                                             expect_version=row.version)
            row.status = ABORTED
            self.core.forget(row.id)
            return row

    async def expire_lobbies(self, now: float) -> list[TableRow]:
        """Close the lobbies that waited longer than ``TableLimits.lobby_seconds``
        for their start; the channel is told why."""
        closed = []
        for stale in await self.core.store.lobbies_opened_before(now - self.core.limits.lobby_seconds):
            async with self.core.lock(stale.channel_id):
                row = await self.core.table_in_channel(stale.channel_id)
                if row is None or row.id != stale.id or row.status != LOBBY:
                    continue  # started or closed meanwhile
                hours = round(self.core.limits.lobby_seconds / 3600)
                items = [outbox.notice_item(msg("core.lobby.expired", hours=hours)),
                         outbox.lobby_item("core.lobby.cancelled")]
                row.version = await self.core.store.update_table(row.id, status=ABORTED, outbox=items,
                                                                 expect_version=row.version)
                row.status = ABORTED
                self.core.forget(row.id)
                closed.append(row)
        return closed

    # -- a table that cannot be shown -----------------------------------------------
    @retried_when_stale
    async def pause(self, table_id: int, reason: str) -> TableRow | None:
        """The table cannot be shown (its channel is gone or refuses us): no
        moves, no timers, its players told by DM, until ``resume``."""
        row = await self.core.table(table_id)
        if row is None or row.status not in (LOBBY, ACTIVE) or row.paused == reason:
            return row
        async with self.core.lock(row.channel_id):
            notices = [outbox.seat_notice(seat, msg("core.paused.dm", channel=f"<#{row.channel_id}>",
                                                    why=msg(f"core.paused.{reason}")))
                       for seat in outbox.human_seats(row)]
            meta = {**row.meta, "paused_at": time.time()} if row.paused is None else row.meta
            row.version = await self.core.store.update_table(row.id, paused=reason, meta=meta,
                                                             outbox=notices if row.paused is None else [],
                                                             expect_version=row.version)
            row.paused, row.meta = reason, meta
            self.core.notify(row)
            return row

    @retried_when_stale
    async def resume(self, table_id: int) -> TableRow | None:
        """The channel works again: the game goes on where it stood."""
        row = await self.core.table(table_id)
        if row is None or row.paused is None:
            return row
        async with self.core.lock(row.channel_id):
            notices = [outbox.seat_notice(seat, msg("core.paused.resumed_dm", channel=f"<#{row.channel_id}>"))
                       for seat in outbox.human_seats(row)] if row.status == ACTIVE else []
            # The clocks stood still while nobody could see the table.
            paused_at = row.meta.get("paused_at")
            meta = clock.shifted(row.meta, time.time() - paused_at) if paused_at else dict(row.meta)
            meta.pop("paused_at", None)
            row.version = await self.core.store.update_table(row.id, paused=None, meta=meta, outbox=notices,
                                                             expect_version=row.version)
            row.paused, row.meta = None, meta
            self.core.notify(row)
            return row

    # -- internals ---------------------------------------------------------------
    async def _lobby(self, channel_id: int) -> TableRow:
        row = await self.core.require_table(channel_id)
        if row.status != LOBBY:
            raise UserError("core.error.already_started")
        return row

    async def _lobby_of_player(self, channel_id: int, caller: Caller) -> TableRow:
        """The lobby, if ``caller`` sits at it (or manages the channel)."""
        row = await self._lobby(channel_id)
        if seat_of(row, caller.user_id) is None and not caller.can_manage:
            raise UserError("core.error.not_seated")
        return row

    async def _set_seats(self, row: TableRow, seats: list[Seat], claim: int | None = None) -> None:
        row.version = await self.core.store.update_table(row.id, seats=seats, outbox=[outbox.lobby_item(claim=claim)],
                                                         expect_version=row.version)
        row.seats = seats
