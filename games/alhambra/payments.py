"""Which sets of money cards pay for a building, and which cards may be taken.

Kept fast twin: ``_few_sets`` finds the payments of up to five cheap cards
by trying every subset (``_SETS``) where ``_sets`` searches; it saves about
6 % of a 2-player random game's instructions (13.78 -> 14.59 M without it),
and ``tests/alhambra/test_listings.py`` checks it against ``_sets`` on every
set of three to five values and the payments against the plain rule.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from games.alhambra.data import CURRENCY, TAKE_LIMIT, VALUE

# The subsets of two or more of k cards (k ≤ 5: a money row holds 4, and a
# payment of up to 5 cheap cards is found from them) in mask order, one per
# distinct combination: ``_SETS[k][equal]`` with bit i of ``equal`` set where
# card i equals card i-1 (equal cards are neighbours, and a card whose left
# neighbour is equal goes only with it: of equal cards the first ones).
# Each as (mask, positions).
_SETS = [[[(mask, tuple(i for i in range(k) if mask >> i & 1))
           for mask in range(1, 1 << k) if mask & (mask - 1) and not mask & equal & ~(mask << 1)]
          for equal in range(1 << k)]
         for k in range(6)]


def _minimal(values: tuple[int, ...], price: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The minimal payments of ``price`` from cards worth ``values``
    (ascending): every set worth at least the price without a card that
    could be left out, one per set of values (of equal cards the first
    ones), as (overpay, size, order, positions in ``values`` ascending);
    best first: exact, then the smallest overpayment, then fewer cards,
    then higher cards."""
    # A card worth the price pays alone, and never with others (a card
    # beside it could be left out): one payment per such value, cheapest
    # first.  The cheaper cards pay together (``_sets``).
    cheap = bisect_left(values, price)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    last = 0
    for i in range(cheap, len(values)):
        if values[i] != last:
            last = values[i]
            found.append((last - price, 1, 0, _SINGLE_POSITIONS[i]))
    if cheap == 2:   # two cheap cards: both, if enough
        more = values[0] + values[1]
        if more >= price:
            found.append((more - price, 2, 0, (0, 1)))
            found.sort()   # a single card and a set never tie on the size
    elif cheap > 2 and sum(values[:cheap]) >= price:
        found += (_few_sets if cheap < len(_SETS) else _sets)(values[:cheap], price)
        found.sort()
    return found


_SINGLE_POSITIONS = tuple((i,) for i in range(64))


