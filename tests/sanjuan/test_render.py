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
        return i18n.render(m, lang, NAMES.__getitem__)
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


# -- what the pictures say (texts drawn through ``texts.tr`` are recorded) -------

def recording(lang="en"):
    base = texts(lang)
    seen = []

    def tr(m):
        seen.append(m)
        return base.tr(m)
    return Texts(tr=tr, name=base.name, lang=lang), seen


def keys(seen):
    return [m["key"] if isinstance(m, dict) else m for m in seen]


def finished(players, seed):
    s = GAME.setup(players, GAME.resolve_options({}), seed)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.choose_ai_action(GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rnd))
    return s


def test_final_board_shows_winner_scores_and_tiebreak():
    s = finished(3, 7)  # Anna and Béla: 23 points each, 0 cards + goods each: a shared win
    t, seen = recording()
    R.board(GAME.view(s, None), t)
    shared = [m for m in seen if isinstance(m, dict) and m["key"] == "sanjuan.ui.winner_shared"]
    assert shared and t.tr(shared[0]).startswith("Shared win: Anna, Béla")
    totals = [m["args"]["n"] for m in seen if isinstance(m, dict) and m["key"] == "sanjuan.score.total"]
    assert sorted(totals) == sorted(GAME.outcome(s).scores)
    assert keys(seen).count("sanjuan.score.tiebreak") == 3
    # a tie on points broken by the tiebreak is named as such
    s["hands"][1].append(s["deck"].pop())
    t, seen = recording()
    R.board(GAME.view(s, None), t)
    won = [m for m in seen if isinstance(m, dict) and m["key"] == "sanjuan.ui.winner_tiebreak"]
    assert won and won[0]["args"]["n"] == 23 and t.tr(won[0]).startswith("Winner: Béla")
    # a clear win on points
    s["hands"][1].pop()
    s["cities"][0].append([s["deck"].pop(), -1])
    t, seen = recording()
    R.board(GAME.view(s, None), t)
    assert [t.tr(m) for m in list(seen) if isinstance(m, dict) and m["key"] == "sanjuan.ui.winner"] == ["Winner: Anna"]


def test_board_names_goods_on_trading_house_and_explains_card_numbers():
    s = GAME.setup(3, GAME.resolve_options({}), 1)
    s["turned_tile"] = s["tiles"].pop()
    t, seen = recording()
    R.board(GAME.view(s, None), t)
    k = keys(seen)
    for good in ("indigo", "sugar", "tobacco", "coffee", "silver"):
        assert "sanjuan.good." + good in k
    assert "sanjuan.ui.legend" in k
    # private cards carry the words next to the numbers
    t, seen = recording()
    R.private(GAME.view(s, 0), 0, t)
    assert "sanjuan.ui.cost" in keys(seen) and "sanjuan.ui.points" in keys(seen)


def test_board_shows_the_gold_mine_cards_to_everyone():
    from tests.sanjuan.helpers import act, build
    from tests.sanjuan.test_rules import on_top, ready
    s = ready()
    build(s, 2, "gold_mine")
    on_top(s, "well", "quarry", "smithy", "tobacco_storage", "library")
    act(s, 0, "role:prospector")
    t, seen = recording()
    R.board(GAME.view(s, None), t)
    line = [t.tr(m) for m in list(seen) if isinstance(m, dict) and m["key"] == "sanjuan.ui.gold_mine"]
    assert line == ["Gold mine turned up: Quarry (4), Smithy (1), Tobacco Storage (3), Library (5)"]
