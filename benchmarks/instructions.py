"""``python -m benchmarks.instructions [--game ID] [--players N] [--games N]``:
CPU instructions per random full game, counted by valgrind's callgrind.

The wall clock of a shared host swings by a third within minutes, so two
engine versions timed minutes apart cannot be told apart by a few per cent.
An instruction count repeats to the instruction: the same seeds (1000 on),
``PYTHONHASHSEED=0`` and the garbage collector off.  The interpreter's start
and the imports are taken out by counting a run of no game beside a run of
``--games`` games.  Needs valgrind; prints millions of instructions per game
and ends with one JSON line: ``{"instructions": {game: {players: M}}}``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys

from games import registry
from games.play import random_game

FIRST_SEED = 1000
_COLLECTED = re.compile(r"Collected : (\d+)")


def play(game_id: str, players: int, games: int) -> None:
    """What is counted: ``games`` seeded random games after one to warm the caches."""
    game = registry.get(game_id)
    random_game(game, players, 0)
    gc.disable()
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        random_game(game, players, seed)


def _count(game_id: str, players: int, games: int) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-m", "benchmarks.instructions", "--play", game_id, str(players), str(games)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count: {done.stderr[-500:]}")
    return int(found.group(1))


def instructions_per_game(game_id: str, players: int, games: int) -> float:
    return (_count(game_id, players, games) - _count(game_id, players, 0)) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions")
    parser.add_argument("--game", choices=registry.game_ids(), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--games", type=int, default=10, help="seeded games counted per figure")
    parser.add_argument("--play", nargs=3, metavar=("GAME", "PLAYERS", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        play(args.play[0], int(args.play[1]), int(args.play[2]))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is needed to count instructions (apt install valgrind)", file=sys.stderr)
        return 2
    result: dict[str, dict[str, float]] = {}
    for game_id in [args.game] if args.game else registry.game_ids():
        game = registry.get(game_id)
        counts = range(game.min_players, game.max_players + 1)
        if args.players:
            if args.players not in counts:
                parser.error(f"{game_id} is for {game.min_players}-{game.max_players} players")
            counts = range(args.players, args.players + 1)
        result[game_id] = {}
        for players in counts:
            millions = round(instructions_per_game(game_id, players, args.games) / 1e6, 2)
            result[game_id][str(players)] = millions
            print(f"{game_id:9} {players} players: {millions:6.2f} M instructions per random game", flush=True)
    print(json.dumps({"instructions": result}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
