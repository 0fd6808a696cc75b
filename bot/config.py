"""Bot configuration from the environment (and an optional ``.env`` file)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

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

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        _load_dotenv(env)
        dev_guild = env.get("ASZTAL_DEV_GUILD", "").strip()
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
        )


def _load_dotenv(env: dict[str, str]) -> None:
    """The ``.env`` file's settings (quotes, ``export``, comments as python-dotenv
    reads them); real environment variables win."""
    path = Path(env.get("ASZTAL_ENV_FILE", ".env"))
    if not path.is_file():
        return
    for key, value in dotenv_values(path, encoding="utf-8").items():
        if value is not None:
            env.setdefault(key, value)
