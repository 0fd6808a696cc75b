"""The AI: sensible choices from its own view only."""

from __future__ import annotations

import random

import pytest

from games.alhambra import GAME
from games.base import clone, rank_rewards
from games.play import random_game
from games.search import search
from tests.alhambra.helpers import (
    DENAR,
    DIRHAM,
    DUKAT,
    GARDEN,
    GULDEN,
    PAVILION,
    SERAGLIO,
    TOWER,
    arrange,
    building,
    buildings_of,
    card,
    choose,
)


def test_prefers_an_exact_payment_to_overpaying():
    yard = [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]
    hand = [card(DENAR, 9), card(DENAR, 5), card(DENAR, 3)]
    state = arrange(hands=[hand, [], []], yard=yard, row=[card(GULDEN, 1), card(GULDEN, 2),
                                                           card(DUKAT, 1), card(DUKAT, 1, 1)])
    action = choose(state)
    assert action == f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"


def test_takes_the_most_valuable_money_when_nothing_can_be_bought():
    yard = [building(GARDEN, 12), building(PAVILION, 8), building(TOWER, 13), building(SERAGLIO, 9)]
    row = [card(DENAR, 9), card(DIRHAM, 1), card(DUKAT, 2), card(GULDEN, 1)]
    state = arrange(hands=[[card(DUKAT, 1)], [], []], yard=yard, row=row)
    assert choose(state) == f"take:{card(DENAR, 9)}"


def test_goes_for_a_contested_majority():
    # seat 1 leads towers 2–1; seat 0 already holds the only pavilions (3): the
    # tower (to tie for first) is worth more than a 4th pavilion
    yard = [building(TOWER, 8), building(PAVILION, 5), building(GARDEN, 12), building(SERAGLIO, 9)]
    towers = buildings_of(TOWER, 4, {building(TOWER, 8)})
    pavilions = buildings_of(PAVILION, 3, {building(PAVILION, 5)})
    hand = [card(DENAR, 8), card(DIRHAM, 5)]
    state = arrange(hands=[hand, [], []], yard=yard, built=[towers[:1] + pavilions, towers[1:3], []])
    assert choose(state).startswith("buy:1:")


def test_two_player_gift_keeps_a_useful_building():
    hand = [card(DENAR, 8)]
    yard = [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]
    state = arrange(2, hands=[hand, []], yard=yard)
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 8)}")
    assert choose(state) == "keep"


def test_ai_reads_only_its_view():
    state = arrange(hands=[[card(DENAR, 9)], [card(DIRHAM, 9)], []])
    view = GAME.view(state, 0)
    assert "hands" not in view and [c["id"] for c in view["hand"]] == [card(DENAR, 9)]
    legal = GAME.legal_actions(state, 0)
    assert GAME.choose_ai_action(view, 0, legal, random.Random(1)) in {a.id for a in legal}


# -- the levels (issue 14): normal, determinize, hard -------------------------

def _positions(players: int, seed: int, every: int = 9):
    """Positions of a seeded easy-vs-easy game, every ``every`` moves."""
    state = GAME.setup(players, {}, seed)
    rnd = random.Random(seed)
    step = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        if step % every == 0:
            yield clone(state), seat
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd))
        step += 1


def _hide_differently(state, seat: int, seed: int):
    """The same position with everything ``seat`` cannot see changed: the
    money deck's cards reordered (the scoring cards stay where they are), the
    building deck reordered, a new generator.  Every hand and the discard
    pile are on the open record."""
    other = clone(state)
    rnd = random.Random(seed)
    money = [c for c in other["money_deck"] if c >= 0]
    rnd.shuffle(money)
    other["money_deck"] = [c if c < 0 else money.pop() for c in other["money_deck"]]
    rnd.shuffle(other["building_deck"])
    other["rng"] = rnd.getrandbits(64)
    GAME.check_invariants(other)
    assert GAME.view(other, seat) == GAME.view(state, seat)
    return other


