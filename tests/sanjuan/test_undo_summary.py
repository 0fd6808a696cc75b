"""The undo window (``closes_undo``) and the private summary of San Juan."""

from __future__ import annotations

import random

import pytest

from games.base import clone
from games.play import replay
from games.sanjuan import GAME
from games.sanjuan.data import CARD_TYPE, TYPE_KEYS
from games.sanjuan.messages import MESSAGES
from service import i18n
from service.i18n import message_keys

from .helpers import act, build, force_role, new_game, set_hand, take

NAMES = ["Őrs", "Ünige", "Béla", "Zsófi"]
# Cards a seat holds or sees that nobody else may know.
HIDDEN_KEYS = ("hand", "chapel", "look", "picked", "bld")
# Public events that report a draw, a look, a turned tile or the end.
REVEALING = {"sanjuan.ev." + k for k in (
    "draw", "you_drew", "council_draw", "you_look", "reshuffle", "tile", "produce", "you_gold_mine",
    "gold_mine_hit", "gold_mine_miss", "game_end", "stalled")}


def _public_cards(view) -> set[int]:
    """Card identities lying open on the table."""
    cards = {c for city in view["cities"] for c, _ in city}
    cards |= {c for cov in view["covered"] for c in cov}
    return cards


def _check_undoable(before, after, seat, action, events):
    n = before["players"]
    # (a) no chance drawn, no card left the deck or the discard pile
    assert after["rng"] == before["rng"], action
    assert after["deck"] == before["deck"], action
    assert set(before["discard"]) <= set(after["discard"]), action
    assert not GAME.is_over(after), action
    # (b) other seats: the cards they hold or see are unchanged ...
    for other in range(n):
        if other == seat:
            continue
        was, now = GAME.view(before, other), GAME.view(after, other)
        for key in HIDDEN_KEYS:
            assert was[key] == now[key], (action, other, key)
    # ... and the table shows no card that was hidden, except those the actor
    # itself had in hand (a building it built), and no new trading-house tile
    pub_before, pub_after = GAME.view(before, None), GAME.view(after, None)
    own = GAME.view(before, seat)
    own_cards = set(own["hand"]) | ({own["bld"]["card"]} if own["bld"] else set())
    assert _public_cards(pub_after) <= _public_cards(pub_before) | own_cards, action
    assert pub_after["tile"] in (pub_before["tile"], -1), action
    assert pub_after["deck_n"] == pub_before["deck_n"]
    # nobody else was told anything, and the log reveals no card or tile
    # (with both piles empty a gold mine "looks" at no card: nothing to tell)
    empty = not before["deck"] and not before["discard"]
    for e in events:
        if empty and e["key"] in ("sanjuan.ev.you_gold_mine", "sanjuan.ev.gold_mine_miss"):
            assert not e.get("args", {}).get("cards"), (action, e)
            continue
        assert e.get("to", seat) == seat, (action, e)
        if "to" not in e:
            assert e["key"] not in REVEALING, (action, e)
            if e["key"] == "sanjuan.ev.cannot_build":
                assert e["args"]["player"] == {"seat": seat}, (action, e)


def _play(players, seed, replays=3):
    options = {"start_choice": seed % 2 == 1}
    state = GAME.setup(players, GAME.resolve_options(options), seed)
    rnd = random.Random(seed * 7 + players)
    ai = {seed % players} if seed % 3 == 0 else set()
    log, undoable = [], []
    kinds: dict[str, list[int]] = {}
    while not GAME.is_over(state):
        seat = rnd.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if seat in ai:
            action = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd)
        else:
            action = rnd.choice(legal).id
        before = clone(state)
        events = GAME.apply(state, seat, action)
        closes = GAME.closes_undo(before, state, seat, action)
        kinds.setdefault(action.split(":")[0], [0, 0])[0 if closes else 1] += 1
        if not closes:
            _check_undoable(before, state, seat, action, events)
            undoable.append((len(log), before))
        if state["rng"] != before["rng"] or state["deck"] != before["deck"] or GAME.is_over(state):
            assert closes, action
        log.append((seat, action))
    # (c) undo = replay of seed + log without the action gives back ``before``
    for i, before in rnd.sample(undoable, min(replays, len(undoable))):
        assert replay(GAME, players, seed, options, log[:i]) == before
    return kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_undoable_actions_reveal_nothing(players):
    totals: dict[str, list[int]] = {}
    for seed in range(30):
        for kind, (closed, opened) in _play(players, seed).items():
            t = totals.setdefault(kind, [0, 0])
            t[0] += closed
            t[1] += opened
    # the typical compound steps are undoable at least sometimes ...
    for kind in ("role", "build", "pay", "cancel", "keep", "discard", "produce", "sell"):
        assert totals[kind][1] > 0, kind
    # ... and role choices that draw are not always
    assert totals["role"][0] > 0


