"""Issue 13 pictures: the final board shows the result."""

from __future__ import annotations

import random

from games.anno1701 import GAME
from render.common import Texts
from service import i18n


def _finished(seed=7):
    rnd = random.Random(seed)
    state = GAME.setup(2, {}, seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
    return state


def _recording(lang="en"):
    names = ["Anna", "Béla"]
    seen = []

    def tr(m):
        seen.append(m)
        return i18n.render(m, lang, names.__getitem__)
    return Texts(tr, names.__getitem__, lang), seen


def test_final_board_shows_winner_reason_scores_and_tiebreak():
    from render import anno1701 as R
    state = _finished()
    texts, seen = _recording()
    R.board(GAME.view(state, None), texts)
    keys = [m["key"] if isinstance(m, dict) else m for m in seen]
    assert "anno1701.label.over" in keys and "anno1701.label.no_tiebreak" in keys
    result = next(m for m in seen if isinstance(m, dict) and m["key"] == "anno1701.ev.win." + state["win_reason"])
    assert result["args"]["seat"] == {"seat": state["winner"]}
    scores = [m["args"] for m in seen if isinstance(m, dict) and m["key"] == "anno1701.label.score"]
    assert sorted(a["seat"]["seat"] for a in scores) == [0, 1]
    for a in scores:
        assert a["glory"] == sum(len(st) - 1 for st in state["settlements"][a["seat"]["seat"]]["citizens"])


def test_voyage_offers_prices_centre_guards_and_legend():
    from games.anno1701.data import CARDS
    from render import anno1701 as R
    from tests.anno1701.helpers import fresh, sail
    s = fresh(phase="end")
    sail(s, 0, ["freetrader"], speed=5)
    three = next(c.id for c in CARDS if c.kind == "voyage" and len(c.offer) == 3)
    s["voyage"]["seen"] = [three]
    texts, seen = _recording("hu")
    R.board(GAME.view(s, None), texts)
    prices = [m["args"] for m in seen if isinstance(m, dict) and m["key"] == "anno1701.label.price"]
    assert [a["n"] for a in prices] == [p for _, p in CARDS[three].offer]     # all three, in gold
    keys = [m["key"] if isinstance(m, dict) else m for m in seen]
    assert "anno1701.label.legend" in keys
    # Each centre names the landscapes it guards (die number and good).
    goods = [m for m in seen if isinstance(m, dict) and m["key"].startswith("anno1701.good.")]
    assert len(goods) >= 2 * (7 + 2) + 2 * 4 + 3
