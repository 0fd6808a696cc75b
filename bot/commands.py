"""The slash commands.  Definitions only: each one hands over to ``Handlers``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.translator import t
from games import registry
from service import i18n
from service.clock import CLOCKS
from service.options import suggestions

if TYPE_CHECKING:
    from bot.app import AsztalBot
    from bot.handlers import Handlers
    from bot.memory import Memory


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t(f"{gid}.name"), value=gid) for gid in registry.game_ids()]


def _language_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t(f"core.language.{code}"), value=code) for code in ("en", "hu", "auto")]


def _clock_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t("core.clock.none") if key == "none" else key, value=key)
            for key in CLOCKS]


def register(tree: app_commands.CommandTree, bot: AsztalBot) -> None:
    """Every command, in the order Discord lists them: ``/game …`` (a table,
    its seats, its state, what is remembered), the top-level commands, and
    ``/settings …``."""
    game = app_commands.Group(name=t("core.cmd.game"), description=t("core.cmd.game.desc"), guild_only=True)
    _table_commands(game, bot.handlers)
    _seat_commands(game, bot.handlers)
    _info_commands(game, bot.handlers)
    _memory_commands(game, bot.memory)
    tree.add_command(game)
    _top_commands(tree, bot.handlers, bot.memory)
    tree.add_command(_settings_commands(bot.handlers))
    assert i18n.LANGUAGES == ("en", "hu")  # the choices of _settings_commands list exactly these


def _table_commands(game: app_commands.Group, handlers: Handlers) -> None:
    """``/game new`` and the lobby's join, leave and start."""
    @game.command(name=t("core.cmd.new"), description=t("core.cmd.new.desc"))
    @app_commands.rename(game_id=t("core.param.game"), options=t("core.param.options"), thread=t("core.param.thread"),
                         clock=t("core.param.clock"))
    @app_commands.describe(game_id=t("core.param.game.desc"), options=t("core.param.options.desc"),
                           thread=t("core.param.thread.desc"), clock=t("core.param.clock.desc"))
    @app_commands.choices(game_id=_game_choices(), clock=_clock_choices())
    async def new(interaction: discord.Interaction, game_id: str, options: str | None = None, thread: bool = False,
                  clock: str | None = None):
        await handlers.game_new(interaction, game_id, options, thread, clock)

    @new.autocomplete("options")
    async def new_options(interaction: discord.Interaction, current: str):
        game_id = getattr(interaction.namespace, "game_id", None) or getattr(interaction.namespace, "game", None)
        if game_id not in registry.game_ids():
            return []
        return [app_commands.Choice(name=s[:100], value=s[:100])
                for s in suggestions(registry.get(game_id), current)][:25]

    def lobby_command(op: str, key: str):
        @game.command(name=t(f"core.cmd.{key}"), description=t(f"core.cmd.{key}.desc"))
        async def command(interaction: discord.Interaction):
            await handlers.lobby_op(interaction, op)

        return command

    for op, key in (("join", "join"), ("leave", "leave"), ("start", "start")):
        lobby_command(op, key)


