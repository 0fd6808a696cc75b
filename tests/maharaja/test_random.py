"""Seeded random full games (random and AI seats mixed) for every player
count and variant: invariants after every step, termination, replay."""

import json
import random

import pytest

from games.base import IllegalAction, clone
from games.maharaja import GAME
from games.play import random_game, replay
from service import i18n
from service.i18n import message_keys as _keys

GAMES = 500
VARIANTS = {"basic": {}, "short": {"short": True}, "advanced1": {"advanced": 1}, "advanced2": {"advanced": 2}}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_keep_invariants_and_end(players, variant):
    options = VARIANTS[variant]
    for seed in range(GAMES):
        # one AI seat, rotating, plus random seats; the AI keeps games realistic
        ai = {seed % players} if seed % 4 else set()
        # Invariants after every step in one game of five, at the end in all:
        # 8,000 games checked step by step would not fit the suite's time budget.
        state, log = random_game(GAME, players, seed, options, ai_seats=ai, check=seed % 5 == 0)
        GAME.check_invariants(state)
        assert GAME.is_over(state) and GAME.to_act(state) == []
        assert state["end_reason"] in ("palaces", "track", "rounds")
        out = GAME.outcome(state)
        assert sorted(s for group in out.ranking for s in group) == list(range(players))


@pytest.mark.parametrize("players", [2, 5])
def test_a_state_stored_by_an_older_version_is_upgraded_at_load_and_plays_on_alike(players):
    """Older versions stored the seats to act (``acting``), now read when
    asked, and some kept no ``board`` (the villages' owners) or no
    ``character_order`` (dropped by a change of hands): derived data.  Such a
    state, stored in the middle of a planning and of a turn, is brought up to
    date when the store loads it (``upgrade_state``) and plays the same game;
    the invariants catch derived data gone stale."""
    final, log = random_game(GAME, players, 7)
    state = GAME.setup(players, GAME.resolve_options({}), 7)
    stored = []
    for index, (seat, action_id) in enumerate(log):
        phase = state["phase"]
        if index >= len(log) // 3 and phase not in stored and (phase == "act" or any(state["confirmed"])):
            old = clone(state)
            del old["board"]
            old["acting"] = GAME.to_act(state)
            del old["character_order"]
            state = GAME.upgrade_state(old)  # as the store loads it
            assert "acting" not in state
            stored.append(phase)
        assert action_id in GAME.legal_ids(state, seat)
        GAME.apply(state, seat, action_id)
        GAME.check_invariants(state)
    assert sorted(stored) == ["act", "plan"]
    assert state == final
    for key, stale in (("board", state["board"][::-1]), ("character order", state["character_order"][::-1])):
        broken = clone(state)
        broken[key.replace(" ", "_")] = stale
        with pytest.raises(AssertionError, match=key):
            GAME.check_invariants(broken)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_json_round_trip_and_replay(variant):
    options = VARIANTS[variant]
    for seed in range(6):
        players = 2 + seed % 4
        state, log = random_game(GAME, players, 1000 + seed, options, ai_seats={0})
        assert json.loads(json.dumps(state)) == state
        rebuilt = replay(GAME, players, 1000 + seed, options, log)
        assert rebuilt == state


def _walk(players, seed, options):
    """Yield (state, seat, events) along one random game."""
    state = GAME.setup(players, GAME.resolve_options(options), seed)
    rnd = random.Random(seed)
    while not GAME.is_over(state):
        seat = rnd.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd) if seed % 2 else rnd.choice(legal).id
        events = GAME.apply(state, seat, action)
        yield state, seat, legal, events


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_views_never_leak_gold_or_unrevealed_plans(variant):
    for seed in range(4):
        players = 2 + seed % 4
        for state, _seat, _legal, events in _walk(players, seed, VARIANTS[variant]):
            for viewer in [None, *range(players)]:
                view = GAME.view(state, viewer)
                for s in range(players):
                    if GAME.is_over(state):  # the final count compares gold: shown to all
                        assert view["gold"][s] == state["gold"][s]
                    elif s != viewer:
                        assert view["gold"][s] is None
                        if not state["revealed"][s]:
                            assert view["plans"][s] is None
                assert "rng" not in view
            for e in events:
                # public events never name an action that is still secret
                if "to" not in e:
                    assert e["key"] != "maharaja.event.my_plan"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_emitted_message_exists(variant):
    keys = {"maharaja.name", "maharaja.rules"}
    for o in GAME.options:
        keys |= {o.label, o.description}
    for seed in range(6):
        players = 2 + seed % 4
        state = GAME.setup(players, GAME.resolve_options(VARIANTS[variant]), seed)
        _keys(state["opening_events"], keys)
        for state, _seat, legal, events in _walk(players, seed, VARIANTS[variant]):
            _keys(events, keys)
            for a in legal:
                _keys(a.label, keys)
            for s in range(players):
                _keys(GAME.prompt(state, s), keys)
        _keys(GAME.outcome(state).details, keys)
    assert i18n.missing_keys(sorted(keys)) == []
    for key in keys:
        for lang in ("en", "hu"):
            assert "{" not in i18n.text(key, lang) or key.startswith(("maharaja.label", "maharaja.event",
                                                                      "maharaja.loc", "maharaja.prompt",
                                                                      "maharaja.detail", "maharaja.render"))


