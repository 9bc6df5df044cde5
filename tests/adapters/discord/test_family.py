"""A whole TriPeaks hole through discord.py and SimCord, clicked on the real solver's best line: the board's
buttons are the free cards; no face-down card's value is ever in the message or on a button. And a match of
Pyramid Golf's boards play the same way."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from adapters.solver.pool import PooledSolver
from engine.patience import find_patience
from engine.spread.position import Spread


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool)
    pool.shutdown(cancel_futures=True)


def hidden_cards(position: Spread) -> list[str]:
    return [
        position.cards[slot].pretty().replace("10", "T")
        for slot in range(position.layout.size)
        if position.card(slot) is not None and not position.is_shown(slot)
    ]


async def test_a_whole_tripeaks_hole_on_the_solvers_line(
    simcord_env: Any, channel: Any, alice: Any, buttons: Any
) -> None:
    game = find_patience("tripeaks")
    position = game.deal(5)
    line = game.solve(position).moves
    play = await alice.slash(channel, "golf play", game="tripeaks", holes=1, deal="5")
    board = play.response
    assert "TriPeaks" in board.content and "░░" in board.content
    for move in line:
        shown = board.content.replace("10", "T") + " ".join(str(b["label"]) for b in buttons(board))
        assert not [card for card in hidden_cards(position) if card in shown]
        action = game.move_text(move)
        [pressed] = [b for b in buttons(board) if b["custom_id"].rsplit(":", 1)[1] == action]
        click = await alice.click(board, custom_id=pressed["custom_id"])
        assert click.acknowledged and not click.ephemeral, click.response
        position = position.play(move)
    assert f"score {position.score}" in board.content
    assert "That is the best possible score for this deal!" in board.content


async def test_black_hole_has_a_button_for_each_fan_and_no_stock(
    simcord_env: Any, channel: Any, alice: Any, buttons: Any
) -> None:
    play = await alice.slash(channel, "golf play", game="black-hole", deal="3")
    labels = [b["label"] for b in buttons(play.response)]
    assert len([label for label in labels if label[0] in "A23456789TJQK1"]) == 17
    assert not [label for label in labels if label.startswith("Turn stock")]
    assert "Black Hole" in play.response.content


async def test_golf_rules_with_a_family_game_are_refused(simcord_env: Any, channel: Any, alice: Any) -> None:
    play = await alice.slash(channel, "golf play", game="tripeaks", rules="wrap")
    assert play.ephemeral
    assert "TriPeaks has rules of its own" in play.response.content
