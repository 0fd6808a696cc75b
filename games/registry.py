"""Every game the platform knows, discovered without special cases.

Engines are imported lazily so that a frontend listing games does not pay for
loading all of them.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from pathlib import Path

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
    folder = _folder(game_id)
    return folder is not None and (folder / "locales" / "en.ftl").is_file()


def _folder(game_id: str) -> Path | None:
    """The game's package folder, found without importing it."""
    spec = importlib.util.find_spec(_MODULES[game_id])
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def get(game_id: str) -> Game:
    """The engine for ``game_id``; ``KeyError`` if unknown."""
    module = importlib.import_module(_MODULES[game_id])
    return module.GAME


def locales(game_id: str) -> Path:
    """The folder of the game's message catalogue: ``<lang>.ftl`` files, read
    by ``service.i18n`` (message ids are keys without the game prefix, "-"
    for ".")."""
    folder = _folder(game_id)
    if folder is None:
        raise KeyError(game_id)
    return folder / "locales"
