"""What every DailyStore must do, run against every store (``conftest.storage``: SQLite, in-memory and
PostgreSQL): the secret stored once, daily settings, days opened once and closed once, results that only
move on, a day's table with shared ranks, and the week's and all-time tables that closing a day adds to."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta

import pytest

from adapters.memory import MemoryStorage
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.models import Player
from bot.models.daily import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow
from bot.ports import ConstraintViolation, DailyStore

DAY = date(2026, 11, 22)
HERE, THERE = "test:here", "test:there"
ALICE, BOB, CAROL = Player("test", "1", "Alice"), Player("test", "2", "Bob"), Player("test", "3", "Carol")


@pytest.fixture
async def store(storage: SqliteStorage | MemoryStorage | PostgresStorage) -> AsyncIterator[DailyStore]:
    for player in (ALICE, BOB, CAROL):
        await storage.ensure_player(player)
    yield storage


def a_day(day: date = DAY, place: str = HERE, **changes: object) -> DailyDay:
    values: dict[str, object] = {
        "place": place,
        "day": day,
        "zone": "UTC",
        "rules": "strict",
        "par_for_nine": 45,
        "deals": (1000, 1001, 1002),
        "commitment": "c0ffee",
        "closes_at": datetime.combine(day + timedelta(days=1), datetime.min.time(), tzinfo=UTC),
    }
    values.update(changes)
    return DailyDay(**values)  # type: ignore[arg-type]


def a_result(player: Player, to_par: int, holes: int = 3, day: date = DAY, place: str = HERE) -> DailyResult:
    return DailyResult(
        place=place,
        day=day,
        player=player.key,
        round_id=f"r{player.user_id}{day:%j}",
        holes_played=holes,
        total=5 * holes + to_par,
        to_par=to_par,
        finished=holes == 3,
        at_or_under_par=holes == 3 and to_par <= 0,
    )


async def test_the_secret_is_stored_once(store: DailyStore) -> None:
    assert await store.installation_secret(b"first") == b"first"
    assert await store.installation_secret(b"second") == b"first"


async def test_daily_settings(store: DailyStore) -> None:
    assert await store.daily_settings(HERE) == DailySettings()
    chosen = DailySettings(zone="Asia/Tokyo", holes=18, rules="wrap", channel="123", post=False)
    await store.save_daily_settings(HERE, chosen)
    assert await store.daily_settings(HERE) == chosen
    assert await store.daily_settings(THERE) == DailySettings()
    with pytest.raises(ConstraintViolation):
        await store.save_daily_settings(HERE, DailySettings(holes=4))


async def test_a_day_opens_once_and_keeps_its_first_course(store: DailyStore) -> None:
    first = await store.open_day(a_day())
    assert first == a_day()
    again = await store.open_day(a_day(deals=(7, 8, 9), commitment="other"))
    assert again == first
    assert await store.daily_day(HERE, DAY) == first
    assert await store.daily_day(THERE, DAY) is None
    await store.save_day_best(HERE, DAY, (1, None, -2))
    stored = await store.daily_day(HERE, DAY)
    assert stored is not None and stored.best == (1, None, -2)


async def test_big_deal_numbers_and_times_survive(store: DailyStore) -> None:
    day = a_day(deals=(99_999_999_999_999_999_999,), closes_at=datetime(2026, 11, 22, 15, tzinfo=UTC))
    assert await store.open_day(day) == day


async def test_latest_open_and_place_days(store: DailyStore) -> None:
    assert await store.latest_day(HERE) is None
    for offset in (0, 2, 1):
        await store.open_day(a_day(DAY + timedelta(days=offset)))
    await store.open_day(a_day(place=THERE))
    latest = await store.latest_day(HERE)
    assert latest is not None and latest.day == DAY + timedelta(days=2)
    assert await store.place_days(HERE) == [DAY + timedelta(days=i) for i in range(3)]
    assert await store.close_day(HERE, DAY)
    assert [(d.place, d.day) for d in await store.open_days()] == [
        (THERE, DAY),
        (HERE, DAY + timedelta(days=1)),
        (HERE, DAY + timedelta(days=2)),
    ]


async def test_results_only_move_on(store: DailyStore) -> None:
    await store.open_day(a_day())
    await store.record_result(a_result(ALICE, 1, holes=1))
    await store.record_result(a_result(ALICE, -2, holes=2))
    await store.record_result(a_result(ALICE, 5, holes=1))  # a late write of an older state
    assert await store.daily_result(HERE, DAY, ALICE.key) == a_result(ALICE, -2, holes=2)
    assert await store.daily_result(HERE, DAY, BOB.key) is None
    assert await store.player_days(HERE, ALICE.key) == {DAY: False}


async def test_a_result_of_a_day_never_opened_is_refused(store: DailyStore) -> None:
    with pytest.raises(ConstraintViolation):
        await store.record_result(a_result(ALICE, 0))


async def test_the_days_table_shares_ranks(store: DailyStore) -> None:
    await store.open_day(a_day())
    await store.record_result(a_result(ALICE, -2))
    await store.record_result(a_result(BOB, -2))
    await store.record_result(a_result(CAROL, -2, holes=2))  # same to par, fewer holes: behind
    assert await store.day_board(HERE, DAY) == [
        DayRow(1, ALICE.key, "Alice", 13, -2, 3, True),
        DayRow(1, BOB.key, "Bob", 13, -2, 3, True),
        DayRow(3, CAROL.key, "Carol", 8, -2, 2, False),
    ]
    assert await store.day_board(HERE, DAY, offset=1, limit=1) == [DayRow(1, BOB.key, "Bob", 13, -2, 3, True)]
    assert [r.rank for r in await store.day_board(HERE, DAY, offset=2)] == [3]
    assert await store.day_board(HERE, DAY, offset=3) == []
    assert await store.day_entries(HERE, DAY) == 3
    assert await store.day_board(THERE, DAY) == []


async def test_closing_a_day_counts_once(store: DailyStore) -> None:
    await store.open_day(a_day())
    await store.record_result(a_result(ALICE, -3))
    await store.record_result(a_result(BOB, 2))
    assert await store.all_time_board(HERE) == []
    assert await store.close_day(HERE, DAY)
    assert not await store.close_day(HERE, DAY)
    assert not await store.close_day(HERE, DAY + timedelta(days=1))
    await store.record_result(a_result(CAROL, -9))  # too late: the day is closed
    assert await store.daily_result(HERE, DAY, CAROL.key) is None
    assert await store.all_time_board(HERE) == [
        PeriodRow(1, ALICE.key, "Alice", 1, -3.0, 1, -3),
        PeriodRow(2, BOB.key, "Bob", 1, 2.0, 0, 2),
    ]
    assert await store.player_days(HERE, ALICE.key) == {DAY: True}


async def test_week_and_all_time_tables(store: DailyStore) -> None:
    plan = {0: {ALICE: -3, BOB: -1}, 1: {ALICE: 0, BOB: -4, CAROL: -4}, 2: {ALICE: 1, CAROL: 0}}
    for offset, scores in plan.items():
        day = DAY + timedelta(days=offset)
        await store.open_day(a_day(day))
        for player, to_par in scores.items():
            await store.record_result(a_result(player, to_par, day=day))
        await store.close_day(HERE, day)
    await store.open_day(a_day(DAY + timedelta(days=3)))  # today: open, not counted yet
    await store.record_result(a_result(BOB, -9, day=DAY + timedelta(days=3)))
    everything = await store.all_time_board(HERE)
    assert everything[:2] == [
        PeriodRow(1, CAROL.key, "Carol", 2, -2.0, 2, -4),
        PeriodRow(2, BOB.key, "Bob", 2, -2.5, 1, -4),
    ]
    assert (everything[2].rank, everything[2].player, everything[2].wins) == (3, ALICE.key, 1)
    assert everything[2].average_to_par == pytest.approx(-2 / 3)
    assert await store.all_time_board(HERE, offset=1, limit=1) == everything[1:2]
    # DAY is a Sunday: the week of the next Monday holds days 1 and 2 (and today, not closed yet)
    assert DAY.weekday() == 6
    for monday_or_later in (DAY + timedelta(days=1), DAY + timedelta(days=3)):
        week = await store.week_board(HERE, monday_or_later)
        assert [(r.player, r.days, r.wins, r.best_to_par) for r in week] == [
            (CAROL.key, 2, 2, -4),
            (BOB.key, 1, 1, -4),
            (ALICE.key, 2, 0, 0),
        ]
        assert week[2].average_to_par == pytest.approx(0.5)
        assert [r.rank for r in week] == [1, 2, 3]
    last_week = await store.week_board(HERE, DAY)
    assert [(r.player, r.wins, r.days) for r in last_week] == [(ALICE.key, 1, 1), (BOB.key, 0, 1)]
    assert await store.week_board(HERE, DAY + timedelta(days=8)) == []
    assert await store.all_time_board(THERE) == []


async def test_all_time_ties_share_a_rank_across_pages(store: DailyStore) -> None:
    await store.open_day(a_day())
    for player, to_par in ((ALICE, -2), (BOB, -2), (CAROL, 0)):
        await store.record_result(a_result(player, to_par))
    await store.close_day(HERE, DAY)
    assert [(r.rank, r.wins) for r in await store.all_time_board(HERE)] == [(1, 1), (1, 1), (3, 0)]
    assert [(r.player, r.rank) for r in await store.all_time_board(HERE, offset=1)] == [
        (BOB.key, 1),
        (CAROL.key, 3),
    ]
