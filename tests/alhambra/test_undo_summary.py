"""The undo window (``closes_undo``) and the private summary of Alhambra."""

from __future__ import annotations

import random

import pytest

from games.alhambra import GAME
from games.alhambra.messages import MESSAGES
from games.base import clone
from games.play import replay
from service import i18n
from service.i18n import message_keys
from service.privacy import private_part
from tests.alhambra.helpers import arrange, building, card

DENAR, DIRHAM, DUKAT, GULDEN = range(4)
PAVILION, SERAGLIO, ARCADES, CHAMBERS, GARDEN, TOWER = range(6)
NAMES = ["Őrs", "Ünige", "Béla", "Zsófi", "Áron", "Kata"]
# Public events that turn a card, a building or a scoring card, or end the game.
REVEALING = {"alhambra.ev." + k for k in (
    "yard", "row", "reshuffle", "scoring", "score_line", "neutral_gets", "game_end", "leftover",
    "leftover_stays", "winner")}


def _public_money(view) -> set[int]:
    return {c["id"] for c in view["row"]}


def _public_buildings(view) -> set[int]:
    out = {b["id"] for b in view["yard"] if b is not None}
    out |= {b for built in view["built"] for b in built}
    out |= set(view["neutral"] or [])
    if view["pending"] is not None:
        out.add(view["pending"])
    return out


def _check_undoable(before, after, seat, action, events):
    n = before["players"]
    # (a) no chance drawn, nothing taken from a deck
    assert after["rng"] == before["rng"], action
    assert after["deck"] == before["deck"] and after["bdeck"] == before["bdeck"], action
    assert set(before["discard"]) <= set(after["discard"]), action
    assert not GAME.is_over(after) and after["scored"] == before["scored"], action
    # (b) no other seat's private picture changed ...
    for other in range(n):
        if other == seat:
            continue
        was = private_part(GAME.view(before, other), GAME.view(before, None))
        now = private_part(GAME.view(after, other), GAME.view(after, None))
        assert was == now, (action, other)
    # ... and the table shows no money card or building that was hidden
    pub_before, pub_after = GAME.view(before, None), GAME.view(after, None)
    assert _public_money(pub_after) <= _public_money(pub_before), action
    assert _public_buildings(pub_after) <= _public_buildings(pub_before), action
    assert pub_after["deck"] == pub_before["deck"] and pub_after["bdeck"] == pub_before["bdeck"]
    assert pub_after["next_scoring"] == pub_before["next_scoring"]
    for e in events:
        assert "to" not in e or e["to"] == seat, (action, e)
        assert e["key"] not in REVEALING, (action, e)


def _play(players, seed, replays=3):
    state = GAME.setup(players, {}, seed)
    rnd = random.Random(seed * 11 + players)
    ai = {seed % players} if seed % 3 == 0 else set()
    log, undoable = [], []
    kinds: dict[str, list[int]] = {}
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
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
        if (state["rng"] != before["rng"] or state["deck"] != before["deck"]
                or state["bdeck"] != before["bdeck"] or GAME.is_over(state)):
            assert closes, action
        if state["turn"] != seat:  # the turn ended: the yard or the row was refilled
            assert closes or not before["deck"] and not before["discard"], action
        log.append((seat, action))
    for i, before in rnd.sample(undoable, min(replays, len(undoable))):
        assert replay(GAME, players, seed, {}, log[:i]) == before
    return kinds


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_undoable_actions_reveal_nothing(players):
    totals: dict[str, list[int]] = {}
    for seed in range(30):
        for kind, (closed, opened) in _play(players, seed).items():
            t = totals.setdefault(kind, [0, 0])
            t[0] += closed
            t[1] += opened
    assert totals["buy"][1] > 0 and totals["take"][0] > 0
    if players == 2:  # a purchase waits for keep/gift, which ends the turn or not
        assert totals["buy"][0] == 0
        assert totals["keep"][1] + totals["gift"][1] > 0
        assert totals["keep"][0] + totals["gift"][0] > 0
    else:
        assert totals["buy"][0] > 0


# -- targeted ---------------------------------------------------------------

def _step(state, seat, action):
    before = clone(state)
    events = GAME.apply(state, seat, action)
    return GAME.closes_undo(before, state, seat, action), before, events


def _yard():
    return [building(GARDEN, 8), building(PAVILION, 5), building(TOWER, 13), building(SERAGLIO, 4)]


def test_exact_buy_is_undoable_then_taking_money_closes():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [card(DUKAT, 7)], []], yard=_yard())
    action = f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"
    closes, before, events = _step(state, 0, action)
    assert closes is False and state["turn"] == 0 and state["yard"][0] is None
    _check_undoable(before, state, 0, action, events)
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    closes, before, _ = _step(state, 0, take)  # the turn ends: yard and row refilled
    assert state["turn"] == 1 and state["rng"] == before["rng"]
    assert closes is True


def test_taking_money_closes_the_row_is_refilled():
    state = arrange(hands=[[card(DENAR, 1)], [], []], yard=_yard())
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    closes, before, _ = _step(state, 0, take)
    assert state["bdeck"] == before["bdeck"] and state["rng"] == before["rng"]
    assert not set(state["row"]) <= set(before["row"])  # new money turned up
    assert closes is True


