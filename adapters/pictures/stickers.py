"""The pieces a picture is composed of, each converted once to the palette and kept: a card on what lies
under its corners, a word of text on its background, a rounded panel. A picture is then plain pastes of
these, byte for byte: no blending, no conversion, per render.

A piece that is not rectangular (a card's rounded corners, the letters of a word) is blended here, once,
on the colour it will lie on (``ground``), which is why that colour is part of each key."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from adapters.pictures import cards, colours
from adapters.pictures.fonts import LOCK, font
from adapters.pictures.palette import to_palette
from adapters.pictures.suits import SCALE
from engine.cards import Card

Sticker = tuple[Image.Image, int, int]
"""A piece in the palette and where its top-left goes from the point it is placed at."""


@lru_cache(maxsize=4096)
def card(
    card: Card | None,
    width: int,
    four_colour: bool,
    ground: colours.RGB,
    over: colours.RGB | None = None,
    covered: bool = False,
    marked: bool = False,
) -> Sticker:
    """A card (None: its back) lying on ``ground``, its top corners on ``over`` when it overlaps the card
    above it in a column; ``covered``: only its top (the next card hides the rest); ``marked``: in its
    playable outline."""
    art = cards.top_of(card, width, four_colour) if covered else _whole(card, width, four_colour)
    pad = cards.glow_pad(width) if marked else 0
    base = Image.new("RGB", (art.width + 2 * pad, art.height + 2 * pad), ground)
    if over is not None:  # the card above shows behind this one's top corners (and its outline's top)
        rows = pad + cards.CardSize(width).radius + 1
        body = cards.middle(width, over, rows)
        base.paste(body, (pad, 0), body)
    if marked:
        ring = cards.glow(width)
        base.paste(ring, (0, 0), ring)
    base.paste(art, (pad, pad), art)
    return to_palette(base), -pad, -pad


def _whole(card: Card | None, width: int, four_colour: bool) -> Image.Image:
    return cards.back(width) if card is None else cards.face(card, width, four_colour)


@lru_cache(maxsize=64)
def empty(width: int, ground: colours.RGB) -> Sticker:
    art = cards.empty(width)
    base = Image.new("RGB", art.size, ground)
    base.paste(art, (0, 0), art)
    return to_palette(base), 0, 0


@lru_cache(maxsize=4096)
def text(words: str, size: int, bold: bool, anchor: str, fill: colours.RGB, ground: colours.RGB) -> Sticker:
    """``words`` set in the font in ``fill`` on ``ground``, placed by Pillow's ``anchor`` ("la": left-top,
    "mm": middle, "ra": right-top...)."""
    face = font(size, bold)
    words = printable(words)
    with LOCK:
        left, top, right, bottom = (int(v) for v in face.getbbox(words, anchor=anchor))
        base = Image.new("RGB", (max(1, right - left), max(1, bottom - top)), ground)
        ImageDraw.Draw(base).text((-left, -top), words, font=face, fill=fill, anchor=anchor)
    return to_palette(base), left, top


def printable(words: str) -> str:
    """``words`` with what the font cannot draw (an emoji in a player's name, a CJK letter) made a
    question mark, never a blank box."""
    if words.isascii():
        return words
    return "".join(ch if ch.isascii() or _has_glyph(ch) else "?" for ch in words)


@lru_cache(maxsize=1024)
def _has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` as itself, not as its box for a missing letter."""
    return _ink(ch) != _ink("\uffff")


@lru_cache(maxsize=1024)
def _ink(ch: str) -> bytes:
    face = font(20)
    mask = Image.new("L", (40, 40), 0)
    with LOCK:
        ImageDraw.Draw(mask).text((6, 6), ch, font=face, fill=255)
    return mask.tobytes()


@lru_cache(maxsize=256)
def rounded(
    width: int,
    height: int,
    radius: int,
    fill: colours.RGB,
    ground: colours.RGB,
    outline: colours.RGB | None = None,
    line: int = 0,
) -> Sticker:
    """A rounded rectangle (a panel, a square, a pill), its corners smoothed on ``ground``."""
    big = Image.new("RGB", (width * SCALE, height * SCALE), ground)
    box = (0, 0, width * SCALE - 1, height * SCALE - 1)
    draw = ImageDraw.Draw(big)
    if outline is not None and line:
        draw.rounded_rectangle(box, radius=radius * SCALE, fill=outline)
        inset = line * SCALE
        inner = (inset, inset, width * SCALE - 1 - inset, height * SCALE - 1 - inset)
        draw.rounded_rectangle(inner, radius=max(0, radius - line) * SCALE, fill=fill)
    else:
        draw.rounded_rectangle(box, radius=radius * SCALE, fill=fill)
    return to_palette(big.resize((width, height), Image.Resampling.LANCZOS)), 0, 0
