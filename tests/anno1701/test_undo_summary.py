"""Anno 1701: the undo window (``closes_undo``) and the private summary."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.anno1701 import GAME
from games.anno1701.cards import CARDS, CITIZEN_IDS
from games.anno1701.settlement import gold
from games.base import clone
from games.play import replay
from service import i18n
from service.i18n import message_keys
from service.privacy import private_part
from tests.anno1701.helpers import fresh, give, place, sail, set_goods

# Citizen cards of one level are alike and leave the supply in a fixed order:
# their ids carry no hidden information.
OPEN_IDS = frozenset(c for ids in CITIZEN_IDS.values() for c in ids)


def public_ids(view: dict) -> set[int]:
    """Card identities a view shows openly."""
    ids = set(view["discard"])
    for p in view["p"]:
        ids.update(c for c in p["slots"] if c is not None)
        for stack in p["cit"]:
            ids.update(stack)
    if view["voyage"]:
        ids.update(view["voyage"]["seen"])
    ids.update(item["card"] for item in view["pending"] if "card" in item)
    return ids


def private_ids(view: dict, seat: int) -> set[int]:
    """Card identities only ``seat`` sees: its hand, a searched pile, a spied hand."""
    ids = set(view["p"][seat]["hand"] or [])
    for item in view["pending"]:
        if item["seat"] == seat and item.get("cards") is not None:
            ids.update(item["cards"])
    return ids


def check_undoable(before: dict, after: dict, seat: int) -> None:
    """What an action the hook lets be taken back must satisfy."""
    assert after["rng"] == before["rng"], "chance was drawn"
    pub_before, pub_after = GAME.view(before, None), GAME.view(after, None)
    mine_before, mine_after = GAME.view(before, seat), GAME.view(after, seat)
    other = 1 - seat
    assert private_part(GAME.view(after, other), pub_after) == \
        private_part(GAME.view(before, other), pub_before), "the rival's private view changed"
    # nobody sees a card that was hidden: the open cards grow only by the
    # actor's own cards, and the actor learns no card it did not see before
    known = public_ids(pub_before) | private_ids(mine_before, seat) | OPEN_IDS
    if before["voyage"] and before["voyage"]["bonus_card"] is not None:
        known.add(before["voyage"]["bonus_card"])     # announced when the ship set sail
    assert public_ids(pub_after) <= known, public_ids(pub_after) - known
    assert private_ids(mine_after, seat) <= public_ids(pub_before) | private_ids(mine_before, seat)
    assert after["phase"] != "over"


def play_one(seed: int, ai: frozenset[int], stats: Counter, replays: int = 2) -> None:
    """One seeded game: every step's ``closes_undo`` checked against the state."""
    state = GAME.setup(2, {}, seed)
    shadow = GAME.setup(2, {}, seed)       # the same log applied from scratch
    rnd = random.Random(seed)
    log: list[tuple[int, str]] = []
    undoable: list[tuple[int, dict]] = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat in ai:
            aid = GAME.choose_ai_action(GAME.view(state, seat), seat, legal, rnd)
        else:
            aid = rnd.choice(legal).id
        before = clone(state)
        GAME.apply(state, seat, aid)
        closes = GAME.closes_undo(before, state, seat, aid)
        head = aid.partition(":")[0]
        stats[(head, closes)] += 1
        if not closes:
            check_undoable(before, state, seat)
            # replaying the log without this action rebuilds ``before``
            assert shadow == before
            undoable.append((len(log), before))
        log.append((seat, aid))
        GAME.apply(shadow, seat, aid)
    for i, before in random.Random(seed).sample(undoable, min(replays, len(undoable))):
        assert replay(GAME, 2, seed, None, log[:i]) == before


