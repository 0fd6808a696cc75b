"""Maharaja: the undo window (``closes_undo``) and the private summary."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.base import clone
from games.maharaja import GAME
from games.play import replay
from service import i18n
from service.i18n import message_keys
from service.privacy import private_part
from tests.maharaja.helpers import act, fill_villages, plan, start

VARIANTS = {"basic": {}, "short": {"short": True}, "advanced1": {"advanced": 1}, "advanced2": {"advanced": 2}}


def _head(aid: str) -> str:
    return aid if aid.startswith("plan.") else aid.partition(":")[0]


def check_undoable(before: dict, after: dict, seat: int) -> None:
    """What an action the hook lets be taken back must satisfy."""
    assert after["rng"] == before["rng"], "chance was drawn"
    assert after["phase"] != "over"
    pub_before, pub_after = GAME.view(before, None), GAME.view(after, None)
    for other in range(before["players"]):
        if other != seat:
            assert private_part(GAME.view(after, other), pub_after) == \
                private_part(GAME.view(before, other), pub_before), ("private view changed", other)
    # the public view shows no plan (and no gold) it did not show before
    assert pub_after["gold"] == [None] * before["players"]
    for s, shown in enumerate(pub_after["plans"]):
        assert shown is None or shown == pub_before["plans"][s], ("plan revealed", s)
    # nor does the actor learn anything: its view of the others is the public one
    mine = GAME.view(after, seat)
    for s in range(before["players"]):
        if s != seat:
            assert mine["gold"][s] is None and mine["plans"][s] == pub_after["plans"][s]


def play_one(players: int, seed: int, options: dict, stats: Counter, replays: int = 2) -> None:
    state = GAME.setup(players, GAME.resolve_options(options), seed)
    shadow = GAME.setup(players, GAME.resolve_options(options), seed)   # the same log from scratch
    rnd = random.Random(seed)
    ai = {seed % players} if seed % 2 else set()
    log: list[tuple[int, str]] = []
    undoable: list[tuple[int, dict]] = []
    while not GAME.is_over(state):
        seat = rnd.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if seat in ai:
            aid = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd)
        else:
            aid = rnd.choice(legal).id
        before = clone(state)
        GAME.apply(state, seat, aid)
        closes = GAME.closes_undo(before, state, seat, aid)
        stats[(_head(aid), closes)] += 1
        if not closes:
            check_undoable(before, state, seat)
            assert shadow == before          # replaying the log without it rebuilds ``before``
            undoable.append((len(log), before))
        log.append((seat, aid))
        GAME.apply(shadow, seat, aid)
    for i, before in random.Random(seed).sample(undoable, min(replays, len(undoable))):
        assert replay(GAME, players, seed, options, log[:i]) == before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_undoable_actions_reveal_nothing(players):
    stats: Counter = Counter()
    for seed in range(12):
        variant = list(VARIANTS)[seed % 4]
        play_one(players, 100 * players + seed, VARIANTS[variant], stats)
    opened = {head for (head, closes), n in stats.items() if not closes}
    # planning, set-up choices and the steps of a turn stay open ...
    assert {"plan", "plan.confirm", "char", "at", "do"} <= opened, opened
    # ... and ending a turn, which shows the next plan, closes (always, with
    # more than one seat still to act in the round)
    assert stats[("end", True)] > stats[("end", False)]
    assert stats[("plan.confirm", True)] > 0


# --- targeted ---------------------------------------------------------------
def _apply(state, seat, aid):
    before = clone(state)
    GAME.apply(state, seat, aid)
    return GAME.closes_undo(before, state, seat, aid), before


def test_secret_planning_is_undoable_until_the_last_confirm_reveals():
    state = start(3, [1, 2, 3])
    for seat in (1, 0):
        for aid in ("plan:gold", "plan:palace", "plan.confirm"):
            closes, before = _apply(state, seat, aid)
            assert not closes, aid
            check_undoable(before, state, seat)
    assert not _apply(state, 2, "plan:quarry")[0]
    assert not _apply(state, 2, "plan.reset")[0]
    act(state, 2, "plan:move")
    act(state, 2, "plan:quarry")
    closes, before = _apply(state, 2, "plan.confirm")
    # nothing random: the hook itself sees that seat 0's plan is now public
    assert state["rng"] == before["rng"] and closes
    assert GAME.view(state, None)["plans"][0] == ["gold", "palace"]


def test_turn_steps_are_undoable_and_ending_the_turn_reveals_the_next_plan():
    state = start(3, [1, 2, 3])
    for seat in range(3):
        plan(state, seat, "gold", "house")
    assert GAME.to_act(state) == [0]
    for aid in ("do:gold", "do:build"):
        assert not _apply(state, 0, aid)[0]
    target = next(i for i in GAME.legal_ids(state, 0) if i.startswith(("at:", "road:")))
    closes, before = _apply(state, 0, target)
    assert not closes
    check_undoable(before, state, 0)
    if target.startswith("road:"):
        assert not _apply(state, 0, next(i for i in GAME.legal_ids(state, 0) if i.startswith("at:")))[0]
    assert state["turn"]["parts"] == []
    closes, before = _apply(state, 0, "end")
    assert state["rng"] == before["rng"] and closes
    assert state["revealed"][1] and not before["revealed"][1]


def test_travel_paying_another_player_closes():
    state = start(3, [1, 2, 3])
    fill_villages(state, lambda i, vid: [[1, 2], [1], [2]][i % 3])
    for seat in range(3):
        plan(state, seat, "gold", "gold")
    act(state, 0, "do:travel")
    from games.maharaja.travel import routes
    paid = next(c for c, (cost, pay, _path) in routes(state, 0).items() if pay and cost <= state["gold"][0])
    closes, before = _apply(state, 0, f"go:{paid}")
    assert closes and state["rng"] == before["rng"]
    assert any(state["gold"][s] != before["gold"][s] for s in (1, 2))


def test_taking_a_character_from_the_bank_is_undoable():
    state = start(2, [1, 2])
    for seat in range(2):
        plan(state, seat, "swap", "gold")
    assert not _apply(state, 0, "do:swap")[0]
    closes, before = _apply(state, 0, "swap:3")
    assert not closes and state["chars"][0] == [3]
    check_undoable(before, state, 0)


# --- private summary ------------------------------------------------------------
def _texts(lines, lang):
    return [i18n.render(m, lang, lambda s: f"P{s}") for m in lines]


def _assert_renders(lines):
    assert len(lines) <= 8
    keys = message_keys(lines)
    assert all(k.startswith("maharaja.") for k in keys)
    for key in keys:
        pair = i18n.lookup(key)
        assert pair is not None and all(pair), key
    for lang in ("en", "hu"):
        for text in _texts(lines, lang):
            assert text and "maharaja." not in text and "summary" not in text, text
            assert "{" not in text, text


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_summary_renders_in_both_languages_over_random_games(variant):
    rnd = random.Random(3)
    for seed in range(2):
        players = 2 + (seed + len(variant)) % 4
        state = GAME.setup(players, GAME.resolve_options(VARIANTS[variant]), seed)
        while not GAME.is_over(state):
            for seat in range(players):
                lines = GAME.private_summary(GAME.view(state, seat), seat)
                assert lines and lines[0]["key"] == "maharaja.summary.gold"
                _assert_renders(lines)
            seat = rnd.choice(GAME.to_act(state))
            GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)


def test_summary_shows_gold_plan_and_character_from_the_view_only():
    state = start(3, [1, 2, 3], {"advanced": 0})
    act(state, 0, "plan:gold")
    act(state, 0, "plan:palace")
    plan(state, 1, "swap", "quarry")
    state["gold"][1] = 33
    lines = GAME.private_summary(GAME.view(state, 0), 0)
    en, hu = "\n".join(_texts(lines, "en")), "\n".join(_texts(lines, "hu"))
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
    first = state["first"]
    closes, before = _apply(state, first, "bid:0")
    assert not closes
    check_undoable(before, state, first)
    closes, before = _apply(state, 1 - first, "bid:1")
    assert not closes
    closes, before = _apply(state, first, "pass")     # seat 1 - first pays its secret gold
    assert closes and state["gold"][1 - first] == 14
    closes, before = _apply(state, 1 - first, "char:3")
    assert not closes


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
    en = "\n".join(_texts(GAME.private_summary(GAME.view(state, seat), seat), "en"))
    assert f"Action coins: {state['coins'][seat]}" in en and "Still to do: gold, a house" in en
    assert f"Gold: {gold}" in en
    act(state, seat, "do:gold")
    en = "\n".join(_texts(GAME.private_summary(GAME.view(state, seat), seat), "en"))
    assert f"Gold: {gold + 2}" in en and "Still to do: a house" in en
