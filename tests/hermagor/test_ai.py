"""The AI plays legal moves from its view and beats random play."""

from games.hermagor import GAME
from games.play import random_game


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
