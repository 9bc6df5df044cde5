"""bot/press_guard.py: a press is taken only on a message that carries its key, or an older key of the
same board; everything else (another board's key, a competition's, a made-up one) is refused."""

from __future__ import annotations

import pytest

from bot.press_guard import board_of, is_on_message

BOARD = ["g1:abcd1234:7:1", "g1:abcd1234:7:s", "g1:abcd1234:7:q"]


def test_a_key_of_the_message_is_on_it() -> None:
    assert is_on_message("g1:abcd1234:7:s", BOARD)
    assert is_on_message("start:play", ["start:play"])


def test_an_older_or_newer_key_of_the_same_board_is_a_stale_press_on_it() -> None:
    assert is_on_message("g1:abcd1234:6:s", BOARD)
    assert is_on_message("g1:abcd1234:8:2", BOARD)


@pytest.mark.parametrize(
    "pressed",
    [
        "b1:abcd1234:7:s",  # another family, the same session id
        "g1:zzzz9999:7:s",  # another round
        "c1:abcd1234:1:o",  # a competition's button
        "start:play",
        "g1:abcd1234",  # not a key at all
        "",
    ],
)
def test_anything_else_is_not(pressed: str) -> None:
    assert not is_on_message(pressed, BOARD)


def test_a_message_without_buttons_takes_no_press() -> None:
    assert not is_on_message("g1:abcd1234:7:s", [])
    assert not is_on_message("", [])


def test_the_board_of_an_id() -> None:
    assert board_of("t6:abcd1234:12:j") == "t6:abcd1234"
    assert board_of("c1:abcd1234:3:a") == "c1:abcd1234"
    assert board_of("start:play") == "start:play"
