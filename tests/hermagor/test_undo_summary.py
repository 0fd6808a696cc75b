"""The undo window (``closes_undo``) and the private summary of Hermagor."""

import random

import pytest

from games.base import clone
from games.hermagor import GAME
from games.hermagor.setup import draw_tile
from games.play import replay
from service import i18n
from service.privacy import private_part
from tests.hermagor.util import fresh, give_tile, put_post, to_phase3

VARIANTS = ({}, {"tax": True}, {"six": True}, {"ten": True})
SEEDS = range(8)
NAMES = ["Őrs", "Ünige", "Béla", "Zsófi", "Áron"]


def _public_tiles(state):
    """Tile identities lying open: on the stalls and in front of the players."""
    return {t for t in state["stalls"] if t} | {t for f in state["front"] for t in f}


def _check_undoable(before, after, seat, action):
    n = before["players"]
    # (a) no chance drawn
    assert after["rng"] == before["rng"], action
    # (b) no other seat's private picture changed ...
    for other in range(n):
        if other == seat:
            continue
        was = private_part(GAME.view(before, other), GAME.view(before, None))
        now = private_part(GAME.view(after, other), GAME.view(after, None))
        assert was == now, (action, other)
    # ... and the table shows nothing that was hidden: no action tile turned,
    # no tile out of the bag, no money shown or scored
    pub_before, pub_after = GAME.view(before, None), GAME.view(after, None)
    assert pub_after["money"] == [None] * n
    assert pub_after["actions"] == pub_before["actions"]
    assert after["actions"] == before["actions"] and after["action"] == before["action"]
    assert after["round"] == before["round"]
    assert _public_tiles(after) <= _public_tiles(before), action
    assert set(before["bag"]) <= set(after["bag"]), action
    assert (after["tax"] or {}).get("shown") == (before["tax"] or {}).get("shown")
    assert not GAME.is_over(after) and after["final"] is None


def _play(players, seed, options, replays=4):
    """One random game checking every undoable step; returns action counts."""
    state = GAME.setup(players, options, seed)
    rnd = random.Random(seed * 31 + players)
    log, undoable = [], []
    stats = {"open": 0, "closed": 0, "kinds": {}}
    ai = {seed % players} if seed % 3 == 0 else set()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat in ai:
            action = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd)
        else:
            action = rnd.choice(legal).id
        before = clone(state)
        GAME.apply(state, seat, action)
        closes = GAME.closes_undo(before, state, seat, action)
        kind = action.split(":")[0]
        stats["kinds"].setdefault(kind, [0, 0])[0 if closes else 1] += 1
        if closes:
            stats["closed"] += 1
        else:
            stats["open"] += 1
            _check_undoable(before, state, seat, action)
            undoable.append((len(log), before))
        # chance and reveals always close
        if state["rng"] != before["rng"] or state["round"] != before["round"] \
                or action == "show" or GAME.is_over(state):
            assert closes, action
        log.append((seat, action))
    # (c) undo = replay without the action gives back the state before it
    for i, before in rnd.sample(undoable, min(replays, len(undoable))):
        assert replay(GAME, players, seed, options, log[:i]) == before
    return stats


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_self_play_undoable_actions_reveal_nothing(players):
    kinds: dict[str, list[int]] = {}
    opened = closed = 0
    for options in VARIANTS:
        for seed in SEEDS:
            stats = _play(players, seed, options)
            opened += stats["open"]
            closed += stats["closed"]
            for k, (c, o) in stats["kinds"].items():
                kinds.setdefault(k, [0, 0])
                kinds[k][0] += c
                kinds[k][1] += o
    assert opened and closed
    # menus and the open decisions are mostly undoable; money shown never
    for k in ("band", "back", "sp", "stall", "walk", "to", "start", "rise", "norise"):
        assert kinds.get(k, [0, 0])[1] > 0, k
    assert kinds["show"][1] == 0 and kinds["show"][0] > 0


# -- targeted cases ---------------------------------------------------------------

def _step(state, action):
    seat = GAME.to_act(state)[0]
    before = clone(state)
    GAME.apply(state, seat, action)
    return GAME.closes_undo(before, state, seat, action), before


def test_buyer_placement_is_undoable():
    state = fresh(3, 4)
    assert state["phase"] == "buy"
    closes, _ = _step(state, "band:2")
    assert closes is False
    target = next(a.id for a in GAME.legal_actions(state, state["turn"]) if a.id.startswith("sp:"))
    closes, before = _step(state, target)
    assert closes is False
    assert state["turn"] != before["turn"] and state["rng"] == before["rng"]


def test_tax_show_closes_and_hide_does_not():
    state = fresh(4, 2, tax=True)
    assert state["phase"] == "tax"
    closes, _ = _step(state, "hide")
    assert closes is False
    closes, before = _step(state, "show")
    assert closes is True and state["rng"] == before["rng"]  # no chance: the reveal closes it


