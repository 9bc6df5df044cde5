"""Six-card Golf at a table: the second mode of the sessions (``bot.sessions``), 2–4 seats in one place.

A table begins *gathering*: its creator holds the first seat; anyone may take a seat (``j``) or sit a
computer player in the next empty one (``c``), and the creator deals (``g``) once two seats or more are
taken. Then nine hands (``engine.sixcard.Course``): only the seats the hand waits for may act (during the
opening every seat turns two of its cards, in any order; then one seat at a time). Computer seats act at
once, right after the human before them. Every seat sees the hand through ``engine.sixcard.view_of``:
face-down cards are backs for everyone, and a card drawn from the stock is shown to its drawer only (on
the Screen that goes back to them), never on the table.

A table with a clock (the chat platforms') that nobody deals within ``GATHER_SECONDS`` of opening closes
itself (a persisted timer of kind ``GATHER``): its message then says so, and the place is told.

The end of a hand: it is scored and stays on the table, every grid face up with its score and its pairs
marked, until a person at the table presses Next hand (``n``), or the turn clock runs out (then it deals the
next hand itself, and the place is told). The next hand's cards are dealt only then. The last hand's grids
stay on the game-over screen.

Turn clocks: every time the table waits for a human, a persisted timer (``bot.timers``, kind ``CLOCK``,
one per table) is set ``limit`` seconds ahead, naming the version it waits at. If it fires while the table
is still at that version, the computer strategy plays the late seats' turns and the table says so.

Ids (``t6`` family): ``1``-``6`` turn a card at the opening or put the held card there; ``s`` take the
stock's top card, ``p`` the discard pile's, ``x`` discard the held card; ``j`` join, ``c`` add a computer
player, ``g`` deal, ``l`` leave (a seated player gives up their seat; the opener closes the table, which
frees them to open another there), ``n`` deal the next hand. Leaving is for a table not dealt yet: a
dealt game is played to its end, the clock and the computer playing the turns of whoever is gone.

The whole table (seats, clock limit, the scorecard and the hand in play) is kept in the session's payload,
so a restart resumes it where it stood.

Results: a finished game feeds the place's competition table and ratings (``bot.modes.competition``), once a
store for them is given (``use_results``): one result per game, id ``t6-<table id>``, a line for each
human seat (computer seats are left out), ranked by total among all the seats (so a person beaten by a
computer did not win) and with holes won and lost counted against every other seat. It is written just
after the game's last commit; a result written already is not written again.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Self

from bot.actions import TABLE, family_of
from bot.errors import BadActionError, GolfError, NoRoundError, NotYourRoundError
from bot.events import ClockExpired, Outbox
from bot.i18n import N_, N_plural, _, ngettext
from bot.models import Payload, Place, Player, RoundState, RoundStatus, Timer
from bot.models.competition import Competition, CompetitionStatus
from bot.models.results import Finish, MatchResult, hole_tally, ranks
from bot.options import DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT
from bot.ports import ActiveRoundExists, Clock, CompetitionStore, ConstraintViolation
from bot.screens import Button, ButtonRole, ButtonStyle, GridView, Screen, ScreenKind, TableView
from bot.sessions import Change, Live, Moved, Sessions
from bot.timers import Timers
from engine.sixcard import (
    DISCARD,
    DRAW,
    HOLES,
    LEVELS,
    TAKE,
    Action,
    ActionError,
    ActionKind,
    Course,
    Hand,
    Phase,
    Source,
    find_player,
    paired_columns,
    view_of,
)
from engine.sixcard.encoding import hand_from_json, hand_to_json
from engine.sixcard.hand import MAX_PLAYERS, MIN_PLAYERS
from engine.sixcard.view import SeatView

log = logging.getLogger(__name__)

KIND = "sixcard"
RESULT_KIND = "group"
"""The competition kind a table's result is stored under (a game of several players, like a group round)."""
CLOCK = "table-clock"
"""The kind of a table's turn-clock timer."""
GATHER = "table-gather"
"""The kind of the timer that closes a table nobody dealt (``GATHER_SECONDS`` after it opened)."""
GATHER_SECONDS = 3600
CLOSED = N_("Six-card Golf · the table is closed")
GAME_OVER = N_("This table's game is over. Open a new table with {sixcard}.")
PAYLOAD_VERSION = 1
STAND_IN = "hard"
"""The computer strategy that plays a missed turn."""
BACK = "##"
PLACES = frozenset("123456")
"""The actions that name one of a grid's six places."""
NOTES_KEPT = 4
NEXT = "n"
"""The action that deals the next hand once one is over."""


class TableRefused(GolfError):
    """A table action that may not be done now (a full table, a deal with one seat, ...)."""


Value = str | int | tuple[str, ...]
"""A placeholder's value in a ``Note``: names (a tuple) are joined with "and" in the reader's language."""


@dataclass(frozen=True, slots=True)
class Note:
    """A line the table says (kept in its payload): its untranslated text and placeholders, worded when the
    table is drawn, in the language of whoever reads it. ``plural``: the plural form, chosen by the
    placeholder ``count``."""

    template: str
    params: tuple[tuple[str, Value], ...] = ()
    plural: str = ""

    @classmethod
    def of(cls, template: str, /, *, plural: str = "", **params: Value) -> Self:
        return cls(template, tuple(params.items()), plural)

    def words(self) -> str:
        params = {key: names(value) if isinstance(value, tuple) else value for key, value in self.params}
        if self.plural:
            count = params["count"]
            assert isinstance(count, int)
            return ngettext(self.template, self.plural, count, **params)
        return _(self.template, **params)

    def to_json(self) -> list[Any]:
        params = {key: list(value) if isinstance(value, tuple) else value for key, value in self.params}
        return [self.template, params, self.plural]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """A note as ``to_json`` wrote it, or a line of an older payload (its English words, as they were)."""
        if isinstance(data, str):
            return cls(data)
        template, params, plural = data
        values = {key: tuple(value) if isinstance(value, list) else value for key, value in params.items()}
        return cls(template, tuple(values.items()), plural)


