"""The AI plays legal moves from its view and beats random play; the levels
(easy, normal, hard) see only their view, are seeded, and normal beats easy;
``determinize`` keeps the view and makes playable worlds."""

import random

from games.base import clone, rank_rewards
from games.hermagor import GAME
from games.play import random_game, replay
from games.search import search

HARD_ITERATIONS = 4


def test_ai_beats_random_players():
    wins = 0
    for seed in range(20):
        state, _ = random_game(GAME, 3, seed, ai_seats={0})
        wins += GAME.outcome(state).ranking[0] == [0]
    assert wins >= 15


def test_all_ai_games_finish_in_every_variant():
    for players in (2, 5):
        for options in ({}, {"tax": True, "six": True, "ten": True}):
            state, _ = random_game(GAME, players, 7, options, ai_seats=set(range(players)), check=True)
            assert GAME.is_over(state)


def _positions(players: int, seed: int, options: dict | None = None, every: int = 23):
    """Seeded positions of a random game (a decision pending in each)."""
    options = options or {}
    _state, log = random_game(GAME, players, seed, options)
    state = GAME.setup(players, GAME.resolve_options(options), seed)
    for i, (seat, action) in enumerate(log):
        if i % every == 0:
            yield clone(state)
        GAME.apply(state, seat, action)


def _hidden_changed(state, seat: int):
    """The same position with everything ``seat`` cannot see changed: the
    rivals' money, the bag's order, the face-down action tiles, the RNG."""
    other = clone(state)
    for s in range(state["players"]):
        if s != seat and state["phase"] != "over":
            other["money"][s] += 7 + s
    other["bag"].reverse()
    other["action_tiles"].reverse()
    other["rng"] = (state["rng"] * 31 + 7) % (1 << 64)
    if state["phase"] == "tiles":
        other["resolving_stall"] = state["resolving_stall"]
    return other


def _decisions(state, seat: int, seed: int):
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    ids = [a.id for a in legal]
    return (GAME.choose_ai_action(view, seat, legal, random.Random(seed)),
            GAME.choose_normal_action(view, seat, legal, random.Random(seed)),
            search(GAME, view, seat, ids, seed, iterations=HARD_ITERATIONS).action)


def test_every_level_decides_from_the_view_alone():
    checked = 0
    for players in (2, 3, 5):
        for state in _positions(players, 40 + players, every=61):
            seat = GAME.to_act(state)[0]
            other = _hidden_changed(state, seat)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert _decisions(state, seat, 5) == _decisions(other, seat, 5)
            checked += 1
    assert checked >= 10


def test_determinize_keeps_the_view_and_the_game_goes_on():
    rnd = random.Random(1)
    for players in (2, 3, 4, 5):
        for seed, options in ((players, {}), (players + 10, {"tax": True, "six": True, "ten": True})):
            for n, state in enumerate(_positions(players, seed, options)):
                for seat in range(players):
                    view = GAME.view(state, seat)
                    world = GAME.determinize(view, seat, rnd)
                    GAME.check_invariants(world)
                    assert GAME.view(world, seat) == view
                    if n % 4 == 0 and seat == GAME.to_act(state)[0]:  # play it out
                        play = random.Random(n)
                        for _ in range(2000):
                            if GAME.is_over(world):
                                break
                            actor = GAME.to_act(world)[0]
                            GAME.apply(world, actor, play.choice(GAME.legal_ids(world, actor)))
                        GAME.check_invariants(world)
                        assert GAME.is_over(world)


def test_determinize_draws_what_is_hidden():
    state = next(p for i, p in enumerate(_positions(3, 8, every=5)) if i == 6)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    worlds = [GAME.determinize(view, seat, random.Random(k)) for k in range(8)]
    assert len({w["rng"] for w in worlds}) == 8
    assert all(sorted(w["bag"]) == sorted(state["bag"]) for w in worlds)  # the tiles left are known
    others = [s for s in range(3) if s != seat]
    assert len({tuple(w["money"][s] for s in others) for w in worlds}) > 1
    assert all(w["money"][seat] == state["money"][seat] for w in worlds)


def test_evaluate_gives_rewards_and_the_ranking_at_the_end():
    state, _ = random_game(GAME, 4, 3)
    assert GAME.evaluate(state) == rank_rewards(GAME.outcome(state).ranking, 4)
    for position in _positions(4, 3, every=40):
        rewards = GAME.evaluate(position)
        assert len(rewards) == 4 and all(0.0 <= r <= 1.0 for r in rewards)


def test_levels_are_seeded():
    for players in (2, 4):
        for state in list(_positions(players, 70 + players, every=97))[1:3]:
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            ids = [a.id for a in legal]
            normal = [GAME.choose_normal_action(view, seat, legal, random.Random(3)) for _ in range(2)]
            assert normal[0] == normal[1] and normal[0] in ids
            hard = [search(GAME, view, seat, ids, 9, iterations=HARD_ITERATIONS) for _ in range(2)]
            assert hard[0].action == hard[1].action and hard[0].visits == hard[1].visits
            assert hard[0].action in ids


def _match(players: int, index: int) -> bool:
    """One seat-rotated game of a normal seat against easy seats: did it win?"""
    strong = index % players
    state = GAME.setup(players, GAME.resolve_options({}), 500 + index)
    rnd = random.Random(index)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        choose = GAME.choose_normal_action if seat == strong else GAME.choose_ai_action
        GAME.apply(state, seat, choose(view, seat, legal, rnd))
    return strong in GAME.outcome(state).ranking[0]


def test_normal_beats_easy():
    assert sum(_match(2, i) for i in range(12)) >= 9  # fair share: 6 of 12
    assert sum(_match(4, i) for i in range(12)) >= 4  # fair share: 3 of 12


def test_replayed_positions_match():
    # the positions the tests above use are real ones (replay agrees)
    state, log = random_game(GAME, 3, 2)
    assert replay(GAME, 3, 2, {}, log) == state
