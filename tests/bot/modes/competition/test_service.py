"""Competition as the composition root builds it: the timers run on their own and the events reach every
platform's notifier."""

from __future__ import annotations

import asyncio

from adapters.memory import MemoryNotifier, MemoryStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.events import ClockExpired
from bot.models import Place, Player
from bot.modes.competition.service import Competition


class Broken:
    async def to_place(self, place: str, event: object) -> None:
        raise RuntimeError("this platform is down")

    async def to_player(self, player: str, event: object) -> None:
        raise RuntimeError("this platform is down")


async def test_an_expiry_fires_on_time_and_reaches_every_notifier(
    clock: ManualClock, solver: object, alice: Player, bob: Player, here: Place
) -> None:
    storage = MemoryStorage()
    club = Clubhouse(storage, solver, clock)  # type: ignore[arg-type]
    competition = Competition(storage, club, solver, clock)  # type: ignore[arg-type]
    heard = MemoryNotifier()
    competition.notifiers.add(Broken())
    competition.notifiers.add(heard)
    running = asyncio.create_task(competition.run())
    try:
        invitation = await competition.matches.challenge(alice, bob, here)
        for _ in range(50):
            await asyncio.sleep(0)
        clock.advance(601)
        for _ in range(200):
            if heard.events():
                break
            await asyncio.sleep(0.01)
        assert heard.events() == [ClockExpired(here.key, bob.key, invitation.session)]
    finally:
        running.cancel()
        await club.close()
