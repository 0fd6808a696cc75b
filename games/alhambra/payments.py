"""Which sets of money cards pay for a building, and which cards may be taken."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

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


def minimal_payments(cards: list[int], price: int) -> Iterator[list[int]]:
    """Every way (up to equal cards) to pay at least ``price`` with ``cards``
    (all of one currency) without a superfluous card, best first; each as
    card ids (the lowest ids of equal cards)."""
    by_value: list[list[int]] = [[] for _ in range(10)]
    for c in sorted(cards):
        by_value[VALUE[c]].append(c)
    patterns = _patterns(tuple(len(ids) for ids in by_value), price)
    for pattern in patterns:
        used = [0] * 10
        pay = []
        for v in pattern:
            pay.append(by_value[v][used[v]])
            used[v] += 1
        yield pay


def is_valid_payment(cards: list[int], currency: int, price: int) -> bool:
    return (bool(cards) and all(CURRENCY[c] == currency for c in cards)
            and sum(VALUE[c] for c in cards) >= price)


def take_options(row: list[int]) -> list[list[int]]:
    """Single cards, and sets of two or more with a sum of at most 5; one set
    per distinct combination of (currency, value), highest total first."""
    seen: set[tuple[int, ...]] = set()
    options: list[list[int]] = []
    for k in range(1, len(row) + 1):
        for combo in combinations(sorted(row), k):
            if k > 1 and sum(VALUE[c] for c in combo) > TAKE_LIMIT:
                continue
            key = tuple(sorted(c // 3 for c in combo))  # c // 3 = (currency, value)
            if key in seen:
                continue
            seen.add(key)
            options.append(list(combo))
    options.sort(key=lambda o: (-sum(VALUE[c] for c in o), len(o)))
    return options


def is_valid_take(row: list[int], cards: list[int]) -> bool:
    if not cards or len(set(cards)) != len(cards) or any(c not in row for c in cards):
        return False
    return len(cards) == 1 or sum(VALUE[c] for c in cards) <= TAKE_LIMIT
