"""Numbers and names from the rulebook (plus the reconstructed payout)."""

from __future__ import annotations

HOUSES_PER_COLOUR = 20
START_HOUSES = 4          # placed in villages during set-up
RESERVE_AFTER_SETUP = 6   # then taken from the bank into the reserve
START_GOLD = 15
PALACES = 7
PALACES_SHORT = 6
SHORT_ROUNDS = 8
ACTION_COINS = 7
HOUSE_COST = 1
PALACE_COST = 12
ARTIST_PALACE_COST = 9
GOLD_ACTION = 2
SKIP_PENALTY = 2          # paid by the bank to every other player
MONOPOLY_BONUS = 5
OUTER_SLOTS = 6

# governor track: indices 0..6 are the seven spaces above the arrow where the
# tokens start, 7..16 are the numbered spaces 1..10.
TRACK_START_SPACES = 7
TRACK_LAST = 16           # space 10: reaching it ends the game

MOGUL, MERCHANT, SADHU, MONK, MASON, ARTIST, YOGI = 1, 2, 3, 4, 5, 6, 7
CHARACTERS = (1, 2, 3, 4, 5, 6, 7)
CHARACTER_KEYS = {1: "mogul", 2: "merchant", 3: "sadhu", 4: "monk", 5: "mason", 6: "artist", 7: "yogi"}

# The action disc: the order here is the order in menus.
ACTIONS = ("gold", "house", "houses2", "move", "quarry", "palace", "palace_house", "governor", "swap")

# What each action obliges the player to do, split into parts (see turn.py):
# hcity = a house that must go into a city, hany = a house anywhere.
ACTION_PARTS: dict[str, tuple[str, ...]] = {
    "gold": ("gold",),
    "house": ("house",),
    "houses2": ("hcity", "hany"),
    "move": ("move",),
    "quarry": ("quarry",),
    "palace": ("palace",),
    "palace_house": ("palace", "house"),
    "governor": ("gov",),
    "swap": ("swap",),
}


def payout(players: int) -> list[int]:
    """Gold by rank: 3 x (n + 1 - rank).  RECONSTRUCTED: the rulebook shows
    only the 4-player row 12/9/6/3; the other rows follow the same step."""
    return [3 * (players + 1 - rank) for rank in range(1, players + 1)]
