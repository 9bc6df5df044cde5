"""Screens of every kind that has a picture, built with the core's own functions (as the bot builds them)."""

from __future__ import annotations

from bot.models import RoundState, RoundStatus
from bot.round_screens import round_screen
from bot.screens import Screen, ScreenKind, ShareView
from engine.golf.deal import deal
from engine.golf.moves import CONCEDE, TURN, Move


def state(**changes: object) -> RoundState:
    fields: dict[str, object] = {
        "id": "abcdefgh",
        "place": "test:x",
        "players": ("test:1",),
        "rules": "strict",
        "holes": 9,
        "par_for_nine": 45,
        "casual": True,
        "deals": (24, 25, 26, 27, 28, 29, 30, 31, 32),
    }
    fields.update(changes)
    return RoundState(**fields)  # type: ignore[arg-type]


def golf_hole() -> Screen:
    """Hole 3 of deal 26, a few moves in."""
    hole = deal(26)
    for _ in range(4):
        playable = hole.playable_columns()
        hole = hole.play(Move.play(playable[0]) if playable else TURN)
    return round_screen(state(scores=(3, -1)), hole)


def hole_end() -> Screen:
    hole = deal(24).play(CONCEDE)
    return round_screen(state(scores=(35,), best=(2,), status=RoundStatus.HOLE_OVER), hole)


def round_end() -> Screen:
    hole = deal(24).play(CONCEDE)
    scores = (3, -1, 0, 5, 2, 7, 1, 0, 4, 2, 6, -2, 3, 1, 0, 5, 2, 4)
    best = (1, -1, 0, 3, 2, 4, 1, 0, None, 2, 3, -2, 1, 1, 0, 2, 2, 1)
    return round_screen(
        state(holes=18, deals=tuple(range(24, 42)), scores=scores, best=best, status=RoundStatus.FINISHED),
        hole,
    )


def share() -> Screen:
    view = ShareView("Golf daily #326 · 9 holes", "38 (-7)", "🟦🟩🟨🟥🟩🟩🟦🟨🟩", "3rd of 12")
    return Screen(ScreenKind.INFO, title="", share=view)


def sixcard(seat: int | None = 0, computers: int = 2, seed: int = 5) -> Screen:
    """A dealt Six-card hand after its opening, through the table mode itself."""
    import asyncio

    from adapters.cli.render_screens import sixcard_screen

    return asyncio.run(sixcard_screen(seed, computers, seat))