@lru_cache(maxsize=16384)
def payment_positions(values: tuple[int, ...], price: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The minimal payments of ``price`` from cards worth ``values``
    (ascending) as (positions in ``values``, overpay), best first (see
    ``_minimal``).  Memoised: it depends on the values only."""
    return tuple([(positions, over) for over, _, _, positions in _minimal(values, price)])


def _few_sets(values: tuple[int, ...], price: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Fast twin of ``_sets`` for a few cards (``_SETS``): every subset tried, the
    minimal ones kept, of equal cards the first ones.  Their ``order`` is
    ``_sets``' by the mask: of two payments with as many cards, the one
    with the higher cards has the higher top position where they differ
    (a payment with an equal card holds those before it)."""
    equal = 0   # bit i: card i is worth what card i-1 is
    for i in range(1, len(values)):
        if values[i] == values[i - 1]:
            equal |= 1 << i
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    for mask, positions in _SETS[len(values)][equal]:
        total = 0
        for i in positions:
            total += values[i]
        if total >= price > total - values[positions[0]]:   # enough, and the lowest card is needed
            found.append((total - price, len(positions), -mask, positions))
    return found


def _sets(values: tuple[int, ...], price: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The minimal payments of two or more cards worth ``values``
    (ascending, each below ``price``, together enough) as (overpay, size,
    order, positions), in no particular order; ``order`` sorts payments of
    one overpay and size higher cards first."""
    # Value groups, highest first: (value, first position, count);
    # rest[j]: the worth of groups j… (nothing below can make up the price).
    groups: list[tuple[int, int, int]] = []
    end = len(values)
    while end:
        v = values[end - 1]
        first = end - 1
        while first and values[first - 1] == v:
            first -= 1
        groups.append((v, first, end - first))
        end = first
    rest = [0]
    for v, _, count in reversed(groups):
        rest.append(rest[-1] + v * count)
    rest.reverse()
    # Cards are added from the highest value down and a branch stops as soon
    # as the sum reaches the price, so its last (smallest) card is needed:
    # every set found is minimal, and every minimal set is found once.
    # ``code`` reads the values (highest first) as hex digits: of two
    # payments with as many cards, the one with the higher cards has the
    # larger code (``order`` is its negative).
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while stack:
        start, total, code, chosen = stack.pop()
        for j in range(start, len(groups)):
            if total + rest[j] < price:
                break
            v, first, count = groups[j]
            more, more_code = total, code
            for end in range(first + 1, first + count + 1):
                more += v
                more_code = more_code * 16 + v
                if more >= price:
                    positions = (*range(first, end), *chosen)
                    found.append((more - price, len(positions), -more_code, positions))
                    break
                if more + rest[j + 1] >= price:
                    stack.append((j + 1, more, more_code, (*range(first, end), *chosen)))
    return found


def payments(cards: tuple[int, ...], price: int) -> list[tuple[tuple[int, ...], int]]:
    """The minimal payments of ``price`` from ``cards`` (money of one
    currency, ascending ids; within a currency the ids ascend with the
    value), as (the cards, ascending; overpay), best first (see
    ``_minimal``): of equal cards the lowest ids."""
    return [(tuple(map(cards.__getitem__, positions)), over)
            for positions, over in payment_positions(tuple(VALUE[card] for card in cards), price)]


def minimal_payments(cards: list[int], price: int) -> list[list[int]]:
    """Every way (up to equal cards) to pay at least ``price`` with ``cards``
    (all of one currency) without a superfluous card, best first; each as
    card ids (the lowest ids of equal cards)."""
    return [list(pay) for pay, _ in payments(tuple(sorted(cards)), price)]


def is_valid_payment(cards: list[int], currency: int, price: int) -> bool:
    return (bool(cards) and all(CURRENCY[card] == currency for card in cards)
            and sum(VALUE[card] for card in cards) >= price)
# The single cards taken in the listed order (the highest value first, then
# the lowest id): ``TAKE_RANK[card]`` is the card's place in it.
TAKES_IN_ORDER = sorted(range(len(VALUE)), key=lambda card: (-VALUE[card], card))
TAKE_RANK = [0] * len(VALUE)
for _rank, _card in enumerate(TAKES_IN_ORDER):
    TAKE_RANK[_card] = _rank


@lru_cache(maxsize=1024)
def take_sets(values: tuple[int, ...], equal: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The sets of two or more cards with a sum of at most 5 that may be
    taken from a row whose cards worth less than 5 are worth ``values``
    (ascending ids; bit i of ``equal``: card i equals card i-1, currency
    and value): one per distinct combination, of equal cards the first
    ones; highest total first, then fewer cards, then in the order of the
    subsets (bit i = card i).  Each as (its place among the row's single
    takes, counted from their end: 0 after them all, -1 before the last…;
    positions in ``values``): the singles are listed highest value first,
    and before a set worth as much (fewer cards).  Memoised on the values
    only: few patterns, and the cards vary."""
    sets: list[tuple[int, int, int, tuple[int, ...]]] = []   # (-total, size, mask, positions)
    for mask, positions in _SETS[len(values)][equal]:
        total = sum(values[i] for i in positions)
        if total <= TAKE_LIMIT:
            sets.append((-total, len(positions), mask, positions))
    sets.sort()
    # (the singles worth 5 or more, not in ``values``, come before every set)
    singles = [v for i, v in enumerate(values) if not equal >> i & 1]
    return tuple([(-sum(v < -minus_total for v in singles), positions) for minus_total, _, _, positions in sets])


def is_valid_take(row: list[int], cards: list[int]) -> bool:
    if not cards or len(set(cards)) != len(cards) or any(card not in row for card in cards):
        return False
    return len(cards) == 1 or sum(VALUE[card] for card in cards) <= TAKE_LIMIT
