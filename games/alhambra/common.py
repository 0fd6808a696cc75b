"""Small helpers shared by the rule modules: messages for cards and buildings."""

from __future__ import annotations

from typing import Any

from games.alhambra.data import BUILDINGS, CURRENCIES, TYPES, VALUE, money_currency, money_value
from games.base import Msg, seat_ref

P = "alhambra."


def m(key: str, **args: Any) -> Msg:
    """A message of this game (``games.base.msg`` with the prefix)."""
    return {"key": P + key, "args": args} if args else {"key": P + key}


def currency_msg(cur: int) -> Msg:
    return m("currency." + CURRENCIES[cur])


# Built once: labels and events reuse these (treat messages as read-only).
_MONEY_MSGS = [m("money", currency=currency_msg(money_currency(c)), value=money_value(c))
               for c in range(4 * 9 * 3)]


def money_msg(card: int) -> Msg:
    return _MONEY_MSGS[card]


# Money is listed by currency, highest value first.
_LIST_ORDER = [c // 27 * 27 + 26 - c % 27 for c in range(4 * 9 * 3)]


def cards_msg(cards: list[int]) -> list[Msg]:
    return [_MONEY_MSGS[c] for c in sorted(cards, key=_LIST_ORDER.__getitem__)]


def type_msg(t: int) -> Msg:
    return m("building." + TYPES[t])


_BUILDING_MSGS = [m("building_price", building=type_msg(t), price=price) for t, price in BUILDINGS]


def building_msg(b: int) -> Msg:
    return _BUILDING_MSGS[b]


def values_text(cards: list[int]) -> str:
    """"5+3+1" — the values paid, highest first (currency said separately)."""
    return "+".join(map(str, sorted(map(VALUE.__getitem__, cards), reverse=True)))


def scorer_ref(players: int, scorer: int) -> Msg | dict[str, int]:
    """A seat reference, or the neutral player's name (2 players: scorer 2)."""
    return m("neutral") if scorer >= players else seat_ref(scorer)