# -- targeted ---------------------------------------------------------------

def _ready(players=3, seed=1, chooser=0):
    s = new_game(players, seed)
    for p in range(players):
        set_hand(s, p)
    force_role(s, chooser)
    return s


def _step(s, seat, action):
    before = clone(s)
    events = GAME.apply(s, seat, action)
    return GAME.closes_undo(before, s, seat, action), before, events


def test_builder_choose_and_pay_are_undoable():
    s = _ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero", "well")
    set_hand(s, 1, "indigo_plant", "sugar_mill")  # others can build: nobody is skipped
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    for action in ("role:builder", "build:tobacco_storage", "pay:hero", "cancel",
                   "build:tobacco_storage", "pay:indigo_plant"):
        closes, before, events = _step(s, 0, action)
        assert closes is False, action
        _check_undoable(before, s, 0, action, events)
    # the last payment built it: still undoable, the card came from the hand
    closes, before, events = _step(s, 0, "pay:well")
    assert closes is False
    assert s["turn"] == 1 and s["cities"][0][-1][0] in before["hands"][0] + [before["bld"]["card"]]


def test_builder_skipping_a_seat_that_cannot_build_closes():
    s = _ready(players=3)
    set_hand(s, 0, "indigo_plant", "well")
    set_hand(s, 1, "palace")  # cannot afford anything: the phase passes over seat 1
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    act(s, 0, "role:builder")
    closes, _, events = _step(s, 0, "pass")
    assert s["turn"] == 2
    assert any(e["key"] == "sanjuan.ev.cannot_build" for e in events)
    assert closes is True


def test_carpenter_draw_closes():
    s = _ready()
    build(s, 0, "carpenter")
    set_hand(s, 0, "smithy", "hero")
    set_hand(s, 1, "indigo_plant", "sugar_mill")
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    act(s, 0, "role:builder")
    closes, before, _ = _step(s, 0, "build:smithy")  # builder: 0 to pay, carpenter draws 1
    assert len(s["deck"]) == len(before["deck"]) - 1 and s["rng"] == before["rng"]
    assert closes is True


def test_councillor_prospector_and_trader_close():
    s = _ready()
    closes, before, _ = _step(s, 0, "role:councillor")
    assert s["rng"] == before["rng"] and closes is True  # cards looked at, no shuffle
    s = _ready()
    closes, before, _ = _step(s, 0, "role:prospector")
    assert s["rng"] == before["rng"] and closes is True
    s = _ready()
    closes, before, _ = _step(s, 0, "role:trader")  # nobody has goods: tile turned and put back
    assert s["rng"] == before["rng"] and s["tile"] == -1 and s["tiles"] != before["tiles"]
    assert closes is True


def test_keep_after_a_councillor_look_is_undoable():
    s = _ready()
    act(s, 0, "role:councillor")
    keep = next(a for a in GAME.legal_ids(s, 1) if a.startswith("keep:"))
    closes, before, events = _step(s, 1, keep)  # seat 1 keeps one of the 2 it already sees
    assert closes is False
    _check_undoable(before, s, 1, keep, events)


def test_producer_choices_undoable_the_last_one_draws_and_closes():
    s = _ready(players=2)
    build(s, 1, "sugar_mill")
    closes, before, events = _step(s, 0, "role:producer")
    assert closes is False
    _check_undoable(before, s, 0, "role:producer", events)
    closes, before, events = _step(s, 1, "produce:sugar_mill")  # seat 1 is done, seat 0 still chooses
    assert closes is False and s["waiting"] == [0]
    _check_undoable(before, s, 1, "produce:sugar_mill", events)
    closes, before, _ = _step(s, 0, "produce:indigo_plant")  # the last choice: goods are drawn
    assert len(s["deck"]) < len(before["deck"])
    assert closes is True


def test_reshuffle_of_a_single_card_closes_without_the_rng():
    s = _ready()
    s["discard"].extend(s["deck"])
    s["deck"] = []
    keep = s["discard"].pop()
    # every other card out of the piles (into a neutral place: seat 2's chapel)
    s["chapel"][2].extend(s["discard"])
    s["discard"] = [keep]
    GAME.check_invariants(s)
    closes, before, _ = _step(s, 0, "role:prospector")
    assert s["rng"] == before["rng"] and s["deck"] == before["deck"] == []
    assert s["hands"][0] == [keep]
    assert closes is True


