"""``python -m benchmarks.instructions`` counts a random game's instructions with callgrind."""

from __future__ import annotations

import json

from benchmarks import instructions


def test_the_script_counts_a_game_and_ends_with_its_json_line(capsys):
    assert instructions.main(["--game", "anno1701", "--games", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["instructions"]
    # an Anno game is some millions of instructions; the interpreter's start (tens of millions) is taken out
    assert set(figures) == {"anno1701"} and 2 < figures["anno1701"]["2"] < 40


def test_without_valgrind_it_says_what_is_missing(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    assert instructions.main(["--game", "sanjuan"]) == 2
    assert "valgrind" in capsys.readouterr().err
