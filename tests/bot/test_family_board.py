"""bot/family_board.py and the family's screens: a face-down card never reaches a Screen (its data, its text,
its buttons), a button for each free card in order across the table, its action the card's number."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.actions import SOLO, parse_action_id
from bot.family_board import KEYS, free_order, layout_view
from bot.models import RoundState
from bot.render import render_screen
from bot.round_screens import round_screen
from engine.patience import find_patience
from engine.spread.position import Spread

FACE_DOWN_GAMES = ("tripeaks", "elevator")


def state_of(rules: str, number: int, moves: tuple[str, ...] = ()) -> RoundState:
    return RoundState(
        id="abcd1234",
        place="test:1",
        players=("test:1",),
        rules=rules,
        holes=9,
        par_for_nine=45,
        casual=True,
        deals=(number,),
        moves=moves,
    )


def hidden(position: Spread) -> set[str]:
    return {
        position.cards[s].pretty()
        for s in range(position.layout.size)
        if position.card(s) is not None and not position.is_shown(s)
    }


def words_of(text: str) -> set[str]:
    return {word.strip("[]") for word in text.split()}


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(FACE_DOWN_GAMES),
    number=st.integers(1, 10**6),
    choices=st.lists(st.integers(0, 100), max_size=40),
)
def test_a_face_down_card_never_reaches_a_screen(name: str, number: int, choices: list[int]) -> None:
    game = find_patience(name)
    position = game.deal(number)
    moves: list[str] = []
    for choice in choices:
        screen = round_screen(state_of(name, number, tuple(moves)), position)
        secret = hidden(position)
        assert screen.board is not None and screen.board.layout is not None
        spots = [spot for line in screen.board.layout.lines for spot in line]
        assert {s.card.pretty() for s in spots if s.card is not None}.isdisjoint(secret)
        assert words_of(render_screen(screen, with_keys=True)).isdisjoint(secret)
        assert {b.label for b in screen.all_buttons}.isdisjoint(secret)
        legal = position.legal_moves()
        if not legal:
            break
        move = legal[choice % len(legal)]
        moves.append(game.move_text(move))
        position = position.play(move)


@pytest.mark.parametrize("name", ["tripeaks", "pyramid-golf", "black-hole", "all-in-a-row"])
def test_a_button_for_each_free_card_in_order_across_the_table(name: str) -> None:
    game = find_patience(name)
    position = game.deal(3)
    screen = round_screen(state_of(name, 3), position)
    cards = [b for b in screen.all_buttons if b.key in KEYS]
    order = free_order(position)
    assert [b.label for b in cards] == [position.cards[s].pretty() for s in order]
    assert [b.key for b in cards] == list(KEYS[: len(order)])
    assert [parse_action_id(b.id).action for b in cards] == [str(s + 1) for s in order]
    assert all(b.enabled == position.playable(s) for b, s in zip(cards, order, strict=True))
    assert all(b.id.startswith(SOLO.family + ":") for b in screen.all_buttons)
    has_stock = any(b.label.startswith("Turn stock") for b in screen.all_buttons)
    assert has_stock == position.layout.stock
    rows = screen.buttons
    assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)  # Discord's limits


def test_a_finished_hole_has_no_keys_and_says_so() -> None:
    game = find_patience("tripeaks")
    position = game.deal(5)
    moves = []
    for move in game.solve(position).moves:
        moves.append(game.move_text(move))
        position = position.play(move)
    view = layout_view(position, live=False)
    assert not any(spot.key or spot.playable for line in view.lines for spot in line)
