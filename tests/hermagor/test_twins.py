"""The fast twins agree with the plain rules they stand in for, at every
step of seeded random games (all player counts, with the variants), and for
ids the menu never lists."""

import random

import pytest

from games.base import ActionId
from games.hermagor import GAME, board, buyers, market, travel
from games.hermagor.common import goods_of

# Ids a menu may or may not list, with malformed ones among them.
_BUY_IDS = (["pass", "done", "back", "pass:1", "band", "band:x", "band:9", "sband:", "stall", "stall:zz", "sp:0",
             "sp:99", "sp:x", "stall:a:b"] + [f"{head}:{row}" for head in ("band", "sband") for row in range(market.ROWS)]
            + [f"stall:{letter}" for letter in market.STALL_IDS] + [f"sp:{space}" for space in market.SPACES])
_ACT_IDS = (["pass", "sell", "move", "side", "walk", "spost", "done", "back", "pass:1", "to", "to:h", "to:x", "walk:9",
             "walk:x", "move:9", "sell:1", "to:v1:v2"]
            + [f"{head}:{duchy}" for head in ("move", "side", "walk") for duchy in travel.DUCHIES]
            + [f"to:{village}" for village in board.VILLAGES])


def _check(state, seat):
    kind = GAME.decision_for(state, seat)
    if kind == "buy":
        turn = state["buy_turn"]
        for own in (True, False):
            bands = [row for row in market.ACTIVE_ROWS[state["players"]] if buyers.band_targets(state, row, own)]
            assert buyers.open_bands(state, own) == bands
        candidates, allows = _BUY_IDS, buyers.buy_allows
    elif kind == "act":
        turn = state["act_turn"]
        goods = goods_of(state, seat)
        for side in (False, True):
            assert travel.move_open(state, seat, side, goods) == bool(travel.move_targets(state, seat, side, goods))
        walks = sorted({board.DUCHY_OF[v] for v, _cost in travel.walk_targets(state, seat, None)})
        assert travel.walk_duchies(state, seat) == walks
        for duchy in travel.DUCHIES:
            assert travel.walk_open(state, seat, duchy) == bool(travel.walk_targets(state, seat, duchy))
        if state["players"] == 2:
            assert travel.shared_open(state, seat) == bool(travel.spost_targets(state, seat))
        candidates, allows = _ACT_IDS, travel.act_allows
    else:
        return
    assert turn is not None
    legal = set(GAME.legal_ids(state, seat))
    for action in candidates:
        assert allows(state, seat, ActionId.parse(action)) == (action in legal), (kind, action, sorted(legal))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_twins_agree_with_the_plain_rules(players):
    rnd = random.Random(players)
    for game in range(3):
        options = {"tax": game == 1, "six": game == 2, "ten": game == 2}
        state = GAME.setup(players, options, 700 + game)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            _check(state, seat)
            GAME.apply(state, seat, rnd.choice(GAME.legal_ids(state, seat)))
