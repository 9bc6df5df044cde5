"""A Golf hole: the tableau's columns (cards overlapping downward, the available card whole at the bottom),
the column numbers the buttons use, the stock (a back and its count) and the foundation's top card; at the
end of a hole, what was left, the result and the scorecard below it."""

from __future__ import annotations

import textwrap

from adapters.pictures import colours
from adapters.pictures.canvas import Canvas
from adapters.pictures.cards import CardSize, glow_pad
from adapters.pictures.scorecard import draw_scorecard, scorecard_height
from bot.i18n import _, ngettext
from bot.screens import BoardView, LayoutView, Screen, ScreenKind, Spot

CARD = CardSize(76)
GAP = 14
MARGIN = 18
HEADER = 56
NUMBERS = 26
MIN_DEPTH = 5
"""A hole deals five cards a column: the tableau keeps that height as it empties, so the picture does not
jump."""


def hole_description(screen: Screen, view: BoardView) -> str:
    """The alt text: where the hole stands, or (once it is over) its result."""
    card = screen.scorecard
    if card is not None and len(card.scores) >= card.holes:
        return _("Round over: total {total}, par {par}", total=card.total, par=card.par * card.holes)
    if screen.kind is ScreenKind.SUMMARY and card is not None and card.scores:
        return _(
            "Hole {hole} of {holes} is over: score {score}",
            hole=len(card.scores),
            holes=card.holes,
            score=card.scores[-1],
        )
    # Translators: the foundation has no card (a picture's description: "foundation empty")
    top = view.foundation.pretty() if view.foundation else _("empty")
    return ngettext(
        "Hole {hole} of {holes}: foundation {card}, {count} in the stock",
        "Hole {hole} of {holes}: foundation {card}, {count} in the stock",
        view.stock_left,
        hole=view.hole,
        holes=view.holes,
        card=top,
    )


def draw_hole(screen: Screen, view: BoardView, *, four_colour: bool) -> Canvas:
    columns = max(len(view.columns), 1)
    depth = max(MIN_DEPTH, *(len(c) for c in view.columns)) if view.columns else MIN_DEPTH
    width = 2 * MARGIN + columns * CARD.width + (columns - 1) * GAP
    tableau_top = MARGIN + HEADER + NUMBERS
    tableau_height = (depth - 1) * CARD.strip + CARD.height
    if view.layout is not None:
        width, tableau_height = _layout_size(view.layout)
    piles_top = tableau_top + tableau_height + 22
    height = piles_top + 20 + CARD.height + MARGIN
    summary = screen.kind is ScreenKind.SUMMARY
    result_lines: list[str] = []
    if summary:
        result_lines = _wrapped(screen.notes[0] if screen.notes else "", width - 2 * MARGIN)
        height += 12 + 24 * len(result_lines)
        if screen.scorecard is not None:
            height += 10 + scorecard_height(screen.scorecard)
    canvas = Canvas(width, height, four_colour=four_colour)
    _header(canvas, screen, view)
    if view.layout is not None:
        _draw_layout(canvas, view.layout, tableau_top)
    for c, column in enumerate(view.columns):
        x = MARGIN + c * (CARD.width + GAP)
        playable = c < len(view.playable) and view.playable[c]
        number = colours.GLOW if playable else colours.FELT_DIM
        canvas.text(
            (x + CARD.width / 2, tableau_top - 6), str(c + 1), 20, fill=number, anchor="md", bold=True
        )
        if not column:
            canvas.empty(x, tableau_top, CARD.width)
        for r, card in enumerate(column):
            last = r == len(column) - 1
            canvas.card(
                card,
                x,
                tableau_top + r * CARD.strip,
                CARD.width,
                over=colours.PAPER if r else None,
                marked=last and playable,
                covered=not last,
            )
    _piles(canvas, view, piles_top)
    y = piles_top + 20 + CARD.height + 12
    for line in result_lines:
        canvas.text((MARGIN, y), line, 18, fill=colours.FELT_TEXT)
        y += 24
    if summary and screen.scorecard is not None:
        draw_scorecard(canvas, screen.scorecard, MARGIN, y + 10, width - 2 * MARGIN)
    return canvas


def _header(canvas: Canvas, screen: Screen, view: BoardView) -> None:
    card = screen.scorecard
    if card is not None and len(card.scores) >= card.holes:
        title = ngettext("Round over · {count} hole", "Round over · {count} holes", card.holes)
    elif screen.kind is ScreenKind.SUMMARY:
        title = _("Hole {hole} of {holes} is over", hole=view.hole, holes=view.holes)
    else:
        title = _("Hole {hole} of {holes}", hole=view.hole, holes=view.holes)
    canvas.text((MARGIN, MARGIN), title, 26, bold=True, anchor="la")
    total = _("Total {total} · par {par}", total=view.total, par=view.par)
    room = canvas.width - 2 * MARGIN - canvas.text_width(title, 26, bold=True) - GAP
    # beside the title; below it, at the right, where a language's longer words would meet it
    total_y = MARGIN + 2 if canvas.text_width(total, 20) <= room else MARGIN + 33
    canvas.text((canvas.width - MARGIN, total_y), total, 20, anchor="ra")
    rules = view.rules if view.layout is None else " · ".join((view.layout.title, *view.rules.split("+")[1:]))
    detail = rules if view.deal is None else _("Deal #{deal} · {rules}", deal=view.deal, rules=rules)
    canvas.text((MARGIN, MARGIN + 33), detail, 18, fill=colours.FELT_DIM)