def names(people: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann and Bob and Cy``: names of seats that tie, in the reader's language."""
    joined = people[0] if people else ""
    for name in people[1:]:
        # Translators: joins the names of players who tie or win together ("Ann and Bob")
        joined = _("{names} and {name}", names=joined, name=name)
    return joined


@dataclass(frozen=True, slots=True)
class Seat:
    key: str
    """The player's key, or ``computer:<n>`` for a computer seat."""
    name: str
    computer: str | None = None
    """The level of a computer seat (``engine.sixcard.LEVELS``); None for a person."""


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[Seat, ...]
    limit: int | None
    """Seconds a human has for a turn; None: no clock (the terminal)."""
    level: str
    """The level of the computers added on request."""
    seed: int
    course: Course | None = None
    """None while the table gathers."""
    hand: Hand | None = None
    notes: tuple[Note, ...] = ()
    """What happened lately, newest last (shown on the table, worded for its reader)."""
    message: str = ""
    """Where the platform shows the table (its chat message, in the adapter's own words; "" unknown)."""

    @property
    def gathering(self) -> bool:
        return self.course is None

    def seat_of(self, key: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.key == key:
                return index
        raise NoRoundError(N_("You have no seat at this table."))

    @property
    def people(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.seats if s.computer is None)

    @property
    def over(self) -> bool:
        """The game is over: all its hands are played."""
        return self.course is not None and self.course.is_complete

    @property
    def between_hands(self) -> bool:
        """A hand is over and shown face up; the next deal waits for Next hand (or the clock)."""
        return self.hand is not None and self.hand.is_over and not self.over

    def waiting_for(self) -> tuple[int, ...]:
        """The human seats the hand waits for (between hands: every person, any of whom deals the next)."""
        if self.between_hands:
            return tuple(i for i, s in enumerate(self.seats) if s.computer is None)
        if self.hand is None or self.hand.is_over:
            return ()
        return tuple(i for i in self.hand.to_act() if self.seats[i].computer is None)

    @property
    def said(self) -> tuple[str, ...]:
        """The notes, worded for the reader."""
        return tuple(note.words() for note in self.notes)

    def noted(self, *lines: Note) -> Table:
        return replace(self, notes=(*self.notes, *lines)[-NOTES_KEPT:])


def encode(table: Table) -> Payload:
    course = table.course
    return Payload.of(
        PAYLOAD_VERSION,
        {
            "seats": [[s.key, s.name, s.computer] for s in table.seats],
            "limit": table.limit,
            "level": table.level,
            "seed": table.seed,
            "scores": None if course is None else [list(s) for s in course.scores],
            "hand": None if table.hand is None else hand_to_json(table.hand),
            "notes": [note.to_json() for note in table.notes],
            "message": table.message,
        },
    )


def decode(payload: Payload) -> Table:
    if payload.version != PAYLOAD_VERSION:
        raise ValueError(f"a table payload of layout {payload.version} is not one this release reads")
    data = payload.read()
    seats = tuple(Seat(k, n, c) for k, n, c in data["seats"])
    scores = data["scores"]
    course = None
    if scores is not None:
        course = Course(int(data["seed"]), len(seats), HOLES, tuple(tuple(s) for s in scores))
    hand = None if data["hand"] is None else hand_from_json(data["hand"])
    limit = None if data["limit"] is None else int(data["limit"])
    notes = tuple(Note.from_json(note) for note in data["notes"])
    return Table(seats, limit, data["level"], int(data["seed"]), course, hand, notes, data.get("message", ""))


class _Anyone(Collection[str]):
    """Everybody (a gathering table takes a press from anyone: to join it)."""

    def __contains__(self, item: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


ANYONE = _Anyone()


class TableMode:
    """The Six-card table mode. ``timers``: where turn clocks go (None: no clocks, e.g. hot-seat play)."""

    kind = KIND
    template = TABLE

    def __init__(
        self,
        sessions: Sessions,
        clock: Clock,
        *,
        timers: Timers | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._sessions = sessions
        self._clock = clock
        self._timers = timers
        self._rng = rng or random.Random()
        self._names: dict[str, str] = {}
        self._results: CompetitionStore | None = None
        sessions.add(self)
        sessions.watch(KIND, self._moved)
        if timers is not None:
            self.use_timers(timers)

    # ---- creating ----------------------------------------------------------------------------------

    async def create(
        self,
        player: Player,
        place: Place,
        *,
        limit: int | None = DEFAULT_LIMIT,
        level: str = "easy",
        seed: int | None = None,
        others: Sequence[Player] = (),
        computers: Sequence[str] = (),
    ) -> Screen:
        """A new table at ``place`` with ``player`` in its first seat, ``others`` in the next ones (hot-seat
        play) and then computer players of ``computers``' levels. Raises TableRefused if they have one going
        there (with it), or for a limit, level or number of seats out of range."""
        if len(others) + len(computers) + 1 > MAX_PLAYERS:
            raise TableRefused(
                N_("A table has {fewest} to {most} seats."), fewest=MIN_PLAYERS, most=MAX_PLAYERS
            )
        for wanted in (*computers, level):
            if wanted not in LEVELS:
                raise TableRefused(
                    N_("No computer player {level}: choose one of {levels}."),
                    level=repr(wanted),
                    levels=", ".join(LEVELS),
                )
        if limit is not None and not MIN_LIMIT <= limit <= MAX_LIMIT:
            raise TableRefused(
                N_("A turn clock is {fewest} to {most} seconds, not {limit}."),
                fewest=MIN_LIMIT,
                most=MAX_LIMIT,
                limit=limit,
            )
        now = self._clock.now()
        people = [player, *others]
        seats = [Seat(p.key, p.name or _player_name(i + 1)) for i, p in enumerate(people)]
        seats += [Seat(f"computer:{n + 1}", _computer_name(n + 1, c), c) for n, c in enumerate(computers)]
        table = Table(
            tuple(seats),
            limit,
            level,
            self._rng.getrandbits(63) if seed is None else seed,
        )
        state = RoundState(
            id=secrets.token_hex(5),
            place=place.key,
            players=(player.key,),
            rules="six-card",
            holes=HOLES,
            par_for_nine=0,
            casual=True,
            deals=(table.seed,),
            kind=KIND,
            started_at=now,
            updated_at=now,
            payload=encode(table),
        )
        try:
            live = await self._sessions.create(state)
            if self._timers is not None and limit is not None:  # (a hot-seat table waits for its people)
                due = now + timedelta(seconds=GATHER_SECONDS)
                await self._timers.schedule(Timer(f"{GATHER}:{state.id}", GATHER, due, state.id))
        except ActiveRoundExists:
            going = await self._sessions.active(player.key, place.key, KIND)
            screen = None if going is None else self.screen(going, player.key)
            raise TableRefused(N_("You have a table going here already."), screen=screen) from None
        return self.screen(live, player.key)

    # ---- the Mode ----------------------------------------------------------------------------------

    def position(self, state: RoundState) -> Table:
        return decode(state.payload)

    def seats(self, state: RoundState) -> Collection[str]:
        table = decode(state.payload)
        return ANYONE if table.gathering else table.people

    def ended(self, live: Live[Table]) -> str:
        """What a press on a table that closed or whose game is over is told (``bot.sessions``): a msgid."""
        if live.position.gathering:
            return N_("This table is closed. Open a new one with {sixcard}.")
        return GAME_OVER

    def stranger(self, live: Live[Table]) -> NotYourRoundError:
        """What a member with no seat at a dealt table is told when they press on it (``bot.sessions``):
        whether it is full, under way or over, and how to play themselves."""
        table = live.position
        if table.over or not live.state.is_active:
            return NotYourRoundError(GAME_OVER)
        if len(table.seats) >= MAX_PLAYERS:
            return NotYourRoundError(
                N_(
                    "This table is full ({seats} seats) and under way: its seats were taken before the deal. "
                    "Open your own with {sixcard}, or join the next table here."
                ),
                seats=MAX_PLAYERS,
            )
        return NotYourRoundError(
            N_(
                "This table is under way: its seats were taken before the deal. Open your own with "
                "{sixcard}, or join the next table here."
            )
        )

    def to_act(self, live: Live[Table]) -> Collection[str]:
        table = live.position
        if table.gathering:
            return ANYONE
        return tuple(table.seats[i].key for i in table.waiting_for())

    def takes_late(self, live: Live[Table], seat: str, action: str) -> bool:
        """Presses that others' moves cannot have changed the meaning of: taking a seat or leaving one
        before the deal, and turning one of one's own face-down cards at the opening (where every seat acts
        at once, so a press often comes a version late). Anything else out of date is refused."""
        table = live.position
        seated = any(s.key == seat for s in table.seats)
        if table.gathering:
            return (action == "j" and not seated) or (action == "l" and seated)
        hand = table.hand
        if hand is None or hand.phase is not Phase.OPENING or not seated or action not in PLACES:
            return False
        index = table.seat_of(seat)
        return index in hand.to_act() and not hand.grids[index].face_up[int(action) - 1]

    def concede_action(self, live: Live[Table]) -> str:
        raise TableRefused(N_("There is no conceding at a table: play on, or let the clock play for you."))

    async def press(self, player: Player, action_id: str) -> Screen:
        """A press of any mode's (the Clubhouse's door for presses): on a table's Join, the name of who
        pressed is what their seat is called."""
        joining = family_of(action_id) == TABLE.family and action_id.endswith(":j")
        if joining:  # (kept only while the press runs: the cache of names does not grow)
            self._names[player.key] = player.name
        try:
            screen = await self._sessions.press(player.key, action_id)
        finally:
            if joining:
                self._names.pop(player.key, None)
        return screen

    async def _moved(self, moved: Moved) -> None:
        """A press ended a game (committed): its result goes on the place's table (``_record``)."""
        if moved.before.is_active and not moved.after.is_active:
            await self._record(moved.after.id)

    async def act(self, live: Live[Table], seat: str, action: str) -> Change[Table]:
        table = live.position
        if action == "l":
            return await self._leave(live, seat)
        table = self._gather(table, seat, action) if table.gathering else self._play(table, seat, action)
        return await self._change(live, table, seat)

    async def _leave(self, live: Live[Table], key: str) -> Change[Table]:
        """``key`` leaves the table not dealt yet; its opener leaving closes it."""
        table = live.position
        if not table.gathering:
            raise TableRefused(
                N_(
                    "The cards are dealt: the game is played to its end (the clock and the computer play for"
                    " anyone who is away)."
                )
            )
        index = table.seat_of(key)
        if index == 0:
            closed = table.noted(Note.of(N_("{name} closed the table."), name=table.seats[0].name))
            state = live.state.bump(
                payload=encode(closed), updated_at=self._clock.now(), status=RoundStatus.ABANDONED
            )
            screen = Screen(
                ScreenKind.SUMMARY,
                title=_(CLOSED),
                blocks=(_("{name} closed the table before the deal.", name=table.seats[0].name),),
                session=state.id,
                version=state.version,
                owner="",
            )
            return Change(state, closed, screen)
        name = table.seats[index].name
        left = replace(table, seats=table.seats[:index] + table.seats[index + 1 :])
        left = left.noted(Note.of(N_("{name} left."), name=name))
        return await self._change(live, left, key)

    def _gather(self, table: Table, key: str, action: str) -> Table:
        seated = any(s.key == key for s in table.seats)
        if action == "j":
            if seated:
                raise TableRefused(N_("You have a seat at this table already."))
            if len(table.seats) >= MAX_PLAYERS:
                raise TableRefused(
                    N_("This table is full ({seats} seats). Open your own with {sixcard}."), seats=MAX_PLAYERS
                )
            name = self._names.get(key) or _player_name(len(table.seats) + 1)
            return replace(table, seats=(*table.seats, Seat(key, name)))
        if not seated:
            raise TableRefused(N_("Take a seat first."))
        if action == "c":
            if len(table.seats) >= MAX_PLAYERS:
                raise TableRefused(N_("This table is full ({seats} seats)."), seats=MAX_PLAYERS)
            n = sum(1 for s in table.seats if s.computer) + 1
            seat = Seat(f"computer:{n}", _computer_name(n, table.level), table.level)
            return replace(table, seats=(*table.seats, seat))
        if action == "g":
            if key != table.seats[0].key:
                raise TableRefused(N_("Only {name}, who opened the table, deals."), name=table.seats[0].name)
            if len(table.seats) < MIN_PLAYERS:
                raise TableRefused(
                    N_("A table needs two seats or more: wait for someone, or add a computer.")
                )
            course = Course(table.seed, len(table.seats))
            dealt = replace(table, course=course, hand=course.deal())
            return self._advance(dealt.noted(Note.of(N_("The cards are dealt."))))
        raise TableRefused(N_("The table has not been dealt yet."))

    def _play(self, table: Table, key: str, action: str) -> Table:
        assert table.hand is not None
        hand = table.hand
        seat = table.seat_of(key)
        if table.between_hands:
            if action != NEXT:
                raise TableRefused(N_("This hand is over: press Next hand to deal the next one."))
            return self._next_hand(table)
        move = _move(action, hand.phase)
        try:
            hand = hand.play(seat, move)
        except ActionError as error:
            raise TableRefused.of_engine(error) from None
        return self._advance(replace(table, hand=hand))

    def _advance(self, table: Table) -> Table:
        """Computer seats act until a person must; a hand that ends is scored and stays on the table, face
        up, until a person deals the next (``_next_hand``) or the clock does."""
        while table.course is not None and table.hand is not None:
            hand, course = table.hand, table.course
            if hand.is_over:
                course = course.record(hand)
                scores = ", ".join(f"{s.name} {v}" for s, v in zip(table.seats, hand.scores, strict=True))
                scored = Note.of(N_("Hole {hole}: {scores}."), hole=course.hole, scores=scores)
                table = replace(table, course=course).noted(scored)
                if course.is_complete:
                    return table.noted(_result(table))
                return table
            computers = [i for i in hand.to_act() if table.seats[i].computer is not None]
            if not computers:
                return table
            seat = computers[0]
            level = table.seats[seat].computer
            assert level is not None
            action = self._choose(table, seat, level)
            table = replace(table, hand=hand.play(seat, action)).noted(*_said(table, hand, seat, action))
        return table

    def _next_hand(self, table: Table) -> Table:
        """The next hand dealt (a clean slate but for the last hole's scores), played to a person's turn."""
        assert table.course is not None
        return self._advance(replace(table, hand=table.course.deal(), notes=table.notes[-1:]))

    def _choose(self, table: Table, seat: int, level: str) -> Action:
        assert table.hand is not None and table.course is not None
        hand = table.hand
        rng = random.Random(f"{table.seed}:{table.course.hole}:{hand.turns}:{seat}:{hand.phase.value}")
        return find_player(level).choose(view_of(hand, seat), rng)

    async def _change(self, live: Live[Table], table: Table, actor: str) -> Change[Table]:
        finished = table.course is not None and table.course.is_complete
        new = live.state.bump(
            payload=encode(table),
            updated_at=self._clock.now(),
            status=RoundStatus.FINISHED if finished else live.state.status,
        )
        after = Live(new, table)
        await self._set_clock(after)
        return Change(new, table, self.screen(after, actor))

    # ---- turn clocks -------------------------------------------------------------------------------

    async def _set_clock(self, live: Live[Table]) -> None:
        """Wind the table's clock for the seats it now waits for (or stop it when it waits for none).
        Set before the commit: if the commit fails, the timer finds another version and does nothing."""
        if self._timers is None:
            return
        timer_id = f"{CLOCK}:{live.state.id}"
        limit = live.position.limit
        if limit is None or not live.position.waiting_for() or not live.state.is_active:
            await self._timers.cancel(timer_id)
            return
        due = self._clock.now() + timedelta(seconds=limit)
        await self._timers.schedule(Timer(timer_id, CLOCK, due, f"{live.state.id}:{live.state.version}"))

    async def _on_clock(self, timer: Timer, outbox: Outbox) -> None:
        session_id, _colon, version = timer.payload.partition(":")
        async with self._sessions.locks.hold(session_id):
            live = await self._sessions.load(session_id)
            if live.state.version != int(version) or not live.state.is_active:
                return  # somebody played in time
            table: Table = live.position
            if table.between_hands:
                assert table.course is not None
                hole = table.course.hole + 1
                note = Note.of(N_("⏰ Nobody pressed Next hand: the clock dealt hole {hole}."), hole=hole)
                change = await self._change(live, self._next_hand(table).noted(note), table.seats[0].key)
                await self._sessions.commit(live, change)
                told = N_("🃏 {opener}'s Six-card table: nobody pressed Next hand, so hole {hole} is dealt.")
                opener = table.seats[0]
                dealt = ClockExpired.told(
                    live.state.place, opener.key, session_id, told, opener=opener.name, hole=hole
                )
                outbox.to_place(live.state.place, dealt)  # (the platforms redraw the table on it)
                return
            late = table.waiting_for()
            late_names = ", ".join(table.seats[i].name for i in late)
            ran_out = N_("⏰ Time ran out for {names}: the computer played for them.")
            table = table.noted(Note.of(ran_out, names=late_names))
            for seat in late:
                table = replace(table, hand=self._stand_in(table, seat))
            change = await self._change(live, self._advance(table), table.seats[0].key)
            await self._sessions.commit(live, change)
        for seat in late:  # published by the timers once this returns, i.e. after the commit
            outbox.to_place(
                live.state.place, ClockExpired(live.state.place, table.seats[seat].key, session_id)
            )
        if not change.state.is_active:
            await self._record(session_id)

    def _stand_in(self, table: Table, seat: int) -> Hand | None:
        """The hand after the computer strategy plays ``seat``'s part: its opening cards, or its turn."""
        hand = table.hand
        if hand is None:
            return None
        start = hand.turns
        while not hand.is_over and seat in hand.to_act() and hand.turns == start:
            hand = hand.play(seat, self._choose(replace(table, hand=hand), seat, STAND_IN))
        return hand

    # ---- what each seat sees -----------------------------------------------------------------------

    def screen(self, live: Live[Table], seat: str) -> Screen:
        """The table as it hangs in the channel, the same for every seat: what the sessions hand back for a
        press or a refusal, and what an adapter may post for all to see. The card a seat drew from the
        stock is never on it (``seat_screen``, ``private`` show it to the drawer)."""
        return self.seat_screen(live, "")

    def private(self, live: Live[Table], seat: str) -> str | None:
        """The line only ``seat`` may see now: the card it drew from the stock, while it holds it."""
        table, hand = live.position, live.position.hand
        if hand is None or hand.drawn is None or hand.source is not Source.STOCK:
            return None
        if table.seats[hand.turn].key != seat:
            return None
        return _(
            "You drew {card}: put it in place of a card (1–6) or discard it (x).", card=hand.drawn.pretty()
        )

    async def view(self, player: str, session_id: str) -> Screen:
        """What ``player``'s seat sees: the table and their drawn card (a player with no seat: refused)."""
        live = await self._sessions.load(session_id)
        if live.state.kind != KIND or player not in self.seats(live.state):
            raise NotYourRoundError(N_("You have no seat at this table."))
        return self.seat_screen(live, player)

    async def drawn(self, player: str, session_id: str) -> str | None:
        """``private`` of the table as it stands now: the card ``player`` holds from the stock, told to them
        alone with the reply to their press (``Clubhouse``'s table room)."""
        live = await self._sessions.load(session_id)
        return self.private(live, player) if live.state.kind == KIND else None

    def use_results(self, store: CompetitionStore) -> None:
        """Record every finished game's result in ``store`` (the place's competition table and ratings)."""
        self._results = store

    async def _record(self, session_id: str) -> None:
        """Write the result of the finished table ``session_id`` (once: a second write finds it there). A
        failure is logged: the game stands as played."""
        if self._results is None:
            return
        try:
            live = await self._sessions.load(session_id)
            table: Table = live.position
            if live.state.kind != KIND or table.course is None or not table.course.is_complete:
                return
            now = live.state.updated_at or self._clock.now()
            result = result_of(table, f"t6-{session_id}", live.state.place, now)
            if result is None:
                return
            record = Competition(
                result.match_id,
                RESULT_KIND,
                live.state.place,
                status=CompetitionStatus.FINISHED,
                created_at=live.state.started_at,
                updated_at=now,
            )
            try:
                await self._results.create_competition(record)
            except ConstraintViolation:
                return  # recorded already
            await self._results.save_competition(
                record.bump(), previous_version=record.version, result=result
            )
        except Exception as error:
            log.error("the result of table %s: %s: %s", session_id, type(error).__name__, error)

    async def keep_message(self, session_id: str, where: str) -> None:
        """Remember where the platform shows the table (stored, so a clock that runs out after a restart
        redraws the same message). Written at the table's current version: a message is no move, and
        the buttons on it stay good."""
        async with self._sessions.locks.hold(session_id):
            live = await self._sessions.load(session_id)
            if live.state.kind != KIND or live.position.message == where:
                return
            table = replace(live.position, message=where)
            state = replace(live.state, payload=encode(table))
            await self._sessions.commit(live, Change(state, table, self.screen(Live(state, table), "")))

    async def message_of(self, session_id: str) -> tuple[str, Screen] | None:
        """Where the platform shows table ``session_id`` and the table as it stands now (None: not a table,
        or no message kept)."""
        try:
            live = await self._sessions.load(session_id)
        except GolfError:
            return None
        if live.state.kind != KIND or not live.position.message:
            return None
        return live.position.message, self.screen(live, "")

    def use_timers(self, timers: Timers) -> None:
        """Run turn clocks on ``timers`` (the app's, once it has them)."""
        self._timers = timers
        timers.on(CLOCK, self._on_clock)
        timers.on(GATHER, self._on_gather)

    async def _on_gather(self, timer: Timer, outbox: Outbox) -> None:
        """Close the table ``timer`` names if it still waits for its deal."""
        session_id = timer.payload
        async with self._sessions.locks.hold(session_id):
            try:
                live = await self._sessions.load(session_id)
            except GolfError:
                return  # gone
            table: Table = live.position
            if live.state.kind != KIND or not table.gathering or not live.state.is_active:
                return  # dealt, or closed by its opener
            minutes = GATHER_SECONDS // 60
            one, many = N_plural(
                "Nobody dealt within {count} minute: the table closed.",
                "Nobody dealt within {count} minutes: the table closed.",
            )
            closed = table.noted(Note.of(one, plural=many, count=minutes))
            state = live.state.bump(
                payload=encode(closed), updated_at=self._clock.now(), status=RoundStatus.ABANDONED
            )
            after = Live(state, closed)
            await self._sessions.commit(live, Change(state, closed, self.screen(after, "")))
        opener = table.seats[0]
        note = N_("🪑 {opener}'s Six-card table closed: nobody dealt within {minutes} minutes.")
        told = ClockExpired.told(
            state.place, opener.key, session_id, note, opener=opener.name, minutes=minutes
        )
        outbox.to_place(state.place, told)

    def waiting_for(self, live: Live[Table]) -> tuple[tuple[str, str], ...]:
        """The seats the table waits for now, as (key, name); none once the game is over."""
        table = live.position
        return tuple((table.seats[i].key, table.seats[i].name) for i in table.waiting_for())

    def seat_screen(self, live: Live[Table], seat: str) -> Screen:
        """What ``seat`` sees; a key with no seat (or ``""``) sees the table as it hangs in the channel."""
        table = live.position
        index = next((i for i, s in enumerate(table.seats) if s.key == seat), None)
        state = live.state
        if table.gathering and state.status is RoundStatus.ABANDONED:
            return Screen(
                ScreenKind.SUMMARY,
                title=_(CLOSED),
                blocks=(table.said[-1] if table.notes else _("The table closed before the deal."),),
                session=state.id,
                version=state.version,
                owner="",
            )
        if table.gathering:
            return self._gathering(live)
        assert table.course is not None
        course = table.course
        hand = table.hand
        if table.over:
            grids = (
                () if hand is None else tuple(_face_up_block(table, hand, i) for i in range(len(table.seats)))
            )
            return Screen(
                ScreenKind.SUMMARY,
                title=_("Six-card Golf · game over"),
                blocks=(*grids, _totals(table), _result(table).words()),
                session=state.id,
                version=state.version,
                owner="",  # a table is nobody's round: no player's name in its title
                notes=table.said,
                table=None if hand is None else _face_up_view(table, hand, index),
            )
        assert hand is not None
        if table.between_hands:
            return self._hand_over(live, hand)
        view = view_of(hand, index)
        blocks = [
            *(_grid_block(table, view, i) for i in range(len(table.seats))),
            _pile(view),
            _whose(table, view),
        ]
        mine = self.private(live, seat) if index is not None else None
        if mine is not None:
            blocks.append(mine)
        elif view.drawn is not None and view.holding is Source.PILE and view.turn is not None:
            name, card = table.seats[view.turn].name, view.drawn.pretty()
            blocks.append(_("{name} took {card} from the pile.", name=name, card=card))
        elif view.holding is Source.STOCK and view.turn is not None:
            blocks.append(_("{name} drew a card from the stock.", name=table.seats[view.turn].name))
        blocks.append(_totals(table))
        return Screen(
            ScreenKind.BOARD,
            title=_("Six-card Golf · hole {hole}/{holes}", hole=course.hole + 1, holes=course.holes),
            blocks=tuple(blocks),
            buttons=self._buttons(live, view),
            session=state.id,
            version=state.version,
            owner="",
            notes=table.said,
            table=_table_view(table, view),
        )

    def _hand_over(self, live: Live[Table], hand: Hand) -> Screen:
        """A hand just ended: every seat's grid face up with its score and its pairs marked, the totals,
        and Next hand (for any person at the table; the clock deals it when nobody does)."""
        table, state = live.position, live.state
        assert table.course is not None
        course = table.course
        then = (
            _(
                "Any player deals hole {hole} with Next hand, or the clock does in {seconds} s.",
                hole=course.hole + 1,
                seconds=table.limit,
            )
            if table.limit is not None and self._timers is not None
            else _("Next hand (n) deals hole {hole}.", hole=course.hole + 1)
        )
        prefix = TABLE.prefix(state.id, state.version)
        return Screen(
            ScreenKind.BOARD,
            title=_("Six-card Golf · hole {hole}/{holes} is over", hole=course.hole, holes=course.holes),
            blocks=(*(_face_up_block(table, hand, i) for i in range(len(table.seats))), _totals(table), then),
            # Translators: a button that deals the next hand of a Six-card table
            buttons=((Button(prefix + NEXT, _("Next hand"), True, ButtonStyle.SUCCESS, NEXT),),),
            session=state.id,
            version=state.version,
            owner="",
            notes=table.said,
            table=_face_up_view(table, hand, None),
        )

    def _gathering(self, live: Live[Table]) -> Screen:
        table = live.position
        seats = "\n".join(f"{i + 1}. {s.name}" for i, s in enumerate(table.seats))
        prefix = TABLE.prefix(live.state.id, live.state.version)
        full = len(table.seats) >= MAX_PLAYERS
        buttons = (
            # Translators: a button that takes a seat at a Six-card table
            Button(prefix + "j", _("Join"), not full, ButtonStyle.PRIMARY, "j"),
            Button(prefix + "c", _("Add a computer"), not full, ButtonStyle.SECONDARY, "c"),
            # Translators: a button that deals the cards of a Six-card table (its opener's)
            Button(prefix + "g", _("Deal"), len(table.seats) >= MIN_PLAYERS, ButtonStyle.SUCCESS, "g"),
            # Translators: a button that gives up one's seat at a Six-card table not dealt yet
            Button(prefix + "l", _("Leave"), True, ButtonStyle.DANGER, "l"),
        )
        taken = _("Seats ({taken}/{most}):", taken=len(table.seats), most=MAX_PLAYERS)
        return Screen(
            ScreenKind.BOARD,
            title=_("Six-card Golf · a table is open"),
            blocks=(taken + "\n" + seats, _clock_line(table)),
            buttons=(buttons,),
            session=live.state.id,
            version=live.state.version,
            owner="",
            notes=table.said,
        )

    def _buttons(self, live: Live[Table], view: SeatView) -> tuple[tuple[Button, ...], ...]:
        """The buttons of the hand as it stands (the same for every seat: the table message is shared)."""
        prefix = TABLE.prefix(live.state.id, live.state.version)
        places = tuple(
            Button(prefix + str(p), str(p), True, ButtonStyle.SECONDARY, str(p), ButtonRole.COLUMN)
            for p in range(1, 7)
        )
        if view.phase is Phase.OPENING:
            return (places[:3], places[3:])
        if view.holding is None:
            return (
                (
                    # Translators: a button that draws the top card of the stock (Six-card Golf)
                    Button(
                        prefix + "s",
                        _("Stock"),
                        view.stock_size > 0,
                        ButtonStyle.PRIMARY,
                        "s",
                        ButtonRole.STOCK,
                    ),
                    # Translators: a button that takes the top card of the discard pile (Six-card Golf)
                    Button(prefix + "p", _("Discard pile"), bool(view.discard), ButtonStyle.PRIMARY, "p"),
                ),
            )
        # Translators: a button that discards the card just drawn from the stock (Six-card Golf)
        discard = Button(prefix + "x", _("Discard it"), view.holding is Source.STOCK, ButtonStyle.DANGER, "x")
        return (places[:3], places[3:], (discard,))


def result_of(table: Table, result_id: str, place: str, finished_at: datetime) -> MatchResult | None:
    """The competition result of a finished game: its human seats, ranked by total among all the seats,
    holes won and lost against every other seat (None for a game not finished, or with no person)."""
    course = table.course
    if course is None or not course.is_complete:
        return None
    keys = [s.key for s in table.seats]
    by_total = ranks({k: float(t) for k, t in zip(keys, course.totals, strict=True)})
    scores: dict[str, list[int | None]] = {k: [hole[i] for hole in course.scores] for i, k in enumerate(keys)}
    tally = hole_tally(scores)
    finishes = tuple(Finish(s.key, by_total[s.key], *tally[s.key]) for s in table.seats if s.computer is None)
    if not finishes:
        return None
    totals = ", ".join(f"{s.name} {t}" for s, t in zip(table.seats, course.totals, strict=True))
    return MatchResult(result_id, place, finished_at, finishes, summary=f"Six-card Golf: {totals}")


def _move(action: str, phase: Phase) -> Action:
    if action in "123456" and len(action) == 1:
        position = int(action) - 1
        return Action.flip(position) if phase is Phase.OPENING else Action.place(position)
    moves = {"s": DRAW, "p": TAKE, "x": DISCARD}
    if action in moves:
        return moves[action]
    raise BadActionError(N_("That is not a move of this table."))


def _said(table: Table, hand: Hand, seat: int, action: Action) -> tuple[Note, ...]:
    """What the table says of a computer's action (nothing of a draw: the card is its own)."""
    name = table.seats[seat].name
    if action.kind is ActionKind.PLACE and hand.drawn is not None:
        put = N_("{name} put {card} in place {place}.")
        return (Note.of(put, name=name, card=hand.drawn.pretty(), place=action.position + 1),)
    if action.kind is ActionKind.DISCARD and hand.drawn is not None:
        return (Note.of(N_("{name} discarded {card}."), name=name, card=hand.drawn.pretty()),)
    return ()


def _player_name(number: int) -> str:
    """The name of a seat whose player has none on their platform (kept with the table, in the language of
    whoever took it)."""
    return _("Player {number}", number=number)


def _computer_name(number: int, level: str) -> str:
    """``Computer 1 (easy)``: a computer seat's name (kept with the table; the level as it is typed)."""
    return _("Computer {number} ({level})", number=number, level=level)


def _clock_line(table: Table) -> str:
    opener = table.seats[0].name
    if table.limit is None:
        return _(
            "Turn clock: none. {name} deals once two seats or more are taken, or closes the table by "
            "leaving it.",
            name=opener,
        )
    return _(
        "Turn clock: {seconds} s. {name} deals once two seats or more are taken, or closes the table by "
        "leaving it.",
        seconds=table.limit,
        name=opener,
    )


def _card(card: Any) -> str:
    return BACK if card is None else f"{card.pretty():>3}"


def _grid_block(table: Table, view: SeatView, seat: int) -> str:
    grid = view.grids[seat]
    marker = "▶ " if seat == view.turn or (view.phase is Phase.OPENING and seat in view.to_act) else "  "
    name = table.seats[seat].name
    if seat == view.seat:
        # Translators: the viewer's own seat at a Six-card table ("Ann (you)")
        name = _("{name} (you)", name=name)
    rows = (" ".join(f"{_card(c):>3}" for c in grid[:3]), " ".join(f"{_card(c):>3}" for c in grid[3:]))
    return f"{marker}{name}\n{rows[0]}\n{rows[1]}"


def _face_up_block(table: Table, hand: Hand, seat: int) -> str:
    """A seat's grid at the end of a hand: every card face up, its score, ``═══`` under each pair."""
    grid = hand.grids[seat]
    rows = (
        " ".join(f"{c.pretty():>3}" for c in grid.cards[:3]),
        " ".join(f"{c.pretty():>3}" for c in grid.cards[3:]),
    )
    pairs = paired_columns(grid.cards)
    name = table.seats[seat].name
    head = f"{name}: {grid.score}"
    if hand.went_out == seat:
        # Translators: a seat's score for a hand of Six-card Golf, its player having turned all their cards
        head = _("{name}: {score} (went out)", name=name, score=grid.score)
    lines = [head, *rows]
    if any(pairs):
        marks = " ".join("═══" if paired else "   " for paired in pairs)
        # Translators: under a grid's paired columns, marked ═══ (a pair of equal ranks scores nothing)
        lines.append(marks + " " + ngettext("a pair scores 0", "pairs score 0", sum(pairs)))
    return "\n".join(lines)


def _table_view(table: Table, view: SeatView) -> TableView:
    """The hand as ``view`` sees it, as data for a picture: exactly what the text shows (face-down cards
    are None; a card drawn from the stock only in its drawer's own view)."""
    assert table.course is not None
    totals = table.course.totals
    waiting = view.to_act if view.phase is Phase.OPENING else (() if view.turn is None else (view.turn,))
    return TableView(
        seats=tuple(
            GridView(seat.name, view.grids[i], total=totals[i], computer=seat.computer is not None)
            for i, seat in enumerate(table.seats)
        ),
        viewer=view.seat,
        to_act=waiting,
        discard=view.discard_top,
        stock=view.stock_size,
        holding=view.drawn,
        hole=table.course.hole + 1,
        holes=table.course.holes,
    )


def _face_up_view(table: Table, hand: Hand, viewer: int | None) -> TableView:
    """A finished hand, every grid face up with its score and its pairs, as data for a picture."""
    assert table.course is not None
    totals = table.course.totals
    return TableView(
        seats=tuple(
            GridView(
                seat.name,
                hand.grids[i].cards,
                paired=paired_columns(hand.grids[i].cards),
                score=hand.grids[i].score,
                total=totals[i],
                went_out=hand.went_out == i,
                computer=seat.computer is not None,
            )
            for i, seat in enumerate(table.seats)
        ),
        viewer=viewer,
        to_act=(),
        discard=hand.discard_top,
        stock=len(hand.stock),
        holding=None,
        hole=table.course.hole,
        holes=table.course.holes,
        over=True,
    )


def _pile(view: SeatView) -> str:
    top = view.discard_top
    # Translators: the discard pile when no card lies on it ("Discard pile: empty")
    card = top.pretty() if top else _("empty")
    return ngettext(
        "Discard pile: {card} · stock: {count} card",
        "Discard pile: {card} · stock: {count} cards",
        view.stock_size,
        card=card,
    )


def _whose(table: Table, view: SeatView) -> str:
    if view.phase is Phase.OPENING:
        waiting = ", ".join(table.seats[i].name for i in view.to_act)
        return _(
            "Opening: each player turns two of their cards face up (waiting for {names}).", names=waiting
        )
    if view.turn is None:
        return _("The hand is over.")
    return _("{name} to play.", name=table.seats[view.turn].name)


def _totals(table: Table) -> str:
    assert table.course is not None
    totals = table.course.totals
    return _(
        "Totals: {totals}",
        totals=", ".join(f"{s.name} {t}" for s, t in zip(table.seats, totals, strict=True)),
    )


def _result(table: Table) -> Note:
    assert table.course is not None
    winners = tuple(table.seats[i].name for i in table.course.leaders)
    low = min(table.course.totals)
    # Translators: the end of a Six-card game; {names} are the winners, {count} how many they are
    won, won_plural = N_plural("{names} wins with {score}.", "{names} win with {score}.")
    return Note.of(won, plural=won_plural, names=winners, count=len(winners), score=low)
