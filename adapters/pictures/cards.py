"""The card art: 52 faces, the Joker, a back and an empty pile, drawn with Pillow at the size a picture asks
for and kept (each is drawn once per size and deck, at first use).

Drawn for small sizes: the index (a large rank and the suit beside it) fills the card's top strip, the part
of a card that still shows when the next one in its column covers the rest; the body has one big suit (or
the face cards' letter in a frame) so that a card reads at a glance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from adapters.pictures import colours
from adapters.pictures.fonts import LOCK, font
from adapters.pictures.suits import SCALE, suit_mask
from engine.cards import KING, QUEEN, Card, Suit

JACK = 11

ASPECT = 1.4
"""Height over width, as a real card."""


@dataclass(frozen=True, slots=True)
class CardSize:
    """The measures of one card size, from its width."""

    width: int

    @property
    def height(self) -> int:
        return round(self.width * ASPECT)

    @property
    def strip(self) -> int:
        """The height of the index strip at the top: how much of a covered card shows."""
        return max(12, round(self.width * 0.4))

    @property
    def radius(self) -> int:
        return max(2, round(self.width * 0.08))


def rank_text(card: Card) -> str:
    return "10" if card.rank == 10 else card.rank_name


@lru_cache(maxsize=16)
def silhouette(width: int) -> Image.Image:
    """The card's shape as a mask ("L"), its rounded corners smoothed."""
    size = CardSize(width)
    big = Image.new("L", (size.width * SCALE, size.height * SCALE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, size.width * SCALE - 1, size.height * SCALE - 1), radius=size.radius * SCALE, fill=255
    )
    return big.resize((size.width, size.height), Image.Resampling.LANCZOS)


def _blank(width: int, fill: colours.RGB, edge: colours.RGB) -> Image.Image:
    """A card-shaped RGBA image of ``fill`` with a one-pixel ``edge``."""
    size = CardSize(width)
    mask = silhouette(width)
    card = Image.new("RGBA", (size.width, size.height), (*edge, 255))
    inner = Image.new("RGBA", (size.width, size.height), (*fill, 255))
    inside = mask.filter(ImageFilter.MinFilter(3))
    card.paste(inner, (0, 0), inside)
    card.putalpha(mask)
    return card


@lru_cache(maxsize=16)
def middle(width: int, fill: colours.RGB, rows: int) -> Image.Image:
    """``rows`` rows from the middle of a blank card of ``fill``: what a card overlapping it in a column has
    behind its top corners (its paper and its two edges)."""
    blank = _blank(width, fill, colours.EDGE)
    mid = blank.height // 2
    return blank.crop((0, mid, blank.width, mid + rows))


def _stamp(image: Image.Image, suit: Suit, box: tuple[int, int, int], colour: colours.RGB) -> None:
    """Print the suit's shape of side ``box[2]`` at (``box[0]``, ``box[1]``)."""
    x, y, side = box
    image.paste(colour, (x, y, x + side, y + side), suit_mask(suit, side))


@lru_cache(maxsize=512)
def face(card: Card, width: int, four_colour: bool = False) -> Image.Image:
    """The face of ``card`` at ``width`` pixels wide (RGBA, cached)."""
    size = CardSize(width)
    image = _blank(width, colours.PAPER, colours.EDGE)
    ink = colours.ink(card.suit, four_colour)
    with LOCK:  # (FreeType sets the rank)
        _index(image, card, size, ink)
        _body(image, card, size, ink)
    return image