def _seat_commands(game: app_commands.Group, handlers: Handlers) -> None:
    """Seats during a game: rejoin, substitute, undo."""
    @game.command(name=t("core.cmd.rejoin"), description=t("core.cmd.rejoin.desc"))
    async def rejoin(interaction: discord.Interaction):
        await handlers.game_rejoin(interaction)

    @game.command(name=t("core.cmd.substitute"), description=t("core.cmd.substitute.desc"))
    @app_commands.rename(member=t("core.param.member"), seat=t("core.param.seat"))
    @app_commands.describe(member=t("core.param.member.desc"), seat=t("core.param.seat.desc"))
    async def substitute(interaction: discord.Interaction, member: discord.User, seat: str | None = None):
        await handlers.game_substitute(interaction, member, seat)

    @substitute.autocomplete("seat")
    async def substitute_seats(interaction: discord.Interaction, current: str):
        pairs = await handlers.seat_autocomplete(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @game.command(name=t("core.cmd.undo"), description=t("core.cmd.undo.desc"))
    async def undo(interaction: discord.Interaction):
        await handlers.game_undo(interaction)


def _info_commands(game: app_commands.Group, handlers: Handlers) -> None:
    """The table's status, ending it, the rules and the log."""
    @game.command(name=t("core.cmd.status"), description=t("core.cmd.status.desc"))
    async def status(interaction: discord.Interaction):
        await handlers.game_status(interaction)

    @game.command(name=t("core.cmd.abort"), description=t("core.cmd.abort.desc"))
    async def abort(interaction: discord.Interaction):
        await handlers.game_abort(interaction)

    @game.command(name=t("core.cmd.rules"), description=t("core.cmd.rules.desc"))
    @app_commands.rename(game_id=t("core.param.game"))
    @app_commands.describe(game_id=t("core.param.game.desc"))
    @app_commands.choices(game_id=_game_choices())
    async def rules(interaction: discord.Interaction, game_id: str | None = None):
        await handlers.game_rules(interaction, game_id)

    @game.command(name=t("core.cmd.log"), description=t("core.cmd.log.desc"))
    @app_commands.rename(count=t("core.param.count"))
    @app_commands.describe(count=t("core.param.count.desc"))
    async def log(interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 15):
        await handlers.game_log(interaction, count)


def _memory_commands(game: app_commands.Group, memory: Memory) -> None:
    """What is remembered of finished games: history, replay, export."""
    @game.command(name=t("core.cmd.history"), description=t("core.cmd.history.desc"))
    @app_commands.rename(game_id=t("core.param.game"), member=t("core.param.member"))
    @app_commands.describe(game_id=t("core.param.game_filter.desc"), member=t("core.param.member_filter.desc"))
    @app_commands.choices(game_id=_game_choices())
    async def history(interaction: discord.Interaction, game_id: str | None = None,
                      member: discord.User | None = None):
        await memory.history(interaction, game_id, member)

    @game.command(name=t("core.cmd.replay"), description=t("core.cmd.replay.desc"))
    @app_commands.rename(move=t("core.param.move"), table=t("core.param.table"))
    @app_commands.describe(move=t("core.param.move.desc"), table=t("core.param.table.desc"))
    async def replay(interaction: discord.Interaction, move: app_commands.Range[int, 0, 100_000] | None = None,
                     table: app_commands.Range[int, 1] | None = None):
        await memory.replay(interaction, move, table)

    @game.command(name=t("core.cmd.export"), description=t("core.cmd.export.desc"))
    @app_commands.rename(table=t("core.param.table"))
    @app_commands.describe(table=t("core.param.table.desc"))
    async def export(interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None):
        await memory.export(interaction, table)


def _top_commands(tree: app_commands.CommandTree, handlers: Handlers, memory: Memory) -> None:
    """The top-level commands: stats, leaderboard, play, hand."""
    @tree.command(name=t("core.cmd.stats"), description=t("core.cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(member=t("core.param.member"), game_id=t("core.param.game"))
    @app_commands.describe(member=t("core.param.member_stats.desc"), game_id=t("core.param.game_filter.desc"))
    @app_commands.choices(game_id=_game_choices())
    async def stats(interaction: discord.Interaction, member: discord.User | None = None,
                    game_id: str | None = None):
        await memory.stats(interaction, member, game_id)

    @tree.command(name=t("core.cmd.leaderboard"), description=t("core.cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game_id=t("core.param.game"))
    @app_commands.describe(game_id=t("core.param.game.desc"))
    @app_commands.choices(game_id=_game_choices())
    async def leaderboard(interaction: discord.Interaction, game_id: str):
        await memory.leaderboard(interaction, game_id)

    @tree.command(name=t("core.cmd.play"), description=t("core.cmd.play.desc"))
    @app_commands.guild_only()
    @app_commands.rename(action=t("core.param.action"))
    @app_commands.describe(action=t("core.param.action.desc"))
    async def play(interaction: discord.Interaction, action: str):
        await handlers.play(interaction, action)

    @play.autocomplete("action")
    async def play_actions(interaction: discord.Interaction, current: str):
        pairs = await handlers.play_autocomplete(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @tree.command(name=t("core.cmd.hand"), description=t("core.cmd.hand.desc"))
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction):
        await handlers.hand(interaction)


def _settings_commands(handlers: Handlers) -> app_commands.Group:
    """``/settings``: the player's and the server's language."""
    settings = app_commands.Group(name=t("core.cmd.settings"), description=t("core.cmd.settings.desc"))

    @settings.command(name=t("core.cmd.language"), description=t("core.cmd.language.desc"))
    @app_commands.rename(language=t("core.param.language"))
    @app_commands.describe(language=t("core.param.language.desc"))
    @app_commands.choices(language=_language_choices())
    async def language(interaction: discord.Interaction, language: str):
        await handlers.set_language(interaction, language, server=False)

    @settings.command(name=t("core.cmd.server_language"), description=t("core.cmd.server_language.desc"))
    @app_commands.rename(language=t("core.param.language"))
    @app_commands.describe(language=t("core.param.language.desc"))
    @app_commands.choices(language=_language_choices())
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def server_language(interaction: discord.Interaction, language: str):
        await handlers.set_language(interaction, language, server=True)

    return settings
