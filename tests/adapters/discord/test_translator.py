"""The ``/golf`` commands' descriptions and choices in each member's language (discord/translator.py):
names stay English, English is the source (no translation given), and every text fits Discord's limits."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from adapters.discord.buttons import MAX_LABEL, GolfButton
from adapters.discord.commands import GolfCommands
from adapters.discord.compete import install
from adapters.discord.daily import add_daily_commands
from adapters.discord.table import sixcard_command
from adapters.discord.translator import MAX_TEXT, GolfTranslator, describe, described
from bot.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN

PLAY = "Start a round of Golf, or of TriPeaks, Black Hole … (the game option)"
NOBODY: Any = None


def context(location: TranslationContextLocation) -> Any:
    return TranslationContext(location=location, data=None)


def every_command() -> list[app_commands.Command[Any, ..., Any]]:
    """Every command of the ``/golf`` group, the competitions' and the daily's included."""
    golf = GolfCommands(NOBODY, NOBODY)
    golf.add_command(sixcard_command(NOBODY, NOBODY))
    add_daily_commands(golf, NOBODY, NOBODY)
    install(golf, SimpleNamespace(), NOBODY, NOBODY)  # type: ignore[arg-type]
    return [c for c in golf.walk_commands() if isinstance(c, app_commands.Command)]


@pytest.mark.parametrize("locale", [discord.Locale.american_english, discord.Locale.british_english])
async def test_english_is_the_source_so_nothing_is_translated(locale):
    translated = await GolfTranslator().translate(
        locale_str(PLAY), locale, context(TranslationContextLocation.command_description)
    )

    assert translated is None


@pytest.mark.parametrize(
    "location",
    [
        TranslationContextLocation.command_name,
        TranslationContextLocation.group_name,
        TranslationContextLocation.parameter_name,
    ],
)
async def test_names_stay_english(location):
    assert (
        await GolfTranslator().translate(locale_str("play"), discord.Locale.german, context(location)) is None
    )


async def test_a_language_not_shipped_is_left_to_english():
    translated = await GolfTranslator().translate(
        locale_str(PLAY), discord.Locale.japanese, context(TranslationContextLocation.command_description)
    )

    assert translated is None


async def test_a_shipped_language_gets_its_words_or_none_within_discords_limit():
    translated = await GolfTranslator().translate(
        locale_str(PLAY), discord.Locale.german, context(TranslationContextLocation.command_description)
    )

    assert translated is None or (isinstance(translated, str) and len(translated) <= MAX_TEXT)


def test_a_description_in_the_pseudo_language_is_bracketed_and_fits():
    worded = describe("Holes in the round (default 9)", PSEUDO)

    assert worded is not None
    assert worded.startswith(PSEUDO_OPEN) and worded.endswith(PSEUDO_CLOSE)
    assert len(worded) <= MAX_TEXT


def test_a_long_translation_is_clipped_to_discords_limit():
    worded = describe(PLAY, PSEUDO)

    assert worded is not None and worded.startswith(PSEUDO_OPEN)
    assert len(worded) <= MAX_TEXT


def test_english_and_no_language_give_no_translation():
    assert describe(PLAY, "en") is None
    assert describe(PLAY, None) is None


def test_a_description_with_a_number_is_english_for_discord_and_a_template_for_the_catalogues():
    text = described("Seconds for each turn (default {seconds})", seconds=60)

    assert text.message == "Seconds for each turn (default 60)"
    worded = describe(text.extras["template"], PSEUDO, **text.extras["params"])
    assert worded is not None and "60" in worded and worded.startswith(PSEUDO_OPEN)


def test_every_description_and_choice_fits_discord_in_the_pseudo_language():
    commands = every_command()
    texts = [str(c.description) for c in commands]
    texts += [str(p.description) for c in commands for p in c.parameters]
    texts += [choice.name for c in commands for p in c.parameters for choice in p.choices]

    assert len(commands) > 15
    for text in texts:
        worded = describe(text, PSEUDO)
        assert worded is not None and worded.startswith(PSEUDO_OPEN), text
        assert len(worded) <= MAX_TEXT, text


def test_names_are_kept_english_in_the_help_list():
    golf = GolfCommands(NOBODY, NOBODY)

    assert "/golf play [rules] [holes] [deal] [game]" in golf.command_list()


def test_a_button_label_is_clipped_to_discords_limit():
    button = GolfButton("g1:abcd:1:q", label="x" * 200, style=discord.ButtonStyle.primary, disabled=False)

    assert button.item.label is not None
    assert len(button.item.label) == MAX_LABEL and button.item.label.endswith("…")
