"""What a seat cannot see, drawn anew (``determinize``) for the hard AI's
search, and the worth of a position a playout stopped in (``evaluate``).

Hidden from a seat (see ``view``): the order of the money deck with the
unscored scoring cards in it (the view tells the range of positions the next
one lies in) and the order of the building deck.  Every seat's money and the
discard pile are on the open record (the view's ``money_known`` and
``discard``), so the money deck holds exactly the money seen nowhere else, in
any order.
"""

from __future__ import annotations

import math
from typing import Any

from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO, PILES, ROUNDS, SCORE_A, SCORE_B
from games.alhambra.end import scorer_counts
from games.alhambra.schema import AlhambraState, PendingGift, SeatView
from games.alhambra.scoring import score_round
from games.base import rank_rewards


def _split(total: int, parts: int) -> list[int]:
    """``total`` cards in ``parts`` near-equal piles, the top piles larger (as at set-up)."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def _piles(view: SeatView, deck_count: int) -> tuple[list[int], int, dict[int, tuple[int, int]]]:
    """Pile sizes and a count of cards drawn that give the view's hint of
    the next scoring card, and for each unscored scoring card the range of
    positions (0 = the top of the deck) it may lie in.

    The hint fixes where the pile of the next scoring card lies relative to
    the top of the deck, and so the size of every pile below it; the piles
    above it and the cards drawn so far are not seen, and any split that
    gives the same hint will do."""
    hint = view["next_scoring"]
    if hint is None:   # both scored (the deck may have been reshuffled since)
        return _split(deck_count, PILES), 0, {}
    first, last, pile = hint["first_position"], hint["last_position"], hint["pile"]
    size = last - first + 1
    start = max(first - 1, (pile - 1) * size)   # cards above the pile, counted from the set-up top
    drawn = start - (first - 1)
    below = _split(deck_count - last, PILES - pile)
    sizes = _split(start, pile - 1) + [size] + below
    card = SCORE_A if hint["card"] == "A" else SCORE_B
    ranges = {card: (first - 1, last - 1)}
    if hint["card"] == "A":   # B lies in the 4th pile: two piles below A's
        top = last + below[0]
        ranges[SCORE_B] = (top, top + below[1] - 1)
    return sizes, drawn, ranges


def determinize(view: SeatView, seat: int, rnd: Any) -> AlhambraState:
    """A full state ``seat`` cannot tell from the real one (see the module)."""
    n = view["players"]
    hands = [list(h) for h in view["money_known"]]
    row = [c["id"] for c in view["money_row"]]
    discard = list(view["discard"])
    seen = {c for h in hands for c in h} | set(row) | set(discard)
    pool = [c for c in (MONEY_TWO if n == 2 else MONEY_ALL) if c not in seen]
    rnd.shuffle(pool)

    deck_count = view["money_deck_count"]
    sizes, drawn, ranges = _piles(view, deck_count)
    from_top: list[int | None] = [None] * deck_count
    for card, (low, high) in ranges.items():
        from_top[rnd.randint(low, high)] = card
    assert len(pool) == deck_count - len(ranges), "money cards do not add up"
    deck = [pool.pop() if card is None else card for card in reversed(from_top)]

    yard = [None if b is None else b["id"] for b in view["yard"]]
    known = {b for b in yard if b is not None}
    for built in view["built"]:
        known.update(built)
    known.update(view["neutral"] or [])
    known.update(p["building"] for p in view["pending"])
    buildings = [b for b in range(len(BUILDINGS)) if b not in known]
    rnd.shuffle(buildings)
    pending: list[PendingGift] = [{"seat": p["seat"], "kind": p["kind"], "building": p["building"],
                                   "exact": p["exact"]} for p in view["pending"]]
    return {
        "game": "alhambra",
        "players": n,
        "options": dict(view["options"]),
        "rng": rnd.getrandbits(64),
        "phase": view["phase"],
        "turn": view["turn"],
        "start_seat": view["start_seat"],
        "actions_taken": view["actions_taken"],
        "pending": pending,
        "hands": hands,
        "money_row": row,
        "money_deck": deck,
        "discard": discard,
        "pile_sizes": sizes,
        "cards_drawn": drawn,
        "building_deck": buildings,
        "yard": yard,
        "built": [list(b) for b in view["built"]],
        "neutral": None if view["neutral"] is None else list(view["neutral"]),
        "scores": [list(s) for s in view["scores"]],
        "scored_rounds": list(view["scored_rounds"]),
        "setup_log": [],
    }


EVAL_TEMPERATURE = 8.0   # points: how sure a lead in the estimate is of winning
EVAL_MONEY = 0.3         # points per money unit in hand (it buys buildings still)


def estimate(state: AlhambraState) -> list[float]:
    """Each seat's estimated final score: points so far, what the majorities
    as they stand score in the rounds still to come, and the money in hand."""
    n = state["players"]
    totals = [float(sum(state["scores"][s])) for s in range(n)]
    counts = scorer_counts(state)
    for r in ROUNDS:
        if r not in state["scored_rounds"]:
            for s, pts in enumerate(score_round(counts, r)[:n]):
                totals[s] += sum(pts)
    for s, hand in enumerate(state["hands"]):
        totals[s] += EVAL_MONEY * sum(c % 27 // 3 + 1 for c in hand)
    return totals


def evaluate(state: AlhambraState) -> list[float]:
    """Rewards as ``rank_rewards`` gives them at the end: 0.75 for winning
    (here a softmax of the estimated scores) and 0.25 by the places beaten."""
    n = state["players"]
    if state["phase"] == "over":
        scores = [sum(state["scores"][s]) for s in range(n)]
        ranking = [[s for s in range(n) if scores[s] == v] for v in sorted(set(scores), reverse=True)]
        return rank_rewards(ranking, n)
    totals = estimate(state)
    top = max(totals)
    weights = [math.exp((t - top) / EVAL_TEMPERATURE) for t in totals]
    norm = sum(weights)
    rewards = []
    for s in range(n):
        beaten = sum(1.0 if totals[o] < totals[s] else 0.5 if totals[o] == totals[s] else 0.0
                     for o in range(n) if o != s)
        rewards.append(0.75 * weights[s] / norm + 0.25 * beaten / max(n - 1, 1))
    return rewards
