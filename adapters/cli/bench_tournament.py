"""``golfbot bench tournament``: a whole tournament through the real core (Matches, Tournaments, the
Clubhouse) on the real SQLite store. The players sign up by button, the organiser closes sign-up, and every
round is paired and every match played out by simulated players pressing their own boards (a random
playable column, else the stock, else the next hole; no pause between presses), all matches of a round at
once. Each press is timed from the call to the returned Screen, the match's bookkeeping included.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    import asyncio
    import random
    from typing import Any

    from bot.events import Event
    from bot.models import Player
    from bot.modes.competition.match import Matches

    Subparsers = Any


def add_commands(subparsers: Subparsers) -> None:
    p = add_target(subparsers, "tournament", help="a whole tournament through the core and the SQLite store")
    p.add_argument("--players", type=int, default=256, help="players signed up (default 256)")
    p.add_argument(
        "--style", default="elimination", help="elimination, round-robin or swiss (default elimination)"
    )
    p.add_argument("--holes", type=int, default=3, help="holes per match (default 3)")
    p.add_argument("--format", default="stroke", help="stroke or match (default stroke)")
    p.add_argument(
        "--think-ms", type=float, default=0.0, help="mean pause between one player's presses (default 0)"
    )
    p.add_argument("--db", help="SQLite file to use (default: a new temporary file)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=cmd_bench_tournament)


class Starts:
    """The Notifier of the bench: it hands every match that starts to the driver."""

    def __init__(self, queue: asyncio.Queue[str]) -> None:
        self.queue = queue
        self.events = 0

    async def to_place(self, place: str, event: Event) -> None:
        from bot.events import MatchStarted

        self.events += 1
        if isinstance(event, MatchStarted):
            self.queue.put_nowait(event.session)

    async def to_player(self, player: str, event: Event) -> None:
        self.events += 1


async def play_match(
    matches: Matches,
    match_id: str,
    people: dict[str, Player],
    rng: random.Random,
    latencies: list[float],
    think: float = 0.0,
) -> None:
    """Both (all) players play their boards to the end, each at their own pace, at once."""
    import asyncio

    from bot.screens import ScreenKind

    keys = await matches.players(match_id)

    async def player(key: str) -> None:
        who = people[key]
        screen = await matches.board(who, match_id)
        while screen.kind is not ScreenKind.INFO:
            enabled = [b for b in screen.all_buttons if b.enabled]
            columns = [b for b in enabled if b.id[-1].isdigit()]
            pick = rng.choice(columns) if columns else None
            if pick is None:
                pick = next((b for b in enabled if b.id.endswith((":s", ":n"))), None)
            if pick is None:
                return  # the round is over
            began = time.perf_counter()
            try:
                screen = (await matches.clubhouse.door.press(who, pick.id)).screen
            except Exception as error:  # the match was decided under this player (match play)
                from bot.errors import GolfError

                if isinstance(error, GolfError):
                    return
                raise
            latencies.append(time.perf_counter() - began)
            await asyncio.sleep(rng.expovariate(1 / think) if think else 0)

    await asyncio.gather(*(player(k) for k in keys))


async def run_bench(
    db_path: Path, *, players: int, style: str, holes: int, format: str, seed: int, think_ms: float = 0.0
) -> dict[str, Any]:
    import asyncio
    import random

    from adapters.cli.bench_core import NoSolver, _percentiles
    from adapters.cli.progress import progress
    from adapters.clock import SystemClock
    from adapters.sqlite import SqliteStorage
    from bot.clubhouse import Clubhouse
    from bot.competition_actions import BEGIN, JOIN, CompetitionAction
    from bot.models import Place, Player
    from bot.models.competition import CompetitionStatus
    from bot.modes.competition.match import Matches
    from bot.modes.competition.tournament import Tournaments
    from bot.timers import Timers

    storage = await SqliteStorage.open(db_path)
    clock = SystemClock()
    solver = NoSolver()
    queue: asyncio.Queue[str] = asyncio.Queue()
    notifier = Starts(queue)
    club = Clubhouse(storage, solver, clock, rng=random.Random(seed))
    timers = Timers(storage, clock, notifier=notifier)
    matches = Matches(storage, club, solver, clock, timers, notifier=notifier, rng=random.Random(seed))
    tournaments = Tournaments(storage, matches, clock, timers, notifier=notifier)
    place = Place("bench", "club", "Bench club")
    people = {p.key: p for p in (Player("bench", f"p{i}", f"Player {i}") for i in range(players))}
    rng = random.Random(seed)
    latencies: list[float] = []
    try:
        began = time.perf_counter()
        organiser = next(iter(people.values()))
        screen = await tournaments.open(
            organiser, place, style=style, holes=holes, format=format, hole_seconds=3600, signup_seconds=3600
        )
        tournament_id = screen.session
        for person in people.values():
            await club.door.press(person, str(CompetitionAction(tournament_id, 0, JOIN)))  # as the bots press
        signed_up = time.perf_counter() - began
        await club.door.press(organiser, str(CompetitionAction(tournament_id, 0, BEGIN)))
        running: set[asyncio.Task[None]] = set()
        played = 0
        # matches played, of a number not known ahead (a swiss or a knock-out's byes)
        with progress("bench tournament", None, unit="matches") as bar:
            while True:
                while not queue.empty():
                    match_id = queue.get_nowait()
                    task = asyncio.create_task(
                        play_match(
                            matches,
                            match_id,
                            people,
                            random.Random(rng.getrandbits(64)),
                            latencies,
                            think_ms / 1000,
                        )
                    )
                    running.add(task)
                    played += 1
                if not running:
                    break
                done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    task.result()
                bar.advance(len(done))
        wall = time.perf_counter() - began
        tournament = await storage.load_competition(tournament_id)
        assert tournament is not None
        finished = tournament.status is CompetitionStatus.FINISHED
        standings = await tournaments.standings(tournament_id)
    finally:
        await club.close()
        await storage.close()
    ms = sorted(x * 1000 for x in latencies)
    cuts = _percentiles(ms)
    return {
        "players": players,
        "style": style,
        "holes": holes,
        "format": format,
        "think_ms": think_ms,
        "matches": played,
        "finished": finished,
        "result": standings.title,
        "seconds": round(wall, 3),
        "signup_seconds": round(signed_up, 3),
        "moves": len(ms),
        "move_p50_ms": round(cuts[49], 3),
        "move_p99_ms": round(cuts[98], 3),
        "move_max_ms": round(ms[-1], 3) if ms else 0.0,
        "events": notifier.events,
    }


def cmd_bench_tournament(args: argparse.Namespace) -> int:
    from adapters.cli.failure import EXIT_USAGE, CommandFailed

    if args.players < 2 or not 1 <= args.holes <= 18 or args.think_ms < 0:
        raise CommandFailed("--players at least 2, --holes 1 to 18, --think-ms at least 0", EXIT_USAGE)
    if args.style not in ("elimination", "round-robin", "swiss") or args.format not in ("stroke", "match"):
        raise CommandFailed("--style elimination|round-robin|swiss, --format stroke|match", EXIT_USAGE)
    import asyncio
    import json
    import tempfile

    from bot.texts import counted

    async def main(path: Path) -> dict[str, Any]:
        return await run_bench(
            path,
            players=args.players,
            style=args.style,
            holes=args.holes,
            format=args.format,
            seed=args.seed,
            think_ms=args.think_ms,
        )

    if args.db:
        result = asyncio.run(main(Path(args.db)))
    else:
        with tempfile.TemporaryDirectory() as folder:
            result = asyncio.run(main(Path(folder) / "bench.sqlite3"))
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"tournament of {result['players']} ({result['style']}, {counted(result['holes'], 'hole')},"
            f" {result['format']} play):"
            f" {result['matches']} matches, {result['moves']} moves in {result['seconds']} s"
            f" (sign-up {result['signup_seconds']} s); move p50 {result['move_p50_ms']} ms,"
            f" p99 {result['move_p99_ms']} ms, max {result['move_max_ms']} ms; {result['result']}"
        )
    return 0 if result["finished"] else 1
