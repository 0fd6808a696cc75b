"""Buttons and select menus, all persistent.

Every component is a ``DynamicItem`` whose ``custom_id`` carries what it acts
on, so buttons posted before a restart keep working without any stored view:

* ``az:l:<table>:<op>``            lobby (join, leave, ai, unai, start, cancel)
* ``az:t:<table>:<op>``            board message (turn, hand)
* ``az:a:<table>:<seq>:<action>``  one legal action on a turn prompt
* ``az:s:<table>:<seq>:<n>``       a select menu of legal actions
* ``az:u:<table>:<seq>``           undo, on the player's own prompt or update
* ``az:v:<table>:<seat>:<vote>:<choice>``  a ballot on a seat whose clock ran out

``seq`` is the table's move number when the prompt was made: a click on an
older prompt is refused instead of being applied to a different situation.
The callbacks only parse and hand over to ``bot.handlers``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from service import i18n
from service.presenter import Choice
from service.tables import VOTE_CHOICES

if TYPE_CHECKING:
    from bot.app import AsztalBot
    from bot.handlers import Handlers
    from bot.memory import Memory

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# "ai" adds a normal AI seat; "ai-easy" and "ai-hard" the other levels.
LOBBY_OPS = ("join", "leave", "ai-easy", "ai-hard", "ai", "unai", "start", "cancel")
BOARD_OPS = ("turn", "hand")



def _memory(interaction: discord.Interaction) -> Memory:
    """The history, statistics and replay handlers of the client the click came to."""
    return cast("AsztalBot", interaction.client).memory


def _handlers(interaction: discord.Interaction) -> Handlers:
    """The handlers of the client the click came to (always an ``AsztalBot``)."""
    return cast("AsztalBot", interaction.client).handlers

class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"az:l:(?P<table>[0-9]+):(?P<op>{'|'.join(LOBBY_OPS)})"):
    def __init__(self, table_id: int, op: str, label: str = "·", style=discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"az:l:{table_id}:{op}"))
        self.table_id, self.op = table_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), match["op"], item.label, item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).lobby_click(interaction, self.table_id, self.op)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"az:t:(?P<table>[0-9]+):(?P<op>{'|'.join(BOARD_OPS)})"):
    def __init__(self, table_id: int, op: str, label: str = "·", style=discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"az:t:{table_id}:{op}"))
        self.table_id, self.op = table_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), match["op"], item.label, item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).board_click(interaction, self.table_id, self.op)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"az:a:(?P<table>[0-9]+):(?P<seq>[0-9]+):(?P<action>[a-z0-9:_.,+\-]{1,64})"):
    def __init__(self, table_id: int, seq: int, action_id: str, label: str = "·",
                 style=discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=_clip(label, 80), style=style,
                                           custom_id=f"az:a:{table_id}:{seq}:{action_id}"))
        self.table_id, self.seq, self.action_id = table_id, seq, action_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["seq"]), match["action"], item.label or "·", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).action_click(interaction, self.table_id, self.seq, self.action_id)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"az:s:(?P<table>[0-9]+):(?P<seq>[0-9]+):(?P<n>[0-9]+)"):
    def __init__(self, table_id: int, seq: int, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(discord.ui.Select(custom_id=f"az:s:{table_id}:{seq}:{n}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="·")]))
        self.table_id, self.seq = table_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["seq"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values") or []
        if values:
            await _handlers(interaction).action_click(interaction, self.table_id, self.seq, values[0])


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"az:u:(?P<table>[0-9]+):(?P<seq>[0-9]+)"):
    def __init__(self, table_id: int, seq: int, label: str = "·"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, emoji="↩️",
                                           custom_id=f"az:u:{table_id}:{seq}"))
        self.table_id, self.seq = table_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["seq"]), item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).undo_click(interaction, self.table_id, self.seq)


class VoteButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"az:v:(?P<table>[0-9]+):(?P<seat>[0-9]+):(?P<vote>[0-9]+):(?P<choice>{'|'.join(VOTE_CHOICES)})"):
    def __init__(self, table_id: int, seat: int, vote_id: int, choice: str, label: str = "·",
                 style=discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"az:v:{table_id}:{seat}:{vote_id}:{choice}"))
        self.table_id, self.seat, self.vote_id, self.choice = table_id, seat, vote_id, choice

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["seat"]), int(match["vote"]), match["choice"],
                   item.label or "·", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).vote_click(interaction, self.table_id, self.seat, self.vote_id, self.choice)


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"az:h:(?P<page>[0-9]+):(?P<game>[a-z0-9_]+|-):(?P<member>[0-9]+)"):
    """A page of ``/game history`` (``game`` "-" and ``member`` 0: not filtered)."""

    def __init__(self, page: int, game_id: str | None, member_id: int | None, label: str = "·"):
        super().__init__(discord.ui.Button(label=label, custom_id=f"az:h:{page}:{game_id or '-'}:{member_id or 0}"))
        self.page, self.game_id, self.member_id = page, game_id, member_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        game = match["game"]
        return cls(int(match["page"]), None if game == "-" else game, int(match["member"]) or None, item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _memory(interaction).history_click(interaction, self.page, self.game_id, self.member_id)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"az:r:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<slot>[0-9])"):
    """Step a replay to ``move`` (``slot``: its place in the row, as two buttons
    may lead to one move and custom ids must differ)."""

    def __init__(self, table_id: int, move: int, slot: int, label: str = "·", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label, custom_id=f"az:r:{table_id}:{move}:{slot}",
                                           disabled=disabled))
        self.table_id, self.move = table_id, move

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["move"]), int(match["slot"]), item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _memory(interaction).replay_click(interaction, self.table_id, self.move)


def history_view(page: int, more: bool, game_id: str | None, member_id: int | None, lang: str) -> discord.ui.View | None:
    if page == 0 and not more:
        return None
    view = discord.ui.View(timeout=None)
    newer = HistoryButton(page - 1 if page else 0, game_id, member_id, i18n.text("core.button.newer", lang))
    newer.item.disabled = page == 0
    older = HistoryButton(page + 1, game_id, member_id, i18n.text("core.button.older", lang))
    older.item.disabled = not more
    view.add_item(newer)
    view.add_item(older)
    return view


def replay_view(table_id: int, move: int, total: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    steps = (("⏮", 0), ("◀", max(0, move - 1)), ("▶", min(total, move + 1)), ("⏭", total))
    for slot, (label, target) in enumerate(steps):
        view.add_item(ReplayButton(table_id, target, slot, label, disabled=target == move))
    return view


def _anything_else() -> str:
    """A pattern for every custom_id the items above do not claim (a button
    from an older version, a damaged id), so no click goes unanswered."""
    known = "|".join(f"(?:{re.sub(r'[(][?]P<[a-z]+>', '(?:', item.__discord_ui_compiled_template__.pattern)})"
                     for item in (LobbyButton, BoardButton, ActionButton, ActionSelect, UndoButton, VoteButton,
                                  HistoryButton, ReplayButton))
    return rf"(?s)(?!(?:{known})\Z).*"


class StaleComponent(discord.ui.DynamicItem[discord.ui.Button], template=_anything_else()):
    def __init__(self, custom_id: str = "az:stale"):
        super().__init__(discord.ui.Button(label="·", custom_id=custom_id[:100] or "az:stale"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(getattr(item, "custom_id", None) or "az:stale")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handlers(interaction).stale_click(interaction)


PERSISTENT_ITEMS = (LobbyButton, BoardButton, ActionButton, ActionSelect, UndoButton, VoteButton,
                    HistoryButton, ReplayButton, StaleComponent)


def lobby_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op, key, style in (("join", "join", discord.ButtonStyle.success), ("leave", "leave", discord.ButtonStyle.secondary),
                           ("start", "start", discord.ButtonStyle.primary)):
        view.add_item(LobbyButton(table_id, op, i18n.text(f"core.button.{key}", lang), style))
    view.add_item(LobbyButton(table_id, "cancel", i18n.text("core.button.cancel", lang), discord.ButtonStyle.danger))
    # The second row: an AI seat at each level, and taking one away.
    for op, key in (("ai-easy", "add_ai_easy"), ("ai", "add_ai"), ("ai-hard", "add_ai_hard"), ("unai", "remove_ai")):
        button = LobbyButton(table_id, op, i18n.text(f"core.button.{key}", lang))
        button.item.row = 1
        view.add_item(button)
    return view


def board_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(table_id, "turn", i18n.text("core.button.my_turn", lang), discord.ButtonStyle.primary))
    view.add_item(BoardButton(table_id, "hand", i18n.text("core.button.hand", lang)))
    return view


def vote_view(table_id: int, seat: int, vote_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice, style in (("wait", discord.ButtonStyle.primary), ("ai", discord.ButtonStyle.secondary),
                          ("end", discord.ButtonStyle.danger)):
        view.add_item(VoteButton(table_id, seat, vote_id, choice, i18n.text(f"core.button.vote_{choice}", lang), style))
    return view


def prompt_view(table_id: int, seq: int, choices: Sequence[Choice], lang: str, *,
                undo: bool = False) -> tuple[discord.ui.View, bool]:
    """The legal actions as buttons (small groups share a row) and select
    menus (large groups), within Discord's 5 rows, and the undo button on a
    row of its own when the seat may take its last action back.  Returns the
    view and whether every action fit (the rest stay reachable through /play)."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.group, []).append(choice)
    rows: list[tuple[str, list[Choice]]] = []
    for group in groups.values():
        if len(group) > MAX_BUTTONS:
            rows.extend(("select", group[i:i + MAX_OPTIONS]) for i in range(0, len(group), MAX_OPTIONS))
        elif rows and rows[-1][0] == "buttons" and len(rows[-1][1]) + len(group) <= MAX_BUTTONS:
            rows[-1][1].extend(group)
        else:
            rows.append(("buttons", list(group)))
    view = discord.ui.View(timeout=None)
    room = MAX_ROWS - 1 if undo else MAX_ROWS
    for index, (kind, row_choices) in enumerate(rows[:room]):
        if kind == "select":
            options = [discord.SelectOption(label=_clip(c.label, 100), value=c.id) for c in row_choices]
            item = ActionSelect(table_id, seq, index, options, i18n.text("core.select.placeholder", lang))
            item.item.row = index
            view.add_item(item)
            continue
        for choice in row_choices:
            style = _STYLES.get(choice.style, discord.ButtonStyle.secondary)
            button = ActionButton(table_id, seq, choice.id, choice.label, style)
            button.item.row = index
            view.add_item(button)
    if undo:
        undo_button = UndoButton(table_id, seq, i18n.text("core.button.undo", lang))
        undo_button.item.row = min(len(rows), room)
        view.add_item(undo_button)
    return view, len(rows) <= room
