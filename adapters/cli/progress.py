"""How far a long command has come (``bench daily``, ``bench core``, ``bench sixcard``, ``bench tournament``):
a bar drawn by ``rich`` on standard error while it is a terminal, and nothing at all otherwise, so that
piped or captured output holds the figures only. The bar is wiped when its work is done.

``rich`` is imported only when a bar is drawn: ``golfbot --help`` starts without it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import TextIO

    from rich.progress import Progress, TaskID


class Bar:
    """One task's bar; every method does nothing when no bar is drawn."""

    def __init__(self, progress: Progress | None = None, task: TaskID | None = None) -> None:
        self._progress = progress
        self._task = task

    @property
    def shown(self) -> bool:
        return self._progress is not None

    def advance(self, steps: float = 1) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task, steps)

    def set(self, completed: float, *, description: str | None = None, total: float | None = None) -> None:
        """``completed`` steps done (and a new description, or total, when given)."""
        if self._progress is not None and self._task is not None:  # None leaves it as it was
            self._progress.update(self._task, completed=completed, description=description, total=total)


def is_shown(stream: TextIO | None = None) -> bool:
    """Whether a bar would be drawn: standard error is a terminal (and not a dumb one)."""
    stream = sys.stderr if stream is None else stream
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # no stream, or a closed one
        return False
    import os

    return tty and os.environ.get("TERM", "") != "dumb"


@contextmanager
def progress(description: str, total: float | None, *, unit: str = "", wanted: bool = True) -> Iterator[Bar]:
    """A bar for ``total`` steps (None: not known ahead, a count and a pulse), ``unit`` after the count
    (``hands``); a Bar that draws nothing when standard error is no terminal, or when not ``wanted``."""
    if not wanted or not is_shown():
        yield Bar()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
    ]
    if total is not None:  # how long is left, once a rate is seen
        columns += [TextColumn("·"), TimeRemainingColumn(), TextColumn("left")]
    # redrawn 4 times a second (from rich's own thread): a bench measures what runs beside it too
    with Progress(*columns, console=Console(stderr=True), transient=True, refresh_per_second=4) as bar:
        yield Bar(bar, bar.add_task(description, total=total))
