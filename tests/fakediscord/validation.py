"""Checks for what Discord would reject, with Discord-shaped error bodies.

Each check returns a list of problems ``(path, code, message)``; ``path`` is dotted like
``0.options.3.name`` and becomes Discord's nested ``errors`` object.  Limits follow Discord's
developer docs (see /work/shared/DISCORD.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

Problem = tuple[str, str, str]

LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})

MAX_GLOBAL_CHAT_COMMANDS = 100
MAX_COMMAND_CHARS = 4000
MAX_FILE_SIZE = 10 * 1024 * 1024


class DiscordError(Exception):
    """Raised by route handlers; becomes a JSON error response."""

    def __init__(self, status: int, code: int, message: str, problems: list[Problem] | None = None,
                 kind: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.problems = problems or []
        self.kind = kind  # set when this is a validation failure tests should see

    def body(self) -> dict[str, Any]:
        d: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.problems:
            d["errors"] = nest_problems(self.problems)
        return d


def invalid_form(problems: list[Problem], kind: str) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", problems, kind=kind)


def nest_problems(problems: list[Problem]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for path, code, message in problems:
        node = root
        for key in [k for k in path.split(".") if k]:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return root


def bad_length(path: str, value: Any, lo: int, hi: int) -> list[Problem]:
    if not isinstance(value, str):
        return [(path, "BASE_TYPE_STRING", "Must be a string.")]
    if not lo <= len(value) <= hi:
        if lo == 0 or lo == 1 and value:
            return [(path, "BASE_TYPE_MAX_LENGTH", f"Must be {hi} or fewer in length.")]
        return [(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")]
    return []


def _max_items(path: str, items: Any, hi: int) -> list[Problem]:
    if items is not None and len(items) > hi:
        return [(path, "BASE_TYPE_MAX_LENGTH", f"Must be {hi} or fewer in length.")]
    return []


# --- application commands -------------------------------------------------------------------

def _name_char_ok(c: str) -> bool:
    # ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$ without the third-party `regex` module
    if c in "-_'":
        return True
    if unicodedata.category(c)[0] in "LN":
        return True
    o = ord(c)
    return 0x0900 <= o <= 0x097F or 0xA8E0 <= o <= 0xA8FF or 0x0E01 <= o <= 0x0E5B


def check_command_name(path: str, name: Any, chat_input: bool = True) -> list[Problem]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return bad_length(path, name, 1, 32) or [(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")]
    if chat_input:
        if not all(_name_char_ok(c) for c in name):
            return [(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")]
        if name != name.lower():
            return [(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name must be lowercase: {name!r}")]
    return []


def _check_localizations(path: str, locs: Any, check_value) -> list[Problem]:
    if locs is None:
        return []
    if not isinstance(locs, dict):
        return [(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    for key, value in locs.items():
        if key not in LOCALES:
            out.append((f"{path}.{key}", "ENUM_TYPE_COERCE", f'Value "{key}" is not a valid enum value.'))
        else:
            out += check_value(f"{path}.{key}", value)
    return out


def _check_name_desc(path: str, obj: dict[str, Any], chat_input: bool = True, description: bool = True) -> list[Problem]:
    pre = f"{path}." if path else ""
    out = check_command_name(pre + "name", obj.get("name"), chat_input)
    out += _check_localizations(pre + "name_localizations", obj.get("name_localizations"),
                                lambda p, v: check_command_name(p, v, chat_input))
    if description:
        out += bad_length(pre + "description", obj.get("description"), 1, 100)
        out += _check_localizations(pre + "description_localizations", obj.get("description_localizations"),
                                    lambda p, v: bad_length(p, v, 1, 100))
    return out


def _check_choices(path: str, opt: dict[str, Any]) -> list[Problem]:
    choices = opt.get("choices")
    if not choices:
        return []
    out = _max_items(path, choices, 25)
    if opt.get("type") not in (3, 4, 10):
        out.append((path, "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices only allowed for string/integer/number"))
    if opt.get("autocomplete"):
        out.append((path, "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES",
                    "Autocomplete cannot be set with choices"))
    for i, ch in enumerate(choices):
        out += check_choice(f"{path}.{i}", ch, opt.get("type"))
    return out


def check_choice(path: str, ch: dict[str, Any], opt_type: int | None) -> list[Problem]:
    out = bad_length(f"{path}.name", ch.get("name"), 1, 100)
    out += _check_localizations(f"{path}.name_localizations", ch.get("name_localizations"),
                                lambda p, v: bad_length(p, v, 1, 100))
    value = ch.get("value")
    if opt_type == 3 or (opt_type is None and isinstance(value, str)):
        out += bad_length(f"{path}.value", value, 1, 100)
    elif isinstance(value, bool) or not isinstance(value, int | float):
        out.append((f"{path}.value", "BASE_TYPE_NUMBER", "Value must be a number."))
    elif opt_type == 4 and not (isinstance(value, int) and -(2**53) < value < 2**53):
        out.append((f"{path}.value", "NUMBER_TYPE_COERCE", f"Value {value!r} is not an int."))
    return out


def _check_options(path: str, options: list[dict[str, Any]], depth: int) -> list[Problem]:
    out = _max_items(path, options, 25)
    kinds = {o.get("type") in (1, 2) for o in options}
    if len(kinds) > 1:
        out.append((path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-command and sub-command group option types are mutually exclusive to all other types"))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        out.append((path, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"))
    seen_optional = False
    for i, opt in enumerate(options):
        p = f"{path}.{i}"
        t = opt.get("type")
        out += _check_name_desc(p, opt)
        if t not in range(1, 12):
            out.append((f"{p}.type", "ENUM_TYPE_COERCE", f'Value "{t}" is not a valid enum value.'))
            continue
        if t in (1, 2):
            # depth 0: command level; groups may hold subcommands only, subcommands hold no subcommands
            if depth >= 2 or (depth == 1 and t == 2):
                out.append((f"{p}.type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands nested too deep"))
            sub = opt.get("options") or []
            if t == 2 and any(o.get("type") != 1 for o in sub):
                out.append((f"{p}.options", "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                            "Sub-command groups may only contain sub-commands"))
            out += _check_options(f"{p}.options", sub, depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                out.append((p, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options"))
        else:
            seen_optional = True
        out += _check_choices(f"{p}.choices", opt)
        for key, lo, hi in (("min_length", 0, 6000), ("max_length", 1, 6000)):
            v = opt.get(key)
            if v is not None and not lo <= v <= hi:
                out.append((f"{p}.{key}", "NUMBER_TYPE_MIN", f"{key} must be between {lo} and {hi}"))
    return out


def _longest(obj: dict[str, Any], key: str) -> int:
    values = [obj.get(key) or ""] + list((obj.get(f"{key}_localizations") or {}).values())
    return max(len(str(v)) for v in values)


def command_size(cmd: dict[str, Any]) -> int:
    """Characters Discord counts towards the 4000 limit: name, description, value of the command,
    its options and choices, using the longest localisation of each field."""

    def walk(o: dict[str, Any]) -> int:
        n = _longest(o, "name") + _longest(o, "description")
        if "value" in o:
            n += len(str(o["value"]))
        for ch in o.get("choices") or []:
            n += _longest(ch, "name") + len(str(ch.get("value", "")))
        return n + sum(walk(x) for x in o.get("options") or [])

    return walk(cmd)


def check_command(path: str, cmd: Any) -> list[Problem]:
    if not isinstance(cmd, dict):
        return [(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    ctype = cmd.get("type", 1)
    if ctype not in (1, 2, 3, 4):
        return [(f"{path}.type", "ENUM_TYPE_COERCE", f'Value "{ctype}" is not a valid enum value.')]
    if ctype == 1:
        out = _check_name_desc(path, cmd)
        out += _check_options(f"{path}.options", cmd.get("options") or [], 0)
    else:
        out = _check_name_desc(path, cmd, chat_input=False, description=False)
        if cmd.get("description"):
            out.append((f"{path}.description", "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
                        "Context menu commands cannot have description"))
        if cmd.get("options"):
            out.append((f"{path}.options", "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS",
                        "Context menu commands cannot have options"))
    if command_size(cmd) > MAX_COMMAND_CHARS:
        out.append((path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({MAX_COMMAND_CHARS})"))
    return out


def check_command_list(cmds: Any, is_global: bool) -> list[Problem]:
    if not isinstance(cmds, list):
        return [("", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    out: list[Problem] = []
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(cmds):
        out += check_command(str(i), cmd)
        if isinstance(cmd, dict):
            key = (cmd.get("type", 1), cmd.get("name"))
            if key in seen:
                out.append((f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"))
            seen.add(key)
    chat = sum(1 for c in cmds if isinstance(c, dict) and c.get("type", 1) == 1)
    if chat > MAX_GLOBAL_CHAT_COMMANDS:
        where = "global" if is_global else "guild"
        out.append(("", "APPLICATION_COMMANDS_TOO_MANY", f"Maximum number of {where} chat input commands reached (100)"))
    return out


def check_autocomplete_choices(choices: Any) -> list[Problem]:
    if not isinstance(choices, list):
        return [("data.choices", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    out = _max_items("data.choices", choices, 25)
    for i, ch in enumerate(choices):
        out += check_choice(f"data.choices.{i}", ch, None)
    return out


# --- messages and components ----------------------------------------------------------------

def iter_components(components: list[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Every component at any depth (action rows, v2 containers, sections, labels)."""
    for c in components or []:
        yield c
        yield from iter_components(c.get("components"))
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from iter_components([c[key]])


