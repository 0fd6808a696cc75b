"""``python -m benchmarks.records [--games N] [--played N]``: the table's memory
at scale.

Two figures:

* **Bytes per finished game.**  ``--played`` real games of every game are
  played through the table service on a SQLite file (humans moving at random,
  so the log is a real one); the file's growth per finished game is measured
  with its log, then after retention pruned the logs (results, score sheets
  and ratings kept).
* **Query times.**  The database is filled with ``--games`` finished games
  (default 100 000) on one busy server, then every command of the memory is
  timed as the bot runs it (``service.records`` / ``service.chronicle`` through
  the store): each one's p95 in ms, target < 50 ms.

Ends with one JSON line: ``{"records": {"games": N, "p95_ms": {...},
"bytes_per_game": {...}, "target_ms": 50}}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from games import registry
from service import chronicle, records
from service.store import Store
from service.tables import ACTIVE, Caller, TableService

TARGET_MS = 50.0
GUILD = 1
MEMBERS = 300


def _size(path: str) -> int:
    """Bytes in use, once the deliverer would have sent (and deleted) the outbox."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("DELETE FROM outbox")
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    finally:
        connection.close()
    return (pages - free) * size


async def _play(service: TableService, channel: int, game_id: str, seed: int) -> int:
    game = registry.get(game_id)
    players = [Caller(1000 + i, f"P{i}") for i in range(min(4, game.max_players))]
    await service.open_table(channel_id=channel, guild_id=GUILD, caller=players[0], game_id=game_id, seed=seed)
    for caller in players[1:]:
        await service.join(channel, caller)
    row = (await service.start(channel, players[0])).table
    by_id = {c.user_id: c for c in players}
    rnd = random.Random(seed)
    while row.status == ACTIVE:
        seat = rnd.choice(service.humans_to_act(row))
        action = rnd.choice(service.legal_actions(row, seat)).id
        row = (await service.play(row.id, by_id[row.seats[seat].user_id], action)).table
    return row.id


async def bytes_per_game(folder: str, played: int) -> tuple[dict[str, float], list[int]]:
    path = str(Path(folder) / "played.sqlite3")
    await (await Store.open(path)).close()
    empty = _size(path)
    store = await Store.open(path)
    service = TableService(store)
    ids, channel = [], 0
    for game_id in registry.game_ids():
        for seed in range(played):
            channel += 1
            ids.append(await _play(service, channel, game_id, seed))
    await store.close()
    with_log = _size(path)
    # The query figures start from these games, logs kept (replay and export read them).
    shutil.copyfile(path, str(Path(folder) / "big.sqlite3"))
    store = await Store.open(path)
    await store.prune_logs(time.time() + 1)
    await store.close()
    pruned = _size(path)
    games = len(ids)
    return {"with_log": round((with_log - empty) / games), "result_only": round((pruned - empty) / games)}, ids


