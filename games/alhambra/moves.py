"""The legal moves of the seat to act: their ids and labels, the legality
test of one id, and why an id is refused.

One set of rules serves all three: ``take_moves`` (the money that may be
taken from a row) and ``slot_moves`` (the minimal payments for one yard
slot) list the labelled moves; ``legal_actions`` puts them in order,
``is_legal`` looks one id up in the part of the list it could belong to.

Ids: ``take:<card>,<card>…`` (money card ids, ascending), ``buy:<slot
1-4>:<card>,…`` (ascending), ``keep`` / ``gift`` (2 players: the building
just bought), ``pass`` (nothing possible at the start of a turn).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from games.alhambra.common import P, building_msg, currency_msg, m, money_msg, values_text
from games.alhambra.data import BUILDINGS, CURRENCY, PRICE, VALUE, YARD
from games.alhambra.payments import is_valid_payment, is_valid_take, payment_positions, take_options
from games.alhambra.schema import AlhambraState
from games.base import Action, ActionId, Msg, action_id

_value = VALUE.__getitem__   # a card's value (bound once: the hot paths map it)


class SlotMoves(NamedTuple):
    """The purchases of one yard slot: exact ones, then overpaying ones."""

    exact: tuple[Action, ...]
    over: tuple[Action, ...]


@lru_cache(maxsize=16384)
def slot_moves(slot: int, b: int, cards: tuple[int, ...]) -> SlotMoves:
    """The purchases of building ``b`` in yard ``slot`` with ``cards`` (the
    buyer's money of the slot's currency, ascending): every minimal payment
    (no card could be left out; issue 13: no cap, so 7+6 for a price of 8 is
    offered too), one per set of values, best first.  Memoised on its
    arguments: a seat's money in one currency changes only when it takes or
    pays that currency, so many slots are as they were on its last turn."""
    exact: list[Action] = []
    over: list[Action] = []
    for positions, extra in payment_positions(tuple(map(_value, cards)), PRICE[b]):
        pay = tuple(map(cards.__getitem__, positions))
        (over if extra else exact).append(_buy_action(slot, b, ",".join(map(str, pay)), pay, extra))
    return SlotMoves(tuple(exact), tuple(over))


def _affordable(cards: list[int], b: int) -> bool:
    return sum(map(_value, cards)) >= PRICE[b]


def _currency_cards(hand: list[int], currency: int) -> list[int]:
    return sorted(c for c in hand if CURRENCY[c] == currency)


@lru_cache(maxsize=256)
def take_moves(row: tuple[int, ...]) -> dict[str, Action]:
    """The take moves of a money row (ascending) by id, in the listed order:
    single cards, and sets worth at most 5; one per distinct set."""
    moves: dict[str, Action] = {}
    for cards in take_options(list(row)):   # each ascending
        action = _SINGLE_TAKES[cards[0]] if len(cards) == 1 else _take_action(cards)
        moves[action.id] = action
    return moves


@lru_cache(maxsize=16384)
def _buy_action(slot: int, b: int, ids: str, pay: tuple[int, ...], extra: int) -> Action:
    # Cached: Actions are immutable and their labels are only read, so equal
    # purchases share one object.
    args: dict[str, object] = {"slot": slot + 1, "building": building_msg(b), "currency": currency_msg(YARD[slot]),
                               "paid": values_text(list(pay))}
    aid = action_id("buy", slot + 1, ids)
    if extra:
        args["over"] = extra
        return Action(aid, {"key": P + "label.buy_over", "args": args}, "buy", "secondary")
    return Action(aid, {"key": P + "label.buy_exact", "args": args}, "buy", "success")


def _new_take_action(cards: tuple[int, ...]) -> Action:
    return Action("take:" + ",".join(map(str, cards)),
                  {"key": P + "label.take", "args": {"cards": [money_msg(c) for c in cards]}}, "take", "primary")


# Taking one card: the same move all game long (Actions are immutable and
# their labels only read, so the moves share them).
_SINGLE_TAKES = [_new_take_action((c,)) for c in range(len(VALUE))]
_take_action = lru_cache(maxsize=4096)(_new_take_action)


# 2 players: keep the building just bought, or give it to the neutral player.
_GIFT_MOVES = [(Action("keep", m("label.keep", building=building_msg(b)), "gift", "primary"),
                Action("gift", m("label.gift", building=building_msg(b)), "gift", "secondary"))
               for b in range(len(BUILDINGS))]


def legal_actions(state: AlhambraState, seat: int) -> list[Action]:
    if state["turn"] != seat:
        return []
    if state["pending"]:
        return list(_GIFT_MOVES[state["pending"][0]["building"]])
    # exact purchases first (slot order), then money, then overpaying purchases
    per_currency: tuple[list[int], ...] = ([], [], [], [])
    for c in state["hands"][seat]:
        per_currency[CURRENCY[c]].append(c)
    actions: list[Action] = []
    over: list[Action] = []
    for slot, b in enumerate(state["yard"]):
        if b is not None:
            mine = per_currency[YARD[slot]]
            if mine and sum(map(_value, mine)) >= PRICE[b]:
                mine.sort()
                exact, overpaying = slot_moves(slot, b, tuple(mine))
                actions += exact
                over += overpaying
    actions += take_moves(tuple(sorted(state["money_row"]))).values()
    actions += over
    # A turn is always exactly one action (rulebook L93): after an exact
    # purchase the player must act again; there is no ending the turn early.
    if not actions and state["actions_taken"] == 0:
        actions.append(Action("pass", m("label.pass"), "end", "danger"))
    return actions


def legal_ids(state: AlhambraState, seat: int) -> list[str]:
    return [a.id for a in legal_actions(state, seat)]


def is_legal(state: AlhambraState, seat: int, text: str) -> bool:
    """``text in legal_ids(state, seat)``, looking only where it could be."""
    if state["turn"] != seat:
        return False
    if state["pending"]:
        return text in ("keep", "gift")
    if text in take_moves(tuple(sorted(state["money_row"]))):
        return True
    action = ActionId.parse(text)
    if action.head == "buy":
        slot = _SLOT_TEXTS.get(action.arg(0))
        b = None if slot is None else state["yard"][slot]
        if slot is None or b is None:
            return False
        mine = _currency_cards(state["hands"][seat], YARD[slot])
        if not _affordable(mine, b):
            return False
        exact, over = slot_moves(slot, b, tuple(mine))
        return any(a.id == text for a in exact) or any(a.id == text for a in over)
    return text == "pass" and legal_ids(state, seat) == ["pass"]


_SLOT_TEXTS = {str(slot + 1): slot for slot in range(len(YARD))}


def _cards(action: ActionId, index: int) -> list[int] | None:
    """The card ids of argument ``index``, None unless written as ids are."""
    try:
        cards = action.numbers(index)
    except ValueError:
        return None
    return cards if cards and ",".join(map(str, cards)) == action.arg(index) else None


def refusal(state: AlhambraState, seat: int, text: str) -> Msg:
    """Why ``text`` (found illegal) is refused, in the players' words."""
    if state["pending"]:
        return m("reason.gift_pending")
    action = ActionId.parse(text)
    if action.head == "take" and len(action.args) == 1:
        cards = _cards(action, 0)
        if cards is None or is_valid_take(state["money_row"], cards):
            # unreadable, or the right money written otherwise than listed
            return m("reason.bad_action")
        return m("reason.take")
    if action.head == "buy" and len(action.args) == 2:
        cards = _cards(action, 1)
        slot = _SLOT_TEXTS.get(action.args[0])
        if cards is None:
            return m("reason.bad_action")
        if slot is None or state["yard"][slot] is None:
            return m("reason.slot_empty")
        hand = state["hands"][seat]
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            return m("reason.not_your_cards")
        b = state["yard"][slot]
        assert b is not None
        if not is_valid_payment(cards, YARD[slot], BUILDINGS[b][1]):
            return m("reason.payment", currency=currency_msg(YARD[slot]), price=BUILDINGS[b][1])
        # Enough, in the right currency, but with a card not needed (or the
        # ids of equal cards written differently): not one of the listed buys.
        return m("reason.bad_action")
    return m("reason.bad_action")


def can_act(state: AlhambraState, seat: int) -> bool:
    """Anything to do on a bonus action?  (Otherwise the turn just ends.)"""
    if state["money_row"]:
        return True
    hand = state["hands"][seat]
    for slot, b in enumerate(state["yard"]):
        if b is not None:
            total = sum(VALUE[c] for c in hand if CURRENCY[c] == YARD[slot])
            if total >= BUILDINGS[b][1]:
                return True
    return False

