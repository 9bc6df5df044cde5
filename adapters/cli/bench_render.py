"""``golfbot bench render``: how fast the pictures are drawn, and how little they hold the event loop.

For each kind of screen that has a picture (a Golf hole, the end of a hole, the end of a round with its
scorecard, a Six-card table, the end of a Six-card hand, the daily's share card) it renders a set of
different screens of that kind (built by the core's own functions, adapters.cli.render_screens) over and
over, after one round of warming (the card art and the words are drawn at first use and kept), and prints
renders per second, the median and p99 time of one render (composing and encoding), the median CPU time of
a render (its thread's own: what it costs on a busy machine too) and the bytes of a picture. Then a burst
of renders goes through ``Pictures`` (no cache; on worker processes as the bots draw, or ``--pool threads``)
while a ticker task on the event loop measures how late it wakes: the longest time the loop was held."""

from __future__ import annotations

import argparse
import os
import time

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any

    from bot.screens import Screen

    Subparsers = Any  # argparse's _SubParsersAction is private

KINDS = ("golf hole", "hole end", "round end", "six-card table", "six-card hand end", "share card")
PRESSING = 4
"""Renders in flight at once in the burst (two for each worker), each of a different screen."""
TICK = 0.0005
"""The ticker's sleep (seconds): it wakes this often when the loop is free."""


def add_commands(subparsers: Subparsers) -> None:
    p = add_target(
        subparsers, "render", help="the pictures: renders per second, ms and bytes per screen kind"
    )
    p.add_argument("--renders", type=int, default=300, help="renders of each kind (default 300)")
    p.add_argument(
        "--burst", type=int, default=400, help="renders through the pool for the loop (default 400)"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=max(1, (os.cpu_count() or 2) - 1),
        help="workers of Pictures in the burst (default: as the bots, one fewer than the cores, at least 1)",
    )
    p.add_argument(
        "--pool",
        choices=("processes", "threads"),
        default="processes",
        help="what Pictures draws on in the burst: worker processes (as the bots do, the default) or threads",
    )
    p.add_argument("--four-colour", action="store_true", help="the four-colour deck")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=cmd_bench_render)


def screens_of(kind: str) -> list[Screen]:
    """A few different screens of ``kind``, as the bot builds them."""
    import asyncio

    from adapters.cli import render_screens as build

    if kind == "golf hole":
        return [build.hole_screen(n, n % 9) for n in range(1, 31)]
    if kind == "hole end":
        return [build.hole_end_screen(n, n % 15) for n in range(1, 11)]
    if kind == "round end":
        return [build.round_end_screen(n, n % 15) for n in range(1, 6)]
    if kind == "six-card table":
        return [asyncio.run(build.sixcard_screen(n, 1 + n % 3, n % 2)) for n in range(1, 9)]
    if kind == "six-card hand end":
        return [asyncio.run(build.sixcard_screen(n, 1 + n % 3, None, to_the_end=True)) for n in range(1, 5)]
    scores = [(3, -1, 5, 7, 2, 4, 1, 6, 9), (0, 2, 4, 6, 8, 1, 3, 5, 7), (5,) * 18, (2, -3)]
    return [
        build.share_screen(s, tuple(min(v, 2) for v in s), f"{i + 1} of 12") for i, s in enumerate(scores)
    ]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def measure(screens: list[Screen], renders: int, four_colour: bool) -> dict[str, Any]:
    import statistics

    from adapters.pictures import render

    sizes = []
    for screen in screens:  # warming: the art and the words of these screens, drawn once
        drawn = render(screen, four_colour=four_colour)
        assert drawn is not None
        sizes.append(len(drawn.data))
    times = []
    cpu = []  # the thread's own CPU time: what a render costs, whatever else the machine runs
    began = time.perf_counter()
    for i in range(renders):
        start, start_cpu = time.perf_counter(), time.thread_time()
        render(screens[i % len(screens)], four_colour=four_colour)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    elapsed = time.perf_counter() - began
    times.sort()
    return {
        "renders_per_second": round(renders / elapsed, 1),
        "median_ms": _ms(statistics.median(times)),
        "p99_ms": _ms(times[min(len(times) - 1, int(len(times) * 0.99))]),
        "cpu_median_ms": _ms(statistics.median(cpu)),
        "bytes": round(statistics.mean(sizes)),
        "max_bytes": max(sizes),
    }


