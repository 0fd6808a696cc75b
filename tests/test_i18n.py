"""The message catalogue: the Fluent files and how service.i18n renders them."""

from __future__ import annotations

import re
from functools import cache

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from games import registry
from service import i18n

CATALOGUES = i18n.catalogue_names()
GAMES = ("sanjuan", "alhambra", "anno1701", "maharaja", "hermagor")
IDENTIFIER = re.compile(r"[a-zA-Z][a-zA-Z0-9_-]*")


@cache
def _parsed(name: str, lang: str) -> ftl.Resource:
    path = i18n.locales_dir(name) / f"{lang}.ftl"
    return FluentParser().parse(path.read_text(encoding="utf-8"))


def _messages(name: str, lang: str) -> dict[str, ftl.Message]:
    return {e.id.name: e for e in _parsed(name, lang).body if isinstance(e, ftl.Message)}


class _Variables(Visitor):
    """Names of the variables a pattern refers to, select expressions included."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.names.add(node.id.name)
        self.generic_visit(node)


def variables(message: ftl.Message) -> set[str]:
    visitor = _Variables()
    visitor.visit(message)
    return visitor.names


def _args_for(key: str, value) -> dict:
    name, identifier = i18n.message_id(key)
    names: set[str] = set()
    for lang in i18n.LANGUAGES:
        names |= variables(_messages(name, lang)[identifier])
    return {n: value for n in names}


def _keys_with_variables() -> list[str]:
    return [key for key in i18n.catalogue() if _args_for(key, 0)]


def test_every_game_and_the_platform_has_a_catalogue():
    assert ["core", *GAMES] == CATALOGUES
    for game_id in GAMES:
        assert (registry.locales(game_id) / "en.ftl").is_file()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", CATALOGUES)
def test_every_file_parses_without_junk(name, lang):
    resource = _parsed(name, lang)
    junk = [(e.content[:80], [a.message for a in e.annotations]) for e in resource.body if isinstance(e, ftl.Junk)]
    assert junk == []
    assert _messages(name, lang), "an empty catalogue"
    # and Fluent resolves every message with all its arguments without an error
    bundle = i18n._bundle(name, lang)
    for identifier, message in _messages(name, lang).items():
        args = {v: "x" for v in variables(message)}
        _text, errors = bundle.format_pattern(bundle.get_message(identifier).value, args)
        assert errors == [], (identifier, errors)


@pytest.mark.parametrize("name", CATALOGUES)
def test_english_and_hungarian_define_the_same_messages_with_the_same_arguments(name):
    english, hungarian = (_messages(name, lang) for lang in ("en", "hu"))
    assert sorted(set(english) ^ set(hungarian)) == []
    assert list(english) == list(hungarian), "the two files list their messages in different orders"
    differ = {i: (variables(english[i]), variables(hungarian[i])) for i in english
              if variables(english[i]) != variables(hungarian[i])}
    assert differ == {}


def test_the_variables_of_select_expressions_count():
    source = "a = { $n ->\n    [one] one { $thing }\n   *[other] { $n } { $things }\n}\n"
    message = FluentParser().parse(source).body[0]
    assert variables(message) == {"n", "thing", "things"}


def test_keys_map_one_to_one_onto_fluent_identifiers():
    seen: dict[tuple[str, str], str] = {}
    for name in CATALOGUES:
        for lang in i18n.LANGUAGES:
            for identifier in _messages(name, lang):
                assert IDENTIFIER.fullmatch(identifier), identifier
                key = i18n.key_of(name, identifier)
                assert i18n.message_id(key) == (name, identifier)
                assert "-" not in key, key  # a "-" in a key would read back as "."
    for key in i18n.catalogue():
        assert "-" not in key and re.fullmatch(r"[a-z0-9]+(\.[A-Za-z0-9_]+)+", key), key
        name, identifier = i18n.message_id(key)
        assert i18n.key_of(name, identifier) == key
        assert seen.setdefault((name, identifier), key) == key
    # a key spelt with "-" is not an alias of the "." key
    assert i18n.text("sanjuan.card-well", "en") == "sanjuan.card-well"
    assert i18n.missing_keys(["sanjuan.card-well", "sanjuan.card.well"]) == ["sanjuan.card-well"]


def test_lookup_and_catalogue_give_both_languages():
    assert i18n.lookup("core.error.table_full") == ("The table is full ({ $count } seats).",
                                                     "Az asztal megtelt ({ $count } hely).")
    assert i18n.lookup("core.no.such") is None and i18n.lookup("nogame.x") is None
    every = i18n.catalogue()
    assert every["sanjuan.card.well"] == ("Well", "Kút")
    assert set(i18n.catalogue("sanjuan")) == {k for k in every if k.startswith("sanjuan.")}
    assert "\n" in every["alhambra.rules"][0]  # multi-line patterns come back dedented
    assert not any(line.startswith(" ") for line in every["alhambra.rules"][0].splitlines())


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rendering_inserts_no_isolation_marks(lang):
    nested = {"key": "core.error.table_full", "args": {"count": 3}}
    for key in i18n.catalogue():
        for value in ("Anna", 12, nested, {"seat": 0}):
            text = i18n.render({"key": key, "args": _args_for(key, value)}, lang, ["Anna"].__getitem__)
            assert "\u2068" not in text and "\u2069" not in text, key


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_are_shown_as_str_shows_them(lang):
    keys = _keys_with_variables()
    assert len(keys) > 100
    for key in keys:
        for number in (12345, -1234567, 0.5, 1234567.25):
            text = i18n.render({"key": key, "args": _args_for(key, number)}, lang)
            assert str(number) in text, (key, text)
    assert "12345" in i18n.text("core.error.table_full", lang, count=12345)
    assert i18n.text("core.error.table_full", lang, count=True) == i18n.text("core.error.table_full", lang,
                                                                            count="True")


@pytest.mark.parametrize(("lang", "one", "other"), [("en", 1, 2), ("hu", 1, 12345)])
def test_numbers_still_select_plural_categories(lang, one, other):
    bundle = i18n._Bundle([lang], use_isolating=False)
    bundle.add_resource(FluentParser().parse("n = { $n ->\n    [one] one:{ $n }\n   *[other] other:{ $n }\n}\n"))
    pattern = bundle.get_message("n").value

    def shown(number):  # the argument as render() hands it to Fluent
        return bundle.format_pattern(pattern, {"n": i18n._value(number, lang, None)})[0]

    assert shown(one) == f"one:{one}"
    assert shown(other) == f"other:{other}"
    assert shown(1.5) == "other:1.5"


def test_an_unknown_key_renders_as_itself():
    for key in ("sanjuan.no_such_key", "core.nope", "nogame.card.x", "core", ""):
        for lang in (*i18n.LANGUAGES, "de"):
            assert i18n.render({"key": key}, lang) == key
    assert i18n.missing_keys(["core.nope", "core.error.table_full"]) == ["core.nope"]
    assert i18n.render({"seat": 1}, "en") == "#2" and i18n.render({"seat": 1}, "en", ["A", "B"].__getitem__) == "B"
    assert i18n.render("plain", "hu") == "plain" and i18n.render(7, "hu") == "7"


def test_a_missing_or_odd_argument_does_not_raise():
    for key in _keys_with_variables():
        for lang in (*i18n.LANGUAGES, "xx"):
            assert isinstance(i18n.render({"key": key}, lang), str)
            for odd in (None, [], [None, {"seat": 5}], object(), (1, 2), {"key": 5}, {}):
                assert isinstance(i18n.render({"key": key, "args": _args_for(key, odd)}, lang), str)
    assert i18n.text("core.error.table_full", "en") == "The table is full (count seats)."


def test_long_arguments_are_shown_in_full():
    long = "é" * 6000  # Discord's longest option value; Fluent caps a placeable at 2500 characters
    text = i18n.text("core.error.unknown_action", "en", action=long)
    assert long in text and text.endswith("Pick one from the list.")
    assert i18n.render({"key": "core.error.unknown_action", "args": {"action": ["x" * 3000, 5]}}, "hu") \
        .startswith("„" + "x" * 3000 + ", 5”")
