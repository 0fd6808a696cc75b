"""The hard AI's worlds: a full state that a seat cannot tell from the real
one, drawn from what its view shows."""

from __future__ import annotations

import json
from typing import Any

from games.hermagor import board, market
from games.hermagor.buyers import STALL_COST
from games.hermagor.common import Table
from games.hermagor.data import NOBILITY, PROD_SLOTS, action_tiles, bag_tiles
from games.hermagor.stalls import stall_winner


def determinize(view: Table, seat: int, rnd: Any) -> dict[str, Any]:
    """A full state matching ``view``: the bag is exactly the tiles nobody
    sees (only its order is open, and draws are random anyway); the face-down
    action tiles are the set minus the one turned up, shuffled, as many as
    are left; the rivals' money is estimated from what the table shows
    (exactly while shown to the tax official this round), with noise."""
    n = view["players"]
    state: dict[str, Any] = json.loads(json.dumps(view))
    del state["seat"], state["bag_size"], state["action_tiles_left"]
    state["rng"] = rnd.getrandbits(64)
    state["setup_events"] = []
    seen = [t for t in view["stalls"] if t is not None] + [t for f in view["front_tiles"] for t in f]
    bag = bag_tiles(n)
    for tile in seen:
        bag.remove(tile)
    rnd.shuffle(bag)
    state["bag"] = bag
    pool = action_tiles(n, bool(view["options"].get("six")))
    if view["action_tile"] is not None and view["phase"] != "over":
        pool.remove(view["action_tile"])
    rnd.shuffle(pool)
    state["action_tiles"] = pool[:view["action_tiles_left"]]
    state["resolving_stall"] = _resolving_stall(view) if view["phase"] == "tiles" else 0
    if view["phase"] != "over":
        money = state["money"]
        for s in range(n):
            if s != seat:
                money[s] = _money_guess(view, seat, s, rnd)
    return state


def _resolving_stall(view: Table) -> int:
    """The stall after the last one resolved (a pending decision in phase 2
    came from it): resolved stalls with a winner are emptied, the others keep
    their tile until their turn.  An empty stall that never had a tile is
    skipped either way, so counting past it changes nothing."""
    stalls = market.ACTIVE_STALLS[view["players"]]
    last = -1
    for i, st in enumerate(stalls):
        won = stall_winner(view, st) is not None
        if view["stalls"][st] is None:
            if won:
                last = i
        elif won:
            break
    return last + 1


def _visible_income(view: Table, s: int) -> int:
    """Money the table shows a seat was paid: nobility and production slots."""
    paid = sum(NOBILITY[i] for i, c in enumerate(view["nobility"]) if c == s)
    for row in view["production"].values():
        for i, c in enumerate(row):
            if c == s:
                paid += PROD_SLOTS[i]
    return paid


def _placed_cost(view: Table, s: int) -> int:
    """What a seat paid for the buyers it has on the market now."""
    cost = STALL_COST * view["stall_buyers"].count(s)
    for sp, c in enumerate(view["space_buyers"]):
        if c == s:
            cost += market.SPACE_COST[sp]
    return cost


_NET_PER_POST = 2.5  # a post on the board brought about this much net (price less fare and buyers)


def _money_guess(view: Table, seat: int, s: int, rnd: Any) -> int:
    tax = view["tax_official"]
    if tax is not None and tax["shown"][s] is not None and view["phase"] in ("tax", "buy"):
        return max(0, int(tax["shown"][s]) - (_placed_cost(view, s) if view["phase"] == "buy" else 0))
    posts = view["village_posts"]
    board_posts = [sum(1 for v in board.VILLAGES if x in posts[v]) for x in (seat, s)]
    guess = (view["money"][seat] + _visible_income(view, s) - _visible_income(view, seat)
             + _NET_PER_POST * (board_posts[1] - board_posts[0])
             - _placed_cost(view, s) + _placed_cost(view, seat))
    spread = 2.0 + 2.0 * view["round"]
    return max(0, round(guess + rnd.gauss(0.0, spread)))
