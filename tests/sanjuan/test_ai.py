"""The AI levels of San Juan: each decides from its seat's view alone, the
determinizations the hard AI searches look exactly like that view, the levels
repeat themselves under a seed, and the normal AI beats the easy one."""

from __future__ import annotations

import random

import pytest

from games.base import clone
from games.sanjuan import GAME
from games.search import search


def _positions(players: int, seed: int, every: int = 9, options: dict | None = None):
    """(state, seat to act) at every ``every``-th step of a seeded game of
    normal and easy seats."""
    state = GAME.setup(players, GAME.resolve_options(options or {}), seed)
    rnd = random.Random(seed)
    step = 0
    while not GAME.is_over(state):
        due = GAME.to_act(state)
        seat = rnd.choice(due)
        legal = GAME.legal_actions(state, seat)
        if step % every == 0:
            yield clone(state), seat
        view = GAME.view(state, seat)
        if seat % 2:
            action = GAME.choose_ai_action(view, seat, legal, rnd)
        else:
            action = GAME.choose_normal_action(view, seat, legal, rnd)
        GAME.apply(state, seat, action)
        step += 1


def _hide_differently(state, seat: int, rnd: random.Random):
    """The same position with everything ``seat`` cannot see changed: the
    others' hands, chapels and goods swapped with deck cards, the deck and
    the face-down tiles reordered, the generator's future."""
    other = clone(state)
    deck = other["deck"]
    for p in range(other["players"]):
        if p == seat:
            continue
        for pile in (other["hands"][p], other["chapel"][p]):
            for i in range(len(pile)):
                if deck:
                    j = rnd.randrange(len(deck))
                    pile[i], deck[j] = deck[j], pile[i]
    for city in other["cities"]:
        for building in city:
            if building[1] >= 0 and deck:
                j = rnd.randrange(len(deck))
                building[1], deck[j] = deck[j], building[1]
    rnd.shuffle(deck)
    rnd.shuffle(other["tiles"])
    other["rng"] = rnd.getrandbits(64)
    return other


def test_every_level_decides_from_the_view_alone():
    rnd = random.Random(5)
    searched = 0
    for players in (2, 4):
        for state, seat in _positions(players, 21 + players, every=17):
            other = _hide_differently(state, seat, rnd)
            GAME.check_invariants(other)
            view = GAME.view(state, seat)
            assert GAME.view(other, seat) == view
            legal = GAME.legal_actions(state, seat)
            assert [a.id for a in GAME.legal_actions(other, seat)] == [a.id for a in legal]
            for choose in (GAME.choose_ai_action, GAME.choose_normal_action):
                assert (choose(view, seat, legal, random.Random(3))
                        == choose(GAME.view(other, seat), seat, legal, random.Random(3)))
            if len(legal) > 1 and searched < 6:
                searched += 1
                ids = [a.id for a in legal]
                first = search(GAME, view, seat, ids, "t", iterations=12)
                again = search(GAME, GAME.view(other, seat), seat, ids, "t", iterations=12)
                assert (first.action, first.visits) == (again.action, again.visits)
    assert searched == 6


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"start_choice": True}])
def test_determinize_keeps_the_view_and_the_game_goes_on(players, options):
    rnd = random.Random(players)
    played = 0
    for seed in (1, 2, 3):
        for state, actor in _positions(players, seed, every=5, options=options):
            # Every seat's view, not only the one to act (a hidden building under way, others' picks).
            for seat in range(players):
                view = GAME.view(state, seat)
                world = GAME.determinize(view, seat, rnd)
                GAME.check_invariants(world)
                assert GAME.view(world, seat) == view
                if seat == actor and played < 3 * seed:
                    played += 1
                    steps = 0
                    while not GAME.is_over(world) and steps < 2000:
                        p = rnd.choice(GAME.to_act(world))
                        GAME.apply(world, p, rnd.choice(GAME.legal_ids(world, p)))
                        steps += 1
                    GAME.check_invariants(world)
                    assert GAME.is_over(world)


def test_evaluate_gives_rewards_in_range_and_the_ranking_at_the_end():
    for state, _ in _positions(3, 8, every=20):
        rewards = GAME.evaluate(state)
        assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)
    state = next(iter(_positions(3, 8, every=10_000)))[0]
    while not GAME.is_over(state):
        p = GAME.to_act(state)[0]
        GAME.apply(state, p, GAME.choose_normal_action(GAME.view(state, p), p, GAME.legal_actions(state, p),
                                                       random.Random(1)))
    rewards = GAME.evaluate(state)
    best = GAME.outcome(state).ranking[0]
    assert all(rewards[p] == max(rewards) for p in best)


def test_the_levels_repeat_themselves_under_a_seed():
    searched = 0
    for state, seat in _positions(3, 4, every=23):
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        assert (GAME.choose_normal_action(view, seat, legal, random.Random(9))
                == GAME.choose_normal_action(view, seat, legal, random.Random(9)))
        if len(legal) > 1 and searched < 4:
            searched += 1
            ids = [a.id for a in legal]
            first = search(GAME, view, seat, ids, 7, iterations=10)
            again = search(GAME, view, seat, ids, 7, iterations=10)
            assert (first.action, first.visits) == (again.action, again.visits)


def _match(players: int, index: int) -> float:
    """One seat-rotated game: the normal AI at seat ``index % players``, easy
    elsewhere; its share of the win."""
    strong = index % players
    state = GAME.setup(players, GAME.resolve_options({}), 500 + index)
    rnd = random.Random(index)
    while not GAME.is_over(state):
        due = GAME.to_act(state)
        seat = due[0] if len(due) == 1 else rnd.choice(due)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        choose = GAME.choose_normal_action if seat == strong else GAME.choose_ai_action
        GAME.apply(state, seat, choose(view, seat, legal, rnd))
    winners = GAME.outcome(state).ranking[0]
    return 1 / len(winners) if strong in winners else 0.0


@pytest.mark.parametrize("players", [2, 4])
def test_the_normal_ai_beats_the_easy_one(players):
    games = 60
    share = sum(_match(players, i) for i in range(games)) / games
    assert share >= 1.3 / players
