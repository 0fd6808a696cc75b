"""Small helpers shared by the rule modules: messages for seats, cards and
buildings, and the card ids of an action."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from games.alhambra.data import BUILDINGS, CURRENCIES, CURRENCY, TYPES, VALUE
from games.base import Msg, messages, seat_ref

m = messages("alhambra")

# The messages naming a component (a currency, a money card, a building type,
# a building) are made once per component by ``functools.cache`` and shared
# by the events and labels that name it: messages are only read (the log and
# the frontends never change one).


@cache
def currency_msg(currency: int) -> Msg:
    return m("currency." + CURRENCIES[currency])


@cache
def money_msg(card: int) -> Msg:
    return m("money", currency=currency_msg(CURRENCY[card]), value=VALUE[card])


# Money is listed by currency, highest value first: a card's place in that order.
_LIST_ORDER = [card // 27 * 27 + 26 - card % 27 for card in range(len(VALUE))]


def cards_msg(cards: Sequence[int]) -> list[Msg]:
    """The money cards named in the order they are listed (one card: as it is)."""
    if len(cards) == 1:
        return [money_msg(cards[0])]
    return [money_msg(card) for card in sorted(cards, key=_LIST_ORDER.__getitem__)]


@cache
def type_msg(building_type: int) -> Msg:
    return m("building." + TYPES[building_type])


@cache
def building_msg(building: int) -> Msg:
    building_type, price = BUILDINGS[building]
    return m("building_price", building=type_msg(building_type), price=price)


@lru_cache(maxsize=4096)
def values_text(cards: tuple[int, ...]) -> str:
    """"5+3+1" — the values paid, highest first (currency said separately)."""
    return "+".join(map(str, sorted(map(VALUE.__getitem__, cards), reverse=True)))


def scorer_ref(players: int, scorer: int) -> Msg | dict[str, int]:
    """A seat reference, or the neutral player's name (2 players: scorer 2)."""
    return m("neutral") if scorer >= players else seat_ref(scorer)


@lru_cache(maxsize=4096)
def card_ids(text: str) -> tuple[int, ...]:
    """The money cards of an action argument ("12,40"), read once per text
    (a pure function of the text, bounded)."""
    return tuple(map(int, text.split(",")))
