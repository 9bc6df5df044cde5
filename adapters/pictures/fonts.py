"""The typeface of the pictures: DejaVu Sans Condensed, regular and bold, kept in the repository beside this
module (fonts/, with its licence), cut down to the Latin, Greek and Cyrillic letters. Nothing is read from
the system, so a picture is the same on every machine; Pillow's own bundled font would do too, but it has
only ASCII, and a player called Zoë would lose her ë."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FOLDER = Path(__file__).resolve().parent / "fonts"
REGULAR = FOLDER / "DejaVuSansCondensed.ttf"
BOLD = FOLDER / "DejaVuSansCondensed-Bold.ttf"


LOCK = threading.RLock()
"""Held while FreeType sets text: a FreeType face may be used by one thread at a time (the GIL ensures it
today; a free-threaded Python would not). Only the first drawing of a word takes it: words are kept."""


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font at ``size`` pixels (cached: loading it costs about a millisecond)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is set at ``size`` (kept: layouts ask again and again)."""
    with LOCK:
        return font(size, bold).getlength(text)
