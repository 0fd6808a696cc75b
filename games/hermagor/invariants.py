"""Conservation of the components (posts, discs, tiles, buyers) and ranges,
asserted by the randomised tests after every step."""

from __future__ import annotations

from games.hermagor import board
from games.hermagor.common import colours, shared
from games.hermagor.data import BUYERS, DISCS_PER_COLOUR, POSTS_PER_COLOUR, SHARED_BUYERS_EACH, bag_tiles
from games.hermagor.schema import HermagorState

_ALL_TILES = {n: sorted(bag_tiles(n)) for n in range(2, 6)}


def check_invariants(state: HermagorState) -> None:
    n = state["players"]
    sh = shared(state)
    counts = [0] * colours(state)
    for v, posts in state["village_posts"].items():
        assert len(posts) == len(set(posts)), f"two posts of a colour in {v}"
        for x in posts:
            counts[x] += 1
    for c in range(colours(state)):
        on_board = counts[c]
        held = sum(state["shared_posts"]) if c == sh else state["posts_in_hand"][c]
        assert state["post_supply"][c] >= 0 and held >= 0
        assert state["post_supply"][c] + held + on_board == POSTS_PER_COLOUR, f"posts of colour {c}"
        discs = sum(row.count(c) for row in state["production"].values()) + state["nobility"].count(c)
        assert state["disc_supply"][c] >= 0 and state["disc_supply"][c] + discs == DISCS_PER_COLOUR
    tiles = list(state["bag"]) + [t for t in state["stalls"] if t] + [
        t for f in state["front_tiles"] for t in f]
    assert sorted(tiles) == _ALL_TILES[n], "tiles not conserved"
    for seat in range(n):
        assert state["money"][seat] >= 0, f"money of seat {seat} negative"
        placed = state["stall_buyers"].count(seat) + state["space_buyers"].count(seat)
        assert 0 <= placed + state["buyers"][seat] <= BUYERS
        assert state["merchants"][seat] in board.NODES
    if sh is not None:
        placed = state["stall_buyers"].count(sh) + state["space_buyers"].count(sh)
        assert placed + sum(state["shared_buyers"]) <= 2 * SHARED_BUYERS_EACH
    assert all(5 <= p <= 10 for p in state["prices"].values())
    turn = state["turn"]
    if state["phase"] in ("tax", "buy", "act"):
        if not state["pending"]:
            assert turn is not None and 0 <= turn < n, "nobody's turn"
    else:  # ``to_act`` reads the turn without the phase
        assert turn is None, "a turn outside the tax, buy and act phases"
    if state["phase"] == "buy":
        assert state["buy_turn"] is not None
    if state["phase"] == "act":
        assert state["act_turn"] is not None
