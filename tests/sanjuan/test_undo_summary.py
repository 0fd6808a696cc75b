"""The undo window (``closes_undo``) and the private summary of San Juan.

The rules every game keeps are in ``tests.undo_contract``; here: what San
Juan hides (hands, chapels, looked-at cards, the deck, the trading-house
tiles) and its concrete actions."""

from __future__ import annotations

import pytest

from games.sanjuan import GAME
from games.sanjuan.data import CARD_TYPE, TYPE_KEYS
from tests.sanjuan.helpers import act, build, new_game, set_hand, take
from tests.sanjuan.test_rules import ready
from tests.undo_contract import (
    Step,
    UndoRules,
    check_summary,
    check_summary_catalogue,
    judge,
    render,
    summaries,
)

# Cards a seat holds or sees that nobody else may know.
HIDDEN_KEYS = ("hand", "chapel", "looking_at", "picked", "building")
# Public events that report a draw, a look, a turned tile or the end.
REVEALING = {"sanjuan.ev." + k for k in (
    "draw", "you_drew", "council_draw", "you_look", "reshuffle", "tile", "produce",
    "gold_mine_hit", "gold_mine_miss", "game_end", "stalled")}


def _public_cards(view) -> set[int]:
    """Card identities lying open on the table."""
    cards = {c for city in view["cities"] for c, _ in city}
    cards |= {c for cov in view["covered"] for c in cov}
    return cards


def _reveals_nothing(st: Step) -> None:
    before, after, seat, action = st.before, st.after, st.seat, st.action
    # no card left the deck or the discard pile
    assert after["deck"] == before["deck"], action
    assert set(before["discard"]) <= set(after["discard"]), action
    # other seats: the cards they hold or see are unchanged ...
    for other in range(before["players"]):
        if other == seat:
            continue
        was, now = st.views(other)
        for key in HIDDEN_KEYS:
            assert was[key] == now[key], (action, other, key)
    # ... and the table shows no card that was hidden, except those the actor
    # itself had in hand (a building it built), and no new trading-house tile
    pub_before, pub_after = st.views(None)
    own = st.views(seat)[0]
    own_cards = set(own["hand"]) | ({own["building"]["card"]} if own["building"] else set())
    assert _public_cards(pub_after) <= _public_cards(pub_before) | own_cards, action
    assert pub_after["turned_tile"] in (pub_before["turned_tile"], None), action
    assert pub_after["deck_size"] == pub_before["deck_size"]
    # nobody else was told anything, and the log reveals no card or tile
    # (with both piles empty a gold mine turns up no card: nothing to tell)
    for e in st.events:
        assert e.get("to", seat) == seat, (action, e)
        if "to" not in e:
            assert e["key"] not in REVEALING, (action, e)
            if e["key"] == "sanjuan.ev.cannot_build":
                assert e["args"]["player"] == {"seat": seat}, (action, e)


