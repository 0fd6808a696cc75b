"""What of a seat's view is private: the parts that differ from the public view.

Used to decide when a player's private information changed (and so deserves a
fresh DM) without each game having to say what its secrets are.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def private_part(seat_view: Any, public_view: Any) -> Any:
    """The sub-structure of ``seat_view`` that is not equal in ``public_view``."""
    if isinstance(seat_view, dict) and isinstance(public_view, dict):
        diff = {}
        for key, value in seat_view.items():
            if key not in public_view:
                diff[key] = value
            elif value != public_view[key]:
                diff[key] = private_part(value, public_view[key])
        return diff
    if isinstance(seat_view, list) and isinstance(public_view, list) and len(seat_view) == len(public_view):
        return {str(i): private_part(a, b) for i, (a, b) in enumerate(zip(seat_view, public_view, strict=True))
                if a != b}
    return seat_view


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]
