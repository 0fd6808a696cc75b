"""Maharaja: the undo window (``closes_undo``) and the private summary.

The rules every game keeps are in ``tests.undo_contract``; here: what
Maharaja hides (gold, the plans not yet revealed) and its concrete actions."""

from __future__ import annotations

import pytest

from games.base import clone
from games.maharaja import GAME
from tests.maharaja.helpers import act, fill_villages, plan, start
from tests.undo_contract import (
    Step,
    UndoRules,
    check_summary,
    check_summary_catalogue,
    judge,
    left_open,
    summaries,
    text,
)

VARIANTS = {"basic": {}, "short": {"short": True}, "advanced1": {"advanced": 1}, "advanced2": {"advanced": 2}}


def _head(aid: str) -> str:
    return aid if aid.startswith("plan.") else aid.partition(":")[0]


def _reveals_nothing(st: Step) -> None:
    """The public view shows no plan (and no gold) it did not show before, nor
    does the actor learn anything: its view of the others is the public one."""
    n = st.before["players"]
    pub_before, pub_after = st.views(None)
    assert pub_after["gold"] == [None] * n
    for s, shown in enumerate(pub_after["plans"]):
        assert shown is None or shown == pub_before["plans"][s], ("plan revealed", s)
    mine = st.views(st.seat)[1]
    for s in range(n):
        if s != st.seat:
            assert mine["gold"][s] is None and mine["plans"][s] == pub_after["plans"][s]


RULES = UndoRules(GAME, _reveals_nothing, head=_head)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_undoable_actions_reveal_nothing(players):
    variants = list(VARIANTS.values())
    tally = RULES.self_play((players, 100 * players + seed, variants[seed % 4]) for seed in range(14))
    opened = left_open(tally)
    # planning, set-up choices and the steps of a turn stay open ...
    assert {"plan", "plan.confirm", "char", "at", "do"} <= opened, opened
    # ... and ending a turn, which shows the next plan, closes (always, with
    # more than one seat still to act in the round)
    assert tally["end", True] > tally["end", False]
    assert tally["plan.confirm", True] > 0


# --- targeted ---------------------------------------------------------------
def test_secret_planning_is_undoable_until_the_last_confirm_reveals():
    state = start(3, [1, 2, 3])
    for seat in (1, 0):
        for aid in ("plan:gold", "plan:palace", "plan.confirm"):
            RULES.assert_undoable(judge(GAME, state, seat, aid))
    assert not judge(GAME, state, 2, "plan:quarry").closes
    assert not judge(GAME, state, 2, "plan.reset").closes
    act(state, 2, "plan:move")
    act(state, 2, "plan:quarry")
    st = judge(GAME, state, 2, "plan.confirm")
    # nothing random: the hook itself sees that seat 0's plan is now public
    assert not st.drew_chance and st.closes
    assert GAME.view(state, None)["plans"][0] == ["gold", "palace"]


def test_turn_steps_are_undoable_and_ending_the_turn_reveals_the_next_plan():
    state = start(3, [1, 2, 3])
    for seat in range(3):
        plan(state, seat, "gold", "house")
    assert GAME.to_act(state) == [0]
    for aid in ("do:gold", "do:build"):
        assert not judge(GAME, state, 0, aid).closes
    target = next(i for i in GAME.legal_ids(state, 0) if i.startswith(("at:", "road:")))
    RULES.assert_undoable(judge(GAME, state, 0, target))
    if target.startswith("road:"):
        assert not judge(GAME, state, 0, next(i for i in GAME.legal_ids(state, 0) if i.startswith("at:"))).closes
    assert state["turn_progress"]["parts"] == []
    st = judge(GAME, state, 0, "end")
    assert not st.drew_chance and st.closes
    assert state["revealed"][1] and not st.before["revealed"][1]


