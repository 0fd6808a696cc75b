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


# -- issue 13: what a player sees --------------------------------------------------------
def _recording(lang="en"):
    """Texts that remember every message the renderer localises."""
    seen = []

    def tr(m):
        seen.append(m)
        return i18n.render(m, lang, NAMES.__getitem__)
    return Texts(tr, NAMES.__getitem__, lang), seen


def _keys(seen):
    return [m["key"] if isinstance(m, dict) else m for m in seen]


def _final_state(options=None, seed=3):
    state, _ = random_game(GAME, 3, seed, options or {}, ai_seats={0, 1, 2})
    assert GAME.is_over(state)
    return state


def test_final_board_shows_winner_scores_and_tiebreak():
    state = _final_state()
    # force a tie on palaces between the top two so the tiebreak line shows
    from games.maharaja.scoring import final_order
    a, b, _c = final_order(state)
    state["palaces_left"][b] = state["palaces_left"][a]
    state["gold"][a], state["gold"][b] = 40, 30
    view = GAME.view(state, None)
    assert view["gold"] == state["gold"]  # the final count shows everyone's gold
    texts, seen = _recording()
    R.board(view, texts)
    keys = _keys(seen)
    winner = next(m for m in seen if isinstance(m, dict) and m["key"] == "maharaja.render.winner")
    assert winner["args"]["seat"] == NAMES[a]
    lines = [m["args"] for m in seen if isinstance(m, dict) and m["key"] == "maharaja.render.rank_line"]
    assert [ln["rank"] for ln in lines] == [1, 2, 3] and lines[0]["gold"] == 40
    assert "maharaja.render.result" in keys
    tie = next(m for m in seen if isinstance(m, dict) and m["key"] == "maharaja.render.tie_gold")
    assert tie["args"] == {"a": NAMES[a], "b": NAMES[b]}
    # equal gold too: the character decides
    state["gold"][b] = 40
    texts, seen = _recording()
    R.board(GAME.view(state, None), texts)
    assert "maharaja.render.tie_char" in _keys(seen)


def test_board_during_the_game_shows_no_result_and_hides_gold():
    state = GAME.setup(3, GAME.resolve_options({}), 1)
    texts, seen = _recording()
    R.board(GAME.view(state, None), texts)
    keys = _keys(seen)
    assert "maharaja.render.result" not in keys and "maharaja.render.gold" not in keys
    assert GAME.view(state, 0)["gold"] == [15, None, None]


def test_home_cities_drawn_in_the_advanced_game_only():
    texts, seen = _recording()
    R.board(GAME.view(GAME.setup(3, GAME.resolve_options({"advanced": 1}), 1), None), texts)
    assert "maharaja.render.homes" in _keys(seen)
    texts, seen = _recording()
    R.board(GAME.view(GAME.setup(3, GAME.resolve_options({}), 1), None), texts)
    assert "maharaja.render.homes" not in _keys(seen)


def test_city_rings_are_unlike_player_colours():
    from games.maharaja.board import CITIES
    from render.common import SEAT_COLOURS
    for _xy, colour in CITIES.values():
        ring = R._ring(colour)
        for seat in SEAT_COLOURS:
            assert sum(abs(p - q) for p, q in zip(ring, seat, strict=True)) > 150, (ring, seat)


def test_button_labels_fit_discord_80_characters_with_long_names():
    """Discord cuts button labels at 80 characters: travel buttons name the
    payees by colour (four 32-character names never fit)."""
    long_names = [f"{c * 30}{i}." for i, c in enumerate("ÁBCŐŰ")]  # 32 characters each
    for seed in range(6):
        n = 3 + seed % 3
        state = GAME.setup(n, GAME.resolve_options([{}, {"advanced": 1}, {"advanced": 2}][seed % 3]), seed)
        rnd = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            for a in legal:
                for lang in ("en", "hu"):
                    text = i18n.render(a.label, lang, long_names.__getitem__)
                    assert len(text) <= 80, text
            choice = rnd.choice(legal).id if rnd.random() < 0.5 else \
                GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd)
            GAME.apply(state, seat, choice)
