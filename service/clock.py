"""The turn clock: how long a player may take, and what falls due when.

Everything here is computed from what the table stores (``meta``), never
kept in a sleeping task, so a restart loses no clock:

* ``meta["clock"]``: the table's option (``"24h"``, ``"none"`` …);
* ``meta["due_at"]``: unix time since which each due seat's decision stands
  (kept while only other seats move, like ``due_since``);
* ``meta["reminded"]``: how far each due seat's clock got (1 halfway
  reminder sent, 2 last call sent, 3 ran out: a vote is open);
* ``meta["votes"]``: the open votes on absent seats;
* ``meta["paused_at"]``: when the table was paused (clocks stop meanwhile).

The engine's timed reactions (``timed_default``) count from ``due_at`` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Game, Msg, msg

CLOCKS: dict[str, int | None] = {"none": None, "10m": 600, "1h": 3600, "12h": 12 * 3600,
                                 "24h": 24 * 3600, "72h": 72 * 3600}
# Asynchronous play over days: a day a decision is what groups on Discord keep to.
DEFAULT_CLOCK = "24h"
# The last call comes this share of the clock before the end, at most an hour before.
LAST_CALL_SHARE = 0.1
LAST_CALL_MAX = 3600.0

HALFWAY, LAST_CALL, RAN_OUT = 1, 2, 3
TIMED, REMIND, EXPIRE, VOTE_TIMEOUT = "timed", "remind", "expire", "vote_timeout"


@dataclass(frozen=True)
class Due:
    """Something that falls due at ``at`` for ``seat``: a timed reaction's
    default (``action``), a reminder (``stage``), the clock running out, or an
    unanswered vote."""

    kind: str
    seat: int
    at: float
    stage: int = 0
    action: str | None = None


def seconds(meta: dict[str, Any], scale: float = 1.0) -> float | None:
    """The table's clock in seconds (``None``: no clock)."""
    base = CLOCKS.get(meta.get("clock", "none"))
    return None if base is None else base * scale


def last_call(total: float) -> float:
    """How long before the end the last call comes."""
    return min(total * LAST_CALL_SHARE, LAST_CALL_MAX)


def due_at(meta: dict[str, Any], seat: int, fallback: float) -> float:
    return float(meta.get("due_at", {}).get(str(seat), fallback))


def pending(game: Game, state: dict[str, Any], meta: dict[str, Any], humans_due: list[int], *,
            scale: float, now: float, fallback: float) -> list[Due]:
    """What falls due for the due humans, each seat's next step only: a seat
    whose clock ran out while nobody looked (the bot was down) goes straight to
    the vote, without the reminders it missed."""
    found: list[Due] = []
    total = seconds(meta, scale)
    votes = meta.get("votes", {})
    for seat in humans_due:
        since = due_at(meta, seat, fallback)
        timed = game.timed_default(state, seat)
        if timed is not None:
            found.append(Due(TIMED, seat, since + timed[0] * scale, action=timed[1]))
        if total is None:
            continue
        vote = votes.get(str(seat))
        if vote is not None:
            found.append(Due(VOTE_TIMEOUT, seat, float(vote["opened"]) + total))
            continue
        stage = int(meta.get("reminded", {}).get(str(seat), 0))
        end = since + total
        if stage < LAST_CALL and now < end - last_call(total):
            if stage < HALFWAY:
                found.append(Due(REMIND, seat, since + total / 2, stage=HALFWAY))
            else:
                found.append(Due(REMIND, seat, end - last_call(total), stage=LAST_CALL))
        elif stage < LAST_CALL and now < end:
            found.append(Due(REMIND, seat, end - last_call(total), stage=LAST_CALL))
        else:
            found.append(Due(EXPIRE, seat, end))
    return found


def next_time(dues: list[Due]) -> float | None:
    return min((d.at for d in dues), default=None)


def shifted(meta: dict[str, Any], by: float) -> dict[str, Any]:
    """The clocks of a table that was paused for ``by`` seconds: every
    running clock and open vote starts that much later."""
    out = dict(meta)
    out["due_at"] = {seat: at + by for seat, at in meta.get("due_at", {}).items()}
    out["votes"] = {seat: {**vote, "opened": vote["opened"] + by} for seat, vote in meta.get("votes", {}).items()}
    return out


def duration(seconds: float) -> Msg:
    """A span people read: "12 h", "45 min", "30 s"."""
    seconds = max(0, round(seconds))
    if seconds >= 2 * 3600:
        return msg("core.duration.hours", n=round(seconds / 3600))
    if seconds >= 120:
        return msg("core.duration.minutes", n=round(seconds / 60))
    return msg("core.duration.seconds", n=seconds)
