"""What ``/look`` and ``/settings`` read (``adapters/telegram/looks.py``), and what a photo's caption holds
(``adapters/telegram/photos.py``)."""

from __future__ import annotations

import pytest
from telegram.error import BadRequest, NetworkError, TimedOut

from adapters.telegram.flood import Stopping
from adapters.telegram.looks import LOOK_USAGE, SETTINGS_USAGE, place_options, player_options
from adapters.telegram.photos import CAPTION_LIMIT, caption_html, upload_failed
from bot.errors import BadOptionError
from bot.models import BoardLook
from bot.places import KEEP
from bot.screens import Screen, ScreenKind


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["text"], (BoardLook.TEXT, KEEP)),
        (["IMAGE", "four-colour", "on"], (BoardLook.IMAGE, True)),
        (["four_colour=off"], (KEEP, False)),
        (["four-color", "chat"], (KEEP, None)),
        (["chat"], (None, None)),  # everything as the chat says
        (["chat", "four-colour", "on"], (None, True)),
        ([], (KEEP, KEEP)),
    ],
)
def test_a_players_look(words: list[str], expected: tuple[object, object]) -> None:
    assert player_options(words) == expected


@pytest.mark.parametrize("words", [["four-colour"], ["four-colour", "maybe"], ["look=text"]])
def test_a_players_look_mistyped(words: list[str]) -> None:
    with pytest.raises(BadOptionError, match="Usage") as caught:
        player_options(words)
    assert str(caught.value.template) == LOOK_USAGE


def test_a_chats_settings() -> None:
    assert place_options(["look=emoji", "four_colour=on"]) == {"look": BoardLook.EMOJI, "four_colour": True}
    for words in (["look"], ["colour=on"], ["four_colour=chat"]):
        with pytest.raises(BadOptionError) as caught:
            place_options(words)
        assert caught.value.template == SETTINGS_USAGE
    with pytest.raises(BadOptionError, match="A board look is image, text or emoji"):
        place_options(["look=pretty"])


def test_a_caption_keeps_sentences_and_leaves_the_aligned_blocks_to_the_picture() -> None:
    screen = Screen(
        ScreenKind.BOARD,
        "Six-card Golf · hole 1/9",
        blocks=("Ann   ▢ 5♥ ▢\nBob   ▢ ▢ ▢", "Ann to play: /resume", "x" * 2000),
        notes=("Bob turned a card.",),
    )
    caption = caption_html(screen)
    assert caption == "<b>Six-card Golf · hole 1/9</b>\n\nBob turned a card.\n\nAnn to play: /resume"
    assert len(caption) <= CAPTION_LIMIT


def test_which_failures_send_the_board_as_text() -> None:
    assert upload_failed(NetworkError("Request Entity Too Large"))
    assert upload_failed(TimedOut())
    assert upload_failed(BadRequest("PHOTO_INVALID_DIMENSIONS"))
    assert not upload_failed(BadRequest("Message to edit not found"))
    assert not upload_failed(BadRequest("There is no media in the message to edit"))
    assert not upload_failed(Stopping(1))
