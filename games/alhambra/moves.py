"""The legal moves of the seat to act: their ids and labels, the legality
test of one id, and why an id is refused.

One set of rules serves all three: ``take_moves`` (the money that may be
taken from a row) and ``slot_moves`` (the minimal payments for one yard
slot) list the labelled moves; ``legal_actions`` puts them in order,
``admit`` looks one id up in the part of the list it could belong to.

Ids: ``take:<card>,<card>…`` (money card ids, ascending), ``buy:<slot
1-4>:<card>,…`` (ascending), ``keep`` / ``gift`` (2 players: the building
just bought), ``pass`` (nothing possible at the start of a turn).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import NamedTuple

from games.alhambra.common import building_msg, card_ids, currency_msg, m, money_msg, values_text
from games.alhambra.data import BUILDINGS, CURRENCIES, CURRENCY, PRICE, TAKE_LIMIT, VALUE, YARD
from games.alhambra.payments import (
    TAKE_RANK,
    TAKES_IN_ORDER,
    is_valid_payment,
    is_valid_take,
    payment_formats,
    payments,
    take_sets,
)
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
    for pay, extra in payments(cards, PRICE[b]):
        (over if extra else exact).append(_buy_action(slot, b, ",".join(map(str, pay)), pay, extra))
    return SlotMoves(tuple(exact), tuple(over))


# "buy:<slot>:" by the currency of the money paid (the slot that takes it).
_BUY_PREFIX = tuple(f"buy:{YARD.index(cur) + 1}:" for cur in range(len(CURRENCIES)))
_NO_BUYS: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


@lru_cache(maxsize=16384)
def buy_ids(cards: tuple[int, ...], price: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ids of ``slot_moves`` without their labels (random seats and
    ``act_allows`` need no more): the purchases of a building costing
    ``price`` in the slot of the currency of ``cards`` (ascending, not
    empty), exact ones, then overpaying ones.  Keyed by the price, not the
    building."""
    values = tuple(map(_value, cards))
    if sum(values) < price:   # (asked here, not by act_ids: a hit is then all a move pays)
        return _NO_BUYS
    exact, over = payment_formats(values, price)
    prefix = _BUY_PREFIX[CURRENCY[cards[0]]]
    return (tuple(exact.format(prefix, *cards).split("|")) if exact else (),
            tuple(over.format(prefix, *cards).split("|")) if over else ())


@lru_cache(maxsize=256)
def take_moves(row: tuple[int, ...]) -> tuple[Action, ...]:
    """The take moves of a money row (ascending), in the listed order:
    single cards, and sets worth at most 5; one per distinct set."""
    return tuple(map(_take_action, take_ids(row)))


@lru_cache(maxsize=4096)
def take_ids(row: tuple[int, ...]) -> tuple[str, ...]:
    """The ids of ``take_moves``; ``row`` in any order (memoised on the
    row as it lies, unsorted: ``allows`` asks again for the row
    ``act_ids`` has just listed)."""
    ranks: list[int] = []   # of the single takes
    small: list[int] = []   # the cards worth less than the limit: they may be taken together
    equal = 0    # bit i: small card i equals small card i-1
    previous = -1
    for c in sorted(row):
        if c // 3 != previous:   # equal cards are neighbours: the first stands for them
            previous = c // 3
            ranks.append(TAKE_RANK[c])
        elif VALUE[c] < TAKE_LIMIT:
            equal |= 1 << len(small)
        if VALUE[c] < TAKE_LIMIT:
            small.append(c)
    ranks.sort()
    ids = [_TAKES_BY_RANK[r] for r in ranks]
    if len(small) > 1:
        singles = len(ids)
        # from the last set back, so that the places among the singles hold
        for place, positions in reversed(take_sets(tuple([VALUE[c] for c in small]), equal)):
            ids.insert(singles + place, "take:" + ",".join([_CARD_TEXTS[small[i]] for i in positions]))
    return tuple(ids)


@lru_cache(maxsize=16384)
def _buy_action(slot: int, b: int, ids: str, pay: tuple[int, ...], extra: int) -> Action:
    # Cached: Actions are immutable and their labels are only read, so equal
    # purchases share one object.
    args: dict[str, object] = {"slot": slot + 1, "building": building_msg(b), "currency": currency_msg(YARD[slot]),
                               "paid": values_text(pay)}
    aid = action_id("buy", slot + 1, ids)
    if extra:
        return Action(aid, m("label.buy_over", **args, over=extra), "buy", "secondary")
    return Action(aid, m("label.buy_exact", **args), "buy", "success")


