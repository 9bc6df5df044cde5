"""bot.i18n: which language a code names, the language a text is worded in, plurals, numbers and dates as
each language writes them, and the pseudo-language of the tests."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from bot.i18n import (
    PSEUDO,
    PSEUDO_CLOSE,
    PSEUDO_OPEN,
    _,
    current,
    day,
    ngettext,
    normalise,
    number,
    privately,
    pseudo,
    resolve,
    speaking,
    unworded,
)


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("de", "de"),
        ("de-DE", "de"),
        ("de_AT.UTF-8", "de"),
        ("pt-BR", "pt_BR"),
        ("pt", "pt_BR"),
        ("es-419", "es"),
        ("en-GB", "en"),
        ("fr", "fr"),
        ("ru", "ru"),
        ("en-XA", PSEUDO),
        ("ja", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_a_code_names_a_shipped_language_or_none(code: str | None, language: str | None) -> None:
    assert normalise(code) == language


def test_the_first_shipped_language_wins_else_english() -> None:
    assert resolve(None, "ja", "fr-CA", "de") == "fr"
    assert resolve(None, "ja") == "en"


def test_speaking_holds_inside_its_block_only() -> None:
    assert current() == "en"
    with speaking("de-DE"):
        assert current() == "de"
        with speaking("ja"):
            assert current() == "en"
        assert current() == "de"
    assert current() == "en"


def test_what_is_the_pressers_alone_is_worded_in_theirs() -> None:
    with speaking("fr", presser="de"):
        assert current() == "fr"
        with privately():
            assert current() == "de"
        assert current() == "fr"
    with speaking("fr"), privately():
        assert current() == "fr"


async def test_each_task_keeps_its_own_language() -> None:
    async def words(language: str) -> str:
        with speaking(language):
            await asyncio.sleep(0)
            return current()

    assert await asyncio.gather(words("de"), words("fr"), words("ru")) == ["de", "fr", "ru"]


def test_placeholders_are_filled_and_command_keys_left_for_the_adapter() -> None:
    assert (
        _("Hole {hole} of {holes}. Start with {play}.", hole=3, holes=9) == "Hole 3 of 9. Start with {play}."
    )


@pytest.mark.parametrize(("count", "text"), [(1, "1 day played"), (2, "2 days played")])
def test_counts_take_their_plural_form(count: int, text: str) -> None:
    assert ngettext("{count} day played", "{count} days played", count) == text


def test_numbers_and_dates_as_each_language_writes_them() -> None:
    with speaking("en"):
        assert (number(1234.5, places=1), day(date(2026, 11, 29))) == ("1,234.5", "2026-11-29")
    with speaking("de"):
        assert (number(1234.5, places=1), day(date(2026, 11, 29))) == ("1.234,5", "29.11.2026")
    with speaking("fr"):
        assert number(1234.5, places=1) == "1\u202f234,5"


def test_the_pseudo_language_accents_brackets_and_lengthens_but_keeps_what_code_reads() -> None:
    text = "Play {count} cards with /golf_play <b>now</b> &amp; 7♠"
    worded = pseudo(text)
    assert worded.startswith(PSEUDO_OPEN) and worded.endswith(PSEUDO_CLOSE)
    for kept in ("{count}", "/golf_play", "<b>", "</b>", "&amp;", "7♠"):
        assert kept in worded
    assert "Play" not in worded
    plain = "Nothing to undo on this hole."
    assert len(pseudo(plain)) - 2 >= len(plain) * 4 / 3  # a third longer, and the brackets
    with speaking(PSEUDO):
        assert _("Hole {hole}", hole=3).startswith(PSEUDO_OPEN)
        assert PSEUDO_OPEN in ngettext("{count} day", "{count} days", 1)


def test_words_left_outside_the_pseudo_language_are_found() -> None:
    with speaking(PSEUDO):
        worded = _("{player} plays {card}", player="Alice", card="7♠")
        nested = _("Score: {result}", result=_("Nothing to undo on this hole."))
        glued = _("Score: {result}", result="halved")
    assert unworded(worded) == ["Alice"]
    assert unworded(nested) == []
    assert unworded(glued) == ["halved"]
    assert unworded(f"{worded}\nStock (16) · /help https://t.me/x <b>7♠</b>") == ["Alice", "Stock"]


def test_worded_texts_are_remembered_per_language_and_values() -> None:
    assert _("Hole {hole} of {holes}", hole=3, holes=9) == _("Hole {hole} of {holes}", hole=3, holes=9)
    assert _("Hole {hole} of {holes}", hole=4, holes=9) == "Hole 4 of 9"
    with speaking(PSEUDO):
        assert _("Hole {hole} of {holes}", hole=3, holes=9).startswith(PSEUDO_OPEN)
    assert _("Seats: {seats}", seats=["Ann", "Bob"]) == "Seats: ['Ann', 'Bob']"  # (no key: worded each time)
