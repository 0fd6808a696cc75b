"""Maharaja rules, one test per rule, driven through the engine's actions."""

import random

import pytest

from games.base import IllegalAction, clone
from games.maharaja import GAME, common, track
from games.maharaja.board import CITY_IDS, HOMES, ROAD_VILLAGES, ROADS, START, VILLAGE_IDS
from games.maharaja.data import payout
from games.maharaja.travel import destinations, payments_to
from games.maharaja.turn import move_sources
from tests.maharaja.helpers import (
    act,
    build,
    deal,
    empty_village,
    fill_villages,
    pick,
    place_starting_houses,
    plan,
    start,
    travel,
)


def test_board_is_as_the_rulebook_says():
    assert len(CITY_IDS) == 7 and len(VILLAGE_IDS) == 30
    assert all(1 <= len(vs) <= 2 for vs in ROAD_VILLAGES)
    degree = {c: sum(c in (a, b) for a, b, _ in ROADS) for c in CITY_IDS}
    assert all(2 <= d <= 4 for d in degree.values())
    # connected: every city reachable from the start
    seen, todo = {START}, [START]
    while todo:
        node = todo.pop()
        for a, b, _ in ROADS:
            for x, y in ((a, b), (b, a)):
                if x == node and y not in seen:
                    seen.add(y)
                    todo.append(y)
    assert seen == {START, *CITY_IDS}
    assert sorted(HOMES) == [1, 2, 3, 4, 5, 6, 7] and len(set(HOMES.values())) == 7


def test_payout_table():
    assert payout(4) == [12, 9, 6, 3]
    assert payout(2) == [6, 3] and payout(5) == [15, 12, 9, 6, 3]


def test_setup_gold_palaces_characters_and_youngest():
    state = GAME.setup(3, GAME.resolve_options({}), 5)
    assert state["gold"] == [15, 15, 15] and state["palaces_left"] == [7, 7, 7]
    assert sorted(state["character_bank"]) == [1, 2, 3, 4, 5, 6]
    first = state["first_seat"]
    assert state["opening_events"][0]["key"] == "maharaja.event.youngest"
    assert state["opening_events"][0]["args"]["seat"] == {"seat": first}
    assert GAME.to_act(state) == [first]
    assert "char:7" not in GAME.legal_ids(state, first)
    act(state, first, "char:6")
    assert GAME.to_act(state) == [(first + 1) % 3]
    assert "char:6" not in GAME.legal_ids(state, (first + 1) % 3)
    assert sorted(set(state["governors"].values())) == list(range(7))


def test_starting_houses_in_character_order_then_reserve():
    state = GAME.setup(2, GAME.resolve_options({}), 3)
    first = state["first_seat"]
    act(state, first, "char:4")
    act(state, 1 - first, "char:2")
    order = []
    while state["phase"] == "place":
        seat = GAME.to_act(state)[0]
        order.append(seat)
        ids = GAME.legal_ids(state, seat)
        if not any(i.startswith("at:") for i in ids):
            act(state, seat, next(i for i in ids if i.startswith("road:")))
            ids = GAME.legal_ids(state, seat)
        act(state, seat, next(i for i in ids if i.startswith("at:")))
    assert order == [1 - first, first] * 4
    # two players: at most one house per village
    assert all(len(o) <= 1 for o in state["villages"].values())
    assert state["reserve"] == [6, 6] and state["bank_houses"] == [10, 10]
    assert state["phase"] == "plan" and state["round"] == 1


def test_village_limit_two_with_more_players_and_menus_short():
    state = start(3, [1, 2, 3])
    assert all(len(o) <= 2 for o in state["villages"].values())
    for seat in range(3):
        assert len(GAME.legal_actions(state, seat)) <= 25