# A seat's view carries its prompt, which changes with other seats' actions:
# the service closes the window on that itself; what is secret is HIDDEN_KEYS.
RULES = UndoRules(GAME, _reveals_nothing, private_parts=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_undoable_actions_reveal_nothing(players):
    runs = [(players, seed, {"start_choice": seed % 2 == 1}) for seed in range(36)]
    tally = RULES.self_play(runs)
    # the typical compound steps are undoable at least sometimes ...
    for kind in ("role", "build", "pay", "cancel", "keep", "discard", "produce", "sell"):
        assert tally[kind, False] > 0, kind
    # ... and role choices that draw are not always
    assert tally["role", True] > 0


# -- targeted ---------------------------------------------------------------

def test_builder_choose_and_pay_are_undoable():
    s = ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero", "well")
    set_hand(s, 1, "indigo_plant", "sugar_mill")  # others can build: nobody is skipped
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    for action in ("role:builder", "build:tobacco_storage", "pay:hero", "cancel",
                   "build:tobacco_storage", "pay:indigo_plant"):
        RULES.assert_undoable(judge(GAME, s, 0, action))
    # the last payment built it: still undoable, the card came from the hand
    st = judge(GAME, s, 0, "pay:well")
    assert st.closes is False
    assert s["turn"] == 1 and s["cities"][0][-1][0] in st.before["hands"][0] + [st.before["building"]["card"]]


def test_builder_skipping_a_seat_that_cannot_build_closes():
    s = ready(players=3)
    set_hand(s, 0, "indigo_plant", "well")
    set_hand(s, 1, "palace")  # cannot afford anything: the phase passes over seat 1
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    act(s, 0, "role:builder")
    st = judge(GAME, s, 0, "pass")
    assert s["turn"] == 2
    assert any(e["key"] == "sanjuan.ev.cannot_build" for e in st.events)
    assert st.closes is True


def test_carpenter_draw_closes():
    s = ready()
    build(s, 0, "carpenter")
    set_hand(s, 0, "smithy", "hero")
    set_hand(s, 1, "indigo_plant", "sugar_mill")
    set_hand(s, 2, "indigo_plant", "sugar_mill")
    act(s, 0, "role:builder")
    st = judge(GAME, s, 0, "build:smithy")  # builder: 0 to pay, carpenter draws 1
    assert len(s["deck"]) == len(st.before["deck"]) - 1 and not st.drew_chance
    assert st.closes is True


def test_councillor_prospector_and_trader_close():
    st = judge(GAME, ready(), 0, "role:councillor")
    assert not st.drew_chance and st.closes is True  # cards looked at, no shuffle
    st = judge(GAME, ready(), 0, "role:prospector")
    assert not st.drew_chance and st.closes is True
    st = judge(GAME, ready(), 0, "role:trader")  # nobody has goods: tile turned and put back
    assert not st.drew_chance and st.after["turned_tile"] is None and st.after["tiles"] != st.before["tiles"]
    assert st.closes is True


def test_keep_after_a_councillor_look_is_undoable():
    s = ready()
    act(s, 0, "role:councillor")
    keep = next(a for a in GAME.legal_ids(s, 1) if a.startswith("keep:"))
    RULES.assert_undoable(judge(GAME, s, 1, keep))  # seat 1 keeps one of the 2 it already sees


def test_producer_choices_undoable_the_last_one_draws_and_closes():
    s = ready(players=2)
    build(s, 1, "sugar_mill")
    RULES.assert_undoable(judge(GAME, s, 0, "role:producer"))
    # seat 1 is done, seat 0 still chooses
    RULES.assert_undoable(judge(GAME, s, 1, "produce:sugar_mill"))
    assert s["deciding"] == [0]
    st = judge(GAME, s, 0, "produce:indigo_plant")  # the last choice: goods are drawn
    assert len(s["deck"]) < len(st.before["deck"])
    assert st.closes is True


def test_reshuffle_of_a_single_card_closes_without_the_rng():
    s = ready()
    s["discard"].extend(s["deck"])
    s["deck"] = []
    keep = s["discard"].pop()
    # every other card out of the piles (into a neutral place: seat 2's chapel)
    s["chapel"][2].extend(s["discard"])
    s["discard"] = [keep]
    GAME.check_invariants(s)
    st = judge(GAME, s, 0, "role:prospector")
    assert not st.drew_chance and s["deck"] == st.before["deck"] == []
    assert s["hands"][0] == [keep]
    assert st.closes is True


def test_selling_the_only_good_with_both_piles_empty_closes():
    s = ready(players=2)
    build(s, 0, "sugar_mill", good=True)
    # every other card out of the piles (into a neutral place: seat 1's chapel)
    s["chapel"][1].extend(s["deck"] + s["discard"])
    s["deck"], s["discard"] = [], []
    GAME.check_invariants(s)
    act(s, 0, "role:trader")
    good = s["cities"][0][-1][1]
    # the sold good is the only card to "shuffle": it comes back as the trader's draw
    st = judge(GAME, s, 0, "sell:sugar")
    assert not st.drew_chance and s["deck"] == s["discard"] == [] and s["hands"][0] == [good]
    assert st.closes is True


def test_chapel_and_hand_limit_are_undoable():
    s = new_game(3, 2)
    for p in range(3):
        set_hand(s, p, "indigo_plant")
    build(s, 1, "chapel")
    set_hand(s, 1, "palace", "hero", *["indigo_plant"] * 7)
    s["phase"], s["deciding"] = "role", []
    s["role_order"], s["chooser_index"] = [0, 1, 2], 2
    s["turn"] = 2
    act(s, 2, "role:producer")  # seat 0 and 1 produce (indigo plants empty)
    for p in list(s["deciding"]):
        act(s, p, "done")
    # new round: seat 1 tucks (secret), then discards down to 7
    assert s["phase"] == "chapel" and s["deciding"] == [1]
    RULES.assert_undoable(judge(GAME, s, 1, "tuck:palace"))
    assert s["phase"] == "limit"
    RULES.assert_undoable(judge(GAME, s, 1, "discard:hero"))
    assert s["phase"] == "role"


# -- private summary --------------------------------------------------------

def test_summary_keys_are_in_the_catalogue():
    check_summary_catalogue(GAME, at_least=8)


def test_summary_renders_in_both_languages_over_random_games():
    runs = [(players, seed, {"start_choice": seed % 2 == 0}) for players in (2, 3, 4) for seed in range(4)]
    seen = {line["key"] for lines in summaries(GAME, runs, every=5) for line in lines}
    # the usual lines all showed up somewhere
    for key in ("hand", "look", "kept", "building", "goods", "produce", "sell", "chapel"):
        assert "sanjuan.summary." + key in seen, key


def test_summary_shows_own_hand_chapel_and_look_only():
    s = ready(players=3)
    set_hand(s, 0, "smithy", "archive", "archive")
    set_hand(s, 1, "palace")
    set_hand(s, 2, "triumphal_arch")
    build(s, 0, "chapel")
    s["chapel"][0].append(take(s, "hero"))
    s["chapel"][1].append(take(s, "guild_hall"))  # another seat's secret
    build(s, 0, "sugar_mill", good=True)
    view = GAME.view(s, 0)
    lines = check_summary(GAME, view, 0)
    en, hu = render(lines, "en"), render(lines, "hu")
    text = "\n".join(en)
    assert en[0] == "Hand (3): Smithy, 2× Archive"
    assert hu[0] == "A kezed (3): Kovácsműhely, 2× Levéltár"
    assert "Under your chapel (1): Hero" in en
    assert "Goods on your buildings (1): sugar" in en
    for other in ("Palace", "Triumphal Arch", "Guild Hall"):
        assert other not in text
    # computed from the view alone: the full state is not needed
    # (check_summary: a copy of the view gives the same)
    assert "hands" not in view


def test_summary_of_a_pending_pick_and_building():
    s = ready()
    set_hand(s, 0, "tobacco_storage", "indigo_plant", "hero", "well")
    act(s, 0, "role:builder", "build:tobacco_storage", "pay:hero")
    en = render(check_summary(GAME, GAME.view(s, 0), 0), "en")
    assert "Building Tobacco Storage: paid 1 of 2" in en
    assert en[0] == "Hand (2): Indigo Plant, Well"
    # another seat's summary does not show the building under way
    assert not any("Tobacco" in t for t in render(check_summary(GAME, GAME.view(s, 1), 1), "en"))
    s = ready()
    act(s, 0, "role:councillor")
    view = GAME.view(s, 0)
    en = render(check_summary(GAME, view, 0), "en")
    looked = [TYPE_KEYS[CARD_TYPE[c]] for c in view["looking_at"]]
    assert any(t.startswith("Looking at (5): ") for t in en), en
    assert len(looked) == 5