def _index(image: Image.Image, card: Card, size: CardSize, ink: colours.RGB) -> None:
    """The large index in the top strip: the rank, then the suit beside it."""
    draw = ImageDraw.Draw(image)
    pad = max(2, round(size.width * 0.06))
    glyph = round(size.strip * 0.9)
    suit_side = max(6, round(size.strip * 0.6))
    if card.is_joker:
        _stamp(image, Suit.NONE, (pad, pad - 1, size.strip - pad), ink)
        word = font(max(8, round(size.strip * 0.42)), bold=True)
        draw.text((size.strip + 1, size.strip // 2), "JOKER", font=word, fill=ink, anchor="lm")
        return
    text = rank_text(card)
    typeface = font(glyph, bold=True)
    if text == "10":  # two figures: a little narrower, so that the suit still fits beside them
        typeface = font(round(glyph * 0.86), bold=True)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=typeface)
    tx = pad - left
    ty = (size.strip - (bottom - top)) // 2 - top
    draw.text((tx, ty), text, font=typeface, fill=ink)
    sx = round(tx + right) + max(1, pad // 2)
    sy = (size.strip - suit_side) // 2
    _stamp(image, card.suit, (min(sx, size.width - suit_side - 2), sy, suit_side), ink)


def _body(image: Image.Image, card: Card, size: CardSize, ink: colours.RGB) -> None:
    """Below the strip: one big suit; the face cards' letter in a frame; the Joker's star."""
    top = size.strip
    room = size.height - top
    if card.is_joker:
        side = round(min(size.width * 0.7, room * 0.7))
        _stamp(image, Suit.NONE, ((size.width - side) // 2, top + (room - side) // 2, side), ink)
        return
    if card.rank in (JACK, QUEEN, KING):
        draw = ImageDraw.Draw(image)
        m = max(3, round(size.width * 0.12))
        frame = (m, top + m // 2, size.width - m - 1, size.height - m - 1)
        draw.rounded_rectangle(frame, radius=size.radius, fill=colours.FRAME, outline=ink, width=1)
        letter = font(round(room * 0.36), bold=True)
        cx = size.width // 2
        draw.text((cx, top + room * 0.36), rank_text(card), font=letter, fill=ink, anchor="mm")
        side = round(room * 0.24)
        _stamp(image, card.suit, (cx - side // 2, round(top + room * 0.56), side), ink)
        return
    side = round(min(size.width * 0.62, room * 0.62)) if card.rank != 1 else round(room * 0.72)
    _stamp(image, card.suit, ((size.width - side) // 2, top + (room - side) // 2 - 2, side), ink)


@lru_cache(maxsize=1024)
def top_of(card: Card | None, width: int, four_colour: bool = False) -> Image.Image:
    """The part of a card that shows when the next one in its column covers it: its index strip, and the
    few rows more that the next card's rounded corners leave uncovered."""
    whole = back(width) if card is None else face(card, width, four_colour)
    size = CardSize(width)
    return whole.crop((0, 0, size.width, min(size.height, size.strip + size.radius + 1)))


@lru_cache(maxsize=16)
def back(width: int) -> Image.Image:
    """The back of a card: a blue lattice in a white border, unmistakably face down."""
    size = CardSize(width)
    image = _blank(width, colours.BACK, colours.PAPER)
    draw = ImageDraw.Draw(image)
    m = max(3, round(size.width * 0.08))
    step = max(5, round(size.width * 0.14))
    inner = Image.new("RGBA", (size.width, size.height), (0, 0, 0, 0))
    lines = ImageDraw.Draw(inner)
    for d in range(-size.height, size.width + size.height, step):
        lines.line((d, 0, d + size.height, size.height), fill=(*colours.BACK_LINE, 255), width=1)
        lines.line((d, size.height, d + size.height, 0), fill=(*colours.BACK_LINE, 255), width=1)
    clip = Image.new("L", (size.width, size.height), 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (m, m, size.width - m - 1, size.height - m - 1), radius=max(1, size.radius - 2), fill=255
    )
    image.paste(inner, (0, 0), Image.composite(inner.getchannel("A"), clip, clip).point(lambda v: v))
    draw.rounded_rectangle(
        (m, m, size.width - m - 1, size.height - m - 1),
        radius=max(1, size.radius - 2),
        outline=colours.BACK_LINE,
        width=max(1, size.width // 40),
    )
    return image


@lru_cache(maxsize=16)
def empty(width: int) -> Image.Image:
    """An empty pile: a card's outline on the felt, nothing in it."""
    size = CardSize(width)
    image = Image.new("RGBA", (size.width, size.height), (0, 0, 0, 0))
    line = max(2, size.width // 30)
    big = Image.new("L", (size.width * SCALE, size.height * SCALE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, size.width * SCALE - 1, size.height * SCALE - 1),
        radius=size.radius * SCALE,
        outline=255,
        width=line * SCALE,
    )
    image.paste(colours.FELT_LIGHT, (0, 0), big.resize(image.size, Image.Resampling.LANCZOS))
    return image


@lru_cache(maxsize=16)
def glow(width: int) -> Image.Image:
    """The mark of a playable card: a bright outline a few pixels around it (paste it ``GLOW_PAD`` up and
    left of the card)."""
    size = CardSize(width)
    pad = glow_pad(width)
    w, h = size.width + 2 * pad, size.height + 2 * pad
    ring = Image.new("L", (w * SCALE, h * SCALE), 0)
    ImageDraw.Draw(ring).rounded_rectangle(
        (0, 0, w * SCALE - 1, h * SCALE - 1), radius=(size.radius + pad) * SCALE, fill=255
    )
    mask = ring.resize((w, h), Image.Resampling.LANCZOS)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    image.paste(colours.GLOW, (0, 0), mask)
    return image


def glow_pad(width: int) -> int:
    return max(2, round(width * 0.06))
