"""Render smoke tests: both languages, sizes, hidden information."""

from __future__ import annotations

import random

import pytest

from games.base import clone
from games.play import random_game
from games.sanjuan import GAME
from render import sanjuan as R
from render.common import Texts, to_png
from service import i18n

NAMES = ["Anna", "Béla", "Csilla Őrző", "Dénes"]


def texts(lang):
    def tr(m):
        try:
            return i18n.render(m, lang, NAMES.__getitem__)
        except ModuleNotFoundError:  # another game's catalogue is half-built: use ours
            from games.sanjuan.messages import MESSAGES
            key = m["key"] if isinstance(m, dict) else m
            pair = MESSAGES.get(key.removeprefix("sanjuan."))
            return pair[lang == "hu"].format(**{k: str(v) for k, v in (m.get("args") or {}).items()}) \
                if pair and isinstance(m, dict) else (pair[0] if pair else key)
    return Texts(tr=tr, name=NAMES.__getitem__, lang=lang)


def states():
    """A few positions: start, mid-game with pending private choices, over."""
    out = []
    for players, seed in ((2, 1), (4, 2)):
        s = GAME.setup(players, GAME.resolve_options({"start_choice": True}), seed)
        out.append(s)
        s = GAME.setup(players, GAME.resolve_options({}), seed)
        rnd = random.Random(seed)
        seen = set()
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if s["phase"] in ("councillor", "builder", "producer") and s["phase"] not in seen and s["round"] > 5:
                seen.add(s["phase"])
                out.append(clone(s))
            GAME.apply(s, seat, GAME.choose_ai_action(GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rnd))
        out.append(s)
    return out


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_board_and_private_images(lang):
    t = texts(lang)
    for s in states():
        board = R.board(GAME.view(s, None), t)
        assert board.size[0] == 1200 and 300 < board.size[1] < 2000
        assert len(to_png(board)) < 400_000
        for seat in range(s["players"]):
            img = R.private(GAME.view(s, seat), seat, t)
            assert img.size[0] == 1200 and len(to_png(img)) < 400_000


def test_renderer_needs_only_the_public_view():
    s, _ = random_game(GAME, 3, 5)
    view = GAME.view(s, None)
    assert "hand" not in view
    R.board(view, texts("en"))