def fill(path: str, games: int, seed: int = 1) -> None:
    """``games`` finished games on one server, written straight into the tables
    the memory reads (what ``record_moves`` writes when a game ends)."""
    rnd = random.Random(seed)
    game_ids = registry.game_ids()
    connection = sqlite3.connect(path)
    try:
        start = connection.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()[0] + 1
        now = time.time() - games * 60
        tables, results, seats = [], [], []
        ratings: dict[tuple[str, int], list[float]] = {}
        for index in range(games):
            table_id = start + index
            game_id = rnd.choice(game_ids)
            game = registry.get(game_id)
            players = rnd.randint(game.min_players, min(game.max_players, 4))
            users = rnd.sample(range(1, MEMBERS + 1), players)
            ai = rnd.random() < 0.2
            finished = now + index * 60
            scores = [rnd.randint(0, 80) for _ in users]
            order = sorted(range(players), key=lambda s: -scores[s])
            rank = {s: 1 + sorted(scores, reverse=True).index(scores[s]) for s in range(players)}
            tables.append((table_id, GUILD, 10_000 + index % 50, game_id, "{}", index, "finished", users[0],
                           json.dumps([{"user_id": u, "name": f"member{u}", "ai": False} for u in users]),
                           None, 300, "{}", finished - 3600, finished))
            sheet = {"scores": scores, "ranking": [[s] for s in order], "details": [[] for _ in users],
                     "seats": [{"name": f"member{u}", "kind": "human"} for u in users]}
            results.append((table_id, GUILD, 10_000 + index % 50, game_id, finished, 300, int(not ai),
                            json.dumps(sheet)))
            for seat, user in enumerate(users):
                kind = "ai" if ai and seat == players - 1 else "human"
                seats.append((table_id, seat, GUILD, game_id, finished, None if kind == "ai" else user,
                              f"member{user}", kind, int(ai), scores[seat], rank[seat],
                              None if ai else rnd.uniform(-2, 2)))
                if kind == "human":
                    entry = ratings.setdefault((game_id, user), [records.DEFAULT_MU, records.DEFAULT_SIGMA, 0])
                    entry[0] += (players / 2 - rank[seat]) * 0.3
                    entry[1] = max(1.0, entry[1] * 0.99)
                    entry[2] += 1
        connection.execute("BEGIN")
        connection.executemany("INSERT INTO games (id, guild_id, channel_id, game_id, options, seed, status,"
                               " creator_id, seats, state, seq, meta, created_at, updated_at)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", tables)
        connection.executemany("INSERT INTO results (table_id, guild_id, channel_id, game_id, finished_at, moves,"
                               " rated, sheet) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        connection.executemany("INSERT INTO result_seats (table_id, seat, guild_id, game_id, finished_at, user_id,"
                               " name, kind, with_ai, score, rank, rating_delta)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)
        connection.executemany(
            "INSERT INTO ratings (guild_id, game_id, user_id, name, mu, sigma, ordinal, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(GUILD, g, u, f"member{u}", mu, sigma, records.ordinal(mu, sigma), n, now)
             for (g, u), (mu, sigma, n) in ratings.items()])
        connection.execute("COMMIT")
        connection.execute("ANALYZE")
    finally:
        connection.close()


async def time_queries(path: str, replayable: list[int], repeats: int) -> dict[str, float]:
    store = await Store.open(path)
    rnd = random.Random(7)
    game_ids = registry.game_ids()
    member = lambda: rnd.randint(1, MEMBERS)  # noqa: E731 - a tiny generator of arguments

    async def replay() -> None:
        row = await store.get_table(rnd.choice(replayable))
        found = await chronicle.replay(store, row, None)
        assert found.total > 0

    async def replay_move() -> None:
        """A move picked at random: rebuilt from the seed (the worst case)."""
        chronicle._POSITIONS.clear()
        row = await store.get_table(rnd.choice(replayable))
        total = len(await store.actions(row.id))
        await chronicle.replay(store, row, rnd.randint(0, max(0, total - 2)))

    async def replay_step() -> None:
        """The ▶ button: one move on from the position shown."""
        row = await store.get_table(replayable[0])
        shown = chronicle._POSITIONS.get((row.id, row.seq), (0, None))[0]
        await chronicle.replay(store, row, min(shown + 1, row.seq - 1))

    async def export() -> None:
        row = await store.get_table(rnd.choice(replayable))
        await chronicle.export(store, row)

    commands = {
        "history": lambda: records.history(store, GUILD),
        "history_page_20": lambda: records.history(store, GUILD, page=20),
        "history_game": lambda: records.history(store, GUILD, game_id=rnd.choice(game_ids)),
        "history_member": lambda: records.history(store, GUILD, user_id=member()),
        "history_member_game": lambda: records.history(store, GUILD, user_id=member(), game_id=rnd.choice(game_ids)),
        "stats": lambda: records.stats(store, GUILD, member()),
        "stats_game": lambda: records.stats(store, GUILD, member(), rnd.choice(game_ids)),
        "leaderboard": lambda: records.leaderboard(store, GUILD, rnd.choice(game_ids)),
        "replay": replay,
        "replay_move": replay_move,
        "replay_step": replay_step,
        "export": export,
    }
    figures = {}
    try:
        for name, command in commands.items():
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                await command()
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            figures[name] = round(times[int(len(times) * 0.95) - 1], 2)
            print(f"  {name:22} p50 {statistics.median(times):7.2f} ms   p95 {figures[name]:7.2f} ms", flush=True)
    finally:
        await store.close()
    return figures


async def run(games: int, played: int, repeats: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        sizes, replayable = await bytes_per_game(folder, played)
        print(f"bytes per finished game: {sizes['with_log']} with its log, {sizes['result_only']} once pruned "
              f"({played} real games of each game)", flush=True)
        path = str(Path(folder) / "big.sqlite3")
        t0 = time.perf_counter()
        fill(path, games)
        print(f"filled {games} finished games in {time.perf_counter() - t0:.1f} s "
              f"({os.path.getsize(path) / 1e6:.0f} MB)", flush=True)
        figures = await time_queries(path, replayable, repeats)
    worst = max(figures.values())
    print(f"worst p95 {worst} ms (target < {TARGET_MS} ms)")
    return {"records": {"games": games, "p95_ms": figures, "bytes_per_game": sizes, "target_ms": TARGET_MS}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.records")
    parser.add_argument("--games", type=int, default=100_000, help="finished games to fill the database with")
    parser.add_argument("--played", type=int, default=3, help="real games of each game, for bytes per game")
    parser.add_argument("--repeats", type=int, default=200, help="runs of each command")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.games, args.played, args.repeats))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
