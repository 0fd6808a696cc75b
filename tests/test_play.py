"""games.play: the self-play driver's own pieces."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.base import Game, State
from games.play import random_game


def _played_with_choice(game: Game, players: int, seed: int) -> tuple[State, list[tuple[int, str]]]:
    """The random game as first recorded: every draw by ``random.choice``."""
    state = game.setup(players, game.resolve_options(None), seed)
    rnd = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not game.is_over(state):
        seats = game.to_act(state)
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        action = rnd.choice(game.legal_ids(state, seat))
        game.apply(state, seat, action)
        log.append((seat, action))
    return state, log


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_random_games_draw_exactly_as_random_choice(game_id: str) -> None:
    # Seeded games are recorded with random.choice's draws (of the seat when
    # several act at once, then of the action): the driver's inlined draws
    # must not change one, whatever the list's length.
    game = registry.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for seed in (3, 4):
            assert random_game(game, players, seed) == _played_with_choice(game, players, seed)
