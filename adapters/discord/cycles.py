"""Letting go of a press's discord.py objects as soon as it is answered, so that reference counting frees
them rather than the cyclic garbage collector.

discord.py links what it builds both ways: an ``Interaction`` and its ``InteractionResponse`` point at each
other, and a view and its rows and items too (``item.view``, ``row.children``). Each press used to leave
about 140 such objects to the collector (the pressed message parsed into components, the view discord.py
rebuilds from it to find the pressed item, the view of the answer): at 1,000 players on ``golfbot bench
discord``, 1.3 million objects a run, collections taking a third of the bot's CPU time, and a full one
pausing the bot for a second (docs/discord.md). Undoing the links with discord.py's public API once a
press is answered leaves about 15 (measured with ``gc.DEBUG_SAVEALL``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord


def dismantle(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Empty ``view`` and every row or container in it (``clear_items``), so that no item and its view or
    parent point at each other any more. Only for a view that is done with: one that was sent, or the one
    discord.py built to find the pressed item. Every item of ours is a DynamicItem, which discord.py
    dispatches by its id's pattern, never through a stored view, so nothing listens to it."""
    if view is None:
        return
    for item in reversed(list(view.walk_children())):  # the innermost first
        if isinstance(item, discord.ui.ActionRow | discord.ui.Container):
            item.clear_items()
    view.clear_items()


def release(interaction: discord.Interaction) -> None:
    """Let go of the pressed message (its components are most of what an interaction holds), once the press
    is answered: the interaction and its response, which point at each other, then free little."""
    interaction.message = None


@contextmanager
def sending(given: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The keyword arguments of a send or an edit; their view is dismantled once it has gone out."""
    try:
        yield given
    finally:
        dismantle(given.get("view"))
