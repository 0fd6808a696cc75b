"""Every game the platform knows, discovered without special cases.

Engines are imported lazily so that a frontend listing games does not pay for
loading all of them.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from games.base import Game

# game id -> module that exposes ``GAME`` (an instance of a ``Game`` subclass)
_MODULES: dict[str, str] = {
    "sanjuan": "games.sanjuan",
    "alhambra": "games.alhambra",
    "anno1701": "games.anno1701",
    "maharaja": "games.maharaja",
    "hermagor": "games.hermagor",
}


def game_ids() -> list[str]:
    """Ids of the games whose engine is importable (in a stable order)."""
    return [gid for gid in _MODULES if _available(gid)]


@cache
def _available(game_id: str) -> bool:
    # A game whose package (or catalogue) is not there yet is simply not
    # offered; an engine that fails to import is a bug and must surface, so
    # only look, don't import.
    module = _MODULES[game_id]
    return importlib.util.find_spec(module) is not None and importlib.util.find_spec(module + ".messages") is not None


@cache
def get(game_id: str) -> Game:
    """The engine for ``game_id``; ``KeyError`` if unknown."""
    module = importlib.import_module(_MODULES[game_id])
    return module.GAME


@cache
def messages(game_id: str) -> dict[str, tuple[str, str]]:
    """The game's message catalogue, keys without the game prefix."""
    module = importlib.import_module(_MODULES[game_id] + ".messages")
    return module.MESSAGES
