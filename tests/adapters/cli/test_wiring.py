"""The composition root (adapters/cli/wiring.py): one app of real parts whose Timers run while it is open
(a timer scheduled before a restart fires after it, through the app's Notifiers), and the Notifiers that
hand each event to the bot of its platform."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import timedelta

import pytest

from adapters.cli.notifiers import NoBotRunning, Notifiers
from adapters.cli.wiring import open_app
from adapters.console.notifier import ConsoleNotifier
from adapters.memory import MemoryNotifier
from bot.events import ClockExpired, Event, Outbox, RoundFinished
from bot.models import Player, Timer


class NoSolver:
    async def best_score(self, hole):
        return None

    async def hint(self, hole):
        return None

    async def course(self, first, holes, rules):
        return tuple(range(first, first + holes))


async def test_a_timer_scheduled_before_a_restart_fires_after_it(tmp_path):
    db = tmp_path / "golf.sqlite3"
    fired: list[str] = []
    both = asyncio.Event()
    async with open_app(db, solver=NoSolver()) as app:
        now = app.clock.now()
        await app.timers.schedule(Timer("down", "turn", now + timedelta(milliseconds=50), "while down"))
        await app.timers.schedule(Timer("later", "turn", now + timedelta(seconds=1), "after the restart"))
        # no handler for "turn" in this process: nothing fires, both stay stored

    await asyncio.sleep(0.1)  # the first falls due while nothing runs
    async with open_app(db, solver=NoSolver()) as app:
        await app.storage.ensure_player(Player("console", "ann", "Ann"))
        heard = MemoryNotifier()
        out = io.StringIO()
        printed = ConsoleNotifier(out, app.words)

        class Terminal:  # the console's notifier, telling the test when both lines are out
            async def to_place(self, place: str, event: Event) -> None:
                await printed.to_place(place, event)

            async def to_player(self, player: str, event: Event) -> None:
                await printed.to_player(player, event)
                if out.getvalue().count("\n") == 2:
                    both.set()

        async def clock_ran_out(timer: Timer, outbox: Outbox) -> None:
            fired.append(timer.payload)
            outbox.to_place("memory:club", ClockExpired("memory:club", "console:ann", timer.id))
            outbox.to_player("console:ann", ClockExpired("memory:club", "console:ann", timer.id))

        with (
            app.notifiers.plugged("memory", heard),
            app.notifiers.plugged("console", Terminal()),
        ):
            app.timers.on("turn", clock_ran_out)  # the running Timers wakes for it
            async with asyncio.timeout(30):  # generous: it is about order, not speed
                await both.wait()
    assert fired == ["while down", "after the restart"]
    assert [d.event.session for d in heard.delivered] == ["down", "later"]
    assert out.getvalue() == "⌛ Ann's clock ran out.\n" * 2
    async with open_app(db, solver=NoSolver()) as app:  # each fired once: nothing is left to fire
        assert await app.storage.next_due() is None


async def test_the_notifiers_hand_each_event_to_its_platform(caplog):
    notifiers = Notifiers()
    discord, telegram = MemoryNotifier(), MemoryNotifier()
    event = RoundFinished("discord:1", "discord:2", "r1", total=40, par=45)
    with notifiers.plugged("discord", discord), notifiers.plugged("telegram", telegram):
        await notifiers.to_place("discord:1", event)
        await notifiers.to_player("telegram:9", event)
        assert set(notifiers.platforms) == {"discord", "telegram"}
    assert discord.events() == [event] and telegram.events() == [event]
    assert notifiers.platforms == ()
    with pytest.raises(NoBotRunning, match="no discord bot is running"):
        await notifiers.to_place("discord:1", event)

    outbox = Outbox()
    outbox.to_place("discord:1", event)
    with caplog.at_level(logging.INFO):
        assert await outbox.publish(notifiers) == 0
    [line] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert (
        line.getMessage()
        == "could not deliver RoundFinished to discord:1: NoBotRunning: no discord bot is running"
    )


async def test_events_for_an_expected_bot_wait_for_it_in_order():
    notifiers = Notifiers()
    notifiers.expect("telegram")
    first = RoundFinished("telegram:1", "telegram:2", "r1", total=40, par=45)
    second = RoundFinished("telegram:1", "telegram:2", "r2", total=41, par=45)
    await notifiers.to_place("telegram:1", first)  # the bot is not connected yet: kept
    await notifiers.to_player("telegram:2", second)
    assert notifiers.waiting("telegram") == 2
    with pytest.raises(NoBotRunning):  # a platform no bot here runs still fails at once
        await notifiers.to_place("discord:1", first)

    heard = MemoryNotifier()
    with notifiers.plugged("telegram", heard):
        third = RoundFinished("telegram:1", "telegram:2", "r3", total=39, par=45)
        await notifiers.to_place("telegram:1", third)  # behind the two that waited
        async with asyncio.timeout(10):
            await notifiers.drained()
        assert notifiers.waiting("telegram") == 0
    assert [(d.to.key, d.event.session) for d in heard.delivered] == [
        ("telegram:1", "r1"),
        ("telegram:2", "r2"),
        ("telegram:1", "r3"),
    ]


async def test_a_backlog_keeps_the_newest_events_and_says_what_it_dropped(caplog, monkeypatch):
    monkeypatch.setattr("adapters.cli.notifiers.BACKLOG", 2)
    notifiers = Notifiers()
    notifiers.expect("telegram")
    for n in range(3):
        await notifiers.to_place("telegram:1", RoundFinished("telegram:1", "telegram:2", f"r{n}", 40, 45))
    assert notifiers.waiting("telegram") == 2
    [line] = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert line == "the telegram bot is away: dropped RoundFinished to telegram:1 (2 events waiting)"
    heard = MemoryNotifier()
    with notifiers.plugged("telegram", heard):
        async with asyncio.timeout(10):
            await notifiers.drained()
        assert notifiers.waiting("telegram") == 0
    assert [d.event.session for d in heard.delivered] == ["r1", "r2"]


class ClientClosingUnder:
    """A chat platform whose HTTP client closes as its bot leaves: a delivery on its way then fails, as
    python-telegram-bot's does with "HTTPXRequest is not initialized"."""

    def __init__(self) -> None:
        self.sending = asyncio.Event()
        self.closed = asyncio.Event()

    async def to_place(self, place: str, event: Event) -> None:
        self.sending.set()
        await self.closed.wait()
        raise RuntimeError("HTTPXRequest is not initialized")

    async def to_player(self, player: str, event: Event) -> None:
        await self.to_place(player, event)


