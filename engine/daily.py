"""The daily challenge, the pure part: a place's day, its provably fair course, the commitment and reveal,
streaks, leaderboard ranks and the spoiler-free share text.

Each hole of a day's course has its own PySolFC deal number, derived independently from the installation's
secret, the place, the date and the hole's number k (1, 2, ...):

    digest = HMAC-SHA256(secret, "golfbot-daily/v1|<place>|<YYYY-MM-DD>|hole <k>")
    start_k = int.from_bytes(digest[:16], "big") % FIRST_SPAN + 1

and hole k is deal ``start_k`` (under winnable-only rules the first deal from ``start_k`` up that is not
proven impossible: ``engine.golf.course.course(start_k, 1, rules)``). So one hole's number tells nothing about
another's, and without the secret nobody can compute a day in advance. When the day opens its *commitment*
is published, the SHA-256 of the text :func:`reveal_text` (place, date, rules, holes and the deal numbers);
when it closes that text is revealed, and anyone can hash it and replay the deals. While the day runs no
screen shows a deal number (a deal number is its whole stock order).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.golf.course import MAX_SKIPPED, course
from engine.golf.deal import MAX_DEAL
from engine.golf.rules import Rules
from engine.golf.scoring import MAX_HOLES, par_per_hole, to_par_text
from engine.wording import N_, Plural, Word, WordedError, english, english_plural

DAILY_HOLES = (1, 3, 9, 18)
"""The formats an admin may choose (9 by default)."""
FIRST_SPAN = MAX_DEAL - MAX_HOLES - MAX_SKIPPED * MAX_HOLES
"""A hole's starting number runs 1..FIRST_SPAN: its search for a winnable deal never runs past the last."""
EPOCH = date(2026, 1, 1)
"""Course #1 was played on this date (the course number in the share text counts days from it)."""
_DOMAIN = "golfbot-daily/v1"


class DailyError(WordedError):
    """A time zone or a format that the daily challenge cannot use; the message says which."""


# ---- the day ---------------------------------------------------------------------------------------


def zone(name: str) -> ZoneInfo:
    """The IANA time zone ``name`` (``"UTC"``, ``"Europe/Berlin"``); tzdata provides the database where
    the system has none. Raises DailyError naming the zone otherwise."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise DailyError(
            # Translators: {typed} is what was typed, quoted; Europe/Berlin and UTC are time zones' names
            N_("{typed} is not a time zone (use a name like Europe/Berlin or UTC)"),
            typed=repr(name),
        ) from None


def day_of(now: datetime, zone_name: str = "UTC") -> date:
    """The place's date at the aware instant ``now``."""
    return now.astimezone(zone(zone_name)).date()


def day_start(day: date, zone_name: str = "UTC") -> datetime:
    """The UTC instant at which ``day`` begins in the zone (its local midnight; where a clock change skips
    midnight, the first instant of that date)."""
    # zoneinfo reads a skipped wall time with the offset before the change, which lands after the gap
    return datetime.combine(day, time(0), tzinfo=zone(zone_name)).astimezone(UTC)


def day_end(day: date, zone_name: str = "UTC") -> datetime:
    """When ``day`` closes in the zone: the start of the next date there (the rollover)."""
    return day_start(day + timedelta(days=1), zone_name)


def course_number(day: date) -> int:
    """Days since EPOCH, counting it as #1: the number in the share text."""
    return (day - EPOCH).days + 1


# ---- the course, the commitment and the reveal ------------------------------------------------------


def hole_start(secret: bytes, place: str, day: date, hole: int) -> int:
    """Where hole ``hole`` (1, 2, ...) of ``place``'s course on ``day`` starts: its deal number, or under
    winnable-only rules the number its search for a deal not proven impossible starts from (see the
    module's docstring). Each hole's number is its own HMAC, so no hole tells another."""
    if hole < 1:
        raise ValueError(f"holes count from 1, not {hole}")
    message = f"{_DOMAIN}|{place}|{day.isoformat()}|hole {hole}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:16], "big") % FIRST_SPAN + 1


def hole_starts(secret: bytes, place: str, day: date, holes: int) -> tuple[int, ...]:
    """:func:`hole_start` of each of the course's ``holes`` holes, in order."""
    return tuple(hole_start(secret, place, day, k) for k in range(1, check_holes(holes) + 1))


def check_holes(holes: int) -> int:
    if holes not in DAILY_HOLES:
        raise DailyError(N_("a daily course has 1, 3, 9 or 18 holes, not {holes}"), holes=str(holes))
    return holes


def daily_deals(secret: bytes, place: str, day: date, holes: int, rules: Rules) -> tuple[int, ...]:
    """The day's deal numbers, one a hole: each hole's :func:`hole_start`, or under winnable-only rules the
    first deal from it up not proven impossible (this may take a few seconds, so the core runs each hole's
    search off the loop through the Solver port instead)."""
    return tuple(course(start, 1, rules)[0] for start in hole_starts(secret, place, day, holes))


