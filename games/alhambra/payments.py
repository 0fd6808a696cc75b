"""Which sets of money cards pay for a building, and which cards may be taken."""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from games.alhambra.data import CURRENCY, TAKE_LIMIT, VALUE

_value = VALUE.__getitem__   # a card's value (bound once: the hot paths map it)


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
        found += _sets(values[:cheap], price)
        found.sort()
    return found


_SINGLE_POSITIONS = tuple((i,) for i in range(64))


@lru_cache(maxsize=16384)
def payment_positions(values: tuple[int, ...], price: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The minimal payments of ``price`` from cards worth ``values``
    (ascending) as (positions in ``values``, overpay), best first (see
    ``_minimal``).  Memoised: it depends on the values only."""
    return tuple([(positions, over) for over, _, _, positions in _minimal(values, price)])


@lru_cache(maxsize=16384)
def payment_formats(values: tuple[int, ...], price: int) -> tuple[str, str]:
    """The minimal payments of ``price`` from cards worth ``values``
    (ascending), exact ones and overpaying ones, each kind as one format
    of action ids (``_id_format``) joined by "|" ("" for none): formatted
    with a prefix and the cards, then split, they are the ids in order."""
    exact: list[str] = []
    over: list[str] = []
    for extra, _, _, positions in _minimal(values, price):
        (over if extra else exact).append(_id_format(positions))
    return "|".join(exact), "|".join(over)


@lru_cache(maxsize=1024)
def _id_format(positions: tuple[int, ...]) -> str:
    """"{0}{1},{3}": a prefix (field 0), then the cards at ``positions``
    (fields from 1) joined by commas."""
    return "{0}" + ",".join(f"{{{i + 1}}}" for i in positions)


@lru_cache(maxsize=8192)
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
            for positions, over in payment_positions(tuple(map(_value, cards)), price)]


def minimal_payments(cards: list[int], price: int) -> list[list[int]]:
    """Every way (up to equal cards) to pay at least ``price`` with ``cards``
    (all of one currency) without a superfluous card, best first; each as
    card ids (the lowest ids of equal cards)."""
    return [list(pay) for pay, _ in payments(tuple(sorted(cards)), price)]


def is_valid_payment(cards: list[int], currency: int, price: int) -> bool:
    return (bool(cards) and all(CURRENCY[c] == currency for c in cards)
            and sum(VALUE[c] for c in cards) >= price)
# The subsets of two or more of k cards (k ≤ 4: a set is worth at most 5)
# in mask order: (mask, positions).
_SETS = {k: [(mask, tuple(i for i in range(k) if mask >> i & 1))
             for mask in range(1, 1 << k) if mask & (mask - 1)]
         for k in range(5)}
_KIND = [c // 3 for c in range(len(VALUE))]   # (currency, value): equal cards alike


# The single cards taken in the listed order (the highest value first, then
# the lowest id): ``TAKE_RANK[card]`` is the card's place in it.
TAKES_IN_ORDER = sorted(range(len(VALUE)), key=lambda c: (-VALUE[c], c))
TAKE_RANK = [0] * len(VALUE)
for _rank, _card in enumerate(TAKES_IN_ORDER):
    TAKE_RANK[_card] = _rank


def take_options(row: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Single cards, and sets of two or more with a sum of at most 5; one set
    per distinct combination of (currency, value) — the lowest ids of equal
    cards —, each ascending; highest total first, then fewer cards, then in
    the order of the row's subsets (bit i = the i-th lowest id); ``row``
    ascending."""
    found: list[tuple[int, int, int, tuple[int, ...]]] = []   # (-total, size, order, cards)
    small: list[int] = []   # cards that may be part of a set: worth less than the limit
    previous = -1
    low = TAKE_LIMIT
    for c in row:
        value = VALUE[c]
        if c // 3 != previous:   # equal cards are neighbours: the first stands for them
            previous = c // 3
            found.append((-value, 1, TAKE_RANK[c], (c,)))
        if value < TAKE_LIMIT:
            small.append(c)
            low = min(low, value)
    if len(small) > 1:
        # A card in a set is worth at most the limit less the cheapest card;
        # two such cards make a set (singles and sets never tie on the size).
        small = [c for c in small if VALUE[c] + low <= TAKE_LIMIT]
        if len(small) == 2:
            found.append((-VALUE[small[0]] - VALUE[small[1]], 2, 0, (small[0], small[1])))
        elif len(small) > 2:
            # The subsets in mask order, which is the order of their masks
            # in the row too; equal cards are neighbours, and of them the
            # lowest ids come first: a card whose left neighbour is equal
            # goes only with it.
            values = [VALUE[c] for c in small]
            equal = 0
            for x in range(1, len(small)):
                if small[x] // 3 == small[x - 1] // 3:
                    equal |= 1 << x
            for mask, positions in _SETS[len(small)]:
                if mask & equal & ~(mask << 1):
                    continue
                total = 0
                for x in positions:
                    total += values[x]
                if total <= TAKE_LIMIT:
                    found.append((-total, len(positions), mask, tuple([small[x] for x in positions])))
    found.sort()
    return [option[3] for option in found]


def is_valid_take(row: list[int], cards: list[int]) -> bool:
    if not cards or len(set(cards)) != len(cards) or any(c not in row for c in cards):
        return False
    return len(cards) == 1 or sum(VALUE[c] for c in cards) <= TAKE_LIMIT
