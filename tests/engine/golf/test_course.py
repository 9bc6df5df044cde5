"""engine/golf/course.py: a round's deal numbers, and winnable-only courses that skip proven-impossible
deals."""

from __future__ import annotations

import pytest

from engine.golf.course import clearable, course, skipped
from engine.golf.deal import MAX_DEAL, DealError, deal
from engine.golf.rules import find_rules
from engine.golf.solver import solve
from tests.engine.golf.conftest import DEALS_TSV


def _strict_optimum() -> dict[int, int]:
    """Deal number -> the published optimal strict score (tests/data)."""
    rows = [line.split("\t") for line in DEALS_TSV.read_text(encoding="utf-8").splitlines()]
    return {int(row[0]): int(row[4]) for row in rows if row[0].strip() and not row[0].startswith("#")}


def test_a_plain_course_is_consecutive_numbers() -> None:
    assert course(24, 9, find_rules("strict")) == tuple(range(24, 33))
    assert skipped(course(24, 9, find_rules("wrap"))) == ()


def test_winnable_only_is_a_rule_option_found_by_name() -> None:
    rules = find_rules("strict+winnable-only")
    assert rules.winnable_only and rules.name == "strict+winnable-only"
    assert find_rules("wrap+double+winnable_only").name == "wrap+double+winnable-only"
    assert find_rules("strict+redeal") == rules
    assert deal(7, rules).tableau == deal(7, find_rules("strict")).tableau  # an option of the round only


def test_winnable_only_skips_exactly_the_impossible_deals() -> None:
    optimum = _strict_optimum()
    rules = find_rules("strict+winnable-only")
    numbers = course(1, 9, rules)
    assert len(numbers) == 9 and numbers == tuple(sorted(numbers)) and numbers[0] >= 1
    for number in range(1, numbers[-1] + 1):
        can_clear = optimum[number] <= 0
        assert (number in numbers) == can_clear, number
    assert skipped(numbers, 1) == tuple(n for n in range(1, numbers[-1]) if n not in numbers)
    assert skipped(numbers) == tuple(n for n in range(numbers[0], numbers[-1]) if n not in numbers)
    assert course(1, 9, rules) == numbers  # deterministic: the same first number, the same course


@pytest.mark.parametrize("name", ["queens-on-kings+winnable-only", "wrap+jokers=2+winnable-only"])
def test_every_deal_of_a_winnable_only_course_clears(name: str) -> None:
    rules = find_rules(name)
    for number in course(500, 4, rules):
        assert clearable(number, rules)
        assert solve(deal(number, rules)).winnable


def test_a_course_past_the_last_deal_is_refused() -> None:
    with pytest.raises(DealError, match="last deal"):
        course(MAX_DEAL - 3, 9, find_rules("strict"))
    with pytest.raises(ValueError):
        course(1, 0, find_rules("strict"))


def test_skipped_numbers_are_the_gaps() -> None:
    assert skipped((2, 5, 6, 9)) == (3, 4, 7, 8)
    assert skipped((7,)) == ()
    assert skipped((7, 8), 4) == (4, 5, 6)
