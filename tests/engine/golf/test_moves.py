"""Moves: the move words and their paired parse/format helpers."""

from __future__ import annotations

import pytest

from engine.golf.moves import (
    CONCEDE,
    TURN,
    Move,
    MoveError,
    MoveKind,
    move_name,
    moves_text,
    parse_move,
    parse_moves,
)


@pytest.mark.parametrize("column", range(1, 10))
def test_column_numbers_are_one_based(column: int) -> None:
    move = parse_move(str(column))
    assert move == Move.play(column - 1)
    assert move.kind is MoveKind.PLAY
    assert move.column == column - 1
    assert move_name(move) == str(move) == str(column)


@pytest.mark.parametrize("text", ["s", "S", "d", "t", "stock", "turn", "draw", " Draw ", "STOCK"])
def test_turn_words(text: str) -> None:
    assert parse_move(text) == TURN


@pytest.mark.parametrize("text", ["q", "Q", "concede", " Concede"])
def test_concede_words(text: str) -> None:
    assert parse_move(text) == CONCEDE


def test_constants_and_names() -> None:
    assert TURN.kind is MoveKind.TURN and CONCEDE.kind is MoveKind.CONCEDE
    assert move_name(TURN) == str(TURN) == "s"
    assert move_name(CONCEDE) == str(CONCEDE) == "q"
    for move in (TURN, CONCEDE, *(Move.play(c) for c in range(9))):
        assert parse_move(move_name(move)) == move


@pytest.mark.parametrize("text", ["", " ", "0", "10", "-1", "x", "play", "1.5", "sq"])
def test_parse_move_rejects(text: str) -> None:
    with pytest.raises(MoveError) as info:
        parse_move(text)
    assert repr(text) in str(info.value)
    assert "column number" in str(info.value)


def test_play_rejects_negative_columns() -> None:
    with pytest.raises(MoveError, match="no column 0"):
        Move.play(-1)


def test_move_error_is_value_error() -> None:
    assert issubclass(MoveError, ValueError)


def test_moves_are_frozen_values() -> None:
    assert Move.play(2) == Move(MoveKind.PLAY, 2)
    assert len({Move.play(2), Move.play(2), TURN}) == 2
    with pytest.raises(AttributeError):
        TURN.column = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("3 s 1 1", "3 s 1 1"),
        ("3s11", "3 s 1 1"),
        ("3,s,1,1", "3 s 1 1"),
        ("3, s, 1", "3 s 1"),
        ("ss", "s s"),  # single-character moves may run together, letters too
        ("3 s11", "3 s 1 1"),
        ("S7Q", "s 7 q"),
        ("stock 2 concede", "s 2 q"),
        ("turn", "s"),
        ("  4  ", "4"),
    ],
)
def test_parse_moves(text: str, expected: str) -> None:
    moves = parse_moves(text)
    assert moves_text(moves) == expected
    assert moves_text(list(moves)) == expected


@pytest.mark.parametrize(("text", "bad"), [("10", "10"), ("3 x 1", "x"), ("stocks", "stocks"), ("1 0", "0")])
def test_parse_moves_rejects(text: str, bad: str) -> None:
    with pytest.raises(MoveError) as info:
        parse_moves(text)
    assert repr(bad) in str(info.value)


def test_moves_text_round_trip() -> None:
    moves = (Move.play(0), TURN, Move.play(8), CONCEDE)
    assert parse_moves(moves_text(moves)) == moves
