"""One limiter for every REST request the bot makes on its own (posts, edits,
DMs, threads; not interaction responses, which Discord does not count), so
the bot stays under Discord's global limit of 50 requests a second before
Discord has to answer 429 — a 429 storm can get a bot's IP banned for an hour.

aiolimiter's leaky bucket lets ``burst`` requests through at once and then
``rate`` a second; in any one-second window that is at most burst + rate.

Discord's global limit is the bot's, not a process's: shards run as several
processes share it, so each takes the share of it that its shards are of all
shards.  Discord raises the limit for large bots on request
(``ASZTAL_REST_RATE``).
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from aiolimiter import AsyncLimiter

from bot import metrics

# Discord's global limit, requests a second per bot.
GLOBAL_LIMIT = 50.0
# Of the global limit, 82% a second plus a burst of 6%: 41 + 3 of 50, never more
# than 44 in any second (some to spare for requests that the network bunches together).
RATE_SHARE = 0.82
BURST_SHARE = 0.06
_NOT_COUNTED = ("/interactions/", "/webhooks/")


def limiter(global_limit: float = GLOBAL_LIMIT, share: float = 1.0) -> AsyncLimiter:
    """The bucket of a process that may use ``share`` of the bot's global limit."""
    rate = global_limit * RATE_SHARE * share
    burst = max(1, round(global_limit * BURST_SHARE * share))
    return AsyncLimiter(burst, burst / rate)


def install(http: discord.http.HTTPClient, bucket: AsyncLimiter) -> None:
    """Route ``http``'s requests through ``bucket`` (interaction callbacks excepted)."""
    request: Callable[..., Awaitable[Any]] = http.request

    @functools.wraps(request)
    async def limited(route: discord.http.Route, **kwargs: Any) -> Any:
        if not any(part in route.path for part in _NOT_COUNTED):
            await bucket.acquire()
        try:
            result = await request(route, **kwargs)
        except discord.HTTPException as error:
            metrics.REST_REQUESTS.labels(str(error.status)).inc()
            raise
        except Exception:
            metrics.REST_REQUESTS.labels("error").inc()
            raise
        metrics.REST_REQUESTS.labels("ok").inc()
        return result

    http.request = limited  # type: ignore[method-assign]
