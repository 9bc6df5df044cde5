"""The daily's share card: the title, one coloured square a hole, the score and the standing. Spoiler-free
like its text: no card and no deal number."""

from __future__ import annotations

from adapters.pictures import colours
from adapters.pictures.canvas import Canvas
from bot.i18n import _
from bot.screens import ShareView

WIDTH = 480
MARGIN = 24
SQUARE = 38
GAP = 8
PER_ROW = 9


def squares_of(view: ShareView) -> list[str]:
    """The squares of the share text, one a hole (anything else in it is left out)."""
    return [ch for ch in view.squares if ch in colours.SQUARE_COLOURS]


def share_description(view: ShareView) -> str:
    if view.standing:
        # Translators: a share card's description: "Golf daily #333 · 9 holes: 36 (-9), 3rd of 12"
        return _("{title}: {score}, {standing}", title=view.title, score=view.score, standing=view.standing)
    return _("{title}: {score}", title=view.title, score=view.score)


def draw_share(view: ShareView) -> Canvas:
    marks = squares_of(view)
    rows = max(1, -(-len(marks) // PER_ROW))
    height = MARGIN + 34 + 16 + rows * (SQUARE + GAP) + 16 + 44 + (30 if view.standing else 0) + MARGIN
    canvas = Canvas(WIDTH, height)
    canvas.text((WIDTH / 2, MARGIN), view.title, 24, bold=True, anchor="ma")
    top = MARGIN + 34 + 16
    span = PER_ROW * SQUARE + (PER_ROW - 1) * GAP
    left = (WIDTH - span) // 2
    for i, mark in enumerate(marks):
        x = left + (i % PER_ROW) * (SQUARE + GAP)
        y = top + (i // PER_ROW) * (SQUARE + GAP)
        canvas.rounded((x, y, x + SQUARE, y + SQUARE), 8, colours.SQUARE_COLOURS[mark])
    y = top + rows * (SQUARE + GAP) + 16
    canvas.text((WIDTH / 2, y), view.score, 34, bold=True, anchor="ma")
    if view.standing:
        canvas.text((WIDTH / 2, y + 46), view.standing, 20, fill=colours.FELT_DIM, anchor="ma")
    return canvas
