"""One member's flood of interactions costs the bot little: past a limit per
window (``Config.member_rate``), the member is told once to slow down and the
rest of the window's interactions get no answer and no work at all (Discord
shows that member "interaction failed"), so a flood never reaches the store,
the drawing pool or the shared REST budget.  Autocomplete is not counted: it
fires as a member types.

The moving window is the ``limits`` library's, in memory: each process counts
the interactions it receives, which for one member is nearly all of them.
"""

from __future__ import annotations

import enum

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


class Verdict(enum.Enum):
    SERVE = "serve"
    TELL = "tell"  # the first interaction over the limit: "slow down"
    IGNORE = "ignore"


class SpamGuard:
    def __init__(self, rate: str) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._allowed = parse(rate)
        # The "slow down" answer: once in the same window.
        self._told = parse(f"1 per {self._allowed.multiples} {self._allowed.GRANULARITY.name}")

    def verdict(self, user_id: int) -> Verdict:
        key = str(user_id)
        if self._limiter.hit(self._allowed, "interactions", key):
            return Verdict.SERVE
        if self._limiter.hit(self._told, "told", key):
            return Verdict.TELL
        return Verdict.IGNORE
