"""``golfbot migrate --to postgresql://...`` copies an SQLite database to PostgreSQL, nothing lost: the row
counts of every table and every round, stats and timers read back through both stores are compared."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pg_server import fresh_database

from adapters.cli.main import main
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.models import BoardLook, HoleRecord, Place, PlaceSettings, Player, RoundState, RoundStatus, Timer
from bot.models.competition import Competition, CompetitionStatus
from bot.models.daily import DailyDay, DailyResult, DailySettings
from bot.models.results import Finish, MatchResult

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HERE = Place("test", "here", "Here")
PLAYERS = [Player("test", str(n), f"Player {n}") for n in range(30)]


async def fill(path: Path) -> None:
    """30 players, each with a finished three-hole round and one in progress, a place's settings, timers."""
    store = await SqliteStorage.open(path)
    await store.save_place_settings(
        HERE, PlaceSettings(par_for_nine=36, default_rules="wrap", look=BoardLook.EMOJI)
    )
    for n, player in enumerate(PLAYERS):
        await store.ensure_player(player)
        state = RoundState(
            id=f"done{n:04d}",
            place=HERE.key,
            players=(player.key,),
            rules="strict",
            holes=3,
            par_for_nine=45,
            casual=n % 2 == 0,
            deals=(n, n + 1, 10**19 + n),
            started_at=T0,
            updated_at=T0,
        )
        await store.create_round(state)
        for i in range(3):
            new = state.bump(
                scores=(*state.scores, i - n % 3),
                best=(*state.best, None if i == 1 else i - 3),
                moves=("3", "s", "1"),
                status=RoundStatus.FINISHED if i == 2 else RoundStatus.HOLE_OVER,
                updated_at=T0 + timedelta(minutes=i),
            )
            record = HoleRecord(
                state.id, player.key, HERE.key, i, state.deals[i], "strict", ("3", "s"), i, None, T0
            )
            await store.save_round(new, previous_version=state.version, finished=record)
            state = new
        playing = RoundState(
            id=f"play{n:04d}",
            place=HERE.key,
            players=(player.key,),
            rules="wrap",
            holes=9,
            par_for_nine=36,
            casual=True,
            deals=tuple(range(100 + n, 109 + n)),
            moves=("s", "4"),
            started_at=T0,
            updated_at=T0,
        )
        await store.create_round(playing)
        await store.add_timer(Timer(f"t{n}", "turn", T0 + timedelta(seconds=n), payload=f"p{n}"))
    await fill_daily(store)
    await fill_competitions(store)
    await store.close()


async def fill_competitions(store: SqliteStorage) -> None:
    """A tournament with a finished match (its result) and a match still going."""
    tournament = Competition("tour0001", "tournament", HERE.key, created_at=T0, updated_at=T0)
    await store.create_competition(tournament)
    done = Competition("m0001", "match", HERE.key, parent="tour0001", created_at=T0, updated_at=T0)
    await store.create_competition(done)
    result = MatchResult(
        "m0001", HERE.key, T0, (Finish("test:2", 0, 3, 1), Finish("test:1", 1, 1, 3)), "2 & 1"
    )
    finished = done.bump(status=CompetitionStatus.FINISHED)
    await store.save_competition(finished, previous_version=done.version, result=result)
    await store.create_competition(Competition("m0002", "match", HERE.key, created_at=T0, updated_at=T0))


async def fill_daily(store: SqliteStorage) -> None:
    """Three closed days of three players (averages such as -2/3: REAL columns) and one open day."""
    await store.installation_secret(b"secret-of-this-installation")
    await store.save_daily_settings(HERE.key, DailySettings(zone="Europe/Paris", holes=3, channel="c1"))
    for d in range(4):
        day = DailyDay(
            HERE.key,
            T0.date() + timedelta(days=d),
            "UTC",
            "strict",
            45,
            (d, d + 1, d + 2),
            "c0m",
            T0 + timedelta(days=d + 1),
            best=(1, None, -2),
        )
        await store.open_day(day)
        for n, player in enumerate(PLAYERS[:3]):
            to_par = (n + d) % 3 - 1
            await store.record_result(
                DailyResult(
                    HERE.key, day.day, player.key, f"d{d}{n}", 3, 15 + to_par, to_par, True, to_par <= 0
                )
            )
        if d < 3:
            assert await store.close_day(HERE.key, day.day)


async def compare(path: Path, url: str) -> None:
    sqlite = await SqliteStorage.open(path)
    pg = await PostgresStorage.open(url)
    try:
        assert await pg.place_settings(HERE) == await sqlite.place_settings(HERE)
        for n, player in enumerate(PLAYERS):
            assert await pg.player(player.key) == player
            for round_id in (f"done{n:04d}", f"play{n:04d}"):
                assert await pg.load_round(round_id) == await sqlite.load_round(round_id)
            assert await pg.stats(player.key) == await sqlite.stats(player.key)
        far = T0 + timedelta(days=1)
        assert await pg.due_timers(far) == await sqlite.due_timers(far)
        assert await pg.installation_secret(b"other") == b"secret-of-this-installation"
        assert await pg.daily_settings(HERE.key) == await sqlite.daily_settings(HERE.key)
        assert await pg.open_days() == await sqlite.open_days()
        for d in range(4):
            day = T0.date() + timedelta(days=d)
            assert await pg.daily_day(HERE.key, day) == await sqlite.daily_day(HERE.key, day)
            assert await pg.day_board(HERE.key, day) == await sqlite.day_board(HERE.key, day)
        everything = await pg.all_time_board(HERE.key)
        assert [(r.rank, r.player, r.days, r.wins) for r in everything] == [
            (r.rank, r.player, r.days, r.wins) for r in await sqlite.all_time_board(HERE.key)
        ]
        for competition in ("tour0001", "m0001", "m0002"):
            assert await pg.load_competition(competition) == await sqlite.load_competition(competition)
        assert await pg.active_competitions() == await sqlite.active_competitions()
        assert await pg.results(HERE.key) == await sqlite.results(HERE.key)
        expected = [r.average_to_par for r in await sqlite.all_time_board(HERE.key)]
        assert [r.average_to_par for r in everything] == pytest.approx(expected)
    finally:
        await sqlite.close()
        await pg.close()


@pytest.fixture
def url() -> str:
    return str(asyncio.run(fresh_database()))


def test_migrate_to_copies_everything(tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "golf.sqlite3"
    asyncio.run(fill(path))
    assert main(["migrate", "--db", str(path), "--to", url]) == 0
    out = capsys.readouterr().out
    assert "rounds: 60 rows" in out and "holes: 90 rows" in out and "players: 30 rows" in out
    assert "daily_results: 12 rows" in out and "daily_totals: 3 rows" in out
    assert "competitions: 3 rows" in out and "match_results: 2 rows" in out
    asyncio.run(compare(path, url))


def test_migrate_to_refuses_a_database_that_is_not_empty(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "golf.sqlite3"
    asyncio.run(fill(path))
    assert main(["migrate", "--db", str(path), "--to", url]) == 0
    capsys.readouterr()
    assert main(["migrate", "--db", str(path), "--to", url]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must be empty" in err


def test_migrate_to_an_unreachable_server_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "golf.sqlite3"
    asyncio.run(fill(path))
    assert main(["migrate", "--db", str(path), "--to", "postgresql://golf:secret@127.0.0.1:1/golf"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot connect" in err and "secret" not in err


def test_a_bot_command_on_an_unreachable_server_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["stats", "--db", "postgresql://golf:secret@127.0.0.1:1/golf"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("golfbot stats: cannot connect") and "secret" not in err
