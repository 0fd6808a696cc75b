"""Maharaja's AI levels: they read only the seat's view, determinize keeps the
view exactly, the levels are seeded, and the normal AI beats the easy one."""

from __future__ import annotations

import random

import pytest

from games.base import clone
from games.maharaja import GAME
from games.search import search

SEARCH_ITERATIONS = 8


def _choose(state, seat, level, rnd):
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    if level == "easy":
        return GAME.choose_ai_action(view, seat, legal, rnd)
    return GAME.choose_normal_action(view, seat, legal, rnd)


def _positions(players, seed, options=None, every=9):
    """(state copy, seat to act) along one seeded game of normal and easy seats."""
    state = GAME.setup(players, GAME.resolve_options(options or {}), seed)
    rnd = random.Random(seed)
    step = 0
    while not GAME.is_over(state):
        due = GAME.to_act(state)
        seat = due[0] if len(due) == 1 else rnd.choice(due)
        if step % every == 0:
            yield clone(state), seat
        GAME.apply(state, seat, _choose(state, seat, "normal" if seat % 2 else "easy", rnd))
        step += 1


def _hidden_changed(state, seat):
    """The same position with everything ``seat`` cannot see changed: the
    other seats' gold, their unrevealed plans, the generator."""
    other = clone(state)
    other["rng"] ^= 0x5DEECE66D
    for s in range(other["players"]):
        if s == seat or other["phase"] == "over":
            continue
        other["gold"][s] += 7
        if not other["revealed"][s] and other["confirmed"][s]:
            other["plans"][s] = ["gold", "swap"] if other["plans"][s] != ["gold", "swap"] else ["house", "quarry"]
    return other


@pytest.mark.parametrize("players", [2, 5])
def test_every_level_decides_from_the_view_alone(players):
    checked = 0
    for state, seat in _positions(players, 3, every=23):
        other = _hidden_changed(state, seat)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        for level in ("easy", "normal"):
            assert _choose(state, seat, level, random.Random(5)) == _choose(other, seat, level, random.Random(5))
        if checked % 6 == 1:
            found = [search(GAME, GAME.view(s, seat), seat, GAME.legal_ids(s, seat), seed=11,
                            iterations=SEARCH_ITERATIONS).action for s in (state, other)]
            assert found[0] == found[1]
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"advanced": 2}])
def test_determinize_keeps_the_view_and_the_invariants(players, options):
    rnd = random.Random(players)
    for seed in range(2):
        for index, (state, seat) in enumerate(_positions(players, 40 + seed, options, every=5)):
            view = GAME.view(state, seat)
            world = GAME.determinize(view, seat, rnd)
            assert GAME.view(world, seat) == view
            GAME.check_invariants(world)
            assert world["rng"] != state["rng"]
            # the seat's own moves are the real ones (its gold and plan are its own)
            assert GAME.legal_ids(world, seat) == GAME.legal_ids(state, seat)
            if index % 15 == 7:
                _play_out(world)


def _play_out(state):
    rnd = random.Random(1)
    for _ in range(5000):
        if GAME.is_over(state):
            break
        due = GAME.to_act(state)
        seat = due[0] if len(due) == 1 else rnd.choice(due)
        GAME.apply(state, seat, _choose(state, seat, "normal", rnd))
    assert GAME.is_over(state)
    GAME.check_invariants(state)


def test_determinize_samples_hidden_gold_and_plans():
    state, seat = next((state, seat) for state, seat in _positions(4, 7, every=11)
                       if state["phase"] == "act" and state["round"] >= 3 and not all(state["revealed"]))
    view = GAME.view(state, seat)
    worlds = [GAME.determinize(view, seat, random.Random(i)) for i in range(20)]
    others = [s for s in range(4) if s != seat]
    assert len({tuple(w["gold"][s] for s in others) for w in worlds}) > 1
    hidden = [s for s in others if not state["revealed"][s]]
    assert len({tuple(tuple(w["plans"][s]) for s in hidden) for w in worlds}) > 1
    assert all(len(w["plans"][s]) == 2 for w in worlds for s in hidden)


def test_evaluate_rewards_in_range_and_the_end_by_ranking():
    for state, _seat in _positions(3, 9, every=31):
        rewards = GAME.evaluate(state)
        assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)
    state, _ = next(_positions(3, 9, every=1))
    _play_out(state)
    rewards = GAME.evaluate(state)
    winner = GAME.outcome(state).ranking[0][0]
    assert rewards[winner] == max(rewards)


def test_levels_are_seeded():
    for state, seat in list(_positions(3, 12, every=37))[1:3]:
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        assert (GAME.choose_normal_action(view, seat, legal, random.Random(3))
                == GAME.choose_normal_action(view, seat, legal, random.Random(3)))
        ids = [a.id for a in legal]
        first = search(GAME, view, seat, ids, seed="s", iterations=SEARCH_ITERATIONS)
        again = search(GAME, view, seat, ids, seed="s", iterations=SEARCH_ITERATIONS)
        assert (first.action, first.visits) == (again.action, again.visits)


def _match(players, index):
    """One seat-rotated game: normal at seat ``index % players``, easy elsewhere."""
    strong = index % players
    state = GAME.setup(players, GAME.resolve_options({}), 500 + index)
    rnd = random.Random(index)
    while not GAME.is_over(state):
        due = GAME.to_act(state)
        seat = due[0] if len(due) == 1 else rnd.choice(due)
        GAME.apply(state, seat, _choose(state, seat, "normal" if seat == strong else "easy", rnd))
    return strong in GAME.outcome(state).ranking[0]


@pytest.mark.parametrize(("players", "games", "least"), [(2, 10, 8), (5, 20, 8)])
def test_normal_beats_easy(players, games, least):
    # 1.5 x the fair share is 75% (2 players) and 30% (5 players)
    wins = sum(_match(players, i) for i in range(games))
    assert wins >= least
