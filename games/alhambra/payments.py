"""Which sets of money cards pay for a building, and which cards may be taken."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from games.alhambra.data import CURRENCY, TAKE_LIMIT, VALUE


@lru_cache(maxsize=65536)
def _patterns(counts: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """Minimal payments as value tuples (highest first) for ``counts[v]``
    cards of value v, best first: exact, then the smallest overpayment, then
    fewer cards.  Cards are added from the highest value down and the search
    stops as soon as the sum reaches the price, so the last (smallest) card
    is always needed: no card can be removed and still pay."""
    found: list[tuple[int, ...]] = []

    def rec(v: int, total: int, chosen: tuple[int, ...]) -> None:
        if v == 0:
            return
        for k in range(counts[v] + 1):
            s = total + k * v
            if s >= price:
                if k:
                    found.append(chosen + (v,) * k)
                break
            rec(v - 1, s, chosen + (v,) * k)

    rec(9, 0, ())
    found.sort(key=lambda p: (sum(p) - price, len(p), [-v for v in p]))
    return tuple(found)


def by_value(cards: list[int]) -> list[list[int]]:
    """``result[v]``: the ids of value ``v``, lowest first."""
    groups: list[list[int]] = [[] for _ in range(10)]
    for c in sorted(cards):
        groups[VALUE[c]].append(c)
    return groups


def payments_from(groups: list[list[int]], price: int) -> Iterator[tuple[list[int], int]]:
    """(cards, overpay) for each minimal payment, best first; ``groups`` as
    made by ``by_value`` for the cards of one currency."""
    for pattern in _patterns(tuple(len(ids) for ids in groups), price):
        used = [0] * 10
        pay = []
        for v in pattern:
            pay.append(groups[v][used[v]])
            used[v] += 1
        yield pay, sum(pattern) - price


def minimal_payments(cards: list[int], price: int) -> list[list[int]]:
    """Every way (up to equal cards) to pay at least ``price`` with ``cards``
    (all of one currency) without a superfluous card, best first; each as
    card ids (the lowest ids of equal cards)."""
    return [pay for pay, _ in payments_from(by_value(cards), price)]


def is_valid_payment(cards: list[int], currency: int, price: int) -> bool:
    return (bool(cards) and all(CURRENCY[c] == currency for c in cards)
            and sum(VALUE[c] for c in cards) >= price)


# Subsets of a row of n cards as bit masks, each with its lowest bit and the rest.
_MASKS = {n: [(mask, (mask & -mask).bit_length() - 1, mask & (mask - 1)) for mask in range(1, 1 << n)]
          for n in range(5)}


def take_options(row: list[int]) -> list[list[int]]:
    """Single cards, and sets of two or more with a sum of at most 5; one set
    per distinct combination of (currency, value), highest total first."""
    cards = sorted(row)
    totals = [0] * (1 << len(cards))
    picked: list[tuple[int, ...]] = [()] * (1 << len(cards))
    seen: set[tuple[int, ...]] = set()
    options: list[tuple[int, int, list[int]]] = []
    for mask, low, rest in _MASKS[len(cards)]:
        total = totals[mask] = totals[rest] + VALUE[cards[low]]
        chosen = picked[mask] = (cards[low], *picked[rest])
        if rest and total > TAKE_LIMIT:
            continue
        key = tuple(c // 3 for c in chosen)   # c // 3 = (currency, value): equal cards alike
        if key not in seen:
            seen.add(key)
            options.append((-total, len(chosen), list(chosen)))
    options.sort(key=lambda o: (o[0], o[1]))
    return [o[2] for o in options]


def is_valid_take(row: list[int], cards: list[int]) -> bool:
    if not cards or len(set(cards)) != len(cards) or any(c not in row for c in cards):
        return False
    return len(cards) == 1 or sum(VALUE[c] for c in cards) <= TAKE_LIMIT
