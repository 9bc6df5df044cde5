"""``golfbot bench core``: simulated players pressing buttons through the real core (Clubhouse) and the real
SQLite store, each press timed from the call to the returned Screen, commit included.

A simulated player starts a round, then presses what a player could: a playable column (any of them),
else the stock, else "Next hole"; a finished round is followed by a new one. Between presses a player
thinks for a random while (exponential, mean ``--think-ms``), as people do; ``--think-ms 0`` presses as fast
as the core answers, which measures its capacity (latency is then mostly waiting in line).

``--db postgresql://...`` runs it on PostgreSQL; ``--processes N`` then runs N core processes on that one
database at once (each a ``golfbot bench core`` of its own with a share of the players, started together),
and reports the presses of all of them per second of the slowest, and the percentiles of all their presses.

Two rates are printed: presses a second while every player was playing (from the last player's first round
to the first player's last press: what the bot sustains under that load), and over the whole run (which
also counts its tail, when the players with the longest pauses finish alone).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # the core, the database and asyncio are imported when the bench runs
    import random
    from typing import Any

    from adapters.cli.progress import Bar
    from bot.clubhouse import Clubhouse
    from bot.models import Player
    from bot.screens import Screen
    from engine.golf.hole import Hole
    from engine.golf.moves import Move
    from engine.golf.solver import Solution

if TYPE_CHECKING:
    Subparsers = Any  # argparse's _SubParsersAction is private


def add_commands(subparsers: Subparsers) -> None:
    p = add_target(subparsers, "core", help="simulated players through the core and the SQLite store")
    p.add_argument("--players", type=int, default=500, help="concurrent players (default 500)")
    p.add_argument("--actions", type=int, default=60, help="button presses per player (default 60)")
    p.add_argument(
        "--think-ms",
        type=float,
        default=250.0,
        help="mean pause between one player's presses, in ms (default 250; 0 = no pause)",
    )
    p.add_argument("--holes", type=int, default=3, help="holes per round (default 3)")
    p.add_argument("--no-solver", action="store_true", help="no solver pool (best scores are 'not known')")
    p.add_argument("--solver-workers", type=int, default=1, help="solver processes (default 1)")
    p.add_argument(
        "--db", help="SQLite file or postgresql:// URL to use (default: a new temporary SQLite file)"
    )
    p.add_argument(
        "--processes",
        type=int,
        default=1,
        help="core processes on the one database, the players shared among them (PostgreSQL; default 1)",
    )
    p.add_argument("--player-prefix", default="", help=argparse.SUPPRESS)
    p.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--raw-to", help=argparse.SUPPRESS)  # a file for the parent of several processes
    p.add_argument("--seed", type=int, default=1, help="random seed of the players (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=cmd_bench_core)


class NoSolver:
    """The Solver port answering "not known" at once: the bench without the solver's CPU use."""

    async def best_score(self, hole: Hole) -> Solution | None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        from engine.golf.course import course
        from engine.golf.rules import find_rules

        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        return None


class Tally:
    """What the simulated players did (a plain class: dataclasses would cost ``golfbot --help`` 5 ms)."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.ends: list[float] = []
        """The latencies of the presses that ended a hole (among ``latencies`` too)."""
        self.starts: list[float] = []
        self.holes = 0
        self.best_known = 0
        """Finished holes whose best possible score the solver proved in time (from the stored rounds)."""
        self.rounds_played: set[str] = set()
        self.rounds = 0
        self.errors = 0
        self.done_at: list[float] = []
        """When each press was answered (``time.monotonic``: one clock for every process of a run)."""
        self.all_in = 0.0
        """When the last player's first round had started: from then on, every player is playing..."""
        self.first_out = float("inf")
        """...until the first player has pressed all it will. Between the two: the steady rate."""


def choose(screen: Screen, rng: random.Random) -> str | None:
    """The id of the button to press: a playable column, else the stock, else Next hole; None when the
    round is over. (One pass over the buttons: the players share the process with the core they measure.)"""
    from bot.screens import ButtonRole

    column, stock, go_on = ButtonRole.COLUMN, ButtonRole.STOCK, ButtonRole.NEXT
    columns: list[str] = []
    turn = next_hole = None
    for row in screen.buttons:
        for button in row:
            if button.enabled:
                role = button.role
                if role is column:
                    columns.append(button.id)
                elif role is stock:
                    turn = turn or button.id
                elif role is go_on:
                    next_hole = next_hole or button.id
    if columns:
        return rng.choice(columns)
    return turn or next_hole


