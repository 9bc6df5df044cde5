"""The words drawn into a picture ("Stock", "Hole 3 of 9", the scorecard's rows) are in the language it is
asked for in, on the pool's threads and worker processes too (they do not share the asker's context), and a
picture in one language is never served from the cache for another."""

from __future__ import annotations

import pytest

from adapters.pictures import Pictures, render
from bot.i18n import PSEUDO, PSEUDO_OPEN, speaking
from bot.screens import Screen
from tests.adapters.pictures import samples


@pytest.mark.parametrize("processes", [False, True])
async def test_a_picture_is_worded_in_the_language_it_is_asked_in(processes: bool) -> None:
    screen = samples.golf_hole()
    pictures = Pictures(workers=1, processes=processes)
    try:
        english = await pictures.picture(screen)
        with speaking(PSEUDO):
            pseudo = await pictures.picture(screen)
            assert pseudo == render(screen)
        assert english == render(screen)
        assert english is not None and english.description.startswith("Hole 3 of 9")
        assert pseudo is not None and pseudo.description.startswith(PSEUDO_OPEN)
        assert pseudo.data != english.data
    finally:
        pictures.close()


@pytest.mark.parametrize(
    "screen", [samples.round_end(), samples.sixcard(), samples.sixcard_end(), samples.share()]
)
def test_every_picture_is_drawn_in_a_longer_language(screen: Screen) -> None:
    english = render(screen)
    with speaking(PSEUDO):
        pseudo = render(screen)
    assert english is not None and pseudo is not None
    assert (pseudo.width, pseudo.height) == (english.width, english.height)
    assert pseudo.description.startswith(PSEUDO_OPEN)
