"""The terminal presses the button of the key typed (space and s stand for d, Enter for n): it never builds
or reads an id, and "next hole" is there only when the core offers it. Real Clubhouse, real SQLite file."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from adapters.console.game import PLACE, ConsoleGame
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.models import Player
from bot.screens import ButtonRole, Screen, ScreenKind

ME = Player("console", "me", "me")


@pytest.fixture
async def game(club: Clubhouse) -> ConsoleGame:
    return ConsoleGame(club, ME, out=io.StringIO(), keyboard=io.StringIO())


async def a_board(club: Clubhouse) -> Screen:
    return await club.start_round(ME, PLACE, holes=2, deal_code="24")


@pytest.mark.parametrize("key", ["d", " ", "s"])
async def test_a_key_presses_the_button_that_carries_it(club, game, key):
    board = await a_board(club)
    assert board.board is not None
    after = await game.handle(board, key)
    assert after.board is not None and after.board.stock_left == board.board.stock_left - 1
    assert after.version == board.version + 1


async def test_the_terminal_follows_the_button_not_the_key(club, game):
    board = await a_board(club)
    concede = next(b for b in board.all_buttons if b.role is ButtonRole.CONCEDE)
    swapped = (replace(b, id=concede.id) if b.key == "d" else b for row in board.buttons for b in row)
    rows = (tuple(swapped),)
    after = await game.handle(replace(board, buttons=rows), "d")
    assert after.kind is ScreenKind.SUMMARY  # the hole was conceded: the id that "d" carried


async def test_next_hole_only_when_the_core_offers_it(club, game):
    board = await a_board(club)
    with pytest.raises(GolfError, match="The hole is still in play"):
        await game.handle(board, "n")
    with pytest.raises(GolfError, match="'z' is not a key here"):
        await game.handle(board, "z")
    over = await game.handle(board, "q")
    assert [b.key for b in over.all_buttons if b.role is ButtonRole.NEXT] == ["n"]
    nxt = await game.handle(over, "\n")
    assert nxt.kind is ScreenKind.BOARD and nxt.board is not None and nxt.board.hole == 2
