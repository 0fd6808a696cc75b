"""Prometheus metrics (``prometheus-client``), served on ``ASZTAL_METRICS_PORT``.

The figures an operator of several bot processes watches: interactions and
how fast each got its first response, REST requests by outcome, the outbox
backlog (what Discord has not confirmed yet) and the tables in play.  Each
process serves its own; Prometheus adds them up across processes.
"""

from __future__ import annotations

import time

from prometheus_client import Counter, Gauge, Histogram, start_http_server

INTERACTIONS = Counter("asztal_interactions_total", "Interactions handled, by kind", ["kind"])
FIRST_RESPONSE = Histogram(
    "asztal_first_response_seconds",
    "From Discord creating an interaction to our first response (Discord allows 3 s)",
    buckets=(0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0))
REST_REQUESTS = Counter("asztal_rest_requests_total", "REST requests to Discord, by outcome", ["outcome"])
OUTBOX_DEPTH = Gauge("asztal_outbox_depth", "Outbox items not yet confirmed by Discord (all processes)")
ACTIVE_TABLES = Gauge("asztal_active_tables", "Tables in a lobby or in play (all processes)")

# Discord snowflakes count milliseconds from 2015-01-01.
DISCORD_EPOCH_MS = 1_420_070_400_000


def created_at(snowflake: int) -> float:
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def first_response(kind: str, interaction_id: int) -> None:
    INTERACTIONS.labels(kind).inc()
    FIRST_RESPONSE.observe(max(0.0, time.time() - created_at(interaction_id)))


def serve(port: int) -> None:
    """Expose ``/metrics`` on ``port`` (a daemon thread of prometheus-client)."""
    start_http_server(port)
