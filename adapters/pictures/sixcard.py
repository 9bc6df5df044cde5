"""A Six-card table as one viewer sees it: each seat's 2×3 grid with its name and total (the viewer's own
larger, at the front), face-down cards as backs, the discard pile's top and the stock, whose turn, the held
card; at the end of a hand every grid face up, the pairs marked, each seat's score and who went out.

The fairness rule: a card the view holds as None is drawn as the back, always, and nothing else is drawn on
it; ``layout`` tells where each card goes, so a test can check those pixels."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.pictures import colours
from adapters.pictures.canvas import Canvas
from adapters.pictures.cards import CardSize
from bot.i18n import N_, _, ngettext
from bot.screens import GridView, TableView

MARGIN = 18
HEADER = 58
GAP = 6
"""Between the cards of a grid."""
NAME = 48
"""The two lines above a grid: the seat's name, then its total (and the hand's score once it is over)."""
PAD = 10
"""Inside a grid's panel."""
WIDTH = 720
FRONT = CardSize(84)
"""The viewer's own grid."""
OTHER = CardSize(60)
"""The others' grids, when a seat views the table."""
PLACE = CardSize(66)
"""Every grid, when the place views it (no seat is in front)."""
PILE = CardSize(70)
PILES = 28 + PILE.height + 16
PANEL = colours.PANEL


@dataclass(frozen=True, slots=True)
class GridBox:
    """Where a seat's grid goes: its panel and each of its six cards (top-left corners) at ``size``."""

    seat: int
    panel: tuple[int, int, int, int]
    size: CardSize
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    grids: tuple[GridBox, ...]
    piles: int
    """The top of the piles' row."""


