"""The invariants the random suites assert after every step: houses,
palaces, characters and action coins are conserved, counters stay in range,
and the derived board agrees with its recomputation."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from games.maharaja.common import character_order, encode_board
from games.maharaja.data import ACTION_COINS, HOUSES_PER_COLOUR, OUTER_SLOTS, TRACK_START_SPACES
from games.maharaja.schema import MaharajaState


def check_invariants(state: MaharajaState) -> None:
    n = state["players"]
    villages = state["villages"].values()
    assert max(map(len, villages)) <= (1 if n == 2 else 2)
    assert state["board"] == encode_board(state["villages"]), "board"
    assert state["character_order"] == character_order(state), "character order"
    on_villages = Counter(chain.from_iterable(villages))
    in_cities = [sum(houses) for houses in zip(*state["city_houses"].values(), strict=True)]
    gardens = state["gardens"].values()
    palaces: Counter[int | None] = Counter(chain.from_iterable(garden["outer"] for garden in gardens))
    palaces.update(garden["inner"] for garden in gardens)
    reserve, bank, gold, left = state["reserve"], state["bank_houses"], state["gold"], state["palaces_left"]
    for seat in range(n):
        assert on_villages[seat] + in_cities[seat] + reserve[seat] + bank[seat] == HOUSES_PER_COLOUR, ("houses", seat)
        assert reserve[seat] >= 0 and bank[seat] >= 0
        assert palaces[seat] + left[seat] == state["palace_total"], ("palaces", seat)
        assert gold[seat] >= 0, ("gold", seat, gold[seat])
    assert max(len(garden["outer"]) for garden in gardens) <= OUTER_SLOTS
    held = [c for hand in state["characters"] for c in hand]
    assert sorted(held + state["character_bank"]) == list(range(1, 8 if state["options"]["advanced"] else 7))
    if state["options"]["advanced"]:
        assert min(state["action_coins"]) >= 0
        assert sum(state["action_coins"]) + state["coin_bank"] == ACTION_COINS
    governors = state["governors"].values()
    assert len(set(governors)) == 7 and min(governors) >= 0 and max(governors) <= TRACK_START_SPACES + 9
    assert (state["turn"] is None) == (state["turn_progress"] is None)
