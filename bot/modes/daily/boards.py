"""The daily challenge's boards as a mode of the sessions: a player's attempt at a day's course is a round of
kind ``daily``, loaded, locked, version-checked and committed like any other session.

A daily board is a solo board to the platforms (the ``g1`` family; its round id is 10 characters long, a
solo round's 8), so the mode *borrows* the solo family and the door sends it the ids it claims (``claims``).
Unlike a solo round it gives no hints and no undo, never shows the deal numbers while the day runs (they are
the stock order of everyone's course), takes each hole's best score from the day's (solved once for
everyone), and is refused once its day has closed. Recording the player's result on the day's table is the
challenge's (``bot.modes.daily.challenge``), which watches the boards' presses.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import replace
from datetime import date

from bot import texts
from bot.actions import SOLO
from bot.errors import GolfError, IllegalMoveError, StaleActionError
from bot.golf_round import position
from bot.i18n import N_, _, ngettext
from bot.i18n import day as day_text
from bot.models import HoleRecord, RoundState, RoundStatus
from bot.models.daily import DailyDay
from bot.ports import Clock, DailyStore
from bot.round_screens import round_screen
from bot.screens import Screen
from bot.sessions import Change, Live
from engine.daily import course_number, share_text
from engine.patience import Position, find_patience, is_family

KIND = "daily"
"""The rounds' kind (and the rollover timers')."""
DAILY_ID = 10
"""The length of a daily round's id (a solo round's is 8): a solo board's key tells its mode without a look-up
(a Six-card table's id is as long, but its keys are of another family)."""

NO_HINTS = N_("No hints in the daily challenge: everyone plays it on their own.")
DAY_OVER = N_("That day's course has closed: today's is waiting for you.")

Best = Callable[[DailyDay, int], Awaitable[int | None]]
"""The best score of a day's hole (by index), worked out once for everyone; None if not known in time."""


_SOLO_PREFIX = SOLO.family + ":"
_DAILY_COLON = len(_SOLO_PREFIX) + DAILY_ID
"""Where the colon after a daily round's id falls in a button id (a solo round's id is shorter, and a
character of a daily id is never a colon)."""


def claims(action_id: str) -> bool:
    """Whether a button id belongs to a daily board: a solo board's key whose round id has the daily's
    length, told from the text without a trip to storage (or a parse: the door asks it of every solo
    press). Other families' ids may be as long (a Six-card table's is): they are not daily."""
    return (
        len(action_id) > _DAILY_COLON
        and action_id[_DAILY_COLON] == ":"
        and action_id.startswith(_SOLO_PREFIX)
        and ":" not in action_id[len(_SOLO_PREFIX) : _DAILY_COLON]
    )


def day_of_round(state: RoundState) -> date:
    return date.fromisoformat(str(state.payload.read()["day"]))


def game_title(state: RoundState) -> str:
    """The name the share text gives the course's game: Golf, or the family game's (``TriPeaks``)."""
    return find_patience(state.rules).title if is_family(state.rules) else "Golf"


def round_share_text(state: RoundState, day: date, holes: int, par_for_nine: int) -> str:
    """The spoiler-free share text of a daily round (``engine.daily.share_text``) in the reader's language:
    ``holes`` and ``par_for_nine`` are the course's."""
    title = game_title(state)
    return share_text(day, state.scores, state.best, holes, par_for_nine, title, word=_, ngettext=ngettext)


def board_screen(state: RoundState, hole: Position) -> Screen:
    """A daily board: no deal number while the day runs (it is the whole stock order: it comes with the
    reveal); the share card once the course is finished."""
    screen = round_screen(state, hole, hide_deals=True)
    day = day_of_round(state)
    # Translators: a daily board's title: the course's number, its date, then the board's own title
    title = _(
        "📅 Daily #{number} · {day} · {title}",
        number=course_number(day),
        day=day_text(day),
        title=screen.title,
    )
    if state.status is RoundStatus.FINISHED:
        card = round_share_text(state, day, state.holes, state.par_for_nine)
        return replace(screen, title=title, blocks=(*screen.blocks, _("Share your result:") + "\n" + card))
    return replace(screen, title=title)


class DailyBoards:
    """The mode (``bot.sessions.Mode``) of daily boards."""

    kind = KIND
    template = SOLO

    def __init__(self, days: DailyStore, best: Best, clock: Clock) -> None:
        self._days = days
        self._best = best
        self._clock = clock

    def position(self, state: RoundState) -> Position:
        return position(state)

    def seats(self, state: RoundState) -> Collection[str]:
        return (state.owner,)

    def to_act(self, live: Live[Position]) -> Collection[str]:
        return (live.state.owner,)

    def screen(self, live: Live[Position], seat: str) -> Screen:
        return board_screen(live.state, live.position)

    def takes_late(self, live: Live[Position], seat: str, action: str) -> bool:
        return False  # the player's own board: out of date means refused

    def concede_action(self, live: Live[Position]) -> str:
        if live.state.status is not RoundStatus.PLAYING:
            raise StaleActionError(texts.HOLE_OVER, screen=self.screen(live, live.state.owner))
        return "q"

    async def act(self, live: Live[Position], seat: str, action: str) -> Change[Position]:
        state, hole = live.state, live.position
        day = await self._days.daily_day(state.place, day_of_round(state))
        if day is None or day.closed:
            raise StaleActionError(DAY_OVER)
        if action == "h":
            raise GolfError(NO_HINTS, screen=board_screen(state, hole))
        if action == "n":
            if state.status is not RoundStatus.HOLE_OVER:
                raise StaleActionError(texts.HOLE_NOT_OVER, screen=board_screen(state, hole))
            new = state.bump(status=RoundStatus.PLAYING, moves=(), updated_at=self._clock.now())
            opening = position(new)
            return Change(new, opening, board_screen(new, opening))
        if state.status is not RoundStatus.PLAYING:
            raise StaleActionError(texts.HOLE_OVER, screen=board_screen(state, hole))
        return await self._move(state, hole, day, action)

    async def _move(self, state: RoundState, hole: Position, day: DailyDay, code: str) -> Change[Position]:
        try:
            after = hole.play(find_patience(state.rules).parse_move(code))
        except ValueError as error:  # not a legal move here, or not a move of this game
            raise IllegalMoveError.of_engine(error, screen=board_screen(state, hole)) from None
        now = self._clock.now()
        moves = (*state.moves, code)
        if not after.is_over:
            new = state.bump(moves=moves, updated_at=now)
            return Change(new, after, board_screen(new, after))
        index = len(state.scores)
        best = await self._best(day, index)
        last = index + 1 == state.holes
        new = state.bump(
            moves=moves,
            scores=(*state.scores, after.score),
            best=(*state.best, best),
            status=RoundStatus.FINISHED if last else RoundStatus.HOLE_OVER,
            updated_at=now,
        )
        record = HoleRecord(
            round_id=state.id,
            player=state.owner,
            place=state.place,
            index=index,
            deal=state.deal,
            rules=state.rules,
            moves=moves,
            score=after.score,
            best=best,
            finished_at=now,
        )
        return Change(new, after, board_screen(new, after), finished=record)
