"""Two bot cores in two processes on one PostgreSQL database play one round: presses alternate between
them, and now and then the same press reaches both at once. Every move is applied once, a refusal shows the
board as stored (never an older one), and the stored round is the one the accepted presses made.

The first test drives two real processes (``core_worker.py``); the others, two Clubhouses in this process
on two connection pools, so as to place a write of "the other process" exactly between two steps."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.postgres import PostgresStorage
from bot.clock import ManualClock
from bot.clubhouse import SHARED_CACHE_SECONDS, Clubhouse, position
from bot.errors import StaleActionError
from bot.models import Place, PlaceSettings, Player
from bot.render import render_board
from bot.round_screens import board_view
from engine.golf.course import course
from engine.golf.rules import find_rules

WORKER = Path(__file__).with_name("core_worker.py")
ALICE = Player("test", "1", "Alice")
HERE = Place("test", "here", "Here")


class Core:
    """One core_worker.py process."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, url: str) -> Core:
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(WORKER), url, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        return cls(process)

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        await self.process.stdin.drain()
        line = await asyncio.wait_for(self.process.stdout.readline(), 60)
        assert line, "the core process ended"
        reply: dict[str, Any] = json.loads(line)
        return reply

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        await asyncio.wait_for(self.process.wait(), 30)


def next_press(reply: dict[str, Any]) -> str | None:
    """A column to play if one can be played, else the stock; None when the hole is over."""
    moves = [b for b in reply["buttons"] if b.rsplit(":", 1)[1].isdigit()]
    stock = [b for b in reply["buttons"] if b.endswith(":s")]
    return (moves or stock or [None])[0]


async def test_two_processes_play_one_round_alternately_and_at_once(pg_url: str) -> None:
    cores = [await Core.start(pg_url), await Core.start(pg_url)]
    try:
        shown = await cores[0].ask({"op": "start", "deal": "5", "holes": 1})
        assert shown["ok"], shown
        round_id = shown["session"]
        accepted: list[str] = []
        step = 0
        while (press := next_press(shown)) is not None:
            step += 1
            if step % 3 == 0:  # the same press reaches both processes at once: exactly one applies it
                replies = await asyncio.gather(*(core.ask({"op": "press", "id": press}) for core in cores))
                winners = [r for r in replies if r["ok"]]
                losers = [r for r in replies if not r["ok"]]
                assert len(winners) == 1 and len(losers) == 1, replies
                # the refusal shows the board as stored: the winner's, never the one before
                assert losers[0]["version"] == winners[0]["version"]
                assert losers[0]["board"] == winners[0]["board"]
                shown = winners[0]
            else:  # alternating: each process acts on a version the other wrote
                shown = await cores[step % 2].ask({"op": "press", "id": press})
                assert shown["ok"], (step, shown)
            accepted.append(press.rsplit(":", 1)[1])
            assert shown["version"] == step + 1
        assert step > 20  # a real hole, not a few presses

        storage = await PostgresStorage.open(pg_url)
        try:
            stored = await storage.load_round(round_id)
        finally:
            await storage.close()
        assert stored is not None
        assert list(stored.moves) == accepted  # every accepted press applied exactly once, in order
        assert stored.version == step + 1
        hole = position(stored)
        assert hole.is_over
        assert render_board(board_view(stored, hole)) == shown["board"]
    finally:
        for core in cores:
            await core.stop()


@pytest.fixture
async def two_clubhouses(pg_url: str) -> Any:
    clock = ManualClock()
    stores = [await PostgresStorage.open(pg_url, pool_size=2) for _ in range(2)]
    clubs = [Clubhouse(store, _NoSolver(), clock) for store in stores]
    yield clubs, clock
    for club, store in zip(clubs, stores, strict=True):
        await club.close()
        await store.close()


class _NoSolver:
    async def best_score(self, hole: object) -> None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: object) -> None:
        return None


def _column_press(screen: Any) -> str:
    enabled = [b.id for row in screen.buttons for b in row if b.enabled]
    return next(i for i in enabled if i[-1].isdigit() or i.endswith(":s"))


async def test_a_press_newer_than_the_cache_reloads(two_clubhouses: Any) -> None:
    (a, b), _ = two_clubhouses
    first = await a.start_round(ALICE, HERE, holes=1, deal_code="5")
    on_b = await b.resume(ALICE, HERE)  # b caches version 1
    assert on_b.version == 1
    after_a = await a.press(ALICE, _column_press(first))  # a writes version 2; b's cache is behind
    after_b = await b.press(ALICE, _column_press(after_a))  # a press of version 2 reaches b
    assert after_b.version == 3


async def test_a_stale_press_shows_the_stored_board_not_the_cached_one(two_clubhouses: Any) -> None:
    (a, b), _ = two_clubhouses
    first = await a.start_round(ALICE, HERE, holes=1, deal_code="5")
    await b.resume(ALICE, HERE)  # b caches version 1
    after_a = await a.press(ALICE, _column_press(first))  # stored: version 2
    with pytest.raises(StaleActionError) as refused:
        await b.press(ALICE, _column_press(first))  # an old message's button (version 1) pressed on b
    assert refused.value.screen is not None
    assert refused.value.screen.version == 2
    assert refused.value.screen.board == after_a.board


async def test_a_version_conflict_shows_the_current_board(two_clubhouses: Any, pg_url: str) -> None:
    (a, b), _ = two_clubhouses
    first = await a.start_round(ALICE, HERE, holes=1, deal_code="5")
    await b.resume(ALICE, HERE)
    # b is about to save version 2 when a's write lands first: run b's press while a's save is in flight
    press = _column_press(first)
    results = await asyncio.gather(a.press(ALICE, press), b.press(ALICE, press), return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, StaleActionError)]
    assert len(ok) == 1 and len(refused) == 1, results
    assert refused[0].screen is not None and refused[0].screen.version == ok[0].version
    assert refused[0].screen.board == ok[0].board


async def test_place_settings_changed_by_another_process_are_seen_within_the_cache_time(
    two_clubhouses: Any,
) -> None:
    (a, b), clock = two_clubhouses
    assert (await b.place_settings(HERE)).par_for_nine == 45
    await a.change_place_settings(HERE, par_for_nine=36)
    clock.advance(SHARED_CACHE_SECONDS)
    assert await b.place_settings(HERE) == PlaceSettings(par_for_nine=36)
