"""New players and new rounds saved together (adapters/postgres/batch.py): the starts of one turn of the
event loop are one statement and one transaction on the real server, and each caller still hears its own
outcome — in, a round already in progress (ActiveRoundExists), or a broken constraint that fails alone."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime

import asyncpg
import pytest

from adapters.postgres import PostgresStorage
from bot.models import Player, RoundState
from bot.ports import ActiveRoundExists, ConstraintViolation

NOON = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
PLAYERS = [Player("test", str(i), f"P{i}") for i in range(30)]


def new_round(i: int, player: Player, place: str = "test:here") -> RoundState:
    return RoundState(
        id=f"r{i:03}",
        place=place,
        players=(player.key,),
        rules="strict",
        holes=1,
        par_for_nine=45,
        casual=True,
        deals=(i + 1,),
        started_at=NOON,
        updated_at=NOON,
    )


async def transactions(url: str, table: str) -> int:
    """How many transactions wrote the rows of ``table`` (their ``xmin``)."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(f"SELECT COUNT(DISTINCT xmin::text) FROM {table}"))
    finally:
        await conn.close()


async def test_players_and_rounds_started_in_one_turn_are_one_transaction_each(
    storage: PostgresStorage, pg_url: str
) -> None:
    await asyncio.gather(*(storage.ensure_player(p) for p in PLAYERS))
    made = [new_round(i, p) for i, p in enumerate(PLAYERS)]
    await asyncio.gather(*(storage.create_round(state) for state in made))
    for state in made:
        assert await storage.load_round(state.id) == state
    for player in PLAYERS:
        assert await storage.player(player.key) == player
    assert await transactions(pg_url, "players") == 1
    assert await transactions(pg_url, "rounds") == 1


async def test_a_second_round_in_progress_is_refused_alone_even_within_one_batch(
    storage: PostgresStorage,
) -> None:
    await asyncio.gather(*(storage.ensure_player(p) for p in PLAYERS))
    await storage.create_round(new_round(0, PLAYERS[0]))  # in progress already
    first, twin = new_round(1, PLAYERS[1]), new_round(2, PLAYERS[1])  # two at once for one player
    others = [new_round(i, p) for i, p in enumerate(PLAYERS[2:], start=3)]
    outcomes = await asyncio.gather(
        storage.create_round(new_round(99, PLAYERS[0])),
        storage.create_round(first),
        storage.create_round(twin),
        *(storage.create_round(state) for state in others),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], ActiveRoundExists)
    assert outcomes[1] is None and isinstance(outcomes[2], ActiveRoundExists)  # the first of the two wins
    assert outcomes[3:] == [None] * len(others)
    assert await storage.load_round("r099") is None and await storage.load_round(twin.id) is None
    for state in (first, *others):
        assert await storage.load_round(state.id) == state


async def test_a_round_that_breaks_a_constraint_fails_alone(storage: PostgresStorage) -> None:
    await asyncio.gather(*(storage.ensure_player(p) for p in PLAYERS[:10]))
    made = [new_round(i, p) for i, p in enumerate(PLAYERS[:10])]
    stranger = new_round(50, Player("test", "nobody", "Nobody"))  # no such player: the foreign key refuses
    outcomes = await asyncio.gather(
        *(storage.create_round(state) for state in made),
        storage.create_round(stranger),
        return_exceptions=True,
    )
    assert outcomes[:-1] == [None] * len(made)
    assert isinstance(outcomes[-1], ConstraintViolation)
    for state in made:
        assert await storage.load_round(state.id) == state


async def test_one_player_named_twice_in_one_batch_keeps_the_last_name(storage: PostgresStorage) -> None:
    player = PLAYERS[0]
    await asyncio.gather(
        storage.ensure_player(player),
        storage.ensure_player(replace(player, name="Renamed")),
        storage.ensure_player(replace(player, name="")),  # no name: keeps the one it has
        *(storage.ensure_player(p) for p in PLAYERS[1:5]),
    )
    assert await storage.player(player.key) == replace(player, name="Renamed")


async def test_a_lone_start_takes_the_plain_statements(storage: PostgresStorage) -> None:
    await storage.ensure_player(PLAYERS[0])
    await storage.create_round(new_round(0, PLAYERS[0]))
    with pytest.raises(ActiveRoundExists):
        await storage.create_round(new_round(1, PLAYERS[0]))
