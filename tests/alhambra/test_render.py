"""Board and hand images: smoke tests in both languages, size and speed."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from games.alhambra import GAME
from games.play import random_game
from render import alhambra as R
from render.common import to_png
from tests.alhambra.helpers import texts


def _states(players: int):
    final, log = random_game(GAME, players, 21, ai_seats={0})
    for cut in (0, len(log) // 2):
        state = GAME.setup(players, {}, 21)
        for seat, action in log[:cut]:
            GAME.apply(state, seat, action)
        yield state
    yield final


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_board_and_private_render(players, lang):
    tx = texts(lang)
    for state in _states(players):
        start = time.perf_counter()
        board = R.board(GAME.view(state, None), tx)
        png = to_png(board)
        seat = state["turn"]
        hand = R.private(GAME.view(state, seat), seat, tx)
        png2 = to_png(hand)
        elapsed = time.perf_counter() - start
        for image, data in ((board, png), (hand, png2)):
            assert image.size[0] == 1200 and 300 < image.size[1] < 1200
            assert len(data) < 300_000
            assert Image.open(io.BytesIO(data)).format == "PNG"
        assert elapsed < 2.0


def test_hungarian_text_is_localised():
    tx = texts("hu")
    assert tx({"key": "alhambra.building.tower"}) == "Torony"
    assert tx({"key": "alhambra.r.yard"}) == "Építési udvar"
    assert "ő" in tx({"key": "alhambra.r.next_scoring_in", "args": {"card": "A", "pile": 2, "hi": 9}})
