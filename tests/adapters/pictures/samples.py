"""Screens of every kind that has a picture, built as the bot builds them (adapters.cli.render_screens: the
core's own functions)."""

from __future__ import annotations

import asyncio

from adapters.cli import render_screens
from bot.screens import Screen


def golf_hole() -> Screen:
    """Hole 3 of 9: deal 26, four moves in."""
    return render_screens.hole_screen(26, 4)


def family_hole(game: str) -> Screen:
    """Deal 5 of a Golf-family game, six moves in."""
    return render_screens.family_screen(game, 5, 6)


def hole_end() -> Screen:
    return render_screens.hole_end_screen(24)


def round_end() -> Screen:
    return render_screens.round_end_screen(25)


def share() -> Screen:
    scores = (3, -1, 5, 7, 2, 4, 1, 6, 9)
    best = (3, -2, 2, 5, 2, 1, 1, None, 4)
    return render_screens.share_screen(scores, best, "3rd of 12")


def sixcard(seat: int | None = 0, computers: int = 2, seed: int = 5) -> Screen:
    """A dealt Six-card hand after its opening, through the table mode itself."""
    return asyncio.run(render_screens.sixcard_screen(seed, computers, seat))


def sixcard_end(seed: int = 5, computers: int = 2) -> Screen:
    """A Six-card hand played to its end."""
    return asyncio.run(render_screens.sixcard_screen(seed, computers, None, to_the_end=True))
