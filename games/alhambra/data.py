"""Alhambra: The Card Game — component data and the decisions behind it.

Sources: the Hungarian Piatnik rulebook (``shared/seeds/001_*.txt``) and
``shared/GAMES.md`` (public knowledge about the Queen Games edition).

* Money: 4 currencies × values 1–9 × 3 copies = 108 cards.  A money card is an
  int ``0..107``: ``currency = id // 27``, ``value = id % 27 // 3 + 1``,
  ``copy = id % 3``.  With 2 players copy 2 of every card is set aside (72).
* Buildings: 54 cards, prices as on the Alhambra tiles (GAMES.md: the best
  available assumption for the cards — *reconstructed*, the rulebook only
  gives the ranges 2-8 … 7-13 and the counts 7 7 9 9 11 11, which agree).
  A building is an int ``0..53`` indexing ``BUILDINGS``.
* The rulebook's colourless "Palota" is the chambers; its scoring example
  "white 4" (A card) fixes chambers as white, the 4th type.
* Scoring tables per type (pavilion … tower), from GAMES.md, consistent with
  the rulebook's examples (white 4; purple 13/6; garden 20/12/5).
* Building-yard slot currencies, left to right (decision: the rulebook does
  not print the yard, so we fix the order the currencies are listed in).
* Scoring cards live in the money deck as the ints ``SCORE_A`` / ``SCORE_B``.

The rule readings where the rulebook is silent are in the package docstring
(``games/alhambra/__init__.py``).
"""

from __future__ import annotations

CURRENCIES = ("denar", "dirham", "dukat", "gulden")
CURRENCY_COLOURS = {
    "denar": (222, 120, 40),    # orange
    "dirham": (60, 140, 70),    # green
    "dukat": (214, 172, 30),    # yellow
    "gulden": (50, 100, 195),   # blue
}
# Slot i of the building yard takes currency YARD[i] (index into CURRENCIES).
YARD = (0, 1, 2, 3)

TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
# Colours from the rulebook: kék, piros, barna, (fehér), zöld, lila.
TYPE_COLOURS = {
    "pavilion": (70, 120, 210),
    "seraglio": (200, 55, 55),
    "arcades": (140, 90, 50),
    "chambers": (236, 234, 226),
    "garden": (60, 160, 80),
    "tower": (128, 68, 170),
}
PRICES = (
    (2, 3, 4, 5, 6, 7, 8),
    (3, 4, 5, 6, 7, 8, 9),
    (4, 5, 6, 6, 7, 8, 8, 9, 10),
    (5, 6, 7, 7, 8, 9, 9, 10, 11),
    (6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12),
    (7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13),
)
# BUILDINGS[id] = (type index, price)
BUILDINGS: tuple[tuple[int, int], ...] = tuple(
    (t, price) for t, prices in enumerate(PRICES) for price in prices
)
assert len(BUILDINGS) == 54

MONEY_COPIES = 3
MONEY_ALL = tuple(range(4 * 9 * MONEY_COPIES))
MONEY_TWO = tuple(c for c in MONEY_ALL if c % 3 != 2)  # 2 players: one of each removed
SCORE_A = -1
SCORE_B = -2

# SCORING[round] = per rank (1st, 2nd, 3rd) the points per type.
SCORING = {
    "A": ((1, 2, 3, 4, 5, 6),),
    "B": ((8, 9, 10, 11, 12, 13), (1, 2, 3, 4, 5, 6)),
    "C": ((16, 17, 18, 19, 20, 21), (8, 9, 10, 11, 12, 13), (1, 2, 3, 4, 5, 6)),
}
ROUNDS = ("A", "B", "C")

START_CAPITAL = 20   # draw openly until the total reaches this
ROW_SIZE = 4         # face-up money cards and buildings
MAX_ACTIONS = 5      # per turn (4 exact purchases + 1)
TAKE_LIMIT = 5       # several money cards may be taken if their sum is ≤ 5
PILES = 5            # the money deck is split into 5 piles: A in the 2nd, B in the 4th
SCORE_PILE = {"A": 2, "B": 4}
# 2 players: the neutral "imaginary third player" gets buildings from the deck
NEUTRAL_START = 6
NEUTRAL_AFTER = {"A": 6, "B": 2}


def money_currency(card: int) -> int:
    return card // 27


def money_value(card: int) -> int:
    return card % 27 // 3 + 1


def building_type(b: int) -> int:
    return BUILDINGS[b][0]


def building_price(b: int) -> int:
    return BUILDINGS[b][1]

# The same read off as tables: a money card's value and currency, a building's price.
VALUE = [money_value(c) for c in MONEY_ALL]
CURRENCY = [money_currency(c) for c in MONEY_ALL]
PRICE = [price for _, price in BUILDINGS]
