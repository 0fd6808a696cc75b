"""The market square — path-space numbers RECONSTRUCTED.

Stalls stand in 5 rows of 4.  On a fine grid (rows 0–8, columns 0–6) stall
(r, c) sits at (2r, 2c); the numbered path spaces are the other cells of the
4 horizontal lines (odd fine rows, 7 spaces each: side spaces and crossings)
and the 3 vertical lines (odd fine columns, 5 side spaces each) — 43 spaces,
numbered 1–43 in reading order.  A stall therefore has at most 4 side and
4 corner neighbours.  The printed costs (2–5) are not public: crossings, which
touch four stalls and count on two lines, cost more.
"""

from __future__ import annotations

ROWS, COLS = 5, 4
STALL_IDS = "abcdefghijklmnopqrst"  # a–d top row … q–t bottom row

# cost per fine row, listing the spaces of that row left to right
_COSTS = (
    (2, 3, 2),
    (2, 4, 3, 5, 3, 4, 2),
    (3, 2, 3),
    (3, 5, 2, 4, 2, 5, 3),
    (2, 3, 2),
    (3, 5, 2, 4, 2, 5, 3),
    (3, 2, 3),
    (2, 4, 3, 5, 3, 4, 2),
    (2, 3, 2),
)

# space number (1–43) -> (fine row, fine col, cost)
SPACES: dict[int, tuple[int, int, int]] = {}
_n = 0
for _fr, _costs in enumerate(_COSTS):
    _cols = range(7) if _fr % 2 else (1, 3, 5)
    for _fc, _cost in zip(_cols, _costs, strict=True):
        _n += 1
        SPACES[_n] = (_fr, _fc, _cost)
SPACE_AT: dict[tuple[int, int], int] = {(fr, fc): n for n, (fr, fc, _) in SPACES.items()}
SPACE_COST: dict[int, int] = {n: c for n, (_, _, c) in SPACES.items()}


def stall_pos(stall: int) -> tuple[int, int]:
    """(row, col) of stall index 0–19."""
    return divmod(stall, COLS)


def _neighbours(stall: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    r, c = stall_pos(stall)
    fr, fc = 2 * r, 2 * c
    sides = [(fr - 1, fc), (fr + 1, fc), (fr, fc - 1), (fr, fc + 1)]
    corners = [(fr - 1, fc - 1), (fr - 1, fc + 1), (fr + 1, fc - 1), (fr + 1, fc + 1)]
    return (tuple(SPACE_AT[p] for p in sides if p in SPACE_AT),
            tuple(SPACE_AT[p] for p in corners if p in SPACE_AT))


SIDES: tuple[tuple[int, ...], ...] = tuple(_neighbours(s)[0] for s in range(ROWS * COLS))
CORNERS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s)[1] for s in range(ROWS * COLS))

# The 7 lines for market information: 4 horizontal, 3 vertical (with crossings).
LINES: tuple[tuple[int, ...], ...] = tuple(
    [tuple(n for n, (fr, _, _) in SPACES.items() if fr == row) for row in (1, 3, 5, 7)]
    + [tuple(n for n, (_, fc, _) in SPACES.items() if fc == col) for col in (1, 3, 5)]
)
INFO_INCOME = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}


def active_rows(players: int) -> tuple[int, ...]:
    """Stall rows in use: all 5 with 5 players, no top row with 4, neither the
    top nor the bottom row with 2–3."""
    if players >= 5:
        return (0, 1, 2, 3, 4)
    if players == 4:
        return (1, 2, 3, 4)
    return (1, 2, 3)


def active_stalls(players: int) -> tuple[int, ...]:
    return tuple(r * COLS + c for r in active_rows(players) for c in range(COLS))


def active_spaces(players: int) -> tuple[int, ...]:
    """Spaces that take buyers: the lines forming the market's edge do not."""
    rows = active_rows(players)
    low, high = 2 * rows[0], 2 * rows[-1]
    return tuple(n for n, (fr, _, _) in SPACES.items() if low <= fr <= high)


def band_of_space(space: int) -> int:
    """Market row whose band (the stall row and the line below it) holds the
    space — how the placement menu is split into short lists."""
    return SPACES[space][0] // 2


def stall_label(stall: int) -> str:
    return STALL_LABELS[stall]


STALL_LABELS = STALL_IDS.upper()


# Per player count (2–5), looked up during play instead of recomputed.
ACTIVE_ROWS: dict[int, tuple[int, ...]] = {n: active_rows(n) for n in range(2, 6)}
ACTIVE_STALLS: dict[int, tuple[int, ...]] = {n: active_stalls(n) for n in range(2, 6)}
# the buyer spaces of each band (market row), per player count
BAND_SPACES: dict[int, dict[int, tuple[int, ...]]] = {
    n: {r: tuple(s for s in active_spaces(n) if band_of_space(s) == r) for r in active_rows(n)}
    for n in range(2, 6)
}
