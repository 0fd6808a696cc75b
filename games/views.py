"""Building views from allow-lists: a view names the keys it may show, and
only those leave the state.  Engines build their views field by field; this
is the one way to copy a record whose optional keys depend on its kind (a
pending decision, a turn's progress)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def allowed(record: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """The ``keys`` that ``record`` holds, and nothing else.  Lists and dicts
    are copied one level deep, so a view never shares a container with the state."""
    out: dict[str, Any] = {}
    for key in keys:
        if key in record:
            value = record[key]
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            out[key] = value
    return out
