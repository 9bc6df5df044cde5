"""``render``: the picture of a screen that shows cards. Pure and synchronous; safe from any thread (the art's
caches may draw a piece twice when two threads first need it at once, the same piece; FreeType, which is
not, is used under a lock: adapters.pictures.fonts.LOCK)."""

from __future__ import annotations

from adapters.pictures.canvas import Canvas
from adapters.pictures.golf import draw_hole, hole_description
from adapters.pictures.picture import Picture
from adapters.pictures.share import draw_share, share_description
from adapters.pictures.sixcard import draw_table, table_description
from bot.screens import Screen, ScreenKind


def picture_key(screen: Screen) -> object:
    """What a screen's picture depends on (so that two screens that differ only in their buttons, session
    or version share one picture)."""
    summary = screen.kind is ScreenKind.SUMMARY
    return (
        summary,
        screen.board,
        screen.scorecard,
        screen.table,
        screen.share,
        screen.notes[:1] if summary else (),
    )


def render(screen: Screen, *, four_colour: bool = False) -> Picture | None:
    """The picture of ``screen`` (a PNG), or None when it shows no cards."""
    canvas: Canvas
    if screen.board is not None:
        canvas = draw_hole(screen, screen.board, four_colour=four_colour)
        description = hole_description(screen, screen.board)
        name = "board.png"
    elif screen.table is not None:
        canvas = draw_table(screen.table, four_colour=four_colour)
        description = table_description(screen.table)
        name = "table.png"
    elif screen.share is not None:
        canvas = draw_share(screen.share)
        description = share_description(screen.share)
        name = "share.png"
    else:
        return None
    return Picture(canvas.png(), name, canvas.width, canvas.height, description)