def test_travel_paying_another_player_closes():
    state = start(3, [1, 2, 3])
    fill_villages(state, lambda i, vid: [[1, 2], [1], [2]][i % 3])
    for seat in range(3):
        plan(state, seat, "gold", "gold")
    act(state, 0, "do:travel")
    from games.maharaja.travel import destinations
    paid = next(c for c, (cost, ways) in destinations(state, 0).items() if ways[0] and cost <= state["gold"][0])
    st = judge(GAME, state, 0, f"go:{paid}")
    assert st.closes and not st.drew_chance
    assert any(state["gold"][s] != st.before["gold"][s] for s in (1, 2))


def test_taking_a_character_from_the_bank_is_undoable():
    state = start(2, [1, 2])
    for seat in range(2):
        plan(state, seat, "swap", "gold")
    assert not judge(GAME, state, 0, "do:swap").closes
    RULES.assert_undoable(judge(GAME, state, 0, "swap:3"))
    assert state["characters"][0] == [3]


# --- private summary ------------------------------------------------------------
def test_summary_keys_are_in_the_catalogue():
    check_summary_catalogue(GAME, at_least=6)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_summary_renders_in_both_languages_over_random_games(variant):
    runs = [(2 + (seed + len(variant)) % 4, seed, VARIANTS[variant]) for seed in range(2)]
    for lines in summaries(GAME, runs):
        assert lines[0]["key"] == "maharaja.summary.gold"


def test_summary_shows_gold_plan_and_character_from_the_view_only():
    state = start(3, [1, 2, 3], {"advanced": 0})
    act(state, 0, "plan:gold")
    act(state, 0, "plan:palace")
    plan(state, 1, "swap", "quarry")
    state["gold"][1] = 33
    lines = check_summary(GAME, GAME.view(state, 0), 0)
    en, hu = text(lines, "en"), text(lines, "hu")
    assert "Gold: 15" in en and "Arany: 15" in hu
    assert "Your plan: Gold (+2) + Palace" in en and "Terved: Arany (+2) + Palota" in hu
    assert "Character: 1 Mogul" in en and "Karakter: 1 Mogul" in hu
    # nothing of seat 1: its gold, its secret plan, its character
    assert "33" not in en and "swap" not in en.lower() and "Quarry" not in en and "Merchant" not in en
    # other seats' secrets behind the view do not change it; without one's own view, nothing
    other = clone(state)
    other["gold"][2] = 99
    other["plans"][2] = ["move", "move"]
    assert GAME.private_summary(GAME.view(other, 0), 0) == lines
    assert GAME.private_summary(GAME.view(state, None), 0) == []
    assert GAME.private_summary(GAME.view(state, 1), 0) == []


def test_bidding_is_undoable_until_it_takes_another_players_gold():
    state = GAME.setup(2, GAME.resolve_options({"advanced": 1}), 2)
    first = state["first_seat"]
    RULES.assert_undoable(judge(GAME, state, first, "bid:0"))
    assert not judge(GAME, state, 1 - first, "bid:1").closes
    st = judge(GAME, state, first, "pass")     # seat 1 - first pays its secret gold
    assert st.closes and state["gold"][1 - first] == 14
    assert not judge(GAME, state, 1 - first, "char:3").closes


def _through_setup(state):
    while state["phase"] in ("bid", "choose", "place"):
        seat = GAME.to_act(state)[0]
        ids = GAME.legal_ids(state, seat)
        act(state, seat, "pass" if "pass" in ids else next(i for i in ids if i != "back"))


def test_summary_shows_coins_and_parts_still_owed():
    state = GAME.setup(2, GAME.resolve_options({"advanced": 1}), 2)
    _through_setup(state)
    for seat in range(2):
        plan(state, seat, "gold", "house")
    seat = GAME.to_act(state)[0]
    gold = state["gold"][seat]
    en = text(check_summary(GAME, GAME.view(state, seat), seat), "en")
    assert f"Action coins: {state['action_coins'][seat]}" in en and "Still to do: gold, a house" in en
    assert f"Gold: {gold}" in en
    act(state, seat, "do:gold")
    en = text(check_summary(GAME, GAME.view(state, seat), seat), "en")
    assert f"Gold: {gold + 2}" in en and "Still to do: a house" in en