def test_the_picker_lists_every_location_once_and_words_its_road_groups():
    """The picker (cities, then villages: all at once when they fit in one
    menu, else grouped by road) lists every location once, directly or
    behind its road group; opening a group lists its villages; the labels
    word exactly those ids, a group with as many villages as it opens."""
    rnd = random.Random(5)
    for _ in range(300):
        villages = rnd.sample(VILLAGE_IDS, rnd.choice([3, 12, 22, 30]))
        villages.sort(key=VILLAGE_IDS.index)
        locs = (*rnd.sample(CITY_IDS, rnd.randint(0, 3)), *villages)
        ids = common.picker_ids(locs, None)
        assert len(ids) <= common.DIRECT_LIMIT
        listed = []
        for action_id in ids:
            head, _, arg = action_id.partition(":")
            if head == "at":
                listed.append(arg)
            else:
                opened = common.picker_ids(locs, int(arg))
                assert len(opened) > 1 and all(entry.startswith("at:") for entry in opened)
                listed += [entry[3:] for entry in opened]
        assert sorted(listed) == sorted(locs)
        labels = common.picker_labels(locs, ids, "target")
        assert [action.id for action in labels] == ids
        for action in labels:
            if action.id.startswith("road:"):
                assert action.label["args"]["n"] == len(common.picker_ids(locs, int(action.id[5:])))


def test_the_houses_to_move_are_his_houses_in_cities_and_villages():
    """The houses he may move: his cities' (CITY_IDS order), then his
    villages' (read from the board)."""
    rnd = random.Random(13)
    for _ in range(300):
        players = rnd.randint(2, 5)
        seat = rnd.randrange(players)
        mine = rnd.choice([0.1, 0.5, 0.9])
        villages = {v: [seat] if rnd.random() < mine else [] for v in VILLAGE_IDS}
        table = {"players": players, "villages": villages, "board": common.encode_board(villages),
                 "city_houses": {c: [rnd.choice([0, 0, 1]) for _ in range(players)] for c in CITY_IDS}}
        expected = [c for c in CITY_IDS if table["city_houses"][c][seat]] + [v for v in VILLAGE_IDS if villages[v]]
        assert list(move_sources(table, seat)) == expected


def test_round_start_moves_maharaja_and_token():
    state = GAME.setup(2, GAME.resolve_options({}), 9)
    lowest = min(state["governors"], key=state["governors"].get)
    state2 = start(2, [1, 2], seed=9)
    assert state2["maharaja"] == lowest
    assert state2["governors"][lowest] == 7  # space 1
    assert track.space_number(state2["governors"][lowest]) == 1


def test_planning_is_simultaneous_secret_and_changeable():
    state = start(3, [1, 2, 3])
    assert GAME.to_act(state) == [0, 1, 2]
    act(state, 1, "plan:gold")
    act(state, 1, "plan:gold")  # the same action twice
    assert GAME.legal_ids(state, 1) == ["plan.confirm", "plan.reset"]
    act(state, 1, "plan.reset")  # change of mind before confirming
    assert state["plans"][1] == []
    events = plan(state, 1, "palace", "gold")
    assert [e["key"] for e in events if "to" not in e] == ["maharaja.event.planned"]
    assert [e["to"] for e in events if "to" in e] == [1]
    assert GAME.to_act(state) == [0, 2]
    public = GAME.view(state, None)
    assert public["plans"] == [None, None, None] and public["confirmed"] == [False, True, False]
    assert GAME.view(state, 1)["plans"][1] == ["gold", "palace"]
    assert GAME.view(state, 0)["plans"][1] is None
    plan(state, 0, "gold", "gold")
    plan(state, 2, "gold", "gold")
    assert state["phase"] == "act" and GAME.to_act(state) == [0]


def test_views_hide_gold():
    state = start(3, [1, 2, 3])
    assert GAME.view(state, None)["gold"] == [None, None, None]
    assert GAME.view(state, 2)["gold"] == [None, None, 15]
    assert "rng" not in GAME.view(state, 0)


def _acting(n=3, chars=(1, 2, 3), plans=None, options=None, prepare=None):
    state = start(n, list(chars), options)
    if prepare:
        prepare(state)
    for seat in range(n):
        a, b = (plans or {}).get(seat, ("gold", "gold"))
        plan(state, seat, a, b)
    return state


def test_travel_costs_and_payees():
    def prep(state):
        fill_villages(state, lambda i, vid: [[1, 2], [1], [2]][i % 3])
    state = _acting(3, (1, 2, 3), prepare=prep)
    act(state, 0, "do:gold")
    act(state, 0, "do:travel")
    labels = {a.id: a.label for a in GAME.legal_actions(state, 0)}
    assert all(i.startswith("go:") or i == "back" for i in labels)
    r = destinations(state, 0)
    city = min(r, key=lambda c: r[c][0])
    cost, (payment,) = r[city]
    pay = dict(payment)
    assert cost == sum(pay.values()) > 0
    gold = [g for g in state["gold"]]
    act(state, 0, f"go:{city}")
    assert state["architects"][0] == city
    assert state["gold"][0] == gold[0] - cost
    for owner, g in pay.items():
        assert state["gold"][owner] == gold[owner] + g


