"""Seeded randomness that lives inside a game state.

The generator state is a single integer stored at ``state["rng"]`` so that a game
state stays plain JSON and replays exactly from its seed and action log.  The
algorithm is SplitMix64: tiny, fast in pure Python and well distributed.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from functools import cache
from operator import mod
from typing import Any, TypedDict, TypeVar

T = TypeVar("T")


class Seeded(TypedDict):
    """Any game state: each has its generator at ``rng`` (a game's state
    TypedDict is one of these as it stands, no cast needed)."""

    rng: int


# A typed game state, or a plain state dict (tests, the service's copies).
Chance = Seeded | dict[str, Any]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    """The initial generator value for a game seed (any int, also negative)."""
    return (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK


def _next(state: Chance) -> int:
    z = state["rng"] = (state["rng"] + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def randbelow(state: Chance, n: int) -> int:
    """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _MASK - (_MASK + 1) % n
    while True:
        value = _next(state)
        if value <= limit:
            return value % n


def randint(state: Chance, low: int, high: int) -> int:
    """Uniform integer in ``[low, high]`` — e.g. ``randint(s, 1, 6)`` for a die."""
    return low + randbelow(state, high - low + 1)


def choice(state: Chance, items: Sequence[T]) -> T:
    return items[randbelow(state, len(items))]


def shuffle(state: Chance, items: MutableSequence[Any]) -> None:
    """Fisher–Yates shuffle in place, with the draws of ``randbelow`` for the bounds
    ``len(items)`` down to 2 (``shuffle_one_by_one`` spelled out).

    Every game shuffles its decks at set-up and again when a pile runs out, so this is made
    cheap: SplitMix64 steps its state by a constant, so the k-th draw's state is
    ``x + k * GOLDEN`` and all draws can be mixed at once, each in a 128-bit lane of one big
    integer (a lane's spare high half takes a product's carry), instead of a dozen big-integer
    operations per card."""
    n = len(items)
    k = n - 1  # draws, for the bounds n down to 2
    if k < 1:
        return
    x = state["rng"]
    # Lane i holds the state of the draw for bound i + 2: the last draw's, stepped back i times.
    ones, lanes, back, slack, carries = _lanes(k)
    z = (((x + k * _GOLDEN) & _MASK) * ones + back) & lanes
    z = ((z ^ (z >> 30)) & lanes) * _MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * _MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    if (z + slack) & carries:
        # A draw ``randbelow`` rejects (odds ~1e-17) shifts the rest: step one by one.
        shuffle_one_by_one(state, items)
        return
    # Every lane's low 64 bits, from the first draw (bound n) to the last.
    draws = array("Q", z.to_bytes(16 * k, "little"))[-2::-2]
    for i, j in zip(range(k, 0, -1), map(mod, draws, range(n, 1, -1)), strict=True):
        items[i], items[j] = items[j], items[i]
    state["rng"] = (x + k * _GOLDEN) & _MASK


def shuffle_one_by_one(state: Chance, items: MutableSequence[Any]) -> None:
    """The plain Fisher–Yates shuffle ``shuffle`` equals: one ``randbelow`` a card."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def _lane_constants(k: int) -> tuple[int, int, int, int, int]:
    """For ``k`` draws, per lane i: a 1; its low 64 bits; the step back ``-i * GOLDEN``; the
    slack that tells a draw ``randbelow`` would reject (a draw above ``2**64 - 1 - slack`` for
    its bound ``i + 2`` carries into bit 64 when the slack is added); and that carry bit."""
    ones = back = slack = 0
    for i in range(k):
        ones |= 1 << (128 * i)
        back |= ((-i * _GOLDEN) & _MASK) << (128 * i)
        slack |= ((_MASK + 1) % (i + 2)) << (128 * i)
    return ones, ones * _MASK, back, slack, ones << 64


_MOST_DRAWS = 200  # lanes made once, at import: more than any deck (Alhambra's has 162 cards)
_ALL_LANES = _lane_constants(_MOST_DRAWS)


@cache
def _lanes(k: int) -> tuple[int, int, int, int, int]:
    """The constants of the first ``k`` lanes, cut from those made at import (once per deck
    size: a pile is shuffled again at each size it runs out at)."""
    if k > _MOST_DRAWS:
        return _lane_constants(k)
    first_k = (1 << (128 * k)) - 1
    ones, lanes, back, slack, carries = _ALL_LANES
    return ones & first_k, lanes & first_k, back & first_k, slack & first_k, carries & first_k
