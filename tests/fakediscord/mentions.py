"""Who a message pings, as Discord decides it: the mentions in its content that its
``allowed_mentions`` lets through (none given: every mention in the content).

``parse`` lists the kinds parsed from the content (``users``, ``roles``,
``everyone``); ``users`` / ``roles`` name the only ids that may ping, and may not
be given together with the same kind in ``parse``.  Ephemeral messages ping nobody.
"""

from __future__ import annotations

import re
from typing import Any

from .validation import Problem

USER_MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")


def check_allowed_mentions(payload: dict[str, Any]) -> list[Problem]:
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return [("allowed_mentions", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            out.append(("allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                        f"parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive."))
        if len(allowed.get(kind) or []) > 100:
            out.append((f"allowed_mentions.{kind}", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."))
    return out


def pings(payload: dict[str, Any]) -> tuple[frozenset[int], bool]:
    """The users a new message pings, and whether it pings @everyone/@here."""
    content = payload.get("content") or ""
    mentioned = {int(i) for i in USER_MENTION.findall(content)}
    everyone = bool(EVERYONE.search(content))
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return frozenset(mentioned), everyone
    parse = allowed.get("parse") or []
    users = mentioned if "users" in parse else mentioned & {int(i) for i in allowed.get("users") or []}
    return frozenset(users), everyone and "everyone" in parse
