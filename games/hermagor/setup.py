"""The set-up: the new state (the map empty, prices at 5, the bag and the
action tiles shuffled, a random start player) played up to the first
decision, and its opening log line."""

from __future__ import annotations

from typing import Any

from games import rng
from games.base import Msg
from games.hermagor import flow, market
from games.hermagor.board import HERMAGOR, VILLAGES
from games.hermagor.common import colours
from games.hermagor.data import (
    DISCS_PER_COLOUR,
    GOODS,
    NOBILITY,
    POSTS_PER_COLOUR,
    START_PRICE,
    action_tiles,
    bag_tiles,
)
from games.hermagor.schema import HermagorState


def new_state(players: int, options: dict[str, Any], seed: int) -> HermagorState:
    """The state at the first decision (``options`` resolved); the opening
    events are kept in ``setup_events``."""
    colour_count = colours({"players": players})  # the shared colour's pieces too, with 2 players
    state: HermagorState = {
        "game": "hermagor",
        "players": players,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "round": 0,
        "phase": "start",
        "turn": None,
        "pending": [],
        "money": [10 if options["ten"] else 20] * players,
        "post_supply": [POSTS_PER_COLOUR] * colour_count,
        "posts_in_hand": [0] * players,
        "shared_posts": [0] * players,
        "village_posts": {v: [] for v in VILLAGES},
        "disc_supply": [DISCS_PER_COLOUR] * colour_count,
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
        "action_tiles": action_tiles(players, options["six"]),
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
    flow.advance(state, state["setup_events"])
    return state


def opening_events(state: HermagorState) -> list[Msg]:
    """The opening log line: round 1, its number of action tiles and who
    starts (the private money notes are left out)."""
    return [dict(event) for event in state["setup_events"] if "to" not in event]