EMBED_LIMITS = {"title": 256, "description": 4096}


def embed_chars(e: dict[str, Any]) -> int:
    n = len(e.get("title") or "") + len(e.get("description") or "")
    n += len((e.get("footer") or {}).get("text") or "") + len((e.get("author") or {}).get("name") or "")
    return n + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or [])


def _check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    out = _max_items("embeds", embeds, 10)
    for i, e in enumerate(embeds):
        p = f"embeds.{i}"
        for key, hi in EMBED_LIMITS.items():
            if e.get(key) is not None:
                out += bad_length(f"{p}.{key}", e[key], 0, hi)
        if (e.get("footer") or {}).get("text") is not None:
            out += bad_length(f"{p}.footer.text", e["footer"]["text"], 0, 2048)
        if (e.get("author") or {}).get("name") is not None:
            out += bad_length(f"{p}.author.name", e["author"]["name"], 0, 256)
        fields = e.get("fields") or []
        out += _max_items(f"{p}.fields", fields, 25)
        for j, f in enumerate(fields):
            out += bad_length(f"{p}.fields.{j}.name", f.get("name"), 1, 256)
            out += bad_length(f"{p}.fields.{j}.value", f.get("value"), 1, 1024)
    if sum(embed_chars(e) for e in embeds) > 6000:
        out.append(("embeds", "MESSAGE_EMBEDS_TOO_LARGE", "Embed size exceeds maximum size of 6000"))
    return out


