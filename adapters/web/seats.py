"""What a seat sees of a session at the web table: the screen its player may see, no more.

A chat message of a Six-card table hangs in the group for everyone, so the core answers a press on it with
the table as the place sees it (``Sessions.view`` gives that too). A page is its player's alone: it shows
the table as their seat sees it, their grid first and the card they drew from the stock in their hand, as
the terminal's hot-seat table does. Every other session is as ``Sessions.view`` gives it.
"""

from __future__ import annotations

from bot.clubhouse import Clubhouse
from bot.screens import Screen


async def seat_screen(club: Clubhouse, session: str, player: str) -> Screen:
    """``player``'s seat's screen of ``session`` as it stands (a GolfError if they have no seat)."""
    live = await club.sessions.load(session)
    if live.state.kind == club.table.kind:
        return await club.table.view(player, session)
    return await club.sessions.view(session, player)


async def as_seat(club: Clubhouse, screen: Screen, player: str) -> Screen:
    """The seat's own screen where ``screen`` is the table as its place sees it (a press's answer); the
    same version, so a push of it is not sent again."""
    if screen.table is None or not screen.session or screen.table.viewer is not None:
        return screen
    seated = await seat_screen(club, screen.session, player)
    return seated if seated.version == screen.version else screen
