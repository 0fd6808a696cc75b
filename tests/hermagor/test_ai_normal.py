"""The normal AI's villages rules, on constructed positions: it plans up to
three sales past the one it takes, values a main-road post by the standing there,
and in the last round counts only what its posts left can still finish."""

import random

from games.hermagor import GAME, ai, board
from tests.hermagor.util import fresh, give_tile, put_post, to_phase3


def _choose(state, seat: int = 0) -> str:
    ai._VALUES_CACHE.clear()
    return GAME.choose_normal_action(GAME.view(state, seat), seat, GAME.legal_actions(state, seat),
                                     random.Random(0))


def _values(state, seat: int = 0) -> dict[str, float]:
    ai._VALUES_CACHE.clear()
    return ai._village_values(GAME.view(state, seat), seat)[0]


def test_sells_where_it_stands_when_two_more_sales_follow():
    # Blessing and relic in hand at the blessing village 28: a sale here, then
    # two more on the way, beats moving on at once (one step of planning did).
    state = to_phase3(fresh(2), 0, hand=3)
    give_tile(state, 0, "g8")
    give_tile(state, 1, "g14")
    state["merchants"][0] = "v28"
    state["money"][0] = 10
    put_post(state, 0, "v17")
    put_post(state, 1, "v22")
    put_post(state, 1, "v31")
    state["action_tiles"] = state["action_tiles"][:2]
    assert _choose(state) == "sell"


def test_plans_three_sales_past_the_one_it_takes():
    # Book and relic in hand at the relic village 23 with four posts: selling
    # here and then touring the book and relic villages beats moving on at
    # once (two steps of planning moved on).
    state = to_phase3(fresh(2), 0, hand=4)
    give_tile(state, 0, "g7")
    give_tile(state, 0, "g10")
    give_tile(state, 1, "g5")
    state["merchants"][0] = "v23"
    state["money"][0] = 10
    put_post(state, 0, "v14")
    state["action_tiles"] = state["action_tiles"][:2]
    assert _choose(state) == "sell"


def _road_state(mine: int, theirs: int):
    state = to_phase3(fresh(2), 0, hand=3)
    give_tile(state, 0, "g11")  # corn: village 1 lies on the main road
    state["action_tiles"] = []  # the last round
    road = [v for v in board.MAIN_ROAD_PATH if v in board.MAIN_ROAD and v != "v1"]
    for v in road[:mine]:
        put_post(state, 0, v)
    for v in road[len(road) - theirs:]:
        put_post(state, 1, v)
    return state


def test_a_main_road_post_is_worth_most_when_the_road_is_close():
    tied = _values(_road_state(2, 2))["v1"]
    ahead = _values(_road_state(4, 1))["v1"]
    behind = _values(_road_state(1, 2))["v1"]
    assert tied > ahead + 1.5
    assert behind > ahead + 1.5


def test_the_last_post_counts_no_region_it_cannot_close():
    # Village 18 (corn) brings region 12 (villages 6, 7, 18, 17) to one
    # missing: in the last round that is worth something with a post to
    # follow, nothing with this one the last.
    state = to_phase3(fresh(2), 0, hand=1)
    give_tile(state, 0, "g11")
    put_post(state, 0, "v6")
    put_post(state, 0, "v7")
    state["action_tiles"] = []
    last = _values(state)["v18"]
    state["posts_in_hand"][0] = 2
    one_more = _values(state)["v18"]
    assert one_more > last + 0.5


def test_the_last_round_duchy_value_needs_every_tied_duchy():
    # Tied lowest in all three duchies with one post left: one post cannot
    # raise the least, so it adds nothing for duchies.
    state = to_phase3(fresh(2), 0, hand=1)
    give_tile(state, 0, "g11")
    state["action_tiles"] = []
    one = _values(state)["v26"]  # corn, duchy 1, off the road, in no region close to closing
    state["posts_in_hand"][0] = 3
    three = _values(state)["v26"]
    assert three > one + 0.9