def test_own_house_makes_village_free_and_empty_village_blocks():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
    state = _acting(2, (1, 2), prepare=prep)
    for cost, ways in destinations(state, 0).values():
        assert all(sum(gold for owner, gold in pay if owner == 1) == cost for pay in ways)
    # empty the villages around the start: nothing is reachable
    for _other, road in __import__("games.maharaja.board", fromlist=["ADJ"]).ADJ[START]:
        for v in ROAD_VILLAGES[road]:
            empty_village(state, v)
    assert destinations(state, 0) == {}
    assert "do:travel" not in GAME.legal_ids(state, 0)


def test_monk_travels_at_the_banks_expense():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
    state = _acting(2, (4, 1), prepare=prep)
    assert GAME.to_act(state) == [1]  # mogul first
    act(state, 1, "do:gold")
    act(state, 1, "do:gold")
    act(state, 1, "end")
    gold0, gold1 = state["gold"]
    city, (cost, _ways) = next(iter(destinations(state, 0).items()))
    travel(state, 0, city)
    assert cost > 0 and state["gold"] == [gold0, gold1 + cost]


def test_house_in_city_only_with_architect_and_two_houses_needs_a_city():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
    state = _acting(2, (1, 2), {0: ("houses2", "gold")}, prepare=prep)
    empty_village(state, "v1")  # seat 0's house back into its reserve
    act(state, 0, "do:build")
    ids = GAME.legal_ids(state, 0)
    assert not any(i[3:] in CITY_IDS for i in ids if i.startswith("at:"))
    act(state, 0, "back")
    city = "agra"
    travel(state, 0, city)
    act(state, 0, "do:build")
    assert f"at:{city}" in GAME.legal_ids(state, 0)
    act(state, 0, "back")
    # build the village house first: the other house then must go into a city
    build(state, 0, "v1")
    assert state["turn_progress"]["parts"] == ["hcity", "gold"] or sorted(state["turn_progress"]["parts"]) == ["gold", "hcity"]
    act(state, 0, "do:build")
    assert [i for i in GAME.legal_ids(state, 0) if i != "back"] == [f"at:{city}"]
    act(state, 0, f"at:{city}")
    assert state["city_houses"][city][0] == 1


def test_palace_costs_artist_and_slots():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
        state["gold"] = [30, 30]
    state = _acting(2, (1, 6), {0: ("palace", "palace"), 1: ("palace", "gold")}, prepare=prep)
    travel(state, 0, "agra")
    gold = state["gold"][0]
    act(state, 0, "palace:inner")
    assert state["gold"][0] == gold - 12 and state["gardens"]["agra"]["inner"] == 0
    assert "palace:inner" not in GAME.legal_ids(state, 0)
    act(state, 0, "palace:outer")
    assert state["gold"][0] == gold - 24 and state["palaces_left"][0] == 5
    act(state, 0, "end")
    travel(state, 1, "agra")
    gold = state["gold"][1]
    act(state, 1, "palace:outer")
    assert state["gold"][1] == gold - 9  # the artist pays 9


def test_skip_pays_every_other_player_two():
    state = _acting(3, (1, 2, 3), {0: ("palace", "gold")})
    act(state, 0, "do:gold")
    before = state["gold"][:]
    act(state, 0, "end")
    assert state["gold"][0] == before[0]
    # next actor is the merchant, who also got +1 at the start of the turn
    assert state["gold"][1] == before[1] + 2 + 1 and state["gold"][2] == before[2] + 2


def test_merchant_gets_one_gold_when_the_turn_starts():
    state = _acting(2, (1, 2))
    g = state["gold"][1]
    act(state, 0, "do:gold")
    act(state, 0, "do:gold")
    act(state, 0, "end")
    assert state["gold"][1] == g + 1


