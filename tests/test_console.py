"""The offline console drives the service layer to a score sheet."""

import asyncio
import re
import subprocess
import sys
from pathlib import Path

from console.__main__ import amain, parse_args
from games import registry
from service import i18n, presenter
from service.store import Store

ROOT = Path(__file__).resolve().parent.parent
MOVE_LINE = re.compile(r"\s+\d+\. ")


def _args(tmp_path, *extra):
    return parse_args(["--game", "sanjuan", "--out", str(tmp_path), *extra])


class Script:
    """Scripted answers at the prompts (then the end of input), remembering
    what the console printed before each question."""

    def __init__(self, answers, default=None):
        self.answers = iter(answers)
        self.default = default
        self.lines: list[str] = []
        self.blocks: list[list[str]] = []  # the lines printed before each question
        self._mark = 0

    def say(self, line=""):
        self.lines.append(line)

    def ask(self, _prompt):
        self.blocks.append(self.lines[self._mark:])
        self._mark = len(self.lines)
        answer = next(self.answers, self.default)
        if answer is None:
            raise EOFError
        if isinstance(answer, BaseException):
            raise answer
        return answer(self) if callable(answer) else answer

    @property
    def text(self):
        return "\n".join(self.lines)


def _run(args, script):
    return asyncio.run(amain(args, ask=script.ask, say=script.say))


def _prompt_of(block):
    """The seat prompt and its numbered choices in a block of output."""
    return [line for line in block if "your move" in line or MOVE_LINE.match(line)]


