"""``golfbot bench daily``: the daily leaderboards of one busy place, read from the real SQLite store.

The place has ``--players`` players and ``--days`` days behind it; on each past day a share of the
players played (``--turnout``), and today every one of them has. The results are written straight into
the tables (a year of them would take long through one write per hole), then every past day is closed
through the store's own ``close_day``, which adds it to the all-time table as the rollover does. Then the
bench reads today's table and the all-time table, first page and random pages, ``--reads`` times each,
timing each read from the call to the returned rows, and prints the median, p99 and worst.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from adapters.cli.progress import Bar

    Subparsers = Any  # argparse's _SubParsersAction is private

PLACE = "bench:place"
TODAY = "2026-11-22"


def add_commands(subparsers: Subparsers) -> None:
    p = add_target(subparsers, "daily", help="the daily leaderboards of a place with a year of results")
    p.add_argument("--players", type=int, default=10_000, help="players at the place (default 10000)")
    p.add_argument("--days", type=int, default=365, help="days before today (default 365)")
    p.add_argument("--turnout", type=float, default=0.8, help="share playing a past day (default 0.8)")
    p.add_argument("--reads", type=int, default=300, help="reads of each table (default 300)")
    p.add_argument("--db", help="SQLite file to fill (default: a new temporary file)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.set_defaults(handler=cmd_bench_daily)


def cmd_bench_daily(args: argparse.Namespace) -> int:
    import asyncio
    import tempfile

    from adapters.cli.failure import EXIT_USAGE, CommandFailed

    if args.players < 1 or args.days < 0 or not 0 <= args.turnout <= 1 or args.reads < 1:
        raise CommandFailed(
            "--players and --reads are at least 1, --days at least 0, --turnout 0..1", EXIT_USAGE
        )
    if args.db:
        path = Path(args.db)
        refusal = _not_empty(path) if "://" not in args.db else "--db takes an SQLite file here"
        if refusal:
            raise CommandFailed(
                f"{refusal}; bench daily fills a database of its own with made-up players: give a new file"
                " (or no --db, for a temporary one)",
                EXIT_USAGE,
            )
        print(_figures(asyncio.run(bench(path, args))))
        return 0
    with tempfile.TemporaryDirectory(prefix="golfbot-bench-daily-") as folder:
        print(_figures(asyncio.run(bench(Path(folder) / "daily.sqlite3", args))))
    return 0


def _not_empty(path: Path) -> str:
    """Why ``path`` is no file for the bench to fill ("" when it is none yet, or a database without a
    row: the bench's own players and results would go in among someone's real ones)."""
    import sqlite3

    if not path.exists():
        return ""
    if path.is_dir():
        return f"{path} is a folder"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                if table == "schema_migrations" or table.startswith("sqlite_"):
                    continue
                if db.execute(f'SELECT 1 FROM "{table}" LIMIT 1').fetchone():
                    return f"{path} holds data already (table {table})"
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return f"{path} is not an empty SQLite database"
    return ""


def _days(count: int) -> list[str]:
    from datetime import date, timedelta

    today = date.fromisoformat(TODAY)
    return [(today - timedelta(days=count - i)).isoformat() for i in range(count + 1)]


def fill(path: Path, players: int, days: list[str], turnout: float, seed: int, bar: Bar | None = None) -> int:
    """Write the players, the days (the last one open) and their results; the number of results."""
    import random
    import sqlite3

    rng = random.Random(seed)
    db = sqlite3.connect(path)
    try:
        with db:
            db.executemany(
                "INSERT INTO players (key, platform, user_id, name, created_at) VALUES (?, 'bench', ?, ?, ?)",
                ((f"bench:{i}", str(i), f"Player {i}", "2025-01-01T00:00:00+00:00") for i in range(players)),
            )
            db.executemany(
                "INSERT INTO daily_days (place, day, zone, rules, par_for_nine, deals, commitment, closes_at)"
                " VALUES (?, ?, 'UTC', 'strict', 45, '[\"1\"]', '', ?)",
                ((PLACE, day, f"{day}T23:59:59+00:00") for day in days),
            )
        rows = 0
        for n, day in enumerate(days):
            today = n == len(days) - 1
            batch = []
            for i in range(players):
                if not today and rng.random() >= turnout:
                    continue
                holes = 9 if not today else rng.randint(1, 9)
                to_par = round(rng.gauss(0, 6))
                done = int(holes == 9)
                row = (PLACE, day, f"bench:{i}", f"r{i}", holes, 5 * holes + to_par, to_par, done)
                batch.append((*row, int(done and to_par <= 0)))
            with db:
                db.executemany(
                    "INSERT INTO daily_results (place, day, player, round_id, holes_played, total, to_par,"
                    " finished, at_or_under_par) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    batch,
                )
            rows += len(batch)
            if bar is not None:
                bar.advance()
    finally:
        db.close()
    return rows


async def _timed(reads: int, read: Callable[[int], Awaitable[object]], rng: Any, bar: Bar) -> list[float]:
    times = []
    for n in range(reads):
        page = 0 if n % 2 == 0 else rng.randrange(50)  # the first page and pages further down
        began = time.perf_counter()
        await read(page)
        times.append((time.perf_counter() - began) * 1000)
        bar.advance()
    return sorted(times)


async def bench(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Fill, close, read: one bar over the three (a day written, a day closed, a read: one step each)."""
    from adapters.cli.progress import progress

    steps = 2 * args.days + 1 + 3 * args.reads
    with progress("bench daily", steps, unit="steps") as bar:
        return await _bench(path, args, bar)


