"""The terminal reads the language its environment asks for, as GNU gettext does."""

from __future__ import annotations

import io

import pytest

from adapters.console.game import CONFIRM, PLACE, ConsoleGame
from adapters.console.language import terminal_language
from adapters.console.sixcard import key_line
from bot.clubhouse import Clubhouse
from bot.i18n import PSEUDO, PSEUDO_OPEN, _, speaking
from bot.models import Player
from bot.render import text_width

ME = Player("console", "me", "me")


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({"LANGUAGE": "de:en"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LC_ALL": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "fr", "LANG": "de_DE.UTF-8"}, "fr"),  # LANGUAGE wins over LANG
        ({"LANGUAGE": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # an empty LANGUAGE is passed over
        ({"LANGUAGE": "gd:es"}, "es"),  # the first language shipped of the list
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
    ],
)
def test_the_terminal_speaks_the_language_of_its_environment(env: dict[str, str], language: str) -> None:
    assert terminal_language(env) == language


def test_the_environment_of_the_process_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert terminal_language() == "de"


# The terminal's screens in the pseudo-language (every text a third longer): they still fit 80 columns.

WIDTH = 80


def too_wide(text: str) -> list[str]:
    return [line for line in text.split("\n") if text_width(line) > WIDTH]


async def test_the_board_screen_fits_80_columns_in_a_longer_language(club: Clubhouse) -> None:
    out = io.StringIO()
    game = ConsoleGame(club, ME, out=out, keyboard=io.StringIO())
    with speaking(PSEUDO):
        board = await club.start_round(ME, PLACE, holes=2, deal_code="24")
        game.show(board, _(CONFIRM["q"]))
        game.show(board, game._goodbye(board) + game._again_prompt())
        game.show_help(board)
        game.leave()
    drawn = out.getvalue()
    assert PSEUDO_OPEN in drawn and "Thanks for playing" not in drawn  # the terminal's own texts are worded
    assert too_wide(drawn) == []


def test_the_sixcard_key_line_fits_80_columns_in_a_longer_language() -> None:
    with speaking(PSEUDO):
        line = key_line()
    assert PSEUDO_OPEN in line
    assert too_wide(line) == []
    assert key_line() == (  # English, as it was
        "Keys: 1-6 turn a card / put your card there · s stock · p discard pile ·\n"
        "      x discard · n next hand · a abandon the table · q save and quit"
    )
