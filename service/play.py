"""Play and AI: a seat's move, the AI moves that follow it, and the one
change pipeline every change of a running table goes through.

``Play.change`` applies a change (an amendment, a seat's move), lets the AI
seats answer, and writes it all as one transaction with what it must show; its
steps are named: ``_Batch`` (the work on a copy of the state), ``_ai_steps``,
the undo window (``service.seats.undo_window``), the meta (the clocks' and
votes' bookkeeping, ``service.clocks.meta_after``) and ``_commit``.  A hard AI
seat thinks in the background (``think_later``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.base import Action, Game, IllegalAction, Msg, State, clone
from service import outbox, records, thinking
from service.clocks import meta_after
from service.core import (
    ACTIVE,
    FINISHED,
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
from service.seats import keeps_undo, undo_window
from service.store import DuplicateInteraction, MoveRecord, Seat, TableRow

log = logging.getLogger(__name__)

# A safety net against an engine whose AI seats would act forever.
MAX_AI_STEPS = 5_000


@dataclass
class _Batch:
    """A change in the making, on a copy of the state (the cached state stays
    valid whatever the engine does): the moves to log and their events."""

    game: Game
    seats: list[Seat]
    state: State
    moves: list[MoveRecord] = field(default_factory=list)
    events: list[tuple[int, Msg]] = field(default_factory=list)

    @classmethod
    def begin(cls, game: Game, row: TableRow, current: State, amendment: Amendment | None) -> _Batch:
        seats = list(amendment.seats) if amendment is not None and amendment.seats is not None else row.seats
        batch = cls(game, seats, clone(amendment.state if amendment is not None and amendment.state is not None
                                       else current))
        if amendment is not None:
            batch.moves.append(MoveRecord(-1, amendment.action_id, list(amendment.events)))
            batch.events.extend((-1, event) for event in amendment.events)
        return batch

    def apply(self, seat: int, action_id: str, interaction_id: int | None) -> None:
        try:
            applied = self.game.apply(self.state, seat, action_id)
        except IllegalAction as error:
            raise UserError(error.reason) from None
        self.moves.append(MoveRecord(seat, action_id, applied, interaction_id))
        self.events.extend((seat, event) for event in applied)


class Play(Unit):
    def __init__(self, core: TableCore):
        super().__init__(core)
        self._thinking: dict[int, asyncio.Task[Any]] = {}  # table id -> its hard AI's moves in the works
        self._rethink: set[int] = set()  # tables whose thinking task has another hard move to make

    # -- a seat's move -----------------------------------------------------------
    def legal_actions(self, row: TableRow, seat: int) -> list[Action]:
        if row.status != ACTIVE or row.state is None:
            return []
        return engine(row).legal_actions(row.state, seat)

    @retried_when_stale
    async def play(self, table_id: int, caller: Caller, action_id: str, *,
                   interaction_id: int | None = None, expected_seq: int | None = None,
                   claim: bool = False) -> Update:
        """Apply ``caller``'s action and the AI answers it sets off, in one
        transaction.  ``expected_seq`` (from a button) rejects a click on a
        prompt that is no longer current; with ``claim`` the interaction shows
        the caller's own update itself."""
        row = await self.core.table(table_id)
        if row is None:
            raise UserError("core.error.no_table")
        async with self.core.lock(row.channel_id):
            row = await self.core.table(table_id)
            if row is None or row.status != ACTIVE:
                raise UserError("core.error.not_active")
            seat = seat_of(row, caller.user_id)
            if seat is None:
                raise UserError("core.error.not_a_player")
            check_running(row)
            if expected_seq is not None and not self.prompt_current(row, seat, expected_seq):
                raise UserError("core.error.stale_prompt")
            if interaction_id is not None and await self.core.store.has_interaction(interaction_id):
                raise UserError("core.error.already_done")
            update = Update(row)
            await self.change(row, update, (seat, action_id, interaction_id),
                              claim=interaction_id if claim else None)
            self.core.finish_update(row)
            return update

    def prompt_current(self, row: TableRow, seat: int, prompt_seq: int) -> bool:
        """Whether a prompt shown to ``seat`` at ``prompt_seq`` still asks the
        decision the seat faces: nothing changed since, or only other seats moved
        while this one stayed due (simultaneous choices)."""
        if prompt_seq == row.seq:
            return True
        since = row.meta.get("due_since", {}).get(str(seat))
        return since is not None and since <= prompt_seq <= row.seq and seat in self.core.to_act(row)

    # -- the change pipeline -------------------------------------------------------
    async def change(self, row: TableRow, update: Update,
                     first: tuple[int, str, int | None] | None = None, *, claim: int | None = None,
                     amendment: Amendment | None = None, think: bool = False) -> None:
        """Apply ``amendment`` and ``first`` (seat, action, interaction id) if
        given, then every AI move that follows, and write them as one
        transaction together with what they must show.  The cached row changes
        only once that committed.  A hard AI seat that comes due stops the
        batch unless ``think``: its search runs after this is stored."""
        game = engine(row)
        current = row.state
        assert current is not None, "only a running table changes"
        before = outbox.seen(game, row, current)
        batch = _Batch.begin(game, row, current, amendment)
        undoable = False
        if first is not None:
            batch.apply(*first)
            undoable = amendment is None and keeps_undo(game, current, batch.state, first[0], first[1])
        own_moves = len(batch.moves)
        thinking_due = await self._ai_steps(row, batch, think)
        if batch.moves:
            # Nothing else happened: the seat may take this back (and what it did just before).
            alone = first[0] if first is not None and undoable and len(batch.moves) == own_moves else None
            window = undo_window(row, amendment, alone, row.seq + len(batch.moves))
            actor = first[0] if first is not None else amendment.actor if amendment is not None else None
            await self._commit(row, update, batch, before, actor=actor, claim=claim, amendment=amendment,
                               window=window)
        if thinking_due:
            self.think_later(row.id)

    async def _ai_steps(self, row: TableRow, batch: _Batch, think: bool) -> bool:
        """The AI seats due after ``batch`` move, one after another, until a
        human is due or the game is over.  True: a hard AI seat came due and
        thinks in the background (unless ``think``: one search here)."""
        game, state, seats = batch.game, batch.state, batch.seats
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state):
                return False
            ai_seats = [s for s in game.to_act(state) if seats[s].ai]
            if not ai_seats:
                return False
            seat = ai_seats[0]
            level = seats[seat].level
            if level == "hard" and not think and self.core.thinker is not None:
                # Searched in the background: the change that made it due is stored and shown first.
                return True
            # Seeded per position so that an AI game replays identically.
            seed = f"{row.seed}:{row.seq + len(batch.moves)}:{seat}"
            batch.apply(seat, await self._ai_action(game, row, state, seat, level, random.Random(seed), seed), None)
            think = False  # one search per background turn: the next change shows this one first
        raise RuntimeError(f"AI seats of table {row.id} did not yield to a human")

    async def _commit(self, row: TableRow, update: Update, batch: _Batch, before: outbox.Seen, *,
                      actor: int | None, claim: int | None, amendment: Amendment | None,
                      window: dict[str, Any] | None) -> None:
        """Write ``batch`` with what it shows (the outbox), the table's next
        meta and, when it finished the game, the result; then the row."""
        game, state, seats = batch.game, batch.state, batch.seats
        status = FINISHED if game.is_over(state) else None
        changed = dataclasses.replace(row, seats=seats)
        fresh = amendment.fresh if amendment is not None else frozenset()
        items = outbox.plan_change(game, changed, state, before, batch.events, actor=actor, claim=claim, fresh=fresh)
        if amendment is not None:
            items.extend(amendment.notices)
        seq = row.seq + len(batch.moves)
        acted = {m.seat for m in batch.moves if m.seat >= 0} | set(fresh)
        meta = meta_after(game, row, seats, state, seq, acted)
        if window:
            meta["undo"] = window
        else:
            meta.pop("undo", None)
        result = None
        if status == FINISHED:
            # The score sheet follows the final board (the deliverer keeps the order).
            items.append(outbox.sheet_item())
            result = records.result_of(game, changed, state, seq, time.time())
        try:
            update.result = await self.core.store.record_moves(
                row.id, first_seq=row.seq + 1, moves=batch.moves, state=state, status=status, outbox=items,
                meta=meta, seats=seats if seats is not row.seats else None,
                undone=amendment.undone if amendment is not None else (), result=result,
                expect_version=row.version)
        except DuplicateInteraction:
            raise UserError("core.error.already_done") from None
        # (StaleMove: another process changed the table; the request runs again, see retried_when_stale.)
        row.state, row.seq, row.meta, row.seats = state, seq, meta, list(seats)
        row.version += 1
        if status:
            row.status = status
            update.finished = True
        update.events.extend(batch.events)

    # -- AI seats ----------------------------------------------------------------
    async def resume_ai(self) -> list[Update]:
        """After a restart: let AI seats that are due move (the process may
        have died between a human's move and the AI's answer)."""
        updates = []
        for stored in await self.core.store.unfinished_tables():
            if stored.status != ACTIVE or stored.state is None or stored.paused is not None:
                continue
            if not any(stored.seats[s].ai for s in self.core.to_act(stored)):
                continue
            update = await self.ai_turns(stored.id)
            if update is not None:
                updates.append(update)
        return updates

    @retried_when_stale
    async def ai_turns(self, table_id: int) -> Update | None:
        """Let the AI seats that are due at a table move (from its fresh row),
        hard ones too (they think here, after the change that made them due
        was stored and shown)."""
        row = await self.core.table(table_id)
        if row is None or row.status != ACTIVE or row.paused is not None:
            return None
        async with self.core.lock(row.channel_id):
            update = Update(row)
            await self.change(row, update, think=True)
            self.core.finish_update(row)
            return update

    def think_later(self, table_id: int) -> None:
        """A hard AI seat is due: its search runs in the background, so the
        player whose move made it due is answered at once."""
        if table_id in self._thinking:
            self._rethink.add(table_id)
            return

        async def run() -> None:
            try:
                while True:
                    self._rethink.discard(table_id)
                    await self.ai_turns(table_id)
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
            if self.core.thinker is not None:
                chosen = await self.core.thinker.choose(row.game_id, view, seat, ids, seed)
            else:
                chosen = thinking.think(row.game_id, view, seat, ids, seed, thinking.DEFAULT_SECONDS)
            if chosen is not None:
                return chosen
        if level == "easy":
            return game.choose_ai_action(view, seat, legal, rnd)
        return game.choose_normal_action(view, seat, legal, rnd)
