"""A picture being composed: a palette image of the felt, pieces pasted from the stickers' cache, then
encoded as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from adapters.pictures import colours, png, stickers
from adapters.pictures.fonts import width
from adapters.pictures.palette import index, palette_image
from engine.cards import Card


class Canvas:
    """A palette image on the felt, with the few ways a picture is drawn."""

    def __init__(self, width: int, height: int, *, four_colour: bool = False) -> None:
        self.image = Image.new("P", (width, height), index(colours.FELT))
        self.image.putpalette(palette_image().getpalette() or [])
        self.four_colour = four_colour

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    def paste(self, piece: stickers.Sticker, x: float, y: float) -> None:
        image, left, top = piece
        self.image.im.paste(image.im, _box(round(x) + left, round(y) + top, image))

    def card(
        self,
        card: Card | None,
        x: int,
        y: int,
        width: int,
        *,
        ground: colours.RGB = colours.FELT,
        over: colours.RGB | None = None,
        marked: bool = False,
        covered: bool = False,
    ) -> None:
        """``card`` face up at (x, y); None is a face-down card (its back, always: nothing hidden is drawn).
        ``ground``: what lies under its corners; ``over``: under its top corners, where it overlaps the
        card above it; ``marked``: the playable card's outline; ``covered``: the next card of its column
        hides all but its top strip, so only that is pasted."""
        sticker = stickers.card(card, width, self.four_colour, ground, over, covered, marked)
        self.paste(sticker, x, y)

    def empty(self, x: int, y: int, width: int, *, ground: colours.RGB = colours.FELT) -> None:
        """An empty pile's outline."""
        self.paste(stickers.empty(width, ground), x, y)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        fill: colours.RGB = colours.FELT_TEXT,
        anchor: str = "la",
        bold: bool = False,
        ground: colours.RGB = colours.FELT,
    ) -> None:
        """``text`` at ``xy`` by Pillow's ``anchor`` ("la": left-top, "mm": middle, "ra": right-top...), on
        ``ground``, the colour under it."""
        self.paste(stickers.text(text, size, bold, anchor, fill, ground), *xy)

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: int,
        fill: colours.RGB,
        *,
        ground: colours.RGB = colours.FELT,
        outline: colours.RGB | None = None,
        line: int = 0,
    ) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        self.paste(stickers.rounded(x1 - x0, y1 - y0, radius, fill, ground, outline, line), x0, y0)

    def badge(self, text: str, cx: int, cy: int, *, radius: int = 19) -> None:
        """A count on a dark disc, over a pile's back (the stock)."""
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        self.rounded(box, radius, colours.BADGE, ground=colours.BACK, outline=colours.PAPER, line=2)
        self.text((cx, cy), text, 20, anchor="mm", bold=True, ground=colours.BADGE)

    def rectangle(self, box: tuple[float, float, float, float], fill: colours.RGB) -> None:
        ImageDraw.Draw(self.image).rectangle(box, fill=index(fill))

    def line(self, box: tuple[float, float, float, float], fill: colours.RGB) -> None:
        ImageDraw.Draw(self.image).line(box, fill=index(fill))

    def text_width(self, text: str, size: int, *, bold: bool = False) -> float:
        return width(text, size, bold)

    def png(self) -> bytes:
        return png.encode(self.image)


def _box(x: int, y: int, image: Image.Image) -> tuple[int, int, int, int]:
    return (x, y, x + image.width, y + image.height)
