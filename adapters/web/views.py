"""A Screen as the JSON the web table draws (docs/web-table.md): everything the Screen holds, nothing more.

A card is its code (``TD``, ``AS``, ``JK``); a card the Screen does not show (face down, played, hidden) is
null, as it is None in the Screen: the page is never told what the seat may not see.
"""

from __future__ import annotations

from typing import Any

from bot.screens import (
    BoardView,
    Button,
    GridView,
    LayoutView,
    ScorecardView,
    Screen,
    ShareView,
    Spot,
    TableView,
)
from engine.cards import Card

JSON = dict[str, Any]


def screen_json(screen: Screen) -> JSON:
    return {
        "kind": screen.kind.value,
        "title": screen.title,
        "notes": list(screen.notes),
        "blocks": list(screen.blocks),
        "session": screen.session,
        "version": screen.version,
        "buttons": [[_button(button) for button in row] for row in screen.buttons],
        "board": None if screen.board is None else _board(screen.board),
        "table": None if screen.table is None else _table(screen.table),
        "scorecard": None if screen.scorecard is None else _scorecard(screen.scorecard),
        "share": None if screen.share is None else _share(screen.share),
    }


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _button(button: Button) -> JSON:
    return {
        "id": button.id,
        "label": button.label,
        "enabled": button.enabled,
        "style": button.style.value,
        "role": button.role.value,
        "key": button.key,
    }


def _board(board: BoardView) -> JSON:
    return {
        "columns": [[_card(card) for card in column] for column in board.columns],
        "playable": list(board.playable),
        "foundation": _card(board.foundation),
        "stock_left": board.stock_left,
        "hole": board.hole,
        "holes": board.holes,
        "total": board.total,
        "par": board.par,
        "rules": board.rules,
        "deal": board.deal,
        "layout": None if board.layout is None else _layout(board.layout),
    }


def _layout(layout: LayoutView) -> JSON:
    return {
        "lines": [[_spot(spot) for spot in line] for line in layout.lines],
        "places": [list(row) for row in layout.places],
        "piles": layout.piles,
        "stock": layout.stock,
        "title": layout.title,
    }


def _spot(spot: Spot) -> JSON:
    return {
        "card": _card(spot.card),
        "gone": spot.gone,
        "free": spot.free,
        "playable": spot.playable,
        "key": spot.key,
    }


def _table(table: TableView) -> JSON:
    return {
        "seats": [_grid(grid) for grid in table.seats],
        "viewer": table.viewer,
        "to_act": list(table.to_act),
        "discard": _card(table.discard),
        "stock": table.stock,
        "holding": _card(table.holding),
        "hole": table.hole,
        "holes": table.holes,
        "over": table.over,
    }


def _grid(grid: GridView) -> JSON:
    return {
        "name": grid.name,
        "cards": [_card(card) for card in grid.cards],
        "paired": list(grid.paired),
        "score": grid.score,
        "total": grid.total,
        "went_out": grid.went_out,
        "computer": grid.computer,
    }


def _scorecard(scorecard: ScorecardView) -> JSON:
    return {
        "holes": scorecard.holes,
        "par": scorecard.par,
        "scores": list(scorecard.scores),
        "best": list(scorecard.best),
        "total": scorecard.total,
    }


def _share(share: ShareView) -> JSON:
    return {"title": share.title, "score": share.score, "squares": share.squares, "standing": share.standing}