def test_mason_builds_one_free_house_any_time():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 3 == 0 else [1])
    state = _acting(2, (5, 1), prepare=prep)
    act(state, 1, "do:gold")
    act(state, 1, "do:gold")
    act(state, 1, "end")
    empty_village(state, "v2")  # seat 1's house back into its reserve
    gold, reserve = state["gold"][0], state["reserve"][0]
    empty = "v2"
    build(state, 0, empty, mason=True)
    assert state["gold"][0] == gold and state["reserve"][0] == reserve - 1
    assert "mason:build" not in GAME.legal_ids(state, 0)


def test_quarry_moves_two_houses_from_bank_to_reserve():
    state = _acting(2, (1, 2), {0: ("quarry", "gold")})
    act(state, 0, "do:quarry")
    assert state["reserve"][0] == 8 and state["bank_houses"][0] == 8


def test_move_house_free_into_architects_city():
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
    state = _acting(2, (1, 2), {0: ("move", "gold")}, prepare=prep)
    travel(state, 0, "delhi")
    gold = state["gold"][0]
    act(state, 0, "do:move")
    pick(state, 0, "v5")
    act(state, 0, "at:delhi")
    assert state["city_houses"]["delhi"][0] == 1 and state["villages"]["v5"] == []
    assert state["gold"][0] == gold


def _eval_state(n):
    state = start(n, list(range(1, n + 1)))
    state["maharaja"] = "agra"
    return state


def test_evaluation_points_ranks_monopoly_and_zero():
    from games.maharaja.evaluation import evaluate_city as evaluate
    from games.maharaja.evaluation import points
    state = _eval_state(3)
    state["architects"] = ["agra", START, START]
    state["city_houses"]["agra"] = [0, 2, 0]
    state["reserve"][1] -= 2
    state["gardens"]["agra"] = {"inner": None, "outer": [0]}
    state["palaces_left"][0] -= 1
    pts, present = points(state, "agra")
    assert pts == [2, 2, 0] and present == [True, True, False]
    gold = state["gold"][:]
    evaluate(state)
    # tie 2:2 goes to the lower character (seat 0 holds the mogul)
    assert [state["gold"][s] - gold[s] for s in range(3)] == [9, 6, 0]
    state["architects"] = [START, START, START]
    state["city_houses"]["agra"] = [0, 0, 0]
    state["reserve"][1] += 2
    gold = state["gold"][:]
    evaluate(state)
    assert [state["gold"][s] - gold[s] for s in range(3)] == [9 + 5, 0, 0]  # monopoly


def test_sadhu_outer_palaces_count_two():
    from games.maharaja.evaluation import points
    state = _eval_state(3)
    state["gardens"]["agra"] = {"inner": 1, "outer": [2, 2]}
    assert points(state, "agra")[0] == [0, 3, 4]  # seat 2 holds character 3


def test_rulebook_evaluation_example():
    """Rule 8: Krisztina (mogul) 4, Péter (sadhu) 5, Jenő (mason) 6, Anita
    (artist) 1 -> Jenő 12, Péter 9, Krisztina 6, Anita 3; D comes next, its
    token to space 2."""
    K, P, J, A = 0, 1, 2, 3

    def prep(state):
        fill_villages(state, lambda i, vid: [K, P] if i % 2 else [J, A])
        state["gold"] = [15, 15, 15, 15]
        # the maharaja is in A (agra); D (delhi) is 2 spaces above the lowest token
        others = [c for c in CITY_IDS if c not in ("agra", "delhi")]
        state["maharaja"] = "agra"
        state["governors"] = {"agra": 7, others[0]: 1, others[1]: 2, "delhi": 3, others[2]: 4, others[3]: 5,
                        others[4]: 6}
        # Péter owns a house in a village to move later
    state = _acting(4, (1, 3, 5, 6), {K: ("palace_house", "gold"), P: ("palace_house", "move"),
                                      J: ("houses2", "houses2"), A: ("palace_house", "governor")},
                    prepare=prep)
    assert GAME.to_act(state) == [K]
    act(state, K, "do:gold")
    empty_village(state, "v1")  # the houses of J and A back into their reserves
    build(state, K, "v1")
    assert state["gold"][K] == 15 + 2 - 1
    travel(state, K, "agra")
    gold = state["gold"][K]
    act(state, K, "palace:inner")
    assert state["gold"][K] == gold - 12  # 13 - 2 = 11 net, as in the example
    act(state, K, "end")
    travel(state, P, "agra")
    act(state, P, "palace:outer")
    build(state, P, "agra")
    act(state, P, "do:move")
    pick(state, P, "v2")
    act(state, P, "at:agra")
    act(state, P, "end")
    travel(state, J, "agra")
    for _ in range(4):
        build(state, J, "agra")
    build(state, J, "agra", mason=True)
    act(state, J, "end")
    gold_before = state["gold"][A]
    travel(state, A, "delhi")
    paid = gold_before - state["gold"][A]
    act(state, A, "palace:inner")
    build(state, A, "delhi")
    assert gold_before - paid - state["gold"][A] == 10  # 9 for the palace (artist) + 1
    act(state, A, "do:gov")
    act(state, A, "gov:delhi")
    travel(state, A, "agra")
    before = state["gold"][:]
    act(state, A, "end")
    last = state["last_evaluation"]
    assert last["city"] == "agra" and last["points"] == [4, 5, 6, 1]
    assert last["gold"] == [6, 9, 12, 3]
    assert [state["gold"][s] - before[s] for s in range(4)] == [6, 9, 12, 3]
    assert state["round"] == 2 and state["maharaja"] == "delhi"
    assert track.space_number(state["governors"]["delhi"]) == 2


