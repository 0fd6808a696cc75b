"""Command names and descriptions from the message catalogue.

Each ``locale_str`` made by ``t()`` carries its catalogue key; discord.py asks
this translator for every locale when syncing, and Discord then shows
Hungarian users ``/játék új`` and English users ``/game new``.
"""

from __future__ import annotations

import discord
from discord import app_commands

from service import i18n

_LANGUAGE_OF_LOCALE = {
    discord.Locale.hungarian: "hu",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


def t(key: str) -> app_commands.locale_str:
    """A command-facing string: the English text, keyed for translation."""
    return app_commands.locale_str(i18n.text(key, "en"), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        language = _LANGUAGE_OF_LOCALE.get(locale)
        if not key or language is None:
            return None
        return i18n.text(key, language)
