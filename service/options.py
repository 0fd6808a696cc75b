"""Table options typed by people: ``"start_choice=yes short=true"``.

Shared by the bot's ``/game new options:`` and the console.  Values are matched
against the option's allowed choices, so ``yes``/``igen``/``1`` mean True.
"""

from __future__ import annotations

from typing import Any

from games.base import Game, Option, typed_ref
from service import clock
from service.errors import UserError

# Options every table has, whatever its game.
CLOCK_OPTION = Option("clock", clock.DEFAULT_CLOCK, tuple(clock.CLOCKS), "core.clock.option")
TABLE_OPTIONS = (CLOCK_OPTION,)

_TRUE = {"true", "yes", "y", "on", "1", "igen", "i"}
_FALSE = {"false", "no", "n", "off", "0", "nem"}


def parse_options(game: Game, text: str | None) -> dict[str, Any]:
    """The game's options among ``name=value`` pairs (a bare name means True)."""
    return parse_table_options(game, text)[0]


def parse_table_options(game: Game, text: str | None) -> tuple[dict[str, Any], str]:
    """Parse ``name=value`` pairs for ``game``: its options, and the table's
    turn clock (``clock=24h``)."""
    parsed = _parse(game, text)
    return ({k: v for k, v in parsed.items() if k != CLOCK_OPTION.id},
            parsed.get(CLOCK_OPTION.id, CLOCK_OPTION.default))


def _parse(game: Game, text: str | None) -> dict[str, Any]:
    result: dict[str, Any] = {}
    known = {o.id: o for o in (*game.options, *TABLE_OPTIONS)}
    example = " ".join(f"{o.id}={_show(o.choices[-1])}" for o in (*game.options, *TABLE_OPTIONS)[:2])
    for token in (text or "").replace(",", " ").split():
        name, _, raw = token.partition("=")
        option = known.get(name.strip().lower())
        if option is None or (value := _coerce(raw.strip() if raw else "true", option.choices)) is _MISSING:
            # Quote only the start of the offending token: the reply must fit a message.
            raise UserError("core.error.bad_options", text=typed_ref(token[:80]), example=example)
        result[option.id] = value
    return result


def suggestions(game: Game, typed: str) -> list[str]:
    """Complete the last ``name=value`` token of ``typed`` (for autocomplete)."""
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    out = []
    for option in (*game.options, *TABLE_OPTIONS):
        for value in option.choices:
            token = f"{option.id}={_show(value)}"
            if token.startswith(last.lower()) and option.id not in head:
                out.append(prefix + token)
    return out


_MISSING = object()


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _coerce(raw: str, choices: tuple[Any, ...]) -> Any:
    lowered = raw.lower()
    for choice in choices:
        if isinstance(choice, bool):
            if (choice and lowered in _TRUE) or (not choice and lowered in _FALSE):
                return choice
        elif str(choice).lower() == lowered:
            return choice
    return _MISSING
