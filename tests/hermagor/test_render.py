"""Render smoke tests in both languages."""

import random

import pytest

from games.hermagor import GAME
from render import hermagor as render
from render.common import Texts, to_png
from service import i18n

NAMES = ["Őrs", "Ünige", "Béla", "Zsófi", "Áron"]


def _texts(lang):
    return Texts(lambda m: i18n.render(m, lang, NAMES.__getitem__), NAMES.__getitem__, lang)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_board_and_private_render(players, lang):
    state = GAME.setup(players, {}, 5)
    rnd = random.Random(5)
    for step in range(400):
        if GAME.is_over(state):
            break
        if step in (0, 60, 200):
            png = to_png(render.board(GAME.view(state, None), _texts(lang)))
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 400_000
            private = render.private(GAME.view(state, 0), 0, _texts(lang))
            assert private.width > 300
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)
    image = render.board(GAME.view(state, None), _texts(lang))
    assert 1200 <= image.width <= 1400
