"""The pure part of the daily challenge: days in a zone, the fair course, commitment and reveal, streaks,
shared ranks and the share text."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.daily import (
    FIRST_SPAN,
    SQUARES,
    DailyError,
    Streaks,
    commitment,
    course_number,
    daily_deals,
    day_end,
    day_of,
    day_start,
    hole_start,
    hole_starts,
    reveal_text,
    share_text,
    shared_ranks,
    streaks,
    verify,
)
from engine.golf.course import course
from engine.golf.deal import deal
from engine.golf.rules import STRICT, find_rules

SECRET = b"s" * 32
DAY = date(2026, 11, 22)


# ---- days ------------------------------------------------------------------------------------------


def test_a_day_is_a_utc_date_by_default() -> None:
    assert day_of(datetime(2026, 11, 22, 23, 59, tzinfo=UTC)) == DAY
    assert day_of(datetime(2026, 11, 23, 0, 0, tzinfo=UTC)) == DAY + timedelta(days=1)


def test_midnight_in_a_non_utc_zone() -> None:
    # Tokyo is UTC+9: its 22 November begins at 15:00 UTC on the 21st
    assert day_start(DAY, "Asia/Tokyo") == datetime(2026, 11, 21, 15, 0, tzinfo=UTC)
    assert day_of(datetime(2026, 11, 21, 14, 59, tzinfo=UTC), "Asia/Tokyo") == DAY - timedelta(days=1)
    assert day_of(datetime(2026, 11, 21, 15, 0, tzinfo=UTC), "Asia/Tokyo") == DAY
    assert day_end(DAY, "America/Los_Angeles") == datetime(2026, 11, 23, 8, 0, tzinfo=UTC)


def test_a_day_across_a_clock_change_is_23_or_25_hours() -> None:
    spring, autumn = date(2026, 3, 29), date(2026, 10, 25)  # Europe's changes in 2026
    assert day_end(spring, "Europe/Berlin") - day_start(spring, "Europe/Berlin") == timedelta(hours=23)
    assert day_end(autumn, "Europe/Berlin") - day_start(autumn, "Europe/Berlin") == timedelta(hours=25)


def test_a_skipped_midnight_starts_the_day_after_the_gap() -> None:
    # Santiago's clocks went from 00:00 to 01:00 on 2022-09-11
    start = day_start(date(2022, 9, 11), "America/Santiago")
    assert day_of(start, "America/Santiago") == date(2022, 9, 11)
    assert day_of(start - timedelta(seconds=1), "America/Santiago") == date(2022, 9, 10)


def test_an_unknown_zone_is_named() -> None:
    with pytest.raises(DailyError, match="'Mars/Olympus' is not a time zone"):
        day_of(datetime(2026, 1, 1, tzinfo=UTC), "Mars/Olympus")
    with pytest.raises(DailyError):
        day_of(datetime(2026, 1, 1, tzinfo=UTC), "../etc/passwd")


# ---- the course ------------------------------------------------------------------------------------


def test_the_course_depends_on_secret_place_and_date() -> None:
    one = daily_deals(SECRET, "discord:1", DAY, 9, STRICT)
    assert one == daily_deals(SECRET, "discord:1", DAY, 9, STRICT)
    assert one != daily_deals(SECRET, "discord:2", DAY, 9, STRICT)
    assert one != daily_deals(SECRET, "discord:1", DAY + timedelta(days=1), 9, STRICT)
    assert one != daily_deals(b"t" * 32, "discord:1", DAY, 9, STRICT)
    assert one == hole_starts(SECRET, "discord:1", DAY, 9)
    for number in one:
        deal(number)  # every number is a PySolFC deal


def test_each_holes_deal_is_hmac_sha256_as_documented_in_the_readme() -> None:
    import hashlib
    import hmac
    import re
    from pathlib import Path

    readme = Path(__file__).parents[2].joinpath("README.md").read_text(encoding="utf-8")
    documented = re.search(r'HMAC-SHA256\(secret, "([^"]+)"\)\[:16\], "big"\)\s*% \(([^)]+)\) \+ 1', readme)
    assert documented is not None, "the README's derivation of a hole's deal"
    template, span = documented.groups()
    assert template == "golfbot-daily/v1|<place>|<YYYY-MM-DD>|hole <k>"
    assert eval(span, {}) == FIRST_SPAN
    deals = daily_deals(SECRET, "telegram:-100", DAY, 9, STRICT)
    for k, number in enumerate(deals, start=1):
        message = template.replace("<place>", "telegram:-100").replace("<YYYY-MM-DD>", "2026-11-22")
        digest = hmac.new(SECRET, message.replace("<k>", str(k)).encode(), hashlib.sha256).digest()
        assert number == hole_start(SECRET, "telegram:-100", DAY, k)
        assert number == int.from_bytes(digest[:16], "big") % FIRST_SPAN + 1


def test_two_holes_of_a_day_are_not_consecutive_numbers() -> None:
    for place in ("discord:1", "telegram:-100", "daily:global"):
        deals = daily_deals(SECRET, place, DAY, 18, STRICT)
        assert len(set(deals)) == 18
        assert all(abs(b - a) > 1000 for a, b in itertools.pairwise(deals))  # no hole tells the next


@given(st.binary(min_size=1, max_size=64), st.text(max_size=30), st.dates(), st.integers(1, 18))
def test_a_holes_start_leaves_room_for_its_search(secret: bytes, place: str, day: date, hole: int) -> None:
    assert 1 <= hole_start(secret, place, day, hole) <= FIRST_SPAN


@pytest.mark.parametrize("holes", [1, 3, 9, 18])
def test_the_formats(holes: int) -> None:
    assert len(daily_deals(SECRET, "x", DAY, holes, STRICT)) == holes


@pytest.mark.parametrize("holes", [0, 2, 10, 19])
def test_other_formats_are_refused(holes: int) -> None:
    with pytest.raises(DailyError, match="1, 3, 9 or 18 holes"):
        daily_deals(SECRET, "x", DAY, holes, STRICT)


def test_winnable_only_skips_impossible_deals() -> None:
    rules = find_rules("strict+winnable-only")
    deals = daily_deals(SECRET, "x", DAY, 3, rules)
    starts = hole_starts(SECRET, "x", DAY, 3)
    assert deals == tuple(course(s, 1, rules)[0] for s in starts)
    assert all(d >= s for d, s in zip(deals, starts, strict=True))


def test_the_revealed_deals_hash_to_the_commitment() -> None:
    deals = daily_deals(SECRET, "discord:1", DAY, 9, STRICT)
    committed = commitment("discord:1", DAY, "strict", deals)
    revealed = reveal_text("discord:1", DAY, "strict", deals)
    assert revealed.startswith("golfbot-daily/v1|discord:1|2026-11-22|strict|9|")
    assert verify(revealed, committed)
    assert not verify(revealed.replace(str(deals[0]), str(deals[0] + 1)), committed)


# ---- streaks ---------------------------------------------------------------------------------------


def days(n: int, start: date = DAY) -> list[date]:
    return [start + timedelta(days=i) for i in range(n)]


def test_streaks_run_and_break_on_a_skipped_day() -> None:
    d = days(6)
    results = {d[0]: True, d[1]: False, d[3]: True, d[4]: True, d[5]: True}
    assert streaks(d, results) == Streaks(played=3, longest_played=3, under_par=3, longest_under_par=3)
    results[d[2]] = True
    assert streaks(d, results) == Streaks(played=6, longest_played=6, under_par=4, longest_under_par=4)


def test_today_not_played_yet_keeps_yesterdays_streak() -> None:
    d = days(4)
    assert streaks(d, {d[1]: True, d[2]: True}) == Streaks(2, 2, 2, 2)
    assert streaks([*d, DAY + timedelta(days=4)], {d[1]: True, d[2]: True}) == Streaks(0, 2, 0, 2)


def test_a_day_counts_once() -> None:
    d = days(2)
    assert streaks([*d, *d, d[1]], {d[0]: False, d[1]: False}) == Streaks(2, 2, 0, 0)


def test_a_time_zone_change_that_skips_a_date_breaks_nothing() -> None:
    # the place moved from UTC-10 to UTC+14: its days went ... 22, 23, 25 ... without a 24th
    place_days = [DAY, DAY + timedelta(days=1), DAY + timedelta(days=3)]
    assert streaks(place_days, dict.fromkeys(place_days, True)) == Streaks(3, 3, 3, 3)


def test_no_days_no_streaks() -> None:
    assert streaks([], {}) == Streaks()


# ---- ranks and the share text ----------------------------------------------------------------------


def test_ties_share_a_rank() -> None:
    assert shared_ranks([(-3,), (-1,), (-1,), (2,), (2,), (2,), (5,)]) == [1, 2, 2, 4, 4, 4, 7]
    assert shared_ranks([]) == []


def test_the_share_text_shows_no_card_and_no_deal() -> None:
    text = share_text(DAY, [3, 5, 7, -2], [3, 2, 1, -4], 9, 45)
    assert text == (
        f"Golf daily #{course_number(DAY)} · 4/9 holes\n13 (-7)\n"
        f"{SQUARES['best']}{SQUARES['par']}{SQUARES['over']}{SQUARES['under']}"
    )
    assert course_number(date(2026, 1, 1)) == 1
    full = share_text(DAY, [5] * 9, [None] * 9, 9, 36)
    assert full.splitlines()[1:] == ["45 (+9)", SQUARES["over"] * 9]
    assert "♠" not in text and "#" + str(hole_start(SECRET, "x", DAY, 1)) not in text


def _brute_runs(flags: list[bool]) -> tuple[int, int]:
    """Current and longest run of True, the plain way: the current run ends at the last flag, or at the
    one before it when the last is False."""
    longest = max(
        (j - i for i in range(len(flags)) for j in range(i, len(flags) + 1) if all(flags[i:j])), default=0
    )
    end = len(flags) - (1 if flags and not flags[-1] else 0)
    current = 0
    while current < end and flags[end - 1 - current]:
        current += 1
    return current, longest


@given(st.lists(st.sampled_from([None, False, True]), max_size=40))
def test_streaks_agree_with_counting_by_hand(days_played: list[bool | None]) -> None:
    place_days = days(len(days_played))
    results = {d: par for d, par in zip(place_days, days_played, strict=True) if par is not None}
    got = streaks(place_days, results)
    assert (got.played, got.longest_played) == _brute_runs([p is not None for p in days_played])
    assert (got.under_par, got.longest_under_par) == _brute_runs([p is True for p in days_played])
    assert got.under_par <= got.played and got.longest_under_par <= got.longest_played
