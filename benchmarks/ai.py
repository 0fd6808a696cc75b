"""``python -m benchmarks.ai [--game X] [--games N] [--players P] [--seconds S] [--iterations I]
[--pairing P] [--first F]``: how
strong the AI levels are.

Seat-rotated matches: one seat of the stronger level against the weaker level in every other
seat, the strong seat moving round the table from game to game.  ``win_share`` is the share of
games the strong seat won (a shared win counts its share), printed beside the fair share
(1 / players).  Targets: normal beats easy and hard beats normal by ≥ 1.5 × the fair share; the
hard AI's p95 decision time ≤ 1.2 × its budget (``--seconds``, the bot's default 1 s).
``--iterations`` gives the hard AI a fixed number of playouts instead of a time budget:
a strength figure that does not depend on how busy the machine is (for tuning).  ``--pairing``
runs one pairing only (normal vs easy takes seconds, hard vs normal hours at the 1 s budget), and
``--first`` numbers the games from there, so runs over different numbers add up.  Games
run in parallel processes (``--jobs``, default: the cores).  Ends with one JSON line:
``{"ai": {game: {"normal_vs_easy": share, "hard_vs_normal": share, "hard_ms_p95": ms, ...}}}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games import registry
from games.base import Game
from games.search import search

TARGET_FACTOR = 1.5  # the stronger level wins at least this many times its fair share
TIME_FACTOR = 1.2  # the hard AI's p95 decision time is within this many times its budget
PAIRINGS = ("normal_vs_easy", "hard_vs_normal")


def choose(game: Game[Any, Any], state: Any, seat: int, level: str, rnd: random.Random, seed: str,
           seconds: float, iterations: int | None, timings: list[float]) -> str:
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    if level == "hard":
        start = time.perf_counter()
        try:
            action = search(game, view, seat, [a.id for a in legal], seed,
                            seconds=None if iterations else seconds, iterations=iterations).action
        except NotImplementedError:  # no determinize yet: the hard level plays like normal
            return game.choose_normal_action(view, seat, legal, rnd)
        timings.append(time.perf_counter() - start)
        return action
    if level == "easy":
        return game.choose_ai_action(view, seat, legal, rnd)
    return game.choose_normal_action(view, seat, legal, rnd)


def match(game_id: str, players: int, strong: str, weak: str, index: int, seconds: float,
          iterations: int | None = None) -> tuple[float, list[float]]:
    """One game: the strong level at seat ``index % players``; returns its share of the win and
    the hard AI's decision times."""
    game = registry.get(game_id)
    seat_of_strong = index % players
    levels = [strong if s == seat_of_strong else weak for s in range(players)]
    state = game.setup(players, game.resolve_options({}), 10_000 + index)
    rnd = random.Random(index)
    timings: list[float] = []
    for step in range(20_000):
        if game.is_over(state):
            break
        due = game.to_act(state)
        seat = due[0] if len(due) == 1 else rnd.choice(due)
        action = choose(game, state, seat, levels[seat], rnd, f"{index}:{step}", seconds, iterations, timings)
        game.apply(state, seat, action)
    else:
        raise RuntimeError(f"{game_id}: game {index} did not end")
    winners = game.outcome(state).ranking[0]
    return (1 / len(winners) if seat_of_strong in winners else 0.0), timings


def p95(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai")
    parser.add_argument("--game", choices=registry.game_ids(), action="append", help="(repeatable; default: all)")
    parser.add_argument("--games", type=int, default=12, help="games per pairing (a multiple of the players)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number: runs over different numbers add up to a longer one")
    parser.add_argument("--players", type=int, default=None, help="seats (default: each game's smallest count)")
    parser.add_argument("--seconds", type=float, default=1.0, help="the hard AI's budget per decision")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the hard AI's search iterations per decision instead of a time budget")
    parser.add_argument("--jobs", type=int, default=None, help="parallel games (default: the cores)")
    parser.add_argument("--pairing", choices=PAIRINGS, action="append",
                        help="(repeatable; default: both) normal_vs_easy takes seconds, hard_vs_normal hours")
    args = parser.parse_args(argv)
    figures: dict[str, dict[str, Any]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in args.game or registry.game_ids():
            game = registry.get(game_id)
            players = args.players or game.min_players
            fair = 1 / players
            pairings = args.pairing or PAIRINGS
            row: dict[str, Any] = {"players": players, "games": args.games, "first": args.first, "fair_share": round(fair, 3)}
            if "hard_vs_normal" in pairings:  # the hard AI's budget is reported only where it played
                row.update(hard_budget_ms=None if args.iterations else args.seconds * 1000,
                           hard_iterations=args.iterations)
            hard_times: list[float] = []
            for pairing in pairings:
                strong, weak = pairing.split("_vs_")
                t0 = time.perf_counter()
                games = range(args.first, args.first + args.games)
                results = list(pool.map(match, *zip(*[(game_id, players, strong, weak, i, args.seconds)
                                                      for i in games], strict=True),
                                     [args.iterations] * args.games))
                share = sum(r[0] for r in results) / args.games
                for _, timings in results:
                    hard_times += timings
                row[f"{strong}_vs_{weak}"] = round(share, 3)
                print(f"{game_id:9} {players}p  {strong} vs {weak}: wins {share:.0%} of {args.games} games "
                      f"(fair share {fair:.0%}, target ≥ {TARGET_FACTOR * fair:.0%})  "
                      f"[{time.perf_counter() - t0:.0f}s]", flush=True)
            row["targets"] = {pairing: row[pairing] >= TARGET_FACTOR * fair for pairing in pairings}
            slowest = p95(hard_times)
            if "hard_vs_normal" in pairings:
                row["hard_ms_p95"] = None if slowest is None else round(slowest * 1000, 1)
                row["hard_decisions"] = len(hard_times)
            if slowest is not None and not args.iterations:
                row["targets"]["hard_time"] = slowest <= TIME_FACTOR * args.seconds
            if hard_times:
                print(f"{game_id:9} hard decision p95 {row['hard_ms_p95']} ms over {len(hard_times)} searches "
                      + (f"({args.iterations} iterations each)" if args.iterations
                         else f"(budget {args.seconds * 1000:.0f} ms)"), flush=True)
            figures[game_id] = row
    print(json.dumps({"ai": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
