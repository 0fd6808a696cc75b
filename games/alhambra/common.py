"""Small helpers shared by the rule modules: messages for seats, cards and
buildings, and the card ids of an action."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.alhambra.data import BUILDINGS, CURRENCIES, TYPES, VALUE, money_currency, money_value
from games.base import Msg, messages, seat_ref

m = messages("alhambra")

# Built once: labels and events reuse these (treat messages as read-only).
SEAT_REFS = tuple(seat_ref(seat) for seat in range(6))
CURRENCY_MSGS = tuple(m("currency." + name) for name in CURRENCIES)
MONEY_MSGS = tuple(m("money", currency=CURRENCY_MSGS[money_currency(c)], value=money_value(c))
                   for c in range(4 * 9 * 3))


def currency_msg(cur: int) -> Msg:
    return CURRENCY_MSGS[cur]


def money_msg(card: int) -> Msg:
    return MONEY_MSGS[card]


# Money is listed by currency, highest value first.
_LIST_ORDER = [c // 27 * 27 + 26 - c % 27 for c in range(4 * 9 * 3)]


def cards_msg(cards: Sequence[int]) -> list[Msg]:
    if len(cards) == 1:
        return [MONEY_MSGS[cards[0]]]
    return [MONEY_MSGS[c] for c in sorted(cards, key=_LIST_ORDER.__getitem__)]


def type_msg(t: int) -> Msg:
    return _TYPE_MSGS[t]


_TYPE_MSGS = [m("building." + name) for name in TYPES]
BUILDING_MSGS = tuple(m("building_price", building=_TYPE_MSGS[t], price=price) for t, price in BUILDINGS)


def building_msg(b: int) -> Msg:
    return BUILDING_MSGS[b]


@lru_cache(maxsize=4096)
def values_text(cards: tuple[int, ...]) -> str:
    """"5+3+1" — the values paid, highest first (currency said separately)."""
    return "+".join(map(str, sorted(map(VALUE.__getitem__, cards), reverse=True)))


def scorer_ref(players: int, scorer: int) -> Msg | dict[str, int]:
    """A seat reference, or the neutral player's name (2 players: scorer 2)."""
    return m("neutral") if scorer >= players else SEAT_REFS[scorer]


@lru_cache(maxsize=4096)
def card_ids(text: str) -> tuple[int, ...]:
    """The money cards of an action argument ("12,40"), read once per text."""
    return tuple(map(int, text.split(",")))