def test_overpaying_and_ending_the_turn_close():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9), card(GULDEN, 4)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    closes, before, _ = _step(state, 0, f"buy:2:{card(DIRHAM, 9)}")  # 9 for 5: the turn ends
    assert state["turn"] == 1 and state["rng"] == before["rng"]
    assert closes is True
    state = arrange(hands=[hand, [], []], yard=_yard())
    GAME.apply(state, 0, f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}")
    closes, before, _ = _step(state, 0, "end")
    assert state["rng"] == before["rng"] and state["bdeck"] != before["bdeck"]
    assert closes is True


def test_two_players_keep_or_gift_undoable_only_when_the_turn_goes_on():
    hand = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9)]
    state = arrange(players=2, hands=[hand, []], yard=_yard())
    action = f"buy:1:{card(DENAR, 3)},{card(DENAR, 5)}"
    closes, before, events = _step(state, 0, action)
    assert closes is False and state["phase"] == "gift"
    _check_undoable(before, state, 0, action, events)
    closes, before, events = _step(state, 0, "gift")  # exact: the turn goes on
    assert closes is False and state["turn"] == 0 and state["neutral"][-1] == building(GARDEN, 8)
    _check_undoable(before, state, 0, "gift", events)
    GAME.apply(state, 0, f"buy:2:{card(DIRHAM, 9)}")  # overpaid: keep or gift ends the turn
    closes, before, _ = _step(state, 0, "keep")
    assert state["turn"] == 1
    assert closes is True


def test_pass_with_nothing_to_refill_is_undoable():
    # no money left anywhere but in the hands: the row stays empty
    state = arrange(hands=[[card(DENAR, 1)], [], []], row=[], yard=_yard())
    state["hands"][1] = [c for c in state["deck"] if c >= 0]
    state["deck"] = []
    state["scored"] = ["A", "B"]  # (the scoring cards are out of the deck)
    GAME.check_invariants(state)
    assert GAME.legal_ids(state, 0) == ["pass"]
    closes, before, events = _step(state, 0, "pass")
    assert closes is False and state["turn"] == 1
    _check_undoable(before, state, 0, "pass", events)


def test_reshuffle_of_one_card_closes_without_the_rng():
    hand = [card(DENAR, 5), card(DENAR, 3)]
    state = arrange(hands=[hand, [], []], yard=_yard())
    money = [c for c in state["deck"] if c >= 0]
    state["hands"][2] = money[1:]
    state["discard"] = [money[0]]  # the deck is empty: one card to "shuffle"
    state["deck"] = []
    state["scored"] = ["A", "B"]
    GAME.check_invariants(state)
    take = next(a for a in GAME.legal_ids(state, 0) if a.startswith("take:"))
    closes, before, _ = _step(state, 0, take)
    assert state["rng"] == before["rng"] and state["deck"] == before["deck"] == []
    assert money[0] in state["row"]
    assert closes is True


# -- private summary --------------------------------------------------------

def _render(lines, lang):
    return [i18n.render(m, lang, NAMES.__getitem__) for m in lines]


def _keys_ok(lines):
    for key in message_keys(lines):
        pair = i18n.lookup(key)
        assert pair is not None, key
        assert len(pair) == 2 and all(pair), key


def test_summary_keys_are_in_the_catalogue():
    keys = [k for k in MESSAGES if k.startswith("summary.")]
    assert len(keys) >= 4
    for k in keys:
        en, hu = MESSAGES[k]
        assert en and hu


def test_summary_renders_in_both_languages_over_random_games():
    seen: set[str] = set()
    for players in (2, 3, 6):
        for seed in range(3):
            state = GAME.setup(players, {}, seed)
            rnd = random.Random(seed)
            step = 0
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)).id)
                step += 1
                if step % 5:
                    continue
                for p in range(players):
                    lines = GAME.private_summary(GAME.view(state, p), p)
                    assert 1 <= len(lines) <= 8
                    _keys_ok(lines)
                    seen |= {m["key"] for m in lines}
                    for lang in ("en", "hu"):
                        for text in _render(lines, lang):
                            assert "alhambra." not in text and "{" not in text, text
    for key in ("money", "currency", "currency_one", "exact"):
        assert "alhambra.summary." + key in seen, key


def test_summary_shows_own_money_only():
    mine = [card(DENAR, 5), card(DENAR, 3), card(DIRHAM, 9)]
    theirs = [card(GULDEN, 7), card(DUKAT, 6)]
    state = arrange(hands=[mine, theirs, []], yard=_yard())
    view = GAME.view(state, 0)
    lines = GAME.private_summary(view, 0)
    _keys_ok(lines)
    en, hu = _render(lines, "en"), _render(lines, "hu")
    assert en[:3] == ["Your money: 3 cards", "Denar: 5 + 3 (total 8)", "Dirham: 9"]
    assert hu[:3] == ["A pénzed: 3 lap", "Dénár: 5 + 3 (összesen 8)", "Dirham: 9"]
    assert en[3] == "Exact payment possible: Garden (8)"  # 5 + 3 denar for the garden
    text = "\n".join(en + hu)
    assert "Gulden" not in text and "Dukat" not in text and "Dukát" not in text
    # from the view alone
    assert "hands" not in view
    assert GAME.private_summary(clone(view), 0) == lines
    empty = GAME.private_summary(GAME.view(state, 2), 2)
    assert _render(empty, "en") == ["Your money: no cards"]
    assert _render(empty, "hu") == ["A pénzed: nincs pénzkártyád"]
