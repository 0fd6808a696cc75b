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


# -- what the pictures say (texts drawn through ``texts.tr`` are recorded) -------
def _recording(lang="en"):
    base = _texts(lang)
    seen = []

    def tr(m):
        seen.append(m)
        return base.tr(m)
    return Texts(tr, NAMES.__getitem__, lang), seen


def _finished(players, seed=7):
    state = GAME.setup(players, {}, seed)
    rnd = random.Random(seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
    return state


def _keys(seen, key):
    return [m for m in seen if isinstance(m, dict) and m["key"] == "hermagor." + key]


def test_final_board_shows_winner_scores_and_tiebreak():
    state = _finished(4)
    view = GAME.view(state, None)
    assert view["money"] == state["money"]  # the result is public at the end
    t, seen = _recording()
    render.board(view, t)
    out = GAME.outcome(state)
    winner = _keys(seen, "ui.winner")
    assert winner and winner[0]["args"]["seat"] == {"seat": out.ranking[0][0]}
    rows = _keys(seen, "ui.result_row")
    assert sorted(r["args"]["amount"] for r in rows) == sorted(state["money"])
    assert len(_keys(seen, "ui.result_detail")) == 4
    assert not _keys(seen, "ui.tie_discs") and not _keys(seen, "ui.tie_nobility")
    # equal money: the discs on the price table decide, and the picture says so
    state["money"][1] = state["money"][0]
    state["production"] = {g: [None] * 4 for g in state["production"]}
    state["production"]["corn"][:2] = [1, 0]
    state["nobility"] = [0] + [None] * 7  # seat 0: 2 discs (nobility counts), seat 1: 1
    t, seen = _recording()
    render.board(GAME.view(state, None), t)
    tie = _keys(seen, "ui.tie_discs")
    assert tie and tie[0]["args"]["seat"] == {"seat": 0}
    # equal discs too: the nobility disc further right decides
    state["nobility"] = [None] * 8
    state["nobility"][5] = 1
    state["nobility"][6] = 0
    t, seen = _recording()
    render.board(GAME.view(state, None), t)
    tie = _keys(seen, "ui.tie_nobility")
    assert tie and tie[0]["args"]["seat"] == {"seat": 0} and tie[0]["args"]["discs"] == 2


def test_money_stays_hidden_before_the_end():
    state = GAME.setup(3, {}, 2)
    assert GAME.view(state, 0)["money"][1:] == [None, None]


def test_round_action_tile_and_legend_are_drawn():
    state = GAME.setup(3, {}, 4)
    t, seen = _recording("hu")
    render.board(GAME.view(state, None), t)
    assert _keys(seen, "ui.action_tile") and state["action_tile"] in (3, 4, 5)
    for key in ("ui.legend_post", "ui.legend_building", "ui.legend_flag"):
        assert any(m == "hermagor." + key or (isinstance(m, dict) and m["key"] == "hermagor." + key)
                   for m in seen)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_region_markers_clear_of_villages_and_posts(players):
    from games.hermagor import board as hmap
    colours = players + (1 if players == 2 else 0)
    spots = render._marker_spots(players)
    boxes = []
    for region, (x, y) in zip(hmap.REGIONS, spots, strict=True):
        w, h = render._marker_size(region)
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    for v in hmap.VILLAGES:
        vx, vy = render._p(v)
        half = max(16, colours * 11 / 2)
        for box in ((vx - 15, vy - 15, vx + 15, vy + 15), (vx - half, vy + 16, vx + half, vy + 29)):
            assert all(render._overlap(b, box) == 0 for b in boxes), v
    for i, a in enumerate(boxes):
        assert all(render._overlap(a, b) == 0 for b in boxes[i + 1:])
