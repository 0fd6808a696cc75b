"""What a change must show, decided when the change is written.

Every change of a table (a move and the AI answers it set off, a lobby
change, a pause) comes with the items a frontend must show for it, and the
store writes both in one transaction.  Nothing is kept only in memory, so a
crash, a SIGTERM or a Discord that refuses for an hour loses nothing: the
deliverer drains the outbox whenever it can.

Targets: ``board`` (the channel's board post: public events, players newly
due), ``lobby`` (the lobby message), ``notice`` (a one-off channel line),
``sheet`` (the score sheet of a finished game, posted after the final board)
and ``seat:<n>`` (a seat's private update or prompt).  Which seats need one is
decided here, by comparing each seat's private part of its view before and
after the change, so no game has to say what its secrets are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.base import Game, Msg
from service.privacy import digest, private_part
from service.store import Outgoing, TableRow

BOARD, LOBBY, NOTICE, SHEET = "board", "lobby", "notice", "sheet"
SEAT_PREFIX = "seat:"
# How long an interaction has to show its own items before the deliverer
# sends them the ordinary way (its process may have died in between).
CLAIM_GRACE = 60.0


def seat_target(seat: int) -> str:
    return f"{SEAT_PREFIX}{seat}"


def target_seat(target: str) -> int | None:
    return int(target[len(SEAT_PREFIX):]) if target.startswith(SEAT_PREFIX) else None


def is_channel_target(target: str) -> bool:
    return target in CHANNEL_TARGETS


CHANNEL_TARGETS = (BOARD, LOBBY, NOTICE, SHEET)


@dataclass(frozen=True)
class Seen:
    """What the seats had been shown before a change: who was due, and a
    digest of each human seat's private information."""

    due: frozenset[int] = frozenset()
    secrets: dict[int, str] = field(default_factory=dict)


def human_seats(row: TableRow) -> list[int]:
    return [i for i, s in enumerate(row.seats) if not s.ai and s.user_id is not None]


def humans_due(game: Game, row: TableRow, state: dict[str, Any]) -> frozenset[int]:
    humans = set(human_seats(row))
    return frozenset(s for s in game.to_act(state) if s in humans)


def seen(game: Game, row: TableRow, state: dict[str, Any] | None) -> Seen:
    if state is None:
        return Seen()
    public = game.view(state, None)
    return Seen(humans_due(game, row, state),
                {seat: digest(private_part(game.view(state, seat), public)) for seat in human_seats(row)})


def plan_change(game: Game, row: TableRow, state: dict[str, Any], before: Seen,
                events: list[tuple[int, Msg]], *, actor: int | None = None,
                claim: int | None = None, fresh: frozenset[int] = frozenset()) -> list[Outgoing]:
    """The board item and the seats' items for a change from ``before`` to ``state``.

    The board carries the public events and mentions the humans who are newly
    due.  A human seat gets an item when it received private events, its
    private information changed, or it became due.  The acting seat's item is
    claimed by its interaction (``claim``), which answers with the same update.
    ``fresh`` seats (a new holder, an undo) count as newly due and get an item."""
    plain = [event for _, event in events]
    after = seen(game, row, state)
    newly_due = sorted((after.due - before.due) | (after.due & fresh))
    items = [Outgoing(BOARD, {"events": [e for e in plain if "to" not in e], "mention": newly_due})]
    for seat in human_seats(row):
        private = [e for e in plain if e.get("to") == seat]
        if private or after.secrets.get(seat) != before.secrets.get(seat) or seat in newly_due or seat in fresh:
            claimed = claim if seat == actor and claim is not None else None
            items.append(Outgoing(seat_target(seat), {"events": private}, claim=claimed,
                                  delay=CLAIM_GRACE if claimed is not None else 0.0))
    return items


def lobby_item(closing: str | None = None, claim: int | None = None) -> Outgoing:
    """The lobby message: shown afresh (``closing``: the line it ends with)."""
    return Outgoing(LOBBY, {"closing": closing}, claim=claim, delay=CLAIM_GRACE if claim is not None else 0.0)


def notice_item(message: Msg, *, mention: list[int] | None = None, claim: int | None = None,
                vote: dict[str, int] | None = None) -> Outgoing:
    """A one-off line in the table's channel (``mention``: user ids pinged;
    ``vote``: the seat and id of a vote its buttons answer)."""
    body: dict[str, Any] = {"message": message, "mention": mention or []}
    if vote is not None:
        body["vote"] = vote
    return Outgoing(NOTICE, body, claim=claim, delay=CLAIM_GRACE if claim is not None else 0.0)


def sheet_item() -> Outgoing:
    """The drawn score sheet of a finished game (read from its stored result)."""
    return Outgoing(SHEET, {})


def seat_notice(seat: int, message: Msg) -> Outgoing:
    """A private line to a seat (a paused or resumed table), by DM."""
    return Outgoing(seat_target(seat), {"events": [], "notice": message})