def _grid_box(seat: int, x: int, y: int, size: CardSize) -> GridBox:
    w = 3 * size.width + 2 * GAP + 2 * PAD
    h = NAME + 2 * size.height + GAP + 2 * PAD
    left, top = x + PAD, y + NAME + PAD
    cells = tuple(
        (left + (p % 3) * (size.width + GAP), top + (p // 3) * (size.height + GAP)) for p in range(6)
    )
    return GridBox(seat, (x, y, x + w, y + h), size, cells)


def _grid_width(size: CardSize) -> int:
    return 3 * size.width + 2 * GAP + 2 * PAD


def _grid_height(size: CardSize) -> int:
    return NAME + 2 * size.height + GAP + 2 * PAD


def _row(seats: list[int], y: int, size: CardSize) -> list[GridBox]:
    """Grids side by side, centred in the picture's width."""
    w = _grid_width(size)
    spare = WIDTH - 2 * MARGIN - len(seats) * w
    gap = min(24, spare // max(1, len(seats) - 1)) if len(seats) > 1 else 0
    x = MARGIN + (WIDTH - 2 * MARGIN - (len(seats) * w + (len(seats) - 1) * gap)) // 2
    return [_grid_box(seat, x + i * (w + gap), y, size) for i, seat in enumerate(seats)]


ROW_GAP = 12
"""Between two grids side by side, at the least."""


def _fitting(grids: int, wanted: CardSize) -> CardSize:
    """``wanted``, or the largest smaller card with which ``grids`` grids fit side by side."""
    room = WIDTH - 2 * MARGIN - (grids - 1) * ROW_GAP
    width = wanted.width
    while width > 24 and grids * _grid_width(CardSize(width)) > room:
        width -= 2
    return CardSize(width)


def layout(view: TableView) -> Layout:
    """Where everything goes, for this view (the same for every view of the same seat count, bar whose
    grid is in front)."""
    top = MARGIN + HEADER
    seats = list(range(len(view.seats)))
    if view.viewer is None:  # four seats go two by two: side by side, their cards would be too small
        rows = [seats] if len(seats) <= 3 else [seats[:2], seats[2:]]
        size = _fitting(max(len(r) for r in rows), PLACE)
        grids = [g for i, r in enumerate(rows) for g in _row(r, top + i * (_grid_height(size) + 12), size)]
        piles = top + len(rows) * (_grid_height(size) + 12)
        height = piles + PILES + MARGIN
        return Layout(WIDTH, height, tuple(grids), piles)
    others = [s for s in seats if s != view.viewer]
    size = _fitting(len(others), OTHER)
    grids = _row(others, top, size)
    piles = top + _grid_height(size) + 12
    front = _row([view.viewer], piles + PILES, FRONT)
    height = piles + PILES + _grid_height(FRONT) + MARGIN
    return Layout(WIDTH, height, tuple(grids + front), piles)


def table_description(view: TableView) -> str:
    if view.over:
        what = _("Six-card Golf, hole {hole} of {holes}: hand over", hole=view.hole, holes=view.holes)
    else:
        # Translators: the discard pile has no card (a picture's description: "discard empty")
        top = view.discard.pretty() if view.discard else _("empty")
        what = ngettext(
            "Six-card Golf, hole {hole} of {holes}: discard {card}, {count} in the stock",
            "Six-card Golf, hole {hole} of {holes}: discard {card}, {count} in the stock",
            view.stock,
            hole=view.hole,
            holes=view.holes,
            card=top,
        )
    whose = _whose(view)
    return what + (f"; {whose}" if whose else "")


def draw_table(view: TableView, *, four_colour: bool) -> Canvas:
    plan = layout(view)
    canvas = Canvas(plan.width, plan.height, four_colour=four_colour)
    title = _("Six-card Golf · hole {hole} of {holes}", hole=view.hole, holes=view.holes)
    if view.over:
        # Translators: after the title of a Six-card table's picture, once every card is face up
        title += " · " + _("hand over")
    canvas.text((MARGIN, MARGIN), title, 24, bold=True)
    canvas.text((MARGIN, MARGIN + 31), _whose(view), 19, fill=colours.GLOW)
    for box in plan.grids:
        _grid(canvas, view, box)
    _piles(canvas, view, plan.piles)
    return canvas


def _grid(canvas: Canvas, view: TableView, box: GridBox) -> None:
    seat = view.seats[box.seat]
    acting = box.seat in view.to_act and not view.over
    x0, y0, x1, _bottom = box.panel
    if acting:
        canvas.rounded(box.panel, 10, PANEL, outline=colours.GLOW, line=3)
    else:
        canvas.rounded(box.panel, 10, PANEL, outline=colours.FELT_LIGHT, line=1)
    size = 19 if box.size.width >= 70 else 17
    if seat.score is None:
        # Translators: under a seat's name in a Six-card picture: its score over the hands played
        score = _("total {total}", total=seat.total)
    else:
        score = _("this hand {score} · total {total}", score=seat.score, total=seat.total)
    note = ""
    if seat.went_out:
        # Translators: a label on the grid of the seat that turned all its cards first, ending the hand
        note = _("out first")
    elif acting:
        # Translators: a label on the grid of the seat whose turn it is
        note = _("to play")
    room = x1 - x0 - 2 * PAD
    if note:  # a bright label at the top right of the panel, clear of the cards
        mark = colours.GLOW if acting else colours.PAIRED
        w = canvas.text_width(note, 15) + 14
        canvas.rounded((x1 - PAD - w, y0 + 6, x1 - PAD, y0 + 28), 11, mark, ground=PANEL)
        canvas.text((x1 - PAD - w / 2, y0 + 17), note, 15, fill=colours.DARK, anchor="mm", ground=mark)
        room -= round(w) + 6
    name = _fit(canvas, seat.name, size, room)
    canvas.text((x0 + PAD, y0 + 7), name, size, bold=True, ground=PANEL)
    canvas.text((x0 + PAD, y0 + 9 + size), score, size - 2, fill=colours.FELT_DIM, ground=PANEL)
    if view.over:
        _pairs(canvas, seat, box)
    for p, (x, y) in enumerate(box.cells):
        canvas.card(seat.cards[p] if p < len(seat.cards) else None, x, y, box.size.width, ground=PANEL)


def _pairs(canvas: Canvas, seat: GridView, box: GridBox) -> None:
    """A ring round each column that pairs (it scores nothing), under its two cards."""
    for column, paired in enumerate(seat.paired):
        if not paired:
            continue
        x, y = box.cells[column]
        _x, y_low = box.cells[column + 3]
        ring = (x - 4, y - 4, x + box.size.width + 4, y_low + box.size.height + 4)
        canvas.rounded(ring, box.size.radius + 4, PANEL, ground=PANEL, outline=colours.PAIRED, line=3)


# Translators: the label above a Six-card table's stock (the face-down pile)
STOCK = N_("Stock")
# Translators: the label above a Six-card table's discard pile
DISCARD = N_("Discard")
# Translators: the label above the card the player to act has drawn and holds
HELD = N_("Held")


def _piles(canvas: Canvas, view: TableView, top: int) -> None:
    """The stock, the discard pile's top and the held card, in a row in the middle."""
    piles = [STOCK, DISCARD] + ([HELD] if view.holding is not None else [])
    step = PILE.width + 48
    x = (canvas.width - (len(piles) * step - 48)) // 2
    for i, label in enumerate(piles):
        px = x + i * step
        canvas.text((px + PILE.width / 2, top + 2), _(label), 18, fill=colours.FELT_DIM, anchor="ma")
        y = top + 26
        if label == STOCK:
            if view.stock:
                canvas.card(None, px, y, PILE.width)
                canvas.badge(str(view.stock), px + PILE.width // 2, y + PILE.height // 2)
            else:
                canvas.empty(px, y, PILE.width)
                canvas.text((px + PILE.width / 2, y + PILE.height / 2), "0", 22, anchor="mm")
        elif label == DISCARD:
            if view.discard is None:
                canvas.empty(px, y, PILE.width)
            else:
                canvas.card(view.discard, px, y, PILE.width)
        else:
            canvas.card(view.holding, px, y, PILE.width, marked=True)


def _whose(view: TableView) -> str:
    """Whose turn it is, or who went out."""
    if view.over:
        out = [s.name for s in view.seats if s.went_out]
        return _("{player} went out", player=out[0]) if out else ""
    names = [view.seats[i].name for i in view.to_act if i < len(view.seats)]
    if not names:
        return ""
    if len(names) == 1:
        return _("{player} to play", player=names[0])
    return _("Waiting for {players}", players=", ".join(names))


def _fit(canvas: Canvas, text: str, size: int, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    if canvas.text_width(text, size, bold=True) <= width:
        return text
    while text and canvas.text_width(text + "…", size, bold=True) > width:
        text = text[:-1]
    return text + "…"