def test_all_ai_console_game_plays_to_the_score_sheet(tmp_path):
    lines = []
    args = parse_args(["--game", "sanjuan", "--players", "4", "--ai", "4", "--seed", "7", "--out", str(tmp_path)])
    assert asyncio.run(amain(args, ask=lambda _: "", say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Final scores" in text
    assert sum(1 for line in lines if line.strip()[:2] in ("1.", "2.", "3.", "4.")) >= 4
    assert list(tmp_path.glob("sanjuan-*.png"))
    assert (tmp_path / "sanjuan-1-final.png").exists()
    # Nobody human sits at the table: nobody's private view is printed.
    assert "only for you" not in text and not list(tmp_path.glob("*-seat*.png"))


def test_console_human_seat_answers_by_number_and_rejects_nonsense(tmp_path):
    answers = iter(["nonsense", *["1"] * 5000])
    lines = []
    args = parse_args(["--game", "sanjuan", "--players", "2", "--ai", "1", "--seed", "3", "--out", str(tmp_path),
                       "--lang", "hu"])
    assert asyncio.run(amain(args, ask=lambda _: next(answers), say=lines.append)) == 0
    assert "Ez a lépés most nem lehetséges." in lines
    assert "Végeredmény:" in "\n".join(lines)


def test_the_human_seat_reads_its_private_view_and_never_an_ai_seats(tmp_path, monkeypatch):
    game = registry.get("sanjuan")
    asked = []

    def summary(self, view, seat):
        asked.append((seat, view["seat"]))
        return [f"SUMMARY of seat {seat}: {len(view['hand'])} cards in hand"]

    monkeypatch.setattr(type(game), "private_summary", summary)
    script = Script(["1"] * 5000)
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3"), script) == 0
    # Only the human's seat, from its own view, after every change (start, moves, the end).
    seats = {seat for seat, _ in asked}
    assert len(seats) == 1 and all(seat == seen for seat, seen in asked)
    (human,) = seats
    assert len(asked) > 10
    headers = [line for line in script.lines if "only for you" in line]
    assert headers and set(headers) == {"— Player 1, only for you —"}
    summaries = [line.strip() for line in script.lines if line.strip().startswith("SUMMARY")]
    assert len(summaries) == len(asked)
    assert all(line.startswith(f"SUMMARY of seat {human}:") for line in summaries)
    # The private picture beside each board picture, for the human's seat only.
    private = sorted(tmp_path.glob("sanjuan-*-seat*.png"))
    assert private and {p.name.rsplit("-", 1)[1] for p in private} == {f"seat{human + 1}.png"}
    assert f"Private picture of Player 1: {private[0]}" in script.lines
    # The end: final board, score sheet with every seat, the winner.
    assert (tmp_path / "sanjuan-1-final.png").exists()
    score_lines = script.lines[script.lines.index("\nFinal scores:") + 1:]
    assert sum(1 for line in score_lines if re.match(r"\s+\d\. ", line)) == 2
    winner = next(line for line in script.lines if line.startswith(("Winner: ", "Winners (tied): ")))
    first = next(line for line in score_lines if line.strip().startswith("1. "))
    assert first.strip()[3:].split(":")[0] in winner


def test_private_events_go_to_their_seat_only(tmp_path):
    db = str(tmp_path / "console.sqlite3")
    script = Script(["1"] * 5000)
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3", "--db", db), script) == 0
    row, events = asyncio.run(_logged_events(db))
    human = next(i for i, seat in enumerate(row.seats) if not seat.ai)
    localise = presenter.tr(row, "en")
    to_human = [localise(e) for e in events if e.get("to") == human]
    to_ai = [localise(e) for e in events if e.get("to") == 1 - human]
    assert to_human and to_ai
    # Every event told the human privately is printed in their section, nothing else.
    assert [line[4:] for line in script.lines if line.startswith("  • ")] == to_human


async def _logged_events(db):
    store = await Store.open(db)
    try:
        row = await store.get_table(1)
        events = list(row.meta.get("setup_events", []))
        for entry in await store.actions(row.id):
            events.extend(entry.events)
        return row, events
    finally:
        await store.close()


def test_undo_when_the_window_is_closed_is_refused_and_changes_nothing(tmp_path):
    script = Script(["undo"])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3", "--lang", "hu"), script) == 0
    refusal = i18n.text("core.error.undo_closed", "hu")
    assert refusal in script.lines
    # No undo happened: no new picture, no log line, the same prompt is still asked.
    assert len(list(tmp_path.glob("sanjuan-*-[0-9][0-9][0-9][0-9].png"))) == 1
    assert not any("visszavonta" in line for line in script.lines)
    assert len(script.blocks) == 2 and script.blocks[1] == [refusal]
    assert "visszavonható" not in "\n".join(script.blocks[0])


def test_undo_after_an_undoable_move_restores_the_previous_prompt(tmp_path, monkeypatch):
    game = registry.get("sanjuan")
    # The engine's own rulings aside: the platform's checks decide (as in tests/test_absent.py).
    monkeypatch.setattr(type(game), "closes_undo", lambda self, *args: False)

    def undo_if_offered(script):
        assert "(undo available: type “undo”)" in script.blocks[-1]
        return "undo"

    # Seed 3: the AI chose the Builder; the human picks a building and still has to pay for it.
    script = Script(["1", undo_if_offered])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3"), script) == 0
    before, after_move, after_undo = script.blocks
    assert _prompt_of(before) and _prompt_of(after_move) != _prompt_of(before)
    assert _prompt_of(after_undo) == _prompt_of(before)
    # The log tells everybody (whatever its wording), and a new board picture shows the table.
    assert any(line.startswith("• ") and "Player 1" in line for line in after_undo)
    assert any(line.startswith("Board image: ") for line in after_undo)
    # The private view is back as it was before the move.
    private = [line for line in before if line.startswith("  ") and not MOVE_LINE.match(line)
               and "Private picture" not in line]
    assert [line for line in after_undo if line in private] == private
    assert "(undo available: type “undo”)" not in after_undo


def test_leaving_hands_the_seat_to_the_ai_and_the_game_plays_to_the_end(tmp_path):
    # Two humans at one console (hot-seat) and an AI: the first one asked leaves.
    script = Script(["leave", *["1"] * 5000])
    assert _run(_args(tmp_path, "--players", "3", "--ai", "1", "--seed", "5"), script) == 0
    asked = _prompt_of(script.blocks[0])[0].split(",")[0]
    stayed = "Player 2" if asked == "Player 1" else "Player 1"
    left_at = next(i for i, line in enumerate(script.lines)
                   if line == "• " + i18n.text("core.seat.left", "en", player=asked))
    later = script.lines[left_at:]
    # From then on the AI plays the seat: it is never asked, nor shown its private view.
    assert not any(line.startswith(f"{asked}, your move") for line in later)
    assert not any(line == f"— {asked}, only for you —" for line in later)
    assert any(line.startswith(f"{stayed}, your move") for line in later)
    assert "\nFinal scores:" in later
    replaced = i18n.text("core.seat.replaced_mark", "en", name=asked)
    assert any(f"{replaced}: " in line for line in later)
    assert any(line.startswith(("Winner: ", "Winners (tied): ")) for line in later)


def test_the_last_human_leaving_ends_the_game(tmp_path):
    script = Script(["leave"])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3"), script) == 0
    assert i18n.text("core.seat.nobody_left", "en", player="Player 1") in script.lines
    assert script.lines[-1] == "San Juan — aborted"
    assert "\nFinal scores:" not in script.lines


def test_help_lists_the_commands_in_the_players_language(tmp_path):
    script = Script(["súgó"])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3", "--lang", "hu"), script) == 0
    listed = script.blocks[1]
    assert listed[0] == "Parancsok:"
    for command in ("visszavonás", "kilépés", "visszaülés", "súgó"):
        assert any(line.strip().startswith(command + " — ") for line in listed)


def test_end_of_input_at_the_move_prompt_says_goodbye(tmp_path):
    script = Script([])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3"), script) == 0
    assert len(script.blocks) == 1 and script.lines[-1] == "Bye."


def test_end_of_input_at_the_game_prompt_says_goodbye(tmp_path):
    script = Script([])
    assert _run(parse_args(["--out", str(tmp_path), "--lang", "hu"]), script) == 0
    assert script.lines[0] == "Válassz játékot:" and script.lines[-1] == "Viszlát."
    assert not list(tmp_path.glob("*.png"))


def test_ctrl_c_at_the_prompt_says_goodbye_with_130(tmp_path):
    script = Script([KeyboardInterrupt()])
    assert _run(_args(tmp_path, "--players", "2", "--seed", "3"), script) == 130
    assert script.lines[-1] == "Bye."


def test_a_bad_game_number_asks_again_and_a_saved_game_goes_on(tmp_path):
    db = str(tmp_path / "console.sqlite3")
    script = Script(["99", "nonsense", "1"])
    args = parse_args(["--out", str(tmp_path), "--db", db, "--seed", "3"])
    assert _run(args, script) == 0
    assert script.lines.count(f"Type a number from 1 to {len(registry.game_ids())}.") == 2
    assert script.lines[-1] == f"Bye — the game is saved in {db}."
    first_prompt = _prompt_of(script.blocks[3])
    assert first_prompt
    # The next start with the same file goes on with that game instead of asking for a new one.
    again = Script([])
    assert _run(args, again) == 0
    assert again.lines[0] == f"Going on with the saved game: {i18n.text(registry.game_ids()[0] + '.name', 'en')}."
    assert _prompt_of(again.blocks[0]) == first_prompt


def test_the_console_ends_cleanly_when_stdin_is_empty(tmp_path):
    done = subprocess.run([sys.executable, "-m", "console", "--game", "sanjuan", "--players", "2", "--seed", "3",
                           "--out", str(tmp_path)], cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.rstrip().endswith("Bye.")