def test_rulebook_swap_turn_order_example():
    """Rule 7.6: Péter mason (5), Krisztina sadhu (3), Jenő monk (4).  Krisztina
    takes the mason; Péter picks the returned sadhu; Péter acts next, then Jenő;
    Krisztina, now holding 5, does not act again."""
    P, K, J = 0, 1, 2
    state = _acting(3, (5, 3, 4), {K: ("swap", "gold")})
    assert GAME.to_act(state) == [K]
    act(state, K, "do:swap")
    events = act(state, K, "swap:5")
    assert events[0]["key"] == "maharaja.event.swap_player"
    assert GAME.to_act(state) == [P] and GAME.legal_ids(state, P) == ["pick:1", "pick:2", "pick:3", "pick:6"]
    act(state, P, "pick:3")
    assert state["characters"] == [[3], [5], [4]]
    assert GAME.to_act(state) == [K]
    act(state, K, "do:gold")
    act(state, K, "end")
    assert GAME.to_act(state) == [P]
    act(state, P, "do:gold")
    act(state, P, "do:gold")
    act(state, P, "end")
    assert GAME.to_act(state) == [J]
    act(state, J, "do:gold")
    act(state, J, "do:gold")
    act(state, J, "end")
    assert state["round"] == 2 and state["phase"] == "plan"


