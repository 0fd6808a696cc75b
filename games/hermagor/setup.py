"""Game set-up and the start of each round (phase 1 preparations)."""

from __future__ import annotations

from games import rng
from games.base import Msg, State
from games.hermagor import board, market
from games.hermagor.common import m, order_from, shared
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


def new_state(players: int, options: dict, seed: int) -> State:
    state: State = {
        "game": "hermagor",
        "players": players,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "round": 0,
        "money": [10 if options.get("ten") else 20] * players,
        "supply": [POSTS_PER_COLOUR] * (players + (1 if players == 2 else 0)),
        "hand": [0] * players,
        "shared_posts": [0] * players,
        "village": {v: [] for v in board.VILLAGES},
        "discs": [DISCS_PER_COLOUR] * (players + (1 if players == 2 else 0)),
        "prod": {g: [None, None, None, None] for g in GOODS},
        "nobility": [None] * len(NOBILITY),
        "prices": {g: START_PRICE for g in GOODS},
        "merchant": [board.HERMAGOR] * players,
        "bag": bag_tiles(players),
        "stalls": [None] * (market.ROWS * market.COLS),
        "on_stall": [None] * (market.ROWS * market.COLS),
        "on_space": [None] * (len(market.SPACES) + 1),  # index = space number
        "buyers": [0] * players,
        "shared_buyers": [0] * players,
        "front": [[] for _ in range(players)],
        "actions": action_tiles(players, bool(options.get("six"))),
        "action": None,
        "start": 0,
        "turn": 0,
        "phase": "start",
        "step": {},
        "pending": [],
        "p2": 0,
        "tax": None,
        "final": None,
    }
    rng.shuffle(state, state["actions"])
    state["start"] = rng.randbelow(state, players)
    return state


def draw_tile(state: State, goods_only: bool = False) -> str | None:
    """Take a random tile out of the bag (optionally only a goods tile: drawn
    special tiles would go straight back, so the result is the same)."""
    pool = [t for t in state["bag"] if t[0] == "g"] if goods_only else state["bag"]
    if not pool:
        return None
    tile = pool[rng.randbelow(state, len(pool))]
    state["bag"].remove(tile)
    return tile


def start_round(state: State, events: list[Msg]) -> bool:
    """Phase 1 preparations.  False when no action tile is left (game end)."""
    if not state["actions"]:
        return False
    n = state["players"]
    state["round"] += 1
    for stall in market.active_stalls(n):
        if state["stalls"][stall] is None:  # leftovers stay where they are
            state["stalls"][stall] = draw_tile(state)
    action = state["actions"].pop(0)
    state["action"] = action
    events.append(m("ev.round", round=state["round"], actions=action,
                    start={"seat": state["start"]}))
    for seat in range(n):
        # with the 6-tile variant the supply may run short: who has none cannot act
        take = min(action, state["supply"][seat])
        state["supply"][seat] -= take
        state["hand"][seat] = take
        state["buyers"][seat] = BUYERS
    sh = shared(state)
    if sh is not None:
        for seat in order_from(state, state["start"]):
            take = min(SHARED_POSTS_EACH, state["supply"][sh])
            state["supply"][sh] -= take
            state["shared_posts"][seat] = take
            state["shared_buyers"][seat] = SHARED_BUYERS_EACH
    if state["options"].get("tax"):
        state["phase"] = "tax"
        state["tax"] = {"asked": 0, "shown": [None] * n}
        state["turn"] = state["start"]
    else:
        begin_buying(state)
    return True


def begin_buying(state: State) -> None:
    state["phase"] = "buy"
    state["turn"] = state["start"]
    state["step"] = fresh_buy_step(state, state["start"])


def fresh_buy_step(state: State, seat: int) -> dict:
    return {"band": None, "shared": False, "own": state["buyers"][seat] == 0,
            "sh": shared(state) is None or state["shared_buyers"][seat] == 0}


