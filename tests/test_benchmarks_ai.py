"""``python -m benchmarks.ai`` runs both pairings, seat-rotated, and ends with its JSON line."""

from __future__ import annotations

import json

from benchmarks import ai


def test_the_strength_benchmark_reports_both_pairings_and_the_hard_ais_decisions(capsys):
    assert ai.main(["--game", "sanjuan", "--games", "2", "--iterations", "3", "--jobs", "1"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["ai"]["sanjuan"]
    assert row["players"] == 2 and row["fair_share"] == 0.5 and row["hard_iterations"] == 3
    assert 0 <= row["normal_vs_easy"] <= 1 and 0 <= row["hard_vs_normal"] <= 1
    assert row["hard_decisions"] > 0 and row["hard_ms_p95"] > 0
    # A fixed number of playouts is no time budget: no time target is claimed.
    assert set(row["targets"]) == {"normal_vs_easy", "hard_vs_normal"}


def test_one_pairing_from_a_later_game_number(capsys):
    assert ai.main(["--game", "maharaja", "--games", "2", "--first", "40", "--pairing", "normal_vs_easy",
                    "--jobs", "1"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["ai"]["maharaja"]
    assert row["first"] == 40 and "hard_vs_normal" not in row
    # The hard AI did not play: no budget, decisions or times are reported for it.
    assert not {key for key in row if key.startswith("hard_")}
    assert set(row["targets"]) == {"normal_vs_easy"}
