"""Every registered engine keeps the platform's contract (games/base.py).

Game-specific rules, invariants over hundreds of games and leak tests live in
each game's own test package; this checks what the bot and console rely on.
"""

import json
import random
import re

import pytest

from games import registry
from games.base import IllegalAction, clone
from games.play import random_game, replay
from service import i18n
from service.i18n import message_keys as _message_keys

ACTION_ID = re.compile(r"^[a-z0-9:_.,+\-]{1,64}$")
GAMES = registry.game_ids()


def _player_counts(game):
    return range(game.min_players, game.max_players + 1)


def _walk(game, players, seed):
    """Play a game, collecting every message key shown on the way."""
    state = game.setup(players, game.resolve_options({}), seed)
    rnd = random.Random(seed)
    keys, log = set(), []
    while not game.is_over(state):
        seat = rnd.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        _message_keys(game.prompt(state, seat), keys)
        for action in legal:
            assert ACTION_ID.match(action.id), action.id
            _message_keys(action.label, keys)
        assert len({a.id for a in legal}) == len(legal), "duplicate action ids"
        action_id = rnd.choice(legal).id
        events = game.apply(state, seat, action_id)
        _message_keys(events, keys)
        log.append((seat, action_id))
        assert len(log) < 20_000
    outcome = game.outcome(state)
    _message_keys(outcome.details, keys)
    return state, log, keys


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shown_message_exists_in_both_languages(game_id):
    game = registry.get(game_id)
    keys = {f"{game_id}.name", f"{game_id}.rules"}
    for option in game.options:
        for key in (option.label, option.description):
            if key:
                keys.add(key if key.startswith(f"{game_id}.") else f"{game_id}.{key}")
    for players in _player_counts(game):
        for seed in range(3):
            keys |= _walk(game, players, seed)[2]
    assert not i18n.missing_keys(sorted(keys))
    catalogue = i18n.catalogue()
    for key in keys:
        english, hungarian = catalogue[key]
        assert english.strip() and hungarian.strip(), key
    for lang in i18n.LANGUAGES:
        assert len(i18n.text(f"{game_id}.rules", lang)) <= 1900


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_and_json_round_trip(game_id):
    game = registry.get(game_id)
    for players in _player_counts(game):
        state, log, _ = _walk(game, players, 100 + players)
        assert json.loads(json.dumps(state)) == state
        again = replay(game, players, 100 + players, {}, log)
        assert again == state
        outcome = game.outcome(state)
        assert sorted(s for group in outcome.ranking for s in group) == list(range(players))
        assert len(outcome.scores) == players


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_are_rejected_and_change_nothing(game_id):
    game = registry.get(game_id)
    state = game.setup(game.min_players, game.resolve_options({}), 5)
    rnd = random.Random(5)
    for _ in range(60):
        if game.is_over(state):
            break
        due = game.to_act(state)
        before = clone(state)
        idle = [s for s in range(game.min_players) if s not in due]
        for seat in idle:
            legal_elsewhere = game.legal_actions(state, due[0])[0].id
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, seat, legal_elsewhere)
            assert i18n.catalogue().get(refused.value.reason["key"])
        with pytest.raises(IllegalAction):
            game.apply(state, due[0], "no-such-action")
        assert state == before
        seat = rnd.choice(due)
        game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)).id)


@pytest.mark.parametrize("game_id", GAMES)
def test_ai_seats_finish_games_for_every_player_count(game_id):
    game = registry.get(game_id)
    for players in _player_counts(game):
        state, _ = random_game(game, players, 7, ai_seats=set(range(players)))
        assert game.is_over(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_plain_data(game_id):
    game = registry.get(game_id)
    state, _log, _ = _walk(game, game.max_players, 9)
    for seat in [None, *range(game.max_players)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view
