"""The composition root builds the competition on the app's running Timers: a challenge left unanswered
expires after a restart, told through the platform's plugged-in competition notifier."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from adapters.cli.wiring import open_app
from adapters.memory import MemoryNotifier
from bot.events import ClockExpired, Event
from bot.models import Place, Player
from bot.modes.competition.match import CHALLENGE_TIMER


class NoSolver:
    async def best_score(self, hole):
        return None

    async def hint(self, hole):
        return None

    async def course(self, first, holes, rules):
        return tuple(range(first, first + holes))


async def test_a_challenge_expires_after_a_restart_through_the_app(tmp_path):
    db = tmp_path / "golf.sqlite3"
    ann, bob, club = Player("memory", "ann", "Ann"), Player("memory", "bob", "Bob"), Place("memory", "club")
    async with open_app(db, solver=NoSolver()) as app:
        assert app.competition is not None
        offer = await app.competition.matches.challenge(ann, bob, club)
        # bring the expiry close, as if most of the ten minutes had passed
        [timer] = await app.storage.due_timers(app.clock.now() + timedelta(hours=1), {CHALLENGE_TIMER})
        await app.timers.schedule(type(timer)(timer.id, timer.kind, app.clock.now() + timedelta(seconds=2)))
    async with open_app(db, solver=NoSolver()) as app:
        assert app.competition is not None and app.competition_notifiers is not None
        heard = MemoryNotifier()
        told = asyncio.Event()

        class Club:  # the platform's notifier, telling the test when the expiry is out
            async def to_place(self, place: str, event: Event) -> None:
                await heard.to_place(place, event)
                told.set()

            async def to_player(self, player: str, event: Event) -> None:
                await heard.to_player(player, event)

        with app.competition_notifiers.plugged("memory", Club()):
            async with asyncio.timeout(30):  # generous: it is about surviving the restart, not speed
                await told.wait()
    assert heard.events() == [ClockExpired(club.key, bob.key, offer.session)]
