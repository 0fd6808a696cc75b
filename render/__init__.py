"""Board and hand images, one module per game: ``render.<game id>`` exposes

* ``board(view, texts) -> PIL.Image`` — the public picture for the channel,
  drawn from ``Game.view(state, None)``;
* ``private(view, seat, texts) -> PIL.Image`` — the picture of what only
  ``seat`` may see (hand, money, plans), drawn from ``Game.view(state, seat)``.
"""

from __future__ import annotations

import importlib
from typing import Any

from render.common import Texts, to_png


def _module(game_id: str):
    return importlib.import_module(f"render.{game_id}")


def board_png(game_id: str, view: dict[str, Any], texts: Texts) -> bytes:
    return to_png(_module(game_id).board(view, texts))


def private_png(game_id: str, view: dict[str, Any], seat: int, texts: Texts) -> bytes:
    return to_png(_module(game_id).private(view, seat, texts))