def test_rules_summary_is_short():
    en, hu = (i18n.text("maharaja.rules", lang) for lang in ("en", "hu"))
    assert len(en) <= 1800 and len(hu) <= 1800


def test_action_ids_charset_and_menu_size():
    import re
    pattern = re.compile(r"^[a-z0-9:_.,+-]{1,64}$")
    for variant in VARIANTS.values():
        for seed in range(3):
            for _state, _seat, legal, _events in _walk(3 + seed, seed, variant):
                assert len(legal) <= 25
                assert all(pattern.match(a.id) for a in legal)
                assert len({a.id for a in legal}) == len(legal)


def test_illegal_actions_anywhere_leave_state_unchanged():
    rnd = random.Random(3)
    for state, _seat, _legal, _events in _walk(4, 7, {"advanced": 2}):
        if rnd.random() < 0.1 and not GAME.is_over(state):
            before = clone(state)
            for bad in ("go:nowhere", "palace:inner", "swap:9", "at:v99", "plan:gold"):
                actor = GAME.to_act(state)[0]
                if bad in GAME.legal_ids(state, actor):
                    continue
                with pytest.raises(IllegalAction):
                    GAME.apply(state, actor, bad)
                assert state == before


def test_listed_ids_and_legality_agree_with_the_menus_in_every_variant():
    """``legal_ids`` and ``is_legal`` (the bidding's, the pick's and the
    yield's included: the advanced games only; every character's swap)
    agree with the labelled menus."""
    for variant in VARIANTS.values():
        for seed in (40, 41, 42, 43, 46):  # (46: a lured seat yields a card in "advanced2")
            seen: list[str] = []
            for state, _mover, _legal, _events in _walk(2 + seed % 4, seed, variant):
                if GAME.is_over(state):
                    break
                seat = GAME.to_act(state)[0]
                menu = [a.id for a in GAME.legal_actions(state, seat)]
                assert GAME.legal_ids(state, seat) == menu
                swaps = {f"swap:{c}" for c in range(9)}  # (a swap's legality is asked without its list)
                for candidate in {*menu, *seen[-30:], *swaps, "bid:99", "pick:9", "yield:9", "pass"}:
                    assert GAME.is_legal(state, seat, candidate) == (candidate in menu), candidate
                seen += menu[:3]


def test_the_turns_fast_legality_test_agrees_with_its_rule():
    """``turn.allows`` (the twin the core asks to admit a move of a turn)
    answers as ``str(action) in turn.ids(state, seat)`` at every step of
    seeded random games of every variant, for the ids offered, ids of every
    kind offered elsewhere and malformed ones."""
    from games.base import ActionId
    from games.maharaja import turn

    rnd = random.Random(34)
    seen = {"do:gold", "do", "do:gold:1", "end:1", "mason", "palace:inner:x", "back:1", "go", "at", "swap:9"}
    checked = 0
    for index, variant in enumerate([*VARIANTS.values()] * 3):
        for state, _seat, _legal, _events in _walk(2 + index % 4, 300 + index, variant):
            if state["phase"] != "act" or state["pending"]:  # the turn's decision only
                continue
            seat = state["turn"]
            ids = turn.ids(state, seat)
            seen.update(ids)
            for candidate in {*ids, *rnd.sample(sorted(seen), min(40, len(seen)))}:
                assert turn.allows(state, seat, ActionId.parse(candidate)) == (candidate in ids), candidate
                checked += 1
    assert checked > 5000


def test_shared_component_messages_are_never_changed():
    """The component messages (``common``'s cached ``node_msg``,
    ``char_msg``, ``action_msg``, ``road_msg``, ``loc_msg``) are shared by
    every event and label naming the component: after seeded games (seat 0
    the AI, reading its menus), views and summaries read, each still equals
    one made afresh."""
    from games.maharaja import common

    for players in (2, 5):
        for seed in range(3):
            state, _log = random_game(GAME, players, seed, options={"advanced": seed % 3}, ai_seats={0})
            for seat in range(players):
                GAME.private_summary(GAME.view(state, seat), seat)
    makers = (common.node_msg, common.char_msg, common.action_msg, common.road_msg, common.loc_msg)
    for maker in makers:
        assert maker.cache_info().currsize > 0
    for maker in makers:
        for args, shared in _cached(maker):
            assert shared == maker.__wrapped__(*args)


def _cached(maker):
    """(arguments, shared message) of every entry ``maker`` has made."""
    import games.maharaja.board as board
    from games.maharaja.data import ACTIONS, CHARACTER_KEYS

    candidates = {"node_msg": [board.START, *board.CITY_IDS], "char_msg": [*CHARACTER_KEYS],
                  "action_msg": ACTIONS,  # (a coin buys one of them)
                  "road_msg": range(len(board.ROADS)), "loc_msg": [*board.CITY_IDS, *board.VILLAGE_IDS]}
    return [((arg,), maker(arg)) for arg in candidates[maker.__name__]]
