"""Draw Screens as monospace text: the terminal uses it as is, Discord and Telegram put it in a code block.

Fits an 80-column terminal: a cell is 6 characters, so 7 columns take 42 and a double deck's 9 take 54.
"""

from __future__ import annotations

from bot.screens import BoardView, Screen
from engine.cards import Card

CELL = 6


def card_label(card: Card | None) -> str:
    return "—" if card is None else card.pretty()


def _cell(text: str) -> str:
    return text.center(CELL)


def render_board(view: BoardView) -> str:
    """The tableau top to bottom: the last card of each column is the available one; a playable one is
    shown in brackets, e.g. ``[7♠]``."""
    width = len(view.columns)
    depth = max((len(c) for c in view.columns), default=0)
    lines = ["".join(_cell(str(i + 1)) for i in range(width)).rstrip()]
    lines.append("".join(_cell("───") for _ in range(width)).rstrip())
    for row in range(max(depth, 1)):
        cells = []
        for col, cards in enumerate(view.columns):
            if row < len(cards):
                label = cards[row].pretty()
                last = row == len(cards) - 1
                cells.append(_cell(f"[{label}]" if last and view.playable[col] else label))
            elif row == 0 and not cards:
                cells.append(_cell("·"))
            else:
                cells.append(" " * CELL)
        lines.append("".join(cells).rstrip())
    top = card_label(view.foundation) if view.foundation else "empty"
    lines.append("")
    lines.append(f"Foundation: {top}   Stock: {view.stock_left} left")
    return "\n".join(lines)


def status_line(view: BoardView) -> str:
    return (
        f"Hole {view.hole} of {view.holes} · deal #{view.deal} · {view.rules} · "
        f"total {view.total} · par {view.par}"
    )


def render_screen(screen: Screen, *, with_keys: bool = False) -> str:
    """The whole screen as plain text. ``with_keys`` adds the keyboard legend of the terminal."""
    parts: list[str] = []
    if screen.title:
        parts.append(screen.title)
    parts.extend(screen.notes)
    if screen.board is not None:
        parts.append(render_board(screen.board))
    parts.extend(screen.blocks)
    if with_keys:
        keys = [f"{b.key} {b.label}" for b in screen.all_buttons if b.enabled and b.key]
        if keys:
            parts.append("Keys: " + " · ".join(keys))
    return "\n\n".join(p for p in parts if p)