def test_walk_and_pass_are_undoable():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    for action in ("walk:0", "back", "walk:0"):
        closes, _ = _step(state, action)
        assert closes is False, action
    target = GAME.legal_ids(state, 0)[0]
    assert target.startswith("to:")
    closes, _ = _step(state, target)
    assert closes is False
    state = to_phase3(fresh(3, 1), seat=1, hand=3)
    closes, _ = _step(state, "pass")
    assert closes is False


def test_selling_pays_other_posts_and_closes():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    give_tile(state, 0, "g1")  # corn
    state["merchant"][0] = "v1"  # corn village next to Hermagor
    closes, _ = _step(state, "sell")
    assert closes is False  # nobody else earns: open
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    give_tile(state, 0, "g1")
    state["merchant"][0] = "v1"
    put_post(state, 1, "v1")  # seat 1 earns 1 from this sale
    closes, before = _step(state, "sell")
    assert state["money"][1] == before["money"][1] + 1
    assert closes is True


def test_new_round_turns_an_action_tile_without_chance_and_closes():
    state = to_phase3(fresh(3, 1), seat=0, hand=0)
    state["hand"][0] = 1
    state["supply"][0] -= 1
    for s in range(3):
        state["bag"].extend(state["front"][s])
        state["front"][s] = []
    for stall in range(len(state["stalls"])):  # no stall left empty: no draw
        if stall in (4, 5, 6, 7, 8, 9, 10, 11) and state["stalls"][stall] is None:
            state["stalls"][stall] = draw_tile(state)
    GAME.check_invariants(state)
    closes, before = _step(state, "pass")
    assert state["round"] == before["round"] + 1
    assert state["rng"] == before["rng"]  # nothing drawn, yet a hidden tile was turned
    assert closes is True


def test_end_of_game_closes():
    state = to_phase3(fresh(2, 3), seat=0, hand=0)
    state["hand"][0] = 1
    state["supply"][0] -= 1
    state["actions"] = []
    closes, _ = _step(state, "pass")
    assert GAME.is_over(state) and closes is True


def test_view_hides_the_order_of_the_action_tiles():
    state = fresh(4, 9)
    for seat in (None, 0, 3):
        view = GAME.view(state, seat)
        assert view["actions"] == [None] * len(state["actions"])
    assert state["actions"] and all(isinstance(a, int) for a in state["actions"])


# -- private summary ----------------------------------------------------------------

def _texts(lines, lang):
    return [i18n.render(line, lang, NAMES.__getitem__) for line in lines]


def _assert_renders(lines):
    keys = i18n.message_keys(lines)
    assert keys and i18n.missing_keys(sorted(keys)) == []
    for key in keys:
        en, hu = i18n.lookup(key)
        assert en and hu
    for lang in ("en", "hu"):
        for text in _texts(lines, lang):
            assert "hermagor." not in text and "{" not in text, text


def test_summary_renders_in_both_languages_over_games():
    for players in (2, 3, 5):
        for options in ({}, {"tax": True}):
            state = GAME.setup(players, options, players)
            rnd = random.Random(players)
            step = 0
            while not GAME.is_over(state):
                if step % 17 == 0:
                    for seat in range(players):
                        lines = GAME.private_summary(GAME.view(state, seat), seat)
                        assert 2 <= len(lines) <= 8
                        _assert_renders(lines)
                seat = GAME.to_act(state)[0]
                GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)
                step += 1
            _assert_renders(GAME.private_summary(GAME.view(state, 0), 0))


def test_summary_shows_own_holdings_only():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    for s in range(3):
        state["bag"].extend(state["front"][s])
        state["front"][s] = []
    give_tile(state, 0, "g4")     # salt + books
    give_tile(state, 0, "side")
    give_tile(state, 1, "g15")    # seat 1's dragon eggs
    state["money"] = [13, 77, 58]
    lines = GAME.private_summary(GAME.view(state, 0), 0)
    en = "\n".join(_texts(lines, "en"))
    hu = "\n".join(_texts(lines, "hu"))
    assert "Money: 13" in en and "Pénz: 13" in hu
    assert "77" not in en and "58" not in en
    assert "3 in front of you" in en and "3 előtted" in hu
    assert "tile 4: salt + books" in en and "Side road" in en and "Mellékút" in hu
    assert "tile 15" not in en and "dragon eggs" not in en
    # only the view counts: another seat's money or tiles change nothing
    other = clone(state)
    other["money"][1] = 5
    other["front"][1] = []
    other["bag"].append("g15")
    assert GAME.private_summary(GAME.view(other, 0), 0) == lines
    # a spectator's view has no money to show
    spectator = "\n".join(_texts(GAME.private_summary(GAME.view(state, None), 0), "en"))
    assert "Money" not in spectator


def test_summary_two_players_shared_colour_and_buyers():
    state = fresh(2, 5)
    assert state["phase"] == "buy"
    seat = state["turn"]
    en = "\n".join(_texts(GAME.private_summary(GAME.view(state, seat), seat), "en"))
    assert "Shared colour: 2 trading posts, 2 buyers" in en
    assert "Buyers left: 4" in en
    assert "Tiles: none" in en
    assert f"Money: {state['money'][seat]}" in en

