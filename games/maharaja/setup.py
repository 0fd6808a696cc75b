"""The new state and the opening events (rules 5.0-5.2, 11.2.4)."""

from __future__ import annotations

from games import rng
from games.base import seat_order, seat_ref
from games.maharaja import setup_phase
from games.maharaja.board import CITY_IDS, VILLAGE_IDS
from games.maharaja.common import EMPTY_BOARD, keep_character_order, m
from games.maharaja.data import (
    ACTION_COINS,
    HOUSES_PER_COLOUR,
    PALACES,
    PALACES_SHORT,
    START_GOLD,
    START_HOUSES,
)
from games.maharaja.schema import MaharajaState, Options


def neutral_palaces(players: int) -> list[int]:
    """The outer palaces of the unused colours standing in every garden
    (fewer than 5 players, every game: §5.0 points the basic game to
    11.2.4), stored as -(colour + 1)."""
    return [-(colour + 1) for colour in range(players, 5)]


def new_state(players: int, options: Options, seed: int) -> MaharajaState:
    n = players
    advanced = options["advanced"]
    total = PALACES_SHORT if options["short"] else PALACES
    state: MaharajaState = {
        "game": "maharaja", "players": n, "options": {"short": options["short"], "advanced": advanced},
        "rng": rng.seed_state(seed), "phase": "choose", "round": 0, "end_reason": None,
        "gold": [START_GOLD] * n,
        "reserve": [START_HOUSES] * n,
        "bank_houses": [HOUSES_PER_COLOUR - START_HOUSES] * n,
        "palaces_left": [total] * n, "palace_total": total,
        "characters": [[] for _ in range(n)],
        "character_bank": list(range(1, 8 if advanced else 7)),  # the yogi only in the advanced game
        "action_coins": [0] * n, "coin_bank": ACTION_COINS if advanced else 0,
        "architects": ["start"] * n, "maharaja": "start",
        "governors": {},
        "villages": {v: [] for v in VILLAGE_IDS}, "board": EMPTY_BOARD,
        "city_houses": {c: [0] * n for c in CITY_IDS},
        "gardens": {c: {"inner": None, "outer": neutral_palaces(n)} for c in CITY_IDS},
        "plans": [[] for _ in range(n)], "confirmed": [False] * n,
        "revealed": [False] * n,
        "acted": [False] * n, "coin_used": [False] * n,
        "turn": None, "turn_progress": None, "pending": [],
        "character_choice": None, "auction": None, "placement": None,
        "last_evaluation": None, "first_seat": 0, "opening_events": [], "character_order": [],
    }
    keep_character_order(state)
    # the governors' tokens in a random order on the start spaces
    order = list(CITY_IDS)
    rng.shuffle(state, order)
    state["governors"] = {c: i for i, c in enumerate(order)}
    # "the youngest player" starts: a random seat drawn from the game RNG
    first = rng.randbelow(state, n)
    state["first_seat"] = first
    state["opening_events"] = [m("event.youngest", seat=seat_ref(first))]
    if advanced:
        state["phase"] = "bid"
        state["opening_events"] += setup_phase.start_auction(state)
    else:
        state["character_choice"] = {"order": seat_order(n, first), "index": 0}
    return state
