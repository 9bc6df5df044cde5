"""The board text format of black-hole-solver's ``--game golf`` (docs/rules.md): parse and print.

A board always accounts for the whole pack, so a mid-game position is a full board too: the
``Foundations:`` line may list the whole pile (bottom first; the last card is on top), and an empty column
is written ``-``. Parsing checks the pack card by card, and every error names its line and the problem.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import Card, CardError, card_name, full_deck, parse_card
from engine.golf.hole import Hole
from engine.golf.rules import STRICT, Rules


class BoardError(ValueError):
    """A board that is not a legal Golf position. ``line`` is 1-based (0 when no single line is at fault)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.reason = message


def format_board(hole: Hole) -> str:
    """Print a position in the board format; ``parse_board`` reads it back."""
    lines = ["Talon: " + " ".join(card_name(c) for c in hole.stock) if hole.stock else "Talon:"]
    pile = " ".join(card_name(c) for c in hole.foundation) if hole.foundation else "-"
    lines.append("Foundations: " + pile)
    lines.extend(" ".join(card_name(c) for c in col) if col else "-" for col in hole.tableau)
    return "\n".join(lines) + "\n"


def _cards(tokens: list[str], line: int) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(t) for t in tokens)
    except CardError as error:
        raise BoardError(str(error), line) from None


def parse_board(text: str, rules: Rules = STRICT) -> Hole:
    """Read a board. Raises BoardError naming the line for a missing Talon line, an unknown token, a card
    that appears too often, the wrong number of columns, or the wrong number of cards."""
    numbered = [(i + 1, raw.strip()) for i, raw in enumerate(text.splitlines())]
    lines = [(n, s) for n, s in numbered if s and not s.startswith("#")]
    if not lines:
        raise BoardError("the board is empty")

    talon_line, foundation_line = None, None
    column_lines: list[tuple[int, str]] = []
    for n, s in lines:
        head, colon, rest = s.partition(":")
        key = head.strip().lower() if colon else ""
        if key == "talon":
            if talon_line is not None:
                raise BoardError("a second Talon line", n)
            talon_line = (n, rest)
        elif key in ("foundations", "foundation"):
            if foundation_line is not None:
                raise BoardError("a second Foundations line", n)
            foundation_line = (n, rest)
        elif colon:
            raise BoardError(f"unknown line {head.strip()!r} (expected Talon:, Foundations: or a column)", n)
        else:
            column_lines.append((n, s))

    if talon_line is None:
        raise BoardError("the Talon line is missing (e.g. 'Talon: TD KC 8H ...')", lines[0][0])
    if len(column_lines) != rules.columns:
        where = column_lines[rules.columns][0] if len(column_lines) > rules.columns else 0
        raise BoardError(
            f"the board has {len(column_lines)} columns; {rules.name} Golf has {rules.columns}", where
        )

    stock = _cards(talon_line[1].split(), talon_line[0])
    foundation: tuple[Card, ...] = ()
    if foundation_line is not None:
        tokens = foundation_line[1].split()
        if tokens != ["-"]:
            foundation = _cards(tokens, foundation_line[0])
    tableau = tuple(() if s == "-" else _cards(s.split(), n) for n, s in column_lines)

    _check_pack(stock, foundation, tableau, rules, talon_line[0], foundation_line, column_lines)
    return Hole(tableau=tableau, foundation=foundation, stock=stock, rules=rules)


def _check_pack(
    stock: tuple[Card, ...],
    foundation: tuple[Card, ...],
    tableau: tuple[tuple[Card, ...], ...],
    rules: Rules,
    talon_at: int,
    foundation_line: tuple[int, str] | None,
    column_lines: list[tuple[int, str]],
) -> None:
    expected = Counter(full_deck(decks=rules.decks, jokers=rules.jokers))
    seen: Counter[Card] = Counter()
    places = [(talon_at, stock)]
    if foundation_line is not None:
        places.append((foundation_line[0], foundation))
    places += [(n, col) for (n, _), col in zip(column_lines, tableau, strict=True)]
    for n, cards in places:
        for card in cards:
            seen[card] += 1
            if seen[card] > expected[card]:
                times = "once" if expected[card] == 1 else f"{expected[card]} times"
                if expected[card] == 0:
                    raise BoardError(f"{card_name(card)} is not in the pack for {rules.name} Golf", n)
                raise BoardError(f"{card_name(card)} appears more than {times}", n)
    total = sum(seen.values())
    if total != rules.deck_size:
        missing = sorted((expected - seen).elements())
        shown = " ".join(card_name(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise BoardError(
            f"the board has {total} cards; a {rules.name} pack has {rules.deck_size} (missing: {shown})"
        )
