"""The daily challenge mode on the real SQLite store, with the ManualClock: the same deals for everyone at a
place and others elsewhere, one attempt a day, no hints, kill and restart mid-course, the rollover by its
timer (final table, reveal, new deals), the revealed deals hashing to the commitment, streaks across a
skipped day, a time-zone change and midnight in a non-UTC zone, the share text and the leaderboards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.announcements import day_row_text
from bot.clock import ManualClock
from bot.door import Door
from bot.errors import AlreadyPlayedError, BadOptionError, GolfError, StaleActionError
from bot.events import DayClosed, DayOpened, ToPlace
from bot.models import Place, Player, RoundStatus
from bot.modes.daily.challenge import DailyChallenge, rollover_timer_id
from bot.render import render_screen
from bot.screens import Screen
from bot.sessions import Sessions
from bot.timers import Timers
from engine.daily import SQUARES, commitment, hole_start, hole_starts, verify
from engine.golf.deal import deal
from engine.golf.rules import find_rules

START = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
SECRET = bytes(range(32))
ALICE, BOB, CAROL = Player("test", "1", "Alice"), Player("test", "2", "Bob"), Player("test", "3", "Carol")
HERE, THERE = Place("test", "here", "Here"), Place("test", "there", "There")


class World:
    """A daily challenge on one database file, which a test may 'kill' and start again."""

    def __init__(self, path: Path, solver: object, clock: ManualClock) -> None:
        self.path, self.solver, self.clock = path, solver, clock
        self.notifier = MemoryNotifier()

    async def start(self) -> DailyChallenge:
        self.store = await SqliteStorage.open(self.path)
        self.timers = Timers(self.store, self.clock, notifier=self.notifier)
        self.daily = DailyChallenge(
            self.store,
            self.store,
            self.solver,  # type: ignore[arg-type]
            self.clock,
            notifier=self.notifier,
            new_secret=lambda: SECRET,
        )
        self.daily.attach(self.timers)
        self.door = Door()
        self.daily.open_door(self.door, Sessions(self.store, self.clock, notifier=self.notifier))
        return self.daily

    async def stop(self) -> None:
        await self.store.close()

    async def midnight(self, zone_hours: int = 0) -> None:
        """Move the clock to the next UTC(+zone) midnight and fire the due timers."""
        now = self.clock.now()
        local = now + timedelta(hours=zone_hours)
        nxt = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC)
        self.clock.advance((nxt - timedelta(hours=zone_hours) - now).total_seconds() + 1)
        await self.timers.fire_due()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
async def world(db_path: Path, solver: object, clock: ManualClock) -> AsyncIterator[World]:
    w = World(db_path, solver, clock)
    await w.start()
    yield w
    await w.stop()


def button(screen: Screen, action: str) -> str:
    for b in screen.all_buttons:
        if b.id.rsplit(":", 1)[1] == action:
            return b.id
    raise AssertionError(f"no {action!r} button on {screen.title!r}")


async def concede_all(
    daily: DailyChallenge, player: Player, screen: Screen, holes: int | None = None
) -> Screen:
    """Concede hole after hole (``holes`` of them, default: to the end)."""
    played = 0
    while screen.board is not None and (holes is None or played < holes):
        actions = {b.id.rsplit(":", 1)[1] for b in screen.all_buttons if b.enabled}
        if "n" in actions:
            screen = await daily.press(player, button(screen, "n"))
        elif "q" in actions:
            screen = await daily.press(player, button(screen, "q"))
            played += 1
        else:
            break
    return screen


async def test_two_players_at_a_place_get_the_same_deals_another_place_others(world: World) -> None:
    a = await world.daily.play(ALICE, HERE)
    b = await world.daily.play(BOB, HERE)
    c = await world.daily.play(CAROL, THERE)
    assert a.board is not None and b.board is not None and c.board is not None
    assert a.board.deal is b.board.deal is c.board.deal is None  # hidden while the day runs
    here, there = await world.daily.today(HERE), await world.daily.today(THERE)
    assert here.deals == hole_starts(SECRET, HERE.key, START.date(), 9)
    assert there.deals == hole_starts(SECRET, THERE.key, START.date(), 9) != here.deals
    assert a.board.columns == b.board.columns == deal(here.deals[0]).tableau != c.board.columns
    assert c.board.columns == deal(there.deals[0]).tableau
    assert a.session != b.session
    assert not any(btn.id.endswith(":h") for btn in a.all_buttons)  # no hint button


async def test_the_day_opens_with_a_commitment_and_the_secret_is_kept(world: World) -> None:
    day = await world.daily.today(HERE)
    assert day.holes == 9 and day.rules == "strict"
    assert day.commitment == commitment(HERE.key, day.day, "strict", day.deals)
    table = await world.daily.leaderboard(HERE, "today")
    assert table.blocks[-1].endswith(f"(SHA-256, revealed at midnight): {day.commitment}")
    assert await world.store.installation_secret(b"another") == SECRET


async def test_hints_are_refused(world: World) -> None:
    screen = await world.daily.play(ALICE, HERE)
    hint = button(screen, "s")[:-1] + "h"
    with pytest.raises(GolfError, match="No hints in the daily challenge"):
        await world.daily.press(ALICE, hint)


async def test_a_second_attempt_is_refused_with_the_result(world: World) -> None:
    screen = await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    assert screen.title.startswith("📅 Daily #326 · 2026-11-22 · 🏁 Round over")
    assert "Share your result:\nGolf daily #326 · 9 holes" in screen.blocks[-1]
    with pytest.raises(AlreadyPlayedError, match=r"played today's course already: \d+ \([+-]?\w+\)"):
        await world.daily.play(ALICE, HERE)
    share = await world.daily.share(ALICE, HERE)
    assert share is not None and share.splitlines()[0] == "Golf daily #326 · 9 holes"
    assert len(share.splitlines()[2]) == 9 and set(share.splitlines()[2]) <= set(SQUARES.values())


async def test_kill_and_restart_mid_course_resumes_exactly(world: World) -> None:
    screen = await world.daily.play(ALICE, HERE)
    screen = await concede_all(world.daily, ALICE, screen, holes=2)
    screen = await world.daily.press(ALICE, button(screen, "n"))
    screen = await world.daily.press(ALICE, button(screen, "s"))  # a move into hole 3
    await world.stop()  # the process dies; only the file is left
    daily = await world.start()
    again = await daily.play(ALICE, HERE)
    assert again.board == screen.board and again.version == screen.version
    assert again.session == screen.session
    moved = await daily.press(ALICE, button(again, "s"))
    assert moved.version == screen.version + 1


async def test_a_stale_button_is_refused(world: World) -> None:
    first = await world.daily.play(ALICE, HERE)
    await world.daily.press(ALICE, button(first, "s"))
    with pytest.raises(StaleActionError):
        await world.daily.press(ALICE, button(first, "s"))


async def test_rollover_posts_the_table_and_the_reveal_and_opens_new_deals(world: World) -> None:
    yesterday = await world.daily.today(HERE)
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    await concede_all(world.daily, BOB, await world.daily.play(BOB, HERE), holes=3)  # stops after 3
    world.notifier.delivered.clear()
    await world.midnight()
    closed = [e for e in world.notifier.events() if isinstance(e, DayClosed)]
    opened = [e for e in world.notifier.events() if isinstance(e, DayOpened)]
    assert len(closed) == 1 and len(opened) == 1
    event = closed[0]
    assert event.place == HERE.key and event.day == yesterday.day
    # conceded holes are far over par: Bob, with three of them, is ahead of Alice with nine
    assert len(event.table) == 2
    rows = [day_row_text(row) for row in event.table]  # (worded where the event is told)
    assert rows[0].startswith("  1. Bob — ") and rows[0].endswith("(thru 3)")
    assert rows[1].startswith("  2. Alice — ")
    assert verify(event.reveal, yesterday.commitment)  # the revealed deals hash to the commitment
    assert event.reveal.endswith(" ".join(str(d) for d in yesterday.deals))
    assert all(isinstance(d.to, ToPlace) for d in world.notifier.delivered)
    today = await world.daily.today(HERE)
    assert today.day == yesterday.day + timedelta(days=1) and today.deals != yesterday.deals
    assert opened[0].commitment == today.commitment
    # Bob's unfinished attempt belonged to yesterday: today he starts afresh on the new deals
    screen = await world.daily.play(BOB, HERE)
    assert screen.board is not None and screen.board.hole == 1
    assert screen.board.columns == deal(today.deals[0]).tableau
    table = await world.daily.leaderboard(HERE, "all")
    assert "Alice" in table.blocks[0] and "1 win" in table.blocks[0]
    # the rollover timer of the new day is stored for its midnight
    assert await world.store.next_due(["daily"]) == today.closes_at


async def test_a_board_of_a_closed_day_is_refused(world: World) -> None:
    screen = await world.daily.play(ALICE, HERE)
    await world.midnight()
    with pytest.raises(StaleActionError, match="course has closed"):
        await world.daily.press(ALICE, button(screen, "s"))


async def test_a_rollover_missed_while_down_happens_at_the_next_start(world: World) -> None:
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    await world.stop()
    world.clock.advance(2 * 86400)
    await world.start()
    assert await world.timers.fire_due() == 1
    closed = [e for e in world.notifier.events() if isinstance(e, DayClosed)]
    assert [e.day for e in closed] == [START.date()]
    today = await world.daily.today(HERE)
    assert today.day == START.date() + timedelta(days=2)


async def test_a_rollover_fires_once(world: World) -> None:
    await world.daily.today(HERE)
    timer_id = rollover_timer_id(HERE.key)
    await world.midnight()
    first = len(world.notifier.events())
    await world.timers.fire_due()
    await world.daily.today(HERE)
    assert len(world.notifier.events()) == first
    assert timer_id == "daily:test:here"


async def test_streaks_across_a_skipped_day(world: World) -> None:
    for n in range(4):
        if n != 1:  # Alice skips the second day
            await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
        await concede_all(world.daily, BOB, await world.daily.play(BOB, HERE))
        await world.midnight()
    alice, bob = await world.daily.streaks(ALICE, HERE), await world.daily.streaks(BOB, HERE)
    assert (alice.played, alice.longest_played) == (2, 2)  # today (day 5) not played yet: still alive
    assert (bob.played, bob.longest_played) == (4, 4)


async def test_streaks_across_midnight_in_a_non_utc_zone(world: World) -> None:
    await world.daily.change_settings(HERE, zone_name="Asia/Tokyo")
    await world.midnight()  # the UTC day ends; Tokyo's (UTC+9) day opens at its own midnight
    day = await world.daily.today(HERE)
    assert day.zone == "Asia/Tokyo" and day.closes_at.hour == 15  # 00:00 in Tokyo is 15:00 UTC
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    world.clock.advance((day.closes_at - world.clock.now()).total_seconds() - 60)
    with pytest.raises(AlreadyPlayedError):  # a minute before Tokyo's midnight: still the same day
        await world.daily.play(ALICE, HERE)
    world.clock.advance(120)
    await world.timers.fire_due()
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    streak = await world.daily.streaks(ALICE, HERE)
    assert streak.played == 2 and streak.longest_played == 2


async def test_streaks_across_a_time_zone_change(world: World) -> None:
    # UTC-10 to UTC+14: the place's date jumps a day, and nobody's streak breaks for it
    await world.daily.change_settings(HERE, zone_name="Pacific/Honolulu")
    await world.midnight()
    await world.midnight(zone_hours=-10)
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    before = await world.daily.today(HERE)
    await world.daily.change_settings(HERE, zone_name="Pacific/Kiritimati")
    world.clock.advance((before.closes_at - world.clock.now()).total_seconds() + 1)
    await world.timers.fire_due()
    after = await world.daily.today(HERE)
    assert after.day > before.day
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    assert (await world.daily.streaks(ALICE, HERE)).played == 2
    # and back again (UTC+14 to UTC-10): the clock goes back a day, but a day is never played twice
    await world.daily.change_settings(HERE, zone_name="Pacific/Honolulu")
    world.clock.advance((after.closes_at - world.clock.now()).total_seconds() + 1)
    await world.timers.fire_due()
    later = await world.daily.today(HERE)
    assert later.day == after.day + timedelta(days=1)
    assert later.closes_at - after.closes_at == timedelta(hours=48)  # a long day, not a repeated one
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    assert (await world.daily.streaks(ALICE, HERE)).played == 3


async def test_settings_are_checked(world: World) -> None:
    await world.daily.today(HERE)  # today's course is open
    with pytest.raises(BadOptionError, match="not a time zone"):
        await world.daily.change_settings(HERE, zone_name="Moon/Base")
    with pytest.raises(BadOptionError, match="1, 3, 9 or 18 holes"):
        await world.daily.change_settings(HERE, holes=4)
    settings, changed = await world.daily.change_settings(HERE, holes=3, rules="putt-putt", post=False)
    assert changed and (settings.holes, settings.rules, settings.post) == (3, "wrap", False)
    assert not (await world.daily.change_settings(HERE, holes=3))[1]
    # today's course stays as it opened; the next day has three holes of wrap
    assert (await world.daily.today(HERE)).holes == 9
    world.notifier.delivered.clear()
    await world.midnight()
    assert world.notifier.events() == []  # posting is off
    new = await world.daily.today(HERE)
    assert (new.holes, new.rules) == (3, "wrap")


async def test_best_scores_are_solved_once_a_day(world: World) -> None:
    await world.daily.today(HERE)
    await world.daily.today(THERE)
    assert world.solver.asked == []  # type: ignore[attr-defined]  # nobody plays: nothing to solve
    screen = await world.daily.play(ALICE, HERE)
    await concede_all(world.daily, ALICE, screen)
    await concede_all(world.daily, BOB, await world.daily.play(BOB, HERE))
    asked = len(world.solver.asked)  # type: ignore[attr-defined]
    assert asked == 9
    day = await world.daily.today(HERE)
    assert day.best == (2,) * 9


async def test_leaderboards(world: World) -> None:
    empty = await world.daily.leaderboard(HERE, "today")
    assert empty.blocks[0] == "Nobody on this table yet."
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    await concede_all(world.daily, BOB, await world.daily.play(BOB, HERE))
    today = await world.daily.leaderboard(HERE, "today")
    lines = today.blocks[0].splitlines()
    assert len(lines) == 2 and lines[0].startswith("  1. ")
    with pytest.raises(BadOptionError, match="today, week or all"):
        await world.daily.leaderboard(HERE, "year")
    past = await world.daily.leaderboard(HERE, "today", 1)
    assert past.blocks[0] == "Nobody on page 2 of this table: it is shorter. Page 1 is the top."
    for period in ("today", "week", "all"):  # a page number past any integer SQLite holds
        huge = await world.daily.leaderboard(HERE, period, 10**23)
        assert huge.blocks[0] == "Nobody on page 1000 of this table: it is shorter. Page 1 is the top."
    await world.midnight()  # Sunday 22 November closes: Monday starts a new week
    week = await world.daily.leaderboard(HERE, "week")
    assert week.title.endswith("the week of 2026-11-23 (days closed so far)")
    assert week.blocks == ("Nobody on this table yet.",)
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE))
    await world.midnight()
    week = await world.daily.leaderboard(HERE, "week")
    assert week.blocks[0].startswith("  1. Alice — 1 day, average +")
    everything = (await world.daily.leaderboard(HERE, "all")).blocks[0].splitlines()
    assert everything[0].startswith("  1. Alice — 2 days, average +") and "Bob — 1 day" in everything[1]


async def test_an_unfinished_round_of_yesterday_is_ended_not_resumed(world: World) -> None:
    screen = await world.daily.play(ALICE, HERE)
    await world.midnight()
    fresh = await world.daily.play(ALICE, HERE)
    assert fresh.session != screen.session
    old = await world.store.load_round(screen.session)
    assert old is not None and old.status is RoundStatus.ABANDONED


async def test_a_daily_button_is_told_from_a_solo_one_without_storage(world: World) -> None:
    from bot.clubhouse import Clubhouse
    from bot.errors import BadActionError
    from bot.modes.daily.challenge import claims

    club = Clubhouse(world.store, world.solver, world.clock)  # type: ignore[arg-type]
    solo = await club.start_round(ALICE, HERE)
    daily = await world.daily.play(ALICE, HERE)
    assert not claims(button(solo, "s"))
    assert claims(button(daily, "s"))
    # other families' ids of the daily's length are theirs: a Six-card table's (token_hex(5)), a board's
    assert not claims("t6:0a1b2c3d4e:1:j")
    assert not claims(f"b1:{daily.session}:1:s")
    assert not claims("g1") and not claims("g1:") and not claims("")  # nothing to claim
    # through the Clubhouse's door, each goes to its own mode
    world.daily.open_door(club.door, club.sessions)
    assert (await club.door.press(ALICE, button(solo, "s"))).screen.session == solo.session
    assert (await club.door.press(ALICE, button(daily, "s"))).screen.session == daily.session
    with pytest.raises(BadActionError):
        await club.door.press(ALICE, "not a button")
    await club.close()


async def test_a_day_nobody_played_is_not_announced(world: World) -> None:
    await world.daily.today(HERE)
    await world.midnight()
    assert world.notifier.events() == []
    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE), holes=1)
    await world.midnight()
    assert [type(e) for e in world.notifier.events()] == [DayClosed, DayOpened]


async def test_a_winnable_only_course_is_chosen_off_the_loop(world: World) -> None:
    await world.daily.today(HERE)
    settings, _ = await world.daily.change_settings(HERE, rules="strict+winnable-only", holes=3)
    assert settings.rules == "strict+winnable-only"
    await world.midnight()
    day = await world.daily.today(HERE)
    assert day.rules == "strict+winnable-only" and len(day.deals) == 3
    starts = hole_starts(SECRET, HERE.key, day.day, 3)
    assert all(d >= s for d, s in zip(day.deals, starts, strict=True))
    assert day.commitment == commitment(HERE.key, day.day, day.rules, day.deals)


async def test_the_daily_events_are_worded_once_for_every_platform(world: World) -> None:
    from bot.announcements import announcement

    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, HERE), holes=1)
    yesterday = await world.daily.today(HERE)
    await world.midnight()
    closed, opened = world.notifier.events()
    closed_text = await announcement(closed, world.store)
    assert closed_text.startswith(
        f"📅 The daily course of {yesterday.day.isoformat()} is closed. Final table:"
    )
    assert "  1. Alice — " in closed_text and f"The deals, revealed: {closed.reveal}" in closed_text  # type: ignore[union-attr]
    assert yesterday.commitment in closed_text
    opened_text = await announcement(opened, world.store)
    assert " is open: 9 holes. Commitment" in opened_text and opened.commitment in opened_text  # type: ignore[union-attr]


async def test_the_global_course_closes_without_announcements(world: World) -> None:
    from bot.models.daily import GLOBAL_COURSE

    await concede_all(world.daily, ALICE, await world.daily.play(ALICE, GLOBAL_COURSE), holes=1)
    await world.midnight()
    assert world.notifier.events() == []  # no chat to post in
    assert (await world.daily.leaderboard(GLOBAL_COURSE, "all")).blocks[0].startswith("  1. Alice — 1 day")


# ---- no deal number while the day runs -----------------------------------------------------------


async def _everything_shown(world: World, player: Player, place: Place) -> list[str]:
    """Every text a player is shown of today's course, played to its end: each board (a turn of the stock,
    then a concession, hole after hole), a refused hint, a stale button, the share text, the second attempt's
    refusal and today's table."""
    daily = world.daily
    screen = await daily.play(player, place)
    shown = [render_screen(screen, with_keys=True)]
    with pytest.raises(GolfError) as refused:
        await daily.press(player, button(screen, "s")[:-1] + "h")
    shown.append(refused.value.message)
    while screen.board is not None:
        actions = {b.id.rsplit(":", 1)[1] for b in screen.all_buttons if b.enabled}
        if "n" in actions:
            stale = screen
            screen = await daily.press(player, button(screen, "n"))
            with pytest.raises(StaleActionError) as error:
                await daily.press(player, button(stale, "n"))
            assert error.value.screen is None or error.value.screen.board is not None
            shown.append(error.value.message)
            if error.value.screen is not None:
                shown.append(render_screen(error.value.screen))
        elif "s" in actions:
            screen = await daily.press(player, button(screen, "s"))
            screen = await daily.press(player, button(screen, "q"))
        elif "q" in actions:
            screen = await daily.press(player, button(screen, "q"))
        else:
            break
        shown.append(render_screen(screen, with_keys=True))
        assert screen.board is None or screen.board.deal is None
    with pytest.raises(AlreadyPlayedError) as again:
        await daily.play(player, place)
    shown.append(again.value.message)
    shown.append(await daily.share(player, place) or "")
    shown.append(render_screen(await daily.leaderboard(place, "today")))
    return shown


