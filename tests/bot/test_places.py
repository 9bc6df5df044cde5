"""Places (bot/places.py) on a real SQLite file: settings remembered for SHARED_CACHE_SECONDS, and starts
that miss them together (a burst of players at one place) share one read instead of one each."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.models import BoardLook, Look, Place, PlaceSettings, Player, PlayerSettings
from bot.places import SHARED_CACHE_SECONDS, Places

HERE = Place("test", "here", "Here")


class ReadCounter:
    """The place store's two calls, passed to a real store and counted (what storage was asked)."""

    def __init__(self, store: SqliteStorage) -> None:
        self.store = store
        self.reads = 0

    async def ensure_player(self, player: Player) -> None:
        await self.store.ensure_player(player)

    async def player(self, key: str) -> Player | None:
        return await self.store.player(key)

    async def place_settings(self, place: Place) -> PlaceSettings:
        self.reads += 1
        return await self.store.place_settings(place)

    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None:
        await self.store.save_place_settings(place, settings)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[ReadCounter]:
    storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    try:
        yield ReadCounter(storage)
    finally:
        await storage.close()


async def test_a_burst_of_misses_shares_one_read(store: ReadCounter) -> None:
    places = Places(store, ManualClock())  # type: ignore[arg-type]
    seen = await asyncio.gather(*(places.settings(HERE) for _ in range(200)))
    assert store.reads == 1
    assert len(set(seen)) == 1


async def test_settings_are_read_again_after_the_shared_cache_time(store: ReadCounter) -> None:
    clock = ManualClock()
    places = Places(store, clock)  # type: ignore[arg-type]
    await places.settings(HERE)
    await places.settings(HERE)
    assert store.reads == 1
    clock.advance(SHARED_CACHE_SECONDS)
    await places.settings(HERE)
    assert store.reads == 2


async def test_one_waiter_cancelled_does_not_cancel_the_read_the_others_wait_for(store: ReadCounter) -> None:
    places = Places(store, ManualClock())  # type: ignore[arg-type]
    first = asyncio.ensure_future(places.settings(HERE))
    others = [asyncio.ensure_future(places.settings(HERE)) for _ in range(5)]
    await asyncio.sleep(0)
    first.cancel()
    settings = await asyncio.gather(*others)
    assert store.reads == 1 and len(set(settings)) == 1


async def test_a_change_made_while_a_read_is_on_its_way_is_kept(store: ReadCounter) -> None:
    places = Places(store, ManualClock())  # type: ignore[arg-type]
    reading = asyncio.ensure_future(places.settings(HERE))
    changed, _ = await places.change_settings(HERE, par_for_nine=36)
    await reading
    assert (await places.settings(HERE)).par_for_nine == 36 == changed.par_for_nine


async def test_a_player_s_look_is_their_own_choice_over_their_place_s(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "looks.sqlite3")
    try:
        places = Places(storage, ManualClock())
        alice = Player("test", "alice", "Alice")
        assert await places.look(HERE, alice) == Look(BoardLook.IMAGE, four_colour=False)  # the defaults
        await places.change_settings(HERE, look=BoardLook.EMOJI)
        assert await places.look(HERE) == Look(BoardLook.EMOJI)  # what the place's posts use
        assert await places.look(HERE, alice) == Look(BoardLook.EMOJI)  # she chose nothing yet

        chosen, changed = await places.change_player_settings(alice, look=BoardLook.TEXT, four_colour=True)
        assert changed and chosen == PlayerSettings(BoardLook.TEXT, four_colour=True)
        assert await places.look(HERE, alice) == Look(BoardLook.TEXT, four_colour=True)
        assert await places.look(HERE) == Look(BoardLook.EMOJI)  # the place's own look is unchanged

        _, changed = await places.change_player_settings(alice, four_colour=True)  # the look is kept
        assert not changed
        await places.change_player_settings(alice, look=None)  # back to the place's look, colours kept
        assert await places.look(HERE, alice) == Look(BoardLook.EMOJI, four_colour=True)
        again = Places(storage, ManualClock())  # another process on the same database
        assert await again.look(HERE, alice) == Look(BoardLook.EMOJI, four_colour=True)
    finally:
        await storage.close()