PILES_PER_ROW = 9
"""Piles side by side, at most: Black Hole's 17 fans lie in two rows (9 and 8), so that the picture keeps a
board's proportions and its cards stay legible at a phone's width."""


def _pile_rows(layout: LayoutView) -> list[tuple[tuple[Spot, ...], ...]]:
    """A piles layout's piles, in rows of at most PILES_PER_ROW, as even as can be (17: 9 and 8)."""
    count = len(layout.lines)
    rows = -(-count // PILES_PER_ROW)
    size = -(-count // rows)
    return [layout.lines[i : i + size] for i in range(0, count, size)]


def _pile_row_height(row: tuple[tuple[Spot, ...], ...]) -> int:
    return (max(len(pile) for pile in row) - 1) * CARD.strip + CARD.height


def _layout_size(layout: LayoutView) -> tuple[int, int]:
    """The width of the picture and the height of the tableau for a family layout."""
    if layout.piles:
        rows = _pile_rows(layout)
        across = max(len(row) for row in rows)
        height = sum(_pile_row_height(row) for row in rows) + GAP * 2 * (len(rows) - 1)
        return 2 * MARGIN + across * CARD.width + (across - 1) * GAP, height
    half = (CARD.width + GAP) / 2
    across = max(max(places) for places in layout.places)
    return round(2 * MARGIN + across * half + CARD.width), (
        len(layout.lines) - 1
    ) * CARD.height // 2 + CARD.height


def _draw_layout(canvas: Canvas, layout: LayoutView, top: int) -> None:
    """A family tableau as it lies: piles as Golf's columns (the free card whole at the bottom; Black Hole's
    17 fans in two rows), or rows across the table, each half a card below the one above and lying on it;
    a face-down card as a back, playable cards marked, played ones gone."""
    card = CARD
    if layout.piles:
        y = top
        for row in _pile_rows(layout):
            for p, pile in enumerate(row):
                x = MARGIN + p * (card.width + GAP)
                left = [spot for spot in pile if not spot.gone]
                if not left:
                    canvas.empty(x, y, card.width)
                for r, spot in enumerate(left):
                    last = r == len(left) - 1
                    canvas.card(
                        spot.card,
                        x,
                        y + r * card.strip,
                        card.width,
                        over=colours.PAPER if r else None,
                        marked=last and spot.playable,
                        covered=not last,
                    )
            y += _pile_row_height(row) + GAP * 2
        return
    half = (card.width + GAP) / 2
    for r, (spots, places) in enumerate(zip(layout.lines, layout.places, strict=True)):
        y = top + r * card.height // 2
        for spot, place in zip(spots, places, strict=True):
            if not spot.gone:
                x = round(MARGIN + place * half)
                canvas.card(spot.card, x, y, card.width, marked=spot.playable, covered=not spot.free)


def _piles(canvas: Canvas, view: BoardView, top: int) -> None:
    """The stock (a back with its count on it) and the foundation's top card, side by side."""
    x = MARGIN
    if view.layout is not None and not view.layout.stock:  # Black Hole, All in a Row
        _foundation(canvas, view, x, top)
        return
    # Translators: the label above the stock (the face-down pile) in a picture of a hole
    canvas.text((x, top), _("Stock"), 18, fill=colours.FELT_DIM)
    if view.stock_left:
        canvas.card(None, x, top + 20, CARD.width)
        canvas.badge(str(view.stock_left), x + CARD.width // 2, top + 20 + CARD.height // 2)
    else:
        canvas.empty(x, top + 20, CARD.width)
        canvas.text((x + CARD.width / 2, top + 20 + CARD.height / 2), "0", 22, anchor="mm")
    _foundation(canvas, view, x + CARD.width + GAP + glow_pad(CARD.width) * 2 + 8, top)


def _foundation(canvas: Canvas, view: BoardView, x: int, top: int) -> None:
    # Translators: the label above the foundation (the pile cards are played onto) in a picture of a hole
    canvas.text((x, top), _("Foundation"), 18, fill=colours.FELT_DIM)
    if view.foundation is None:
        canvas.empty(x, top + 20, CARD.width)
    else:
        canvas.card(view.foundation, x, top + 20, CARD.width)


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of about ``width`` pixels at 18 px (the font is about 9 px a character)."""
    return textwrap.wrap(text, max(20, width // 9)) if text else []
