"""Hands made by hand: ``make_hand(["?KH 2C 3D", "4S 5H 6C"], ...)`` for the Six-card Golf tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.cards import ONE_DECK, Card, parse_card
from engine.sixcard.hand import Grid, Hand, Phase, Source


def _grid(text: str) -> Grid:
    """Six tokens, top row then bottom row (a ``/`` between rows is allowed); ``?`` marks a face-down card."""
    tokens = [t for t in text.replace("/", " ").split()]
    assert len(tokens) == 6, text
    cards = tuple(parse_card(t.lstrip("?")) for t in tokens)
    return Grid(cards, tuple(not t.startswith("?") for t in tokens))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


MakeHand = Callable[..., Hand]


@pytest.fixture(scope="session")
def make_hand() -> MakeHand:
    """A hand in its turns by default. Grids as text (``?`` = face down); the discard pile bottom first; the
    stock, unless given, is the rest of the pack in PySolFC order, so every hand holds the whole pack."""

    def build(
        grids: list[str],
        *,
        discard: str = "",
        stock: str | None = None,
        drawn: str | None = None,
        source: Source | None = None,
        phase: Phase = Phase.TURNS,
        turn: int = 0,
        first: int = 0,
        seed: int = 0,
        turns: int = 0,
    ) -> Hand:
        built = tuple(_grid(g) for g in grids)
        pile = _cards(discard)
        held = parse_card(drawn) if drawn else None
        used = {c for g in built for c in g.cards} | set(pile) | ({held} if held else set())
        rest = _cards(stock) if stock is not None else tuple(c for c in ONE_DECK if c not in used)
        if drawn and source is None:
            source = Source.STOCK
        return Hand(
            seed=seed,
            grids=built,
            stock=rest,
            discard=pile,
            first=first,
            turn=turn,
            phase=phase,
            drawn=held,
            source=source,
            turns=turns,
        )

    return build


@pytest.fixture(scope="session")
def cards() -> Callable[[str], tuple[Card, ...]]:
    return _cards
