"""Seeded randomness that lives inside a game state.

The generator state is a single integer stored at ``state["rng"]`` so that a game
state stays plain JSON and replays exactly from its seed and action log.  The
algorithm is SplitMix64: tiny, fast in pure Python and well distributed.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
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


def seed_state(seed: int) -> int:
    """The initial generator value for a game seed (any int, also negative)."""
    return (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK


def _next(state: Chance) -> int:
    z = state["rng"] = (state["rng"] + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
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
    """Fisher–Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
