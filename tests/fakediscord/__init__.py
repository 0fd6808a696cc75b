"""A local Discord (HTTP API v10 + gateway) for tests: see server.FakeDiscord."""

from .interactions import FakeInteraction, InteractionFailed
from .models import Attachment, Channel, ErrorRecord, Guild, Message, User, ValidationFailure
from .server import FakeDiscord
from .validation import LOCALES

__all__ = ["LOCALES", "Attachment", "Channel", "ErrorRecord", "FakeDiscord", "FakeInteraction", "Guild",
           "InteractionFailed", "Message", "User", "ValidationFailure"]
