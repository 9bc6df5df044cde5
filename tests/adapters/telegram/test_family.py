"""A whole TriPeaks hole through the loopback Bot API, played by pressing the keys a player sees, on the real
solver's best line; no face-down card's value is ever in a message or on a key. And the other family games
start and refuse as a player would meet them."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from adapters.solver.pool import PooledSolver
from benchmarks.fake_bot_api import FakeUser, MessageView
from engine.patience import find_patience
from engine.spread.position import Spread


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool)
    pool.shutdown(cancel_futures=True)


def hidden_cards(position: Spread) -> list[str]:
    """The face-down cards of ``position``, as a player must never read them."""
    return [
        position.cards[slot].pretty()
        for slot in range(position.layout.size)
        if position.card(slot) is not None and not position.is_shown(slot)
    ]


def shows(view: MessageView, card: str) -> bool:
    text = view.text.replace("10", "T")  # "10♠" must not read as "0♠"; no other card is a part of one
    return card.replace("10", "T") in text or any(b.text.strip("[]") == card for b in view.buttons)


async def test_a_whole_tripeaks_hole_on_the_solvers_line(golf: Any, alice: FakeUser) -> None:
    game = find_patience("tripeaks")
    position = game.deal(5)
    line = game.solve(position).moves
    board = await golf.command(alice, None, "/play tripeaks 1 #5")
    assert "TriPeaks" in board.text and "░░" in board.text
    for move in line:
        view = golf.fake.message(alice.id, board.message_id)
        assert not [card for card in hidden_cards(position) if shows(view, card)]
        action = game.move_text(move)
        [data] = [d for d in view.callback_data if d.rsplit(":", 1)[1] == action]
        await golf.press(alice, None, board.message_id, data=data)
        position = position.play(move)
    summary = golf.fake.message(alice.id, board.message_id)
    assert f"score {position.score}" in summary.text
    assert "That is the best possible score for this deal!" in summary.text
    golf.check_every_query_answered_once()


async def test_a_hint_names_a_card_of_the_layout(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, "/play black hole 1 #3")
    assert "Black Hole" in board.text and "Turn stock" not in " ".join(b.text for b in board.buttons)
    await golf.press(alice, None, board.message_id, text="Hint")
    assert "💡 Hint: play " in golf.fake.message(alice.id, board.message_id).text


async def test_a_family_game_takes_no_golf_rules(golf: Any, alice: FakeUser) -> None:
    reply = await golf.command(alice, None, "/play tripeaks+double")
    assert "TriPeaks has no option +double" in reply.text


async def test_a_covered_card_pressed_by_a_forged_key_is_refused(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, "/play pyramid 1 #7")
    before = golf.fake.message(alice.id, board.message_id)
    prefix = before.callback_data[0].rsplit(":", 1)[0]
    query = golf.push(alice, None, board.message_id, prefix + ":1")  # the pyramid's top card
    answer = await golf.answer(query)
    assert "covered" in (answer.text or "")
    after = golf.fake.message(alice.id, board.message_id)
    assert after.text == before.text