@lru_cache(maxsize=4096)
def _take_action(aid: str) -> Action:
    # Cached: Actions are immutable and their labels only read, so the moves share them.
    return Action(aid, m("label.take", cards=[money_msg(c) for c in card_ids(ActionId.parse(aid).arg())]), "take", "primary")


_CARD_TEXTS = [str(c) for c in range(len(VALUE))]
# The single takes in the listed order (``TAKE_RANK``).
_TAKES_BY_RANK = ["take:" + _CARD_TEXTS[c] for c in TAKES_IN_ORDER]


# 2 players: keep the building just bought, or give it to the neutral player.
_GIFT_MOVES = [(Action("keep", m("label.keep", building=building_msg(b)), "gift", "primary"),
                Action("gift", m("label.gift", building=building_msg(b)), "gift", "secondary"))
               for b in range(len(BUILDINGS))]
GIFT_IDS = ("keep", "gift")
_PASS = Action("pass", m("label.pass"), "end", "danger")


# -- the decision "gift" (2 players: keep the building just bought or give it away)

def gift_actions(state: AlhambraState, seat: int) -> list[Action]:
    return list(_GIFT_MOVES[state["pending"][0]["building"]])


def gift_ids(state: AlhambraState, seat: int) -> list[str]:
    return list(GIFT_IDS)


def gift_allows(state: AlhambraState, seat: int, action: ActionId) -> bool:
    return action.head in GIFT_IDS and not action.args


# -- the decision "act" (the phase: take money, buy a building, or pass)

def act_actions(state: AlhambraState, seat: int) -> list[Action]:
    # exact purchases first (slot order), then money, then overpaying purchases
    hand = _by_currency(state["hands"][seat])
    actions: list[Action] = []
    over: list[Action] = []
    for slot, b in enumerate(state["yard"]):
        if b is not None:
            mine = hand[YARD[slot]]
            if mine and sum(map(_value, mine)) >= PRICE[b]:
                exact, overpaying = slot_moves(slot, b, mine)
                actions += exact
                over += overpaying
    actions += take_moves(tuple(sorted(state["money_row"])))
    actions += over
    # A turn is always exactly one action (rulebook L93): after an exact
    # purchase the player must act again; there is no ending the turn early.
    if not actions and state["actions_taken"] == 0:
        actions.append(_PASS)
    return actions


def act_ids(state: AlhambraState, seat: int) -> list[str]:
    """The ids of ``act_actions``, in the same order (random seats ask for
    them every move: lean, and the lists are memoised)."""
    ids: list[str] = []
    over: list[str] = []
    for b, mine in zip(state["yard"], _by_currency(state["hands"][seat]), strict=True):  # slot i: currency i
        if b is not None and mine:
            exact, overpaying = buy_ids(mine, PRICE[b])
            ids += exact
            over += overpaying
    ids += take_ids(tuple(state["money_row"]))
    ids += over
    if not ids and state["actions_taken"] == 0:
        ids.append("pass")
    return ids


def act_allows(state: AlhambraState, seat: int, action: ActionId) -> bool:
    """Whether ``action`` is in ``act_ids``, looking only where it could be."""
    head, args = action
    if head == "take":
        return len(args) == 1 and "take:" + args[0] in take_ids(tuple(state["money_row"]))
    if head == "buy":
        slot = _SLOT_TEXTS.get(args[0]) if len(args) == 2 else None
        b = None if slot is None else state["yard"][slot]
        if slot is None or b is None:
            return False
        currency = YARD[slot]
        mine = tuple(sorted(filter(_CURRENCY_IDS[currency].__contains__, state["hands"][seat])))
        if not mine:
            return False
        text = _BUY_PREFIX[currency] + args[1]
        exact, over = buy_ids(mine, PRICE[b])
        return text in exact or text in over
    return head == "pass" and not args and act_ids(state, seat) == ["pass"]


# Money ids by currency: 0–26, 27–53, 54–80, 81–107; yard slot i takes currency i.
# (frozensets: their ``__contains__`` is a plain C method, a range's a slot wrapper)
_CURRENCY_IDS = tuple(frozenset(c for c in range(len(CURRENCY)) if CURRENCY[c] == cur)
                      for cur in range(len(CURRENCIES)))
_CURRENCY_STARTS = tuple(min(ids) for ids in _CURRENCY_IDS[1:])
assert tuple(range(len(CURRENCIES))) == YARD


def _by_currency(hand: list[int]) -> tuple[tuple[int, ...], ...]:
    """The cards of a hand per currency, each ascending."""
    cards = tuple(sorted(hand))
    a, b, c = _CURRENCY_STARTS
    i = bisect_left(cards, a)
    j = bisect_left(cards, b, i)
    k = bisect_left(cards, c, j)
    return cards[:i], cards[i:j], cards[j:k], cards[k:]


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

