"""engine/spread/board.py: each game's board printed and read back; a board that is not one pack, or not
the game's, is refused with the line at fault."""

from __future__ import annotations

import pytest

from engine.allinarow.game import ALL_IN_A_ROW
from engine.blackhole.game import BLACK_HOLE
from engine.pyramid.game import ELEVATOR, PYRAMID_GOLF
from engine.spread.board import SpreadBoardError, format_board, parse_board
from engine.tripeaks.game import TRIPEAKS

GAMES = [TRIPEAKS, PYRAMID_GOLF, ELEVATOR, BLACK_HOLE, ALL_IN_A_ROW]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_deal_reads_back_as_itself(game) -> None:
    for number in (1, 24, 617):
        hole = game.new_hole(number)
        assert parse_board(format_board(hole), game.layout) == hole


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_position_in_play_reads_back_to_the_same_play(game) -> None:
    hole = game.new_hole(24)
    for _ in range(12):
        moves = [m for m in hole.legal_moves() if m.slot is not None] or [m for m in hole.legal_moves()]
        if not moves:
            break
        hole = hole.play(moves[0])
    again = parse_board(format_board(hole), game.layout)
    assert format_board(again) == format_board(hole)
    assert again.legal_moves() == hole.legal_moves() and again.score == hole.score


def test_tripeaks_prints_its_rows_and_a_played_card_as_a_dash() -> None:
    hole = TRIPEAKS.new_hole(24)
    lines = format_board(hole).splitlines()
    assert lines[0].startswith("Talon: ") and lines[1].startswith("Foundations: ")
    assert [len(line.split()) for line in lines[2:]] == [3, 6, 9, 10]
    playable = next((m for m in hole.legal_moves() if m.slot is not None), None)
    if playable is not None:
        after = format_board(hole.play(playable)).splitlines()
        assert after[5].split()[playable.slot - 18] == "-"  # type: ignore[operator]


def test_black_hole_prints_black_hole_solvers_board() -> None:
    lines = format_board(BLACK_HOLE.new_hole(24)).splitlines()
    assert lines[0] == "Foundations: AS" and len(lines) == 18
    played = BLACK_HOLE.new_hole(24)
    move = next(m for m in played.legal_moves() if m.slot is not None)
    pile = move.slot % 17  # type: ignore[operator]
    assert len(format_board(played.play(move)).splitlines()[1 + pile].split()) == 2  # the fan got shorter


@pytest.mark.parametrize(
    ("board", "said"),
    [
        ("Foundations: AS\n" + "2C 3C 4C\n" * 16, "17 lines"),
        ("Foundations: AS\n" + "2C 3C\n" * 17, "not one pack"),
        ("Talon: 2C\nFoundations: AS\n" + "2C 3C 4C\n" * 17, "no stock"),
        ("Foundations: 2S\n" + "2C 3C 4C\n" * 17, "Ace of Spades"),
        ("Foundations: AS\n" + "2C 3C XX\n" * 17, "line 2"),
    ],
)
def test_a_bad_black_hole_board_is_refused(board: str, said: str) -> None:
    with pytest.raises(SpreadBoardError, match=said):
        parse_board(board, BLACK_HOLE.layout)


def test_a_line_of_the_wrong_length_is_named() -> None:
    text = format_board(TRIPEAKS.new_hole(24)).splitlines()
    text[2] += " 2C"
    with pytest.raises(SpreadBoardError, match="line 3: this line holds 3 cards, not 4"):
        parse_board("\n".join(text), TRIPEAKS.layout)