def _assert_no_deal(shown: list[str], deals: tuple[int, ...]) -> None:
    for text in shown:
        assert "deal #" not in text.lower() and "Skipped" not in text
        for number in deals:
            assert str(number) not in text, text


async def test_no_daily_screen_shows_a_deal_number_while_the_day_runs(world: World) -> None:
    day = await world.daily.today(HERE)
    shown = await _everything_shown(world, ALICE, HERE)
    assert any(text.startswith("📅 Daily #326 · 2026-11-22 · ⛳ Hole 1 of 9") for text in shown)
    assert any("Hole 9 of 9 · strict · total" in text for text in shown)  # the status line, without a deal
    assert any("Share your result:\nGolf daily #326 · 9 holes" in text for text in shown)
    _assert_no_deal(shown, day.deals)
    # the day closes: the reveal lists every hole's number, and hashes to the commitment given at the start
    await world.midnight()
    (closed,) = [e for e in world.notifier.events() if isinstance(e, DayClosed)]
    assert closed.reveal.endswith("|strict|9|" + " ".join(str(d) for d in day.deals))
    assert verify(closed.reveal, day.commitment)


async def test_a_days_holes_are_independent_numbers_as_documented(world: World) -> None:
    day = await world.daily.today(HERE)
    assert len(set(day.deals)) == 9
    assert all(b - a != 1 for a, b in zip(day.deals, day.deals[1:], strict=False))  # not consecutive
    assert day.deals == tuple(hole_start(SECRET, HERE.key, day.day, k) for k in range(1, 10))


