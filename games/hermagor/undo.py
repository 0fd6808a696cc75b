"""The undo window.

Hermagor hides little: each player's money, and the order of the face-down
action tiles (one is turned each round).  Everything else (tiles in front of
the players, buyers, trading posts, discs, prices) is open on the table; the
bag is drawn from at random, so every draw moves the RNG.
"""

from __future__ import annotations

from games.hermagor.schema import HermagorState


def closes_undo(before: HermagorState, after: HermagorState, seat: int, action_id: str) -> bool:
    """Whether ``seat``'s action may no longer be taken back.

    Closed when chance was drawn (a tile from the bag, a random tie-break),
    when an action tile was turned (a new round: its order is hidden and does
    not move the RNG), when money was shown to the tax official, when another
    seat's hidden money changed (income from a trading post or the market
    information), when a tile left the bag by any way, and at the end of the
    game (the result shows everyone's money).  Everything else — opening a
    menu, going back, placing a buyer, passing, moving, selling where nobody
    else earns, raising a price, naming the start player, placing a
    production disc — is an open decision that reveals nothing."""
    if before["rng"] != after["rng"]:
        return True
    if before["round"] != after["round"] or before["action_tiles"] != after["action_tiles"] \
            or before["action_tile"] != after["action_tile"]:
        return True  # an action tile was turned
    if after["phase"] == "over" or after["final_income"] != before["final_income"]:
        return True
    if _shown(before) != _shown(after):
        return True  # money shown to the tax official
    n = before["players"]
    if any(before["money"][s] != after["money"][s] for s in range(n) if s != seat):
        return True
    # a tile that came out of the bag (by any way) was revealed
    return not set(before["bag"]) <= set(after["bag"])


def _shown(state: HermagorState) -> list[int | None] | None:
    tax = state["tax_official"]
    return tax["shown"] if tax else None
