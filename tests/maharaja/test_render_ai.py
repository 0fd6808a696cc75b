"""Render smoke tests in both languages, and the AI's behaviour."""

import random

import pytest

from games.maharaja import GAME
from games.maharaja.scoring import palaces_built
from games.play import random_game
from render import maharaja as R
from render.common import Texts, to_png
from service import i18n

NAMES = ["Anna", "Béla", "Csőrike", "Dávid", "Ödön Űrhajós"]


def _texts(lang):
    return Texts(lambda m: i18n.render(m, lang, NAMES.__getitem__), NAMES.__getitem__, lang)


def _positions():
    """A few states across a game: set-up, planning, mid-turn, over."""
    state = GAME.setup(5, GAME.resolve_options({"advanced": 1}), 11)
    rnd = random.Random(11)
    yield state
    marks = set()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
        key = (state["phase"], state["round"] % 3)
        if key not in marks:
            marks.add(key)
            yield state
    yield state


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_render_board_and_private(lang):
    texts = _texts(lang)
    for state in _positions():
        png = to_png(R.board(GAME.view(state, None), texts))
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 400_000
        for seat in (0, 3):
            png = to_png(R.private(GAME.view(state, seat), seat, texts))
            assert len(png) < 100_000


def test_render_two_players_basic():
    state, _ = random_game(GAME, 2, 5, {"short": True}, ai_seats={0, 1})
    image = R.board(GAME.view(state, None), _texts("hu"))
    assert image.size[0] == 1200


def test_ai_builds_palaces_and_wins_against_random():
    wins = 0
    built = 0
    for seed in range(40):
        state, _ = random_game(GAME, 3, seed, {}, ai_seats={seed % 3})
        ai = seed % 3
        built += palaces_built(state, ai)
        wins += GAME.outcome(state).ranking[0] == [ai]
    assert wins >= 30 and built / 40 >= 4


def test_ai_plans_only_from_its_view():
    state = GAME.setup(3, GAME.resolve_options({}), 2)
    rnd = random.Random(0)
    while state["phase"] != "plan":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat,
                                                      GAME.legal_actions(state, seat), rnd))
    GAME.apply(state, 0, "plan:swap")
    GAME.apply(state, 0, "plan:swap")
    GAME.apply(state, 0, "plan.confirm")
    view = GAME.view(state, 1)
    assert view["plans"][0] is None and view["gold"][0] is None
    action = GAME.choose_ai_action(view, 1, GAME.legal_actions(state, 1), rnd)
    assert action.startswith("plan:")
