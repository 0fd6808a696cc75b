"""``asztal-console``: play at an offline table in the terminal.

It drives the same service layer as the Discord bot (lobby, moves, AI seats,
SQLite store), so it is also the proof that the layers are apart.  Every
board image is written to a folder.  With every seat an AI and a seed given,
a game plays to the end without input and prints the score sheet:

    asztal-console --game sanjuan --players 4 --ai 4 --seed 7
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from games import registry
from service import i18n, presenter
from service.errors import UserError
from service.options import parse_options
from service.store import Store
from service.tables import ACTIVE, Caller, TableService, Update

CHANNEL = 1  # the console's one "channel"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="asztal-console", description="Play Asztal's games offline.")
    parser.add_argument("--game", choices=registry.game_ids(), help="game to play (asked if omitted)")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--ai", type=int, default=None, help="how many seats the AI plays (default: all but one)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    parser.add_argument("--options", default="", help="table options, e.g. 'short=true'")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    parser.add_argument("--out", default="boards", help="folder for the board images")
    parser.add_argument("--db", default=":memory:", help="SQLite file (default: in memory)")
    return parser.parse_args(argv)


class ConsoleTable:
    def __init__(self, service: TableService, lang: str, out: Path, ask=input, say=print):
        self.service, self.lang, self.out = service, lang, out
        self.ask, self.say = ask, say
        self.images = 0

    async def run(self, game_id: str, players: int, ai: int, seed: int | None, options: str) -> int:
        game = registry.get(game_id)
        humans = players - ai
        # With no human seat the console is only the host: it seats AI players.
        creator = Caller(1, "Player 1", can_manage=True)
        await self.service.open_table(channel_id=CHANNEL, guild_id=None, caller=creator, game_id=game_id,
                                            options=parse_options(game, options), seed=seed,
                                            seat_creator=humans > 0)
        for number in range(2, humans + 1):
            await self.service.join(CHANNEL, Caller(number, f"Player {number}"))
        for _ in range(ai):
            await self.service.add_ai(CHANNEL, creator)
        update = await self.service.start(CHANNEL, creator)
        self.show(update)
        while update.table.status == ACTIVE:
            update = await self.turn(update.table)
            self.show(update)
        self.say(f"\n{i18n.text('core.score.title', self.lang)}:")
        for line in presenter.score_sheet(update.table, self.lang):
            self.say("  " + line)
        return 0

    async def turn(self, row) -> Update:
        seat = self.service.humans_to_act(row)[0]
        user_id = row.seats[seat].user_id
        choices = presenter.choices(self.service, row, seat, self.lang)
        self.say(i18n.text("core.console.seat_prompt", self.lang, player=row.seats[seat].name,
                           prompt=presenter.prompt(row, seat, self.lang)))
        for number, choice in enumerate(choices, start=1):
            self.say(f"  {number:>3}. {choice.label}")
        while True:
            answer = self.ask("> ").strip()
            picked = choices[int(answer) - 1].id if answer.isdigit() and 0 < int(answer) <= len(choices) else answer
            try:
                return await self.service.play(row.id, Caller(user_id, row.seats[seat].name), picked)
            except UserError as error:
                self.say(i18n.render(error.reason, self.lang))

    def show(self, update: Update) -> None:
        row = update.table
        for line in presenter.event_lines(row, presenter.public_events(update.events), self.lang):
            self.say("• " + line)
        self.images += 1
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"{row.game_id}-{row.id}-{self.images:04d}.png"
        path.write_bytes(presenter.board_png(row, self.lang))
        self.say(i18n.text("core.console.board_written", self.lang, path=path))


async def amain(args: argparse.Namespace, ask=input, say=print) -> int:
    game_id = args.game
    if game_id is None:
        ids = registry.game_ids()
        say(i18n.text("core.console.choose_game", args.lang))
        for number, gid in enumerate(ids, start=1):
            say(f"  {number}. {presenter.game_name(gid, args.lang)}")
        game_id = ids[int(ask("> ").strip()) - 1]
    game = registry.get(game_id)
    players = args.players or game.min_players
    ai = players - 1 if args.ai is None else args.ai
    store = await Store.open(args.db)
    try:
        table = ConsoleTable(TableService(store), args.lang, Path(args.out), ask, say)
        return await table.run(game_id, players, ai, args.seed, args.options)
    except UserError as error:
        say(i18n.render(error.reason, args.lang))
        return 2
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    return asyncio.run(amain(parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
