"""Action text: ``parse_action`` and ``action_name`` are a pair, and bad text says what to type."""

from __future__ import annotations

import pytest

from engine.sixcard.actions import (
    DISCARD,
    DRAW,
    TAKE,
    Action,
    ActionError,
    ActionKind,
    action_name,
    parse_action,
)

EVERY_ACTION = [
    DRAW,
    TAKE,
    DISCARD,
    *(Action.flip(p) for p in range(6)),
    *(Action.place(p) for p in range(6)),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=action_name)
def test_names_read_back(action: Action) -> None:
    assert parse_action(action_name(action)) == action
    assert str(action) == action_name(action)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("s", DRAW),
        (" Stock ", DRAW),
        ("p", TAKE),
        ("pile", TAKE),
        ("x", DISCARD),
        ("1", Action.place(0)),
        ("6", Action.place(5)),
        ("F2", Action.flip(1)),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "7", "0", "f7", "f", "12", "q", "draw two"])
def test_bad_text_says_what_to_type(text: str) -> None:
    with pytest.raises(ActionError, match="is not an action: use s"):
        parse_action(text)


def test_positions_are_checked() -> None:
    with pytest.raises(ActionError, match="there is no card 7: positions are 1 to 6"):
        Action.place(6)
    with pytest.raises(ActionError, match="no card 0"):
        Action.flip(-1)
    with pytest.raises(ActionError, match="takes no position"):
        Action(ActionKind.DRAW, 2)


def test_action_error_is_a_value_error() -> None:
    assert issubclass(ActionError, ValueError)
