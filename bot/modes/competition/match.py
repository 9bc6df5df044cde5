"""Matches and group rounds: two or more players on the same deals at the same time, each on a board only
they can see and press.

A match is a ``Competition`` (kind ``match``, or ``group`` for a group round) whose payload is a
``MatchData``; each player's board is a round of kind ``match`` played through the Clubhouse (so a press
is checked, versioned and committed exactly like a solo move). After a press the match *syncs*: it reads
its boards, takes the holes finished since, announces each (``HoleFinished`` to the place: the live
scoreboard), moves the player's clock on, and decides the match when it can. Syncing is idempotent, so a
crash between a board's commit and the match's loses nothing: the next press or clock catches up.

Clocks are persisted timers, one per player (``match-clock``): each hole must be finished within the
match's ``hole_seconds``. Out of time, a stroke-play hole is scored as it stands (conceded), a match-play
hole is lost. A player who has not made a move on the first hole when their clock runs out forfeits.
A challenge not answered in time expires (``challenge`` timer).
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.announcements import SOMEONE, result_words
from bot.competition_actions import (
    ACCEPT,
    BEGIN,
    DECLINE,
    JOIN,
    OPEN_BOARD,
    CompetitionAction,
    parse_competition_action,
)
from bot.door import House
from bot.errors import BadOptionError, GolfError, NotYourRoundError, StaleActionError
from bot.events import ClockExpired, HoleFinished, MatchDecided, MatchStarted, Outbox
from bot.golf_round import new_round_id, position
from bot.i18n import N_, _, ngettext, number
from bot.locks import PlayerLocks
from bot.models import Payload, Place, Player, RoundState, RoundStatus, Timer
from bot.models.competition import Competition, CompetitionStatus
from bot.models.results import MatchResult
from bot.modes.competition.boards import MATCH_KIND, TOURNAMENT_KIND, MatchBoards, TournamentBoards
from bot.modes.competition.match_data import FORMATS, MATCH, STROKE, MatchData
from bot.modes.competition.ratings import replay
from bot.modes.competition.table import TableRow, page, table
from bot.options import game_rules, holes_named, holes_option, rules_option
from bot.places import MAX_HOLE_SECONDS, MIN_HOLE_SECONDS
from bot.ports import Clock, CompetitionStorage, Notifier, Solver, VersionConflict
from bot.screens import Button, ButtonRole, ButtonStyle, Screen, ScreenKind
from bot.sessions import Change, Live, Moved
from bot.timers import Timers
from engine.golf.scoring import HALVED
from engine.patience import GOLF, Position, find_patience, game_of, game_title

log = logging.getLogger(__name__)

KIND_MATCH, KIND_GROUP = "match", "group"
BOARD_KIND, TOURNAMENT_BOARD_KIND = MATCH_KIND, TOURNAMENT_KIND
"""The kinds of a board's round: one board in progress per player, place and kind, so a player may play a
challenge and a tournament match at one place at once."""
CHALLENGE_TIMER, CLOCK_TIMER = "challenge", "match-clock"
CHALLENGE_TTL = timedelta(minutes=10)
MAX_GROUP = 8
FIRST_DEALS = 1_000_000
FORMAT_NAMES = {
    # Translators: a match's format: the lowest total over every hole wins
    STROKE: N_("stroke play"),
    # Translators: a match's format: each hole won by the lower score, the match by the most holes won
    MATCH: N_("match play"),
}
"""Each format (as stored and typed: ``stroke``, ``match``) as a player reads it."""
CLOCK_RANGE = N_("The clock is {fewest} seconds to {hours} hours a hole.")
MATCH_OVER = N_("The match is over.")

Finished = Callable[[Competition, MatchResult, Outbox], Awaitable[None]]
TimerHandler = Callable[[Timer, Outbox], Awaitable[None]]


def player_of(key: str, name: str = "") -> Player:
    platform, _colon, user_id = key.partition(":")
    return Player(platform, user_id, name)


def new_competition_id() -> str:
    return "".join(secrets.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _letter in range(10))


def _button(
    competition: Competition,
    action: str,
    label: str,
    style: ButtonStyle,
    role: ButtonRole = ButtonRole.OTHER,
) -> Button:
    return Button(
        str(CompetitionAction(competition.id, competition.version, action)), label, style=style, role=role
    )


class Matches:
    def __init__(
        self,
        storage: CompetitionStorage,
        clubhouse: House,
        solver: Solver,
        clock: Clock,
        timers: Timers,
        *,
        notifier: Notifier | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._storage = storage
        self._clubhouse = clubhouse
        self._followers: list[Callable[[str], None]] = []
        """Told of every match saved (``follow``)."""
        self._boards: dict[str, MatchBoards] = {
            mode.kind: mode
            for mode in (
                MatchBoards(clubhouse.sessions, clubhouse.places, solver, clock),
                TournamentBoards(clubhouse.sessions, clubhouse.places, solver, clock),
            )
        }
        """The modes of the players' boards, registered with the Clubhouse's sessions. Their presses go
        through the Clubhouse's door to the sessions like any other; the match hears of those that moved a
        board on (``_board_moved``), and a press on a board of a match that is over is told so
        (``_closed_board``)."""
        for mode in self._boards.values():
            clubhouse.door.add(mode.template.family, clubhouse.session_room)
            clubhouse.sessions.watch(mode.kind, self._board_moved)
            mode.when_closed = self._closed_board
        self._solver = solver
        self._clock = clock
        self._timers = timers
        self._notifier = notifier
        self._rng = rng or random.Random(secrets.randbits(64))
        self._locks = PlayerLocks()
        self._finished: list[Finished] = []
        timers.on(CHALLENGE_TIMER, self._own_outbox(self._challenge_expired))
        timers.on(CLOCK_TIMER, self._own_outbox(self._clock_ran_out))

    async def close(self) -> None:
        """Drop the solver questions the boards asked (as Clubhouse.close does for solo rounds)."""
        for mode in self._boards.values():
            await mode.close()

    @property
    def clubhouse(self) -> House:
        return self._clubhouse

    def _own_outbox(self, handler: TimerHandler) -> TimerHandler:
        """A timer handler whose events go through this service's notifier (the one its platforms plug
        their scoreboards into), after the handler's work is committed, not through the Timers' own."""

        async def handle(timer: Timer, _outbox: Outbox) -> None:
            outbox = Outbox()
            await handler(timer, outbox)
            await self._publish(outbox)

        return handle

    def on_finished(self, listener: Finished) -> None:
        """Call ``listener`` after a match's result is committed (the tournament advances on it); what it
        announces goes in the match's outbox, after the match's own events."""
        self._finished.append(listener)

    async def resume(self) -> int:
        """After a restart: sync every match in play, in case a board moved on after the match last looked
        (their clocks are stored timers and fire on their own)."""
        count = 0
        for competition in await self._storage.active_competitions({KIND_MATCH, KIND_GROUP}):
            if competition.status is CompetitionStatus.PLAYING:
                await self._publish(await self._sync(competition.id))
                count += 1
        return count

    # ---- challenges and group rounds -------------------------------------------------------------

    async def challenge(
        self,
        challenger: Player,
        opponent: Player,
        place: Place,
        *,
        holes: int | None = None,
        format: str | None = None,
        rules: str | None = None,
        hole_seconds: int | None = None,
        channel: str = "",
    ) -> Screen:
        """Challenge ``opponent``: a message for the place with Accept and Decline (for the opponent)."""
        if challenger.key == opponent.key:
            raise BadOptionError(N_("You cannot challenge yourself."))
        data = await self._new_data((challenger, opponent), place, holes, format, rules, hole_seconds)
        now = self._clock.now()
        data = replace(
            data, organiser=challenger.key, expires=(now + CHALLENGE_TTL).isoformat(), channel=channel
        )
        competition = Competition(
            new_competition_id(),
            KIND_MATCH,
            place.key,
            payload=data.payload(),
            created_at=now,
            updated_at=now,
        )
        await self._storage.create_competition(competition)
        await self._timers.schedule(Timer(f"cx:{competition.id}", CHALLENGE_TIMER, now + CHALLENGE_TTL))
        return self.invitation(competition, data)

    async def open_group(
        self,
        organiser: Player,
        place: Place,
        *,
        holes: int | None = None,
        rules: str | None = None,
        hole_seconds: int | None = None,
        channel: str = "",
    ) -> Screen:
        """A group round: stroke play for up to eight on the same deals; others join by button, the
        organiser starts it."""
        data = await self._new_data((organiser,), place, holes, STROKE, rules, hole_seconds)
        now = self._clock.now()
        data = replace(
            data, organiser=organiser.key, expires=(now + CHALLENGE_TTL).isoformat(), channel=channel
        )
        competition = Competition(
            new_competition_id(),
            KIND_GROUP,
            place.key,
            payload=data.payload(),
            created_at=now,
            updated_at=now,
        )
        await self._storage.create_competition(competition)
        await self._timers.schedule(Timer(f"cx:{competition.id}", CHALLENGE_TIMER, now + CHALLENGE_TTL))
        return self.invitation(competition, data)

    async def _new_data(
        self,
        players: tuple[Player, ...],
        place: Place,
        holes: int | None,
        format: str | None,
        rules: str | None,
        hole_seconds: int | None,
    ) -> MatchData:
        settings = await self._clubhouse.places.settings(place)
        chosen = (format or STROKE).lower()
        if chosen not in FORMATS:
            raise BadOptionError(N_("The format is stroke or match, not {format}."), format=format)
        seconds = settings.hole_seconds if hole_seconds is None else hole_seconds  # the place's default
        if not MIN_HOLE_SECONDS <= seconds <= MAX_HOLE_SECONDS:
            raise BadOptionError(CLOCK_RANGE, fewest=MIN_HOLE_SECONDS, hours=MAX_HOLE_SECONDS // 3600)
        for player in players:
            await self._storage.ensure_player(player)
        return MatchData(
            players=tuple(p.key for p in players),
            names=tuple(p.name or p.user_id for p in players),
            format=chosen,
            holes=holes_option(holes),
            rules=rules_option(rules or settings.default_rules),
            par_for_nine=settings.par_for_nine,
            hole_seconds=seconds,
        )

    def invitation(self, competition: Competition, data: MatchData) -> Screen:
        """The place's message of an open challenge or group round."""
        what = _(
            "{holes}, {format}, {rules} rules, {seconds} s a hole.",
            holes=holes_named(data.holes),
            format=format_named(data.format),
            rules=data.rules,
            seconds=data.hole_seconds,
        )
        if competition.kind == KIND_MATCH:
            challenger, opponent = data.names[0], data.names[1]
            title = _("⚔️ {challenger} challenges {opponent}", challenger=challenger, opponent=opponent)
            answer = ngettext(
                "{player}: accept or decline within {count} minute.",
                "{player}: accept or decline within {count} minutes.",
                _minutes(CHALLENGE_TTL),
                player=opponent,
            )
            blocks = (what, answer)
            buttons = (
                # Translators: a button that takes up a challenge to a match
                _button(competition, ACCEPT, _("Accept"), ButtonStyle.SUCCESS),
                # Translators: a button that turns down a challenge to a match
                _button(competition, DECLINE, _("Decline"), ButtonStyle.DANGER),
            )
        else:
            title = _("⛳ Group round by {organiser}", organiser=data.names[0])
            players = _(
                "Players ({joined}/{most}): {players}.",
                joined=len(data.players),
                most=MAX_GROUP,
                players=", ".join(data.names),
            )
            blocks = (what, players)
            buttons = (
                # Translators: a button that joins a group round (several players on the same deals)
                _button(competition, JOIN, _("Join"), ButtonStyle.PRIMARY),
                # Translators: a button that starts a group round (its organiser's)
                _button(competition, BEGIN, _("Start"), ButtonStyle.SUCCESS),
            )
        return Screen(ScreenKind.INFO, title, blocks, buttons=(buttons,), session=competition.id)

    async def act(self, player: Player, action_id: str) -> Screen:
        """A competition button (``c1:...``): accept, decline, join, start, open my board."""
        action = parse_competition_action(action_id)
        if action.action == OPEN_BOARD:
            return await self.board(player, action.competition)
        async with self._locks.hold(action.competition):
            competition = await self._load(action.competition)
            data = MatchData.read(competition.payload)
            if competition.status is not CompetitionStatus.OPEN:
                raise StaleActionError(_answered(competition), screen=await self._shown(competition))
            if action.action in (ACCEPT, DECLINE):
                if competition.kind != KIND_MATCH or player.key != data.players[1]:
                    raise NotYourRoundError(N_("Only the player challenged can answer."))
                if action.action == DECLINE:
                    cancelled = competition.bump(
                        status=CompetitionStatus.CANCELLED, updated_at=self._clock.now()
                    )
                    await self._save(competition, cancelled)
                    await self._timers.cancel(f"cx:{competition.id}")
                    declined = _(
                        "{opponent} declined {challenger}'s challenge.",
                        opponent=data.names[1],
                        challenger=data.names[0],
                    )
                    return Screen(ScreenKind.INFO, declined)
                await self._storage.ensure_player(player)
                outbox = Outbox()
                started = await self._begin(competition, data, outbox)
                await self._timers.cancel(f"cx:{competition.id}")
            elif action.action == JOIN:
                if competition.kind != KIND_GROUP:
                    raise BadOptionError(N_("That is not a group round."))
                if player.key in data.players:
                    raise GolfError(N_("You are in already."))
                if len(data.players) >= MAX_GROUP:
                    raise GolfError(N_("The group is full ({most} players)."), most=MAX_GROUP)
                await self._storage.ensure_player(player)
                data = replace(
                    data,
                    players=(*data.players, player.key),
                    names=(*data.names, player.name or player.user_id),
                )
                joined = competition.bump(payload=data.payload(), updated_at=self._clock.now())
                await self._save(competition, joined)
                return self.invitation(joined, data)
            elif action.action == BEGIN:
                if competition.kind != KIND_GROUP or player.key != data.organiser:
                    raise NotYourRoundError(N_("Only the organiser starts the round."))
                if len(data.players) < 2:
                    raise GolfError(N_("A group round needs two players at least."))
                outbox = Outbox()
                started = await self._begin(competition, data, outbox)
                await self._timers.cancel(f"cx:{competition.id}")
            else:
                raise GolfError(N_("That button is for a tournament."))
        await self._publish(outbox)
        return await self.scoreboard(started.id)

    async def start(
        self,
        players: tuple[Player, ...],
        place: Place,
        *,
        holes: int,
        format: str,
        rules: str,
        hole_seconds: int,
        tournament: Competition,
        outbox: Outbox,
        channel: str = "",
        competition_id: str = "",
        halved_to: str = "",
    ) -> Competition:
        """A match of a tournament: started at once (no challenge). Its events go to ``outbox``. Under
        ``competition_id`` if given (the id the tournament recorded for it): ConstraintViolation, and no
        event, if a match of that id exists already (another process started it). ``halved_to``: who goes
        through if it is halved (a knock-out's higher seed), said with its result."""
        data = await self._new_data(players, place, holes, format, rules, hole_seconds)
        data = replace(data, tournament=tournament.id, channel=channel, halved_to=halved_to)
        now = self._clock.now()
        competition = Competition(
            competition_id or new_competition_id(),
            KIND_MATCH,
            place.key,
            payload=data.payload(),
            parent=tournament.id,
            created_at=now,
            updated_at=now,
        )
        await self._storage.create_competition(competition)
        async with self._locks.hold(competition.id):
            return await self._begin(competition, data, outbox)

    async def _begin(self, competition: Competition, data: MatchData, outbox: Outbox) -> Competition:
        """Deal the course, give every player a board, start the clocks."""
        place = competition.place
        kind = _board_kind(data)
        for key in data.players:
            await self._clear_stale_board(key, place, kind)
            if await self._storage.active_round(key, place, kind) is not None:
                raise GolfError(N_("{player} is playing a match here already."), player=data.name(key))
        first = self._rng.randint(1, FIRST_DEALS)
        if find_patience(data.rules).winnable_only:
            deals = await self._solver.course(first, data.holes, data.rules)
        else:
            deals = tuple(first + i for i in range(data.holes))
        now = self._clock.now()
        boards: list[str] = []
        for key in data.players:
            board = RoundState(
                id=new_round_id(),
                place=place,
                players=(key,),
                rules=data.rules,
                holes=data.holes,
                par_for_nine=data.par_for_nine,
                casual=False,
                deals=deals,
                kind=kind,
                started_at=now,
                updated_at=now,
                payload=Payload.of(1, {"match": competition.id}),
            )
            await self._storage.create_round(board)
            boards.append(board.id)
        data = replace(
            data,
            deals=deals,
            boards=tuple(boards),
            scores=tuple(() for _key in data.players),
            started=tuple(False for _key in data.players),
            expires="",
        )
        started = competition.bump(status=CompetitionStatus.PLAYING, payload=data.payload(), updated_at=now)
        await self._save(competition, started)
        for key in data.players:
            await self._set_clock(competition.id, key, 0, data.hole_seconds)
        outbox.to_place(place, MatchStarted(place, competition.id, data.players))
        return started

    async def _clear_stale_board(self, player: str, place: str, kind: str) -> None:
        """A board left in progress by a match that is over (a crash between the two writes): close it."""
        board = await self._storage.active_round(player, place, kind)
        if board is None:
            return
        owner = await self._storage.load_competition(str(board.payload.read().get("match", "")))
        if owner is None or not owner.is_active:
            await self._close_board(board)

    async def _close_board(self, board: RoundState) -> None:
        """End a board whose match is over (through the sessions: its cached copy goes too)."""
        closed_at = self._clock.now()

        def close(live: Live[Position]) -> Change[Position] | None:
            if not live.state.is_active:
                return None
            closed = live.state.bump(status=RoundStatus.ABANDONED, updated_at=closed_at)
            return Change(closed, live.position, Screen(ScreenKind.NOTICE, _(MATCH_OVER)))

        await self._clubhouse.sessions.amend(board.id, close)

    # ---- boards and the scoreboard ---------------------------------------------------------------

    async def board(self, player: Player, match_id: str) -> Screen:
        """The player's own board of the match (shown to them alone)."""
        competition = await self._load(match_id)
        data = MatchData.read(competition.payload)
        if player.key not in data.players:
            raise NotYourRoundError(N_("This match is not yours: only its players have boards."))
        if not data.boards:
            raise GolfError(N_("The match has not started yet."))
        if competition.status is not CompetitionStatus.PLAYING:
            return await self._shown(competition)  # over: the scoreboard, not a closed board
        state = await self._storage.load_round(data.boards[data.seat(player.key)])
        if state is None:
            raise GolfError(N_("Your board is gone."))
        return self._boards[state.kind].screen(Live(state, position(state)), player.key)

    def match_of(self, state: RoundState) -> str:
        """The match whose board ``state`` is ("" for a session that is no match's board)."""
        if state.kind not in self._boards:
            return ""
        return str(state.payload.read().get("match", ""))

    async def _board_moved(self, moved: Moved) -> None:
        """A press moved a player's board on (committed): a hole it finished goes on the match's scoreboard
        and may decide the match; a first move notes that the player began in time. Other presses change
        nothing of the match's."""
        if moved.finished_hole or moved.first_move:
            match_id = str(moved.after.payload.read().get("match", ""))
            if match_id:
                await self._publish(await self._sync(match_id))

    async def _closed_board(self, live: Live[Position], seat: str) -> GolfError | None:
        """A press on a board that ended, of a match that is over: say so, with its final scoreboard."""
        match = await self._storage.load_competition(str(live.state.payload.read().get("match", "")))
        if match is None or match.is_active:
            return None
        return StaleActionError(MATCH_OVER, screen=await self._shown(match))

    async def clock_notice(self, event: ClockExpired) -> str:
        """What the place is told when a clock ran out (read after the change it caused is committed)."""
        competition = await self._load(event.session)
        data = MatchData.read(competition.payload)
        name = data.name(event.player) if event.player in data.players else _(SOMEONE)
        if not data.boards:
            return _("⏱ {player} did not answer in time: the challenge has expired.", player=name)
        if event.player in data.forfeited:
            return _("⏱ {player} did not start in time and forfeits.", player=name)
        scores = data.scores[data.seat(event.player)]
        if data.format == MATCH:
            hole = max((i + 1 for i, score in enumerate(scores) if score is None), default=len(scores))
            return _("⏱ {player} ran out of time on hole {hole}: the hole is lost.", player=name, hole=hole)
        return _(
            "⏱ {player} ran out of time on hole {hole}: it is scored as it stands.",
            player=name,
            hole=max(len(scores), 1),
        )

    async def scoreboard_message(self, match_id: str) -> str:
        """The platform's scoreboard message of the match ("" when none is known)."""
        return MatchData.read((await self._load(match_id)).payload).message

    async def keep_scoreboard_message(self, match_id: str, message: str) -> None:
        """Remember the platform's scoreboard message (stored: after a restart the same one is edited)."""
        async with self._locks.hold(match_id):
            competition = await self._load(match_id)
            data = MatchData.read(competition.payload)
            if data.message != message:
                new = competition.bump(payload=replace(data, message=message).payload())
                await self._save(competition, new)

    async def in_tournament(self, match_id: str) -> bool:
        return bool(await self.tournament_of(match_id))

    async def tournament_of(self, match_id: str) -> str:
        """The id of the tournament the match is part of; "" for a challenge or group round."""
        return MatchData.read((await self._load(match_id)).payload).tournament

    async def channel(self, match_id: str) -> str:
        """Where the platform shows the match (what it gave when the match was made)."""
        return MatchData.read((await self._load(match_id)).payload).channel

    async def started_by(self, match_id: str) -> tuple[str, str]:
        """Who started the match (its challenger or group round's organiser; "" for a tournament's match)
        and its tournament's id ("" for none)."""
        data = MatchData.read((await self._load(match_id)).payload)
        return data.organiser, data.tournament

    async def players(self, match_id: str) -> tuple[str, ...]:
        """The keys of the match's players."""
        return MatchData.read((await self._load(match_id)).payload).players

    async def scoreboard(self, match_id: str) -> Screen:
        """The place's live scoreboard: finished holes only, never a board."""
        competition = await self._load(match_id)
        return await self._shown(competition)

    async def _shown(self, competition: Competition) -> Screen:
        data = MatchData.read(competition.payload)
        if competition.status is CompetitionStatus.OPEN:
            return self.invitation(competition, data)
        title = _(
            "⛳ {players} · {holes}, {format}",
            players=versus(data.names),
            holes=holes_named(data.holes),
            format=format_named(data.format),
        )
        blocks = [data.scorecard()]
        status = data.status_line()
        if competition.status is CompetitionStatus.FINISHED:
            result = [
                r for r in await self._storage.results(competition.place) if r.match_id == competition.id
            ]
            if result:
                blocks.append(_("Result: {result}", result=_result_text(data, result[0])))
        elif competition.status is CompetitionStatus.CANCELLED:
            # Translators: a challenge or group round nobody answered or started in time
            blocks.append(_("Called off."))
        elif status:
            blocks.append(status)
        buttons: tuple[tuple[Button, ...], ...] = ()
        if competition.status is CompetitionStatus.PLAYING:
            buttons = (
                # Translators: a button under a match's scoreboard that shows the presser their own board
                (_button(competition, OPEN_BOARD, _("Open my board"), ButtonStyle.PRIMARY, ButtonRole.OPEN),),
            )
        return Screen(
            ScreenKind.INFO,
            title,
            tuple(blocks),
            buttons=buttons,
            session=competition.id,
            version=competition.version,
        )

    # ---- keeping up with the boards --------------------------------------------------------------

    async def _sync(self, match_id: str) -> Outbox:
        """Take every hole finished on the boards since the match last looked; decide the match when it
        can. Idempotent. Takes the match's lock (inside it, call ``_sync_locked``)."""
        outbox = Outbox()
        async with self._locks.hold(match_id):
            await self._sync_locked(match_id, outbox)
        return outbox

    async def _sync_locked(self, match_id: str, outbox: Outbox) -> None:
        competition = await self._load(match_id)
        if competition.status is not CompetitionStatus.PLAYING:
            return
        data = MatchData.read(competition.payload)
        now = self._clock.now()
        started = list(data.started)
        for seat, key in enumerate(data.players):
            board = await self._storage.load_round(data.boards[seat])
            if board is None:
                continue
            if board.moves or board.scores:
                started[seat] = True
            known = len(data.scores[seat])
            for index in range(known, len(board.scores)):
                score = board.scores[index]
                data = data.with_score(seat, score)
                outbox.to_place(
                    competition.place, HoleFinished(competition.place, key, match_id, index + 1, score)
                )
            if len(data.scores[seat]) > known:
                if len(data.scores[seat]) < data.holes:
                    await self._set_clock(match_id, key, len(data.scores[seat]), data.hole_seconds)
                else:
                    await self._timers.cancel(_clock_id(match_id, key))
        data = replace(data, started=tuple(started))
        await self._settle(competition, data, now, outbox)

    async def _settle(self, competition: Competition, data: MatchData, now: datetime, outbox: Outbox) -> None:
        """Save what changed; finish the match if it is decided."""
        result = data.decide(competition.id, competition.place, now)
        if result is None:
            if data.payload() != competition.payload:
                await self._save(competition, competition.bump(payload=data.payload(), updated_at=now))
            return
        finished = competition.bump(status=CompetitionStatus.FINISHED, payload=data.payload(), updated_at=now)
        try:
            await self._storage.save_competition(
                finished, previous_version=competition.version, result=result
            )
        except VersionConflict:
            raise StaleActionError(N_("The match moved on meanwhile; try again.")) from None
        self._tell_followers(competition.id)
        outbox.to_place(
            competition.place, MatchDecided(competition.place, competition.id, result.winner, result.summary)
        )
        for key in data.players:
            await self._timers.cancel(_clock_id(competition.id, key))
        for board_id in data.boards:
            board = await self._storage.load_round(board_id)
            if board is not None and board.is_active:
                await self._close_board(board)
        for listener in self._finished:
            try:
                await listener(finished, result, outbox)
            except Exception as error:  # the match stands; the tournament catches up on its next look
                log.error(
                    "after match %s: %s: %s",
                    competition.id,
                    type(error).__name__,
                    error,
                    extra={"place": competition.place},
                )

    # ---- the server table -----------------------------------------------------------------------

    async def table(self, place: Place, number: int = 1, size: int = 10, game: str | None = None) -> Screen:
        """The place's table of ``game`` (Golf by default: ``game_rules`` reads the option), page ``number``:
        every finished match and group round of that game, with its ratings. Each game has its own table
        and ratings: skill at TriPeaks says little about skill at Golf."""
        chosen = GOLF if game is None else game_of(game_rules(game, None) or GOLF)
        results = [r for r in await self._storage.results(place.key) if r.game == chosen]
        rows = table(results, replay(results, self._clock.now()))
        shown, pages = page(rows, number, size)
        first = (min(max(number, 1), pages) - 1) * size
        lines = [_table_line(n, await self._name(row.player), row) for n, row in enumerate(shown, first + 1)]
        # Translators: the title of a place's table of matches and ratings (Golf's)
        title = _("🏆 Table") if chosen == GOLF else _("🏆 Table · {game}", game=game_title(chosen))
        title += f" — {place.name}" if place.name else ""
        blocks = (
            "\n".join(lines) if lines else _("No {game} match finished here yet.", game=game_title(chosen)),
            _("Page {page} of {pages}.", page=min(max(number, 1), pages), pages=pages),
        )
        return Screen(ScreenKind.INFO, title, blocks)

    async def record(self, player: Player, place: Place) -> str:
        """A player's line for their card: rating and record at ``place`` (Golf's matches)."""
        results = [r for r in await self._storage.results(place.key) if r.game == GOLF]
        ratings = replay(results, self._clock.now())
        row = next((r for r in table(results) if r.player == player.key), None)
        if row is None:
            return _("Matches: none yet.")
        rating = ratings[player.key]
        # Translators: a player's record in a place's matches; {count} is how many they played
        matches = ngettext(
            "Matches: {count} played, {won} won, {halved} halved, {lost} lost · {points} pts · holes "
            "{difference}",
            "Matches: {count} played, {won} won, {halved} halved, {lost} lost · {points} pts · holes "
            "{difference}",
            row.played,
            won=row.won,
            halved=row.halved,
            lost=row.lost,
            points=number(row.points),
            difference=f"{row.hole_difference:+d}",
        )
        # Translators: a player's rating (OpenSkill's conservative mu - 3 sigma), then its mu and sigma
        rated = _(
            "Rating: {rating} (μ {mu}, σ {sigma})",
            rating=_tenths(rating.display),
            mu=_tenths(rating.mu),
            sigma=_tenths(rating.sigma),
        )
        return matches + "\n" + rated

    async def _name(self, key: str) -> str:
        known = await self._storage.player(key)
        return known.name if known is not None and known.name else key.split(":", 1)[-1]

    # ---- clocks ----------------------------------------------------------------------------------

    async def _set_clock(self, match_id: str, player: str, hole: int, seconds: int) -> None:
        due = self._clock.now() + timedelta(seconds=seconds)
        await self._timers.schedule(
            Timer(_clock_id(match_id, player), CLOCK_TIMER, due, json.dumps({"hole": hole}))
        )

    async def _clock_ran_out(self, timer: Timer, outbox: Outbox) -> None:
        _prefix, match_id, player = timer.id.split(":", 2)
        hole = int(json.loads(timer.payload)["hole"])
        async with self._locks.hold(match_id):
            competition = await self._storage.load_competition(match_id)
            if competition is None or competition.status is not CompetitionStatus.PLAYING:
                return
            await self._sync_locked(match_id, outbox)  # a hole finished just now counts
            competition = await self._load(match_id)
            if competition.status is not CompetitionStatus.PLAYING:
                return
            data = MatchData.read(competition.payload)
            seat = data.seat(player)
            if len(data.scores[seat]) != hole or player in data.forfeited:
                return  # the hole was finished in time
            place = competition.place
            outbox.to_place(place, ClockExpired(place, player, match_id))
            if hole == 0 and not data.started[seat]:
                # everyone who has not started by now forfeits (all started on one clock): two who never
                # began forfeit both, rather than the first clock read giving the match to the other
                late = [
                    key
                    for i, key in enumerate(data.players)
                    if not data.started[i] and not data.scores[i] and key not in data.forfeited
                ]
                for key in late:
                    if key != player:
                        outbox.to_place(place, ClockExpired(place, key, match_id))
                        await self._timers.cancel(_clock_id(match_id, key))
                    board = await self._storage.load_round(data.boards[data.seat(key)])
                    if board is not None and board.is_active:
                        await self._close_board(board)
                data = replace(data, forfeited=(*data.forfeited, *late))
                await self._settle(competition, data, self._clock.now(), outbox)
                return
            if data.format == MATCH:
                data = data.with_score(seat, None)
                await self._save(
                    competition, competition.bump(payload=data.payload(), updated_at=self._clock.now())
                )
        # the board's hole ends as it stands (outside the match's lock: the Clubhouse takes the player's)
        await self._end_hole(player, data.boards[seat])
        async with self._locks.hold(match_id):
            await self._sync_locked(match_id, outbox)
        if data.format == MATCH:
            async with self._locks.hold(match_id):
                competition = await self._load(match_id)
                current = MatchData.read(competition.payload)
                if (
                    competition.status is CompetitionStatus.PLAYING
                    and len(current.scores[seat]) < current.holes
                ):
                    await self._set_clock(match_id, player, len(current.scores[seat]), current.hole_seconds)

    async def _end_hole(self, player: str, board_id: str) -> None:
        """Concede the hole in play on ``player``'s board (moving on to it first if it was not begun)."""
        for _attempt in range(3):
            board = await self._storage.load_round(board_id)
            if board is None or not board.is_active:
                return
            action = "n" if board.status is RoundStatus.HOLE_OVER else "q"
            try:
                template = self._boards[board.kind].template
                await self._clubhouse.sessions.press(player, template.build(board.id, board.version, action))
            except StaleActionError:
                continue
            if action == "q":
                return

    async def _challenge_expired(self, timer: Timer, outbox: Outbox) -> None:
        match_id = timer.id.split(":", 1)[1]
        async with self._locks.hold(match_id):
            competition = await self._storage.load_competition(match_id)
            if competition is None or competition.status is not CompetitionStatus.OPEN:
                return
            data = MatchData.read(competition.payload)
            cancelled = competition.bump(status=CompetitionStatus.CANCELLED, updated_at=self._clock.now())
            await self._save(competition, cancelled)
            waited_for = data.players[1] if competition.kind == KIND_MATCH else data.organiser
            outbox.to_place(competition.place, ClockExpired(competition.place, waited_for, match_id))

    # ---- storage ---------------------------------------------------------------------------------

    async def _load(self, competition_id: str) -> Competition:
        competition = await self._storage.load_competition(competition_id)
        if competition is None:
            raise GolfError(N_("That match is not known (any more)."))
        return competition

    async def _save(self, old: Competition, new: Competition) -> None:
        try:
            await self._storage.save_competition(new, previous_version=old.version)
        except VersionConflict:
            raise StaleActionError(N_("That moved on meanwhile; try again.")) from None
        self._tell_followers(new.id)

    def follow(self, follower: Callable[[str], None]) -> None:
        """Tell ``follower`` the id of every match this process saves, as it is saved (a hole on its
        scoreboard, its result): it must only note what to do and return (the web table pushes the
        scoreboard to the pages that show a board of it)."""
        self._followers.append(follower)

    def _tell_followers(self, match_id: str) -> None:
        for follower in self._followers:
            try:
                follower(match_id)
            except Exception as error:  # the match is saved: never reported as failed
                log.error("a follower of match %s failed: %s: %s", match_id, type(error).__name__, error)

    async def _publish(self, outbox: Outbox) -> None:
        if self._notifier is not None:
            await outbox.publish(self._notifier)
        else:
            outbox.discard()


