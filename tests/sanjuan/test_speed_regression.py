"""The engine's speed work must not change behaviour: seeded games (random and
AI seats, both start rules) hash to the values recorded before the
optimisations — the final state, the action log, and at every step the seats
to act, the legal actions (ids, labels, groups, styles) and the events."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games import rng
from games.base import IllegalAction
from games.sanjuan import GAME
from games.sanjuan.state import shuffle

# Recorded with the engine as of commit dc5e208 (before the speed work).
EXPECTED = {
    "2:0": "ba399f411659779c830c",
    "2:1": "52c0eee4c33d661f7fab",
    "2:2": "7a05e52694224cc82908",
    "2:3": "8c08d03ba841f4697792",
    "2:4": "cabc4ad490c33c1d509d",
    "2:5": "ea5737294f3791dd7e57",
    "2:6": "97e7b298d77326283d47",
    "2:7": "7047295fd8de11f0fbfb",
    "3:0": "55579b6e1a9d2e31e294",
    "3:1": "487b89e0892ea8c5d9ad",
    "3:2": "48449f26777150300c1c",
    "3:3": "3a6dcfa9fe49642f0d40",
    "3:4": "89dc5c17f7f2f5786783",
    "3:5": "3da6bb74e2ce587cfaf6",
    "3:6": "bff1727d61d17dcec4a1",
    "3:7": "d02349b95232f7656662",
    "4:0": "7781361c868b9bfcc23d",
    "4:1": "fa33683192bd8c3a9394",
    "4:2": "88db707b57c054e4cf5b",
    "4:3": "8982a98e795690f96907",
    "4:4": "d64ccb2ac4d3c973faa0",
    "4:5": "582109743d090a8eb6c7",
    "4:6": "953ac506cc5ef412470d",
    "4:7": "5632ea396e92cc96d5af",
}


def game_hash(players: int, seed: int) -> str:
    options = GAME.resolve_options({"start_choice": seed % 2 == 1})
    ai = {seed % players} if seed % 3 == 0 else set()
    s = GAME.setup(players, options, seed)
    rnd = random.Random(seed)
    h = hashlib.sha256()
    log = []
    while not GAME.is_over(s):
        seats = GAME.to_act(s)
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        legal = GAME.legal_actions(s, seat)
        h.update(json.dumps([seats, [(a.id, a.label, a.group, a.style) for a in legal]],
                            sort_keys=True).encode())
        if seat in ai:
            aid = GAME.choose_ai_action(GAME.view(s, seat), seat, legal, rnd)
        else:
            aid = rnd.choice(legal).id
        ev = GAME.apply(s, seat, aid)
        log.append((seat, aid))
        h.update(json.dumps([aid, ev], sort_keys=True).encode())
    h.update(json.dumps([s, log], sort_keys=True).encode())
    return h.hexdigest()[:20]


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_seeded_games_unchanged(key):
    players, seed = map(int, key.split(":"))
    assert game_hash(players, seed) == EXPECTED[key]


def test_inlined_shuffle_matches_games_rng():
    for seed in range(200):
        a, b = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
        items = list(range(seed % 111))
        other = list(items)
        shuffle(a, items)
        rng.shuffle(b, other)
        assert items == other and a == b


def test_illegal_action_after_hand_edit_leaves_state_untouched():
    s = GAME.setup(4, GAME.resolve_options({}), 5)
    seat = GAME.to_act(s)[0]
    GAME.legal_actions(s, seat)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, "role:nonsense")
    assert json.dumps(s, sort_keys=True) == before
