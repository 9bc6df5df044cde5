"""The Golf family's games on the command line (issue 49, first step): ``golfbot deal N --game G`` prints a
deal in the game's board format, ``golfbot solve --game G BOARD`` solves boards in it, ``golfbot bench
solver --game G`` times the solver over a range of deals.
Golf patience keeps its own commands (engine_commands); Six-card Golf has no deals to print."""

from __future__ import annotations

import json
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.game import GameError
from engine.registry import find_game
from engine.spread.game import SpreadGame

WITHIN_SECONDS = (1, 3, 60)


def family_game(name: str | None) -> SpreadGame | None:
    """The family's game called ``name``; None for Golf patience (and no name). Raises GameError for an
    unknown name and for a game that is not a patience of the family (Six-card Golf)."""
    if name is None:
        return None
    game = find_game(name)
    if game.name == "golf-patience":
        return None
    if not isinstance(game, SpreadGame):
        raise GameError(f"{game.name} has no numbered deal to print or solve")
    return game


def print_deal(game: SpreadGame, number: int) -> None:
    from engine.spread.board import format_board

    sys.stdout.write(format_board(game.new_hole(number)))


def bench(
    game: SpreadGame,
    numbers: list[int],
    *,
    max_states: int | None,
    as_json: bool,
    backend: str = "auto",
    versus: str | None = None,
) -> None:
    """Solve every deal of ``numbers``; print deals/s, the median, p99 and worst time, how many were proven
    within 1 s / 3 s / 60 s, the winnable share, the positions searched and the peak memory. ``versus``:
    black-hole-solver's ``multi-bhs-solver`` program, run on the same deals after ours
    (adapters/cli/versus.py)."""
    from adapters.cli.versus import describe, report, run_theirs
    from engine.spread.solver import SearchTooLarge, backend_of, solve

    compiled = backend_of(backend) == "c"

    per: list[float] = []
    verdicts: dict[int, bool] = {}
    cut = states = 0
    proven_within = dict.fromkeys(WITHIN_SECONDS, 0)
    began = time.perf_counter()
    for number in numbers:
        hole = game.new_hole(number)
        start = time.perf_counter()
        try:
            solution = solve(hole, max_states=max_states, backend=backend)
        except SearchTooLarge:
            cut += 1
            per.append(time.perf_counter() - start)
            continue
        took = time.perf_counter() - start
        per.append(took)
        states += solution.states
        verdicts[number] = solution.score <= 0
        for seconds in WITHIN_SECONDS:
            proven_within[seconds] += took <= seconds
    wall = time.perf_counter() - began
    won = sum(verdicts.values())
    ordered = sorted(per)
    figures: dict[str, Any] = {
        "game": game.name,
        "backend": "c" if compiled else "python",
        "deals": len(numbers),
        "deals_per_second": round(len(numbers) / wall, 1),
        "median_ms": round(statistics.median(per) * 1000, 1),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 1),
        "worst_ms": round(ordered[-1] * 1000, 1),
        "proven_within": {f"{s}s": proven_within[s] for s in WITHIN_SECONDS},
        "cut_short": cut,
        "won": won,
        "states": states,
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    theirs = None if versus is None else report(game, verdicts, wall, run_theirs(versus, game, numbers))
    if theirs is not None:
        figures["versus"] = theirs
    if as_json:
        print(json.dumps(figures))
        return
    within = " / ".join(f"{proven_within[s]}" for s in WITHIN_SECONDS)
    how = "compiled search" if compiled else "pure Python"
    print(
        f"{game.layout.title}: {len(numbers)} deals in {wall:.2f} s ({figures['deals_per_second']} deals/s), "
        f"{states:,} positions, one process, {how}"
    )
    print(
        f"  per deal: median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, "
        f"worst {figures['worst_ms']} ms; proven within 1 s / 3 s / 60 s: {within} of {len(numbers)}"
        + (f"; {cut} cut short" if cut else "")
    )
    print(f"  won (best score 0 or below): {won} of {len(numbers)}; peak memory {figures['peak_mb']} MB")
    if theirs is not None:
        print(describe(game, theirs))


def solve_boards(
    game: SpreadGame,
    paths: list[str],
    read: Callable[[str], str],
    *,
    max_states: int | None,
    backend: str,
    as_json: bool,
) -> int:
    """``golfbot solve --game G BOARD...``: each board's best score and a line to it (slots numbered from 1
    in dealing order, ``s`` a turn of the stock), as ``golfbot solve`` prints Golf's. 2 if a board could
    not be read (the others are still solved)."""
    from engine.spread.board import SpreadBoardError, parse_board
    from engine.spread.solver import SearchTooLarge, solve

    status = 0
    for path in paths:
        try:
            hole = parse_board(read(path), game.layout)
        except (OSError, UnicodeDecodeError, SpreadBoardError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            print(f"golfbot solve: {path}: {' '.join(reason.split())}", file=sys.stderr)
            status = 2
            continue
        start = time.perf_counter()
        try:
            solution = solve(hole, max_states=max_states, backend=backend)
        except SearchTooLarge:
            seconds = time.perf_counter() - start
            if as_json:
                cut = {"board": path, "score": None, "cut_short": True, "seconds": round(seconds, 6)}
                print(json.dumps(cut), flush=True)
            else:
                print(f"{path}: not proven within {max_states} positions ({seconds:.3f} s)", flush=True)
            continue
        seconds = time.perf_counter() - start
        moves = [game.action_name(m) for m in solution.line]
        if as_json:
            print(
                json.dumps(
                    {
                        "board": path,
                        "score": solution.score,
                        "winnable": solution.score <= 0,
                        "moves": moves,
                        "states": solution.states,
                        "seconds": round(seconds, 6),
                    }
                ),
                flush=True,
            )
            continue
        verdict = "winnable" if solution.score <= 0 else "not winnable"
        print(
            f"{path}: score {solution.score}, {verdict}, {len(moves)} moves: {' '.join(moves) or '-'} "
            f"({solution.states} states, {seconds:.3f} s)",
            flush=True,
        )
    return status
