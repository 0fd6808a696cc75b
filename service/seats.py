"""Seats changing hands during a game, and taking a move back.

Who may do what to a seat lives here: a player leaves (the AI plays the seat,
``leave_game``) and takes it back (``rejoin``); a seat is handed to another
member (``substitute``: a playing human's seat only by that human or a
channel manager, an AI seat also by the creator, never one's own way into a
seat another human holds); a seat takes back its last action (``undo``; the undo window is
``undo_window``, what may be taken back at all ``keeps_undo``).  Each is an
``Amendment`` made through the play unit's change pipeline.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from games.base import Game, State, msg, seat_ref, typed_ref
from service import outbox
from service.core import (
    ACTIVE,
    Amendment,
    Caller,
    TableCore,
    Unit,
    Update,
    check_running,
    engine,
    retried_when_stale,
    seat_of,
)
from service.errors import UserError
from service.privacy import digest, private_part
from service.store import Seat, TableRow

if TYPE_CHECKING:
    from service.play import Play
    from service.votes import Votes

# Log entries of the platform itself (seat -1): ids no engine action can have.
LEAVE, REJOIN, SUBSTITUTE, UNDO, CLOCK_AI = "@leave", "@rejoin", "@substitute", "@undo", "@clock"


class Seats(Unit):
    def __init__(self, core: TableCore, play: Play):
        super().__init__(core)
        self.play = play
        self.votes: Votes | None = None  # set by the service: votes are counted again when seats change

    async def _seats_changed(self, row: TableRow, update: Update) -> None:
        """Open votes are read again: their voters may have changed."""
        if self.votes is not None and row.status == ACTIVE and row.meta.get("votes"):
            await self.votes.recount(row, update)

    # -- the AI takes a seat over ----------------------------------------------
    @retried_when_stale
    async def leave_game(self, table_id: int, user_id: int, *, reason: str = "left") -> Update:
        """A player leaves a running game (or left the server): the AI plays
        their seat, which keeps their name, marked as replaced; they may come
        back with ``rejoin``.  When nobody human would be left, the game ends."""
        async with self.core.active(table_id) as row:
            seat = seat_of(row, user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            update = Update(row)
            await self.hand_to_ai(row, update, [seat], f"core.seat.{reason}")
            await self._seats_changed(row, update)
            self.core.finish_update(row)
            return update

    async def hand_to_ai(self, row: TableRow, update: Update, seats_out: list[int], key: str) -> None:
        """The AI plays ``seats_out`` for their players (who may rejoin); the
        channel reads ``key`` for each.  No human left: the game ends."""
        seats = [dataclasses.replace(s, ai=True, replaced=True, left=True) if i in seats_out else s
                 for i, s in enumerate(row.seats)]
        events = [msg(key, player=seat_ref(seat)) for seat in seats_out]
        if not any(not s.ai for s in seats):
            # Nobody is left to play against: the game ends rather than playing itself out.
            await self.core.end(row, msg("core.seat.nobody_left", player=seat_ref(seats_out[0])))
            return
        await self.play.change(row, update, amendment=Amendment(LEAVE if key != "core.seat.clock_ai" else CLOCK_AI,
                                                                events, seats=seats))

    # -- a player takes the seat back ---------------------------------------------
    @retried_when_stale
    async def rejoin(self, channel_id: int, caller: Caller, claim: int | None = None) -> Update:
        """A player whom the AI replaced takes the seat back."""
        async with self.core.lock(channel_id):
            row = await self.core.require_table(channel_id)
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
            await self.play.change(row, update, claim=claim, amendment=Amendment(
                REJOIN, [msg("core.seat.rejoined", player=seat_ref(seat))], seats=seats, fresh=frozenset({seat}),
                actor=seat))
            await self._seats_changed(row, update)
            self.core.finish_update(row)
            return update

    # -- a seat handed to another member ------------------------------------------
    @retried_when_stale
    async def substitute(self, channel_id: int, caller: Caller, member: Caller, seat: int | None = None) -> Update:
        """Hand a seat (human or AI) to ``member``, who gets the private view at
        once; who may is ``substituted_seat``."""
        async with self.core.lock(channel_id):
            row = await self.core.require_table(channel_id)
            if row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = substituted_seat(row, caller, member, seat)
            if any(s.user_id == member.user_id for s in row.seats):
                raise UserError("core.error.already_seated", player=typed_ref(member.name))
            old = row.seats[seat]
            old_name = old.name if not old.ai or old.replaced else f"🤖 {old.name}"
            seats = [Seat(member.user_id, member.name, previous=[*old.previous, old_name]) if i == seat else s
                     for i, s in enumerate(row.seats)]
            event = msg("core.seat.substituted", new=typed_ref(member.name), old=typed_ref(old_name))
            welcome = outbox.seat_notice(seat, msg("core.seat.welcome", old=typed_ref(old_name), channel=f"<#{row.channel_id}>"))
            update = Update(row)
            await self.play.change(row, update, amendment=Amendment(
                SUBSTITUTE, [event], seats=seats, fresh=frozenset({seat}), notices=[welcome]))
            await self._seats_changed(row, update)
            self.core.finish_update(row)
            return update

    # -- undo ------------------------------------------------------------------
    def can_undo(self, row: TableRow, seat: int) -> bool:
        window = row.meta.get("undo") or {}
        return row.status == ACTIVE and window.get("seat") == seat and bool(window.get("seqs"))

    @retried_when_stale
    async def undo(self, table_id: int, caller: Caller, *, claim: int | None = None) -> Update:
        """Take back the caller's last action, while nothing else happened
        since.  The state is rebuilt from the seed and the live log; the log
        keeps the action, marked undone, and says that it was taken back."""
        async with self.core.active(table_id) as row:
            seat = seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            check_running(row)
            if not self.can_undo(row, seat):
                raise UserError("core.error.undo_closed")
            window = row.meta["undo"]
            target = window["seqs"][-1]
            logged = await self.core.store.actions(row.id)
            taken = next(a for a in logged if a.seq == target)
            game = engine(row)
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
            await self.play.change(row, update, claim=claim, amendment=Amendment(
                UNDO, events, state=state,
                undone=(target,), undo={"seat": seat, "seqs": left} if left else {}, fresh=frozenset({seat}),
                actor=seat))
            self.core.finish_update(row)
            return update


def substituted_seat(row: TableRow, caller: Caller, member: Caller, seat: int | None) -> int:
    """The seat ``caller`` asks to hand to ``member`` (``None``: their own), if
    they may.  A human who is still playing is moved only by themselves or by a
    channel manager; the table's creator may fill AI seats (from the start, or
    of a player who left or ran out of clock); and nobody takes a seat another
    human holds for themselves (a seat's private view is its player's alone)."""
    if seat is None:
        seat = next((i for i, s in enumerate(row.seats) if s.user_id == caller.user_id), None)
        if seat is None:
            raise UserError("core.error.substitute_which")
    if not 0 <= seat < len(row.seats):
        raise UserError("core.error.substitute_which")
    old = row.seats[seat]
    playing = not old.ai  # a human still at the table
    own = old.user_id == caller.user_id  # their seat, or the one the AI plays for them
    if playing and not own and member.user_id == caller.user_id:
        raise UserError("core.error.substitute_self")
    allowed = own or caller.can_manage or (caller.user_id == row.creator_id and not playing)
    if not allowed:
        raise UserError("core.error.substitute_forbidden")
    return seat


def undo_window(row: TableRow, amendment: Amendment | None, alone: int | None, seq: int) -> dict[str, Any] | None:
    """The undo window after a change that ends at ``seq``: the one an
    amendment leaves (an undo: the rest of the window); else, when ``alone``
    made the only move and it may be taken back, that seat's (with what it did
    just before); else none."""
    if amendment is not None and amendment.undo is not None:
        return amendment.undo or None
    if alone is None:
        return None
    previous = row.meta.get("undo") or {}
    kept = previous.get("seqs", []) if previous.get("seat") == alone else []
    return {"seat": alone, "seqs": [*kept, seq]}


def keeps_undo(game: Game, before: State, after: State, seat: int, action_id: str) -> bool:
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
