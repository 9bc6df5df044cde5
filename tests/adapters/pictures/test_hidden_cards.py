"""The fairness rule in pictures: a Six-card card the view holds as None (face down) is drawn as the back,
pixel for pixel, and nothing else is drawn over it. Real deals through the table mode (engine.sixcard), in
the view of every seat and of the place, at the opening and a few turns in."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from adapters.cli.render_screens import sixcard_screen
from adapters.pictures import render, stickers
from adapters.pictures.sixcard import PANEL, layout
from bot.screens import Screen

SEEDS = (1, 2, 3)


def views(seed: int, computers: int, moves: int) -> list[Screen]:
    """The same moment of one table as every seat and the place see it."""

    async def every() -> list[Screen]:
        seats: list[int | None] = [None, *range(computers + 1)]
        return [await sixcard_screen(seed, computers, seat, moves=moves) for seat in seats]

    return asyncio.run(every())


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
@pytest.mark.parametrize("moves", [0, 1, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_face_down_card_is_the_back_pixel_for_pixel(seed: int, moves: int, four_colour: bool) -> None:
    computers = 1 + seed % 3
    hidden = shown = 0
    for screen in views(seed, computers, moves):
        view = screen.table
        assert view is not None
        picture = render(screen, four_colour=four_colour)
        assert picture is not None
        with Image.open(io.BytesIO(picture.data)) as decoded:
            drawn = decoded.convert("RGB")
        for box in layout(view).grids:
            back, _, _ = stickers.card(None, box.size.width, four_colour, PANEL)
            back_pixels = back.convert("RGB").tobytes()
            for position, (x, y) in enumerate(box.cells):
                cell = drawn.crop((x, y, x + back.width, y + back.height)).tobytes()
                if view.seats[box.seat].cards[position] is None:
                    hidden += 1
                    assert cell == back_pixels, f"seat {box.seat + 1} position {position + 1} is not the back"
                else:
                    shown += 1
                    assert cell != back_pixels
    assert hidden and shown  # both kinds were checked


def test_the_views_differ_only_in_what_each_seat_may_see() -> None:
    place, mine, theirs = views(2, 1, 1)
    assert place.table is not None and mine.table is not None and theirs.table is not None
    assert place.table.viewer is None and mine.table.viewer == 0 and theirs.table.viewer == 1
    for seat in range(2):
        face_up = [c for c in place.table.seats[seat].cards if c is not None]
        assert face_up == [c for c in mine.table.seats[seat].cards if c is not None]