async def simulate_player(
    club: Clubhouse,
    player: Player,
    *,
    actions: int,
    think: float,
    holes: int,
    rng: random.Random,
    tally: Tally,
) -> None:
    import asyncio

    from bot.models import Place
    from bot.screens import ScreenKind

    place = Place("bench", "table", "bench")

    async def start() -> Screen:
        began = time.perf_counter()
        screen = await club.start_round(player, place, holes=holes, deal_code=str(rng.randint(1, 1_000_000)))
        tally.starts.append(time.perf_counter() - began)
        return screen

    def look(screen: Screen) -> tuple[ScreenKind, str | None]:
        # what a person takes from a board: what it shows and what to press next (decided as it is seen;
        # the Screen itself is not kept while the player thinks, as a chat adapter does not keep it)
        return screen.kind, choose(screen, rng)

    await asyncio.sleep(rng.uniform(0, think))  # players arrive over one think time, not all at once
    kind, action_id = look(await start())
    tally.all_in = max(tally.all_in, time.monotonic())
    for _ in range(actions):
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        if action_id is None:
            tally.rounds += 1
            kind, action_id = look(await start())
            assert action_id is not None
        began = time.perf_counter()
        try:
            after = (await club.door.press(player, action_id)).screen  # as the chat bots press
        except Exception:
            tally.errors += 1
            raise
        answered = time.perf_counter()
        tally.latencies.append(answered - began)
        tally.done_at.append(time.monotonic())
        if after.kind is ScreenKind.SUMMARY and kind is ScreenKind.BOARD:
            tally.ends.append(answered - began)
            tally.holes += 1
            tally.rounds_played.add(after.session)
        kind, action_id = look(after)
        del after
    tally.first_out = min(tally.first_out, time.monotonic())


async def run_bench(
    db_path: Path | str,
    *,
    players: int,
    actions: int,
    think_ms: float,
    holes: int,
    solver_workers: int | None,
    no_solver: bool = False,
    seed: int = 1,
    player_prefix: str = "",
    raw: bool = False,
) -> dict[str, Any]:
    """Simulated players through the app as the composition root builds it (its heap frozen, as a running
    bot's is), on the store ``db_path`` names (an SQLite file or a postgresql:// URL)."""
    import asyncio
    import random

    from adapters.cli.progress import progress
    from adapters.cli.wiring import freeze_startup_heap, open_app
    from bot.models import Player
    from engine.golf.deal import deal

    tally = Tally()
    rng = random.Random(seed)
    people = [Player("bench", f"{player_prefix}p{i}", f"Player {i}") for i in range(players)]
    chosen = NoSolver() if no_solver else None
    seeded = random.Random(seed)
    async with open_app(db_path, solver_workers=solver_workers, solver=chosen, rng=seeded) as app:
        if not no_solver:  # a running bot starts its pool once; so does the bench, before timing
            await app.solver.best_score(deal(1))
            freeze_startup_heap()  # what the warm-up made, too: full collections then scan only play
        began = time.perf_counter()
        with progress("bench core", players * actions, unit="presses", wanted=not raw) as bar:
            follower = asyncio.create_task(_follow(tally, bar)) if bar.shown else None
            try:
                await asyncio.gather(
                    *(
                        simulate_player(
                            app.clubhouse,
                            p,
                            actions=actions,
                            think=think_ms / 1000,
                            holes=holes,
                            rng=random.Random(rng.getrandbits(64)),
                            tally=tally,
                        )
                        for p in people
                    )
                )
            finally:
                if follower is not None:
                    follower.cancel()
        wall = time.perf_counter() - began
        for round_id in tally.rounds_played:  # what was stored, not what a screen said
            state = await app.storage.load_round(round_id)
            tally.best_known += sum(best is not None for best in state.best) if state else 0
    result = figures(tally, wall, players=players, think_ms=think_ms)
    if raw:  # for the parent of several processes: every latency, to merge the percentiles
        result["latencies_ms"] = [round(x * 1000, 3) for x in tally.latencies]
        result["starts_ms"] = [round(x * 1000, 3) for x in tally.starts]
        result["ends_ms"] = [round(x * 1000, 3) for x in tally.ends]
        result["done_at"] = [round(x, 6) for x in tally.done_at]
        result["all_in"], result["first_out"] = tally.all_in, tally.first_out
    return result


