"""adapters.pictures.png: the PNG files written with ISA-L's deflate are PNG files every decoder reads, with
exactly the pixels and the palette of the picture."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from adapters.pictures import png
from adapters.pictures.palette import palette_image


def _picture(width: int, height: int) -> Image.Image:
    image = Image.new("P", (width, height), 3)
    image.putpalette(palette_image().getpalette() or [])
    for x in range(width):  # every index, in stripes and runs, so that deflate has both to pack
        for y in range(0, height, 3):
            image.putpixel((x, y), (x * 7 + y) % 256)
    return image


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (652, 492), (17, 301)])
def test_a_picture_decodes_to_its_own_pixels_and_palette(size: tuple[int, int]) -> None:
    image = _picture(*size)
    data = png.encode(image)
    Image.open(io.BytesIO(data)).verify()  # every chunk's CRC, as a strict reader checks it
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == "P" and back.size == size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()


def test_the_rows_are_stored_unfiltered_and_deflated() -> None:
    image = _picture(40, 5)
    data = png.encode(image)
    start = data.index(b"IDAT") + 4
    length = int.from_bytes(data[start - 8 : start - 4], "big")
    rows = zlib.decompress(data[start : start + length])
    assert len(rows) == 5 * 41
    assert all(rows[y * 41] == 0 for y in range(5))


def test_only_a_palette_image_is_encoded() -> None:
    with pytest.raises(ValueError, match="palette"):
        png.encode(Image.new("RGB", (2, 2)))