def _board_kind(data: MatchData) -> str:
    return TOURNAMENT_BOARD_KIND if data.tournament else BOARD_KIND


def _clock_id(match_id: str, player: str) -> str:
    return f"mc:{match_id}:{player}"


def _tenths(value: float) -> str:
    """A rating to one decimal, as the reader's language writes it (rounded as ``f"{value:.1f}"`` does)."""
    return number(round(value, 1), places=1)


def _minutes(delta: timedelta) -> int:
    return int(delta.total_seconds() // 60)


def format_named(format: str) -> str:
    """``stroke play``, ``match play``: a match's format as a player reads it (a format not known: as it is
    stored, with ``play``)."""
    named = FORMAT_NAMES.get(format)
    return _(named) if named is not None else _("{format} play", format=format)


def versus(names: tuple[str, ...]) -> str:
    """``Ann v Bob``, ``Ann v Bob v Cy``: the players of a match or group round, in the reader's language."""
    joined = names[0] if names else ""
    for name in names[1:]:
        # Translators: between the names of a match's players ("Ann v Bob": Ann versus Bob)
        joined = _("{players} v {player}", players=joined, player=name)
    return joined


def _answered(competition: Competition) -> str:
    """What a press on a challenge or group round that is no longer open is told (a msgid)."""
    if competition.status is not CompetitionStatus.CANCELLED:
        return N_("That has been answered already.")
    if competition.kind == KIND_MATCH:
        return N_("That challenge was called off.")
    return N_("That group round was called off.")


def _table_line(rank: int, name: str, row: TableRow) -> str:
    """A row of the place's table: played, won, halved, lost, points, hole difference and rating."""
    # Translators: a row of a place's table of matches: P played, W won, H halved, L lost
    return _(
        "{rank}. {player} — P{played} W{won} H{halved} L{lost} · {points} pts · holes {difference} · rating "
        "{rating}",
        rank=f"{rank:>2}",
        player=name,
        played=row.played,
        won=row.won,
        halved=row.halved,
        lost=row.lost,
        points=number(row.points),
        difference=f"{row.hole_difference:+d}",
        rating=_tenths(row.rating.display) if row.rating else "–",
    )


"""The end of a stored summary of a match won by forfeit (``MatchData.decide``: ``Ann won by forfeit``)."""


def summary_words(data: MatchData, summary: str) -> str:
    """A stored result summary (``MatchResult.summary``: English, as ``MatchData.decide`` wrote it) as the
    reader reads it (``bot.announcements.result_words``)."""
    return result_words(summary, data.names)


def _result_text(data: MatchData, result: MatchResult) -> str:
    summary = summary_words(data, result.summary)
    if result.winner is None and data.halved_to in data.players:
        through = data.name(data.halved_to)
        if result.summary == HALVED:
            return _("halved: {player} goes through as the higher seed", player=through)
        return _(
            "{result} · halved: {player} goes through as the higher seed", result=summary, player=through
        )
    if result.winner is None:
        return summary
    if data.format == MATCH and len(data.players) == 2 and "forfeit" not in result.summary:
        # Translators: a match-play result: "Ann won 3 & 2", "Ann won 1 up"
        return _("{player} won {result}", player=data.name(result.winner), result=summary)
    if "forfeit" in result.summary:
        return summary
    # Translators: a stroke-play result: "Ann won: Ann 30 · Bob 32"
    return _("{player} won: {result}", player=data.name(result.winner), result=summary)
