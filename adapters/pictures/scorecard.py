"""The scorecard as a small grid: Hole / Par / Score / Best rows, nine holes to a block (18 holes in two
nines, with Out, In and the total)."""

from __future__ import annotations

from adapters.pictures import colours
from adapters.pictures.canvas import Canvas
from bot.screens import ScorecardView

ROW = 27
LABEL = 68
SIZE = 18
BG = colours.SCORE_BG


def _nines(card: ScorecardView) -> list[range]:
    return [range(start, min(start + 9, card.holes)) for start in range(0, card.holes, 9)]


def _rows(card: ScorecardView) -> int:
    return 4 if any(b is not None for b in card.best) else 3


def scorecard_height(card: ScorecardView) -> int:
    nines = _nines(card)
    return len(nines) * _rows(card) * ROW + (len(nines) - 1) * 10


def draw_scorecard(canvas: Canvas, card: ScorecardView, x: int, y: int, width: int) -> None:
    nines = _nines(card)
    show_best = _rows(card) == 4
    for number, holes in enumerate(nines):
        last = number == len(nines) - 1
        sums = [] if len(nines) == 1 else ["Out" if number == 0 else "In"]
        if last:
            sums.append("Tot")
        cells = 9 + len(sums)
        cell = (width - LABEL) / cells
        canvas.rectangle((x, y, x + width, y + _rows(card) * ROW), colours.SCORE_BG)
        rows: list[tuple[str, list[str]]] = [
            ("Hole", [str(n + 1) for n in holes] + sums),
            ("Par", [str(card.par) for _ in holes] + [_sum(card, holes, s, par=True) for s in sums]),
            ("Score", [_value(card.scores, n) for n in holes] + [_sum(card, holes, s) for s in sums]),
        ]
        if show_best:
            rows.append(
                ("Best", [_value(card.best, n) for n in holes] + [_best(card, holes, s) for s in sums])
            )
        for r, (label, values) in enumerate(rows):
            top = y + r * ROW
            head = r == 0
            tint = colours.FELT_DIM if head or label != "Score" else colours.FELT_TEXT
            canvas.text((x + 6, top + ROW / 2), label, SIZE, fill=colours.FELT_DIM, anchor="lm", ground=BG)
            for i, value in enumerate(values):
                cx = x + LABEL + (i + 0.5) * cell
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
    if name == "Tot":
        return str(card.par * card.holes if par else card.total)
    if par:
        return str(card.par * len(holes))
    return str(sum(card.scores[holes.start : holes.stop]))


def _best(card: ScorecardView, holes: range, name: str) -> str:
    chosen = card.best if name == "Tot" else card.best[holes.start : holes.stop]
    known = [b for b in chosen if b is not None]
    return str(sum(known)) if known else ""