async def test_a_delivery_cut_short_by_its_bot_leaving_waits_for_it_to_be_back(caplog):
    """Seen at SIGTERM: an event on its way when the bot stopped was logged as an error and lost."""
    notifiers = Notifiers()
    notifiers.expect("telegram")
    closing = ClientClosingUnder()
    first = RoundFinished("telegram:1", "telegram:2", "r1", total=40, par=45)
    with notifiers.plugged("telegram", closing):
        on_its_way = asyncio.create_task(notifiers.to_place("telegram:1", first))
        await closing.sending.wait()
    await notifiers.to_player("telegram:2", RoundFinished("telegram:1", "telegram:2", "r2", 41, 45))
    closing.closed.set()  # the bot has left; its client closes under the delivery
    async with asyncio.timeout(10):
        await on_its_way  # not a failure: it waits, first in line
    assert notifiers.waiting("telegram") == 2

    heard = MemoryNotifier()
    with notifiers.plugged("telegram", heard):
        async with asyncio.timeout(10):
            await notifiers.drained()
    assert [d.event.session for d in heard.delivered] == ["r1", "r2"]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_a_backlog_cut_short_by_its_bot_leaving_keeps_its_order(caplog):
    notifiers = Notifiers()
    notifiers.expect("telegram")
    for n in range(2):
        await notifiers.to_place("telegram:1", RoundFinished("telegram:1", "telegram:2", f"r{n}", 40, 45))
    closing = ClientClosingUnder()
    with notifiers.plugged("telegram", closing):
        await closing.sending.wait()  # the first that waited is on its way
    closing.closed.set()
    async with asyncio.timeout(10):
        await notifiers.drained()
    assert notifiers.waiting("telegram") == 2

    heard = MemoryNotifier()
    with notifiers.plugged("telegram", heard):
        async with asyncio.timeout(10):
            await notifiers.drained()
    assert [d.event.session for d in heard.delivered] == ["r0", "r1"]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_a_failed_delivery_while_the_bot_stays_is_still_a_failure():
    notifiers = Notifiers()
    notifiers.expect("telegram")
    closing = ClientClosingUnder()
    closing.closed.set()
    with notifiers.plugged("telegram", closing), pytest.raises(RuntimeError, match="HTTPXRequest"):
        await notifiers.to_place("telegram:1", RoundFinished("telegram:1", "telegram:2", "r1", 40, 45))
    assert notifiers.waiting("telegram") == 0
