"""Errors a player sees: always a localisable message, shown to that user alone."""

from __future__ import annotations

from typing import Any

from games.base import Msg, msg


class UserError(Exception):
    """A request that was refused; ``reason`` is a message for the requester."""

    def __init__(self, reason: Msg | str, **args: Any):
        self.reason = msg(reason, **args) if isinstance(reason, str) else reason
        super().__init__(self.reason["key"])