async def _bench(path: Path, args: argparse.Namespace, bar: Bar) -> dict[str, Any]:
    import random
    from datetime import date

    from adapters.sqlite import SqliteStorage
    from bot.models.daily import BOARD_PAGE

    store = await SqliteStorage.open(path)  # creates the schema
    await store.close()
    days = _days(args.days)
    began = time.perf_counter()
    bar.set(0, description="bench daily: writing the days")
    results = fill(path, args.players, days, args.turnout, args.seed, bar)
    filled = time.perf_counter() - began
    store = await SqliteStorage.open(path)
    try:
        began = time.perf_counter()
        bar.set(len(days), description="bench daily: closing the days")
        for day in days[:-1]:
            await store.close_day(PLACE, date.fromisoformat(day))
            bar.advance()
        closed = time.perf_counter() - began
        rng = random.Random(args.seed)
        today = date.fromisoformat(TODAY)
        figures: dict[str, Any] = {
            "players": args.players,
            "days": len(days),
            "results": results,
            "fill_s": round(filled, 1),
            "close_per_day_ms": round(closed * 1000 / max(len(days) - 1, 1), 1),
        }
        tables: dict[str, Callable[[int], Awaitable[object]]] = {
            "today": lambda page: store.day_board(PLACE, today, page * BOARD_PAGE, BOARD_PAGE),
            "all_time": lambda page: store.all_time_board(PLACE, page * BOARD_PAGE, BOARD_PAGE),
            "week": lambda page: store.week_board(PLACE, today, page * BOARD_PAGE, BOARD_PAGE),
        }
        bar.set(2 * len(days) - 1, description="bench daily: reading the tables")
        for name, read in tables.items():
            times = await _timed(args.reads, read, rng, bar)
            figures[name] = {
                "median_ms": round(times[len(times) // 2], 2),
                "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
                "max_ms": round(times[-1], 2),
            }
        return figures
    finally:
        await store.close()


def _figures(figures: dict[str, Any]) -> str:
    lines = [
        f"{figures['players']} players, {figures['days']} days ({figures['results']} results):"
        f" filled in {figures['fill_s']} s, closing a day {figures['close_per_day_ms']} ms",
    ]
    for name in ("today", "all_time", "week"):
        f = figures[name]
        lines.append(
            f"{name:>9} page: median {f['median_ms']} ms, p99 {f['p99_ms']} ms, worst {f['max_ms']} ms"
        )
    return "\n".join(lines)