async def test_a_winnable_only_daily_course_shows_no_deal_and_no_skipped_line(world: World) -> None:
    await world.daily.today(HERE)
    await world.daily.change_settings(HERE, rules="strict+winnable-only", holes=3)
    await world.midnight()
    day = await world.daily.today(HERE)
    rules = find_rules(day.rules)
    starts = hole_starts(SECRET, HERE.key, day.day, 3)
    # each hole is the first deal from its own start up not proven impossible (engine.golf.course.course)
    from engine.golf.course import course

    assert day.deals == tuple(course(s, 1, rules)[0] for s in starts)
    shown = await _everything_shown(world, ALICE, HERE)
    _assert_no_deal(shown, (*day.deals, *starts))
    await world.midnight()
    closed = [e for e in world.notifier.events() if isinstance(e, DayClosed)][-1]
    assert closed.reveal.endswith(" ".join(str(d) for d in day.deals)) and verify(
        closed.reveal, day.commitment
    )


def test_a_hidden_course_shows_no_deal_and_never_walks_its_gaps() -> None:
    from dataclasses import replace

    from bot.models import RoundState
    from bot.round_screens import round_screen

    # a winnable-only course with gaps of quintillions: listing them (engine.golf.course.skipped) would
    # never end
    far = (10**19, 5 * 10**18, 123)
    state = RoundState(
        id="dabcdefghi",
        place=HERE.key,
        players=(ALICE.key,),
        rules="strict+winnable-only",
        holes=3,
        par_for_nine=45,
        casual=False,
        deals=far,
        scores=(7, 9),
        best=(None, 3),
        moves=(),
        status=RoundStatus.HOLE_OVER,
    )
    for status in (RoundStatus.HOLE_OVER, RoundStatus.PLAYING, RoundStatus.FINISHED):
        shown = replace(state, status=status, scores=(7, 9, 4) if status is RoundStatus.FINISHED else (7, 9))
        screen = round_screen(shown, deal(far[2 if status is RoundStatus.PLAYING else 1]), hide_deals=True)
        assert screen.board is not None and screen.board.deal is None
        _assert_no_deal([render_screen(screen, with_keys=True)], far)
    shown_plain = render_screen(round_screen(replace(state, deals=(24, 25, 26)), deal(25)))
    assert "deal #25" in shown_plain  # a solo round still tells its deal


