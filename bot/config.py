"""Bot configuration from the environment (and an optional ``.env`` file)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from service.core import TableLimits

# Seconds a burst of moves is gathered into one board post.
DEFAULT_BOARD_DEBOUNCE = 0.7


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    default_language: str
    dev_guild: int | None
    # Where Discord is: overridden only to point the bot at a local test Discord.
    api_base: str | None
    gateway_url: str | None
    board_debounce: float
    sync_commands: bool
    log_level: str
    guild_ready_timeout: float = 2.0
    render_workers: int = 1
    stop_grace: float = 20.0  # seconds a SIGTERM leaves to finish interactions and deliver
    # Real seconds per clock second: below 1 only to watch turn clocks run out in tests.
    clock_scale: float = 1.0
    # The privileged Server Members intent: a member who leaves is replaced at once.
    members_intent: bool = False
    # Days a finished game keeps its move log (replay, export); None: for ever.
    # Results, score sheets and ratings are always kept.
    keep_days: float | None = None
    # Several processes: this one runs shards ``shard_ids`` of ``shard_count``
    # (discord.py's own sharding); None: one process, one shard.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Port of the Prometheus metrics endpoint; None: not served.
    metrics_port: int | None = None
    # Seconds a process may hold a table's outbox group before another takes
    # over (a process that died lets go after this).
    outbox_lease: float = 60.0
    # Seconds the hard AI thinks over one decision (in a worker process).
    ai_seconds: float = 1.0
    # Discord's global REST limit for this bot (requests a second, all processes together).
    rest_rate: float = 50.0
    # Interactions one member may make in a window (``limits`` notation); beyond it they
    # are told once per window to slow down, then ignored until the window moves on.
    member_rate: str = "25 per 10 seconds"
    # Open (lobby or running) tables one member may have created on a server, and a
    # server may have; hours a lobby waits for its start before it closes.
    tables_per_member: int = 3
    tables_per_server: int = 50
    lobby_hours: float = 24.0

    @property
    def table_limits(self) -> TableLimits:
        return TableLimits(self.tables_per_member, self.tables_per_server, self.lobby_hours * 3600)

    @property
    def rest_share(self) -> float:
        """This process's share of the global REST limit: its shards of all shards."""
        if self.shard_count is None or self.shard_ids is None:
            return 1.0
        return len(self.shard_ids) / self.shard_count

    @property
    def syncs_commands(self) -> bool:
        """Exactly one process registers the slash commands: the one with shard 0."""
        return self.sync_commands and (self.shard_ids is None or 0 in self.shard_ids)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        _load_dotenv(env)
        dev_guild = env.get("ASZTAL_DEV_GUILD", "").strip()
        shards = _shards(env)
        return cls(
            token=(env.get("ASZTAL_TOKEN") or env.get("DISCORD_TOKEN") or "").strip() or None,
            database=env.get("ASZTAL_DB", "data/asztal.sqlite3"),
            default_language=env.get("ASZTAL_LANGUAGE", "en"),
            dev_guild=int(dev_guild) if dev_guild.isdigit() else None,
            api_base=env.get("ASZTAL_DISCORD_API") or None,
            gateway_url=env.get("ASZTAL_DISCORD_GATEWAY") or None,
            board_debounce=float(env.get("ASZTAL_BOARD_DEBOUNCE", str(DEFAULT_BOARD_DEBOUNCE))),
            sync_commands=env.get("ASZTAL_SYNC_COMMANDS", "1") != "0",
            log_level=env.get("ASZTAL_LOG_LEVEL", "INFO"),
            guild_ready_timeout=float(env.get("ASZTAL_GUILD_READY_TIMEOUT", "2.0")),
            # One drawing process per core (at most 4): they run at a lower CPU
            # priority, so they draw with every spare cycle yet never delay an
            # interaction's answer; 0 draws in a thread.
            render_workers=int(env.get("ASZTAL_RENDER_WORKERS", str(min(4, os.cpu_count() or 1)))),
            stop_grace=float(env.get("ASZTAL_STOP_GRACE", "20")),
            clock_scale=float(env.get("ASZTAL_CLOCK_SCALE", "1")),
            members_intent=env.get("ASZTAL_MEMBERS_INTENT", "0") == "1",
            keep_days=float(env["ASZTAL_KEEP_DAYS"]) if env.get("ASZTAL_KEEP_DAYS", "").strip() else None,
            shard_count=shards[0] if shards else None,
            shard_ids=shards[1] if shards else None,
            metrics_port=int(env["ASZTAL_METRICS_PORT"]) if env.get("ASZTAL_METRICS_PORT", "").strip() else None,
            outbox_lease=float(env.get("ASZTAL_OUTBOX_LEASE", "60")),
            ai_seconds=float(env.get("ASZTAL_AI_SECONDS", "1")),
            rest_rate=float(env.get("ASZTAL_REST_RATE", "50")),
            member_rate=env.get("ASZTAL_MEMBER_RATE", "25 per 10 seconds"),
            tables_per_member=int(env.get("ASZTAL_TABLES_PER_MEMBER", "3")),
            tables_per_server=int(env.get("ASZTAL_TABLES_PER_SERVER", "50")),
            lobby_hours=float(env.get("ASZTAL_LOBBY_HOURS", "24")),
        )


def _shards(env: dict[str, str]) -> tuple[int, tuple[int, ...]] | None:
    """``ASZTAL_SHARD_COUNT=4`` and ``ASZTAL_SHARD_IDS=0,1`` (this process's
    share; all of them when left out)."""
    count = env.get("ASZTAL_SHARD_COUNT", "").strip()
    if not count:
        return None
    shard_count = int(count)
    listed = env.get("ASZTAL_SHARD_IDS", "").strip()
    shard_ids = tuple(int(part) for part in listed.split(",") if part.strip()) if listed else tuple(range(shard_count))
    if shard_count < 1 or not shard_ids or any(not 0 <= s < shard_count for s in shard_ids):
        raise ValueError(f"ASZTAL_SHARD_IDS={listed!r} must name shards of 0..{shard_count - 1}")
    return shard_count, shard_ids


def _load_dotenv(env: dict[str, str]) -> None:
    """The ``.env`` file's settings (quotes, ``export``, comments as python-dotenv
    reads them); real environment variables win."""
    path = Path(env.get("ASZTAL_ENV_FILE", ".env"))
    if not path.is_file():
        return
    for key, value in dotenv_values(path, encoding="utf-8").items():
        if value is not None:
            env.setdefault(key, value)
