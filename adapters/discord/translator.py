"""The ``/golf`` commands in each player's language: discord.py's ``app_commands.Translator`` over gettext.

discord.py asks the translator, while it syncs the commands, for every command's and option's description
and every choice's name in every locale Discord has (``Translator.translate``); Discord then shows each
member the text of their client's language, and the English one (the ``N_``-marked source, what the
commands are written with) where none is given. Command, group and option NAMES stay English: the help
texts, the refusals and the links name them so (``/golf play``).

A description with a number in it (``(default 60)``) is written ``described(N_("… (default {seconds})"),
seconds=60)``: English filled for Discord, the template kept for the catalogues.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from adapters.discord.render import clip
from bot import i18n
from bot.i18n import N_, _, speaking

MAX_TEXT = 100
"""Discord's limit on a description and on a choice's name."""
NAMES = frozenset(
    {
        TranslationContextLocation.command_name,
        TranslationContextLocation.group_name,
        TranslationContextLocation.parameter_name,
    }
)
"""What stays English: the names of commands, groups and options."""

CHOICE_NAMES = (
    # Translators: a choice of the format option (/golf challenge, /golf tournament): lowest total wins
    N_("stroke"),
    # Translators: a choice of the format option (/golf challenge, /golf tournament): hole by hole
    N_("match"),
    # Translators: a choice of the style option of /golf tournament: a knock-out
    N_("elimination"),
    # Translators: a choice of the style option of /golf tournament
    N_("round-robin"),
    # Translators: a choice of the style option of /golf tournament: the Swiss system
    N_("swiss"),
    # Translators: a choice of the period option of /golf leaderboard
    N_("today"),
    # Translators: a choice of the period option of /golf leaderboard: this week
    N_("week"),
    # Translators: a choice of the period option of /golf leaderboard: all time
    N_("all"),
    # Translators: a choice of /golf look: follow the server's look
    N_("server"),
)
"""The names of the options' fixed choices (``Literal`` values), marked for the catalogues: discord.py
asks the translator for them as for any choice. (The board looks, ``image``, ``text`` and ``emoji``, are
marked where the settings name them: ``commands.LOOKS``.)"""


def described(template: str, /, **params: object) -> locale_str:
    """A description with placeholders: ``template`` (``N_``-marked) filled in English for Discord, and kept
    with its ``params`` for the translations."""
    with speaking(i18n.SOURCE):
        english = _(template, **params)
    return locale_str(english, template=template, params=params)


@cache
def has_catalogue(language: str) -> bool:
    """Whether ``language`` has words of its own here: a compiled catalogue (``make``), or the
    pseudo-language; English is the source. Asked before ``speaking`` it, so that a sync, which runs
    through every locale Discord has, leaves a language not compiled to English quietly (``bot.i18n``
    warns once a player reads it)."""
    if language == i18n.SOURCE:
        return False
    if language == i18n.PSEUDO:
        return True
    return (i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file()


def describe(text: str, language: str | None, *, most: int = MAX_TEXT, **params: object) -> str | None:
    """``text`` (an English description or choice name, a msgid) in ``language``, within ``most``
    characters; None for English, a language not shipped or not compiled, or a text its catalogue does not
    translate (Discord shows the English one)."""
    if not text or language is None or not has_catalogue(language):  # ("": a catalogue's header)
        return None
    with speaking(i18n.SOURCE):
        english = _(text, **params)
    with speaking(language):
        worded = _(text, **params)
    return None if worded == english else clip(worded, most)


class GolfTranslator(app_commands.Translator):
    """Descriptions and choice names in each Discord locale that is a shipped language; names stay
    English."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        if context.location in NAMES:
            return None
        template = string.extras.get("template", string.message)
        params = string.extras.get("params", {})
        return describe(template, i18n.normalise(locale.value), **params)
