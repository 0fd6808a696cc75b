"""Small helpers shared by the rule modules: messages for seats, cards and
buildings, and the card ids of an action."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.alhambra.data import BUILDINGS, CURRENCIES, TYPES, VALUE, money_currency, money_value
from games.base import Msg, messages, seat_ref

m = messages("alhambra")


def currency_msg(currency: int) -> Msg:
    return m("currency." + CURRENCIES[currency])


def money_msg(card: int) -> Msg:
    return m("money", currency=currency_msg(money_currency(card)), value=money_value(card))


def _list_order(card: int) -> int:
    """Money is listed by currency, highest value first."""
    return card // 27 * 27 + 26 - card % 27


def cards_msg(cards: Sequence[int]) -> list[Msg]:
    return [money_msg(card) for card in sorted(cards, key=_list_order)]


def type_msg(building_type: int) -> Msg:
    return m("building." + TYPES[building_type])


def building_msg(building: int) -> Msg:
    building_type, price = BUILDINGS[building]
    return m("building_price", building=type_msg(building_type), price=price)


def values_text(cards: Sequence[int]) -> str:
    """"5+3+1" — the values paid, highest first (currency said separately)."""
    return "+".join(map(str, sorted((VALUE[card] for card in cards), reverse=True)))


def scorer_ref(players: int, scorer: int) -> Msg | dict[str, int]:
    """A seat reference, or the neutral player's name (2 players: scorer 2)."""
    return m("neutral") if scorer >= players else seat_ref(scorer)


@lru_cache(maxsize=4096)
def card_ids(text: str) -> tuple[int, ...]:
    """The money cards of an action argument ("12,40"), read once per text
    (a pure function of the text, bounded)."""
    return tuple(map(int, text.split(",")))
