"""Seeded random and AI self-play: invariants, termination, replay, hidden info, messages."""

from __future__ import annotations

import json
import random
import time

import pytest

from games.alhambra import GAME
from games.base import IllegalAction, clone
from games.play import random_game, replay, round_trip
from service import i18n
from service.i18n import message_keys as _keys

GAMES_PER_COUNT = 500


@pytest.mark.parametrize("players", range(2, 7))
def test_many_random_games_keep_invariants_and_end(players):
    start = time.process_time()
    for seed in range(GAMES_PER_COUNT):
        ai = {seed % players} if seed % 4 == 1 else set()   # mix in AI seats (every 4th game)
        state, log = random_game(GAME, players, seed * 7919 + players, ai_seats=ai, check=True)
        assert GAME.is_over(state) and state["scored_rounds"][-1] == "C"
        outcome = GAME.outcome(state)
        assert sorted(s for g in outcome.ranking for s in g) == list(range(players))
    rate = GAMES_PER_COUNT / (time.process_time() - start)
    print(f"\nalhambra {players}p: {rate:.0f} games/s")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_json_round_trip_and_replay(players):
    for seed in range(5):
        state, log = random_game(GAME, players, seed, ai_seats={0})
        assert round_trip(state) == state
        assert replay(GAME, players, seed, {}, log) == state
        # replay from a JSON-reloaded mid-game state gives the same end
        mid = GAME.setup(players, {}, seed)
        for seat, action in log[: len(log) // 2]:
            GAME.apply(mid, seat, action)
        mid = json.loads(json.dumps(mid))
        for seat, action in log[len(log) // 2:]:
            GAME.apply(mid, seat, action)
        assert mid == state


def test_views_never_show_other_players_money_and_events_hide_nothing():
    rnd = random.Random(3)
    for players in (2, 4, 6):
        state = GAME.setup(players, {}, 11)
        while not GAME.is_over(state):
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                text = json.dumps(view)
                assert "hands" not in view and '"rng"' not in text
                assert "hand" not in view or seat is not None
                if seat is not None:
                    assert sorted(c["id"] for c in view["hand"]) == sorted(state["hands"][seat])
                assert view["hand_sizes"] == [len(h) for h in state["hands"]]
                assert isinstance(view["money_deck_count"], int)      # deck order hidden
            seat = GAME.to_act(state)[0]
            action = rnd.choice(GAME.legal_ids(state, seat))
            for event in GAME.apply(state, seat, action):
                assert "to" not in event                  # nothing private in Alhambra's log
                # public events only name cards that are public: taken from the row or paid
                assert json.dumps(event).count('"alhambra.money"') <= 13


def test_illegal_actions_leave_state_unchanged():
    rnd = random.Random(5)
    state = GAME.setup(4, {}, 5)
    for _ in range(60):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        before = clone(state)
        other = (seat + 1) % 4
        for bad in ("take:200", "buy:1:0,1,2", "buy:5:3", "gift", "keep", "end", "pass", "",
                    "take:" + ",".join(str(c["id"]) for c in GAME.view(state, None)["money_row"])):
            if bad in GAME.legal_ids(state, seat):
                continue
            with pytest.raises(IllegalAction):
                GAME.apply(state, seat, bad)
            assert state == before
        legal = GAME.legal_ids(state, seat)
        with pytest.raises(IllegalAction):
            GAME.apply(state, other, legal[0])
        assert state == before
        GAME.apply(state, seat, rnd.choice(legal))


def test_every_emitted_key_is_in_the_catalogue():
    keys: set[str] = set()
    for players in range(2, 7):
        for seed in range(15):
            state = GAME.setup(players, {}, seed)
            _keys(GAME.setup_events(state), keys)
            rnd = random.Random(seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                for s in range(players):
                    _keys(GAME.prompt(state, s), keys)
                legal = GAME.legal_actions(state, seat)
                for a in legal:
                    _keys(a.label, keys)
                action = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) \
                    if seed % 2 else rnd.choice(legal).id
                _keys(GAME.apply(state, seat, action), keys)
            _keys(GAME.prompt(state, 0), keys)
            _keys(GAME.outcome(state).details, keys)
            for bad in ("take:999", "buy:1:999", "x"):
                try:
                    GAME.apply(state, 0, bad)
                except IllegalAction as e:
                    _keys(e.reason, keys)
    own = set(i18n.catalogue("alhambra"))
    assert sorted(k for k in keys if k not in own and not k.startswith("core.")) == []
    try:
        catalogue_ok = bool(i18n.catalogue())
    except ModuleNotFoundError:   # another game's package still without messages
        catalogue_ok = False
    if catalogue_ok:
        assert i18n.missing_keys(sorted(keys)) == []
    for must in ("ev.scoring", "ev.game_end", "ev.gift", "ev.neutral_gets", "ev.exact", "label.gift"):
        assert "alhambra." + must in keys


def test_action_ids_are_short_and_in_the_charset():
    import re

    pattern = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")
    for players in (2, 5):
        for seed in range(10):
            state = GAME.setup(players, {}, seed)
            rnd = random.Random(seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                legal = GAME.legal_ids(state, seat)
                assert all(pattern.match(a) for a in legal) and len(set(legal)) == len(legal)
                GAME.apply(state, seat, rnd.choice(legal))


def test_ai_beats_random_players_usually():
    wins = 0
    for seed in range(60):
        state, _ = random_game(GAME, 3, seed, ai_seats={seed % 3})
        if seed % 3 in GAME.outcome(state).ranking[0]:
            wins += 1
    assert wins >= 40
