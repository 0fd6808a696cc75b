"""The small helpers every rule module shares: the message maker, drawing
(with the reshuffle), card names, and questions about a city.
The layout of the state is ``schema.SanJuanState``; a set of building types
is a number with bit ``t`` for type ``t``."""

from __future__ import annotations

from typing import Any

from games import rng
from games.base import Msg, messages

from .data import CARD_TYPE, IS_PROD, MAX_PLAYERS, N_CARDS, TYPE_KEYS
from .schema import SanJuanState

State = SanJuanState

m = messages("sanjuan")

# Shared, read-only messages and parts of them: events are made on every
# step, most of them name a seat and at most a count or a card type.
SEAT: tuple[dict[str, int], ...] = tuple({"seat": seat} for seat in range(MAX_PLAYERS))
CARD_MSG: tuple[Msg, ...] = tuple(m("card." + k) for k in TYPE_KEYS)   # by type index
_BY_CARD: tuple[Msg, ...] = tuple(CARD_MSG[t] for t in CARD_TYPE)     # by card id
COUNTS = 16  # counted events made ahead for counts below this


def seat_events(key: str) -> tuple[Msg, ...]:
    """The event ``key`` naming each seat (``player``), by seat."""
    return tuple(m(key, player=SEAT[seat]) for seat in range(MAX_PLAYERS))


def counted_events(key: str, **args: Any) -> tuple[tuple[Msg, ...], ...]:
    """The event ``key`` naming a seat and a count ``n`` (and ``args``), by
    seat and count (below ``COUNTS``)."""
    return tuple(tuple(m(key, player=SEAT[seat], n=n, **args) for n in range(COUNTS)) for seat in range(MAX_PLAYERS))


_DRAW_EV: dict[str, tuple[tuple[Msg, ...], ...]] = {why: counted_events("ev.draw", why=m("why." + why)) for why in (
    "prospector", "carpenter", "poor_house", "well", "trade", "market_hall", "market_stand")}

# ORDER[players][first]: every seat in turn order from ``first`` (``games.base.seat_order``
# without the call and the copy, for loops; a state keeps its own lists).
ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(MAX_PLAYERS + 1))
TBIT: tuple[int, ...] = tuple(1 << t for t in CARD_TYPE)   # card id -> its type's bit
# A card's type bit if it is not a production building (0 for those): the
# working buildings of a city as bits (production buildings never matter).
BIT: tuple[int, ...] = tuple(0 if IS_PROD[c] else 1 << CARD_TYPE[c] for c in range(N_CARDS))


def draw(state: State, events: list[Msg]) -> int | None:
    """Top card of the deck, reshuffling the discard pile when it runs out.
    ``None`` only when both piles are empty (all cards are in play)."""
    deck = state["deck"]
    if not deck:
        if not state["discard"]:
            return None
        # Sorted first so the new deck does not depend on the order in which
        # simultaneous choices happened to discard.
        deck.extend(sorted(state["discard"]))
        state["discard"] = []
        rng.shuffle(state, deck)
        events.append(m("ev.reshuffle", n=len(deck)))
    return deck.pop()


def draw_n(state: State, n: int, events: list[Msg]) -> list[int]:
    """The top ``n`` cards (fewer only when both piles run out)."""
    deck = state["deck"]
    if 0 < n <= len(deck):  # no reshuffle: the top n, in the order ``draw`` takes them
        out = deck[:-n - 1:-1]
        del deck[-n:]
        return out
    out = []
    for _ in range(n):
        card = draw(state, events)
        if card is None:
            events.append(m("ev.deck_empty"))
            break
        out.append(card)
    return out


def draw_to_hand(state: State, seat: int, n: int, why: str, events: list[Msg]) -> int:
    """Draw ``n`` cards into ``p``'s hand; a public count and a private list."""
    cards = draw_n(state, n, events)
    if cards:
        state["hands"][seat].extend(cards)
        n = len(cards)
        events.append(_DRAW_EV[why][seat][n] if n < COUNTS else m("ev.draw", player=SEAT[seat], n=n, why=m("why." + why)))
        events.append({"key": "sanjuan.ev.you_drew", "args": {"cards": card_names(cards)}, "to": seat})
    return len(cards)


def card_names(cards: list[int]) -> list[Msg]:
    out = []
    for c in cards:
        out.append(_BY_CARD[c])
    return out


def card_msg(card: int) -> Msg:
    return _BY_CARD[card]


def type_bits(cards: list[int]) -> int:
    """The types among ``cards`` as bits."""
    bits = 0
    for c in cards:
        bits |= TBIT[c]
    return bits


def has_type_in(cards: list[int], t: int | None) -> bool:
    """Whether a card of type ``t`` is among ``cards``."""
    for c in cards:  # noqa: SIM110
        if CARD_TYPE[c] == t:
            return True
    return False


def take_type(cards: list[int], t: int) -> int:
    """Remove and return the first card of type ``t`` (there is one)."""
    for c in cards:
        if CARD_TYPE[c] == t:
            cards.remove(c)  # (cards are unique: the very one)
            return c
    raise ValueError(t)


def city_bits(state: State) -> list[int]:
    """Per seat, the bits of the non-production buildings visible in its
    city.  Rules ask them at almost every step, so the state keeps them
    beside the cities (``derived``: updated where a building goes up,
    ``build._complete``).

    These are also the buildings that work: a building works once the
    builder phase it went up in is over, and the only seat with such a fresh
    building is the one that has just built, which acts no more in that
    phase (``build._complete`` reads its bits from before the building)."""
    return state["city_bits"]


def read_city_bits(city: list[list[int]]) -> int:
    """``city_bits`` of one city, read from its buildings."""
    bits = 0
    for c, _ in city:
        bits |= BIT[c]
    return bits


def has_type(state: State, seat: int, t: int) -> bool:
    """Visible in ``p``'s city, working or not (violet uniqueness)."""
    for c, _ in state["cities"][seat]:  # noqa: SIM110
        if CARD_TYPE[c] == t:
            return True
    return False


def privilege(state: State) -> int:
    """The current chooser's privilege multiplier (2 with a library)."""
    return 2 if state["library_privilege"] else 1


