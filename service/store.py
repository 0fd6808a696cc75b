"""Persistent storage of tables (games) on SQLite through aiosqlite.

API CONTRACT (implemented by the store helper; the service layer codes against it).

Tables
------
* ``games``: one row per table: id (int pk), guild_id, channel_id (the channel
  or thread the table lives in), game_id ("sanjuan" …), options (JSON),
  seed (int), status ("lobby" | "active" | "finished" | "aborted"),
  creator_id, seats (JSON list of ``{"user_id": int|None, "name": str,
  "ai": bool}``), state (JSON snapshot of the engine state, NULL in the
  lobby), seq (number of actions applied == the snapshot's position in the
  log), meta (JSON dict the service layer owns: board message id, DM digests
  …), created_at, updated_at (unix seconds, float).
  At most one table with status lobby/active per channel (partial unique index).
* ``actions``: the append-only log: (game pk, seq) unique, seat, action_id,
  events (JSON list), interaction_id (unique when not NULL, so a retried
  Discord interaction is never applied twice), created_at.
* ``user_settings`` (user_id pk, language) and ``guild_settings``
  (guild_id pk, language).
* ``schema_version``: migrations run in order on open; each is one
  transaction; the database is WAL with synchronous=FULL for durability.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class StoreError(Exception):
    pass


class ChannelBusy(StoreError):
    """The channel already has a table in the lobby or in play."""


class DuplicateInteraction(StoreError):
    """This Discord interaction id was already recorded with a move."""


class StaleMove(StoreError):
    """The move's seq is not the table's next seq (someone moved first)."""


@dataclass
class Seat:
    user_id: int | None
    name: str
    ai: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data.get("user_id"), data["name"], bool(data.get("ai", False)))


@dataclass
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int | None
    seats: list[Seat]
    state: dict[str, Any] | None
    seq: int
    meta: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0


@dataclass
class LoggedAction:
    seq: int
    seat: int
    action_id: str
    events: list[dict[str, Any]]
    interaction_id: int | None
    created_at: float


class Store:
    """Open with ``await Store.open(path)`` (":memory:" allowed); ``close()``."""

    @classmethod
    async def open(cls, path: str) -> Store:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def create_table(self, *, guild_id: int | None, channel_id: int, game_id: str,
                           options: dict[str, Any], seed: int, creator_id: int | None,
                           seats: list[Seat], meta: dict[str, Any] | None = None) -> TableRow:
        """A new table in the lobby.  Raises ``ChannelBusy``."""
        raise NotImplementedError

    async def get_table(self, table_id: int) -> TableRow | None:
        raise NotImplementedError

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The lobby/active table of a channel, if any."""
        raise NotImplementedError

    async def update_table(self, table_id: int, *, seats: list[Seat] | None = None,
                           status: str | None = None, meta: dict[str, Any] | None = None,
                           options: dict[str, Any] | None = None) -> None:
        """Change lobby data, status or meta (not the game state)."""
        raise NotImplementedError

    async def start_table(self, table_id: int, seats: list[Seat], state: dict[str, Any]) -> None:
        """Lobby → active with the initial snapshot at seq 0."""
        raise NotImplementedError

    async def record_move(self, table_id: int, *, seq: int, seat: int, action_id: str,
                          events: list[dict[str, Any]], state: dict[str, Any],
                          interaction_id: int | None = None, status: str | None = None) -> None:
        """One move = one transaction: append the log row ``seq`` (must be the
        table's current seq + 1 … i.e. the row gets number ``seq`` and the table's
        seq becomes ``seq``), replace the snapshot, optionally change status.
        Raises ``DuplicateInteraction`` or ``StaleMove``; then nothing changed."""
        raise NotImplementedError

    async def actions(self, table_id: int, since: int = 0) -> list[LoggedAction]:
        """Log rows with seq > since, in order."""
        raise NotImplementedError

    async def has_interaction(self, interaction_id: int) -> bool:
        raise NotImplementedError

    async def unfinished_tables(self) -> list[TableRow]:
        """Every table in the lobby or in play (for resume after restart)."""
        raise NotImplementedError

    async def user_language(self, user_id: int) -> str | None:
        raise NotImplementedError

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        raise NotImplementedError

    async def guild_language(self, guild_id: int) -> str | None:
        raise NotImplementedError

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        raise NotImplementedError
