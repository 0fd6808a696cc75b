"""San Juan components.

Sources:
* Card types, costs and victory points: the rulebook's card list ("Lapjegyzék",
  ``cost/VP``).  The four 6-cost buildings are listed there as ``6/1``, a
  transcription of the printed "?": they score their bonus only, no printed
  point (GAMES.md ruling; the examples: guild hall 8, city hall 9, arch 6,
  palace 8 on 34 points not counting the palace, 42 in all).
* Card counts: the rulebook gives 110 cards, 10 indigo plants and 8 of each
  other production building, 3 of each function building and monument; the
  6-cost buildings (2 each) come from GAMES.md (three public implementations
  agree).  Total 110.
* Trading-house tiles: GAMES.md (public sources; the rulebook only says there
  are five with different prices).
"""

from __future__ import annotations

PROD, VIOLET, MONUMENT, SIX = "prod", "violet", "monument", "six"

# (key, cost, victory points, kind, copies) — the order is the type index.
TYPES: tuple[tuple[str, int, int, str, int], ...] = (
    ("indigo_plant", 1, 1, PROD, 10),
    ("sugar_mill", 2, 1, PROD, 8),
    ("tobacco_storage", 3, 2, PROD, 8),
    ("coffee_roaster", 4, 2, PROD, 8),
    ("silver_smelter", 5, 3, PROD, 8),
    ("smithy", 1, 1, VIOLET, 3),
    ("archive", 1, 1, VIOLET, 3),
    ("gold_mine", 1, 1, VIOLET, 3),
    ("market_stand", 2, 1, VIOLET, 3),
    ("black_market", 2, 1, VIOLET, 3),
    ("poor_house", 2, 1, VIOLET, 3),
    ("well", 2, 1, VIOLET, 3),
    ("trading_post", 2, 1, VIOLET, 3),
    ("crane", 2, 1, VIOLET, 3),
    ("tower", 3, 2, VIOLET, 3),
    ("aqueduct", 3, 2, VIOLET, 3),
    ("prefecture", 3, 2, VIOLET, 3),
    ("carpenter", 3, 2, VIOLET, 3),
    ("chapel", 3, 2, VIOLET, 3),
    ("market_hall", 4, 2, VIOLET, 3),
    ("quarry", 4, 2, VIOLET, 3),
    ("library", 5, 3, VIOLET, 3),
    ("statue", 3, 3, MONUMENT, 3),
    ("victory_column", 4, 4, MONUMENT, 3),
    ("hero", 5, 5, MONUMENT, 3),
    ("guild_hall", 6, 0, SIX, 2),
    ("city_hall", 6, 0, SIX, 2),
    ("triumphal_arch", 6, 0, SIX, 2),
    ("palace", 6, 0, SIX, 2),
)

TYPE_KEYS: tuple[str, ...] = tuple(t[0] for t in TYPES)
TYPE_INDEX: dict[str, int] = {k: i for i, k in enumerate(TYPE_KEYS)}
N_TYPES = len(TYPES)

# Card id -> type index.  Cards are ints 0..109, grouped by type.
CARD_TYPE: tuple[int, ...] = tuple(i for i, t in enumerate(TYPES) for _ in range(t[4]))
N_CARDS = len(CARD_TYPE)
assert N_CARDS == 110

COST: tuple[int, ...] = tuple(TYPES[t][1] for t in CARD_TYPE)   # per card id
VP: tuple[int, ...] = tuple(TYPES[t][2] for t in CARD_TYPE)     # per card id
KIND: tuple[str, ...] = tuple(TYPES[t][3] for t in CARD_TYPE)   # per card id
TCOST: tuple[int, ...] = tuple(t[1] for t in TYPES)             # per type index
TKIND: tuple[str, ...] = tuple(t[3] for t in TYPES)             # per type index
IS_PROD: tuple[bool, ...] = tuple(k == PROD for k in KIND)      # per card id

# Type indices used by rules.
(INDIGO, SUGAR, TOBACCO, COFFEE, SILVER, SMITHY, ARCHIVE, GOLD_MINE, MARKET_STAND, BLACK_MARKET,
 POOR_HOUSE, WELL, TRADING_POST, CRANE, TOWER, AQUEDUCT, PREFECTURE, CARPENTER, CHAPEL, MARKET_HALL,
 QUARRY, LIBRARY, STATUE, VICTORY_COLUMN, HERO, GUILD_HALL, CITY_HALL, TRIUMPHAL_ARCH, PALACE) = range(29)

PROD_TYPES = (INDIGO, SUGAR, TOBACCO, COFFEE, SILVER)
GOOD_KEYS = ("indigo", "sugar", "tobacco", "coffee", "silver")  # good of production type i

# Trading-house tiles: cards paid for indigo, sugar, tobacco, coffee, silver.
TILES: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 1, 1, 2, 2),
    (1, 1, 2, 2, 2),
    (1, 1, 2, 2, 3),
    (1, 2, 2, 2, 3),
    (1, 2, 2, 3, 3),
)

ROLES = ("builder", "producer", "trader", "councillor", "prospector")

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_LIMIT, TOWER_LIMIT = 7, 12
END_BUILDINGS = 12
START_HAND = 4
# Optional start rule: the governor looks at 5, the next seats 6, 7, 8; all keep 4.
START_CHOICE_DRAW = (5, 6, 7, 8)