@pytest.mark.parametrize("block", range(3))
def test_random_games_undoable_actions_reveal_nothing(block):
    stats: Counter = Counter()
    for seed in range(block * 40, block * 40 + 40):
        ai = [frozenset(), frozenset({0}), frozenset({1}), frozenset({0, 1})][seed % 4]
        play_one(seed, ai, stats)
    # the hook is useful: the common safe choices stay open ...
    opened = {head for (head, closes), n in stats.items() if not closes}
    assert {"build", "end", "pass", "offer", "give", "send", "trader"} <= opened, opened
    # ... and every draw, search, roll, sail and turned voyage card closes it
    for head in ("roll", "draw", "search", "voyage", "continue", "spy"):
        assert stats[(head, False)] == 0, head
    assert stats[("roll", True)] and stats[("draw", True)]


# --- targeted ---------------------------------------------------------------
def _apply(state, seat, aid):
    before = clone(state)
    GAME.apply(state, seat, aid)
    return GAME.closes_undo(before, state, seat, aid), before


def test_building_from_hand_and_paying_is_undoable():
    s = fresh()
    cid = give(s, 0, "chapel")
    set_goods(s, 0, wood=1, brick=1)
    closes, before = _apply(s, 0, f"build:{cid}")
    assert not closes
    assert cid in s["p"][0]["slots"] and gold(s["p"][0]) == 7
    check_undoable(before, s, 0)


def test_composing_an_offer_and_ending_the_turn_are_undoable():
    s = fresh()
    assert not _apply(s, 0, "offer")[0]
    assert not _apply(s, 0, "give:wood")[0]
    assert not _apply(s, 0, "back")[0]
    assert not _apply(s, 0, "end")[0]
    assert s["phase"] == "end"
    closes, before = _apply(s, 0, "pass")
    assert not closes and s["current"] == 1
    check_undoable(before, s, 0)


def test_drawing_a_card_closes_without_touching_the_rng():
    s = fresh(phase="end")
    s["p"][0]["hand"] = s["p"][0]["hand"][:2]
    closes, before = _apply(s, 0, "draw:0")
    assert s["rng"] == before["rng"]          # the hook alone must see the reveal
    assert closes


def test_searching_a_pile_closes_and_picking_from_it_is_undoable():
    s = fresh(phase="end")
    s["p"][0]["hand"] = s["p"][0]["hand"][:2]
    closes, before = _apply(s, 0, "search:1")
    assert closes and s["rng"] == before["rng"]
    closes, before = _apply(s, 0, "pick:0")    # the searcher saw the pile already
    assert not closes
    check_undoable(before, s, 0)


def test_turning_the_next_voyage_card_closes():
    s = fresh(phase="end")
    sail(s, 0, ["shipwrecked", "cliffs"], speed=2)
    assert GAME.legal_ids(s, 0) == ["continue", "stop"]
    closes, before = _apply(s, 0, "continue")
    assert s["rng"] == before["rng"] and closes
    s = fresh(phase="end")
    sail(s, 0, ["shipwrecked", "cliffs"], speed=2)
    closes, before = _apply(s, 0, "stop")     # going home turns nothing
    assert not closes and s["current"] == 1


def test_setting_sail_and_rolling_close():
    s = fresh(phase="end")
    assert _apply(s, 0, "voyage")[0]
    s = fresh(phase="roll")
    assert _apply(s, 0, "roll")[0]


def test_spy_closes_but_a_theatre_question_does_not():
    s = fresh()
    cid = give(s, 0, "spy")
    closes, before = _apply(s, 0, f"play:{cid}")
    assert closes and s["rng"] == before["rng"]   # the rival's hand is shown
    s = fresh()
    place(s, 1, "theatre")
    cid = give(s, 0, "spy")
    closes, before = _apply(s, 0, f"play:{cid}")
    assert not closes and GAME.to_act(s) == [1]
    check_undoable(before, s, 0)
    closes, _ = _apply(s, 1, "theatre:no")     # letting the spy in shows seat 1's hand
    assert closes


