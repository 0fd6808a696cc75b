"""``python -m benchmarks.load`` runs end to end, tiny, and its JSON line has sane figures."""

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_load_benchmark_tiny_run():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.load", "--games", "3", "--rate", "4", "--seconds", "5",
         "--rtt-ms", "20", "--debounce", "0.3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = result.stdout.strip().splitlines()
    figures = json.loads(lines[-1])
    assert any(line.startswith("REST by route") for line in lines), result.stdout
    assert figures["games"] == 3 and figures["rtt_ms"] == 20 and figures["jitter_ms"] == 2
    assert figures["debounce_s"] == 0.3
    assert figures["moves"] > 0 and 0 < figures["moves_made"] <= figures["moves"]
    first, board = figures["first_response_ms"], figures["board_visible_ms"]
    assert set(first) == {"p50", "p95", "p99"} and 0 < first["p50"] <= first["p95"] <= first["p99"]
    assert first["p50"] >= 20 * 0.9  # a round trip is part of every first response
    assert {"p50", "p95"} <= set(board) and 300 <= board["p50"] <= board["p95"]  # the debounce is, too
    assert figures["rest_per_move"] > 0 and figures["rest_peak_per_s"] > 0
    assert sum(figures["rest_by_route"].values()) == figures["rest_requests"]
    assert figures["unanswered"] == 0 and figures["lost"] == 0
    assert set(figures["targets"]) == {"first_response_p99_lt_500ms", "board_visible_p95_lt_debounce_plus_1s",
                                       "rest_per_move_le_2", "rest_peak_per_s_le_45", "lost_0", "unanswered_0"}
    assert all(isinstance(met, bool) for met in figures["targets"].values())


def test_records_benchmark_tiny_run():
    """``python -m benchmarks.records``: real games measured, a filled database queried."""
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.records", "--games", "300", "--played", "1", "--repeats", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])["records"]
    assert figures["games"] == 300 and figures["target_ms"] == 50
    sizes = figures["bytes_per_game"]
    assert 0 < sizes["result_only"] < sizes["with_log"]  # pruning the logs frees most of a game
    assert {"history", "history_member", "stats", "leaderboard", "replay", "export"} <= set(figures["p95_ms"])
    assert all(value > 0 for value in figures["p95_ms"].values())


def test_load_benchmark_on_postgresql_with_two_processes(postgres_cluster):
    """``--db postgresql://… --processes 2``: the same JSON line, from two shard processes."""
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.load", "--games", "4", "--rate", "4", "--seconds", "5",
         "--debounce", "0.3", "--db", postgres_cluster.url(), "--processes", "2", "--players", "6"],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert (figures["database"], figures["processes"], figures["players"]) == ("postgresql", 2, 6)
    assert figures["moves_made"] > 0 and figures["unanswered"] == 0 and figures["lost"] == 0


def test_a_load_benchmark_stopped_by_sigterm_leaves_no_bot_behind():
    """SIGTERM in the steady phase runs the benchmark's clean-up, and a bot process would die
    with it anyway (it used to be orphaned: the benchmark's ``finally`` never ran)."""
    import signal

    bench = subprocess.Popen([sys.executable, "-u", "-m", "benchmarks.load", "--games", "2", "--rate", "2",
                              "--seconds", "120"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True)
    try:
        assert bench.stdout is not None
        for line in bench.stdout:  # the set-up is done: the bot is connected and playing
            if "tables open in" in line:
                break
        children = subprocess.run(["pgrep", "-P", str(bench.pid)], capture_output=True, text=True).stdout.split()
        bots = [pid for pid in children if b"-m\0bot" in _cmdline(pid)]
        assert bots, "the benchmark started its bot"
        bench.send_signal(signal.SIGTERM)
        bench.wait(timeout=60)
    finally:
        if bench.poll() is None:
            bench.kill()
    for _ in range(300):  # bounded: 30 s
        if not any(_cmdline(pid) for pid in bots):
            break
        time.sleep(0.1)
    assert not any(_cmdline(pid) for pid in bots), "a bot process outlived the benchmark"


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # ended meanwhile
        return b""