async def _follow(tally: Tally, bar: Bar) -> None:
    """The presses answered so far, on the bar, a few times a second (a press itself is not slowed)."""
    import asyncio

    while True:
        bar.set(len(tally.latencies))
        await asyncio.sleep(0.25)


def figures(tally: Tally, wall: float, *, players: int, think_ms: float) -> dict[str, Any]:
    import statistics

    ms = sorted(x * 1000 for x in tally.latencies)
    cuts = _percentiles(ms)
    starts = _percentiles([x * 1000 for x in tally.starts])
    ends = _percentiles([x * 1000 for x in tally.ends])
    return {
        "actions_per_s": round(len(ms) / wall, 1),
        "steady_actions_per_s": steady_rate(tally),
        "p50_ms": round(cuts[49], 3),
        "p99_ms": round(cuts[98], 3),
        "max_ms": round(ms[-1], 3) if ms else 0.0,
        "mean_ms": round(statistics.fmean(ms), 3) if ms else 0.0,
        "actions": len(ms),
        "players": players,
        "think_ms": think_ms,
        "seconds": round(wall, 3),
        "holes_finished": tally.holes,
        "best_known": tally.best_known,
        "rounds_finished": tally.rounds,
        "start_p99_ms": round(starts[98], 3),
        "end_p99_ms": round(ends[98], 3),
        "errors": tally.errors,
    }


def steady_rate(tally: Tally) -> float | None:
    """Presses a second while every player was playing (None if that was under a second). The rate over
    the whole run also counts its tail, when the last players finish alone: with exponential pauses, the
    slowest of 2,000 players takes ~1.5x the mean, so the whole run's rate says more about that player's
    pauses than about the bot."""
    start, end = tally.all_in, tally.first_out
    if end - start < 1.0:
        return None
    return round(sum(start <= t <= end for t in tally.done_at) / (end - start), 1)


def _percentiles(values: list[float]) -> list[float]:
    """The 1st to 99th percentiles."""
    import statistics

    if len(values) < 2:
        return (values or [0.0]) * 99
    return statistics.quantiles(values, n=100, method="inclusive")


class BenchError(RuntimeError):
    """One of several bench processes failed."""


def cmd_bench_core(args: argparse.Namespace) -> int:
    import asyncio
    import tempfile

    from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed

    if args.players < 1 or args.actions < 1 or args.think_ms < 0 or not 1 <= args.holes <= 18:
        raise CommandFailed(
            "--players and --actions must be at least 1, --think-ms at least 0, --holes 1 to 18", EXIT_USAGE
        )
    if args.solver_workers < 1 or args.processes < 1:
        raise CommandFailed("--solver-workers and --processes must be at least 1", EXIT_USAGE)

    from adapters.cli.config import POSTGRES_SCHEMES
    from adapters.cli.eventloop import loop_name, run

    on_postgres = bool(args.db) and args.db.strip().lower().startswith(POSTGRES_SCHEMES)
    solver_name = "none" if args.no_solver else f"pool of {args.solver_workers}"
    if args.processes > 1:
        if not on_postgres:
            raise CommandFailed(
                "--processes needs --db postgresql://... (one database, many processes)", EXIT_USAGE
            )
        try:
            result = asyncio.run(run_processes(args))
        except BenchError as error:
            raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
        result["solver"] = f"{solver_name} per process"
        return _print(args, result)

    async def main(db_path: Path | str) -> dict[str, Any]:
        return await run_bench(
            db_path,
            players=args.players,
            actions=args.actions,
            think_ms=args.think_ms,
            holes=args.holes,
            solver_workers=args.solver_workers,
            no_solver=args.no_solver,
            seed=args.seed,
            player_prefix=args.player_prefix,
            raw=args.raw,
        )

    if args.db:
        result = run(main(args.db if on_postgres else Path(args.db)))
    else:
        with tempfile.TemporaryDirectory(prefix="golfbot-bench-") as folder:
            result = run(main(Path(folder) / "bench.sqlite3"))
    result["solver"] = solver_name
    result["event_loop"] = loop_name()
    if args.raw_to:  # every latency, for the parent: a file, not a pipe it may not be reading yet
        import json

        Path(args.raw_to).write_text(json.dumps(result), encoding="utf-8")
        return 0
    return _print(args, result)


