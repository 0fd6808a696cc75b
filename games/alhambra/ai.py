"""A sensible Alhambra AI that reads only its own view.

Buildings are valued by what they add to the AI's majority points in the
scoring rounds still to come; exact payments are preferred (extra action, no
money lost); money is taken by total value plus a bonus when it completes an
exact payment for a wanted building.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.alhambra.data import BUILDINGS, ROUNDS, SCORING, TYPES, YARD
from games.alhambra.schema import SeatView
from games.alhambra.scoring import score_round, seat_points
from games.base import Action, ActionId

BASE_BUILDING = 2.0      # a building has some worth beyond the current majorities
EXACT_BONUS = 4.0        # another action and no money lost
OVERPAY_COST = 1.2       # per money unit thrown away
TAKE_UNIT = 0.45         # worth of one money unit taken


def _scorers(view: SeatView) -> list[list[int]]:
    counts = [list(c) for c in view["type_counts"]]
    if view["neutral_type_counts"] is not None:
        counts.append(list(view["neutral_type_counts"]))
    return counts


def _gains(view: SeatView, me: int) -> tuple[float, ...]:
    counts = tuple(tuple(c) for c in _scorers(view))
    return _gains_cached(counts, me, tuple(view["scored_rounds"]))


@lru_cache(maxsize=4096)
def _gains_cached(counts: tuple[tuple[int, ...], ...], me: int, scored: tuple[str, ...]) -> tuple[float, ...]:
    """Extra points (remaining rounds) from one more building of each type.
    Cached: the building counts change only when someone buys."""
    tables = [SCORING[r] for r in ROUNDS if r not in scored]
    gains = []
    for t in range(len(TYPES)):
        column = [c[t] for c in counts]
        more = list(column)
        more[me] += 1
        gain = BASE_BUILDING
        for table in tables:
            ranks = [row[t] for row in table]
            gain += seat_points(more, me, ranks) - seat_points(column, me, ranks)
        gains.append(gain)
    return tuple(gains)


def _balance(view: SeatView, counts: list[list[int]], me: int) -> float:
    """My points minus the best opponent's (remaining rounds)."""
    rounds = [r for r in ROUNDS if r not in view["scored_rounds"]] or ["C"]
    totals = [0] * len(counts)
    for r in rounds:
        for s, pts in enumerate(score_round(counts, r)):
            totals[s] += sum(pts)
    others = [totals[s] for s in range(view["players"]) if s != me]
    return totals[me] - max(others)


def _exact_possible(values: list[int], price: int) -> bool:
    bits = 1
    for v in values:
        bits |= bits << v
    return bool(bits >> price & 1)


def choose(view: SeatView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    if "keep" in ids:
        b = view["pending"][0]["building"]
        t = BUILDINGS[b][0]
        keep = _scorers(view)
        keep[seat][t] += 1
        gift = _scorers(view)
        gift[-1][t] += 1
        return "keep" if _balance(view, keep, seat) >= _balance(view, gift, seat) else "gift"
    if len(ids) == 1:
        return ids[0]

    gains = _gains(view, seat)
    hand = view["hand"]
    best_id, best_score = ids[-1], -1e9
    # per yard slot: (currency, price, gain, my values, already payable exactly)
    slots = []
    for slot, building in enumerate(view["yard"]):
        if building is not None:
            mine = [c["value"] for c in hand if c["currency"] == YARD[slot]]
            slots.append((YARD[slot], building["price"], gains[building["type"]], mine,
                          _exact_possible(mine, building["price"])))
    values = {c["id"]: c["value"] for c in hand}
    row = {c["id"]: c for c in view["money_row"]}
    for action in legal:
        aid = action.id
        parsed = ActionId.parse(aid)
        if parsed.head == "buy":
            building = view["yard"][parsed.number(0) - 1]
            assert building is not None
            over = sum(values[c] for c in parsed.numbers(1)) - building["price"]
            score = gains[building["type"]]
            score += EXACT_BONUS if over == 0 else -OVERPAY_COST * over
        elif parsed.head == "take":
            cards = [row[c] for c in parsed.numbers(0)]
            score = TAKE_UNIT * sum(c["value"] for c in cards)
            for cur, price, gain, mine, exact in slots:
                if exact:
                    continue
                new = [c["value"] for c in cards if c["currency"] == cur]
                if new and _exact_possible(mine + new, price):
                    score += 0.35 * gain   # completes an exact payment for a wanted building
        else:
            continue
        score += rnd.random() * 0.01
        if score > best_score:
            best_id, best_score = aid, score
    return best_id
