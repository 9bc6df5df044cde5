"""The daily challenge as a mode: one course a day per place, one attempt per player, no hints, no undo.

A day's course is opened on first need (or by the rollover) from the installation's secret
(``engine.daily``), with its commitment; its best scores are solved once, off the event loop, and stored.
A player's attempt is a round of kind ``daily`` whose payload names the day; every finished hole moves the
player's result on (``DailyStore.record_result``). At the place's midnight a timer of kind ``daily`` closes
the day (its results go into the all-time table once), announces the final table and the reveal, and opens
the next day's course; after a day nobody played it opens none (the next day's course opens on first need,
so a place where nobody plays costs no work every night). A time-zone or format change takes effect with
the next day: today's course stays as it opened, and a day is never played twice (after a change that
moves the clock back, the next day opens at once and simply lasts longer).

The boards are a mode of the sessions (``bot.modes.daily.boards``): their presses come through the Clubhouse's
door to the sessions like every other, and the challenge hears of each hole finished (``_board_moved``) to
move the player's result on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta

from bot.actions import SOLO
from bot.announcements import day_row_text
from bot.door import Door, Reply
from bot.errors import (
    AlreadyPlayedError,
    BadOptionError,
)
from bot.events import DayClosed, DayOpened, Outbox
from bot.i18n import N_, _, ngettext, number
from bot.i18n import day as day_text
from bot.locks import PlayerLocks
from bot.models import Payload, Place, Player, RoundState, RoundStatus, Timer
from bot.models.daily import (
    BOARD_PAGE,
    GLOBAL_PLACE,
    MAX_PAGES,
    DailyDay,
    DailyResult,
    DailySettings,
    DayRow,
    PeriodRow,
)
from bot.modes.daily.boards import (
    DAILY_ID,
    DAY_OVER,
    KIND,
    DailyBoards,
    board_screen,
    claims,
    day_of_round,
    round_share_text,
)
from bot.options import rules_option
from bot.ports import ActiveRoundExists, Clock, DailyStore, Notifier, Solver, Storage
from bot.screens import Screen, ScreenKind, ShareView
from bot.sessions import Change, Live, Moved, Sessions
from bot.timers import Timers
from engine.daily import (
    DAILY_HOLES,
    DailyError,
    Streaks,
    commitment,
    day_end,
    day_of,
    hole_starts,
    reveal_text,
    streaks,
    zone,
)
from engine.golf.scoring import par_per_hole, to_par_text
from engine.patience import Position, find_patience

log = logging.getLogger(__name__)

PAYLOAD_VERSION = 1
PERIODS = ("today", "week", "all")


def new_daily_id() -> str:
    return "d" + "".join(
        secrets.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _letter in range(DAILY_ID - 1)
    )


def place_of(key: str) -> Place:
    platform, _colon, place_id = key.partition(":")
    return Place(platform, place_id)


def rollover_timer_id(place: str) -> str:
    return f"daily:{place}"


class DailyChallenge:
    def __init__(
        self,
        storage: Storage,
        daily: DailyStore,
        solver: Solver,
        clock: Clock,
        *,
        notifier: Notifier | None = None,
        new_secret: Callable[[], bytes] = lambda: secrets.token_bytes(32),
    ) -> None:
        self._storage = storage
        self._daily = daily
        self._solver = solver
        self._clock = clock
        self.notifier = notifier
        """Where events go that happen outside a timer (a rollover caught up on by a command)."""
        self._new_secret = new_secret
        self._secret: bytes | None = None
        self._locks = PlayerLocks()
        self._place_locks = PlayerLocks()
        self._solving: dict[tuple[str, date], asyncio.Task[tuple[int | None, ...]]] = {}
        self._timers: Timers | None = None
        self._boards = DailyBoards(daily, self._best, clock)
        self._sessions: Sessions | None = None
        """The Clubhouse's sessions, which play the boards (``open_door``)."""

    # ---- the installation and the timers ---------------------------------------------------------

    async def secret(self) -> bytes:
        """The installation's secret: generated at the first start, then read from the database."""
        if self._secret is None:
            self._secret = await self._daily.installation_secret(self._new_secret())
        return self._secret

    def attach(self, timers: Timers) -> None:
        """Handle the rollover timers of the ``Timers`` service, and schedule them through it (so that it
        wakes for a sooner one)."""
        timers.on(KIND, self.on_rollover)
        self._timers = timers

    async def _schedule_rollover(self, day: DailyDay) -> None:
        timer = Timer(rollover_timer_id(day.place), KIND, day.closes_at, day.place)
        if self._timers is not None:
            await self._timers.schedule(timer)
        else:
            await self._storage.add_timer(timer)

    async def on_rollover(self, timer: Timer, outbox: Outbox) -> None:
        """The timer handler: close the place's day if it is over, and open the next."""
        await self.rollover(timer.payload, outbox)

    # ---- a place's course ------------------------------------------------------------------------

    async def settings(self, place: Place) -> DailySettings:
        return await self._daily.daily_settings(place.key)

    async def change_settings(
        self,
        place: Place,
        *,
        zone_name: str | None = None,
        holes: int | None = None,
        rules: str | None = None,
        channel: str | None = None,
        post: bool | None = None,
    ) -> tuple[DailySettings, bool]:
        """Change what is given (from the next day on; today's course stays); returns the settings now
        stored and whether anything changed. Permission checks are the adapter's."""
        if await self._daily.latest_day(place.key) is not None:  # (a first course takes the new settings)
            await self.today(place)  # today's opens as it would have, after a night nobody played
        current = await self._daily.daily_settings(place.key)
        if zone_name is not None:
            try:
                zone_name = zone(zone_name.strip()).key
            except DailyError as error:
                raise BadOptionError.of_engine(error) from None
        if holes is not None and holes not in DAILY_HOLES:
            raise BadOptionError(N_("A daily course has 1, 3, 9 or 18 holes, not {holes}."), holes=holes)
        new = replace(
            current,
            zone=current.zone if zone_name is None else zone_name,
            holes=current.holes if holes is None else holes,
            rules=current.rules if rules is None else rules_option(rules),
            channel=current.channel if channel is None else channel,
            post=current.post if post is None else post,
        )
        if new != current:
            await self._daily.save_daily_settings(place.key, new)
        return new, new != current

    async def today(self, place: Place) -> DailyDay:
        """The place's course of today, opened now if it is not yet (and yesterday's closed first, if its
        rollover has not run: the bot was down, say)."""
        latest = await self._daily.latest_day(place.key)
        if latest is not None and not latest.closed and self._clock.now() < latest.closes_at:
            return latest
        outbox = Outbox()
        day = await self.rollover(place.key, outbox, place=place)
        if self.notifier is not None:
            await outbox.publish(self.notifier)
        return day

    async def rollover(self, place_key: str, outbox: Outbox, *, place: Place | None = None) -> DailyDay:
        """Close the place's day if it is over, and open the next one; returns the day now open. If anyone
        played the day closed (and the place posts), the final table with the reveal and the next day's
        commitment are announced; a place where nobody plays hears nothing. Safe to call at any time,
        from any number of processes: a day is opened once and closed once."""
        async with self._place_locks.hold(place_key):
            settings = await self._daily.daily_settings(place_key)
            latest = await self._daily.latest_day(place_key)
            now = self._clock.now()
            played = False
            announce = settings.post and place_key != GLOBAL_PLACE  # the global course has no chat
            if latest is not None and not latest.closed:
                if now < latest.closes_at:
                    await self._schedule_rollover(latest)  # an early or moved timer: wait on
                    return latest
                if await self._daily.close_day(place_key, latest.day):
                    closed = await self._closed_event(latest)
                    played = closed.winner is not None
                    if announce and played:
                        outbox.to_place(place_key, closed)
            if place is None and latest is not None and not played and not await self._played(latest):
                return latest  # the rollover of a day nobody played: the next opens on first need
            today = day_of(now, settings.zone)
            if latest is not None and today <= latest.day:  # the zone moved back: never a day twice
                today = latest.day + timedelta(days=1)
            opened = await self._open(place or place_of(place_key), settings, today)
            if announce and played and opened.closes_at > now:
                outbox.to_place(place_key, DayOpened(place_key, opened.day, opened.holes, opened.commitment))
            await self._schedule_rollover(opened)
            return opened

    async def _played(self, day: DailyDay) -> bool:
        """Did anyone play ``day`` (whichever process closed it)?"""
        return bool(await self._daily.day_board(day.place, day.day, 0, 1))

    async def _open(self, place: Place, settings: DailySettings, day: date) -> DailyDay:
        rules = find_patience(settings.rules)
        starts = hole_starts(await self.secret(), place.key, day, settings.holes)
        if rules.winnable_only:  # each hole: the first deal from its start up not proven impossible
            found = await asyncio.gather(*(self._solver.course(s, 1, settings.rules) for s in starts))
            deals = tuple(one[0] for one in found)
        else:
            deals = starts
        par = (await self._storage.place_settings(place)).par_for_nine
        wanted = DailyDay(
            place=place.key,
            day=day,
            zone=settings.zone,
            rules=settings.rules,
            par_for_nine=par,
            deals=deals,
            commitment=commitment(place.key, day, settings.rules, deals),
            closes_at=day_end(day, settings.zone),
        )
        return await self._daily.open_day(wanted)

    async def _closed_event(self, day: DailyDay) -> DayClosed:
        rows = await self._daily.day_board(day.place, day.day, 0, BOARD_PAGE)
        top = rows[0] if rows else None
        return DayClosed(
            place=day.place,
            day=day.day,
            winner=top.player if top else None,
            best=top.total if top else None,
            table=tuple(rows),
            reveal=reveal_text(day.place, day.day, day.rules, day.deals),
            commitment=day.commitment,
        )

    # ---- best scores, solved once a day ----------------------------------------------------------

    def _solve(self, day: DailyDay) -> asyncio.Task[tuple[int | None, ...]] | None:
        """Start solving the day's deals unless they are known or being solved."""
        key = (day.place, day.day)
        if day.best or day.closed:
            return None
        task = self._solving.get(key)
        if task is None:
            task = self._solving[key] = asyncio.create_task(self._solve_day(day))
        return task

    async def _solve_day(self, day: DailyDay) -> tuple[int | None, ...]:
        game = find_patience(day.rules)
        best: list[int | None] = []
        for deal in day.deals:
            try:
                answer = await self._solver.best_score(game.deal(deal))
            except Exception:  # a nicety: never lose a move over it
                log.exception("best score of deal %s failed", deal)
                answer = None
            best.append(answer.score if answer is not None and answer.proven else None)
        known = tuple(best)
        if all(b is not None for b in known):
            await self._daily.save_day_best(day.place, day.day, known)
        else:
            self._solving.pop((day.place, day.day), None)  # try again on a later hole
        return known

    async def _best(self, day: DailyDay, index: int) -> int | None:
        if day.best:
            return day.best[index]
        task = self._solve(day)
        if task is None:
            return None
        return (await task)[index]

    # ---- playing ---------------------------------------------------------------------------------

    async def play(self, player: Player, place: Place) -> Screen:
        """Play or resume today's course at ``place``. A second attempt raises AlreadyPlayedError with the
        player's result."""
        day = await self.today(place)
        sessions = self._joined()
        async with self._locks.hold(player.key):
            await self._storage.ensure_player(player)
            active = await sessions.active(player.key, place.key, KIND)
            if active is not None and day_of_round(active.state) != day.day:
                await self._end(active.state.id)  # yesterday's, left unfinished: its result stands
                active = None
            if active is not None:
                return board_screen(active.state, active.position)
            result = await self._daily.daily_result(place.key, day.day, player.key)
            if result is not None:
                raise _already_played(result, day)
            now = self._clock.now()
            state = RoundState(
                id=new_daily_id(),
                place=place.key,
                players=(player.key,),
                rules=day.rules,
                holes=day.holes,
                par_for_nine=day.par_for_nine,
                casual=False,
                deals=day.deals,
                kind=KIND,
                started_at=now,
                updated_at=now,
                payload=Payload.of(PAYLOAD_VERSION, {"day": day.day.isoformat()}),
            )
            self._solve(day)  # the day's first player: its best scores are worked out meanwhile
            try:
                live = await sessions.create(state)
            except ActiveRoundExists:  # another process started it a moment ago
                current = await sessions.active(player.key, place.key, KIND)
                if current is None:
                    raise
                live = current
            return board_screen(live.state, live.position)

    def open_door(self, door: Door, sessions: Sessions) -> None:
        """Play the daily boards as a mode of ``sessions`` (the Clubhouse's), their presses coming in by
        ``door`` (the Clubhouse's): a daily board has a solo round's keys, told apart by the length of its
        round id (``claims``)."""
        sessions.add(self._boards, borrows_family=True)
        sessions.watch(KIND, self._board_moved)

        async def room(player: Player, action_id: str, where: str) -> Reply:
            return Reply(await self.press(player, action_id))

        self._sessions = sessions
        door.add(SOLO.family, room, when=claims)

    async def press(self, player: Player, action_id: str) -> Screen:
        """A press on a daily board: the sessions play it as this mode's (the door's room for daily boards
        comes here; so may callers that hold the challenge, not the Clubhouse: tests, benchmarks)."""
        return await self._joined().press(player.key, action_id, kind=KIND)

    def _joined(self) -> Sessions:
        if self._sessions is None:
            raise RuntimeError("DailyChallenge.open_door was not called")
        return self._sessions

    async def _board_moved(self, moved: Moved) -> None:
        """A hole finished on a daily board (committed): the player's result on the day's table moves on."""
        if not moved.finished_hole:
            return
        new = moved.after
        total = sum(new.scores)
        to_par = total - par_per_hole(new.par_for_nine) * len(new.scores)
        last = new.status is RoundStatus.FINISHED
        await self._daily.record_result(
            DailyResult(
                place=new.place,
                day=day_of_round(new),
                player=new.owner,
                round_id=new.id,
                holes_played=len(new.scores),
                total=total,
                to_par=to_par,
                finished=last,
                at_or_under_par=last and to_par <= 0,
            )
        )

    async def close(self) -> None:
        """Stop solving best scores nobody waits for any more."""
        for task in self._solving.values():
            task.cancel()
        self._solving.clear()

    async def _end(self, round_id: str) -> None:
        """Close a board of a day gone by (through the sessions: its cached copy goes too)."""
        ended_at = self._clock.now()

        def end(live: Live[Position]) -> Change[Position] | None:
            if not live.state.is_active:
                return None  # ended by another process meanwhile
            new = live.state.bump(status=RoundStatus.ABANDONED, updated_at=ended_at)
            # Translators: the title of a daily board closed because its day is over
            return Change(new, live.position, Screen(ScreenKind.NOTICE, _("Round ended"), (_(DAY_OVER),)))

        await self._joined().amend(round_id, end)

    # ---- results ---------------------------------------------------------------------------------

    async def share(self, player: Player, place: Place) -> str | None:
        """The player's spoiler-free share text of today's course (None before they finish a hole)."""
        day = await self.today(place)
        result = await self._daily.daily_result(place.key, day.day, player.key)
        if result is None:
            return None
        state = await self._storage.load_round(result.round_id)
        if state is None:
            return None
        return round_share_text(state, day.day, day.holes, day.par_for_nine)

    async def share_card(self, player: Player, place: Place) -> Screen | None:
        """The player's result of today's course as a share card: the share text (its only block) and the
        same as data for a picture (``Screen.share``), with where the player stands at the place. Nothing
        of it names a card or a deal (None before they finish a hole)."""
        text = await self.share(player, place)
        if text is None:
            return None
        day = await self.today(place)
        title, score, squares = text.split("\n")
        rows = await self._daily.day_board(place.key, day.day, 0, STANDING_SCAN)
        entries = await self._daily.day_entries(place.key, day.day)
        rank = next((row.rank for row in rows if row.player == player.key), None)
        standing = _standing(rank, entries)
        card = ShareView(title=title, score=score, squares=squares, standing=standing)
        return Screen(ScreenKind.INFO, title="", blocks=(text,), share=card)

    async def streaks(self, player: Player, place: Place) -> Streaks:
        days = await self._daily.place_days(place.key)
        return streaks(days, await self._daily.player_days(place.key, player.key))

    async def leaderboard(self, place: Place, period: str = "today", page: int = 0) -> Screen:
        """A page of today's, this week's (its days closed so far, Monday to Sunday) or the all-time table."""
        if period not in PERIODS:
            raise BadOptionError(
                N_("A leaderboard is today, week or all, not {period}."), period=repr(period)
            )
        page = min(max(page, 0), MAX_PAGES - 1)  # (an offset SQLite can hold; a page past the end is empty)
        day = await self.today(place)
        offset = page * BOARD_PAGE
        notes: tuple[str, ...] = ()
        if period == "today":
            rows: list[str] = [
                day_row_text(r) for r in await self._daily.day_board(place.key, day.day, offset, BOARD_PAGE)
            ]
            title = _("📅 Daily {day} — today's table", day=day_text(day.day))
            notes = (
                _(
                    "Commitment to today's deals (SHA-256, revealed at midnight): {commitment}",
                    commitment=day.commitment,
                ),
            )
        elif period == "week":
            periods = await self._daily.week_board(place.key, day.day, offset, BOARD_PAGE)
            rows = [period_row_text(r) for r in periods]
            monday = day.day - timedelta(days=day.day.weekday())
            title = _("📅 Daily — the week of {monday} (days closed so far)", monday=day_text(monday))
        else:
            rows = [
                period_row_text(r) for r in await self._daily.all_time_board(place.key, offset, BOARD_PAGE)
            ]
            title = _("📅 Daily — all time")
        body = "\n".join(rows) if rows else _("Nobody on this table yet.")
        if not rows and page > 0:
            body = _("Nobody on page {page} of this table: it is shorter. Page 1 is the top.", page=page + 1)
        return Screen(ScreenKind.INFO, title=title, blocks=(body, *notes))


