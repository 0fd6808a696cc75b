"""A turn (rulebook: "Course of play"): the player takes money, buys a
building, or, with nothing possible at the start of the turn, passes: the
decision "act".  ``act_ids`` is its one rule, ``act_labels`` words those ids,
``apply_act`` plays one; ``refusal`` says why an id is not legal.

Ids: ``take:<card>,<card>…`` (money card ids, ascending), ``buy:<slot
1-4>:<card>,…`` (ascending), ``pass``.

Kept fast twin: ``act_allows`` answers "is this id in ``act_ids``?" by
listing only the moves of the slot or the money row the id names.  It saves
12-14 % of a random game's instructions (seeds 1000-1009, without it: 2p
13.72 -> 15.67 M, 6p 19.08 -> 21.40 M), and ``tests/alhambra/test_allows.py``
checks it against ``act_ids`` on seeded random positions.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from games.alhambra.common import building_msg, card_ids, cards_msg, currency_msg, m, money_msg, values_text
from games.alhambra.data import BUILDINGS, CURRENCIES, CURRENCY, MAX_ACTIONS, PRICE, TAKE_LIMIT, VALUE, YARD
from games.alhambra.flow import end_turn
from games.alhambra.payments import (
    TAKE_RANK,
    TAKES_IN_ORDER,
    is_valid_payment,
    is_valid_take,
    payment_positions,
    take_sets,
)
from games.alhambra.schema import AlhambraState
from games.base import Action, ActionId, Msg, seat_ref

# -- the legal moves -------------------------------------------------------


def act_ids(state: AlhambraState, seat: int) -> list[str]:
    """The legal moves of ``seat`` (who has the turn), in menu order: the
    exact purchases (yard slot order), the takes of the money row, then the
    purchases that overpay.  A turn is always exactly one action (rulebook
    L93): after an exact purchase the player must act again, there is no
    ending the turn early; only at the start of a turn with nothing possible
    does the player pass."""
    ids: list[str] = []
    over: list[str] = []
    for slot, (building, mine) in enumerate(zip(state["yard"], by_currency(state["hands"][seat]), strict=True)):
        if building is not None and mine:
            exact, overpaying = buy_ids(slot, mine, PRICE[building])
            ids += exact
            over += overpaying
    ids += take_ids(tuple(state["money_row"]))
    ids += over
    if not ids and state["actions_taken"] == 0:
        ids.append("pass")
    return ids


@lru_cache(maxsize=16384)
def buy_ids(slot: int, cards: tuple[int, ...], price: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The purchases of a building costing ``price`` in yard ``slot`` with
    ``cards`` (the buyer's money of the slot's currency, ascending): every
    minimal payment (no card could be left out; issue 13: no cap, so 7+6 for
    a price of 8 is offered too), one per set of values (of equal cards the
    lowest ids), best first; the exact ones, then the overpaying ones.
    Memoised (a pure function of its arguments, bounded)."""
    values = tuple(map(VALUE.__getitem__, cards))
    if sum(values) < price:
        return (), ()
    prefix = f"buy:{slot + 1}:"
    texts = [_CARD_TEXTS[card] for card in cards]
    exact: list[str] = []
    over: list[str] = []
    for positions, extra in payment_positions(values, price):
        (over if extra else exact).append(prefix + ",".join([texts[i] for i in positions]))
    return tuple(exact), tuple(over)


@lru_cache(maxsize=4096)
def take_ids(row: tuple[int, ...]) -> tuple[str, ...]:
    """The takes of a money ``row`` (in any order): every single card, and
    every set of two or more worth at most 5 (rulebook: "several cards whose
    sum is at most 5"), one per distinct set (of equal cards the lowest ids);
    the highest total first, a single card before a set worth as much
    (``TAKE_RANK``, ``take_sets``).  Memoised on the row as it lies (a pure
    function of it, bounded)."""
    ranks: list[int] = []   # of the single takes, one per distinct card
    small: list[int] = []   # the cards worth less than the limit: they may be taken together
    equal = 0               # bit i: small card i equals small card i-1
    previous = -1
    for card in sorted(row):
        if card // 3 != previous:   # equal cards are neighbours: the first stands for them
            previous = card // 3
            ranks.append(TAKE_RANK[card])
        elif VALUE[card] < TAKE_LIMIT:
            equal |= 1 << len(small)
        if VALUE[card] < TAKE_LIMIT:
            small.append(card)
    ranks.sort()
    ids = [_TAKES_IN_ORDER[rank] for rank in ranks]
    if len(small) > 1:
        places = len(ids)
        # from the last set back, so that the places among the singles hold
        for place, positions in reversed(take_sets(tuple([VALUE[card] for card in small]), equal)):
            ids.insert(places + place, "take:" + ",".join([_CARD_TEXTS[small[i]] for i in positions]))
    return tuple(ids)


_CARD_TEXTS = [str(card) for card in range(len(VALUE))]   # a money card's id as written in an action id
_TAKES_IN_ORDER = ["take:" + _CARD_TEXTS[card] for card in TAKES_IN_ORDER]   # the single takes by TAKE_RANK


