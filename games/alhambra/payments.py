"""Which sets of money cards pay for a building, and which cards may be taken."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from operator import itemgetter

from games.alhambra.data import CURRENCY, TAKE_LIMIT, VALUE

_value = VALUE.__getitem__   # a card's value (bound once: the hot paths map it)


@lru_cache(maxsize=65536)
def _patterns(counts: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """Minimal payments as value tuples (highest first) for ``counts[v]``
    cards of value v, best first: exact, then the smallest overpayment, then
    fewer cards.  Cards are added from the highest value down and the search
    stops as soon as the sum reaches the price, so the last (smallest) card
    is always needed: no card can be removed and still pay."""
    found: list[tuple[int, ...]] = []
    present = [v for v in range(len(counts) - 1, 0, -1) if counts[v]]   # highest first

    def rec(i: int, total: int, chosen: tuple[int, ...]) -> None:
        if i == len(present):
            return
        v = present[i]
        for k in range(counts[v] + 1):
            s = total + k * v
            if s >= price:
                if k:
                    found.append(chosen + (v,) * k)
                break
            rec(i + 1, s, chosen + (v,) * k)

    rec(0, 0, ())
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


@lru_cache(maxsize=65536)
def payment_positions(values: tuple[int, ...], price: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The minimal payments of ``price`` from cards worth ``values``
    (ascending), best first, as (positions in ``values``, ascending; overpay):
    of equal cards the first ones, so for cards sorted by id the lowest ids
    (the order of ``payments_from``, up to equal cards)."""
    counts = [0] * 10
    first = [0] * 10
    for i, v in enumerate(values):
        if not counts[v]:
            first[v] = i
        counts[v] += 1
    # A minimal payment holds at most ceil(price / v) cards of value v, and a
    # card that pays alone is never with others: fewer counts say the same
    # (and the patterns are shared by more hands).
    usable = tuple(min(k, -(-price // v)) if v < price else min(k, 1) for v, k in enumerate(counts) if v)
    out = []
    for pattern in _patterns((0, *usable), price):
        used = [0] * 10
        positions = []
        for v in pattern:
            positions.append(first[v] + used[v])
            used[v] += 1
        out.append((tuple(sorted(positions)), sum(pattern) - price))
    return tuple(out)


def minimal_payments(cards: list[int], price: int) -> list[list[int]]:
    """Every way (up to equal cards) to pay at least ``price`` with ``cards``
    (all of one currency) without a superfluous card, best first; each as
    card ids (the lowest ids of equal cards)."""
    return [pay for pay, _ in payments_from(by_value(cards), price)]


def is_valid_payment(cards: list[int], currency: int, price: int) -> bool:
    return (bool(cards) and all(CURRENCY[c] == currency for c in cards)
            and sum(VALUE[c] for c in cards) >= price)


# The subsets of two or more of k cards, in mask order, each as a getter of
# those cards (a tuple, as there are two or more).
_SETS = {k: [itemgetter(*(i for i in range(k) if mask >> i & 1))
             for mask in range(1, 1 << k) if mask & (mask - 1)]
         for k in range(5)}
_KIND = [c // 3 for c in range(len(VALUE))]   # (currency, value): equal cards alike


def take_options(row: list[int]) -> list[tuple[int, ...]]:
    """Single cards, and sets of two or more with a sum of at most 5; one set
    per distinct combination of (currency, value) — the lowest ids of equal
    cards —, each ascending; highest total first, then fewer cards, then in
    the order of the row's subsets (bit i = the i-th lowest id)."""
    cards = sorted(row)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []   # (-total, size, mask, cards)
    small: list[int] = []   # cards that may be part of a set: worth less than the limit
    bits: list[int] = []
    previous = -1
    for i, c in enumerate(cards):
        value = VALUE[c]
        if _KIND[c] != previous:   # equal cards are neighbours: the first stands for them
            previous = _KIND[c]
            found.append((-value, 1, 1 << i, (c,)))
        if value < TAKE_LIMIT:
            small.append(c)
            bits.append(1 << i)
    if len(small) > 1:
        seen: set[tuple[int, ...]] = set()
        for subset in _SETS[len(small)]:
            chosen: tuple[int, ...] = subset(small)
            total = sum(map(_value, chosen))
            if total > TAKE_LIMIT:
                continue
            kinds = tuple(map(_KIND.__getitem__, chosen))
            if kinds not in seen:   # subsets in mask order: the lowest ids come first
                seen.add(kinds)
                found.append((-total, len(chosen), sum(subset(bits)), chosen))
    found.sort()
    return [option[3] for option in found]


def is_valid_take(row: list[int], cards: list[int]) -> bool:
    if not cards or len(set(cards)) != len(cards) or any(c not in row for c in cards):
        return False
    return len(cards) == 1 or sum(VALUE[c] for c in cards) <= TAKE_LIMIT
