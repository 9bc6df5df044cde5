"""The board of a Golf-family hole (TriPeaks, the pyramids, Black Hole, All in a Row) as a Screen's data:
its tableau as a ``LayoutView`` (face-down cards as backs, never their value) and a button for each free
card, in order across the table. A button's action is the card's number in dealing order (``engine.spread``
reads it back), its label the card, its key one character for the terminal."""

from __future__ import annotations

from bot.screens import Button, ButtonRole, ButtonStyle, LayoutView, Spot
from engine.spread.position import Spread

KEYS = "1234567890bcefgijklmotvwz"
"""The terminal's keys for the free cards, in order across the table: digits, then letters no other key of
the terminal uses (a, d, h, n, p, q, r, s, u, x and y are taken)."""
MOST_FREE = 20
"""The most free cards a family layout offers at once (Black Hole's 17 fans): four rows of five buttons,
under Discord's five rows with the controls."""


def free_order(spread: Spread) -> tuple[int, ...]:
    """The free slots in order across the table: left to right (by place, a pile by its line), top row
    first where two share a place."""
    layout = spread.layout
    row_of = {slot: row for row, line in enumerate(layout.lines) for slot in line}
    where = layout.places or tuple(row_of[slot] for slot in range(layout.size))

    def across(slot: int) -> tuple[int, int]:
        return (where[slot], row_of[slot])

    return tuple(sorted(spread.free(), key=across))


def layout_view(spread: Spread, *, live: bool) -> LayoutView:
    """The tableau as the player may see it; ``live``: the hole is in play (free cards get keys, playable
    ones are marked)."""
    layout = spread.layout
    keys = {slot: KEYS[n] for n, slot in enumerate(free_order(spread)[: len(KEYS)])} if live else {}
    spots = {
        slot: Spot(
            card=spread.card(slot) if spread.is_shown(slot) else None,
            gone=spread.card(slot) is None,
            free=spread.is_free(slot),
            playable=live and spread.playable(slot),
            key=keys.get(slot, ""),
        )
        for slot in range(layout.size)
    }
    lines = tuple(tuple(spots[slot] for slot in line) for line in layout.lines)
    places = tuple(tuple(layout.places[s] for s in line) for line in layout.lines) if layout.places else ()
    return LayoutView(lines, places, piles=not layout.places, stock=layout.stock, title=layout.title)


def card_buttons(spread: Spread, prefix: str, *, live: bool) -> tuple[Button, ...]:
    """A button for each free card (enabled when it goes on the foundation), in order across the table."""
    buttons = []
    for n, slot in enumerate(free_order(spread)[:MOST_FREE]):
        playable = live and spread.playable(slot)
        buttons.append(
            Button(
                id=prefix + str(slot + 1),
                label=spread.cards[slot].pretty(),
                enabled=playable,
                style=ButtonStyle.PRIMARY if playable else ButtonStyle.SECONDARY,
                key=KEYS[n],
                role=ButtonRole.COLUMN,
            )
        )
    return tuple(buttons)
