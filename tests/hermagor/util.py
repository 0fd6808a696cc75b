"""Helpers that build positions directly in a state (for rule tests)."""

from games.hermagor import GAME, travel


def fresh(players: int, seed: int = 1, **options):
    state = GAME.setup(players, options, seed)
    return state


def to_phase3(state, seat: int = 0, hand: int = 3):
    """Jump to phase 3 with ``seat`` to act and ``hand`` posts for everyone."""
    state["on_stall"][:] = [None] * len(state["on_stall"])
    state["on_space"][:] = [None] * len(state["on_space"])
    for s in range(state["players"]):
        state["supply"][s] += state["hand"][s] - hand
        state["hand"][s] = hand
        state["buyers"][s] = 0
    state["pending"] = []
    state["phase"] = "act"
    state["turn"] = seat
    state["step"] = travel.fresh_step(state, seat)
    return state


def give_tile(state, seat: int, tile: str):
    for place in (state["bag"], *state["front"]):
        if tile in place:
            place.remove(tile)
    if tile in state["stalls"]:
        state["stalls"][state["stalls"].index(tile)] = None
    state["front"][seat].append(tile)


def put_post(state, colour: int, village: str):
    state["village"][village].append(colour)
    state["supply"][colour] -= 1