async def test_a_forged_press_of_another_mode_on_a_daily_round_is_not_ours(world: World) -> None:
    """The Clubhouse's sessions (solo rounds and tables) share the database with the daily's rounds: a press
    of theirs that names a daily round is refused as a broken button, not a crash."""
    from bot.clubhouse import Clubhouse
    from bot.errors import BadActionError
    from bot.texts import NOT_OUR_BUTTON, plain

    screen = await world.daily.play(ALICE, HERE)
    assert screen.session is not None
    club = Clubhouse(world.store, world.solver, world.clock)  # type: ignore[arg-type]
    for forged in (f"t6:{screen.session}:1:j", f"g1:{screen.session}:1:s"):
        with pytest.raises(BadActionError) as refused:
            await club.press(ALICE, forged)
        assert refused.value.message == plain(NOT_OUR_BUTTON)


async def test_after_a_day_nobody_played_no_course_opens_until_someone_asks(world: World) -> None:
    """A place that opened a course nobody played costs no work every night after: the rollover closes the
    day and opens none; the next course opens on first need, for the day it is then. A settings change
    after such a night opens today's course first, so today's stays as it would have been."""
    first = await world.daily.today(HERE)
    await world.midnight()
    assert await world.store.next_due(["daily"]) is None  # no timer left for a place nobody plays
    assert (await world.store.latest_day(HERE.key)) == replace(first, closed=True)
    await world.midnight()  # a second quiet night: nothing at all
    assert world.notifier.events() == []

    changed, _ = await world.daily.change_settings(HERE, holes=3)
    today = await world.daily.today(HERE)
    assert today.day == first.day + timedelta(days=2) and today.holes == first.holes == 9  # as it opened
    assert changed.holes == 3 and await world.store.next_due(["daily"]) == today.closes_at
    screen = await world.daily.play(ALICE, HERE)
    assert screen.board is not None and screen.board.columns == deal(today.deals[0]).tableau


