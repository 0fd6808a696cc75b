"""Board and hand images: smoke tests in both languages, size (speed is a figure of ``python -m benchmarks``)."""

from __future__ import annotations

import io

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
        board = R.board(GAME.view(state, None), tx)
        png = to_png(board)
        seat = state["turn"] if state["turn"] is not None else 0   # None: the game is over
        hand = R.private(GAME.view(state, seat), seat, tx)
        png2 = to_png(hand)
        for image, data in ((board, png), (hand, png2)):
            assert image.size[0] == 1200 and 300 < image.size[1] < 1200
            assert len(data) < 300_000
            assert Image.open(io.BytesIO(data)).format == "PNG"
        # A picture depends on the view alone: drawn again (warm tile caches now), it is the same.
        assert to_png(R.board(GAME.view(state, None), tx)) == png


def test_hungarian_text_is_localised():
    tx = texts("hu")
    assert tx({"key": "alhambra.building.tower"}) == "Torony"
    assert tx({"key": "alhambra.r.yard"}) == "Építési udvar"
    assert "ő" in tx({"key": "alhambra.r.next_scoring_in", "args": {"card": "A", "pile": 2, "hi": 9}})


def _drawn_keys(view, lang="en"):
    """The message keys (with args) the board drew, through ``texts.tr``."""
    tx = texts(lang)
    seen = []
    orig = tx.tr

    def tr(message):
        if isinstance(message, dict) and "key" in message:
            seen.append(message)
        return orig(message)

    from render.common import Texts
    R.board(view, Texts(tr=tr, name=tx.name, lang=lang))
    return seen


def test_final_board_shows_result_winner_scores_tiebreak_and_no_scoring_c_announced():
    final, _ = random_game(GAME, 4, 21, ai_seats={0})
    view = GAME.view(final, None)
    seen = _drawn_keys(view)
    keys = [m["key"] for m in seen]
    totals = [sum(s) for s in view["scores"][:4]]
    assert "alhambra.r.result" in keys and "alhambra.r.result_tie" in keys
    assert "alhambra.r.result_win" in keys
    lines = [m["args"] for m in seen if m["key"] == "alhambra.r.result_line"]
    assert sorted(a["points"] for a in lines) == sorted(totals)
    assert lines[0]["points"] == max(totals) and lines[0]["rank"] == 1
    assert "alhambra.r.final_next" not in keys      # scoring C is not announced after it scored


def test_final_board_tie_shares_the_win_and_mark_in_winner_colour():
    final, _ = random_game(GAME, 3, 21, ai_seats={0})
    final["scores"] = [[1, 2, 3], [3, 2, 1], [0, 0, 1]]
    view = GAME.view(final, None)
    seen = _drawn_keys(view)
    win = next(m for m in seen if m["key"] == "alhambra.r.result_win")
    assert "Anna" in win["args"]["seats"] and "Béla" in win["args"]["seats"]
    # A shared win reads in the plural: "Winners: Anna, Béla", "Győztesek: …".
    assert texts("en").tr(win).startswith("Winners: ") and texts("hu").tr(win).startswith("Győztesek: ")
    assert R._status(view, texts("en"))[0].startswith("Game over — winners: ")
    final["scores"] = [[1, 2, 3], [3, 2, 0], [0, 0, 1]]
    alone = next(m for m in _drawn_keys(GAME.view(final, None)) if m["key"] == "alhambra.r.result_win")
    assert texts("en").tr(alone).startswith("Winner: ") and texts("hu").tr(alone).startswith("Győztes: ")
    from render.common import seat_colour
    _, colour = R._status(view, texts("en"))
    assert colour == seat_colour(0)


def test_two_player_board_marks_the_neutral_and_has_a_stake_legend():
    state = GAME.setup(2, {}, 5)
    keys = [m["key"] for m in _drawn_keys(GAME.view(state, None))]
    assert "alhambra.r.not_competing" in keys and "alhambra.r.stake_legend" in keys
    assert "alhambra.r.result" not in keys
