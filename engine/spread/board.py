"""The board text format of a Golf-family patience: black-hole-solver's (``--game black_hole``,
``--game all_in_a_row``, as engine/golf/board.py prints Golf), extended to peaks and pyramids.

    Talon: 7C JD 9D        (the stock, next card first; no line for a game without a stock)
    Foundations: JH        (the pile, bottom first: its last card is on top; ``-`` when empty)
    4C 7S 5S               (one line of the layout each: a row of a peak or a pyramid, top row first;
    ...                     a fan or a column, bottom card first)

A played card is ``-`` in its place; in a layout of piles (Black Hole, All in a Row) a pile just gets
shorter, as black-hole-solver writes it, and an empty pile is ``-``.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import Card, CardError, Suit, card_name, full_deck, parse_card
from engine.spread.layout import SpreadLayout, Start, stacked
from engine.spread.position import ACE, Spread


class SpreadBoardError(ValueError):
    """A board that is not a position of the game; ``line`` is 1-based (0: no single line)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def format_board(spread: Spread) -> str:
    """A position in the board format; ``parse_board`` reads it back (for a dealt position exactly)."""
    layout = spread.layout
    lines = []
    if layout.stock:
        lines.append(("Talon: " + " ".join(card_name(c) for c in spread.stock)).rstrip())
    lines.append("Foundations: " + (" ".join(card_name(c) for c in spread.foundation) or "-"))
    piles = stacked(layout)
    for line in layout.lines:
        tokens = [card_name(c) if (c := spread.card(slot)) is not None else "-" for slot in line]
        if piles:
            tokens = [t for t in tokens if t != "-"]
        lines.append(" ".join(tokens) or "-")
    return "\n".join(lines) + "\n"


def _card(token: str, line: int) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise SpreadBoardError(str(error), line) from None


def parse_board(text: str, layout: SpreadLayout) -> Spread:
    """Read a board of ``layout``'s game: every card of the pack once, the lines the layout has. Raises
    SpreadBoardError naming the line at fault."""
    rows = [(n + 1, raw.strip()) for n, raw in enumerate(text.splitlines())]
    rows = [(n, s) for n, s in rows if s and not s.startswith("#")]
    stock: tuple[Card, ...] = ()
    foundation: tuple[Card, ...] = ()
    tableau: list[tuple[int, list[str]]] = []
    for n, s in rows:
        head, colon, rest = s.partition(":")
        key = head.strip().lower() if colon else ""
        if key == "talon":
            if not layout.stock:
                raise SpreadBoardError(f"{layout.title} has no stock", n)
            stock = tuple(_card(t, n) for t in rest.split())
        elif key in ("foundations", "foundation"):
            tokens = [t for t in rest.split() if t != "-"]
            foundation = tuple(_card(t, n) for t in tokens)
        else:
            tableau.append((n, s.split()))
    if len(tableau) != len(layout.lines):
        raise SpreadBoardError(f"{layout.title} has {len(layout.lines)} lines of cards, not {len(tableau)}")
    cards: list[Card | None] = [None] * layout.size
    gone = 0
    piles = stacked(layout)
    for (n, tokens), line in zip(tableau, layout.lines, strict=True):
        if tokens == ["-"]:
            tokens = []
        if piles:
            tokens += ["-"] * (len(line) - len(tokens))
        if len(tokens) != len(line):
            raise SpreadBoardError(f"this line holds {len(line)} cards, not {len(tokens)}", n)
        for slot, token in zip(line, tokens, strict=True):
            if token == "-":
                gone |= 1 << slot
            else:
                cards[slot] = _card(token, n)
    counts = Counter(c for c in cards if c is not None) + Counter(stock) + Counter(foundation)
    expected = Counter(full_deck(decks=1, jokers=0))
    if layout.start is Start.ACE_OF_SPADES and foundation[:1] != (Card(ACE, Suit.SPADES),):
        raise SpreadBoardError(f"{layout.title}'s foundation starts with the Ace of Spades (AS)")
    if counts != expected:
        said = []
        if missing := sorted(expected - counts):
            said.append("missing " + " ".join(card_name(c) for c in missing))
        if extra := sorted(counts - expected):
            said.append("too many " + " ".join(card_name(c) for c in extra))
        raise SpreadBoardError("the board is not one pack: " + "; ".join(said))
    if gone and not foundation:
        raise SpreadBoardError("cards were played but the foundation is empty")
    # a played slot keeps no card that matters to what follows (its card is on the foundation somewhere)
    dealt = tuple(c if c is not None else foundation[-1] for c in cards)
    return Spread(layout, dealt, gone, foundation, stock)