async def test_two_processes_on_one_database_play_one_board_in_turn(
    world: World, db_path: Path, solver: object, clock: ManualClock
) -> None:
    """A daily board is a session like any other: a press the other process made is read from storage (the
    press names a version this process has not cached), and a press on the version it replaced is refused.
    Each hole finished is on the day's table once, whichever process ended it."""
    other = World(db_path, solver, clock)
    daily_b = await other.start()
    try:
        screen = await world.daily.play(ALICE, HERE)  # cached in process A
        moved = await daily_b.press(ALICE, button(screen, "s"))  # played in process B
        again = await world.daily.press(ALICE, button(moved, "s"))  # A reads the new version, plays
        assert again.version == moved.version + 1
        with pytest.raises(StaleActionError):
            await daily_b.press(ALICE, button(moved, "s"))  # the board has moved on (in A)
        over = await daily_b.press(ALICE, button(again, "q"))  # hole 1 ends in B
        assert over.version == again.version + 1
        day = await world.daily.today(HERE)
        result = await world.store.daily_result(HERE.key, day.day, ALICE.key)
        assert result is not None and result.holes_played == 1 and result.round_id == screen.session
    finally:
        await other.stop()


async def test_a_daily_course_of_black_hole(world: World) -> None:
    from engine.patience import find_patience

    await world.daily.change_settings(HERE, rules="blackhole", holes=3)
    await world.midnight()
    day = await world.daily.today(HERE)
    assert day.rules == "black-hole" and day.holes == 3
    assert day.commitment == commitment(HERE.key, day.day, "black-hole", day.deals)
    screen = await world.daily.play(ALICE, HERE)
    assert screen.board is not None and screen.board.layout is not None and screen.board.deal is None
    assert "Black Hole" in render_screen(screen) and not any(b.id.endswith(":h") for b in screen.all_buttons)
    game = find_patience("black-hole")
    position = game.deal(day.deals[0])
    for move in game.solve(position).moves:  # the first hole on its best line
        screen = await world.daily.press(ALICE, button(screen, game.move_text(move)))
        position = position.play(move)
    assert f"score {position.score}" in render_screen(screen)
    screen = await concede_all(world.daily, ALICE, screen)
    assert screen.blocks[-1].startswith("Share your result:\nBlack Hole daily #")
    assert str(day.deals[0]) not in render_screen(screen)  # the numbers wait for the reveal