# Money ids by currency: 0–26, 27–53, 54–80, 81–107; yard slot i takes currency i.
_CURRENCY_STARTS = tuple(27 * currency for currency in range(1, len(CURRENCIES)))
assert tuple(range(len(CURRENCIES))) == YARD
assert all(CURRENCY[card] == card // 27 for card in range(len(CURRENCY)))


def by_currency(hand: list[int]) -> tuple[tuple[int, ...], ...]:
    """The cards of a hand per currency, each ascending."""
    cards = tuple(sorted(hand))
    a, b, c = _CURRENCY_STARTS
    i = bisect_left(cards, a)
    j = bisect_left(cards, b, i)
    k = bisect_left(cards, c, j)
    return cards[:i], cards[i:j], cards[j:k], cards[k:]


def currency_cards(hand: list[int], currency: int) -> tuple[int, ...]:
    """The cards of a hand in one currency, ascending (``by_currency(hand)[currency]``)."""
    return tuple(sorted(filter(_CURRENCY_CARDS[currency].__contains__, hand)))


_CURRENCY_CARDS = tuple(frozenset(card for card in range(len(CURRENCY)) if CURRENCY[card] == currency)
                        for currency in range(len(CURRENCIES)))


_SLOT_TEXTS = {str(slot + 1): slot for slot in range(len(YARD))}


def act_allows(state: AlhambraState, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in act_ids(state, seat)``: only the moves
    of the money row or of the slot the id names are listed."""
    head, args = action
    if head == "take":
        return len(args) == 1 and "take:" + args[0] in take_ids(tuple(state["money_row"]))
    if head == "buy":
        slot = _SLOT_TEXTS.get(args[0]) if len(args) == 2 else None
        building = None if slot is None else state["yard"][slot]
        if slot is None or building is None:
            return False
        exact, over = buy_ids(slot, currency_cards(state["hands"][seat], YARD[slot]), PRICE[building])
        text = "buy:" + args[0] + ":" + args[1]
        return text in exact or text in over
    return head == "pass" and not args and act_ids(state, seat) == ["pass"]


def act_labels(state: AlhambraState, seat: int, ids: list[str]) -> list[Action]:
    """The moves ``ids`` worded: what is taken, or bought with what."""
    return [_label(state, ActionId.parse(text), text) for text in ids]


def _label(state: AlhambraState, action: ActionId, text: str) -> Action:
    if action.head == "take":
        return Action(text, m("label.take", cards=[money_msg(card) for card in card_ids(action.arg())]),
                      "take", "primary")
    if action.head == "buy":
        slot = action.number(0) - 1
        building = state["yard"][slot]
        assert building is not None
        paid = card_ids(action.arg(1))
        args: dict[str, object] = {"slot": slot + 1, "building": building_msg(building),
                                   "currency": currency_msg(YARD[slot]), "paid": values_text(paid)}
        extra = sum(map(VALUE.__getitem__, paid)) - PRICE[building]
        if extra:
            return Action(text, m("label.buy_over", **args, over=extra), "buy", "secondary")
        return Action(text, m("label.buy_exact", **args), "buy", "success")
    return Action(text, m("label.pass"), "end", "danger")


# -- playing a move ----------------------------------------------------------


def apply_act(state: AlhambraState, seat: int, action: ActionId) -> list[Msg]:
    head, args = action
    if head == "take":
        cards = card_ids(args[0])
        row = state["money_row"]
        for card in cards:
            row.remove(card)
        state["hands"][seat] += cards
        state["actions_taken"] += 1
        return end_turn(state, [m("ev.take", seat=seat_ref(seat), cards=cards_msg(cards))])
    if head == "buy":
        return _buy(state, seat, int(args[0]) - 1, card_ids(args[1]))
    # "pass": nothing possible at the start of the turn
    return end_turn(state, [m("ev.pass", seat=seat_ref(seat))])


def _buy(state: AlhambraState, seat: int, slot: int, cards: tuple[int, ...]) -> list[Msg]:
    hand = state["hands"][seat]
    for card in cards:
        hand.remove(card)
    state["discard"] += cards
    yard = state["yard"]
    building = yard[slot]
    assert building is not None
    yard[slot] = None
    exact = sum(map(VALUE.__getitem__, cards)) == PRICE[building]
    state["actions_taken"] += 1
    events = [m("ev.buy", seat=seat_ref(seat), building=building_msg(building),
                currency=currency_msg(YARD[slot]), paid=values_text(cards))]
    if state["neutral"] is not None:
        # 2 players: the buyer now decides to keep it or give it to the neutral.
        state["pending"] = [{"seat": seat, "kind": "gift", "building": building, "exact": exact}]
        return events
    state["built"][seat].append(building)
    return after_buy(state, seat, exact, events)


def after_buy(state: AlhambraState, seat: int, exact: bool, events: list[Msg]) -> list[Msg]:
    """After a purchase: an exact payment earns another action (rulebook),
    up to five in a turn, if there is anything to do; else the turn ends."""
    if exact and state["actions_taken"] < MAX_ACTIONS and act_ids(state, seat):
        events.append(m("ev.exact", seat=seat_ref(seat), n=state["actions_taken"] + 1))
        return events
    return end_turn(state, events)


# -- why an id is refused ----------------------------------------------------


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
        if len(set(cards)) != len(cards) or any(card not in hand for card in cards):
            return m("reason.not_your_cards")
        building = state["yard"][slot]
        assert building is not None
        if not is_valid_payment(cards, YARD[slot], BUILDINGS[building][1]):
            return m("reason.payment", currency=currency_msg(YARD[slot]), price=BUILDINGS[building][1])
        # Enough, in the right currency, but with a card not needed (or the
        # ids of equal cards written differently): not one of the listed buys.
        return m("reason.bad_action")
    return m("reason.bad_action")
