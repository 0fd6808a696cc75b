"""Set-up (rulebook: "Preparation"): every player's settlement, the citizen
supply, the voyage deck, two shuffled piles of every era, three era-I cards in
each hand, and the start player."""

from __future__ import annotations

from games import rng

from .data import CITIZEN_IDS, ERA_IDS, VOYAGE_IDS
from .schema import AnnoState
from .settlement import new_settlement


def new_state(offers: int, seed: int) -> AnnoState:
    """A fresh 2-player game; ``offers`` is the table option (trade offers a turn)."""
    state: AnnoState = {
        "game": "anno1701", "players": 2, "options": {"offers": offers},
        "rng": rng.seed_state(seed), "phase": "roll", "turn": 0, "turn_count": 1,
        "dice": None, "used_slots": [], "offers_made": 0, "pending": [],
        "settlements": [new_settlement(0), new_settlement(1)], "piles": [],
        "supply": {level: list(ids) for level, ids in CITIZEN_IDS.items()},
        "voyage_deck": list(VOYAGE_IDS), "voyage": None, "discard": [],
        "trade_holder": None, "sea_holder": None, "trade_claimed": False, "sea_claimed": False,
        "winner": None, "win_reason": "",
    }
    for era in (1, 2, 3):
        cards = list(ERA_IDS[era])
        rng.shuffle(state, cards)
        state["piles"] += [cards[:9], cards[9:]]
    # Each player draws 3 from an era-I pile (seat 0 the first, seat 1 the second).
    for seat in (0, 1):
        pile = state["piles"][seat]
        state["settlements"][seat]["hand"] = [pile.pop(0) for _ in range(3)]
    state["turn"] = rng.randbelow(state, 2)   # the rulebook rolls a die for the start player
    return state
