"""Helpers that build positions directly in a state (for rule tests)."""

from games.hermagor import GAME, flow


def fresh(players: int, seed: int = 1, **options):
    state = GAME.setup(players, options, seed)
    return state


def to_phase3(state, seat: int = 0, hand: int = 3):
    """Jump to phase 3 with ``seat`` to act and ``hand`` posts for everyone."""
    state["stall_buyers"][:] = [None] * len(state["stall_buyers"])
    state["space_buyers"][:] = [None] * len(state["space_buyers"])
    for s in range(state["players"]):
        state["post_supply"][s] += state["posts_in_hand"][s] - hand
        state["posts_in_hand"][s] = hand
        state["buyers"][s] = 0
    state["pending"] = []
    state["phase"] = "act"
    state["turn"] = seat
    state["act_turn"] = flow.fresh_turn(state, seat)
    return state


def give_tile(state, seat: int, tile: str):
    for place in (state["bag"], *state["front_tiles"]):
        if tile in place:
            place.remove(tile)
    if tile in state["stalls"]:
        state["stalls"][state["stalls"].index(tile)] = None
    state["front_tiles"][seat].append(tile)


def put_post(state, colour: int, village: str):
    state["village_posts"][village].append(colour)
    state["post_supply"][colour] -= 1
