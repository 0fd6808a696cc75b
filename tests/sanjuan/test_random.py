"""Seeded random (and AI) full games: invariants, termination, replay, hiding."""

from __future__ import annotations

import json
import random

import pytest

from games.base import IllegalAction, clone
from games.play import random_game, replay, round_trip
from games.sanjuan import GAME
from games.sanjuan.actions import action, all_action_ids
from games.sanjuan.data import N_CARDS
from games.sanjuan.derived import DERIVED
from games.sanjuan.scoring import score_sheet
from service import i18n
from service.i18n import message_keys as _walk_keys

GAMES_PER_COUNT = 500


def _ai_seats(players: int, seed: int) -> set[int]:
    # Every third game has AI seats mixed in.
    return {seed % players} if seed % 3 == 0 else set()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_conserved_cards(players):
    for seed in range(GAMES_PER_COUNT):
        # Every step is checked in a fifth of the games, the end of all of them.
        state, log = random_game(GAME, players, seed, options={"start_choice": seed % 2 == 1},
                                 ai_seats=_ai_seats(players, seed), check=seed % 5 == 0)
        assert GAME.is_over(state)
        GAME.check_invariants(state)
        out = GAME.outcome(state)
        assert out.scores == [score_sheet(state, p)["total"] for p in range(players)]
        assert sorted(p for group in out.ranking for p in group) == list(range(players))
        assert out.scores[out.ranking[0][0]] == max(out.scores)
        assert all(v >= 0 for sh in map(lambda p: score_sheet(state, p), range(players)) for v in sh.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_and_json_round_trip(players):
    for seed in range(20):
        options = {"start_choice": seed % 2 == 0}
        state, log = random_game(GAME, players, seed, options=options)
        again = replay(GAME, players, seed, options, log)
        assert again == state
        assert round_trip(state) == state
        assert json.loads(json.dumps(log)) == [list(x) for x in log]


def _as_stored_before(state: dict) -> dict:
    """``state`` as an older version stored it: without the derived fields
    (``derived.DERIVED``, the building's too)."""
    out = {k: v for k, v in state.items() if k not in DERIVED}
    if out["building"]:
        out["building"] = {k: v for k, v in out["building"].items() if k not in DERIVED}
    return json.loads(json.dumps(out))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_state_stored_without_its_derived_fields_is_upgraded_and_plays_on_alike(players):
    """A state stored before the derived fields existed (here: every few
    steps, in every phase) is brought up to date once, at load
    (``upgrade_state``): it then checks out and plays the same game to the
    same end."""
    for seed in range(8):
        final, log = random_game(GAME, players, seed)
        state = GAME.setup(players, GAME.resolve_options({}), seed)
        upgraded = 0
        for index, (seat, action_id) in enumerate(log):
            if index % 5 == seed % 5:
                stored = _as_stored_before(state)
                assert not set(DERIVED) & set(stored)
                state = GAME.upgrade_state(stored)
                assert set(state) == set(final)
                GAME.check_invariants(state)
                upgraded += 1
            assert action_id in GAME.legal_ids(state, seat)
            GAME.apply(state, seat, action_id)
            GAME.check_invariants(state)
        # (the derived fields equal their recomputation wherever they hold: ``check_invariants``)
        assert {k: v for k, v in state.items() if k not in DERIVED} == {k: v for k, v in final.items() if k not in DERIVED}
        assert GAME.outcome(state) == GAME.outcome(final)
        assert upgraded > 10


def test_every_emitted_key_is_in_the_catalogue():
    keys: set[str] = set()
    for aid in all_action_ids():
        _walk_keys(action(aid).label, keys)
    for players in (2, 3, 4):
        for seed in range(15):
            options = GAME.resolve_options({"start_choice": seed % 2 == 0})
            s = GAME.setup(players, options, seed)
            rnd = random.Random(seed)
            while not GAME.is_over(s):
                for p in range(players):
                    _walk_keys(GAME.prompt(s, p), keys)
                seat = rnd.choice(GAME.to_act(s))
                legal = GAME.legal_actions(s, seat)
                for a in legal:
                    _walk_keys(a.label, keys)
                    assert len(a.id) <= 64 and set(a.id) <= set("abcdefghijklmnopqrstuvwxyz0123456789:_.,+-")
                assert len(legal) <= 25
                # an illegal action's reason
                try:
                    GAME.apply(s, seat, "build:palace" if rnd.random() < 0.5 else "role:builder")
                except IllegalAction as e:
                    _walk_keys(e.reason, keys)
                else:
                    pass
                if GAME.is_over(s):
                    break
                seat = rnd.choice(GAME.to_act(s))
                for e in GAME.apply(s, seat, rnd.choice(GAME.legal_ids(s, seat))):
                    _walk_keys(e, keys)
            for p in range(players):
                _walk_keys(GAME.prompt(s, p), keys)
            for lines in GAME.outcome(s).details:
                _walk_keys(lines, keys)
    for o in GAME.options:
        keys.update({o.label, o.description})
    keys.update({"sanjuan.name", "sanjuan.rules"})
    own = set(i18n.catalogue("sanjuan")) | set(i18n.catalogue("core"))
    assert sorted(keys - own) == []
    try:
        assert not i18n.missing_keys(sorted(keys))
    except ModuleNotFoundError as err:  # another game's package is still half-built
        assert "sanjuan" not in str(err)
    # the rules summary fits its budget in both languages
    en, hu = (i18n.text("sanjuan.rules", lang) for lang in ("en", "hu"))
    assert len(en) <= 1800 and len(hu) <= 1800


def test_views_hide_hands_chapels_looks_and_deck():
    for players in (2, 3, 4):
        for seed in range(8):
            s = GAME.setup(players, GAME.resolve_options({"start_choice": True}), seed)
            rnd = random.Random(seed)
            while not GAME.is_over(s):
                public = GAME.view(s, None)
                text = json.dumps(public)
                assert "rng" not in public and "deck" not in public and "hands" not in public
                assert "chapel" not in public and "looking_at" not in public and "tiles" not in public
                for p in range(players):
                    v = GAME.view(s, p)
                    assert v["hand"] == s["hands"][p] and v["chapel"] == s["chapel"][p]
                    assert "hands" not in v and "rng" not in v
                    # nothing of anybody else's: only own lists are present
                    assert json.dumps(v).count('"hand"') == 1
                assert '"hand":' not in text
                seat = rnd.choice(GAME.to_act(s))
                GAME.apply(s, seat, rnd.choice(GAME.legal_ids(s, seat)))


def test_public_events_do_not_name_hidden_cards():
    for seed in range(30):
        s = GAME.setup(3, GAME.resolve_options({}), seed)
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            seat = rnd.choice(GAME.to_act(s))
            for e in GAME.apply(s, seat, rnd.choice(GAME.legal_ids(s, seat))):
                if "to" in e:
                    continue
                # public events name cards only for buildings that were built and
                # for the gold mine's cards, which are turned up openly
                assert e["key"] not in ("sanjuan.ev.you_drew", "sanjuan.ev.you_look", "sanjuan.ev.you_tucked")
                if "cards" in e.get("args", {}) and e["key"] not in ("sanjuan.ev.gold_mine_hit",
                                                                    "sanjuan.ev.gold_mine_miss"):
                    raise AssertionError(e)


def test_illegal_action_raises_and_leaves_state_unchanged():
    for players in (2, 4):
        for seed in range(6):
            s = GAME.setup(players, GAME.resolve_options({}), seed)
            rnd = random.Random(seed)
            while not GAME.is_over(s):
                before = clone(s)
                acting = GAME.to_act(s)
                idle = [p for p in range(players) if p not in acting]
                if idle:
                    with pytest.raises(IllegalAction) as err:
                        GAME.apply(s, idle[0], "pass")
                    assert err.value.reason["key"] == "core.error.not_your_turn"
                seat = acting[0]
                legal = set(GAME.legal_ids(s, seat))
                for bad in ("build:palace", "pay:hero", "role:trader", "keep:library", "sell:silver", "nonsense"):
                    if bad not in legal:
                        with pytest.raises(IllegalAction):
                            GAME.apply(s, seat, bad)
                assert s == before
                seat = rnd.choice(acting)
                GAME.apply(s, seat, rnd.choice(GAME.legal_ids(s, seat)))


def test_card_total():
    s = GAME.setup(4, GAME.resolve_options({}), 3)
    GAME.check_invariants(s)
    assert N_CARDS == 110


def test_fast_legality_check_agrees_with_the_legal_list():
    """``is_legal`` (the rule modules' ``allows``) answers as the legal list
    does, for every seat to act (the core asks it of no other seat)."""
    from games.sanjuan.actions import all_action_ids
    ids = all_action_ids() + ["role:builder:x", "build:", "keep:nonsense", "", ":", "role:"]
    for players in (2, 3, 4):
        for seed in range(6):
            s = GAME.setup(players, GAME.resolve_options({"start_choice": seed % 2 == 0}), seed)
            rnd = random.Random(seed)
            while not GAME.is_over(s):
                for p in GAME.to_act(s):
                    legal = set(GAME.legal_ids(s, p))
                    for aid in list(legal) + rnd.sample(ids, 25):
                        assert GAME.is_legal(s, p, aid) == (aid in legal), (s["phase"], p, aid)
                seat = rnd.choice(GAME.to_act(s))
                GAME.apply(s, seat, rnd.choice(GAME.legal_ids(s, seat)))
