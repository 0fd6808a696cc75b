"""Phases 1 and 2: filling, buyers, market information, tiles by majority."""

import pytest

from games.base import ActionId, IllegalAction, clone
from games.hermagor import GAME, market
from games.hermagor import stalls as mp
from tests.hermagor.util import fresh

SP = market.SPACE_AT


def _stall(letter: str) -> int:
    return market.STALL_IDS.index(letter)


def _example_state():
    """The rulebook's market example (3 players: red 0, blue 1, green 2).
    Its stalls A–L are our rows 1–3, stalls E–P."""
    s = fresh(3)
    s["stall_buyers"][:] = [None] * 20
    s["space_buyers"][:] = [None] * 44
    book = "efghijklmnop"
    s["stalls"][:] = [None] * 20
    tiles = [t for t in s["bag"]] + [t for f in s["front_tiles"] for t in f]
    for i, letter in enumerate(book):
        s["stalls"][_stall(letter)] = f"g{i + 1}"
    s["bag"] = [t for t in tiles if t not in s["stalls"]]
    red = [(3, 1), (3, 3), (3, 5), (3, 6)]
    blue = [(4, 5), (5, 5)]
    green = [(2, 1), (5, 0)]
    for colour, cells in ((0, red), (1, blue), (2, green)):
        for cell in cells:
            s["space_buyers"][SP[cell]] = colour
    s["stall_buyers"][_stall("i")] = 1  # blue on E
    s["stall_buyers"][_stall("o")] = 1  # blue on K
    s["stall_buyers"][_stall("e")] = 2  # green on A
    s["stall_buyers"][_stall("m")] = 2  # green on I
    return s


def test_rulebook_market_example_income_and_tiles():
    s = _example_state()
    assert mp.info_income(s) == [13, 4, 2]
    book = dict(zip("ABCDEFGHIJKL", "efghijklmnop", strict=True))
    expected = {"A": 2, "B": 0, "C": 0, "D": 0, "E": 1, "F": 0, "G": 1, "H": None,
                "I": 2, "J": None, "K": 1, "L": 1}
    got = {k: mp.stall_winner(s, _stall(v)) for k, v in book.items()}
    assert got == expected


def _counted_winner(s, stall):
    """``stall_winner`` spelled out with a count per colour (the rule as written)."""
    total, sides = [0] * 5, [0] * 5
    on = s["stall_buyers"][stall]
    if on is not None:
        total[on] = 1
    for space in market.SIDES[stall]:
        if (c := s["space_buyers"][space]) is not None:
            total[c] += 1
            sides[c] += 1
    for space in market.CORNERS[stall]:
        if (c := s["space_buyers"][space]) is not None:
            total[c] += 1
    best = max(total)
    if best == 0:
        return None
    tied = [c for c in range(5) if total[c] == best]
    if len(tied) == 1:
        return tied[0]
    if on in tied:
        return on
    most = max(sides[c] for c in tied)
    tied = [c for c in tied if sides[c] == most]
    return tied[0] if len(tied) == 1 else None


def _counted_income(s):
    n = s["players"]
    return [sum(market.INFO_INCOME[[s["space_buyers"][sp] for sp in line].count(seat)] for line in market.LINES)
            for seat in range(n)]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_majorities_and_market_information_agree_with_counting_every_colour(players):
    """The winners and incomes read from the buyers present equal the rule
    counted colour by colour, on crowded random markets (ties of every kind)."""
    import random
    rnd = random.Random(players)
    s = fresh(players)
    colours = players + (players == 2)
    places = [("stall_buyers", i) for i in range(20)] + [("space_buyers", i) for i in market.SPACES]
    for _ in range(400):
        s["space_buyers"][:] = [None] * 44
        s["stall_buyers"][:] = [None] * 20
        # up to 4 buyers a colour, crowded into one corner of the market at times
        spots = rnd.sample(places[:rnd.choice((20, 40, len(places)))], 4 * colours)
        for i, (where, place) in enumerate(spots[:rnd.randrange(4 * colours + 1)]):
            s[where][place] = i % colours
        assert [mp.stall_winner(s, st) for st in range(20)] == [_counted_winner(s, st) for st in range(20)]
        assert mp.info_income(s) == _counted_income(s)


