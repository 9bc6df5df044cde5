"""The pictures' public API, as the Discord and Telegram adapters use it."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace

import pytest
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


def test_a_hidden_deal_number_is_nowhere_in_the_picture() -> None:
    """The daily's board (BoardView.deal None) draws no number, where another board shows its own."""
    screen = samples.golf_hole()
    assert screen.board is not None and screen.board.deal == 26
    shown = render(screen)
    hidden = render(replace(screen, board=replace(screen.board, deal=None)))
    assert shown is not None and hidden is not None
    assert hidden.data != shown.data and (hidden.width, hidden.height) == (shown.width, shown.height)
    assert "#" not in hidden.description and "deal" not in hidden.description.lower()


def test_the_descriptions_say_what_the_picture_shows() -> None:
    end = render(samples.hole_end())
    assert end is not None and end.description.startswith("Hole 1 of 9 is over: score ")
    done = render(samples.round_end())
    assert done is not None and done.description.startswith("Round over: total ")
    table = render(samples.sixcard(0))
    assert table is not None and table.description.endswith("; You to play")
    share = render(samples.share())
    assert share is not None and share.description == "Golf daily #333 · 9 holes: 36 (-9), 3rd of 12"


def test_render_is_safe_from_many_threads_at_once() -> None:
    """Threads drawing the same art for the first time at once draw the same pictures as one thread."""
    from concurrent.futures import ThreadPoolExecutor

    from adapters.pictures import cards, fonts, stickers

    screens = [samples.golf_hole(), samples.hole_end(), samples.sixcard(0), samples.share()] * 3
    alone = [render(s, four_colour=True) for s in screens]
    for cached in (stickers.card, stickers.text, stickers.rounded, cards.face, cards.top_of, fonts.width):
        cached.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda s: render(s, four_colour=True), screens))
    assert [p.data for p in together if p] == [p.data for p in alone if p]


async def test_prepare_draws_the_art_ahead() -> None:
    from adapters.pictures import stickers
    from adapters.pictures.warm import prepare

    assert prepare(True) == 53 * 11  # every card, as each place on a board or a table puts it
    pictures = Pictures(workers=1)
    try:
        await pictures.prepare(four_colour=True)
        before = stickers.card.cache_info().misses
        assert await pictures.picture(samples.golf_hole(), four_colour=True) is not None
        assert stickers.card.cache_info().misses == before  # every card of the board was drawn already
    finally:
        pictures.close()


async def test_within_holds_once_the_pool_is_warm_and_a_cold_start_may_take_longer() -> None:
    pictures = Pictures(workers=1, cache=0)
    try:
        cold = await pictures.picture(samples.golf_hole(), within=1e-9)  # the art still to draw: not late
        assert cold is not None
        await pictures.prepare()
        with pytest.raises(TimeoutError):  # warm: a render cannot beat a nanosecond
            await pictures.picture(samples.hole_end(), within=1e-9)
        assert await pictures.picture(samples.hole_end(), within=60) is not None
    finally:
        pictures.close()
