"""The one typeface of the pictures: Pillow's own bundled default font (a FreeType font shipped inside
Pillow, so nothing is read from the system and nothing is downloaded)."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont | ImageFont.TransposedFont


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The bundled font at ``size`` pixels (cached: loading it costs about a millisecond)."""
    return ImageFont.load_default(size=size)