def test_stalls_filled_by_player_count_and_leftovers_stay():
    for n, rows in ((5, range(0, 5)), (4, range(1, 5)), (3, range(1, 4)), (2, range(1, 4))):
        s = fresh(n)
        filled = {i for i, t in enumerate(s["stalls"]) if t}
        assert filled == {r * 4 + c for r in rows for c in range(4)}
        assert all(s["posts_in_hand"][p] == s["action_tile"] for p in range(n))
    s = fresh(3)
    left = s["stalls"][5]
    s["phase"], s["round"] = "start", 1
    s["stalls"][:] = [t if i == 5 else None for i, t in enumerate(s["stalls"])]
    s["bag"] = [t for t in fresh(3)["bag"] + [t for t in fresh(3)["stalls"] if t] if t != left]
    from games.hermagor.flow import start_round
    start_round(s, [])
    assert s["stalls"][5] == left


def _band_for(s, target):
    place = ActionId.parse(target)
    if place.head == "stall":
        return f"band:{market.STALL_IDS.index(place.arg(0)) // 4}"
    return f"band:{market.band_of_space(place.number(0))}"


def test_buyer_costs_and_occupied_places():
    s = fresh(4, seed=3)
    seat = s["turn"]
    money = s["money"][seat]
    GAME.apply(s, seat, "band:1")
    GAME.apply(s, seat, "stall:e")
    assert s["money"][seat] == money - 2 and s["stall_buyers"][4] == seat
    nxt = s["turn"]
    GAME.apply(s, nxt, "band:1")
    assert "stall:e" not in GAME.legal_ids(s, nxt)
    GAME.apply(s, nxt, "sp:14")
    assert s["money"][nxt] == 20 - market.SPACE_COST[14]
    # the edge line above row 1 takes no buyers with 4 players
    assert all(market.SPACES[x][0] >= 2 for x in market.active_spaces(4))
    third = s["turn"]
    GAME.apply(s, third, "pass")
    assert s["buyers"][third] == 3 and s["turn"] != third


def test_illegal_action_leaves_state_unchanged():
    s = fresh(3, seed=5)
    before = clone(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, s["turn"], "stall:zz")
    with pytest.raises(IllegalAction):
        GAME.apply(s, (s["turn"] + 1) % 3, "pass")
    assert s == before


def _resolve(s):
    s["phase"] = "resolve"
    s["buyers"] = [0] * s["players"]
    from games.hermagor.flow import advance
    events = []
    advance(s, events)
    return events


def test_single_tile_price_rise_is_optional_and_capped():
    s = _example_state()
    s["stalls"][:] = [None] * 20
    s["stalls"][_stall("f")] = "g1"   # corn single: red takes it (B)
    s["bag"] = [t for t in GAME.setup(3, {}, 1)["bag"] + [t for t in GAME.setup(3, {}, 1)["stalls"] if t]
                if t != "g1"]
    s["bag"] = sorted(set(s["bag"]))
    _resolve(s)
    assert GAME.to_act(s) == [0] and set(GAME.legal_ids(s, 0)) == {"rise", "norise"}
    GAME.apply(s, 0, "rise")
    assert s["prices"]["corn"] == 6


def test_no_goods_tile_draws_and_lowest_tile_names_start():
    s = _example_state()
    s["stalls"][:] = [None] * 20
    s["stalls"][_stall("g")] = "g4"  # a double: red takes it (C), no rise
    all_tiles = sorted(GAME.setup(3, {}, 1)["bag"] + [t for t in GAME.setup(3, {}, 1)["stalls"] if t])
    s["bag"] = [t for t in all_tiles if t != "g4"]
    s["front_tiles"] = [[], [], []]
    events = _resolve(s)
    assert "g4" in s["front_tiles"][0]
    assert all(any(t[0] == "g" for t in s["front_tiles"][p]) for p in range(3))
    assert any(e["key"] == "hermagor.ev.draw" for e in events)
    low = min((int(t[1:]), p) for p in range(3) for t in s["front_tiles"][p] if t[0] == "g")
    assert s["pending"][0] == {"kind": "start_player", "seat": low[1], "next_phase": "act"}
    assert s["prices"] == {g: 5 for g in s["prices"]}  # drawn tiles raise nothing
    GAME.apply(s, low[1], "start:2")
    assert s["start_player"] == 2 and s["phase"] == "act"