STANDING_SCAN = 1000
"""How far down today's table a share card looks for its player's place (a player further down is told how
many play)."""


def _already_played(result: DailyResult, day: DailyDay) -> AlreadyPlayedError:
    """The refusal of a second attempt at today's course, with the player's result."""
    to_par = to_par_text(result.to_par, _)
    if result.finished:
        return AlreadyPlayedError(
            N_(
                "You have played today's course already: {total} ({to_par}). One attempt a day — a new "
                "course opens at midnight ({zone})."
            ),
            total=result.total,
            to_par=to_par,
            zone=day.zone,
        )
    return AlreadyPlayedError(
        N_(
            "You have played today's course already: {total} ({to_par}) after {played} of {holes}. One "
            "attempt a day — a new course opens at midnight ({zone})."
        ),
        total=result.total,
        to_par=to_par,
        played=result.holes_played,
        holes=day.holes,
        zone=day.zone,
    )


ORDINALS = {
    # Translators: an ordinal place ending in 1 (not 11): "1st", "21st" (German: "{rank}.")
    1: N_("{rank}st"),
    # Translators: an ordinal place ending in 2 (not 12): "2nd", "22nd" (German: "{rank}.")
    2: N_("{rank}nd"),
    # Translators: an ordinal place ending in 3 (not 13): "3rd", "23rd" (German: "{rank}.")
    3: N_("{rank}rd"),
}
# Translators: any other ordinal place: "4th", "11th", "12th" (German: "{rank}.")
NTH = N_("{rank}th")


