"""Driving an engine without a frontend: random/AI self-play and replay.

Used by tests, benchmarks and the offline console's AI seats.  Pure: no I/O.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import Game, State, clone

# A full game that needs more steps than this is treated as not terminating.
MAX_STEPS = 20_000


def pick(rnd: random.Random, seq: list[Any]) -> Any:
    """``rnd.choice(seq)`` with the same draws, inlined: random seats pick once a move, and
    the two method frames of ``choice`` were a tenth of a random game's cost."""
    n = len(seq)
    k = n.bit_length()
    r = rnd.getrandbits(k)
    while r >= n:  # (an empty sequence draws 0: refused here, off the common path)
        if not n:
            raise IndexError("pick from an empty sequence")
        r = rnd.getrandbits(k)
    return seq[r]


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
        seat = seats[0] if len(seats) == 1 else pick(rnd, seats)
        if seat in ai_seats:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} is to act but has no legal action"
            action_id = game.choose_ai_action(game.view(state, seat), seat, legal, rnd)
        else:
            # A random seat needs only the ids (in the same order as the
            # actions, so a seed plays the same game); labels are for people.
            ids = legal_ids(state, seat)
            assert ids, f"seat {seat} is to act but has no legal action"
            # ``pick(rnd, ids)`` inlined, the same draws: it runs at every step
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