def _decisions(state, seat: int, iterations: int = 12):
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    easy = GAME.choose_ai_action(view, seat, legal, random.Random(5))
    normal = GAME.choose_normal_action(view, seat, legal, random.Random(5))
    hard = search(GAME, view, seat, [a.id for a in legal], seed=7, iterations=iterations).action
    return easy, normal, hard


@pytest.mark.parametrize("players", [2, 4])
def test_every_level_decides_from_the_view_alone(players):
    for n, (state, seat) in enumerate(_positions(players, 30 + players, every=23)):
        if len(GAME.legal_ids(state, seat)) < 2:
            continue
        other = _hide_differently(state, seat, n)
        assert _decisions(state, seat) == _decisions(other, seat)


@pytest.mark.parametrize("players", range(2, 7))
def test_determinize_keeps_the_view_and_the_game_goes_on(players):
    rnd = random.Random(players)
    for seed in range(3):
        for n, (state, seat) in enumerate(_positions(players, seed * 11 + players)):
            view = GAME.view(state, seat)
            world = GAME.determinize(view, seat, rnd)
            GAME.check_invariants(world)
            assert GAME.view(world, seat) == view
            assert world["rng"] != state["rng"]
            if n % 4 == 0:   # play some worlds on to the end
                play = random.Random(n)
                while not GAME.is_over(world):
                    s = GAME.to_act(world)[0]
                    legal = GAME.legal_actions(world, s)
                    GAME.apply(world, s, GAME.choose_normal_action(GAME.view(world, s), s, legal, play))
                GAME.check_invariants(world)


def test_determinize_draws_the_hidden_cards_anew_and_keeps_the_open_record():
    state, seat = list(_positions(3, 4, every=30))[1]
    view = GAME.view(state, seat)
    worlds = [GAME.determinize(view, seat, random.Random(k)) for k in range(8)]
    assert len({tuple(w["money_deck"]) for w in worlds}) > 1
    assert len({tuple(w["building_deck"]) for w in worlds}) > 1
    for w in worlds:  # the money every seat took openly, and the discard pile, as they are
        assert [sorted(h) for h in w["hands"]] == [sorted(h) for h in state["hands"]]
        assert sorted(w["discard"]) == sorted(state["discard"])
        assert sorted(w["money_deck"]) == sorted(state["money_deck"])
    # the scoring cards lie where the view's hint says
    hint = view["next_scoring"]
    if hint is not None:
        card = -1 if hint["card"] == "A" else -2
        for w in worlds:
            position = len(w["money_deck"]) - w["money_deck"].index(card)
            assert hint["first_position"] <= position <= hint["last_position"]


def test_levels_are_seeded():
    state, seat = list(_positions(3, 8, every=17))[2]
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    ids = [a.id for a in legal]
    normal = {GAME.choose_normal_action(view, seat, legal, random.Random(3)) for _ in range(3)}
    assert len(normal) == 1
    first = search(GAME, view, seat, ids, seed=11, iterations=20)
    again = search(GAME, view, seat, ids, seed=11, iterations=20)
    assert (first.action, first.visits) == (again.action, again.visits)


def test_evaluate_gives_rewards_in_range_and_the_ranking_at_the_end():
    for state, _ in _positions(4, 3, every=40):
        rewards = GAME.evaluate(state)
        assert len(rewards) == 4 and all(0.0 <= r <= 1.0 for r in rewards)
    state, _ = random_game(GAME, 3, 5, ai_seats={0, 1, 2})
    assert GAME.evaluate(state) == rank_rewards(GAME.outcome(state).ranking, 3)


def test_normal_beats_easy():
    games, players, won = 24, 2, 0.0
    for index in range(games):
        strong = index % players
        state = GAME.setup(players, {}, 500 + index)
        rnd = random.Random(index)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            choose = GAME.choose_normal_action if seat == strong else GAME.choose_ai_action
            GAME.apply(state, seat, choose(GAME.view(state, seat), seat, legal, rnd))
        winners = GAME.outcome(state).ranking[0]
        won += 1 / len(winners) if strong in winners else 0.0
    assert won / games > 1.2 / players
