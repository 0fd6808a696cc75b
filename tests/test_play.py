"""games.play: the self-play driver's own pieces."""

from __future__ import annotations

import random

import pytest

from games.play import pick


def test_pick_draws_exactly_as_random_choice() -> None:
    # Seeded games are recorded with random.choice's draws: the inlined pick must not change one.
    ours, theirs = random.Random(7), random.Random(7)
    for length in [*range(1, 70), 127, 128, 129, 1000]:
        seq = list(range(length))
        for _ in range(50):
            assert pick(ours, seq) == theirs.choice(seq)
    assert ours.getstate() == theirs.getstate()


def test_pick_refuses_an_empty_sequence() -> None:
    with pytest.raises(IndexError):
        pick(random.Random(1), [])
