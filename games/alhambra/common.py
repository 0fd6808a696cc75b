"""Small helpers shared by the rule modules: messages for cards and buildings."""

from __future__ import annotations

from games.alhambra.data import BUILDINGS, CURRENCIES, TYPES, money_currency, money_value
from games.base import Msg, msg

P = "alhambra."


def m(key: str, **args) -> Msg:
    return msg(P + key, **args)


def currency_msg(cur: int) -> Msg:
    return m("currency." + CURRENCIES[cur])


# Built once: labels and events reuse these (treat messages as read-only).
_MONEY_MSGS = [m("money", currency=currency_msg(money_currency(c)), value=money_value(c))
               for c in range(4 * 9 * 3)]


def money_msg(card: int) -> Msg:
    return _MONEY_MSGS[card]


def cards_msg(cards: list[int]) -> list[Msg]:
    return [_MONEY_MSGS[c] for c in sorted(cards, key=lambda c: (c // 27, -(c % 27)))]


def type_msg(t: int) -> Msg:
    return m("building." + TYPES[t])




_BUILDING_MSGS = [m("building_price", building=type_msg(t), price=price) for t, price in BUILDINGS]


def building_msg(b: int) -> Msg:
    return _BUILDING_MSGS[b]


def values_text(cards: list[int]) -> str:
    """"5+3+1" — the values paid, highest first (currency said separately)."""
    return "+".join(str(money_value(c)) for c in sorted(cards, key=money_value, reverse=True))


def scorer_ref(state, scorer: int):
    """A seat reference, or the neutral player's name (2 players: scorer n)."""
    return m("neutral") if scorer >= state["players"] else {"seat": scorer}
