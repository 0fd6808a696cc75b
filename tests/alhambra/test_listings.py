"""The listings of takes and payments against plain readings of the rules."""

from __future__ import annotations

import itertools
import random

from games.alhambra.data import TAKE_LIMIT, VALUE
from games.alhambra.payments import _few_sets, _sets, payment_positions
from games.alhambra.turn import take_ids


def _takes_spec(row: tuple[int, ...]) -> list[str]:
    """Every take of ``row`` (ascending): single cards and sets worth at most
    5, of equal cards the lowest ids; highest total first, then fewer cards,
    then the singles by id and the sets by their mask over the row."""
    found = []
    for size in range(1, len(row) + 1):
        for positions in itertools.combinations(range(len(row)), size):
            cards = [row[i] for i in positions]
            # of equal cards the lowest ids: each card's equal predecessor in the row is taken too
            if any(i and row[i - 1] // 3 == row[i] // 3 and i - 1 not in positions for i in positions):
                continue
            total = sum(VALUE[c] for c in cards)
            if size == 1 or total <= TAKE_LIMIT:
                order = cards[0] if size == 1 else sum(1 << i for i in positions)
                found.append((-total, size, order, "take:" + ",".join(map(str, cards))))
    found.sort()
    return [f[3] for f in found]


def test_take_ids_follow_the_rule():
    rnd = random.Random(7)
    cheap = [c for c in range(len(VALUE)) if VALUE[c] < TAKE_LIMIT]
    rows = [tuple(sorted(rnd.sample(range(len(VALUE)), rnd.randint(0, 4)))) for _ in range(3000)]
    rows += [tuple(sorted(rnd.sample(cheap, rnd.randint(2, 4)))) for _ in range(3000)]
    rows += [(0, 1, 2, 3), (0, 1, 3, 4), (1, 2, 4, 6), (0, 3, 6, 9)]   # equal cards
    for row in rows:
        assert list(take_ids(row)) == _takes_spec(row), row
        # the row as it lies in the state (unsorted) lists the same
        assert take_ids(tuple(reversed(row))) == take_ids(row), row


def _payments_spec(values: tuple[int, ...], price: int) -> list[tuple[int, ...]]:
    """Every minimal payment of ``price`` from cards worth ``values``
    (ascending), of equal cards the first ones: exact first, then the
    smallest overpayment, fewer cards, higher cards."""
    found = []
    for size in range(1, len(values) + 1):
        for positions in itertools.combinations(range(len(values)), size):
            if any(i and values[i - 1] == values[i] and i - 1 not in positions for i in positions):
                continue
            paid = [values[i] for i in positions]
            if sum(paid) >= price > sum(paid) - min(paid):
                found.append((sum(paid) - price, size, sorted(paid, reverse=True), positions))
    found.sort(key=lambda f: (f[0], f[1], [-v for v in f[2]]))
    return [f[3] for f in found]


def test_payments_follow_the_rule():
    # ``_minimal`` (singles, and the search ``_sets``) lists the payments the plain rule lists, in order.
    for size in range(1, 7):
        for values in itertools.combinations_with_replacement(range(1, 10), size):
            for price in range(2, 14):
                listed = [positions for positions, _ in payment_positions(values, price)]
                assert listed == _payments_spec(values, price), (values, price)


def test_few_cards_pay_as_the_search_finds():
    # ``_few_sets`` (every subset, the fast twin) and ``_sets`` (the search) agree, in order.
    for size in range(3, 6):
        for values in itertools.combinations_with_replacement(range(1, 13), size):
            for price in range(max(values) + 1, 14):
                if sum(values) >= price:
                    few, search = sorted(_few_sets(values, price)), sorted(_sets(values, price))
                    assert [p[:2] + p[3:] for p in few] == [p[:2] + p[3:] for p in search], (values, price)
