"""The message catalogue: every text a player sees, in English and Hungarian.

Messages are ``{"key", "args"}`` dicts (see ``games.base.msg``).  The texts
are Project Fluent files, one per language and catalogue: keys under
``core.`` in ``service/locales/<lang>.ftl``, keys under ``<game id>.`` in
``games/<game id>/locales/<lang>.ftl``.  A key names a Fluent message by
dropping its catalogue prefix and writing "-" for ".": ``core.error.no_table``
is ``error-no_table`` in ``service/locales/en.ftl``,
``sanjuan.card.indigo_plant`` is ``card-indigo_plant`` in
``games/sanjuan/locales/en.ftl`` (keys never contain "-", so this is one to
one).  A catalogue is parsed the first time one of its keys is shown in that
language.

Arguments are rendered before they reach Fluent: a nested message to its
text, ``{"seat": n}`` through the ``names`` callback, ``{"typed": text}``
(text a user typed: a display name, an option, an action id) through the
frontend's ``show_typed`` (Discord escapes Markdown and mentions in it), a
list to its items joined by ", ".  Numbers stay numbers, so that select expressions pick their
plural category (CLDR rules, via Babel), but they are shown as ``str()``
shows them: no digit grouping (table ids!), no Babel on the way (``PlainInt``,
handed to Fluent by ``_Bundle``, which uses fluent.runtime's resolver
directly: pyproject pins 0.4.x).  Booleans and None show as ``str()`` shows
them, a missing argument as its name (Fluent's fallback).  Fluent's Unicode
isolation marks are off: Discord shows them as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.resolver import MAX_PART_LENGTH, CurrentEnvironment, Literal, ResolverEnvironment
from fluent.runtime.types import FluentFloat, FluentInt, FluentNone, FluentType
from fluent.syntax import ast as ftl
from fluent.syntax.serializer import serialize_placeable

from games import registry
from service import grammar

LANGUAGES = ("en", "hu")
DEFAULT_LANGUAGE = "en"
CORE = "core"
_CORE_LOCALES = Path(__file__).resolve().parent / "locales"


def language_for_locale(locale: str | None) -> str:
    """Discord locale (``"hu"``, ``"en-US"`` …) → one of ``LANGUAGES``."""
    if locale and str(locale).lower().startswith("hu"):
        return "hu"
    return "en"


# -- keys and Fluent message ids ---------------------------------------------------------------

def message_id(key: str) -> tuple[str, str]:
    """A catalogue key → (catalogue, Fluent message id): ``"core.error.no_table"``
    → ``("core", "error-no_table")``, ``"sanjuan.card.well"`` → ``("sanjuan", "card-well")``."""
    prefix, _, rest = key.partition(".")
    return prefix, rest.replace(".", "-")


def key_of(catalogue_name: str, identifier: str) -> str:
    """The inverse of ``message_id``."""
    return f"{catalogue_name}.{identifier.replace('-', '.')}"


def catalogue_names() -> list[str]:
    """``"core"`` and the id of every available game."""
    return [CORE, *registry.game_ids()]


def locales_dir(catalogue_name: str) -> Path:
    """The folder holding ``<lang>.ftl`` of a catalogue."""
    return _CORE_LOCALES if catalogue_name == CORE else registry.locales(catalogue_name)


# -- arguments: Fluent values that render like str.format did ----------------------------------

class PlainInt(FluentInt):
    """An integer argument: a number to select expressions (plural
    categories), shown as ``str()`` shows it."""

    options = FluentInt.default_number_format_options

    def __new__(cls, value: int) -> PlainInt:
        return int.__new__(cls, value)

    def format(self, locale: Locale) -> str:
        return int.__repr__(self)


class PlainFloat(FluentFloat):
    """A float argument: like ``PlainInt``."""

    options = FluentFloat.default_number_format_options

    def __new__(cls, value: float) -> PlainFloat:
        return float.__new__(cls, value)

    def format(self, locale: Locale) -> str:
        return float.__repr__(self)


class LongText(str, FluentType):
    """A string argument longer than Fluent lets a placeable be
    (``MAX_PART_LENGTH``, a guard against runaway message references): as a
    Fluent value it is shown in full, as before.  Players type such texts
    into command options (up to 6000 characters) and refusals echo them."""

    def format(self, locale: Locale) -> str:  # type: ignore[override]  # FluentType's, not str's
        return self


class _Bundle(FluentBundle):
    """A ``FluentBundle`` whose arguments arrive as Fluent values already
    (``_value``): the stock ``format_pattern`` would turn a ``PlainInt`` back
    into a ``FluentInt``, formatted by Babel (grouped digits, ~10 µs a number)."""

    def format_pattern(self, pattern: Any, args: dict[str, Any] | None = None) -> tuple[str | FluentNone, list[Exception]]:
        errors: list[Exception] = []
        env = ResolverEnvironment(self, errors, CurrentEnvironment(args or {}))
        try:
            result = pattern(env)
        except ValueError as error:  # Fluent's limits on a pattern's size
            errors.append(error)
            result = "{???}"
        return result, errors


# -- catalogues --------------------------------------------------------------------------------

@cache
def _resource(catalogue_name: str, lang: str) -> ftl.Resource:
    path = locales_dir(catalogue_name) / f"{lang}.ftl"
    if not path.is_file():  # a language not translated yet: its keys render as themselves
        return ftl.Resource([])
    return FluentResource(path.read_text(encoding="utf-8"))


@cache
def _bundle(catalogue_name: str, lang: str) -> _Bundle:
    # Hungarian grammar Fluent lacks: ARTICLE (a/az), SUFFIX (5-ös, 3-as): service.grammar
    bundle = _Bundle([lang], functions=grammar.FUNCTIONS if lang == "hu" else None, use_isolating=False)
    bundle.add_resource(_resource(catalogue_name, lang))
    return bundle


def _known(catalogue_name: str) -> bool:
    return catalogue_name == CORE or catalogue_name in registry.game_ids()


# (lang, key) -> the text of a message without placeables, or its bundle and compiled pattern
_PATTERNS: dict[tuple[str, str], str | tuple[_Bundle, Any]] = {}


def _pattern(key: str, lang: str) -> str | tuple[_Bundle, Any] | None:
    """The text of ``key`` in ``lang`` if it has no placeables, else its
    bundle and compiled pattern; ``None`` if the catalogue lacks it."""
    try:
        return _PATTERNS[lang, key]
    except KeyError:
        pass
    catalogue_name, identifier = message_id(key)
    if not identifier or "-" in key or not _known(catalogue_name):  # "-" would alias a "." key
        return None
    bundle = _bundle(catalogue_name, lang)
    if not bundle.has_message(identifier):
        return None
    pattern = bundle.get_message(identifier).value
    if pattern is None:  # a message with attributes only
        return None
    entry: str | tuple[_Bundle, Any]
    if isinstance(pattern, Literal):
        literal: Any = pattern
        entry = str(literal(None))  # a text without placeables: literals ignore the environment
    else:
        entry = (bundle, pattern)
    _PATTERNS[lang, key] = entry
    return entry


def _source(pattern: ftl.Pattern | None) -> str:
    """A pattern as written in the .ftl file (continuation lines dedented)."""
    if pattern is None:
        return ""
    return "".join(element.value if isinstance(element, ftl.TextElement) else serialize_placeable(element)
                   for element in pattern.elements)


@cache
def _sources(catalogue_name: str) -> dict[str, tuple[str, ...]]:
    """Full key → the message's source in each language, for every message
    of a catalogue, in the order of the English file."""
    per_lang = [{entry.id.name: entry for entry in _resource(catalogue_name, lang).body
                 if isinstance(entry, ftl.Message)} for lang in LANGUAGES]
    order = list(per_lang[0]) + [i for messages in per_lang[1:] for i in messages if i not in per_lang[0]]
    return {key_of(catalogue_name, identifier): tuple(_source(m[identifier].value) if identifier in m else ""
                                                      for m in per_lang)
            for identifier in order}


def lookup(key: str) -> tuple[str, ...] | None:
    """The Fluent source of ``key`` in each language of ``LANGUAGES``
    (``{ $name }`` for an argument), ``None`` if no language has it; only
    the catalogue the key belongs to is loaded."""
    catalogue_name, _ = message_id(key)
    if "-" in key or not _known(catalogue_name):
        return None
    return _sources(catalogue_name).get(key)


def catalogue(name: str | None = None) -> dict[str, tuple[str, ...]]:
    """Full key → sources (see ``lookup``) of one catalogue (``"core"`` or a
    game id), or of all of them."""
    if name is not None:
        return dict(_sources(name)) if _known(name) else {}
    merged: dict[str, tuple[str, ...]] = {}
    for catalogue_name in catalogue_names():
        merged.update(_sources(catalogue_name))
    return merged


# -- rendering ---------------------------------------------------------------------------------

def as_typed(text: str) -> str:
    return text


# How text a user typed is shown: as typed (the console, the pictures), unless the frontend
# says otherwise (the Discord bot escapes Markdown and mentions: ``set_show_typed``).
_show_typed: Callable[[str], str] = as_typed


def set_show_typed(shown: Callable[[str], str]) -> None:
    global _show_typed
    _show_typed = shown


# Pictures draw what users typed as they typed it, whatever the frontend's text does.
_drawing: ContextVar[bool] = ContextVar("drawing", default=False)


@contextmanager
def drawing() -> Iterator[None]:
    token = _drawing.set(True)
    try:
        yield
    finally:
        _drawing.reset(token)


def typed(text: str) -> str:
    """Text a user typed, ready to stand in this frontend's text (a name in
    a line built outside the catalogue)."""
    return text if _drawing.get() else _show_typed(text)


def text(key: str, lang: str, **args: Any) -> str:
    """Shortcut: localise a key with plain arguments."""
    return render({"key": key, "args": args}, lang)


def render(message: Any, lang: str, names: Callable[[int], str] | None = None) -> str:
    """Localise a message; ``names(seat)`` renders ``{"seat": n}`` arguments.

    An unknown key renders as the key itself (visible in tests, never a crash
    in front of players); a missing argument shows as its name.
    """
    if not isinstance(message, dict):
        return message if isinstance(message, str) else str(message)
    key = message.get("key", "")
    if "seat" in message and "key" not in message:
        seat = message["seat"]
        return names(seat) if names else f"#{seat + 1}"
    if "typed" in message and "key" not in message:
        return typed(str(message["typed"]))
    if not isinstance(key, str):
        return str(key)
    entry = _PATTERNS.get((lang, key)) if lang in LANGUAGES else None
    if entry is None:
        entry = _pattern(key, lang if lang in LANGUAGES else DEFAULT_LANGUAGE)
        if entry is None:
            return key
    if isinstance(entry, str):
        return entry
    bundle, pattern = entry
    args = message.get("args")
    fluent_args = {k: _value(v, lang, names) for k, v in args.items()} if args else {}
    result, _errors = bundle.format_pattern(pattern, fluent_args)  # a missing argument shows as its name
    return str(result)


def _value(value: Any, lang: str, names: Callable[[int], str] | None) -> Any:
    """An argument as Fluent gets it (see the module's docstring)."""
    kind = type(value)
    if kind is dict:
        value = render(value, lang, names)
    elif kind is int:
        return PlainInt(value)
    elif kind is not str:
        if isinstance(value, str):
            pass
        elif isinstance(value, bool) or value is None:
            return str(value)
        elif isinstance(value, int):
            return PlainInt(value)
        elif isinstance(value, float):
            return PlainFloat(value)
        elif isinstance(value, dict):
            value = render(value, lang, names)
        elif isinstance(value, list):
            value = ", ".join([_item(v, lang, names) for v in value])
        else:
            value = format(value)
    return LongText(value) if len(value) > MAX_PART_LENGTH else value


def _item(value: Any, lang: str, names: Callable[[int], str] | None) -> str:
    """One item of a list argument."""
    if isinstance(value, dict):
        return render(value, lang, names)
    if isinstance(value, list):
        return ", ".join([_item(v, lang, names) for v in value])
    return str(value)


def missing_keys(keys: list[str]) -> list[str]:
    """Keys not in the catalogue in every language (used by tests over
    engines' messages)."""
    return [k for k in keys if any(_pattern(k, lang) is None for lang in LANGUAGES)]


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
