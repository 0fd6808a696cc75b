"""``turn.act_allows`` is a fast twin of the rule ``turn.act_ids``: on
seeded random positions it admits exactly the listed ids, and refuses the
near misses (another slot, another card, cards reordered, a stray pass)."""

from __future__ import annotations

import random

from games.alhambra import GAME
from games.alhambra.turn import act_allows, act_ids
from games.base import ActionId


def _near_misses(ids: list[str], state, rnd: random.Random) -> list[str]:
    """Ids a player could type that the rule may or may not list."""
    misses = ["pass", "take:", "buy:5:1", "buy:0:1", "keep", "take:1:2"]
    for text in ids:
        action = ActionId.parse(text)
        cards = action.arg(len(action.args) - 1).split(",") if action.args else []
        if len(cards) > 1:
            misses.append(":".join((*text.split(":")[:-1], ",".join(reversed(cards)))))
            misses.append(":".join((*text.split(":")[:-1], ",".join(cards[:-1]))))
        if action.head == "buy":
            misses.append(f"buy:{rnd.randint(1, 4)}:{action.args[1]}")
        misses.append(f"{action.head}:{rnd.randrange(108)}" if action.head == "take"
                      else f"buy:{action.args[0]}:{rnd.randrange(108)}" if action.head == "buy" else text)
    for hand in state["hands"]:
        if hand:
            misses.append(f"buy:{rnd.randint(1, 4)}:{','.join(map(str, sorted(rnd.sample(hand, min(2, len(hand))))))}")
    return misses


def test_act_allows_agrees_with_act_ids():
    rnd = random.Random(34)
    checked = 0
    for players in range(2, 7):
        for seed in range(6):
            state = GAME.setup(players, {}, 4000 + seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                ids = GAME.legal_ids(state, seat)
                if GAME.decision_for(state, seat) == "act":
                    assert ids == act_ids(state, seat)
                    for text in ids + _near_misses(ids, state, rnd):
                        assert act_allows(state, seat, ActionId.parse(text)) == (text in ids), text
                        checked += 1
                GAME.apply(state, seat, rnd.choice(ids))
    assert checked > 10000