def test_abilities_before_and_after_a_swap():
    # merchant: +1 gold, then swap to the monk and travel free
    def prep(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
    state = _acting(2, (2, 1), {1: ("gold", "gold"), 0: ("swap", "gold")}, prepare=prep)
    act(state, 1, "do:gold")
    act(state, 1, "do:gold")
    act(state, 1, "end")
    assert state["gold"][0] == 16
    act(state, 0, "do:swap")
    act(state, 0, "swap:4")
    assert state["characters"][0] == [4] and 2 in state["character_bank"]
    travel(state, 0, "agra")
    assert state["gold"][0] == 16
    # mason: a free house, then swap to the artist and a palace for 9
    def prep2(state):
        fill_villages(state, lambda i, vid: [0] if i % 2 == 0 else [1])
        state["gold"] = [20, 20]
    state = _acting(2, (5, 1), {1: ("gold", "gold"), 0: ("swap", "palace")}, prepare=prep2)
    for aid in ("do:gold", "do:gold", "end"):
        act(state, 1, aid)
    travel(state, 0, "agra")
    gold = state["gold"][0]
    build(state, 0, "agra", mason=True)
    act(state, 0, "do:swap")
    act(state, 0, "swap:6")
    act(state, 0, "palace:outer")
    assert state["gold"][0] == gold - 9 and state["city_houses"]["agra"][0] == 1


def test_governor_track_examples():
    # example 1: D two places down, B and C up one
    gov = {"A": 7, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5, "G": 6}
    track.lower(gov, "D")
    assert gov["D"] == 1 and gov["B"] == 2 and gov["C"] == 3
    assert track.lowest(gov) == "D"
    # example 2: a gap; F two down, only E passed and moves up
    gov = {"E": 8, "F": 10, "A": 11, "B": 12, "C": 13, "D": 6, "G": 7}
    track.lower(gov, "F")
    assert gov["F"] == 8 and gov["E"] == 9
    state = {"governors": gov}
    assert track.advance(state) == "D"
    # a token may not go below the lowest space
    assert not track.can_lower({"X": 1}, "X") and track.can_lower({"X": 2}, "X")


def test_governor_action_in_a_turn():
    state = _acting(2, (1, 2), {0: ("governor", "gold")})
    act(state, 0, "do:gov")
    city = next(i[4:] for i in GAME.legal_ids(state, 0) if i.startswith("gov:"))
    pos = state["governors"][city]
    act(state, 0, f"gov:{city}")
    assert state["governors"][city] == pos - 2


def _finish_round(state):
    while state["phase"] == "act":
        seat = GAME.to_act(state)[0]
        act(state, seat, "end")


def test_game_ends_after_round_with_seventh_palace():
    state = _acting(2, (1, 2))
    state["palaces_left"][1] = 0
    state["gardens"]["agra"]["outer"] = [1] * 6
    state["gardens"]["delhi"]["outer"] = [1]
    _finish_round(state)
    assert GAME.is_over(state) and state["end_reason"] == "palaces"
    out = GAME.outcome(state)
    assert out.ranking[0] == [1] and out.scores[1] == 7


def test_game_ends_when_a_token_reaches_space_ten():
    state = start(2, [1, 2])
    for rnd in range(1, 11):
        assert state["round"] == rnd and not GAME.is_over(state)
        for seat in range(2):
            plan(state, seat, "gold", "gold")
        _finish_round(state)
    assert GAME.is_over(state) and state["end_reason"] == "track"


def test_short_game_six_palaces_eight_rounds():
    state = start(2, [1, 2], {"short": True})
    assert state["palaces_left"] == [6, 6]
    for _ in range(8):
        for seat in range(2):
            plan(state, seat, "gold", "gold")
        _finish_round(state)
    assert GAME.is_over(state) and state["end_reason"] == "rounds" and state["round"] == 8


def test_final_ranking_palaces_then_gold_then_character():
    state = start(3, [3, 1, 2])
    state["phase"] = "over"
    state["gold"] = [10, 10, 30]
    out = GAME.outcome(state)
    assert out.ranking == [[2], [1], [0]]  # gold, then character 1 before 3
    state["palaces_left"][0] -= 1
    state["gardens"]["agra"]["inner"] = 0
    assert GAME.outcome(state).ranking[0] == [0]


def test_illegal_action_leaves_state_unchanged():
    state = start(3, [1, 2, 3])
    before = clone(state)
    with pytest.raises(IllegalAction):
        act(state, 0, "do:gold")
    with pytest.raises(IllegalAction):
        act(state, 0, "plan:nonsense")
    plan(state, 0, "gold", "gold")
    before = clone(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "plan:gold")  # already confirmed
    assert err.value.reason["key"] == "core.error.not_your_turn"
    assert state == before


# -- advanced game -------------------------------------------------------------------
def _bid_through(state, bids):
    """Resolve auctions: ``bids`` maps seat -> highest bid it will make."""
    while state["phase"] == "bid":
        seat = GAME.to_act(state)[0]
        ids = GAME.legal_ids(state, seat)
        if ids[0].startswith("char:"):
            act(state, seat, ids[-1] if seat == 0 else ids[0])
            continue
        want = bids.get(seat, 0)
        nxt = next((i for i in ids if i.startswith("bid:")), None)
        if nxt and (int(nxt[4:]) <= want or "pass" not in ids):
            act(state, seat, nxt)
        else:
            act(state, seat, "pass")


def test_bidding_for_characters():
    state = GAME.setup(3, GAME.resolve_options({"advanced": 1}), 2)
    first = state["first_seat"]
    assert state["phase"] == "bid" and GAME.to_act(state) == [first]
    assert "pass" not in GAME.legal_ids(state, first)  # the opener bids 0 or more
    high = (first + 1) % 3
    _bid_through(state, {first: 2, high: 3})
    assert state["gold"][high] == 12
    assert all(len(c) == 1 for c in state["characters"])
    assert sum(state["gold"]) == 45 - 3
    assert state["phase"] == "place"


def test_advanced_neutral_palaces_and_homes():
    state = GAME.setup(3, GAME.resolve_options({"advanced": 1}), 2)
    assert all(g["outer"] == [-4, -5] for g in state["gardens"].values())
    assert 7 in state["character_bank"] and state["coin_bank"] == 7
    from games.maharaja.evaluation import points
    deal(state, [[1], [2], [3]])
    pts, present = points(state, HOMES[2])
    assert pts == [0, 1, 0] and present == [False, False, False]


def _advanced(n, chars, plans, options=None, prepare=None):
    options = options or {"advanced": 1}
    state = GAME.setup(n, GAME.resolve_options(options), 4)
    # resolve the set-up auction quickly, then hand out the wanted characters
    _bid_through(state, {})
    state["character_bank"] = [c for c in range(1, 8) if c not in chars]
    deal(state, [[c] for c in chars])
    place_starting_houses(state)
    if prepare:
        prepare(state)
    for seat in range(n):
        plan(state, seat, *plans.get(seat, ("gold", "gold")))
    return state


def test_yogi_action_coin_third_action_not_swap():
    state = _advanced(2, [7, 1], {})
    act(state, 1, "do:gold")
    act(state, 1, "do:gold")
    act(state, 1, "end")
    assert state["action_coins"][0] == 1 and state["coin_bank"] == 6
    act(state, 0, "do:coin")
    ids = GAME.legal_ids(state, 0)
    assert "coin:swap" not in ids and "coin:gold" in ids
    act(state, 0, "coin:gold")
    assert state["action_coins"][0] == 0 and state["coin_bank"] == 7
    assert state["turn_progress"]["parts"].count("gold") == 3
    assert "do:coin" not in GAME.legal_ids(state, 0)


def test_advanced2_take_from_bank_keeps_own_card():
    state = _advanced(2, [1, 2], {0: ("swap", "gold")}, {"advanced": 2})
    act(state, 0, "do:swap")
    ids = GAME.legal_ids(state, 0)
    assert ids == ["swap:3", "swap:4", "swap:5", "swap:6", "swap:7", "back"]
    act(state, 0, "swap:6")
    assert state["characters"][0] == [1, 6]


def test_advanced2_exchange_and_lure_when_bank_is_empty():
    state = _advanced(2, [1, 2], {0: ("swap", "gold"), 1: ("swap", "gold")}, {"advanced": 2})
    deal(state, [[1, 3, 4], [2, 5, 6, 7]])
    state["character_bank"] = []
    act(state, 0, "do:swap")
    ids = GAME.legal_ids(state, 0)
    assert "lure:1" in ids and "swap:5" in ids
    act(state, 0, "swap:5")
    assert GAME.legal_ids(state, 0) == ["give:1", "give:3", "give:4"]
    act(state, 0, "give:4")
    assert sorted(state["characters"][0]) == [1, 3, 5] and sorted(state["characters"][1]) == [2, 4, 6, 7]
    act(state, 0, "do:gold")
    act(state, 0, "end")
    # seat 1 (lowest card 2) lures? it has more cards: only exchange
    act(state, 1, "do:swap")
    assert not any(i.startswith("lure:") for i in GAME.legal_ids(state, 1))
    act(state, 1, "back")
    act(state, 1, "end")
    # next round: seat 0 has fewer cards than seat 1 and lures one
    for seat in range(2):
        plan(state, seat, "swap", "gold")
    act(state, 0, "do:swap")
    act(state, 0, "lure:1")
    assert GAME.to_act(state) == [1]
    assert GAME.legal_ids(state, 1) == ["yield:2", "yield:4", "yield:6", "yield:7"]
    act(state, 1, "yield:7")
    assert 7 in state["characters"][0] and GAME.to_act(state) == [0]


def test_taken_character_choice_has_a_timed_default():
    state = _acting(3, (5, 3, 4), {1: ("swap", "gold")})
    assert GAME.timed_default(state, 1) is None
    act(state, 1, "do:swap")
    act(state, 1, "swap:5")
    assert GAME.timed_default(state, 0) == (120, "pick:1")


# -- issue 13: the rulebook to the letter ----------------------------------------------
def test_basic_game_places_outer_palaces_of_unused_colours():
    """§5.0 points the basic game to 11.2.4: with fewer than 5 players the
    unused colours' outer palaces stand in every city, basic game too."""
    for n, neutral in ((2, [-3, -4, -5]), (3, [-4, -5]), (4, [-5]), (5, [])):
        state = GAME.setup(n, GAME.resolve_options({}), 1)
        assert all(g["outer"] == neutral and g["inner"] is None for g in state["gardens"].values())
    # they take outer slots but give nobody points
    state = GAME.setup(2, GAME.resolve_options({}), 1)
    from games.maharaja.evaluation import points
    deal(state, [[1], [2]])
    pts, present = points(state, "agra")
    assert pts == [0, 0] and present == [False, False]


def _two_routes(road12_owner=0):
    """Seat 0 at the start.  Lucknow: straight along road 5 (seat 1's two
    houses) or via Varanasi (road 12, then road 11 with seat 2's two houses);
    every other road is blocked (empty villages)."""
    from games.maharaja.board import ROAD_OF
    owners = {5: [1], 11: [2], 12: [road12_owner]}

    def prep(state):
        fill_villages(state, lambda i, vid: owners.get(ROAD_OF[vid], []))
    state = _acting(3, (1, 2, 3), {0: ("gold", "gold")}, prepare=prep)
    assert GAME.to_act(state) == [0] and state["architects"][0] == START
    return state


def test_equal_routes_the_traveller_chooses_whom_to_pay():
    """Ruling (rule 7.1): where two routes cost the same, the travelling player
    picks the route, so whom he pays."""
    state = _two_routes()
    assert payments_to(state, 0, "lucknow") == (((1, 2),), ((2, 2),))
    assert payments_to(state, 0, "varanasi") == ((),)
    act(state, 0, "do:travel")
    labels = {a.id: a.label for a in GAME.legal_actions(state, 0)}
    assert labels["go:lucknow"]["key"] == "maharaja.label.go_choose"
    act(state, 0, "go:lucknow")
    assert state["architects"][0] == START  # not gone yet: whom to pay?
    assert GAME.prompt(state, 0)["key"] == "maharaja.prompt.step.route"
    assert GAME.legal_ids(state, 0) == ["via:0", "via:1", "back"]
    gold = state["gold"][:]
    events = act(state, 0, "via:1")  # pays seat 2 along road 11
    assert state["architects"][0] == "lucknow"
    assert state["gold"] == [gold[0] - 2, gold[1], gold[2] + 2]
    assert events[0]["key"] == "maharaja.event.travel"


def test_equal_routes_back_returns_to_the_destinations_and_ai_picks_one():
    state = _two_routes()
    act(state, 0, "do:travel")
    act(state, 0, "go:lucknow")
    act(state, 0, "back")
    assert state["turn_progress"]["decision"]["kind"] == "travel"
    act(state, 0, "go:lucknow")
    import random
    view = GAME.view(state, 0)
    choice = GAME.choose_ai_action(view, 0, GAME.legal_actions(state, 0), random.Random(1))
    assert choice in ("via:0", "via:1")


def test_travel_not_offered_when_no_destination_is_affordable():
    state = _two_routes(road12_owner=1)  # every destination costs 2 or more
    state["gold"][0] = 1
    assert "do:travel" not in GAME.legal_ids(state, 0)
    state["gold"][0] = 2
    assert "do:travel" in GAME.legal_ids(state, 0)


def test_monk_may_always_travel_where_a_road_is_open():
    state = _two_routes(road12_owner=1)
    deal(state, [[4], [2], [3]])
    state["gold"][0] = 0
    assert "do:travel" in GAME.legal_ids(state, 0)


def test_monopoly_bonus_logged_apart_from_the_rank_income():
    """Issue 13 (logs): the evaluation line shows the rank payout, the monopoly
    bonus is its own line (before, the 5 was folded into the payout)."""
    from games.maharaja.evaluation import evaluate_city as evaluate
    state = _eval_state(3)
    state["architects"] = ["agra", START, START]
    gold = state["gold"][:]
    events = evaluate(state)
    pay = [e for e in events if e["key"] == "maharaja.event.eval_pay"]
    mono = [e for e in events if e["key"] == "maharaja.event.monopoly"]
    assert len(pay) == 1 and pay[0]["args"]["gold"] == 9 and pay[0]["args"]["rank"] == 1
    assert len(mono) == 1 and mono[0]["args"]["gold"] == 5 and mono[0]["args"]["total"] == 14
    assert state["gold"][0] - gold[0] == 14
    assert state["last_evaluation"]["monopoly"] == 0 and state["last_evaluation"]["gold"][0] == 14
