"""Competition as one piece for the composition root: the match and tournament services, their timers, and
a notifier that hands each event to every platform's (each keeps to its own places).

Wiring (adapters/cli/wiring.py and the runners) is then: build ``Competition(storage, clubhouse, solver,
clock)``; give each chat adapter ``competition.matches`` and ``competition.tournaments`` and add its
notifier with ``competition.notifiers.add(...)``; run ``competition.run()`` as a task beside the bots.
"""

from __future__ import annotations

import logging

from bot.door import House
from bot.events import Event
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.ports import Clock, CompetitionStorage, Notifier, Solver
from bot.timers import Timers

log = logging.getLogger(__name__)


class Notifiers:
    """A Notifier that delivers to every notifier added; one that fails is logged and the rest go on."""

    def __init__(self) -> None:
        self._targets: list[Notifier] = []

    def add(self, notifier: Notifier) -> None:
        self._targets.append(notifier)

    async def to_place(self, place: str, event: Event) -> None:
        for target in self._targets:
            try:
                await target.to_place(place, event)
            except Exception as error:
                log.error(
                    "could not deliver %s to %s: %s: %s",
                    type(event).__name__,
                    place,
                    type(error).__name__,
                    error,
                    extra={"place": place},
                )

    async def to_player(self, player: str, event: Event) -> None:
        for target in self._targets:
            try:
                await target.to_player(player, event)
            except Exception as error:
                log.error(
                    "could not deliver %s to %s: %s: %s",
                    type(event).__name__,
                    player,
                    type(error).__name__,
                    error,
                    extra={"player": player},
                )


class Competition:
    """``timers``: the app's running Timers (the competition registers its kinds there), else its own, run
    by ``run``; ``notifier``: where its events go, else ``notifiers`` (every notifier added)."""

    def __init__(
        self,
        storage: CompetitionStorage,
        clubhouse: House,
        solver: Solver,
        clock: Clock,
        *,
        timers: Timers | None = None,
        notifier: Notifier | None = None,
    ) -> None:
        self.notifiers = Notifiers()
        target: Notifier = notifier or self.notifiers
        self.timers = timers or Timers(storage, clock, notifier=target)
        self.matches = Matches(storage, clubhouse, solver, clock, self.timers, notifier=target)
        self.tournaments = Tournaments(storage, self.matches, clock, self.timers, notifier=target)

    @property
    def services(self) -> tuple[Matches, Tournaments]:
        return self.matches, self.tournaments

    async def resume(self) -> None:
        """Take up what a restart interrupted (the deadlines are stored timers and fire on their own)."""
        matches = await self.matches.resume()
        tournaments = await self.tournaments.resume()
        if matches or tournaments:
            log.info("resumed %d matches and %d tournaments", matches, tournaments)

    async def run(self) -> None:
        """Resume, then fire the clocks, expiries and sign-up deadlines as they fall due, until cancelled
        (with its own Timers; the app's run already)."""
        await self.resume()
        await self.timers.run()
