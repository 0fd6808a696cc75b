"""The offline console drives the service layer to a score sheet."""

import asyncio

from console.__main__ import amain, parse_args


def test_all_ai_console_game_plays_to_the_score_sheet(tmp_path):
    lines = []
    args = parse_args(["--game", "sanjuan", "--players", "4", "--ai", "4", "--seed", "7", "--out", str(tmp_path)])
    assert asyncio.run(amain(args, ask=lambda _: "", say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Final scores" in text
    assert sum(1 for line in lines if line.strip()[:2] in ("1.", "2.", "3.", "4.")) >= 4
    assert list(tmp_path.glob("sanjuan-*.png"))


def test_console_human_seat_answers_by_number_and_rejects_nonsense(tmp_path):
    answers = iter(["nonsense", *["1"] * 5000])
    lines = []
    args = parse_args(["--game", "sanjuan", "--players", "2", "--ai", "1", "--seed", "3", "--out", str(tmp_path),
                       "--lang", "hu"])
    assert asyncio.run(amain(args, ask=lambda _: next(answers), say=lines.append)) == 0
    assert "Ez a lépés most nem lehetséges." in lines
    assert "Végeredmény:" in "\n".join(lines)