async def run_processes(args: argparse.Namespace) -> dict[str, Any]:
    """``args.processes`` benches at once on one database, the players shared out; their figures merged."""
    import asyncio
    import json
    import secrets
    import sys
    import tempfile

    share = -(-args.players // args.processes)
    run = secrets.token_hex(3)  # the players of each run and process are new ones
    options = ["--actions", str(args.actions), "--think-ms", str(args.think_ms), "--holes", str(args.holes)]
    options += ["--no-solver"] if args.no_solver else ["--solver-workers", str(args.solver_workers)]
    with tempfile.TemporaryDirectory(prefix="golfbot-bench-") as folder:
        results = [Path(folder) / f"process-{k}.json" for k in range(args.processes)]
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "adapters.cli.main",
                "bench",
                "core",
                "--raw",
                "--raw-to",
                str(results[k]),
                "--db",
                args.db,
                "--players",
                str(min(share, args.players - k * share)),
                "--seed",
                str(args.seed + k),
                "--player-prefix",
                f"{run}-{k}-",
                *options,
            )
            for k in range(args.processes)
        ]
        codes = await asyncio.gather(*(child.wait() for child in children))
        if any(codes):
            raise BenchError(f"a bench process failed (exit status {max(codes)}); see its lines above")
        outputs = [json.loads(path.read_text(encoding="utf-8")) for path in results]
    latencies = [x / 1000 for out in outputs for x in out.pop("latencies_ms")]
    starts = [x / 1000 for out in outputs for x in out.pop("starts_ms")]
    tally = Tally()
    tally.latencies, tally.starts = latencies, starts
    tally.ends = [x / 1000 for out in outputs for x in out.pop("ends_ms")]
    tally.holes = sum(o["holes_finished"] for o in outputs)
    tally.best_known = sum(o["best_known"] for o in outputs)
    tally.rounds = sum(o["rounds_finished"] for o in outputs)
    tally.errors = sum(o["errors"] for o in outputs)
    tally.done_at = [t for out in outputs for t in out.pop("done_at")]
    tally.all_in = max(o["all_in"] for o in outputs)
    tally.first_out = min(o["first_out"] for o in outputs)
    wall = max(o["seconds"] for o in outputs)
    result = figures(tally, wall, players=args.players, think_ms=args.think_ms)
    result["processes"] = args.processes
    result["per_process_actions_per_s"] = [o["actions_per_s"] for o in outputs]
    return result


def _steady(result: dict[str, Any]) -> str:
    steady = result.get("steady_actions_per_s")
    return "" if steady is None else f"{steady:.1f} while every player played · "


def _print(args: argparse.Namespace, result: dict[str, Any]) -> int:
    import json

    solver_name = result["solver"]
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"core bench: {result['players']} players"
        f"{' in ' + str(result['processes']) + ' processes' if 'processes' in result else ''},"
        f" {result['actions']} presses in {result['seconds']:.2f} s, "
        f"think {result['think_ms']:g} ms, solver: {solver_name}"
        f"{', loop: ' + result['event_loop'] if 'event_loop' in result else ''}\n"
        f"  actions/s   {_steady(result)}{result['actions_per_s']:.1f} over the whole run\n"
        f"  latency     p50 {result['p50_ms']:.2f} ms · p99 {result['p99_ms']:.2f} ms · "
        f"max {result['max_ms']:.2f} ms (press to Screen, commit included)\n"
        f"  finished    {result['holes_finished']} holes ({result['best_known']} with their best possible "
        f"score; the presses that ended them p99 {result['end_p99_ms']:.2f} ms), "
        f"{result['rounds_finished']} rounds"
    )
    return 0
