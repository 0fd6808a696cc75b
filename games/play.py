"""Driving an engine without a frontend: random/AI self-play and replay.

Used by tests, benchmarks and the offline console's AI seats.  Pure: no I/O.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import Game, State, clone

# A full game that needs more steps than this is treated as not terminating.
MAX_STEPS = 20_000


def random_game(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
                ai_seats: frozenset[int] | set[int] = frozenset(), check: bool = False,
                max_steps: int = MAX_STEPS) -> tuple[State, list[tuple[int, str]]]:
    """Play one full game: seats in ``ai_seats`` use the engine's AI, the
    others pick uniformly among their legal actions.  Returns the final state
    and the action log ``[(seat, action_id), ...]``.  With ``check`` the
    engine's invariants are asserted after every step."""
    state = game.setup(players, game.resolve_options(options), seed)
    rnd = random.Random(seed)
    log: list[tuple[int, str]] = []
    # the engine's methods asked at every step, looked up once
    to_act, legal_ids, apply, record = game.to_act, game.legal_ids, game.apply, log.append
    getrandbits = rnd.getrandbits
    for _ in range(max_steps):
        seats = to_act(state)
        if not seats:  # to_act is empty once the game is over
            if game.is_over(state):
                return state, log
            raise AssertionError("game not over but nobody is to act")
        if len(seats) == 1:
            seat = seats[0]
        else:  # ``rnd.choice(seats)`` with the same draws, inlined (a planning round asks it at every step)
            n = len(seats)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            seat = seats[r]
        if seat in ai_seats:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} is to act but has no legal action"
            action_id = game.choose_ai_action(game.view(state, seat), seat, legal, rnd)
        else:
            # A random seat needs only the ids (in the same order as the
            # actions, so a seed plays the same game); labels are for people.
            ids = legal_ids(state, seat)
            assert ids, f"seat {seat} is to act but has no legal action"
            # ``rnd.choice(ids)`` with the same draws, inlined: two method frames a step were a
            # tenth of a random game's cost (tests/test_play.py compares the games played)
            n = len(ids)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            action_id = ids[r]
        apply(state, seat, action_id)
        record((seat, action_id))
        if check:
            game.check_invariants(state)
    raise AssertionError(f"game did not end within {max_steps} steps")


def replay(game: Game, players: int, seed: int, options: dict[str, Any] | None,
           log: list[tuple[int, str]]) -> State:
    """Rebuild a state from its seed and action log."""
    state = game.setup(players, game.resolve_options(options), seed)
    for seat, action_id in log:
        game.apply(state, seat, action_id)
    return state


def round_trip(state: State) -> State:
    return clone(state)
