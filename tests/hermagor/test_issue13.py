"""Issue 13: the rulebook to the letter (rulings of GAMES.md) and the log."""

from games.base import ActionId
from games.hermagor import GAME, flow, scoring, travel
from tests.hermagor.util import fresh, give_tile, put_post, to_phase3


def test_nobility_discs_count_as_discs_on_the_price_table_in_the_tiebreak():
    # equal money; seat 0 has one production disc, seat 1 one production disc
    # and one nobility disc: seat 1 has more discs on the price table
    s = fresh(3)
    s["money"] = [40, 40, 10]
    s["production"]["corn"][0] = 0
    s["production"]["salt"][0] = 1
    s["nobility"][7] = 1  # the last (least) nobility place
    s["final_income"] = None
    assert scoring.discs_on_table(s, 1) == 2 and scoring.discs_on_table(s, 0) == 1
    assert GAME.outcome(s).ranking == [[1], [0], [2]]


def test_nobility_disc_alone_beats_no_disc():
    s = fresh(2)
    s["money"] = [30, 30]
    s["nobility"][3] = 0
    s["final_income"] = None
    assert GAME.outcome(s).ranking[0] == [0]
    assert scoring.discs_on_table(s, 0) == 1


def _two_player_shared_enclosure():
    s = to_phase3(fresh(2, seed=3), seat=0)
    s["front_tiles"] = [[], []]
    s["stalls"][:] = [None] * 20
    s["bag"] = sorted(set(GAME.setup(2, {}, 3)["bag"] + [t for t in GAME.setup(2, {}, 3)["stalls"] if t]))
    give_tile(s, 0, "g2")   # amulets
    give_tile(s, 1, "g1")
    s["act_turn"] = flow.fresh_turn(s, 0)
    for v in ("v1", "v3", "v11", "v10"):
        put_post(s, 2, v)
    return s


def test_two_players_shared_disc_always_goes_on_the_price_table():
    s = _two_player_shared_enclosure()
    GAME.apply(s, 0, "spost")
    GAME.apply(s, 0, "to:v2")
    assert s["pending"] and s["pending"][0]["colour"] == 2
    ids = GAME.legal_ids(s, 0)
    assert "noprod" not in ids and ids and all(i.startswith("prod:") for i in ids)
    assert GAME.prompt(s, 0)["key"] == "hermagor.prompt.prod_shared"
    # the AI picks a row too
    view = GAME.view(s, 0)
    choice = GAME.choose_ai_action(view, 0, GAME.legal_actions(s, 0), None)
    assert choice in ids
    GAME.apply(s, 0, ids[-1])
    assert sum(row.count(2) for row in s["production"].values()) == 1
    GAME.check_invariants(s)


def _keys(events):
    return [e["key"] for e in events]


def test_side_road_and_its_fare_are_logged():
    s = to_phase3(fresh(3, seed=2), seat=0)
    s["front_tiles"] = [[], [], []]
    s["stalls"][:] = [None] * 20
    s["bag"] = sorted(set(GAME.setup(3, {}, 2)["bag"] + [t for t in GAME.setup(3, {}, 2)["stalls"] if t]))
    give_tile(s, 0, "g2")
    give_tile(s, 0, "side")
    s["money"][0] = 30
    GAME.apply(s, 0, "side")
    target = next(i for i in GAME.legal_ids(s, 0) if i.startswith("to:"))
    full = travel.DIST[s["merchants"][0]][ActionId.parse(target).arg(0)]
    events = GAME.apply(s, 0, target)
    ev = next(e for e in events if e["key"] == "hermagor.ev.move_side")
    assert ev["args"]["cost"] == full // 2 and ev["args"]["full"] == full
    assert "hermagor.ev.move" not in _keys(events)


def _about_to_enclose_region_6():
    """Seat 0 in the villages phase with posts on v1, v3, v10 and v11: a post on v2 encloses region 6."""
    s = to_phase3(fresh(4, seed=1), seat=0)
    s["front_tiles"] = [[], [], [], []]
    s["stalls"][:] = [None] * 20
    start = GAME.setup(4, {}, 1)
    s["bag"] = sorted(set(start["bag"] + [t for t in start["stalls"] if t]))
    give_tile(s, 0, "g2")
    s["prices"]["amulet"] = 7
    for v in ("v1", "v3", "v10", "v11"):
        put_post(s, 0, v)
    return s


def test_enclosure_without_a_disc_says_why():
    s = _about_to_enclose_region_6()
    s["disc_supply"][0] = 0
    s["money"] = [20, 20, 20, 20]
    GAME.apply(s, 0, "move")
    events = GAME.apply(s, 0, "to:v2")
    keys = _keys(events)
    assert "hermagor.ev.nobility_nodisc" in keys and "hermagor.ev.noprod_discs" in keys
    assert not s["pending"]


def test_enclosure_with_full_rows_says_why():
    s = _about_to_enclose_region_6()
    # region 6 (v2, v11, v10) shows relics, weapons and corn (price 5: two
    # open slots each), all taken
    for good in ("corn", "relic", "weapon"):
        s["production"][good][:2] = [1, 2]
    s["disc_supply"][1] -= 3
    s["disc_supply"][2] -= 3
    s["money"] = [20, 20, 20, 20]
    GAME.apply(s, 0, "move")
    events = GAME.apply(s, 0, "to:v2")
    ev = next(e for e in events if e["key"] == "hermagor.ev.noprod_full_rows")
    assert ev["args"]["goods"]["key"] == "hermagor.and3" and ev["args"]["region"] == 6
    assert not s["pending"]
    GAME.check_invariants(s)
