"""The four suits and the Joker's star drawn as shapes (polygons and ellipses, never font glyphs, so that
they look the same everywhere and stay crisp at any size).

Each shape is drawn four times too large on a grey-level mask and shrunk, which smooths its edges."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.cards import Suit

SCALE = 4
"""Supersampling: shapes are drawn at this multiple, then shrunk."""


@lru_cache(maxsize=256)
def suit_mask(suit: Suit, size: int) -> Image.Image:
    """A ``size`` × ``size`` mask ("L": 255 is ink) of the suit's shape, centred."""
    big = size * SCALE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    _SHAPES[suit](draw, big)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def _heart(draw: ImageDraw.ImageDraw, s: int) -> None:
    r = s * 0.26
    top = s * 0.08
    for cx in (s * 0.28, s * 0.72):
        draw.ellipse((cx - r, top, cx + r, top + 2 * r), fill=255)
    # the point: tangent lines from the lobes' outer sides down to the bottom
    draw.polygon([(s * 0.03, top + r * 1.15), (s * 0.97, top + r * 1.15), (s * 0.5, s * 0.95)], fill=255)
    draw.rectangle((s * 0.28, top + r * 0.6, s * 0.72, top + r * 1.3), fill=255)


def _diamond(draw: ImageDraw.ImageDraw, s: int) -> None:
    draw.polygon(
        [(s * 0.5, s * 0.03), (s * 0.88, s * 0.5), (s * 0.5, s * 0.97), (s * 0.12, s * 0.5)], fill=255
    )


def _spade(draw: ImageDraw.ImageDraw, s: int) -> None:
    r = s * 0.24
    low = s * 0.72
    for cx in (s * 0.29, s * 0.71):
        draw.ellipse((cx - r, low - 2 * r, cx + r, low), fill=255)
    draw.polygon([(s * 0.05, low - r * 1.1), (s * 0.95, low - r * 1.1), (s * 0.5, s * 0.03)], fill=255)
    draw.rectangle((s * 0.29, low - r * 1.4, s * 0.71, low - r * 0.5), fill=255)
    _stem(draw, s)


def _club(draw: ImageDraw.ImageDraw, s: int) -> None:
    r = s * 0.2
    for cx, cy in ((s * 0.5, s * 0.25), (s * 0.27, s * 0.56), (s * 0.73, s * 0.56)):
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    draw.polygon([(s * 0.5, s * 0.3), (s * 0.36, s * 0.6), (s * 0.64, s * 0.6)], fill=255)
    _stem(draw, s)


def _stem(draw: ImageDraw.ImageDraw, s: int) -> None:
    draw.polygon([(s * 0.5, s * 0.5), (s * 0.3, s * 0.97), (s * 0.7, s * 0.97)], fill=255)


def _star(draw: ImageDraw.ImageDraw, s: int) -> None:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = s * (0.48 if i % 2 == 0 else 0.2)
        points.append((s * 0.5 + radius * math.cos(angle), s * 0.53 + radius * math.sin(angle)))
    draw.polygon(points, fill=255)


_SHAPES = {
    Suit.HEARTS: _heart,
    Suit.DIAMONDS: _diamond,
    Suit.SPADES: _spade,
    Suit.CLUBS: _club,
    Suit.NONE: _star,
}