def _check_interactive(p: str, c: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    t = c.get("type")
    if "custom_id" in c:
        out += bad_length(f"{p}.custom_id", c["custom_id"], 1, 100)
    if t == 2:
        if c.get("label") is not None:
            out += bad_length(f"{p}.label", c["label"], 0, 80)
        if c.get("style") == 5:
            if not c.get("url") or "custom_id" in c:
                out.append((p, "BUTTON_COMPONENT_URL_REQUIRED", "Link buttons need a url and no custom_id"))
        elif c.get("style") != 6 and "custom_id" not in c:
            out.append((p, "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id required"))
    elif t in (3, 5, 6, 7, 8):
        if c.get("placeholder") is not None:
            out += bad_length(f"{p}.placeholder", c["placeholder"], 0, 150)
        for key in ("min_values", "max_values"):
            v = c.get(key)
            if v is not None and not (0 if key == "min_values" else 1) <= v <= 25:
                out.append((f"{p}.{key}", "NUMBER_TYPE_MAX", f"{key} must be between 0 and 25"))
        if t == 3:
            opts = c.get("options") or []
            if not opts:
                out.append((f"{p}.options", "BASE_TYPE_REQUIRED", "This field is required"))
            out += _max_items(f"{p}.options", opts, 25)
            for j, o in enumerate(opts):
                out += bad_length(f"{p}.options.{j}.label", o.get("label"), 1, 100)
                out += bad_length(f"{p}.options.{j}.value", o.get("value"), 1, 100)
                if o.get("description") is not None:
                    out += bad_length(f"{p}.options.{j}.description", o["description"], 0, 100)
            if (c.get("max_values") or 1) > len(opts):
                out.append((f"{p}.max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
                            "max_values must not exceed the number of options"))
    return out


def _check_components(components: list[dict[str, Any]], v2: bool) -> list[Problem]:
    out: list[Problem] = []
    if not v2:
        out += _max_items("components", components, 5)
        for i, row in enumerate(components):
            p = f"components.{i}"
            if row.get("type") != 1:
                out.append((f"{p}.type", "UNION_TYPE_CHOICES", "Top-level components must be action rows"))
                continue
            kids = row.get("components") or []
            types = [k.get("type") for k in kids]
            if not kids:
                out.append((f"{p}.components", "BASE_TYPE_REQUIRED", "An action row needs components"))
            elif all(t == 2 for t in types):
                out += _max_items(f"{p}.components", kids, 5)
            elif len(kids) != 1:
                out.append((f"{p}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                            "The specified component exceeds the maximum width"))
            for j, k in enumerate(kids):
                out += _check_interactive(f"{p}.components.{j}", k)
    else:
        every = list(iter_components(components))
        if len(every) > 40:
            out.append(("components", "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED", "Maximum 40 components"))
        for j, c in enumerate(every):
            if c.get("type") == 1:
                kids = c.get("components") or []
                if not (all(k.get("type") == 2 for k in kids) and len(kids) <= 5) and len(kids) != 1:
                    out.append((f"components.{j}", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                                "The specified component exceeds the maximum width"))
            if c.get("type") == 10:
                out += bad_length(f"components.{j}.content", c.get("content"), 1, 4000)
            out += _check_interactive(f"components.{j}", c)
    ids = [c["custom_id"] for c in iter_components(components) if "custom_id" in c]
    if len(ids) != len(set(ids)):
        out.append(("components", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"))
    return out


def check_message(payload: dict[str, Any], files: int = 0, editing: bool = False,
                  existing_attachments: int = 0) -> list[Problem]:
    """A message create/edit body (also interaction callback data and webhook bodies)."""
    out: list[Problem] = []
    content = payload.get("content")
    if content is not None:
        out += bad_length("content", content, 0, 2000)
    embeds = payload.get("embeds") or []
    out += _check_embeds(embeds)
    flags = payload.get("flags") or 0
    v2 = bool(flags & (1 << 15))
    components = payload.get("components") or []
    out += _check_components(components, v2)
    if v2 and (content or embeds):
        out.append(("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2"))
    attachments = payload.get("attachments")
    n_files = files + (len(attachments) if attachments is not None and editing else existing_attachments)
    if n_files > 10:
        out.append(("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    if not editing and not (content or embeds or components or files or payload.get("sticker_ids")
                            or payload.get("poll")):
        out.append(("", "50006", "Cannot send an empty message"))
    return out
