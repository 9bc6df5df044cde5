"""Engine commands of ``golfbot``: ``deal`` prints a numbered deal, ``solve`` solves boards, ``bench solver``
measures the solver. The engine stays pure; reading files, the clock and the environment happen here.

The engine is imported when a command runs, not with the parser (``golfbot --help`` starts quickly)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any, TextIO

    from engine.golf import solver
    from engine.golf.hole import Hole
    from engine.golf.rules import Rules

PURE_ENV = "GOLFBOT_PURE_SOLVER"
"""Set to 1 to make ``solve`` and ``bench`` use the pure-Python search (as if the kernel were missing)."""

EXIT_BAD_INPUT = 2
BACKENDS = ("auto", "c", "python")
"""``engine.golf.solver.BACKENDS``, spelled out so that the parser needs no engine."""

if TYPE_CHECKING:
    Subparsers = Any  # argparse's _SubParsersAction is private


def add_commands(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("deal", help="print deal N in the board format")
    p.add_argument("number", help="deal number, 1 to 10**20-1 (PySolFC numbering)")
    _add_rules(p)
    _add_game(p)
    p.set_defaults(handler=cmd_deal)

    p = subparsers.add_parser("solve", help="optimal score and a line for boards (knowing the stock order)")
    _add_rules(p)
    _add_game(p)
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument(
        "--max-states",
        type=int,
        default=None,
        help="give each board's search at most N positions; past it, the best line found and a score no "
        "line can beat",
    )
    _add_backend(p)
    p.add_argument("boards", nargs="+", metavar="BOARD", help="board file, or - for standard input")
    p.set_defaults(handler=cmd_solve)

    b = add_target(subparsers, "solver", help="solve a range of deals and print speed and memory")
    b.add_argument(
        "--rules",
        default="strict",
        help="rules, or a comma list of them (default strict; e.g. strict+double,wrap+jokers=2)",
    )
    b.add_argument("--deals", default="1-1000", help="deal numbers: N, A-B or a comma list (default 1-1000)")
    _add_game(b)
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.add_argument(
        "--max-states",
        type=int,
        default=None,
        help="give each search at most N positions (a deal cut short counts as not finished)",
    )
    _add_backend(b)
    b.add_argument(
        "--versus",
        metavar="PATH",
        help="with --game black-hole or all-in-a-row: black-hole-solver's multi-bhs-solver program, run on "
        "the same deals after ours (its speed, and whether its verdicts equal ours)",
    )
    b.set_defaults(handler=cmd_bench_solver)

    c = add_target(subparsers, "course", help="time the choice of winnable-only courses")
    c.add_argument("--rules", default="strict+winnable-only", help="rules (default strict+winnable-only)")
    c.add_argument("--holes", type=int, default=9, help="holes in a course (default 9)")
    c.add_argument("--firsts", default="1-200", help="first deal numbers of the courses (default 1-200)")
    c.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    c.set_defaults(handler=cmd_bench_course)


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        default="strict",
        help="strict (default), queens-on-kings, wrap, putt-putt, ... with +jokers=1, +double, ...",
    )


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        default=None,
        help="golf (default), tripeaks, pyramid-golf, elevator, black-hole or all-in-a-row "
        "(--rules is Golf's alone)",
    )


def _add_backend(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default=None,
        help=f"solver backend (default auto: the C kernel if built; {PURE_ENV}=1 forces python)",
    )


def _fail(command: str, reason: str) -> int:
    print(f"golfbot {command}: {' '.join(reason.split())}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _backend(args: argparse.Namespace) -> str:
    if args.backend:
        return str(args.backend)
    return "python" if os.environ.get(PURE_ENV, "") not in ("", "0") else "auto"


def _rules(args: argparse.Namespace) -> Rules:
    from engine.golf.rules import find_rules

    return find_rules(args.rules)


# ---- deal ---------------------------------------------------------------------------------------


def cmd_deal(args: argparse.Namespace) -> int:
    from adapters.cli.family import family_game, print_deal
    from engine.game import GameError
    from engine.golf.board import format_board
    from engine.golf.deal import DealError, deal, parse_deal_number
    from engine.golf.rules import RulesError

    try:
        family = family_game(args.game)
        number = parse_deal_number(args.number)
        if family is not None:
            print_deal(family, number)
            return 0
        hole = deal(number, _rules(args))
    except (DealError, RulesError, GameError) as error:
        return _fail("deal", str(error))
    sys.stdout.write(format_board(hole))
    return 0


# ---- solve --------------------------------------------------------------------------------------


def _read_board(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def cmd_solve(args: argparse.Namespace) -> int:
    from engine.golf import solver
    from engine.golf.board import BoardError, parse_board
    from engine.golf.rules import RulesError

    try:
        rules = _rules(args)
    except RulesError as error:
        return _fail("solve", str(error))
    if args.max_states is not None and args.max_states < 1:
        return _fail("solve", f"--max-states must be at least 1, not {args.max_states}")
    backend = _backend(args)
    from adapters.cli.family import family_game, solve_boards
    from engine.game import GameError

    try:
        family = family_game(args.game)
    except GameError as error:
        return _fail("solve", str(error))
    if family is not None:
        return solve_boards(
            family,
            args.boards,
            lambda path: _read_board(path, sys.stdin),
            max_states=args.max_states,
            backend=backend,
            as_json=args.json,
        )
    status = 0
    for path in args.boards:
        try:
            hole = parse_board(_read_board(path, sys.stdin), rules)
        except (OSError, UnicodeDecodeError, BoardError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            status = _fail("solve", f"{path}: {reason}")
            continue
        start = time.perf_counter()
        solution = solver.solve(hole, backend=backend, max_states=args.max_states)
        seconds = time.perf_counter() - start
        print(_solve_line(path, solution, seconds, as_json=args.json), flush=True)
    return status


def _solve_line(path: str, solution: solver.Solution, seconds: float, *, as_json: bool) -> str:
    from engine.golf.moves import move_name

    moves = [move_name(m) for m in solution.moves]
    winnable = solution.winnable_if_known
    if as_json:
        import json

        return json.dumps(
            {
                "board": path,
                "score": solution.score,
                "winnable": winnable,
                "proven": solution.proven,
                "lower_bound": solution.lower_bound,
                "moves": moves,
                "states": solution.states,
                "seconds": round(seconds, 6),
            }
        )
    verdict = {True: "winnable", False: "not winnable", None: "not known whether winnable"}[winnable]
    score = (
        f"score {solution.score}"
        if solution.proven
        else f"best found {solution.score}, no line can beat {solution.lower_bound} (cut short)"
    )
    return (
        f"{path}: {score}, {verdict}, {len(moves)} moves: {' '.join(moves) or '-'} "
        f"({solution.states} states, {seconds:.3f} s)"
    )


# ---- bench solver -------------------------------------------------------------------------------


def parse_deal_range(text: str) -> list[int]:
    """``"1-1000"``, ``"24"`` or ``"1-10,32001,40000-40009"`` -> deal numbers. Raises DealError."""
    from engine.golf.deal import DealError, parse_deal_number

    numbers: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if dash and (not first.strip() or not last.strip() or "-" in last):
            raise DealError(f"{part.strip()!r} is not a range of deals (write it like 1-1000)")
        low = parse_deal_number(first)
        high = parse_deal_number(last) if dash else low
        if high < low:
            raise DealError(f"{part.strip()!r} is an empty range")
        if high - low >= 10_000_000:
            raise DealError(f"{part.strip()!r} is too many deals")
        numbers.extend(range(low, high + 1))
    return numbers


def _timed(
    numbers: list[int], run: Callable[[Hole], int], rules: Rules, marks: list[int] | None = None
) -> tuple[float, list[float], int]:
    """Wall time of the whole loop (dealing included), time of each ``run``, and the sum of its results.
    ``marks``: a list ``run`` appends to; each new entry is replaced by the index of the deal it ran on."""
    from engine.golf.deal import deal

    per: list[float] = []
    total = 0
    begin = time.perf_counter()
    for index, number in enumerate(numbers):
        before = len(marks) if marks is not None else 0
        hole = deal(number, rules)
        start = time.perf_counter()
        total += run(hole)
        per.append(time.perf_counter() - start)
        if marks is not None and len(marks) > before:
            marks[before:] = [index]
    return time.perf_counter() - begin, per, total


WITHIN_SECONDS = (1, 3, 60)
"""``bench solver`` counts the deals whose optimum was proven within each of these times."""


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cmd_bench_solver(args: argparse.Namespace) -> int:
    """One bench per rule set of ``--rules`` (a comma list, e.g. ``strict+double,wrap+jokers=2``)."""
    from adapters.cli.family import bench, family_game
    from engine.game import GameError
    from engine.golf.deal import DealError
    from engine.golf.rules import RulesError, find_rules

    try:
        family = family_game(args.game)
        every_rules = [find_rules(name) for name in args.rules.split(",")]
        numbers = parse_deal_range(args.deals)
        if args.max_states is not None and args.max_states < 1:
            raise DealError(f"--max-states must be at least 1, not {args.max_states}")
    except (RulesError, DealError, GameError) as error:
        return _fail("bench", str(error))
    if family is not None:
        from adapters.cli.versus import VersusError

        try:
            bench(
                family,
                numbers,
                max_states=args.max_states,
                as_json=args.json,
                backend=_backend(args),
                versus=args.versus,
            )
        except VersusError as error:
            return _fail("bench", str(error))
        return 0
    if args.versus is not None:
        return _fail("bench", "--versus compares the solver of Black Hole or All in a Row: add --game")
    for rules in every_rules:
        _bench_solver(args, rules, numbers)
    return 0


def _bench_solver(args: argparse.Namespace, rules: Rules, numbers: list[int]) -> None:
    import json
    import resource
    import statistics

    from engine.golf import solver

    backend = _backend(args)
    used = "c" if backend != "python" and solver.kernel_available() else "python"
    limit = args.max_states
    unproven: list[int] = []

    def optimal(hole: Hole) -> int:
        solution = solver.solve(hole, backend=backend, max_states=limit)
        if not solution.proven:
            unproven.append(len(unproven))
        return solution.states

    unknown: list[int] = []  # winnable or not, not told within the bound

    def winnable(hole: Hole) -> int:
        try:
            return int(solver.winnable(hole, backend=backend, max_states=limit))
        except solver.SearchLimitError:
            unknown.append(1)
            return 0

    wall, per, states = _timed(numbers, optimal, rules, unproven)
    _, per_winnable, won = _timed(numbers, winnable, rules)
    worst = max(range(len(per)), key=per.__getitem__)
    deals_per_second = len(numbers) / wall
    median_ms = statistics.median(per) * 1000
    p99_ms = _quantile(per, 0.99) * 1000
    worst_ms = per[worst] * 1000
    cut = {numbers[i] for i in unproven}
    within = {
        s: sum(1 for i, t in enumerate(per) if t <= s and numbers[i] not in cut) for s in WITHIN_SECONDS
    }
    winnable_median_ms = statistics.median(per_winnable) * 1000
    winnable_worst_ms = max(per_winnable) * 1000
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    if args.json:
        figures = {
            "rules": rules.name,
            "backend": used,
            "deals": len(numbers),
            "first": numbers[0],
            "last": numbers[-1],
            "max_states": limit,
            "seconds": round(wall, 3),
            "deals_per_second": round(deals_per_second, 2),
            "states": states,
            "states_per_second": round(states / wall),
            "median_seconds": round(median_ms / 1000, 6),
            "p99_seconds": round(p99_ms / 1000, 6),
            "worst_seconds": round(worst_ms / 1000, 6),
            "worst_deal": numbers[worst],
            "proven": len(numbers) - len(cut),
            "cut_short": sorted(cut),
            **{f"proven_within_{s}s": n for s, n in within.items()},
            "winnable_median_ms": round(winnable_median_ms, 3),
            "winnable_worst_ms": round(winnable_worst_ms, 3),
            "winnable_deals": won,
            "winnable_unknown": len(unknown),
            "peak_memory_mb": round(peak_mb, 1),
        }
        print(json.dumps(figures))
        return
    shown = ", ".join(map(str, sorted(cut)[:20])) + (" ..." if len(cut) > 20 else "")
    print(
        f"solver bench: {rules.name} rules, deals {numbers[0]}-{numbers[-1]} ({len(numbers)} deals), "
        f"{used} backend, optimal scores" + (f", at most {limit:,} states a search" if limit else "") + "\n"
        f"  deals/s        {deals_per_second:.2f}  ({wall:.2f} s in all)\n"
        f"  states/s       {round(states / wall):,}  ({states:,} states)\n"
        f"  median / deal  {median_ms:.2f} ms\n"
        f"  p99 / deal     {p99_ms:.2f} ms\n"
        f"  worst / deal   {worst_ms:.2f} ms (deal {numbers[worst]})\n"
        f"  proven         "
        + ", ".join(f"{n} within {s} s" for s, n in within.items())
        + f"; {len(numbers) - len(cut)} of {len(numbers)} in all"
        + (f" (cut short: {shown})" if cut else "")
        + "\n"
        f"  peak memory    {peak_mb:.1f} MB (ru_maxrss)\n"
        f"  winnable       median {winnable_median_ms:.3f} ms, worst {winnable_worst_ms:.2f} ms; "
        f"{won} of {len(numbers)} deals winnable"
        + (f" ({len(unknown)} not told within the bound)" if unknown else ""),
        flush=True,
    )


def cmd_bench_course(args: argparse.Namespace) -> int:
    import json
    import statistics

    from engine.golf.course import course
    from engine.golf.deal import DealError
    from engine.golf.rules import RulesError

    try:
        rules = _rules(args)
        firsts = parse_deal_range(args.firsts)
        if not 1 <= args.holes <= 18:
            raise DealError(f"a course has 1 to 18 holes, not {args.holes}")
    except (RulesError, DealError) as error:
        return _fail("bench", str(error))
    per: list[float] = []
    skipped = 0
    for first in firsts:
        start = time.perf_counter()
        deals = course(first, args.holes, rules)
        per.append(time.perf_counter() - start)
        skipped += deals[-1] - first + 1 - len(deals)
    median_ms = statistics.median(per) * 1000
    p99_ms = _quantile(per, 0.99) * 1000
    worst_ms = max(per) * 1000
    if args.json:
        print(
            json.dumps(
                {
                    "rules": rules.name,
                    "holes": args.holes,
                    "courses": len(firsts),
                    "median_ms": round(median_ms, 3),
                    "p99_ms": round(p99_ms, 3),
                    "worst_ms": round(worst_ms, 3),
                    "skipped_per_course": round(skipped / len(firsts), 2),
                }
            )
        )
        return 0
    print(
        f"course bench: {rules.name} rules, {args.holes}-hole courses from deals {firsts[0]}-{firsts[-1]} "
        f"({len(firsts)} courses)\n"
        f"  median / course  {median_ms:.2f} ms\n"
        f"  p99 / course     {p99_ms:.2f} ms\n"
        f"  worst / course   {worst_ms:.2f} ms\n"
        f"  skipped          {skipped / len(firsts):.1f} deals a course"
    )
    return 0
