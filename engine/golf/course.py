"""Courses: the deal numbers of a round's holes, every one a PySolFC deal anyone can replay.

A course runs from its first number up. Under ``winnable_only`` (the rule book's redeal of an impossible
tableau) a deal the solver proves cannot be cleared is skipped for the next number, so the same first
number always gives the same course, and the numbers skipped are the gaps in it.
"""

from __future__ import annotations

import itertools

from engine.deals import MAX_SKIPPED
from engine.deals import course as dealt_course
from engine.golf.deal import deal
from engine.golf.rules import Rules
from engine.golf.solver import SearchLimitError, winnable

WINNABLE_STATES = 2_000_000
"""The bound of one ``winnable`` check (a few tenths of a second at worst). A deal the solver cannot
decide within it is kept: only a deal proven impossible is skipped, and the bound keeps that
deterministic."""


def clearable(number: int, rules: Rules) -> bool:
    """False only when the solver proves that deal ``number`` cannot be cleared under ``rules``."""
    try:
        return winnable(deal(number, rules), max_states=WINNABLE_STATES)
    except SearchLimitError:
        return True


def course(first: int, holes: int, rules: Rules) -> tuple[int, ...]:
    """The deal numbers of a ``holes``-hole round starting at deal ``first``: consecutive numbers, or
    under ``rules.winnable_only`` the first ``holes`` numbers from ``first`` up that are not proven
    impossible. Raises DealError if the course would run past the last deal."""
    return dealt_course(first, holes, (lambda n: clearable(n, rules)) if rules.winnable_only else None)


def skipped(deals: tuple[int, ...], first: int | None = None) -> tuple[int, ...]:
    """The numbers a course from ``first`` (default: its first deal) passed over: the numbers before its
    first deal and the gaps between its deals (none in a plain course)."""
    start = deals[0] if first is None else first
    return (
        *range(start, deals[0]),
        *(n for a, b in itertools.pairwise(deals) for n in range(a + 1, b)),
    )


__all__ = ["MAX_SKIPPED", "WINNABLE_STATES", "clearable", "course", "skipped"]
