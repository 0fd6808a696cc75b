"""Final income and the result."""

from games.hermagor import GAME, board, scoring
from tests.hermagor.util import fresh, put_post


def test_duchy_example_9_5_2_gives_6_with_four_players():
    s = fresh(4)
    for d, k in enumerate((9, 5, 2)):
        for v in board.DUCHIES[d][:k]:
            put_post(s, 0, v)
    assert scoring.duchy_counts(s, 0) == [9, 5, 2]
    assert scoring.posts_income(s, 0) == 6
    s5 = fresh(5)
    for d, k in enumerate((9, 5, 2)):
        for v in board.DUCHIES[d][:k]:
            put_post(s5, 0, v)
    assert scoring.posts_income(s5, 0) == 8  # ×4 with five players


def _road(counts):
    s = fresh(5)
    road = sorted(board.MAIN_ROAD)
    for seat, k in enumerate(counts):
        for v in road[:k]:
            put_post(s, seat, v)
    return scoring.main_road_income(scoring.main_road_counts(s))


def test_main_road_examples():
    assert _road([6, 6, 4, 3, 3]) == [5, 5, 0, -5, -5]
    assert _road([6, 6, 3, 3, 3]) == [5, 5, -5, -5, -5]


def test_production_end_value_once_per_row():
    s = fresh(3)
    s["prices"]["corn"] = 8
    s["prices"]["salt"] = 10
    s["production"]["corn"][:2] = [0, 0]
    s["production"]["salt"][0] = 0
    s["production"]["book"][0] = 0  # price 5: worth 0
    assert scoring.production_income(s, 0) == 6 + 9


def test_tiebreaks_discs_then_nobility():
    s = fresh(3)
    s["money"] = [50, 50, 50]
    s["production"]["corn"][:2] = [0, 0]
    s["nobility"][:3] = [2, None, 1]
    s["final_income"] = None
    out = GAME.outcome(s)
    # discs on the price table (nobility discs count too: 2, 1, 1), then the
    # nobility disc further right (seat 1 at index 2 beats seat 2 at index 0)
    assert out.ranking == [[0], [1], [2]]
    s["production"]["corn"][:2] = [None, None]
    assert GAME.outcome(s).ranking == [[1], [2], [0]]


def test_final_income_applied_and_money_not_negative():
    s = fresh(3)
    s["money"] = [2, 30, 30]
    put_post(s, 1, "v1")
    put_post(s, 2, "v1")
    events = []
    scoring.final_income(s, events)
    assert s["money"][0] == 0 and s["phase"] == "over"
    assert GAME.outcome(s).details[0][0]["key"] == "hermagor.final.prod"
