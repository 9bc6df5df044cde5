"""``golfbot stats-deals``: the optimal score of every deal in a range, on all cores, summed up as the
winnable share and the distribution of optimal scores; of Golf under a rule set, or of a Golf-family game
(``--game tripeaks``). Progress goes to stderr: a bar redrawn in place on
a terminal, a line every tenth of the way otherwise."""

from __future__ import annotations

import argparse
import sys
import time

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # the engine and multiprocessing are imported when the command runs
    from typing import Any, TextIO

    Subparsers = Any  # argparse's _SubParsersAction is private
CHUNK = 50
"""Deals a worker solves per task: big enough to keep the pipes quiet, small enough for a live bar."""


def add_commands(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("stats-deals", help="winnable share and optimal scores of a range of deals")
    p.add_argument("--rules", default=None, help="rules (default strict)")
    p.add_argument(
        "--game", default=None, help="golf (default), or tripeaks, pyramid-golf, elevator, black-hole, …"
    )
    p.add_argument("--deals", default="1-1000", help="deal numbers: N, A-B or a comma list (default 1-1000)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--max-states", type=int, default=None, help="bound each search (unproven deals counted)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=cmd_stats_deals)


def _solve_chunk(task: tuple[str, tuple[int, ...], int | None]) -> list[tuple[int, int | None, bool]]:
    """Each deal's best score and whether it is proven (None: a family search past its bound found none)."""
    from engine.patience import SearchLimitError, find_patience

    name, numbers, limit = task
    game = find_patience(name)
    answers: list[tuple[int, int | None, bool]] = []
    for number in numbers:
        try:
            solution = game.solve(game.deal(number), max_states=limit)
        except SearchLimitError:
            answers.append((number, None, False))
            continue
        answers.append((number, solution.score, solution.proven))
    return answers


class Progress:
    """Deals done out of ``total``, on stderr."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.live = stream.isatty()
        self.start = time.perf_counter()
        self.shown = 0

    def update(self, done: int) -> None:
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        if self.live:
            filled = 30 * done // self.total
            bar = "#" * filled + "." * (30 - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} deals, {rate:.0f}/s ")
            self.stream.flush()
        elif done * 10 // self.total > self.shown or done == self.total:
            self.shown = done * 10 // self.total
            self.stream.write(f"{done}/{self.total} deals, {rate:.0f}/s\n")
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")


def cmd_stats_deals(args: argparse.Namespace) -> int:
    import json
    import multiprocessing
    import os
    import statistics
    from collections import Counter

    from adapters.cli.engine_commands import parse_deal_range
    from bot.errors import BadOptionError
    from bot.options import game_rules
    from engine.golf.deal import DealError
    from engine.golf.rules import RulesError
    from engine.golf.scoring import cleared
    from engine.patience import find_patience

    try:
        rules = find_patience(game_rules(args.game, args.rules) or "strict")
        numbers = parse_deal_range(args.deals)
        if args.workers is not None and args.workers < 1:
            raise DealError(f"--workers must be at least 1, not {args.workers}")
        if args.max_states is not None and args.max_states < 1:
            raise DealError(f"--max-states must be at least 1, not {args.max_states}")
    except (RulesError, DealError) as error:
        print(f"golfbot stats-deals: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    except BadOptionError as error:
        print(f"golfbot stats-deals: {error.message}", file=sys.stderr)
        return 2
    workers = args.workers or os.cpu_count() or 1
    tasks = [
        (rules.name, tuple(numbers[i : i + CHUNK]), args.max_states) for i in range(0, len(numbers), CHUNK)
    ]
    scores: dict[int, int | None] = {}
    unproven = 0
    progress = Progress(len(numbers), sys.stderr)
    begin = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for answers in pool.imap_unordered(_solve_chunk, tasks):
            for number, score, proven in answers:
                scores[number] = score
                unproven += not proven
            progress.update(len(scores))
    progress.close()
    seconds = time.perf_counter() - begin
    values = [v for v in (scores[n] for n in numbers) if v is not None]  # unknown: past --max-states
    if not values:
        print(f"golfbot stats-deals: no deal was solved within {args.max_states} positions", file=sys.stderr)
        return 1
    won = sum(1 for v in values if cleared(v))
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    mean = statistics.fmean(values)
    common = Counter(values).most_common(5)
    if args.json:
        figures = {
            "rules": rules.name,
            "game": rules.title if rules.name != rules.title else "Golf",
            "deals": len(numbers),
            "first": numbers[0],
            "last": numbers[-1],
            "workers": workers,
            "seconds": round(seconds, 2),
            "winnable": won,
            "winnable_share": round(won / len(numbers), 5),
            "mean": round(mean, 3),
            "quartiles": quartiles,
            "min": min(values),
            "max": max(values),
            "unproven": unproven,
        }
        print(json.dumps(figures))
        return 0
    print(
        f"deal stats: {_named(rules.name, rules.title)}, "
        f"deals {numbers[0]}-{numbers[-1]} ({len(numbers)} deals), "
        f"{workers} processes, {seconds:.1f} s ({len(numbers) / seconds:.0f} deals/s)\n"
        f"  winnable        {won} ({100 * won / len(numbers):.1f}%)\n"
        f"  optimal score   mean {mean:.2f}; quartiles "
        f"{quartiles[0]:g} / {quartiles[1]:g} / {quartiles[2]:g}; from {min(values)} to {max(values)}\n"
        f"  most common     "
        + ", ".join(f"{score} ({count})" for score, count in common)
        + (f"\n  unproven        {unproven} (best found counted)" if unproven else "")
    )
    return 0


def _named(name: str, title: str) -> str:
    """``strict rules`` for Golf, ``TriPeaks`` (``TriPeaks, winnable-only``) for a family game."""
    return f"{name} rules" if name == title else ", ".join((title, *name.split("+")[1:]))
