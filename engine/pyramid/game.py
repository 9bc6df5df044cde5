"""The pyramid's layout and deal, from PySolFC's ``golf.py`` (``Elevator_RowStack.STEP``; Escalator is
Elevator dealt face up)."""

from __future__ import annotations

from engine.spread.deal import dealt_in_turn
from engine.spread.game import SpreadGame
from engine.spread.layout import steps
from engine.spread.position import Spread
from engine.wording import N_

STEP = (1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6)
"""PySolFC's ``Elevator_RowStack.STEP``."""

ROWS = (1, 2, 3, 4, 5, 6, 7)
PLACES = tuple(6 - row + 2 * i for row in range(7) for i in range(row + 1))
"""Each slot across the table in half cards: a row is half a card further left than the one above."""

PYRAMID_LAYOUT = steps("pyramid-golf", "Pyramid Golf", ROWS, STEP, places=PLACES)
ELEVATOR_LAYOUT = steps("elevator", "Elevator", ROWS, STEP, face_down=frozenset(range(21)), places=PLACES)


def deal_pyramid(number: int) -> Spread:
    return dealt_in_turn(PYRAMID_LAYOUT, number)


def deal_elevator(number: int) -> Spread:
    return dealt_in_turn(ELEVATOR_LAYOUT, number)


PYRAMID_GOLF = SpreadGame(
    PYRAMID_LAYOUT,
    deal_pyramid,
    N_(
        "Pyramid Golf (Escalator): 28 cards in a pyramid of seven rows, all face up; a card is free once the "
        "two cards lying on it are gone. One card starts the foundation and 23 form the stock."
    ),
)
ELEVATOR = SpreadGame(
    ELEVATOR_LAYOUT,
    deal_elevator,
    N_(
        "Elevator: Pyramid Golf with every row but the bottom one face down; a card turns face up once the "
        "two cards lying on it are gone."
    ),
)
