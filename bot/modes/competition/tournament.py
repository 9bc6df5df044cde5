"""Tournaments in a place: sign-up, check-in, pairing, matches, standings after each round, the result.

An organiser opens one (single elimination, round robin or Swiss; holes, format, rules and clock per match;
a sign-up window and a check-in window). Players join with a button while sign-up is open and check in
with another while check-in is open (with no check-in window everyone signed up plays). Then the field is
seeded by rating (``bot.modes.competition.ratings``) and paired (engine/pairing.py); each pair's match is
started at once through ``Matches.start`` (a ``match`` competition whose parent is the tournament). When a
round's last match is decided the standings are announced (``StandingsPosted``), and the next round is
paired, or the tournament ends.

Everything is stored: the tournament's payload holds the field, the rounds and each match's winner, so a
restart resumes it (``resume`` also takes any result that landed while the tournament was not looking).
A halved match in a knock-out goes to the higher seed. A bye counts as a win in Swiss, nothing in a round
robin (the player sits the round out).

Several processes may run one tournament (on one database): a round is paired by one version-checked write
of the tournament that records its pairs and their match ids *before* any match starts, so when two
processes race to pair it (the organiser's button in one, the sign-up timer in the other; the last two
matches of a round finishing in two processes) one write wins and the other process stands down, starting
nothing and announcing nothing. Each match is then created under its recorded id, once (a second creation
is refused by the store), and whoever creates it announces it. A result that loses a race to another
write is applied again to the tournament as it now stands.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from bot.competition_actions import (
    BEGIN,
    CHECK_IN,
    JOIN,
    PREFIX,
    CompetitionAction,
    parse_competition_action,
)
from bot.errors import BadOptionError, GolfError, NotYourRoundError, StaleActionError
from bot.events import Outbox, StandingsPosted
from bot.i18n import N_, _, ngettext, number
from bot.locks import PlayerLocks
from bot.models import Payload, Place, Player, Timer
from bot.models.competition import KIND_TOURNAMENT, Competition, CompetitionStatus
from bot.models.results import MatchResult
from bot.modes.competition.match import CLOCK_RANGE, Matches, format_named, new_competition_id, player_of
from bot.modes.competition.match_data import FORMATS, STROKE
from bot.modes.competition.ratings import replay
from bot.modes.competition.room import CompetitionRoom
from bot.modes.competition.table import TableRow, table
from bot.options import holes_named, holes_option, rules_option
from bot.places import MAX_HOLE_SECONDS, MIN_HOLE_SECONDS
from bot.ports import Clock, CompetitionStorage, ConstraintViolation, Notifier, VersionConflict
from bot.screens import Button, ButtonStyle, Screen, ScreenKind
from bot.timers import Timers
from engine.pairing import (
    PairingError,
    elimination_first_round,
    elimination_next_round,
    round_robin,
    swiss_pairs,
    swiss_rounds,
)
from engine.patience import game_of

log = logging.getLogger(__name__)

KIND = KIND_TOURNAMENT
TIMER = "tournament"
ELIMINATION, ROUND_ROBIN, SWISS = "elimination", "round-robin", "swiss"
STYLES = (ELIMINATION, ROUND_ROBIN, SWISS)
STYLE_NAMES = {
    # Translators: a style of tournament (a knock-out), in a sentence: "elimination, 3 holes a match, ..."
    ELIMINATION: N_("elimination"),
    # Translators: a style of tournament (everyone plays everyone), in a sentence
    ROUND_ROBIN: N_("round robin"),
    # Translators: a style of tournament (players of like points meet each round), in a sentence
    SWISS: N_("swiss"),
}
STYLE_TITLES = {
    # Translators: a style of tournament (a knock-out), in a title: "Elimination · standings after round 2"
    ELIMINATION: N_("Elimination"),
    # Translators: a style of tournament (everyone plays everyone), in a title
    ROUND_ROBIN: N_("Round Robin"),
    # Translators: a style of tournament (players of like points meet each round), in a title
    SWISS: N_("Swiss"),
}
SIGNUP, CHECKIN, PLAYING, DONE = "signup", "checkin", "playing", "done"
MAX_PLAYERS = 512
MIN_SIGNUP_SECONDS = 60
"""Sign-up is open a minute at least: a window of none could never seat anyone."""
RACES = 20
"""How often a match's result is applied again after another process wrote the tournament first (each
retry means that process moved it on: a bound that is never reached in practice, not a timeout)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One pairing of a round: ``second`` None is a bye; ``winner`` is set once decided."""

    first: str
    second: str | None
    match: str = ""
    winner: str = ""
    halved: bool = False

    @property
    def done(self) -> bool:
        return bool(self.winner)


@dataclass(frozen=True, slots=True)
class TournamentData:
    style: str
    holes: int
    format: str
    rules: str
    hole_seconds: int
    organiser: str
    phase: str = SIGNUP
    checkin_seconds: int = 0
    entrants: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)
    checked_in: tuple[str, ...] = ()
    seeds: tuple[str, ...] = ()
    rounds: tuple[tuple[Entry, ...], ...] = ()
    champion: str = ""
    channel: str = ""
    """Where the platform shows the tournament and its matches: opaque to the core."""
    message: str = ""
    """The platform's sign-up message (opaque to the core), kept so that it is brought up to date when
    sign-up closes and when the tournament ends or is called off."""

    @classmethod
    def read(cls, payload: Payload) -> TournamentData:
        d = payload.read()
        return cls(
            style=d["style"],
            holes=d["holes"],
            format=d["format"],
            rules=d["rules"],
            hole_seconds=d["hole_seconds"],
            organiser=d["organiser"],
            phase=d["phase"],
            checkin_seconds=d["checkin_seconds"],
            entrants=tuple(d["entrants"]),
            names=dict(d["names"]),
            checked_in=tuple(d["checked_in"]),
            seeds=tuple(d["seeds"]),
            rounds=tuple(tuple(Entry(**e) for e in r) for r in d["rounds"]),
            champion=d["champion"],
            channel=d.get("channel", ""),
            message=d.get("message", ""),
        )

    def payload(self) -> Payload:
        value: dict[str, Any] = {
            "style": self.style,
            "holes": self.holes,
            "format": self.format,
            "rules": self.rules,
            "hole_seconds": self.hole_seconds,
            "organiser": self.organiser,
            "phase": self.phase,
            "checkin_seconds": self.checkin_seconds,
            "entrants": list(self.entrants),
            "names": self.names,
            "checked_in": list(self.checked_in),
            "seeds": list(self.seeds),
            "rounds": [
                [
                    {
                        "first": e.first,
                        "second": e.second,
                        "match": e.match,
                        "winner": e.winner,
                        "halved": e.halved,
                    }
                    for e in r
                ]
                for r in self.rounds
            ],
            "champion": self.champion,
            "channel": self.channel,
            "message": self.message,
        }
        return Payload.of(1, value)

    def name(self, key: str) -> str:
        return self.names.get(key, key)

    @property
    def playing(self) -> tuple[str, ...]:
        """Who plays: those checked in (everyone signed up when there is no check-in)."""
        return self.checked_in if self.checkin_seconds else self.entrants

    def higher_seed(self, first: str, second: str) -> str:
        """Of two players, the higher seed (who goes through a halved knock-out match)."""
        seed = {key: i for i, key in enumerate(self.seeds)}
        return min((first, second), key=lambda k: seed.get(k, len(seed)))

    def rounds_done(self) -> int:
        """How many rounds have every match decided."""
        return sum(1 for r in self.rounds if all(e.done for e in r))

    def points(self) -> dict[str, float]:
        """Tournament points: a win 1, halved ½, a Swiss bye 1."""
        got = dict.fromkeys(self.seeds, 0.0)
        for r in self.rounds:
            for e in r:
                if e.second is None:
                    got[e.first] += 1.0 if self.style == SWISS else 0.0
                elif e.halved:
                    got[e.first] += 0.5
                    got[e.second] += 0.5
                elif e.winner:
                    got[e.winner] += 1.0
        return got


class Tournaments:
    def __init__(
        self,
        storage: CompetitionStorage,
        matches: Matches,
        clock: Clock,
        timers: Timers,
        *,
        notifier: Notifier | None = None,
    ) -> None:
        self._storage = storage
        self._matches = matches
        self._clock = clock
        self._timers = timers
        self._notifier = notifier
        self._locks = PlayerLocks()
        timers.on(TIMER, self._phase_over_told)
        matches.on_finished(self._match_finished)
        matches.clubhouse.door.add(PREFIX, CompetitionRoom(storage, matches, self))
        """The competitions' own buttons come in by the Clubhouse's door, to the match or the tournament
        they name: here, where the matches and the tournaments meet."""

    # ---- opening and joining ---------------------------------------------------------------------

    async def open(
        self,
        organiser: Player,
        place: Place,
        *,
        style: str = ELIMINATION,
        holes: int | None = 3,
        format: str = STROKE,
        rules: str | None = None,
        hole_seconds: int | None = None,
        signup_seconds: int = 600,
        checkin_seconds: int = 0,
        channel: str = "",
    ) -> Screen:
        if style not in STYLES:
            raise BadOptionError(
                N_("A tournament is {styles}; not {style}."), styles=", ".join(STYLES), style=style
            )
        if format not in FORMATS:
            raise BadOptionError(N_("The format is stroke or match, not {format}."), format=format)
        if signup_seconds < MIN_SIGNUP_SECONDS:
            raise BadOptionError(
                N_(
                    "Sign-up lasts a minute at least: players need the time to press Join "
                    "(the organiser can close it early)."
                )
            )
        if checkin_seconds < 0:
            raise BadOptionError(N_("Check-in lasts zero seconds (none) or more."))
        settings = await self._storage.place_settings(place)
        if hole_seconds is None:
            hole_seconds = settings.hole_seconds  # the place's default
        if not MIN_HOLE_SECONDS <= hole_seconds <= MAX_HOLE_SECONDS:
            raise BadOptionError(CLOCK_RANGE, fewest=MIN_HOLE_SECONDS, hours=MAX_HOLE_SECONDS // 3600)
        await self._storage.ensure_player(organiser)
        data = TournamentData(
            style=style,
            holes=holes_option(holes),
            format=format,
            rules=rules_option(rules or settings.default_rules),
            hole_seconds=hole_seconds,
            organiser=organiser.key,
            checkin_seconds=checkin_seconds,
            names={organiser.key: organiser.name or organiser.user_id},
            channel=channel,
        )
        now = self._clock.now()
        tournament = Competition(
            new_competition_id(), KIND, place.key, payload=data.payload(), created_at=now, updated_at=now
        )
        await self._storage.create_competition(tournament)
        await self._timers.schedule(
            Timer(f"tt:{tournament.id}", TIMER, now + timedelta(seconds=signup_seconds))
        )
        return self._screen(tournament, data)

    async def act(self, player: Player, action_id: str) -> Screen:
        """Join (sign-up), check in, or (the organiser) close the current window now."""
        action = parse_competition_action(action_id)
        outbox = Outbox()
        async with self._locks.hold(action.competition):
            tournament = await self._load(action.competition)
            data = TournamentData.read(tournament.payload)
            if tournament.status in (CompetitionStatus.CANCELLED, CompetitionStatus.FINISHED):
                over = (
                    N_("That tournament is called off.")
                    if tournament.status is CompetitionStatus.CANCELLED
                    else N_("That tournament is over.")
                )
                raise StaleActionError(over, screen=self._screen(tournament, data))
            if action.action == JOIN:
                if data.phase != SIGNUP:
                    raise StaleActionError(N_("Sign-up is closed."), screen=self._screen(tournament, data))
                if player.key in data.entrants:
                    raise GolfError(N_("You are signed up already."))
                if len(data.entrants) >= MAX_PLAYERS:
                    raise GolfError(N_("The tournament is full ({most} players)."), most=MAX_PLAYERS)
                await self._storage.ensure_player(player)
                data = replace(
                    data,
                    entrants=(*data.entrants, player.key),
                    names={**data.names, player.key: player.name or player.user_id},
                )
                tournament = await self._save(tournament, data)
            elif action.action == CHECK_IN:
                if data.phase != CHECKIN:
                    raise StaleActionError(N_("Check-in is not open."), screen=self._screen(tournament, data))
                if player.key not in data.entrants:
                    raise NotYourRoundError(N_("Only players signed up can check in."))
                if player.key in data.checked_in:
                    raise GolfError(N_("You are checked in already."))
                tournament = await self._save(
                    tournament, replace(data, checked_in=(*data.checked_in, player.key))
                )
            elif action.action == BEGIN:
                if player.key != data.organiser:
                    raise NotYourRoundError(N_("Only the organiser can do that."))
                tournament = await self._next_phase(tournament, outbox)
            else:
                raise GolfError(N_("That button is for a match."))
        await self._publish(outbox)
        return self._screen(tournament, TournamentData.read(tournament.payload))

    # ---- phases ----------------------------------------------------------------------------------

    async def _phase_over_told(self, timer: Timer, _outbox: Outbox) -> None:
        """Its events go through this service's notifier (where the platforms plug their scoreboards)."""
        outbox = Outbox()
        await self._phase_over(timer, outbox)
        await self._publish(outbox)

    async def _phase_over(self, timer: Timer, outbox: Outbox) -> None:
        tournament_id = timer.id.split(":", 1)[1]
        async with self._locks.hold(tournament_id):
            tournament = await self._storage.load_competition(tournament_id)
            if tournament is not None and tournament.status is CompetitionStatus.OPEN:
                await self._next_phase(tournament, outbox)

    async def _next_phase(self, tournament: Competition, outbox: Outbox) -> Competition:
        data = TournamentData.read(tournament.payload)
        place = tournament.place
        if data.phase == SIGNUP and data.checkin_seconds:
            due = self._clock.now() + timedelta(seconds=data.checkin_seconds)
            checkin = tournament.bump(
                payload=replace(data, phase=CHECKIN).payload(), updated_at=self._clock.now()
            )
            if not await self._claim(tournament, checkin):
                return await self._load(tournament.id)  # another process closed sign-up: it says so
            await self._timers.schedule(Timer(f"tt:{tournament.id}", TIMER, due))
            outbox.to_place(place, StandingsPosted(place, tournament.id, 0))
            return checkin
        if data.phase not in (SIGNUP, CHECKIN):
            raise StaleActionError(N_("The tournament is under way."))
        await self._timers.cancel(f"tt:{tournament.id}")
        if len(data.playing) < 2:  # (its phase is over too: nothing more can be pressed)
            cancelled = tournament.bump(
                status=CompetitionStatus.CANCELLED,
                payload=replace(data, phase=DONE).payload(),
                updated_at=self._clock.now(),
            )
            if not await self._claim(tournament, cancelled):
                return await self._load(tournament.id)
            outbox.to_place(place, StandingsPosted(place, tournament.id, 0, final=True))
            return cancelled
        game = game_of(data.rules)  # seeded by the ratings of the game it is played at
        ratings = replay([r for r in await self._storage.results(place) if r.game == game], self._clock.now())
        order = {key: i for i, key in enumerate(data.playing)}
        seeds = tuple(
            sorted(data.playing, key=lambda k: (-(ratings[k].display if k in ratings else -1e9), order[k]))
        )
        data = replace(data, phase=PLAYING, seeds=seeds)
        return await self._pair(tournament, data, outbox)

    def _pairs(self, data: TournamentData) -> Sequence[tuple[str, str | None]]:
        """The next round's pairs; empty when the tournament is over."""
        done = len(data.rounds)
        if data.style == ELIMINATION:
            if not done:
                return elimination_first_round(data.seeds)
            winners = [e.winner for e in data.rounds[-1]]
            return () if len(winners) == 1 else elimination_next_round(winners)
        if data.style == ROUND_ROBIN:
            schedule = round_robin(data.seeds)
            return schedule[done] if done < len(schedule) else ()
        if done >= min(swiss_rounds(len(data.seeds)), len(data.seeds) - 1):
            return ()
        played = {frozenset((e.first, e.second)) for r in data.rounds for e in r if e.second is not None}
        byes = {e.first for r in data.rounds for e in r if e.second is None}
        try:
            return swiss_pairs(data.seeds, data.points(), played, byes)
        except PairingError:
            return ()  # no pairing without a rematch is left: the tournament ends here

    async def _pair(
        self, tournament: Competition, data: TournamentData, outbox: Outbox, *, standings: bool = False
    ) -> Competition:
        """Pair the next round and start its matches, or finish the tournament. The round is claimed first:
        its pairs and their match ids are written under the version check, and only the process whose write
        wins goes on (the standings after the round just played if ``standings``, then the matches)."""
        pairs = self._pairs(data)
        if not pairs:
            champion = data.rounds[-1][0].winner if data.style == ELIMINATION else self._ranking(data)[0]
            data = replace(data, phase=DONE, champion=champion)
            finished = tournament.bump(
                status=CompetitionStatus.FINISHED, payload=data.payload(), updated_at=self._clock.now()
            )
            if not await self._claim(tournament, finished):
                return await self._load(tournament.id)  # another process finished it and said so
            outbox.to_place(
                tournament.place, StandingsPosted(tournament.place, tournament.id, len(data.rounds), True)
            )
            return finished
        played = len(data.rounds)
        entries = tuple(
            Entry(first, None, winner=first)
            if second is None
            else Entry(first, second, match=new_competition_id())
            for first, second in pairs
        )
        data = replace(data, rounds=(*data.rounds, entries))
        new = tournament.bump(
            status=CompetitionStatus.PLAYING, payload=data.payload(), updated_at=self._clock.now()
        )
        if not await self._claim(tournament, new):
            return await self._load(tournament.id)  # another process paired this round: it starts the matches
        if standings:
            outbox.to_place(tournament.place, StandingsPosted(tournament.place, tournament.id, played))
        await self._start_matches(new, data, outbox)
        if all(e.done for e in entries):  # a round of byes only (cannot happen, but never hang)
            return await self._round_over(new, data, outbox)
        return new

    async def _start_matches(self, tournament: Competition, data: TournamentData, outbox: Outbox) -> None:
        """Start every match of the current round that is not stored yet, under the id the round recorded
        (one a crash left unstarted, on resume). A match another process created meanwhile is left to it."""
        place = Place(*tournament.place.split(":", 1))
        for entry in data.rounds[-1]:
            if entry.second is None or entry.done:
                continue
            if await self._storage.load_competition(entry.match) is not None:
                continue
            knockout = data.style == ELIMINATION  # (a halved match goes to the higher seed: said with it)
            halved_to = data.higher_seed(entry.first, entry.second) if knockout else ""
            try:
                await self._matches.start(
                    (
                        player_of(entry.first, data.name(entry.first)),
                        player_of(entry.second, data.name(entry.second)),
                    ),
                    place,
                    holes=data.holes,
                    format=data.format,
                    rules=data.rules,
                    hole_seconds=data.hole_seconds,
                    tournament=tournament,
                    outbox=outbox,
                    channel=data.channel,
                    competition_id=entry.match,
                    halved_to=halved_to,
                )
            except ConstraintViolation:  # created by another process a moment ago: it begins and announces it
                continue

    async def _match_finished(self, match: Competition, result: MatchResult, outbox: Outbox) -> None:
        """A match's result is committed: its tournament takes it (its events follow the match's). If
        another process wrote the tournament meanwhile, the result is applied again to what it wrote."""
        if match.parent is None:
            return
        async with self._locks.hold(match.parent):
            for _race in range(RACES):
                tournament = await self._storage.load_competition(match.parent)
                if tournament is None or tournament.status is not CompetitionStatus.PLAYING:
                    return
                if await self._apply(tournament, {match.id: result}, outbox):
                    return
            log.error(
                "tournament %s: the result of %s lost %d races; a restart takes it",
                match.parent,
                match.id,
                RACES,
                extra={"place": match.place},
            )

    async def _apply(self, tournament: Competition, results: dict[str, MatchResult], outbox: Outbox) -> bool:
        """Record the current round's results among ``results``; when that ends the round, pair the next.
        False if another process wrote the tournament first (nothing done: apply again to what it wrote)."""
        data = TournamentData.read(tournament.payload)
        if not data.rounds:
            return True
        current = list(data.rounds[-1])
        changed = False
        for i, entry in enumerate(current):
            result = results.get(entry.match)
            if entry.done or result is None or entry.second is None:
                continue
            winner = result.winner or data.higher_seed(entry.first, entry.second)
            current[i] = replace(entry, winner=winner, halved=result.winner is None)
            changed = True
        if not changed:
            return True
        data = replace(data, rounds=(*data.rounds[:-1], tuple(current)))
        new = tournament.bump(payload=data.payload(), updated_at=self._clock.now())
        if not await self._claim(tournament, new):
            return False
        if all(e.done for e in current):
            await self._round_over(new, data, outbox)
        return True

    async def _round_over(self, tournament: Competition, data: TournamentData, outbox: Outbox) -> Competition:
        """Standings after the round, then the next round; after the last, the final standings only."""
        return await self._pair(tournament, data, outbox, standings=True)

    async def _catch_up(self, tournament: Competition, outbox: Outbox) -> None:
        """After a crash between two steps: pair the next round if the current one is decided, start the
        current round's matches that were recorded but not started."""
        data = TournamentData.read(tournament.payload)
        if not data.rounds:
            return
        if all(e.done for e in data.rounds[-1]):
            await self._round_over(tournament, data, outbox)
        else:
            await self._start_matches(tournament, data, outbox)

    async def resume(self) -> int:
        """After a restart: take every result of a tournament match that the tournament has not seen (a
        crash between the match's commit and the tournament's). Sign-up and check-in end on their timers."""
        count = 0
        for tournament in await self._storage.active_competitions({KIND}):
            count += 1
            if tournament.status is not CompetitionStatus.PLAYING:
                continue
            results = {r.match_id: r for r in await self._storage.results(tournament.place)}
            outbox = Outbox()
            async with self._locks.hold(tournament.id):
                for _race in range(RACES):
                    current = await self._storage.load_competition(tournament.id)
                    if current is None or current.status is not CompetitionStatus.PLAYING:
                        break
                    if await self._apply(current, results, outbox):
                        current = await self._storage.load_competition(tournament.id)
                        if current is not None and current.status is CompetitionStatus.PLAYING:
                            await self._catch_up(current, outbox)
                        break
            await self._publish(outbox)
        return count

    # ---- what is shown ---------------------------------------------------------------------------

    @staticmethod
    def _ranking(data: TournamentData) -> list[str]:
        """By points, then seed (the champion of a round robin or Swiss)."""
        points = data.points()
        seed = {key: i for i, key in enumerate(data.seeds)}
        return sorted(data.seeds, key=lambda k: (-points.get(k, 0.0), seed[k]))

    async def channel(self, tournament_id: str) -> str:
        return TournamentData.read((await self._load(tournament_id)).payload).channel

    async def organiser(self, tournament_id: str) -> str:
        """The key of the player who opened the tournament."""
        return TournamentData.read((await self._load(tournament_id)).payload).organiser

    async def keep_message(self, tournament_id: str, where: str) -> None:
        """Remember the platform's sign-up message of the tournament (stored: a restart still knows it)."""
        async with self._locks.hold(tournament_id):
            tournament = await self._load(tournament_id)
            data = TournamentData.read(tournament.payload)
            if data.message != where:
                await self._save(tournament, replace(data, message=where))

    async def signup_message(self, tournament_id: str) -> tuple[str, Screen] | None:
        """The sign-up message kept for the tournament, and what it is to show now (no buttons once sign-up
        is closed, the tournament over or called off); None if none was kept."""
        tournament = await self._load(tournament_id)
        data = TournamentData.read(tournament.payload)
        return (data.message, self._screen(tournament, data)) if data.message else None

    async def standings(self, tournament_id: str, after_round: int | None = None) -> Screen:
        """The standings: points (win 1, halved ½), won-halved-lost and hole difference in this tournament's
        matches; the bracket's champion or the leader once it is over. Headed with the round just played:
        ``after_round`` (a StandingsPosted's round), else the last round with every match decided."""
        tournament = await self._load(tournament_id)
        data = TournamentData.read(tournament.payload)
        if tournament.status is CompetitionStatus.OPEN:
            return self._screen(tournament, data)
        matches = {e.match for r in data.rounds for e in r if e.match}
        results = [r for r in await self._storage.results(tournament.place) if r.match_id in matches]
        rows = {row.player: row for row in table(results)}
        points = data.points()
        seed = {key: i for i, key in enumerate(data.seeds)}
        order = sorted(
            data.seeds,
            key=lambda k: (-points[k], -(rows[k].hole_difference if k in rows else 0), seed[k]),
        )
        lines = [
            _standing(place_no, data.name(key), points[key], rows.get(key))
            for place_no, key in enumerate(order[:20], start=1)
        ]
        if len(order) > 20:
            # Translators: under the first twenty of a tournament's standings: how many more players there are
            lines.append(ngettext("… and {count} more", "… and {count} more", len(order) - 20))
        played = data.rounds_done() if after_round is None else after_round
        title = _(
            "🏆 {style} · standings after round {round}",
            style=_(STYLE_TITLES[data.style]) if data.style in STYLE_TITLES else data.style,
            round=played,
        )
        blocks = ["\n".join(lines)]
        if tournament.status is CompetitionStatus.FINISHED and data.champion:
            title = _("🏆 {player} wins the tournament", player=data.name(data.champion))
        elif tournament.status is CompetitionStatus.CANCELLED:
            title = _("🏆 Tournament called off: fewer than two players")
        return Screen(
            ScreenKind.INFO, title, tuple(blocks), session=tournament.id, version=tournament.version
        )

    def _screen(self, tournament: Competition, data: TournamentData) -> Screen:
        style = STYLE_NAMES.get(data.style)
        what = _(
            "{style}, {holes} a match, {format}, {rules} rules.",
            style=data.style.replace("-", " ") if style is None else _(style),
            holes=holes_named(data.holes),
            format=format_named(data.format),
            rules=data.rules,
        )
        # Translators: who signed up for a tournament, when nobody has
        players = ", ".join(data.name(k) for k in data.entrants[:30]) or _("nobody yet")
        blocks = [what, _("Signed up ({count}): {players}.", count=len(data.entrants), players=players)]
        buttons: list[Button] = []
        if tournament.status is CompetitionStatus.CANCELLED:  # (no buttons once it is called off or over)
            blocks.append(_("Tournament called off: fewer than two players."))
        elif tournament.status is CompetitionStatus.FINISHED:
            blocks.append(_("The tournament is over: {player} won it.", player=data.name(data.champion)))
        elif data.phase in (PLAYING, DONE):  # the sign-up message, once closed
            blocks.append(_("Sign-up is closed: each round's matches and standings are posted here."))
        else:
            if data.phase == SIGNUP:
                # Translators: a button that signs the presser up for a tournament
                buttons.append(_button(tournament, JOIN, _("Join"), ButtonStyle.PRIMARY))
            else:
                blocks.append(_("Checked in: {count}. Check in now to play.", count=len(data.checked_in)))
                # Translators: a button that confirms the presser plays the tournament they signed up for
                buttons.append(_button(tournament, CHECK_IN, _("Check in"), ButtonStyle.SUCCESS))
            # Translators: a button (its organiser's) that closes a tournament's sign-up or check-in now
            buttons.append(_button(tournament, BEGIN, _("Close now (organiser)"), ButtonStyle.SECONDARY))
        return Screen(
            ScreenKind.INFO,
            _("🏆 Tournament by {organiser}", organiser=data.name(data.organiser)),
            tuple(blocks),
            buttons=(tuple(buttons),) if buttons else (),
            session=tournament.id,
            version=tournament.version,
        )

    # ---- storage ---------------------------------------------------------------------------------

    async def _load(self, tournament_id: str) -> Competition:
        tournament = await self._storage.load_competition(tournament_id)
        if tournament is None or tournament.kind != KIND:
            raise GolfError(N_("That tournament is not known."))
        return tournament

    async def _save(self, tournament: Competition, data: TournamentData) -> Competition:
        new = tournament.bump(payload=data.payload(), updated_at=self._clock.now())
        await self._write(tournament, new)
        return new

    async def _write(self, old: Competition, new: Competition) -> None:
        if not await self._claim(old, new):
            raise StaleActionError(N_("The tournament moved on meanwhile; try again."))

    async def _claim(self, old: Competition, new: Competition) -> bool:
        """Write ``new`` over ``old``: False if another process wrote the tournament first."""
        try:
            await self._storage.save_competition(new, previous_version=old.version)
        except VersionConflict:
            return False
        return True

    async def _publish(self, outbox: Outbox) -> None:
        if self._notifier is not None:
            await outbox.publish(self._notifier)
        else:
            outbox.discard()


def _button(tournament: Competition, action: str, label: str, style: ButtonStyle) -> Button:
    return Button(str(CompetitionAction(tournament.id, tournament.version, action)), label, style=style)


def _standing(rank: int, name: str, points: float, row: TableRow | None) -> str:
    """A row of a tournament's standings: points, won-halved-lost and hole difference in its matches."""
    if row is None:
        # Translators: a row of a tournament's standings, for a player with no match decided yet
        return _(
            "{rank}. {player} — {points} pts (0-0-0)", rank=f"{rank:>2}", player=name, points=number(points)
        )
    # Translators: a row of a tournament's standings: points, then matches won-halved-lost and hole difference
    return _(
        "{rank}. {player} — {points} pts ({won}-{halved}-{lost}, holes {difference})",
        rank=f"{rank:>2}",
        player=name,
        points=number(points),
        won=row.won,
        halved=row.halved,
        lost=row.lost,
        difference=f"{row.hole_difference:+d}",
    )