def reveal_text(place: str, day: date, rules: str, deals: Sequence[int]) -> str:
    """What the commitment hashes and the reveal shows, e.g.
    ``golfbot-daily/v1|discord:42|2026-11-22|strict|3|8159263 40026511 1207``."""
    numbers = " ".join(str(n) for n in deals)
    return f"{_DOMAIN}|{place}|{day.isoformat()}|{rules}|{len(deals)}|{numbers}"


def commitment(place: str, day: date, rules: str, deals: Sequence[int]) -> str:
    """The SHA-256 (hex) of :func:`reveal_text`: shown when the day opens, checked after the reveal."""
    return hashlib.sha256(reveal_text(place, day, rules, deals).encode()).hexdigest()


def verify(revealed: str, committed: str) -> bool:
    """Whether the revealed text hashes to the commitment."""
    return hmac.compare_digest(hashlib.sha256(revealed.encode()).hexdigest(), committed)


# ---- streaks ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Streaks:
    """Days in a row played, and days in a row at or under par: the current run and the longest."""

    played: int = 0
    longest_played: int = 0
    under_par: int = 0
    longest_under_par: int = 0


def streaks(place_days: Iterable[date], results: Mapping[date, bool]) -> Streaks:
    """A player's streaks at a place. ``place_days`` are the days the place has opened (its courses, in
    any order, each once); ``results`` maps each day the player played to whether they finished it at or
    under par. Runs follow the place's days, so a date that a time-zone change skipped breaks nothing, and
    a day counts once however often it is named. The current run ends at the latest day, or at the day
    before it while the latest day is not played yet (the streak is still alive until that day closes)."""
    days = sorted(set(place_days))
    played = [d in results for d in days]
    par = [results.get(d, False) for d in days]
    return Streaks(*_runs(played), *_runs(par))


def _runs(flags: list[bool]) -> tuple[int, int]:
    longest = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        longest = max(longest, run)
    if flags and not flags[-1]:  # today not played (yet): the run up to yesterday still stands
        run = 0
        for flag in reversed(flags[:-1]):
            if not flag:
                break
            run += 1
    return run, longest


# ---- ranks -----------------------------------------------------------------------------------------


def shared_ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranks ("1224") of entries already sorted best first by ``keys``: ties share a rank."""
    ranks: list[int] = []
    for i, key in enumerate(keys):
        ranks.append(ranks[-1] if i and key == keys[i - 1] else i + 1)
    return ranks


# ---- the share text --------------------------------------------------------------------------------

SQUARES = {"best": "🟦", "under": "🟩", "par": "🟨", "over": "🟥"}
"""Equalled the best possible score; under par; at par; over par."""


def square(score: int, par: int, best: int | None) -> str:
    if best is not None and score <= best:
        return SQUARES["best"]
    if score < par:
        return SQUARES["under"]
    return SQUARES["par"] if score == par else SQUARES["over"]


def share_text(
    day: date,
    scores: Sequence[int],
    best: Sequence[int | None],
    holes: int,
    par_for_nine: int,
    game: str = "Golf",
    word: Word = english,
    ngettext: Plural = english_plural,
) -> str:
    """A spoiler-free summary (no card, no deal number), e.g.::

    Golf daily #326 · 9 holes
    38 (-7)
    🟦🟩🟨🟥🟩🟩🟦🟨🟩

    ``game``: the game's name for people where the course is not Golf's (``TriPeaks daily #326``).
    ``word`` and ``ngettext`` word it (the bot's ``_`` and ``ngettext``; English by default)."""
    per_hole = par_per_hole(par_for_nine)
    total = sum(scores)
    to_par = to_par_text(total - per_hole * len(scores), word)
    padded = [*best, *([None] * (len(scores) - len(best)))]
    row = "".join(square(s, per_hole, b) for s, b in zip(scores, padded, strict=True))
    title = _share_title(game, course_number(day), len(scores), holes, ngettext)
    return f"{title}\n{total} ({to_par})\n{row}"


def _share_title(game: str, number: int, played: int, holes: int, ngettext: Plural) -> str:
    """``Golf daily #326 · 9 holes`` (``4/9 holes`` for a course left unfinished)."""
    if played < holes:
        # Translators: the title of the daily's share text for a course left unfinished: {game} a game's
        # name (Golf, TriPeaks), {number} the course's number, {played} the holes played of its {count}
        return ngettext(
            "{game} daily #{number} · {played}/{count} hole",
            "{game} daily #{number} · {played}/{count} holes",
            holes,
            game=game,
            number=number,
            played=played,
        )
    # Translators: the title of the daily's share text: {game} a game's name (Golf, TriPeaks), {number}
    # the course's number, {count} its holes
    return ngettext(
        "{game} daily #{number} · {count} hole",
        "{game} daily #{number} · {count} holes",
        holes,
        game=game,
        number=number,
    )


__all__ = [
    "DAILY_HOLES",
    "EPOCH",
    "FIRST_SPAN",
    "SQUARES",
    "DailyError",
    "Streaks",
    "check_holes",
    "commitment",
    "course_number",
    "daily_deals",
    "day_end",
    "day_of",
    "day_start",
    "hole_start",
    "hole_starts",
    "reveal_text",
    "share_text",
    "shared_ranks",
    "square",
    "streaks",
    "verify",
    "zone",
]