async def loop_lag(
    screens: list[Screen], burst: int, four_colour: bool, workers: int = 2, processes: bool = True
) -> dict[str, Any]:
    """The longest and p99 time the event loop was held past the ticker's wake-up while ``burst`` renders
    went through ``Pictures`` (``workers`` worker processes or threads, no cache); and the same with the
    loop idle, for comparison (on a shared machine the idle loop is late too)."""
    import asyncio

    from adapters.pictures import Pictures

    async def ticking(until: asyncio.Event, lags: list[float]) -> None:
        while not until.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append(max(0.0, time.perf_counter() - start - TICK))

    idle: list[float] = []
    done = asyncio.Event()
    ticker = asyncio.create_task(ticking(done, idle))
    await asyncio.sleep(0.3)
    done.set()
    await ticker
    pictures = Pictures(workers=workers, cache=0, processes=processes)
    warming = iter(range(2 * len(screens)))

    async def warm() -> None:  # every worker draws the card art before the burst is timed
        for i in warming:
            await pictures.picture(screens[i % len(screens)], four_colour=four_colour)

    await asyncio.gather(*(warm() for _ in range(PRESSING)))
    busy: list[float] = []
    done = asyncio.Event()
    ticker = asyncio.create_task(ticking(done, busy))
    began = time.perf_counter()
    order = iter(range(burst))

    async def presses() -> None:  # one player's presses, one after another
        for i in order:
            await pictures.picture(screens[i % len(screens)], four_colour=four_colour)

    try:
        await asyncio.gather(*(presses() for _ in range(PRESSING)))
    finally:
        elapsed = time.perf_counter() - began
        done.set()
        await ticker
        pictures.close()
    busy.sort()
    idle.sort()
    return {
        "workers": workers,
        "pool": "processes" if processes else "threads",
        "renders": burst,
        "renders_per_second": round(burst / elapsed, 1),
        "max_ms": _ms(busy[-1]) if busy else 0.0,
        "p99_ms": _ms(busy[min(len(busy) - 1, int(len(busy) * 0.99))]) if busy else 0.0,
        "idle_max_ms": _ms(idle[-1]) if idle else 0.0,
        "idle_p99_ms": _ms(idle[min(len(idle) - 1, int(len(idle) * 0.99))]) if idle else 0.0,
    }


def run_bench(
    renders: int, burst: int, four_colour: bool, workers: int = 2, processes: bool = True
) -> dict[str, Any]:
    import asyncio

    import PIL

    from adapters.pictures.warm import prepare

    began = time.perf_counter()
    prepare(four_colour)  # the card art, drawn ahead as a bot may at start
    prepared = time.perf_counter() - began
    kinds = {}
    every: list[Screen] = []
    for kind in KINDS:
        screens = screens_of(kind)
        every += screens
        kinds[kind] = measure(screens, renders, four_colour)
    lag = asyncio.run(loop_lag(every, burst, four_colour, workers, processes))
    return {
        "pillow": PIL.__version__,
        "renders": renders,
        "prepare_ms": _ms(prepared),
        "kinds": kinds,
        "event_loop": lag,
    }


def cmd_bench_render(args: argparse.Namespace) -> int:
    if args.renders < 1 or args.burst < 1 or args.workers < 1:
        from adapters.cli.failure import EXIT_USAGE, CommandFailed

        raise CommandFailed("--renders, --burst and --workers must be at least 1", EXIT_USAGE)
    result = run_bench(args.renders, args.burst, args.four_colour, args.workers, args.pool == "processes")
    if args.json:
        import json

        print(json.dumps(result))
        return 0
    deck = "four-colour" if args.four_colour else "two-colour"
    lines = [
        f"render bench: {result['renders']} renders a kind, {deck} deck, Pillow {result['pillow']}; "
        f"the card art drawn ahead in {result['prepare_ms']:,.0f} ms",
        f"  {'screen':<18} {'renders/s':>9} {'median ms':>10} {'p99 ms':>8} {'cpu ms':>7} {'bytes':>8}"
        f" {'max bytes':>10}",
    ]
    for kind, f in result["kinds"].items():
        lines.append(
            f"  {kind:<18} {f['renders_per_second']:>9,.0f} {f['median_ms']:>10.2f} {f['p99_ms']:>8.2f}"
            f" {f['cpu_median_ms']:>7.2f} {f['bytes']:>8,} {f['max_bytes']:>10,}"
        )
    lag = result["event_loop"]
    pool = _workers(lag["workers"], lag["pool"])
    lines.append(
        f"  event loop during {lag['renders']} renders through Pictures ({pool}, "
        f"{lag['renders_per_second']:,.0f}/s): held at most {lag['max_ms']:.2f} ms, "
        f"p99 {lag['p99_ms']:.2f} ms"
    )
    lines.append(
        f"  event loop idle: late at most {lag['idle_max_ms']:.2f} ms, p99 {lag['idle_p99_ms']:.2f} ms"
    )
    print("\n".join(lines))
    return 0


def _workers(count: int, pool: str) -> str:
    """``1 process``, ``2 processes``, ``1 thread``, ``2 threads``."""
    one = "process" if pool == "processes" else "thread"
    return f"{count} {one if count == 1 else pool}"
