"""``asztal-console``: play at an offline table in the terminal.

It drives the same service layer as the Discord bot (lobby, moves, AI seats,
undo, the AI taking a seat over, SQLite store), so it is also the proof that
the layers are apart.  Every board image, and each console player's private
picture, is written to a folder; after every change each human seat at the
console reads its private view as text (what Discord shows it privately).
With every seat an AI and a seed given, a game plays to the end without
input and prints the score sheet:

    asztal-console --game sanjuan --players 4 --ai 4 --seed 7

At the move prompt: a number (or an action id) moves; ``undo``, ``leave``,
``rejoin`` and ``help`` are commands.  End of input (Ctrl-D) or Ctrl-C ends
the program; a game in a ``--db`` file goes on at the next start with it.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import threading
from pathlib import Path

from games import registry
from games.base import AI_LEVELS, DEFAULT_AI_LEVEL, msg, seat_ref
from service import i18n, presenter
from service.errors import UserError
from service.options import parse_options
from service.store import Store, TableRow
from service.tables import ACTIVE, FINISHED, LOBBY, Caller, TableService, Update

CHANNEL = 1  # the console's one "channel"
HOST = Caller(1, "Player 1", can_manage=True)
# Commands at the move prompt (also in the player's language, from the slash commands' names).
COMMANDS = {"undo": "core.cmd.undo", "leave": "core.cmd.leave", "rejoin": "core.cmd.rejoin",
            "help": "core.console.cmd_help"}
IN_MEMORY = ":memory:"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="asztal-console", description="Play Asztal's games offline.")
    parser.add_argument("--game", choices=registry.game_ids(), help="game to play (asked if omitted)")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--ai", type=int, default=None, help="how many seats the AI plays (default: all but one)")
    parser.add_argument("--ai-level", choices=AI_LEVELS, default=DEFAULT_AI_LEVEL,
                        help="how well the AI seats play (hard searches for about a second a move)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    parser.add_argument("--options", default="", help="table options, e.g. 'short=true'")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    parser.add_argument("--out", default="boards", help="folder for the board images")
    parser.add_argument("--db", default=IN_MEMORY,
                        help="SQLite file (default: in memory); an unfinished game in it goes on")
    return parser.parse_args(argv)


def read_line(prompt: str) -> str:
    """``input``, with a missing or closed stdin read as the end of input."""
    if sys.stdin is None or sys.stdin.closed:
        raise EOFError
    return input(prompt)


class ConsoleTable:
    def __init__(self, service: TableService, lang: str, out: Path, ask=read_line, say=print):
        self.service, self.lang, self.out = service, lang, out
        self.ask, self.say = ask, say
        self.people: set[int] = set()  # user ids of the humans at this console
        self.hinted = False

    def text(self, key: str, **args) -> str:
        return i18n.text(f"core.console.{key}", self.lang, **args)

    # -- the game's course ---------------------------------------------------
    async def run(self, args: argparse.Namespace) -> int:
        saved = await self.service.table_in_channel(CHANNEL)
        if saved is not None and saved.status == ACTIVE:
            self.people = {s.user_id for s in saved.seats if s.user_id is not None}
            self.say(self.text("resumed", game=presenter.game_name(saved.game_id, self.lang)))
            update = Update(saved)
        else:
            if saved is not None and saved.status == LOBBY:
                # A lobby left behind by an interrupted start.
                await self.service.abort(CHANNEL, HOST)
            game_id = args.game or self.choose_game()
            game = registry.get(game_id)
            players = args.players or game.min_players
            ai = players - 1 if args.ai is None else args.ai
            update = await self.open(game_id, players, ai, args.seed, args.options, args.ai_level)
        self.show(update)
        while update.table.status == ACTIVE and self.service.humans_to_act(update.table):
            update = await self.turn(update.table)
            self.show(update)
        return self.finish(update.table)

    def choose_game(self) -> str:
        ids = registry.game_ids()
        self.say(self.text("choose_game"))
        for number, gid in enumerate(ids, start=1):
            self.say(f"  {number}. {presenter.game_name(gid, self.lang)}")
        while True:
            answer = self.ask("> ").strip()
            if answer.isdigit() and 0 < int(answer) <= len(ids):
                return ids[int(answer) - 1]
            if answer in ids:
                return answer
            self.say(self.text("bad_choice", count=len(ids)))

    async def open(self, game_id: str, players: int, ai: int, seed: int | None, options: str,
                   ai_level: str = DEFAULT_AI_LEVEL) -> Update:
        game = registry.get(game_id)
        humans = players - ai
        # With no human seat the console is only the host: it seats AI players.
        await self.service.open_table(channel_id=CHANNEL, guild_id=None, caller=HOST, game_id=game_id,
                                      options=parse_options(game, options), seed=seed,
                                      seat_creator=humans > 0)
        for number in range(2, humans + 1):
            await self.service.join(CHANNEL, Caller(number, f"Player {number}"))
        for _ in range(ai):
            await self.service.add_ai(CHANNEL, HOST, level=ai_level)
        self.people = set(range(1, humans + 1))
        return await self.service.start(CHANNEL, HOST)

    async def turn(self, row: TableRow) -> Update:
        seat = self.service.humans_to_act(row)[0]
        holder = row.seats[seat]
        caller = Caller(holder.user_id, holder.name)
        localise = presenter.tr(row, self.lang)
        choices = presenter.choices(self.service, row, seat, self.lang)
        self.say(self.text("seat_prompt", player=holder.name, prompt=presenter.prompt(row, seat, self.lang)))
        for number, choice in enumerate(choices, start=1):
            self.say(f"  {number:>3}. {choice.label}")
        if self.undo_seat(row, seat) is not None:
            self.say(self.text("undo_hint"))
        if not self.hinted:
            self.say(self.text("help_hint"))
            self.hinted = True
        while True:
            answer = self.ask("> ").strip()
            if not answer:
                continue
            command = self.command(answer)
            try:
                if command == "help":
                    self.help()
                    continue
                if command == "undo":
                    undoer = self.undo_seat(row, seat)
                    who = caller if undoer is None else Caller(row.seats[undoer].user_id, row.seats[undoer].name)
                    return await self.service.undo(row.id, who)
                if command == "leave":
                    update = await self.service.leave_game(row.id, caller.user_id)
                    if update.table.status != ACTIVE:
                        self.say(localise(msg("core.seat.nobody_left", player=seat_ref(seat))))
                    return update
                if command == "rejoin":
                    return await self.service.rejoin(CHANNEL, self.rejoiner(row) or caller)
                picked = choices[int(answer) - 1].id if answer.isdigit() and 0 < int(answer) <= len(choices) \
                    else answer
                return await self.service.play(row.id, caller, picked)
            except UserError as error:
                self.say(localise(error.reason))

    def command(self, answer: str) -> str | None:
        word = answer.lower().removeprefix("/")
        for name, key in COMMANDS.items():
            if word in (name, i18n.text(key, self.lang).lower()):
                return name
        return None

    def help(self) -> None:
        self.say(self.text("help"))
        for line in ("help_move", "help_undo", "help_leave", "help_rejoin", "help_help", "help_quit"):
            self.say("  " + self.text(line, undo=i18n.text(COMMANDS["undo"], self.lang),
                                      leave=i18n.text(COMMANDS["leave"], self.lang),
                                      rejoin=i18n.text(COMMANDS["rejoin"], self.lang),
                                      help=i18n.text(COMMANDS["help"], self.lang)))

    def console_seats(self, row: TableRow) -> list[int]:
        """The seats the humans at this console play now (hot-seat when several)."""
        return [i for i, s in enumerate(row.seats) if not s.ai and s.user_id in self.people]

    def undo_seat(self, row: TableRow, seat: int) -> int | None:
        """Which console seat may take its last action back: the one asked first."""
        ordered = [seat, *(s for s in self.console_seats(row) if s != seat)]
        return next((s for s in ordered if self.service.can_undo(row, s)), None)

    def rejoiner(self, row: TableRow) -> Caller | None:
        """A console player whose seat the AI plays (they left)."""
        for s in row.seats:
            if s.ai and s.replaced and s.user_id in self.people:
                return Caller(s.user_id, s.name)
        return None

    # -- what the players see --------------------------------------------------
    def show(self, update: Update) -> None:
        row = update.table
        for line in presenter.event_lines(row, presenter.public_events(update.events), self.lang):
            self.say("• " + line)
        stem = f"{row.game_id}-{row.id}-{row.seq:04d}"  # one picture per change, also across a resumed game
        self.say(self.text("board_written", path=self.write(f"{stem}.png", presenter.board_png(row, self.lang))))
        if row.status in (ACTIVE, FINISHED):
            for seat in self.console_seats(row):
                self.show_private(row, seat, update, stem)

    def show_private(self, row: TableRow, seat: int, update: Update, stem: str) -> None:
        """What Discord shows the seat privately: its events, its holdings as
        text (from its own view) and its private picture."""
        localise = presenter.tr(row, self.lang)
        game = TableService.engine(row)
        self.say(self.text("private_header", player=row.seats[seat].name))
        for event in presenter.private_events(update.events, seat):
            self.say("  • " + localise(event))
        for line in game.private_summary(game.view(row.state, seat), seat):
            self.say("  " + localise(line))
        path = self.write(f"{stem}-seat{seat + 1}.png", presenter.private_png(row, seat, self.lang))
        self.say(self.text("private_written", player=row.seats[seat].name, path=path))

    def finish(self, row: TableRow) -> int:
        if row.status != FINISHED:
            self.say(presenter.status_line(self.service, row, self.lang))
            return 0
        path = self.write(f"{row.game_id}-{row.id}-final.png", presenter.board_png(row, self.lang))
        self.say(self.text("final_board", path=path))
        self.say(f"\n{i18n.text('core.score.title', self.lang)}:")
        for line in presenter.score_sheet(row, self.lang):
            self.say("  " + line)
        first = TableService.engine(row).outcome(row.state).ranking[0]
        names = ", ".join(presenter.seat_label(row, seat, self.lang) for seat in first)
        self.say(self.text("winner" if len(first) == 1 else "winners", names=names))
        return 0

    def write(self, name: str, png: bytes) -> Path:
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / name
        path.write_bytes(png)
        return path


def goodbye(args: argparse.Namespace, say) -> None:
    say("")  # the prompt's line was left open
    if args.db != IN_MEMORY:
        say(i18n.text("core.console.bye_saved", args.lang, db=args.db))
    else:
        say(i18n.text("core.console.bye", args.lang))


async def amain(args: argparse.Namespace, ask=read_line, say=print) -> int:
    store = await Store.open(args.db)
    try:
        return await ConsoleTable(TableService(store), args.lang, Path(args.out), ask, say).run(args)
    except UserError as error:
        say(i18n.render(error.reason, args.lang))
        return 2
    except EOFError:
        goodbye(args, say)
        return 0
    except KeyboardInterrupt:
        goodbye(args, say)
        return 130
    finally:
        await store.close()


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Ctrl-C raises where the program waits (at the prompt) rather than asyncio's
    # default, which only cancels the game once the next line is typed.
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        return asyncio.run(amain(args))
    except KeyboardInterrupt:
        # Interrupted outside a prompt (while the service worked).
        goodbye(args, print)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    sys.exit(main())
