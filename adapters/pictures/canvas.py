"""A picture being composed: the felt, cards pasted from the art's cache, and text, then encoded."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from adapters.pictures import cards, colours
from adapters.pictures.fonts import font
from engine.cards import Card

PNG_LEVEL = 1
"""zlib's level for the PNG: the fastest that still packs the flat felt well (see docs/pictures.md)."""


class Canvas:
    """An RGB image on the felt, with the few ways a picture is drawn."""

    def __init__(self, width: int, height: int, *, four_colour: bool = False) -> None:
        self.image = Image.new("RGB", (width, height), colours.FELT)
        self.draw = ImageDraw.Draw(self.image)
        self.four_colour = four_colour

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    def card(self, card: Card | None, x: int, y: int, width: int, *, marked: bool = False) -> None:
        """``card`` face up at (x, y); None is a face-down card (its back, always: nothing hidden is drawn).
        ``marked``: the playable card's outline around it."""
        if marked:
            pad = cards.glow_pad(width)
            ring = cards.glow(width)
            self.image.paste(ring, (x - pad, y - pad), ring)
        art = cards.back(width) if card is None else cards.face(card, width, self.four_colour)
        self.image.paste(art, (x, y), art)

    def empty(self, x: int, y: int, width: int) -> None:
        """An empty pile's outline."""
        art = cards.empty(width)
        self.image.paste(art, (x, y), art)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        fill: colours.RGB = colours.FELT_TEXT,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        self.draw.text(
            xy,
            text,
            font=font(size),
            fill=fill,
            anchor=anchor,
            stroke_width=1 if bold else 0,
            stroke_fill=fill,
        )

    def text_width(self, text: str, size: int) -> float:
        return font(size).getlength(text)

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, "PNG", compress_level=PNG_LEVEL)
        return out.getvalue()
