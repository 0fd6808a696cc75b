"""The message catalogue: every text a player sees, in English and Hungarian.

Messages are ``{"key", "args"}`` dicts (see ``games.base.msg``).  Keys under
``core.`` come from ``service/messages.py``; keys under ``<game id>.`` from
``games/<game id>/messages.py``.  Each entry is a pair ``(english, hungarian)``
of ``str.format`` templates with named fields.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from games import registry
from service.messages import MESSAGES as CORE_MESSAGES

LANGUAGES = ("en", "hu")
DEFAULT_LANGUAGE = "en"
_INDEX = {"en": 0, "hu": 1}


def language_for_locale(locale: str | None) -> str:
    """Discord locale (``"hu"``, ``"en-US"`` …) → one of ``LANGUAGES``."""
    if locale and str(locale).lower().startswith("hu"):
        return "hu"
    return "en"


@cache
def catalogue() -> dict[str, tuple[str, str]]:
    """All messages with their full keys."""
    merged = dict(CORE_MESSAGES)
    for game_id in registry.game_ids():
        for key, pair in registry.messages(game_id).items():
            merged[f"{game_id}.{key}"] = pair
    return merged


def lookup(key: str) -> tuple[str, str] | None:
    """One entry; only the catalogue of the game the key belongs to is loaded."""
    prefix, _, rest = key.partition(".")
    if prefix == "core":
        return CORE_MESSAGES.get(key)
    if prefix in registry.game_ids():
        return registry.messages(prefix).get(rest)
    return None


def text(key: str, lang: str, **args: Any) -> str:
    """Shortcut: localise a key with plain arguments."""
    return render({"key": key, "args": args}, lang)


def render(message: Any, lang: str, names: Callable[[int], str] | None = None) -> str:
    """Localise a message; ``names(seat)`` renders ``{"seat": n}`` arguments.

    An unknown key renders as the key itself (visible in tests, never a crash
    in front of players); a template with a missing argument likewise.
    """
    if isinstance(message, str):
        return message
    if isinstance(message, dict) and "seat" in message and "key" not in message:
        seat = message["seat"]
        return names(seat) if names else f"#{seat + 1}"
    if not isinstance(message, dict):
        return str(message)
    key = message.get("key", "")
    pair = lookup(key)
    if pair is None:
        return key
    template = pair[_INDEX.get(lang, 0)]
    args = {k: _arg(v, lang, names) for k, v in (message.get("args") or {}).items()}
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return template


def _arg(value: Any, lang: str, names: Callable[[int], str] | None) -> Any:
    if isinstance(value, dict):
        return render(value, lang, names)
    if isinstance(value, list):
        return ", ".join(str(_arg(v, lang, names)) for v in value)
    return value


def missing_keys(keys: list[str]) -> list[str]:
    """Keys not in the catalogue (used by tests over engines' messages)."""
    return [k for k in keys if lookup(k) is None]


def message_keys(message: Any, out: set[str] | None = None) -> set[str]:
    """Every catalogue key in a message, its nested arguments, or a list of
    messages (for tests that check the catalogue covers what is shown)."""
    found = set() if out is None else out
    if isinstance(message, list | tuple):
        for item in message:
            message_keys(item, found)
    elif isinstance(message, dict):
        if isinstance(message.get("key"), str):
            found.add(message["key"])
        for value in (message.get("args") or {}).values():
            message_keys(value, found)
    return found
