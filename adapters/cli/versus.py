"""``golfbot bench solver --game black-hole --versus PATH``: black-hole-solver (Shlomi Fish's C solver, its
``multi-bhs-solver`` program, which solves many boards in one process) on the same deals, in the same run,
after ours: its speed beside ours, and whether its verdicts (won or not) equal our best scores' (a best
score of 0 or below is a win).

Its boards are ours, written in its own format (``engine.spread.board``); its output is read as it comes,
each board between its ``[= Starting file F =]`` and ``[= END of file F =]`` lines, timed by when those
lines arrive (through ``stdbuf -oL`` where coreutils has it, so that its output is not held back in a
buffer; without it only the whole run's time is known)."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.spread.board import format_board
from engine.spread.game import SpreadGame

GAME_IDS = {"black-hole": "black_hole", "all-in-a-row": "all_in_a_row"}
"""black-hole-solver's name for each game it solves."""
VERDICTS = {"Solved!": True, "Unsolved!": False}


class VersusError(RuntimeError):
    """The other solver cannot be run on this game, or did not answer as expected."""


@dataclass
class TheirRun:
    """What the other solver said: its verdict and time per deal (None where its output had no marks)."""

    wall: float = 0.0
    verdicts: dict[int, bool | None] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    timed: bool = False


def run_theirs(path: str, game: SpreadGame, numbers: list[int]) -> TheirRun:
    """Write the deals' boards to a temporary folder and solve them all with ``path`` in one process."""
    game_id = GAME_IDS.get(game.name)
    if game_id is None:
        raise VersusError(f"black-hole-solver plays Black Hole and All in a Row, not {game.layout.title}")
    if not os.access(path, os.X_OK):
        raise VersusError(f"{path} is not a program this user may run")
    with tempfile.TemporaryDirectory(prefix="golfbot-versus-") as folder:
        files = {}
        for number in numbers:
            board = Path(folder, f"{number}.board")
            board.write_text(format_board(game.new_hole(number)), encoding="utf-8")
            files[str(board)] = number
        command = [path, "--game", game_id, "--quiet", *files]
        unbuffered = shutil.which("stdbuf")
        if unbuffered:
            command = [unbuffered, "-oL", *command]
        return _read(command, files, timed=unbuffered is not None)


def _read(command: list[str], files: dict[str, int], *, timed: bool) -> TheirRun:
    run = TheirRun(timed=timed)
    began = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as process:
        assert process.stdout is not None
        current: int | None = None
        started = 0.0
        for line in process.stdout:
            now = time.perf_counter()
            line = line.strip()
            if line.startswith("[= Starting file ") and line.endswith(" =]"):
                current, started = files.get(line[len("[= Starting file ") : -3]), now
                if current is not None:
                    run.verdicts[current] = None
            elif line.startswith("[= END of file ") and current is not None:
                run.seconds[current] = now - started
                current = None
            elif line in VERDICTS and current is not None:
                run.verdicts[current] = VERDICTS[line]
    run.wall = time.perf_counter() - began
    if len(run.verdicts) != len(files):
        said = len(run.verdicts)
        raise VersusError(
            f"the other solver answered for {said} of {len(files)} boards (is it multi-bhs-solver?)"
        )
    return run


def report(game: SpreadGame, ours: dict[int, bool], ours_wall: float, theirs: TheirRun) -> dict[str, object]:
    """The other solver's figures beside ours, and the deals whose verdicts differ."""
    numbers = sorted(ours)
    times = [theirs.seconds[n] for n in numbers if n in theirs.seconds]
    differ = [n for n in numbers if theirs.verdicts.get(n) is not None and theirs.verdicts[n] != ours[n]]
    unknown = [n for n in numbers if theirs.verdicts.get(n) is None]
    figures: dict[str, object] = {
        "solver": "black-hole-solver",
        "deals": len(numbers),
        "seconds": round(theirs.wall, 2),
        "deals_per_second": round(len(numbers) / theirs.wall, 1) if theirs.wall else None,
        "won": sum(1 for n in numbers if theirs.verdicts.get(n)),
        "verdicts_differ": differ,
        "no_verdict": unknown,
        "ours_deals_per_second": round(len(numbers) / ours_wall, 1) if ours_wall else None,
    }
    if times:
        ordered = sorted(times)
        figures["median_ms"] = round(statistics.median(times) * 1000, 1)
        figures["p99_ms"] = round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 1)
        figures["worst_ms"] = round(ordered[-1] * 1000, 1)
        figures["within_1s"] = sum(1 for t in times if t <= 1)
    return figures


def describe(game: SpreadGame, figures: dict[str, object]) -> str:
    """The figures as the bench prints them under our own."""
    lines = [
        f"black-hole-solver on the same {figures['deals']} deals, one process: {figures['seconds']} s "
        f"({figures['deals_per_second']} deals/s; ours {figures['ours_deals_per_second']} deals/s)"
    ]
    if "median_ms" in figures:
        lines.append(
            f"  per deal: median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, worst "
            f"{figures['worst_ms']} ms; within 1 s: {figures['within_1s']} of {figures['deals']}"
        )
    differ = figures["verdicts_differ"]
    assert isinstance(differ, list)
    same = "the same on every deal" if not differ else f"different on deals {', '.join(map(str, differ))}"
    lines.append(f"  won: {figures['won']} of {figures['deals']}; verdicts {same}")
    return "\n".join(lines)
