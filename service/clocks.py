"""The turn clock at work: what falls due at a table and doing it (a timed
reaction's default, reminders, a clock that runs out and opens a vote, a vote
nobody answered), and the clocks' bookkeeping after every change
(``meta_after``).  The arithmetic of the clock is ``service.clock``; the
votes are ``service.votes``.
"""

from __future__ import annotations

import time
from collections.abc import Set
from typing import TYPE_CHECKING, Any

from games.base import Game, State, msg
from service import clock, outbox
from service.core import ACTIVE, TableCore, Unit, Update, engine, retried_when_stale
from service.errors import UserError
from service.store import Outgoing, Seat, TableRow
from service.votes import open_vote, votes_kept

if TYPE_CHECKING:
    from service.play import Play
    from service.seats import Seats


class Clocks(Unit):
    def __init__(self, core: TableCore, play: Play, seats: Seats):
        super().__init__(core)
        self.play = play
        self.seats = seats

    def clock_dues(self, row: TableRow, now: float | None = None) -> list[clock.Due]:
        """What falls due at this table and when (nothing while it is paused)."""
        if row.status != ACTIVE or row.state is None or row.paused is not None:
            return []
        return clock.pending(engine(row), row.state, row.meta, self.core.humans_to_act(row),
                             scale=self.core.clock_scale, now=time.time() if now is None else now,
                             fallback=row.updated_at)

    def timers(self, row: TableRow) -> list[tuple[int, int, str]]:
        """``(seat, seconds, default action)`` of the humans whose reaction is
        timed (none while the table is paused: nobody could react)."""
        if row.paused is not None:
            return []
        game = engine(row)
        found = []
        for seat in self.core.humans_to_act(row):
            timed = game.timed_default(row.state, seat)
            if timed:
                found.append((seat, timed[0], timed[1]))
        return found

    @retried_when_stale
    async def clock_tick(self, table_id: int) -> Update | None:
        """Do what fell due at a table: a timed reaction's default, reminders,
        a clock that ran out (a vote opens; a player who left the server is
        replaced at once), a vote nobody answered (the AI takes the seat)."""
        row = await self.core.table(table_id)
        if row is None:
            return None
        asked, gone = await self._ask_membership(row)
        async with self.core.lock(row.channel_id):
            row = await self.core.table(table_id)
            if row is None:
                return None
            now = time.time()
            # A clock that ran out while we waited for the lock was not asked about: its player
            # may have left the server (replaced at once, not voted on). The next tick asks.
            due = [d for d in self.clock_dues(row, now)
                   if d.at <= now and (d.seat in asked or self.core.membership is None
                                       or _member_to_ask(row, d) is None)]
            if not due:
                return None
            update = Update(row)
            timed = next((d for d in due if d.kind == clock.TIMED), None)
            takeover = sorted({d.seat for d in due if d.kind == clock.VOTE_TIMEOUT}
                              | {d.seat for d in due if d.kind == clock.EXPIRE and d.seat in gone})
            if timed is not None:
                # A move changes everything else that was due: the next tick sees anew.
                try:
                    await self.play.change(row, update, (timed.seat, timed.action or "", None))
                except UserError:
                    return None
            elif takeover:
                await self.seats.hand_to_ai(row, update, takeover,
                                            "core.seat.gone" if set(takeover) <= gone else "core.seat.clock_ai")
            else:
                await self._clock_notices(row, due, now)
            self.core.finish_update(row)
            return update

    async def _ask_membership(self, row: TableRow) -> tuple[set[int], set[int]]:
        """The seats due now whose player was looked for on the server
        (outside the lock: it may be a round trip to Discord), and those
        whose player is gone."""
        now = time.time()
        asked: set[int] = set()
        gone: set[int] = set()
        for item in [d for d in self.clock_dues(row, now) if d.at <= now]:
            if self.core.membership is not None and (user_id := _member_to_ask(row, item)) is not None:
                asked.add(item.seat)
                if await self.core.membership(row.guild_id, user_id) is False:
                    gone.add(item.seat)
        return asked, gone

    async def _clock_notices(self, row: TableRow, due: list[clock.Due], now: float) -> None:
        """Reminders (a DM each, one channel line for all) and clocks that ran
        out (a vote of the other players), written with the stages they reach."""
        scale = self.core.clock_scale
        total = clock.seconds(row.meta, scale) or 0.0
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
                items.append(outbox.seat_notice(seat, msg("core.clock.reminder_dm", left=clock.duration(left / scale))))
                if user_id is not None:
                    nudged.append(user_id)
            elif item.kind == clock.EXPIRE:
                reminded[str(seat)] = clock.RAN_OUT
                count += 1
                votes[str(seat)], call = open_vote(row, seat, count, now, total, scale)
                items.append(call)
        if nudged:
            items.append(outbox.notice_item(
                msg("core.clock.reminder", players=" ".join(f"<@{u}>" for u in nudged)), mention=nudged))
        meta = {**row.meta, "reminded": reminded, "votes": votes, "vote_count": count}
        row.version = await self.core.store.update_table(row.id, meta=meta, outbox=items, expect_version=row.version)
        row.meta = meta


def _member_to_ask(row: TableRow, item: clock.Due) -> int | None:
    """The player to look for on the server before ``item`` is acted on: one whose clock
    ran out is replaced at once, not voted on, if they have left it."""
    return row.seats[item.seat].user_id if item.kind == clock.EXPIRE else None


def due_since(game: Game, row: TableRow, state: dict[str, Any], seq: int,
              acted: Set[int] = frozenset()) -> dict[str, int]:
    """For each seat due in ``state`` (at ``seq``): since which seq its current
    decision stands.  A prompt shown at or after that seq is still current,
    however many moves other seats made in between (simultaneous choices);
    a seat that acted or newly became due starts a new decision at ``seq``."""
    before = row.meta.get("due_since", {}) if row.state is not None else {}
    was_due = set(game.to_act(row.state)) if row.state is not None else set()
    return {str(s): before.get(str(s), seq) if s in was_due and s not in acted else seq
            for s in game.to_act(state)}


def meta_after(game: Game, row: TableRow, seats: list[Seat], state: State, seq: int,
               acted: set[int]) -> dict[str, Any]:
    """The table's meta after a change (the undo window aside): since when
    each due seat's decision stands (as a seq for prompts, as a time for the
    clock); reminders and votes of seats whose decision went on."""
    now = time.time()
    was_due = set(game.to_act(row.state)) if row.state is not None else set()
    old_at = row.meta.get("due_at", {})
    kept = {str(s) for s in game.to_act(state) if s in was_due and s not in acted and str(s) in old_at}
    due_at = {str(s): old_at[str(s)] if str(s) in kept else now for s in game.to_act(state)}
    return {**row.meta, "due_since": due_since(game, row, state, seq, acted), "due_at": due_at,
            "reminded": {k: v for k, v in row.meta.get("reminded", {}).items() if k in kept},
            "votes": votes_kept(row.meta, kept, seats)}
