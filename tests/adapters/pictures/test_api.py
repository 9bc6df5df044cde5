"""The pictures' public API, as the Discord and Telegram adapters use it."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from adapters.pictures import Picture, Pictures, render
from bot.screens import notice
from tests.adapters.pictures import samples


def test_a_golf_hole_is_a_png_of_its_stated_size() -> None:
    picture = render(samples.golf_hole())
    assert isinstance(picture, Picture)
    assert picture.filename.endswith(".png")
    with Image.open(io.BytesIO(picture.data)) as image:
        assert image.format == "PNG"
        assert image.size == (picture.width, picture.height)
    assert picture.description.startswith("Hole 3 of 9: foundation ")


def test_a_screen_without_cards_has_no_picture() -> None:
    assert render(notice("Not your turn.")) is None


async def test_pictures_renders_off_the_loop_and_remembers() -> None:
    pictures = Pictures(workers=1, cache=4)
    try:
        screen = samples.golf_hole()
        first, second = await asyncio.gather(pictures.picture(screen), pictures.picture(screen))
        assert first is not None and first is second  # one render for both
        assert await pictures.picture(screen) is first  # remembered
        four = await pictures.picture(screen, four_colour=True)
        assert four is not None and four.data != first.data
        assert await pictures.picture(notice("Hello")) is None
    finally:
        pictures.close()