# Translators: the first place itself (French "1er", while 21 is "21e" like "{rank}th")
FIRST = N_("1st")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st (in the reader's language)."""
    if n == 1:
        return _(FIRST)
    form = NTH if 10 <= n % 100 <= 20 else ORDINALS.get(n % 10, NTH)
    return _(form, rank=n)


def _standing(rank: int | None, entries: int) -> str:
    """Where a player stands on today's table (``3rd of 12``), or how many play (past the part looked at)."""
    if rank is None:
        # Translators: how many play today's daily course, on a share card
        return ngettext("{count} playing", "{count} playing", entries)
    # Translators: a player's place on today's daily table, of how many play it ("3rd of 12")
    return ngettext("{rank} of {count}", "{rank} of {count}", entries, rank=ordinal(rank))


def _name(row: DayRow | PeriodRow) -> str:
    return row.name or row.player


def period_row_text(row: PeriodRow) -> str:
    """A row of the week's or the all-time table: days played, average to par, wins, best to par."""
    average = number(round(row.average_to_par, 1), places=1)
    # Translators: how many days a player played the daily course, in a row of the week's or all-time table
    days = ngettext("{count} day", "{count} days", row.days)
    # Translators: how many days a player won the daily course, in a row of the week's or all-time table
    wins = ngettext("{count} win", "{count} wins", row.wins)
    # Translators: a row of the week's or all-time daily table: {days} "5 days", {wins} "2 wins"; {average}
    # is the average score to par a day ("+1.4"), {best} the best ("-3")
    return _(
        "{rank}. {player} — {days}, average {average}, {wins}, best {best}",
        rank=f"{row.rank:>3}",
        player=_name(row),
        days=days,
        average=average if average.startswith(("-", "−")) else "+" + average,
        wins=wins,
        best=to_par_text(row.best_to_par, _),
    )
