"""Fit Anno 1701's playout estimate (``games.anno1701.scoring.WEIGHTS``).

Plays normal-vs-normal games (one move in ten by the easy AI, so the positions
vary), records every ``--every``-th position's feature differences and who won,
fits a logistic regression by Newton's method and prints its log loss on games
it never saw beside that of the engine's weights and of a coin.  Ends with one
JSON line.

    python -m benchmarks.anno_estimate [--games 1200] [--test-games 300]
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable

from games.anno1701 import GAME
from games.anno1701.scoring import TO_MOVE, WEIGHTS, features

NAMES = [*WEIGHTS, "to_move"]
EASY_SHARE = 0.1
RIDGE = 1.0  # a little shrinkage: some features move together (symbols and tokens)

Sample = tuple[list[float], float]


def positions(first: int, games: int, every: int) -> list[Sample]:
    samples: list[Sample] = []
    for index in range(first, first + games):
        state = GAME.setup(2, GAME.resolve_options({}), index)
        rnd = random.Random(index)
        seen: list[list[float]] = []
        for step in range(20_000):
            if GAME.is_over(state):
                break
            if step % every == 0:
                ours, theirs = features(state, 0), features(state, 1)
                seen.append([float(ours[n] - theirs[n]) for n in WEIGHTS] + [1.0 if state["turn"] == 0 else -1.0])
            seat = GAME.to_act(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            chooser = GAME.choose_ai_action if rnd.random() < EASY_SHARE else GAME.choose_normal_action
            GAME.apply(state, seat, chooser(view, seat, legal, rnd))
        winners = GAME.outcome(state).ranking[0]
        won = 0.5 if len(winners) > 1 else float(0 in winners)
        samples += [(x, won) for x in seen]
    return samples


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))


def fit(samples: list[Sample], rounds: int = 12) -> list[float]:
    """Ridge logistic regression without an intercept (the estimate is symmetric)."""
    k = len(NAMES)
    w = [0.0] * k
    for _ in range(rounds):
        grad = [RIDGE * wi for wi in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in samples:
            p = _sigmoid(_dot(w, x))
            s = p * (1.0 - p)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += (p - y) * xi
                    row, sx = hess[i], s * xi
                    for j in range(k):
                        row[j] += sx * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(map(abs, step)) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a``⁻¹ ``b`` by Gauss–Jordan elimination with partial pivoting."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for q in range(c, k + 1):
                    m[r][q] -= f * m[c][q]
    return [m[i][k] / m[i][i] for i in range(k)]


def log_loss(predict: Callable[[list[float]], float], samples: list[Sample]) -> float:
    total = 0.0
    for x, y in samples:
        p = min(max(predict(x), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1200, help="games to fit on")
    parser.add_argument("--test-games", type=int, default=300, help="other games to score the fit on")
    parser.add_argument("--every", type=int, default=12, help="record every n-th position of a game")
    args = parser.parse_args(argv)
    train = positions(0, args.games, args.every)
    test = positions(1_000_000, args.test_games, args.every)
    weights = fit(train)
    engine = [*WEIGHTS.values(), TO_MOVE]
    fitted = log_loss(lambda x: _sigmoid(_dot(weights, x)), test)
    current = log_loss(lambda x: _sigmoid(_dot(engine, x)), test)
    print(f"{len(train)} positions fitted, {len(test)} scored")
    for name, value in zip(NAMES, weights, strict=True):
        print(f"  {name:16} {value:+.2f}")
    print(f"log loss on unseen games: fitted {fitted:.3f}, engine {current:.3f}, coin {math.log(2):.3f}")
    print(json.dumps({"anno_estimate": {"positions": len(train), "log_loss": {
        "fitted": round(fitted, 4), "engine": round(current, 4), "coin": round(math.log(2), 4)},
        "weights": {n: round(v, 2) for n, v in zip(NAMES, weights, strict=True)}}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
