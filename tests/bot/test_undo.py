"""Undo in casual rounds: the last move of the hole in play is taken back, committed and counted like hints
(a round that used it says so at the end of a hole); never in ranked rounds, never past the hole's start,
never with an old board's version."""

from __future__ import annotations

import pytest

from bot.clubhouse import position
from bot.errors import GolfError, StaleActionError
from bot.screens import ScreenKind
from engine.golf.deal import deal
from engine.golf.moves import parse_move


async def test_undo_takes_back_the_last_move_and_counts_it(club, storage, click, alice, here):
    opening_screen = await club.start_round(alice, here, holes=1, deal_code="24")
    played = await click(club, alice, opening_screen, "1")
    turned = await click(club, alice, played, "s")

    undone = await club.undo(alice, turned.session, turned.version)
    assert undone.kind is ScreenKind.BOARD
    assert undone.notes == ("↩ Last move taken back.",)
    assert undone.board == played.board  # exactly the board before the turn
    assert undone.version == turned.version + 1  # a new version: the old boards are stale

    state = await storage.load_round(turned.session)
    assert state is not None and state.moves == ("1",) and state.undos == 1
    assert position(state) == deal(24).play(parse_move("1"))

    again = await club.undo(alice, undone.session, undone.version)
    assert again.board == opening_screen.board
    with pytest.raises(GolfError, match=r"Nothing to undo on this hole\.") as refused:
        await club.undo(alice, again.session, again.version)
    assert refused.value.screen is not None and refused.value.screen.board == opening_screen.board

    over = await click(club, alice, again, "q")
    assert "Helped round: 2 undos." in over.notes
    stored = await storage.load_round(over.session)
    assert stored is not None and stored.undos == 2


async def test_an_old_board_cannot_undo(club, click, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    played = await click(club, alice, screen, "1")
    with pytest.raises(StaleActionError):
        await club.undo(alice, screen.session, screen.version)
    await club.undo(alice, played.session, played.version)


async def test_no_undo_in_a_ranked_round(club, storage, click, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24", casual=False)
    played = await click(club, alice, screen, "1")
    with pytest.raises(GolfError, match=r"Undo is off in this round\."):
        await club.undo(alice, played.session, played.version)
    state = await storage.load_round(played.session)
    assert state is not None and state.moves == ("1",) and state.undos == 0


async def test_the_undo_count_survives_a_restart(club, storage, click, alice, here, db_path):
    from adapters.sqlite import SqliteStorage

    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    played = await click(club, alice, screen, "1")
    await club.undo(alice, played.session, played.version)
    reopened = await SqliteStorage.open(db_path)
    try:
        state = await reopened.load_round(played.session)
    finally:
        await reopened.close()
    assert state is not None and state.undos == 1 and state.moves == ()
