"""``asztal-bot``: start the Discord bot (or explain how to get a token)."""

from __future__ import annotations

import logging
import sys

from bot.config import Config

NO_TOKEN = """\
Asztal needs a Discord bot token to connect, and none is set.

  1. Open https://discord.com/developers/applications, create an application,
     then under "Bot" press "Reset Token" and copy it.
  2. Start the bot with it:   ASZTAL_TOKEN=your-token asztal-bot
     (or put ASZTAL_TOKEN=your-token into a file named .env here).

No token at hand? Play offline in this terminal instead:
  asztal-console --game sanjuan --players 3 --ai 2
See README.md ("Running the bot") for the invite link and all settings.
"""


def main(argv: list[str] | None = None) -> int:
    config = Config.from_env()
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.app import run  # imported late: discord.py is only needed with a token

    run(config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
