"""Discord's rate limits: a global limit per bot and per-route buckets keyed by the major parameter.

Global: at most ``global_limit`` (50) requests in any sliding second, counting every REST request
except interaction callbacks (``/interactions/...``) and interaction webhooks (``/webhooks/...``),
which Discord exempts.  A request refused by the global limit does not use up a slot; every
other request does, whatever its answer (as on Discord, failed requests count).

Buckets: fixed windows.  The first request after a window ended opens a new one of ``per``
seconds holding ``limit`` requests.  A bucket is keyed by the bucket name and the major
parameter (channel id, guild id, webhook id + token, interaction id), so two channels never
share one; routes naming the same bucket share it, as on Discord.  Every answer carries the
``X-RateLimit-*`` headers of its bucket.

``ROUTE_LIMITS`` is the table; keys are ``"METHOD /template"`` and ``"*"`` is every other route
(each such route its own bucket).  ``FakeDiscord(route_limits={...})`` or ``fake.route_limits[...] =``
overrides entries.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from dataclasses import dataclass
from typing import Any

GLOBAL_LIMIT = 50  # requests per second per bot
MAJOR_PARAMETERS = ("channel_id", "guild_id", "app_id", "token", "interaction_id")
NOT_GLOBAL = ("/interactions/", "/webhooks/")


@dataclass(frozen=True)
class RouteLimit:
    limit: int  # requests per window
    per: float  # window length, seconds
    bucket: str | None = None  # routes naming the same bucket share it; None: the route's own

    def name_for(self, key: str) -> str:
        return self.bucket or key


_WEBHOOK = RouteLimit(5, 2.0, "interaction-webhook")  # 5/2 s per interaction (discord-api-docs#2701)
ROUTE_LIMITS: dict[str, RouteLimit] = {
    "POST /channels/{channel_id}/messages": RouteLimit(5, 5.0, "message-create"),
    "PATCH /channels/{channel_id}/messages/{message_id}": RouteLimit(5, 5.0, "message-edit"),
    "DELETE /channels/{channel_id}/messages/{message_id}": RouteLimit(5, 5.0, "message-delete"),
    "POST /users/@me/channels": RouteLimit(10, 10.0, "dm-create"),
    "POST /channels/{channel_id}/threads": RouteLimit(10, 10.0, "thread-create"),
    "POST /channels/{channel_id}/messages/{message_id}/threads": RouteLimit(10, 10.0, "thread-create"),
    "POST /webhooks/{app_id}/{token}": _WEBHOOK,
    "GET /webhooks/{app_id}/{token}/messages/{message_id}": _WEBHOOK,
    "PATCH /webhooks/{app_id}/{token}/messages/{message_id}": _WEBHOOK,
    "DELETE /webhooks/{app_id}/{token}/messages/{message_id}": _WEBHOOK,
    "*": RouteLimit(50, 1.0),
}


def counts_globally(path: str) -> bool:
    return not path.startswith(NOT_GLOBAL)


def bucket_hash(name: str) -> str:
    return hashlib.md5(name.encode()).hexdigest()  # noqa: S324 - an opaque id, like Discord's


@dataclass
class Verdict:
    headers: dict[str, str]
    retry_after: float | None = None  # set: answer 429
    is_global: bool = False
    bucket: str = ""

    def body(self) -> dict[str, Any]:
        return {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": self.is_global}


class RateLimiter:
    def __init__(self, global_limit: int, route_limits: dict[str, RouteLimit]) -> None:
        self.global_limit = global_limit
        self.route_limits = route_limits
        self.recent: deque[float] = deque()  # times of requests that used a global slot
        self.windows: dict[tuple[str, str], tuple[int, float]] = {}  # (bucket, major) -> (used, reset at)

    def admit(self, method: str, template: str, path: str, params: dict[str, str], now: float) -> Verdict:
        key = f"{method} {template}"
        rule = self.route_limits.get(key) or self.route_limits["*"]
        name = rule.name_for(key)
        major = "+".join(params[p] for p in MAJOR_PARAMETERS if p in params)
        used, reset_at = self.windows.get((name, major), (0, 0.0))
        if now >= reset_at:
            used, reset_at = 0, now + rule.per
        if counts_globally(path) and self.global_limit:
            while self.recent and self.recent[0] <= now - 1.0:
                self.recent.popleft()
            if len(self.recent) >= self.global_limit:
                retry = self.recent[0] + 1.0 - now
                headers = self._headers(rule, name, used, reset_at, now)
                headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global",
                                "Retry-After": str(max(1, math.ceil(retry)))})
                return Verdict(headers, _ceil_ms(retry), is_global=True, bucket="global")
        if used >= rule.limit:
            retry = reset_at - now
            headers = self._headers(rule, name, used, reset_at, now)
            headers.update({"X-RateLimit-Scope": "user", "Retry-After": str(max(1, math.ceil(retry)))})
            return Verdict(headers, _ceil_ms(retry), bucket=headers["X-RateLimit-Bucket"])
        if counts_globally(path) and self.global_limit:
            self.recent.append(now)
        if len(self.windows) > 10_000:  # one bucket per interaction token adds up
            self.windows = {k: v for k, v in self.windows.items() if v[1] > now}
        self.windows[(name, major)] = (used + 1, reset_at)
        return Verdict(self._headers(rule, name, used + 1, reset_at, now))

    @staticmethod
    def _headers(rule: RouteLimit, name: str, used: int, reset_at: float, now: float) -> dict[str, str]:
        # rounded up so a client sleeping exactly Reset-After never arrives a hair early
        return {"X-RateLimit-Limit": str(rule.limit), "X-RateLimit-Remaining": str(max(0, rule.limit - used)),
                "X-RateLimit-Reset": f"{_ceil_ms(reset_at):.3f}", "X-RateLimit-Reset-After": f"{_ceil_ms(reset_at - now):.3f}",
                "X-RateLimit-Bucket": bucket_hash(name)}


def _ceil_ms(seconds: float) -> float:
    return math.ceil(seconds * 1000) / 1000


def peak_per_second(times: list[float]) -> int:
    """The most requests in any window [t, t + 1 s)."""
    times = sorted(times)
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while times[lo] <= t - 1.0:
            lo += 1
        best = max(best, hi - lo + 1)
    return best
