"""One palette for every picture, so that a picture is composed in palette mode ("P", a byte a pixel) from
pieces converted once, and encoded as a small PNG quickly (a palette PNG packs in about a sixth of the time
of an RGB one, at half the size; measured in docs/pictures.md).

The palette is made, not learnt: each colour the art uses, and between the pairs that meet (ink on paper,
text on felt) a ramp of shades, so that smoothed edges keep their smoothness."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from adapters.pictures import colours as c

STEPS = 5
"""Shades between two colours that meet (the two themselves not counted)."""

_PAIRS: tuple[tuple[c.RGB, tuple[c.RGB, ...]], ...] = (
    (c.PAPER, (c.BLACK, c.RED, c.BLUE, c.GREEN, c.JOKER_INK, c.EDGE, c.FRAME)),
    (c.FRAME, (c.BLACK, c.RED, c.BLUE, c.GREEN)),
    (c.BACK, (c.BACK_LINE, c.PAPER)),
    (
        c.FELT,
        (
            c.FELT_TEXT,
            c.FELT_DIM,
            c.FELT_LIGHT,
            c.GLOW,
            c.PAPER,
            c.EDGE,
            c.PANEL,
            c.BADGE,
            c.SCORE_BG,
            *c.SQUARE_COLOURS.values(),
        ),
    ),
    (c.PANEL, (c.FELT_TEXT, c.FELT_DIM, c.FELT_LIGHT, c.GLOW, c.PAIRED, c.PAPER, c.EDGE)),
    (c.SCORE_BG, (c.FELT_TEXT, c.FELT_DIM, c.FELT_LIGHT)),
    (c.GLOW, (c.PAPER, c.EDGE, c.DARK)),
    (c.PAIRED, (c.DARK,)),
    (c.BADGE, (c.FELT_TEXT, c.PAPER)),
)


def _mix(a: c.RGB, b: c.RGB, t: float) -> c.RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _colours() -> list[c.RGB]:
    chosen: dict[c.RGB, None] = {}
    for back, inks in _PAIRS:
        chosen[back] = None
        for ink in inks:
            chosen[ink] = None
    for back, inks in _PAIRS:
        for ink in inks:
            for step in range(1, STEPS + 1):
                chosen[_mix(back, ink, step / (STEPS + 1))] = None
    found = list(chosen)
    if len(found) > 256:
        raise RuntimeError(f"the pictures' palette needs {len(found)} colours, more than 256")
    return found


COLOURS: tuple[c.RGB, ...] = tuple(_colours())


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A 1×1 "P" image carrying the palette (what Pillow's ``quantize`` takes)."""
    image = Image.new("P", (1, 1))
    flat = [v for rgb in COLOURS for v in rgb]
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """An RGB(A) image in the palette (each pixel the nearest colour; no dithering: the art is flat)."""
    return image.convert("RGB").quantize(palette=palette_image(), dither=Image.Dither.NONE)


def index(colour: c.RGB) -> int:
    """The palette entry of one of the art's colours."""
    return COLOURS.index(colour)
