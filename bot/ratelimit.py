"""One limiter for every REST request the bot makes on its own (posts, edits,
DMs, threads; not interaction responses, which Discord does not count), so
the bot stays under Discord's global limit of 50 requests a second before
Discord has to answer 429 — a 429 storm can get a bot's IP banned for an hour.

aiolimiter's leaky bucket lets ``burst`` requests through at once and then
``rate`` a second; in any one-second window that is at most burst + rate.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from aiolimiter import AsyncLimiter

from bot import metrics

# 41 a second plus a burst of 3: never more than 44 in any second (Discord allows 50;
# one to spare for requests that the network bunches together).
RATE = 41.0
BURST = 3
_NOT_COUNTED = ("/interactions/", "/webhooks/")


def limiter(rate: float = RATE, burst: int = BURST) -> AsyncLimiter:
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
