"""``python -m benchmarks.instructions`` counts a random game's instructions with callgrind.

valgrind is not part of a fresh machine's install, so a stand-in takes its
place on PATH: it runs the counted command for real (the seeded games are
played) and reports a count that grows by a known amount per game, which the
script must recover with the interpreter's start taken out."""

from __future__ import annotations

import json
import os
import stat
import sys

from benchmarks import instructions

START, PER_GAME = 498_000_000, 7_250_000

_STAND_IN = f"""#!{sys.executable}
import subprocess, sys
command = sys.argv[sys.argv.index("--callgrind-out-file=/dev/null") + 1:]
subprocess.run(command, check=True)  # the games are played: a failing one fails the count
print("==1== Collected : %d" % ({START} + int(command[-1]) * {PER_GAME}), file=sys.stderr)
"""


def test_the_script_counts_per_game_and_ends_with_its_json_line(tmp_path, monkeypatch, capsys):
    valgrind = tmp_path / "valgrind"
    valgrind.write_text(_STAND_IN)
    valgrind.chmod(valgrind.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert instructions.main(["--game", "anno1701", "--games", "2"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["instructions"]
    assert figures == {"anno1701": {"2": round(PER_GAME / 1e6, 2)}}


def test_without_valgrind_it_says_what_is_missing(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    assert instructions.main(["--game", "sanjuan"]) == 2
    assert "valgrind" in capsys.readouterr().err
