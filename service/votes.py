"""Votes on an absent seat: when a player's clock runs out, the other human
players vote to wait longer, let the AI play the seat, or end the game.

Who votes (``voters``), how a vote opens (``open_vote``, from the clock unit),
which open votes a change keeps (``votes_kept``), and how ballots are counted
and decided (``Votes.vote``; again when seats change, ``Votes.recount``)
live here.  Only the ballots of the present voters count, one a person
(``tally``).  ``meta["votes"]`` maps a seat to its
open vote: ``{"id", "opened", "ballots": {user id: choice}}``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Set
from typing import TYPE_CHECKING, Any

from games.base import Msg, msg, seat_ref, typed_ref
from service import clock, outbox
from service.core import Caller, TableCore, Unit, Update, retried_when_stale
from service.errors import UserError
from service.store import Outgoing, Seat, TableRow

if TYPE_CHECKING:
    from service.seats import Seats

VOTE_CHOICES = ("wait", "ai", "end")


def voters(row: TableRow, seat: int) -> list[int]:
    """Who votes on ``seat``: the other human players."""
    return [s.user_id for i, s in enumerate(row.seats) if i != seat and not s.ai and s.user_id is not None]


def open_vote(row: TableRow, seat: int, vote_id: int, now: float, total: float,
              scale: float) -> tuple[dict[str, Any], Outgoing]:
    """A vote on ``seat``, whose clock of ``total`` seconds ran out, and the
    channel's call to the voters."""
    called = voters(row, seat)
    notice = outbox.notice_item(
        msg("core.clock.expired", player=seat_ref(seat), wait=clock.duration(total / scale),
            voters=" ".join(f"<@{u}>" for u in called)),
        mention=called, vote={"seat": seat, "id": vote_id})
    return {"id": vote_id, "opened": now, "ballots": {}, "user": row.seats[seat].user_id}, notice


def tally(row: TableRow, seat: int, ballots: dict[str, str]) -> Counter[str]:
    """The ballots that count: one a person, of those who vote on ``seat`` now
    (a voter who left, or handed their seat on, no longer counts)."""
    called = set(voters(row, seat))
    return Counter(choice for user, choice in ballots.items() if int(user) in called)


def decided(row: TableRow, seat: int, ballots: dict[str, str]) -> str | None:
    """The choice a majority of the present voters made, if one did."""
    called = len(voters(row, seat))
    return next((choice for choice, count in tally(row, seat, ballots).items() if count * 2 > called), None)


def votes_kept(meta: dict[str, Any], kept: Set[str], seats: list[Seat]) -> dict[str, Any]:
    """The open votes a change leaves: those on seats still facing the same
    decision (``kept``) and still played by a human."""
    return {k: v for k, v in meta.get("votes", {}).items() if k in kept and not seats[int(k)].ai}


class Votes(Unit):
    def __init__(self, core: TableCore, seats: Seats):
        super().__init__(core)
        self.seats = seats

    @retried_when_stale
    async def vote(self, table_id: int, caller: Caller, seat: int, vote_id: int, choice: str) -> tuple[Update | None, Msg]:
        """A ballot on a seat whose clock ran out: wait longer, let the AI play,
        or end the game.  A majority of the other humans decides; a channel
        manager decides alone.  Returns the update (when decided) and what to
        tell the voter."""
        async with self.core.active(table_id) as row:
            vote = row.meta.get("votes", {}).get(str(seat))
            if vote is None or vote.get("id") != vote_id or choice not in VOTE_CHOICES:
                raise UserError("core.error.vote_closed")
            if row.seats[seat].user_id == caller.user_id and not row.seats[seat].ai:
                raise UserError("core.error.vote_own")
            called = voters(row, seat)
            if caller.user_id not in called and not caller.can_manage:
                raise UserError("core.error.vote_not_player")
            ballots = {**vote.get("ballots", {}), str(caller.user_id): choice}
            counted = tally(row, seat, ballots)[choice]
            if not caller.can_manage and counted * 2 <= len(called):
                meta = {**row.meta, "votes": {**row.meta["votes"], str(seat): {**vote, "ballots": ballots}}}
                row.version = await self.core.store.update_table(row.id, meta=meta, expect_version=row.version)
                row.meta = meta
                return None, msg("core.vote.counted", votes=counted, needed=len(called) // 2 + 1)
            update = Update(row)
            await self._decide(row, update, seat, choice)
            self.core.finish_update(row)
            return update, msg(f"core.vote.decided.{choice}", player=typed_ref(row.seats[seat].name))

    async def recount(self, row: TableRow, update: Update) -> None:
        """After a change of seats: a vote on a seat that changed hands closes
        (it was about its absent player), and one that the ballots of the
        present voters now decide is decided."""
        for key, vote in list(row.meta.get("votes", {}).items()):
            seat = int(key)
            if vote.get("user", row.seats[seat].user_id) != row.seats[seat].user_id or row.seats[seat].ai:
                votes = {k: v for k, v in row.meta["votes"].items() if k != key}
                meta = {**row.meta, "votes": votes}
                row.version = await self.core.store.update_table(row.id, meta=meta, expect_version=row.version)
                row.meta = meta
            elif (choice := decided(row, seat, vote.get("ballots", {}))) is not None:
                await self._decide(row, update, seat, choice)
                return  # the decision changed the table: the other votes are read again next time

    async def _decide(self, row: TableRow, update: Update, seat: int, choice: str) -> None:
        """Do what the vote on ``seat`` decided."""
        if choice == "wait":
            # The seat's clock starts again, reminders and all.
            votes = {k: v for k, v in row.meta.get("votes", {}).items() if k != str(seat)}
            meta = {**row.meta, "votes": votes,
                    "due_at": {**row.meta.get("due_at", {}), str(seat): time.time()},
                    "reminded": {k: v for k, v in row.meta.get("reminded", {}).items() if k != str(seat)}}
            notice = outbox.notice_item(msg("core.vote.waiting", player=seat_ref(seat)))
            row.version = await self.core.store.update_table(row.id, meta=meta, outbox=[notice],
                                                             expect_version=row.version)
            row.meta = meta
        elif choice == "ai":
            await self.seats.hand_to_ai(row, update, [seat], "core.seat.clock_ai")
        else:
            await self.core.end(row, msg("core.vote.ended", player=seat_ref(seat)))
