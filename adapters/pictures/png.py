"""A palette image as a PNG file, deflated by ISA-L (python-isal) rather than by Pillow's encoder.

Why not ``Image.save(..., "PNG")``: on a board of 650 × 500 pixels Pillow's encoder takes 2–3 ms at its
fastest level (zlib's deflate, behind Pillow's own buffering), most of a picture's time; ISA-L's deflate
packs the same rows about as tightly (level 1) in about a tenth of that (docs/pictures.md has the figures). A
PNG of a palette image is four chunks (IHDR, PLTE, IDAT, IEND, each length + type + data + CRC-32, as
the PNG specification says), so writing it takes the few lines below; the deflating, the part worth a
library, is ISA-L's. Every row is stored with filter 0 (none), as Pillow stores palette images.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

LEVEL = 1
"""ISA-L's level (0–3). On a Golf hole's rows (2026-11-29): ISA-L level 1, 24.1 KB in 0.25 ms; zlib level 1,
25.1 KB in 1.5–1.8 ms; zlib level 6, 17.1 KB in 4.7 ms. Every picture stays far below the 60 KB a board may
weigh, so the fastest wins."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"
FILTER_NONE = 0
"""The filter byte that leads each row: none (the pixels as they are)."""
PALETTE_COLOUR = 3
"""IHDR's colour type of an indexed image."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def encode(image: Image.Image) -> bytes:
    """``image`` (mode "P", 8 bits an index) as the bytes of a PNG file."""
    if image.mode != "P":
        raise ValueError(f"a picture is a palette image, not {image.mode!r}")
    width, height = image.size
    rows = bytearray([FILTER_NONE]) * ((width + 1) * height)
    # the rows as the PNG stores them, each led by its filter byte: the picture pasted one pixel in, into
    # an image over ``rows``' own memory (Pillow maps a "P" buffer rather than copying it)
    # (Pillow's stubs name bytes; any writable buffer is what it maps)
    framed = Image.frombuffer("P", (width + 1, height), rows, "raw", "P", 0, 1)  # type: ignore[arg-type]
    framed.im.paste(image.im, (1, 0, width + 1, height))
    palette = bytes(image.getpalette() or [])
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, PALETTE_COLOUR, 0, 0, 0)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows, LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