def test_good_deal_and_price_fluctuation():
    s = _example_state()
    s["stalls"][:] = [None] * 20
    s["stalls"][_stall("f")] = "deal"
    s["stalls"][_stall("g")] = "fluct"
    s["bag"] = [t for t in sorted(set(GAME.setup(3, {}, 1)["bag"] + [t for t in GAME.setup(3, {}, 1)["stalls"] if t]))
                if t not in ("deal", "fluct")]
    s["front_tiles"] = [["g1"], ["g2"], ["g3"]]
    s["bag"] = [t for t in s["bag"] if t not in ("g1", "g2", "g3")]
    money = s["money"][0]
    _resolve(s)
    assert s["money"][0] == money + 13 + 5
    assert "deal" in s["bag"] and "fluct" in s["bag"]
    assert s["pending"][0]["kind"] == "price_fluctuation"
    GAME.apply(s, 0, "fluct:salt")
    assert s["prices"]["salt"] == 6


def test_tax_official_variant():
    s = fresh(3, seed=2, tax=True)
    assert s["phase"] == "tax"
    first = s["turn"]
    order = [(first + i) % 3 for i in range(3)]
    s["money"] = [20, 20, 20]
    s["money"][order[1]] = 12
    GAME.apply(s, order[0], "show")
    GAME.apply(s, order[1], "show")
    GAME.apply(s, order[2], "hide")
    assert GAME.to_act(s) == [order[1]]
    GAME.apply(s, order[1], f"start:{order[2]}")
    assert s["start_player"] == order[2] and s["phase"] == "buy" and s["turn"] == order[2]
    # all pass: the current start player names
    s = fresh(3, seed=4, tax=True)
    start = s["start_player"]
    for i in range(3):
        GAME.apply(s, (start + i) % 3, "hide")
    assert GAME.to_act(s) == [start]


def test_tax_tie_uses_random_seat_and_logs_it():
    s = fresh(4, seed=9, tax=True)
    s["money"] = [15, 15, 15, 15]
    events = []
    for i in range(4):
        events += GAME.apply(s, (s["start_player"] + i) % 4, "show")
    assert any(e["key"] == "hermagor.ev.tie_random" for e in events)


def test_variants_six_and_ten():
    s = fresh(4, six=True, ten=True)
    assert s["money"] == [10] * 4
    assert 6 in s["action_tiles"] + [s["action_tile"]]


def test_two_players_shared_buyers_free_and_shared_tile_raises_price():
    s = fresh(2, seed=1)
    seat = s["turn"]
    money = s["money"][seat]
    assert any(a.startswith("sband:") for a in GAME.legal_ids(s, seat))
    GAME.apply(s, seat, "sband:1")
    GAME.apply(s, seat, "sp:11")
    assert s["money"][seat] == money and s["space_buyers"][11] == 2
    assert s["shared_buyers"][seat] == 1 and s["turn"] == seat  # own buyer still to place
    # the shared colour wins a single tile: it goes back, the price rises
    s = _example_state()
    s["players"] = 2
    s2 = fresh(2)
    for key in ("money", "posts_in_hand", "front_tiles", "merchants", "buyers", "shared_buyers", "shared_posts",
                "post_supply", "disc_supply", "bag", "stalls"):
        s[key] = s2[key]
    s["stalls"][:] = [None] * 20
    tile = "g1"
    s["bag"] = [t for t in s2["bag"] + [t for t in s2["stalls"] if t] if t != tile]
    s["stalls"][_stall("f")] = tile
    s["space_buyers"][:] = [None] * 44
    s["space_buyers"][SP[(3, 2)]] = 2
    s["front_tiles"] = [["g2"], ["g3"]]
    s["bag"] = [t for t in s["bag"] if t not in ("g2", "g3")]
    _resolve(s)
    assert tile in s["bag"] and s["prices"]["corn"] == 6