def test_swap_and_lodge_put_cards_away_undoably():
    s = fresh(phase="end")
    closes, before = _apply(s, 0, "swap:0")
    assert not closes and s["phase"] == "draw"
    check_undoable(before, s, 0)
    assert _apply(s, 0, "draw:0")[0]            # drawing the replacement closes
    s = fresh()
    place(s, 0, "lodge", die=6)
    s["dice"] = [6, "tax"]
    s["discard"].append(give(s, 1, "inventor"))
    s["p"][1]["hand"].remove(s["discard"][-1])
    assert not _apply(s, 0, "use:0")[0]
    closes, before = _apply(s, 0, "lodge:0")    # hand card under a pile, open discard to hand
    assert not closes and CARDS[s["p"][0]["hand"][-1]].type == "inventor"
    check_undoable(before, s, 0)


# --- private summary ------------------------------------------------------------
def _texts(lines, lang):
    return [i18n.render(m, lang, lambda s: f"P{s}") for m in lines]


def _assert_renders(lines):
    assert 1 <= len(lines) <= 8
    keys = message_keys(lines)
    assert keys and all(k.startswith("anno1701.") for k in keys)
    for key in keys:
        pair = i18n.lookup(key)
        assert pair is not None and all(pair), key
    for lang in ("en", "hu"):
        for text in _texts(lines, lang):
            assert text and "anno1701." not in text and "summary" not in text, text
            assert "{" not in text, text


def test_summary_renders_in_both_languages_over_random_games():
    rnd = random.Random(4)
    for seed in range(6):
        state = GAME.setup(2, {}, seed)
        while not GAME.is_over(state):
            for seat in (0, 1):
                _assert_renders(GAME.private_summary(GAME.view(state, seat), seat))
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)


def test_summary_shows_hand_and_gold_from_the_view_only():
    s = fresh()
    s["p"][0]["hand"] = []
    s["p"][1]["hand"] = []
    mine = give(s, 0, "chapel")
    theirs = give(s, 1, "spy")
    lines = GAME.private_summary(GAME.view(s, 0), 0)
    en = "\n".join(_texts(lines, "en"))
    hu = "\n".join(_texts(lines, "hu"))
    assert "Hand (1): Chapel" in en and "Kézben (1): Kápolna" in hu
    assert "Gold: 6" in en and "Arany: 6" in hu
    assert "Goods: Wood 1" in en
    assert "Spy" not in en and "Kém" not in hu
    assert CARDS[theirs].type == "spy" and CARDS[mine].type == "chapel"
    # another hand behind the view does not change it; no view of one's own, no summary
    other = clone(s)
    other["p"][1]["hand"] = [give(other, 1, "commander")]
    assert GAME.private_summary(GAME.view(other, 0), 0) == lines
    assert GAME.private_summary(GAME.view(s, None), 0) == []
    assert GAME.private_summary(GAME.view(s, 1), 0) == []


def test_summary_lists_a_searched_pile_and_a_spied_hand():
    s = fresh(phase="end")
    s["p"][0]["hand"] = s["p"][0]["hand"][:2]
    GAME.apply(s, 0, "search:1")
    pile = s["piles"][1]
    en = "\n".join(_texts(GAME.private_summary(GAME.view(s, 0), 0), "en"))
    assert "Searched pile 2: " in en
    for cid in pile:
        assert i18n.render({"key": f"anno1701.card.{CARDS[cid].type}"}, "en") in en
    assert "Searched" not in "\n".join(_texts(GAME.private_summary(GAME.view(s, 1), 1), "en"))
    s = fresh()
    s["p"][1]["hand"] = []
    give(s, 1, "commander")
    cid = give(s, 0, "spy")
    GAME.apply(s, 0, f"play:{cid}")
    en = "\n".join(_texts(GAME.private_summary(GAME.view(s, 0), 0), "en"))
    assert "Your rival's hand (spy): Commander" in en
