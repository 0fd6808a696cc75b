"""Game set-up and the start of each round (phase 1 preparations)."""

from __future__ import annotations

from typing import Any

from games import rng
from games.base import Msg, seat_order
from games.hermagor import market
from games.hermagor.board import HERMAGOR, VILLAGES
from games.hermagor.common import m, shared
from games.hermagor.data import (
    BUYERS,
    DISCS_PER_COLOUR,
    GOODS,
    NOBILITY,
    POSTS_PER_COLOUR,
    SHARED_BUYERS_EACH,
    SHARED_POSTS_EACH,
    START_PRICE,
    action_tiles,
    bag_tiles,
)
from games.hermagor.schema import BuyTurn, HermagorState


def new_state(players: int, options: dict[str, Any], seed: int) -> HermagorState:
    colours = players + (1 if players == 2 else 0)
    state: HermagorState = {
        "game": "hermagor",
        "players": players,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "round": 0,
        "phase": "start",
        "turn": None,
        "pending": [],
        "money": [10 if options.get("ten") else 20] * players,
        "post_supply": [POSTS_PER_COLOUR] * colours,
        "posts_in_hand": [0] * players,
        "shared_posts": [0] * players,
        "village_posts": {v: [] for v in VILLAGES},
        "disc_supply": [DISCS_PER_COLOUR] * colours,
        "production": {g: [None, None, None, None] for g in GOODS},
        "nobility": [None] * len(NOBILITY),
        "prices": {g: START_PRICE for g in GOODS},
        "merchants": [HERMAGOR] * players,
        "bag": bag_tiles(players),
        "stalls": [None] * (market.ROWS * market.COLS),
        "stall_buyers": [None] * (market.ROWS * market.COLS),
        "space_buyers": [None] * (len(market.SPACES) + 1),  # index = space number
        "buyers": [0] * players,
        "shared_buyers": [0] * players,
        "front_tiles": [[] for _ in range(players)],
        "action_tiles": action_tiles(players, bool(options.get("six"))),
        "action_tile": None,
        "start_player": 0,
        "buy_turn": None,
        "act_turn": None,
        "resolving_stall": 0,
        "tax_official": None,
        "final_income": None,
        "setup_events": [],
    }
    rng.shuffle(state, state["action_tiles"])
    state["start_player"] = rng.randbelow(state, players)
    return state


def draw_tile(state: HermagorState, goods_only: bool = False) -> str | None:
    """Take a random tile out of the bag (optionally only a goods tile: drawn
    special tiles would go straight back, so the result is the same)."""
    bag = state["bag"]
    pool = [t for t in bag if t[0] == "g"] if goods_only else bag
    if not pool:
        return None
    tile = pool[rng.randbelow(state, len(pool))]
    bag.remove(tile)
    return tile


def start_round(state: HermagorState, events: list[Msg]) -> bool:
    """Phase 1 preparations.  False when no action tile is left (game end)."""
    if not state["action_tiles"]:
        return False
    n = state["players"]
    state["round"] += 1
    stalls = state["stalls"]
    for stall in market.ACTIVE_STALLS[n]:
        if stalls[stall] is None:  # leftovers stay where they are
            stalls[stall] = draw_tile(state)
    action = state["action_tiles"].pop(0)
    state["action_tile"] = action
    events.append(m("ev.round", round=state["round"], actions=action,
                    start={"seat": state["start_player"]}))
    supply, hand = state["post_supply"], state["posts_in_hand"]
    for seat in range(n):
        # with the 6-tile variant the supply may run short: who has none cannot act
        take = min(action, supply[seat])
        supply[seat] -= take
        hand[seat] = take
        state["buyers"][seat] = BUYERS
    sh = shared(state)
    if sh is not None:
        for seat in seat_order(n, state["start_player"]):
            take = min(SHARED_POSTS_EACH, supply[sh])
            supply[sh] -= take
            state["shared_posts"][seat] = take
            state["shared_buyers"][seat] = SHARED_BUYERS_EACH
    if state["options"].get("tax"):
        state["phase"] = "tax"
        state["tax_official"] = {"asked_count": 0, "shown": [None] * n}
        state["turn"] = state["start_player"]
    else:
        begin_buying(state)
    return True


def begin_buying(state: HermagorState) -> None:
    state["phase"] = "buy"
    state["turn"] = state["start_player"]
    state["buy_turn"] = fresh_buy_turn(state, state["start_player"])


def fresh_buy_turn(state: HermagorState, seat: int) -> BuyTurn:
    return {"band": None, "for_shared": False, "own_done": state["buyers"][seat] == 0,
            # ``shared(state) is None`` (more than 2 players), inline: every turn asks
            "shared_done": state["players"] != 2 or state["shared_buyers"][seat] == 0}
