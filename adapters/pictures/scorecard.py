"""The scorecard as a small grid: Hole / Par / Score / Best rows, nine holes to a block (18 holes in two
nines, with Out, In and the total)."""

from __future__ import annotations

from adapters.pictures import colours
from adapters.pictures.canvas import Canvas
from bot.i18n import N_, _
from bot.screens import ScorecardView

ROW = 27
LABEL = 68
"""The rows' labels' column, at the least: wider where a language's labels need it."""
SIZE = 18
BG = colours.SCORE_BG


def _nines(card: ScorecardView) -> list[range]:
    return [range(start, min(start + 9, card.holes)) for start in range(0, card.holes, 9)]


def _rows(card: ScorecardView) -> int:
    return 4 if any(b is not None for b in card.best) else 3


OUT, IN, TOTAL = "out", "in", "total"
"""The sums after a block of nine: of the first nine, of the second, of the round."""
SUMS = {
    # Translators: a scorecard's column: the sum of the first nine holes (golf's "Out"); keep it short
    OUT: N_("Out"),
    # Translators: a scorecard's column: the sum of the second nine holes (golf's "In"); keep it short
    IN: N_("In"),
    # Translators: a scorecard's column: the round's total; as short as can be (3 or 4 letters)
    TOTAL: N_("Tot"),
}
# Translators: a scorecard's rows: the holes' numbers, their par, the player's scores, the best possible
LABELS = (N_("Hole"), N_("Par"), N_("Score"), N_("Best"))
SCORES = 2
"""The row of the player's scores (drawn brighter)."""


def _label_width(canvas: Canvas, labels: list[str]) -> int:
    return max(LABEL, *(round(canvas.text_width(label, SIZE)) + 12 for label in labels))


def scorecard_height(card: ScorecardView) -> int:
    nines = _nines(card)
    return len(nines) * _rows(card) * ROW + (len(nines) - 1) * 10


def draw_scorecard(canvas: Canvas, card: ScorecardView, x: int, y: int, width: int) -> None:
    nines = _nines(card)
    show_best = _rows(card) == 4
    labels = [_(label) for label in LABELS[: _rows(card)]]
    label_width = _label_width(canvas, labels)
    for number, holes in enumerate(nines):
        last = number == len(nines) - 1
        sums = [] if len(nines) == 1 else [OUT if number == 0 else IN]
        if last:
            sums.append(TOTAL)
        cells = 9 + len(sums)
        cell = (width - label_width) / cells
        canvas.rectangle((x, y, x + width, y + _rows(card) * ROW), colours.SCORE_BG)
        rows: list[list[str]] = [
            [str(n + 1) for n in holes] + [_(SUMS[s]) for s in sums],
            [str(card.par) for _n in holes] + [_sum(card, holes, s, par=True) for s in sums],
            [_value(card.scores, n) for n in holes] + [_sum(card, holes, s) for s in sums],
        ]
        if show_best:
            rows.append([_value(card.best, n) for n in holes] + [_best(card, holes, s) for s in sums])
        for r, (label, values) in enumerate(zip(labels, rows, strict=True)):
            top = y + r * ROW
            head = r == 0
            tint = colours.FELT_TEXT if r == SCORES else colours.FELT_DIM
            canvas.text((x + 6, top + ROW / 2), label, SIZE, fill=colours.FELT_DIM, anchor="lm", ground=BG)
            for i, value in enumerate(values):
                cx = x + label_width + (i + 0.5) * cell
                canvas.text((cx, top + ROW / 2), value, SIZE, fill=tint, anchor="mm", ground=BG)
            if head:
                canvas.line((x, top + ROW, x + width, top + ROW), colours.FELT_LIGHT)
        y += _rows(card) * ROW + 10


def _value(values: tuple[int | None, ...], n: int) -> str:
    if n >= len(values):
        return ""
    value = values[n]
    return "?" if value is None else str(value)


def _sum(card: ScorecardView, holes: range, name: str, *, par: bool = False) -> str:
    if name == TOTAL:
        return str(card.par * card.holes if par else card.total)
    if par:
        return str(card.par * len(holes))
    return str(sum(card.scores[holes.start : holes.stop]))


def _best(card: ScorecardView, holes: range, name: str) -> str:
    chosen = card.best if name == TOTAL else card.best[holes.start : holes.stop]
    known = [b for b in chosen if b is not None]
    return str(sum(known)) if known else ""