def test_chapel_and_hand_limit_are_undoable():
    s = new_game(3, 2)
    for p in range(3):
        set_hand(s, p, "indigo_plant")
    build(s, 1, "chapel")
    set_hand(s, 1, "palace", "hero", *["indigo_plant"] * 7)
    s["phase"], s["waiting"] = "role", []
    s["seq"], s["ci"] = [0, 1, 2], 2
    s["turn"] = 2
    act(s, 2, "role:producer")  # seat 0 and 1 produce (indigo plants empty)
    for p in list(s["waiting"]):
        act(s, p, "done")
    # new round: seat 1 tucks (secret), then discards down to 7
    assert s["phase"] == "chapel" and s["waiting"] == [1]
    closes, before, events = _step(s, 1, "tuck:palace")
    assert closes is False and s["phase"] == "limit"
    _check_undoable(before, s, 1, "tuck:palace", events)
    closes, before, events = _step(s, 1, "discard:hero")
    assert closes is False and s["phase"] == "role"
    _check_undoable(before, s, 1, "discard:hero", events)


# -- private summary --------------------------------------------------------

def _render(lines, lang):
    return [i18n.render(m, lang, NAMES.__getitem__) for m in lines]


def _summary_keys_ok(lines):
    for key in message_keys(lines):
        pair = i18n.lookup(key)
        assert pair is not None, key
        assert len(pair) == 2 and all(pair), key


def test_summary_keys_are_in_the_catalogue():
    keys = [k for k in MESSAGES if k.startswith("summary.")]
    assert len(keys) >= 8
    for k in keys:
        en, hu = MESSAGES[k]
        assert en and hu


def test_summary_renders_in_both_languages_over_random_games():
    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(4):
            state = GAME.setup(players, GAME.resolve_options({"start_choice": seed % 2 == 0}), seed)
            rnd = random.Random(seed)
            step = 0
            while not GAME.is_over(state):
                seat = rnd.choice(GAME.to_act(state))
                GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)
                step += 1
                if step % 7:
                    continue
                for p in range(players):
                    lines = GAME.private_summary(GAME.view(state, p), p)
                    assert 1 <= len(lines) <= 8
                    _summary_keys_ok(lines)
                    seen |= {m["key"] for m in lines}
                    for lang in ("en", "hu"):
                        for text in _render(lines, lang):
                            assert "sanjuan." not in text and "{" not in text, text
    # the usual lines all showed up somewhere
    for key in ("hand", "look", "kept", "building", "goods", "produce", "sell", "chapel"):
        assert "sanjuan.summary." + key in seen, key


def test_summary_shows_own_hand_chapel_and_look_only():
    s = _ready(players=3)
    set_hand(s, 0, "smithy", "archive", "archive")
    set_hand(s, 1, "palace")
    set_hand(s, 2, "triumphal_arch")
    build(s, 0, "chapel")
    s["chapel"][0].append(take(s, "hero"))
    s["chapel"][1].append(take(s, "guild_hall"))  # another seat's secret
    build(s, 0, "sugar_mill", good=True)
    view = GAME.view(s, 0)
    lines = GAME.private_summary(view, 0)
    _summary_keys_ok(lines)
    en, hu = _render(lines, "en"), _render(lines, "hu")
    text = "\n".join(en)
    assert en[0] == "Hand (3): Smithy, 2× Archive"
    assert hu[0] == "A kezed (3): Kovácsműhely, 2× Levéltár"
    assert "Under your chapel (1): Hero" in en
    assert "Goods on your buildings (1): sugar" in en
    for other in ("Palace", "Triumphal Arch", "Guild Hall"):
        assert other not in text
    # computed from the view alone: the full state is not needed
    assert "hands" not in view
    assert GAME.private_summary(clone(view), 0) == lines


def test_summary_of_a_pending_pick_and_building():
    s = _ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero", "well")
    act(s, 0, "role:builder", "build:tobacco_storage", "pay:hero")
    en = _render(GAME.private_summary(GAME.view(s, 0), 0), "en")
    assert "Building Tobacco Storage: paid 1 of 2" in en
    assert en[0] == "Hand (2): Indigo Plant, Well"
    # another seat's summary does not show the building under way
    assert not any("Tobacco" in t for t in _render(GAME.private_summary(GAME.view(s, 1), 1), "en"))
    s = _ready()
    act(s, 0, "role:councillor")
    view = GAME.view(s, 0)
    en = _render(GAME.private_summary(view, 0), "en")
    looked = [TYPE_KEYS[CARD_TYPE[c]] for c in view["look"]]
    assert any(t.startswith("Looking at (5): ") for t in en), en
    assert len(looked) == 5
