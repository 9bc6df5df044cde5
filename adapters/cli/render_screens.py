"""The screens ``golfbot render`` draws, built by the core's own functions as the bot builds them: a Golf
deal or a saved board through ``bot.round_screens.round_screen``, a Six-card hand through the table mode
itself (a table opened, dealt and its opening played, on the in-memory store)."""

from __future__ import annotations

import random

from bot.actions import TABLE
from bot.models import Place, Player, RoundState
from bot.round_screens import round_screen
from bot.screens import Screen
from engine.golf.hole import Hole

ME = Player("render", "1", "You")
HERE = Place("render", "table", "Table")


def golf_state(rules: str, deal_number: int | None) -> RoundState:
    """A one-hole round of ``deal_number`` (0 for a board with no number: it is not shown)."""
    return RoundState(
        id="render",
        place=HERE.key,
        players=(ME.key,),
        rules=rules,
        holes=1,
        par_for_nine=45,
        casual=True,
        deals=(deal_number or 0,),
    )


def golf_screen(hole: Hole, rules: str, deal_number: int | None) -> Screen:
    """The live board of ``hole``; a board read from a file has no deal number, so none is shown."""
    return round_screen(golf_state(rules, deal_number), hole, hide_deals=deal_number is None)


async def sixcard_screen(seed: int, computers: int = 1, seat: int | None = None) -> Screen:
    """A dealt Six-card hand after its opening (every seat has turned two cards), as ``seat`` sees it (0
    is you, 1.. the computers) or, for None, as the place sees it: the table mode's own screen."""
    from adapters.memory import MemoryStorage
    from bot.clock import ManualClock
    from bot.modes.table import TableMode
    from bot.sessions import Sessions

    storage = MemoryStorage()
    await storage.ensure_player(ME)
    clock = ManualClock()
    sessions = Sessions(storage, clock)
    mode = TableMode(sessions, clock, rng=random.Random(seed))
    screen = await mode.create(ME, HERE, limit=None, seed=seed, computers=("easy",) * computers)
    screen = await mode.press(ME, TABLE.build(screen.session, screen.version, "g"))
    for position in ("1", "5"):  # your opening: two cards face up, one in each row
        screen = await mode.press(ME, TABLE.build(screen.session, screen.version, position))
    live = await sessions.load(screen.session)
    keys = [ME.key] + [f"computer:{n + 1}" for n in range(computers)]
    return mode.seat_screen(live, "" if seat is None else keys[seat])
