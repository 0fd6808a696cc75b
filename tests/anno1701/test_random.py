"""Seeded random and AI full games: invariants, termination, replay, hiding, messages, rendering."""

from __future__ import annotations

import json
import random
import re
import statistics

import pytest

from games.anno1701 import GAME
from games.play import random_game, replay, round_trip
from render.common import Texts, to_png
from service import i18n
from service.i18n import message_keys as _keys

ID = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_invariants_and_end(block):
    """1000 seeded games: random seats mixed with AI seats, invariants every step."""
    for seed in range(block * 100, block * 100 + 100):
        ai = [frozenset(), frozenset({0}), frozenset({1}), frozenset({0, 1})][seed % 4]
        if ai == frozenset({0, 1}) and seed % 8 != 3:
            ai = frozenset({seed % 2})      # keep the slow AI-vs-AI games to a few
        state, log = random_game(GAME, 2, seed, ai_seats=ai, check=True)
        assert GAME.is_over(state) and state["winner"] in (0, 1)
        out = GAME.outcome(state)
        assert out.ranking == [[state["winner"]], [1 - state["winner"]]]


def test_replay_and_json_round_trip():
    for seed in (3, 17, 99):
        state, log = random_game(GAME, 2, seed, ai_seats={0})
        again = replay(GAME, 2, seed, None, log)
        assert again == state
        assert round_trip(state) == state
        json.dumps(GAME.view(state, 0))


def test_mid_game_state_survives_json_and_continues_identically():
    state, log = random_game(GAME, 2, 5, ai_seats={0, 1})
    half = replay(GAME, 2, 5, None, log[: len(log) // 2])
    copy = json.loads(json.dumps(half))
    for seat, aid in log[len(log) // 2:]:
        GAME.apply(half, seat, aid)
        GAME.apply(copy, seat, aid)
    assert half == copy == state


def test_views_never_leak_hands_piles_or_voyage_order():
    rnd = random.Random(1)
    for seed in range(40):
        state = GAME.setup(2, {}, seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            for viewer in (None, 0, 1):
                v = GAME.view(state, viewer)
                assert all("hand" not in p for p in v["settlements"])
                assert ("hand" in v) == (viewer is not None)
                assert "piles" not in v and all(isinstance(n, int) for n in v["pile_sizes"])
                if v["voyage"]:
                    assert "order" not in v["voyage"]
                for item in v["pending"]:
                    if "cards" in item:
                        assert item["seat"] == viewer
            legal = GAME.legal_actions(state, seat)
            aid = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) if seed % 2 \
                else rnd.choice(legal).id
            for e in GAME.apply(state, seat, aid):
                if "to" not in e and e["key"] in ("anno1701.ev.spy", "anno1701.ev.pick", "anno1701.ev.draw"):
                    assert "card" not in e.get("args", {})


def test_every_emitted_key_exists_and_ids_are_clean():
    keys: set[str] = set()
    rnd = random.Random(2)
    longest = 0
    for seed in range(150):
        state = GAME.setup(2, {}, seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            _keys(GAME.prompt(state, seat), keys)
            _keys(GAME.prompt(state, 1 - seat), keys)
            legal = GAME.legal_actions(state, seat)
            longest = max(longest, len(legal))
            for a in legal:
                assert ID.match(a.id), a.id
                _keys(a.label, keys)
            aid = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) if seed % 3 \
                else rnd.choice(legal).id
            _keys(GAME.apply(state, seat, aid), keys)
        for lines in GAME.outcome(state).details:
            _keys(lines, keys)
    keys |= {"anno1701.name", "anno1701.rules"}
    assert i18n.missing_keys(sorted(keys)) == []
    assert longest <= 25
    for lang in (0, 1):
        assert len(i18n.catalogue()["anno1701.rules"][lang]) <= 1800


def test_ai_games_are_balanced_and_of_plausible_length():
    turns, wins = [], [0, 0]
    for seed in range(60):
        state, _ = random_game(GAME, 2, 10_000 + seed, ai_seats={0, 1})
        turns.append(state["turn_count"])
        wins[state["winner"]] += 1
    assert 20 <= statistics.median(turns) <= 90
    assert 18 <= wins[0] <= 42


def test_ai_beats_random_play():
    wins = 0
    for seed in range(40):
        state, _ = random_game(GAME, 2, seed, ai_seats={seed % 2})
        wins += state["winner"] == seed % 2
    assert wins >= 36


def test_timed_defaults_are_legal():
    rnd = random.Random(4)
    seen = 0
    for seed in range(60):
        state = GAME.setup(2, {}, seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            td = GAME.timed_default(state, seat)
            if td is not None:
                seen += 1
                assert td[0] > 0 and td[1] in GAME.legal_ids(state, seat)
                assert seat != state["turn"]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
    assert seen > 0


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_render_board_and_private(lang):
    from render import anno1701 as R
    names = ["Anna", "Őrsűr Ödön"]
    texts = Texts(lambda m: i18n.render(m, lang, names.__getitem__), names.__getitem__, lang)
    rnd = random.Random(7)
    state = GAME.setup(2, {}, 7)
    shots = 0
    while not GAME.is_over(state) and shots < 6:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
        if state["turn_count"] % 7 == 0 or state["voyage"] or state["pending"]:
            shots += 1
            png = to_png(R.board(GAME.view(state, None), texts))
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 400_000
            for s in (0, 1):
                assert len(to_png(R.private(GAME.view(state, s), s, texts))) < 400_000
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
    img = R.board(GAME.view(state, None), texts)
    assert 1200 <= img.width <= 1400
