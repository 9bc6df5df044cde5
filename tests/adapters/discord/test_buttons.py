"""Screen buttons as Discord buttons: styles, rows, and the limits of a message."""

from __future__ import annotations

import discord
import pytest

from adapters.discord.buttons import GolfButton, board_buttons
from bot.screens import Button, ButtonStyle, Screen, ScreenKind


def screen(*rows: tuple[Button, ...]) -> Screen:
    return Screen(ScreenKind.BOARD, title="Board", buttons=rows)


def test_buttons_keep_their_rows_labels_states_and_styles():
    view = board_buttons(
        screen(
            (Button("g1:abcd:1:1", "7♠", True, ButtonStyle.PRIMARY), Button("g1:abcd:1:2", "—", False)),
            (Button("g1:abcd:1:q", "Concede hole", True, ButtonStyle.DANGER),),
        )
    )

    assert view is not None and view.timeout is None
    assert [(i.row, i.custom_id, i.item.label, i.item.disabled, i.item.style) for i in view.children] == [
        (0, "g1:abcd:1:1", "7♠", False, discord.ButtonStyle.primary),
        (0, "g1:abcd:1:2", "—", True, discord.ButtonStyle.secondary),
        (1, "g1:abcd:1:q", "Concede hole", False, discord.ButtonStyle.danger),
    ]
    assert all(isinstance(i, GolfButton) for i in view.children)


def test_a_screen_without_buttons_has_no_view():
    assert board_buttons(Screen(ScreenKind.INFO, title="Help")) is None


def test_more_buttons_than_discord_allows_is_a_bug_caught_early():
    row = tuple(Button(f"g1:abcd:1:{n}", str(n)) for n in range(1, 7))
    with pytest.raises(ValueError, match="more buttons"):
        board_buttons(screen(row))


def test_a_button_id_must_be_an_action_id():
    with pytest.raises(ValueError):
        board_buttons(screen((Button("play-7", "7♠"),)))


def test_every_family_is_drawn_as_the_one_button_class_that_takes_its_presses():
    """A scoreboard's, a sign-up's, a table's and a board's buttons are all GolfButtons: one template, so a
    press of any of them (after a restart too) comes to the one handler."""
    ids = ("c1:abcd1234:3:o", "c1:abcd1234:3:j", "t6:abcd1234:2:s", "b1:abcd1234:5:1", "g1:abcd1234:1:n")
    view = board_buttons(
        Screen(ScreenKind.INFO, title="Anything", buttons=(tuple(Button(i, i) for i in ids),))
    )

    assert view is not None and all(isinstance(i, GolfButton) for i in view.children)
    assert [i.custom_id for i in view.children] == list(ids)
    template = GolfButton.__discord_ui_compiled_template__
    assert all(template.fullmatch(i) for i in ids)
    assert not template.fullmatch("c1:abcd1234:3:x") and not template.fullmatch("x1:abcd1234:3:o")
