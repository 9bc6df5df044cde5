"""adapters/discord/cycles.py through the real discord.py path (SimCord): a press's message, the view
discord.py rebuilds from it and the view of the answer are freed by reference counting when the press is
answered, not left to the cyclic garbage collector."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from adapters.pictures import Pictures

PRESSES = 12


@pytest.fixture
def client_options() -> Iterator[dict[str, Any]]:
    pictures = Pictures(workers=1)  # picture boards: Components V2, the larger views
    yield {"pictures": pictures}
    pictures.close()


def discord_garbage() -> Counter[str]:
    """What the collector would free of discord.py's pieces: its views, items, components and messages."""
    return Counter(
        type(o).__qualname__
        for o in gc.garbage
        if type(o).__module__.startswith(("discord.ui", "discord.components", "discord.message"))
    )


async def test_a_press_leaves_next_to_nothing_to_the_collector(simcord_env, channel, alice, buttons):
    started = await alice.slash(channel, "golf play", deal="1", holes=3)
    board = started.response
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(PRESSES):
            enabled = [b for b in buttons(board) if not b["disabled"]]
            columns = [b for b in enabled if b["custom_id"][-1].isdigit()]
            turns = [b for b in enabled if b["label"].startswith(("Turn stock", "Next hole"))]
            click = await alice.click(board, custom_id=(columns or turns)[0]["custom_id"])
            assert click.acknowledged and click.response.id == board.id
        gc.collect()
        left = discord_garbage()
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert sum(left.values()) <= 3 * PRESSES, left
