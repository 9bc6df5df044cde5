"""Two bot processes on one database race for what must exist once: a place's course of the day (opened,
closed and the next opened — the same course for everyone, each announcement once) and a tournament round's
pairings (one set: matches not duplicated, no player in two matches of a round, each match announced once).

On SQLite (two connections to one file) and on a real PostgreSQL (two asyncpg pools): first two bot cores
in this process, so that the racers can be held at one point (the fake solver's ``meet``); then two real
processes (``race_app.py``) let go at once."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.competition_actions import BEGIN, JOIN
from bot.errors import StaleActionError
from bot.events import DayClosed, DayOpened, MatchStarted, StandingsPosted
from bot.models import Place, Player
from bot.models.competition import Competition, CompetitionStatus
from bot.models.daily import DailyResult
from bot.modes.competition.tournament import PLAYING, Entry, TournamentData
from bot.screens import Screen

APP_FILE = Path(__file__).with_name("race_app.py")
HERE = Place("test", "here", "Here")
FIELD = [Player("test", str(i), f"P{i}") for i in range(1, 7)]


def race_app() -> ModuleType:
    if "race_app" not in sys.modules:
        spec = importlib.util.spec_from_file_location("race_app", APP_FILE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["race_app"] = module
        spec.loader.exec_module(module)
    return sys.modules["race_app"]


@pytest.fixture
async def two(shared_database: str) -> AsyncIterator[tuple[Any, Any]]:
    """Two bot cores on one database, with one fake solver (so that ``meet`` holds both) and one clock."""
    module = race_app()
    solver, clock = module.PlainSolver(), module.ManualClock(module.START)
    a = await module.App.open(shared_database, solver, clock)
    b = await module.App.open(shared_database, solver, clock)
    yield a, b
    await a.close()
    await b.close()


def button(screen: Screen, action: str) -> str:
    return next(b.id for b in screen.all_buttons if b.id.rsplit(":", 1)[1] == action)


async def signed_up(app: Any, place: Place, field: list[Player]) -> str:
    """A knock-out of one-hole matches at ``place`` with ``field`` signed up; its Close-now button."""
    screen = await app.tournaments.open(field[0], place, holes=1, signup_seconds=600)
    for player in field:
        screen = await app.tournaments.act(player, button(screen, JOIN))
    return button(screen, BEGIN)


async def matches_of(app: Any, tournament_id: str) -> list[Competition]:
    return [c for c in await app.storage.active_competitions({"match"}) if c.parent == tournament_id]


async def assert_paired_once(app: Any, tournament_id: str, started: list[MatchStarted]) -> None:
    """One round stored; its matches exist once each, nobody in two; each match announced once."""
    tournament = await app.storage.load_competition(tournament_id)
    data = TournamentData.read(tournament.payload)
    assert len(data.rounds) == 1
    entries = data.rounds[0]
    players = [p for e in entries for p in (e.first, e.second) if p is not None]
    assert sorted(players) == sorted(data.seeds) and len(set(players)) == len(players)
    recorded = sorted(e.match for e in entries if e.second is not None)
    assert sorted(m.id for m in await matches_of(app, tournament_id)) == recorded
    announced = Counter(e.session for e in started if e.session in recorded)
    assert sorted(announced) == recorded and set(announced.values()) == {1}


async def test_two_processes_open_a_place_s_first_day_once(two: tuple[Any, Any]) -> None:
    a, b = two
    # a one-hole course of these rules asks the solver once when it opens: held there
    await a.daily.change_settings(HERE, rules="strict+winnable-only", holes=1)
    a.solver.meet(2)
    day_a, day_b = await asyncio.gather(a.daily.today(HERE), b.daily.today(HERE))
    assert a.solver.arrived == 2  # both were about to open it, each with a secret of its own making
    assert day_a == day_b == await b.storage.daily_day(HERE.key, day_a.day)
    assert await a.storage.place_days(HERE.key) == [day_a.day]
    assert a.events() == b.events() == []  # a first day is not announced


async def test_two_processes_close_a_day_and_open_the_next_once(two: tuple[Any, Any]) -> None:
    a, b = two
    await a.daily.change_settings(HERE, rules="strict+winnable-only", holes=1)
    first = await a.daily.today(HERE)
    await a.storage.ensure_player(FIELD[0])
    await a.storage.record_result(DailyResult(HERE.key, first.day, FIELD[0].key, "d123456789", 1, 6, 2, True))
    a.clock.advance((first.closes_at - a.clock.now()).total_seconds() + 1)
    a.solver.meet(2)
    arrived = a.solver.arrived
    fired, day_b = await asyncio.gather(a.timers.fire_due(), b.daily.today(HERE))  # a by its timer
    assert fired == 1 and a.solver.arrived == arrived + 2
    second = await a.storage.latest_day(HERE.key)
    assert day_b == second and second.day == first.day + timedelta(days=1)
    assert await b.storage.place_days(HERE.key) == [first.day, second.day]
    events = a.events() + b.events()
    assert [type(e) for e in events] == [DayClosed, DayOpened]  # from whichever closed it, once
    assert events[1].commitment == second.commitment
    (row,) = await a.storage.all_time_board(HERE.key)
    assert (row.player, row.days, row.wins) == (FIELD[0].key, 1, 1)  # the day added to the table once


async def test_two_processes_pair_a_tournament_round_once(two: tuple[Any, Any]) -> None:
    a, b = two
    places = [Place("test", f"club{i}") for i in range(4)]
    buttons = [await signed_up(a, place, FIELD) for place in places]
    organiser = FIELD[0]
    outcomes = await asyncio.gather(
        *(app.tournaments.act(organiser, x) for x in buttons for app in (a, b)), return_exceptions=True
    )
    for outcome in outcomes:  # a press that came second sees the round paired (or is told it is)
        assert isinstance(outcome, Screen) or (
            isinstance(outcome, StaleActionError) and outcome.message == "The tournament is under way."
        ), outcome
    started = a.events(MatchStarted) + b.events(MatchStarted)
    for x in buttons:
        await assert_paired_once(b, x.split(":")[1], started)
    assert len(started) == 4 * 2  # six players: two byes and two matches a tournament, each announced once


async def concede(app: Any, player: Player, match_id: str) -> None:
    screen = await app.matches.board(player, match_id)
    await app.matches.clubhouse.door.press(player, button(screen, "q"))


async def test_the_last_two_matches_of_a_round_end_in_two_processes_at_once(two: tuple[Any, Any]) -> None:
    a, b = two
    field = FIELD[:4]
    begin = await signed_up(a, HERE, field)
    tournament_id = begin.split(":")[1]
    await a.tournaments.act(field[0], begin)
    by_key = {p.key: p for p in field}
    (first, second) = [(e.session, [by_key[k] for k in e.players]) for e in a.events(MatchStarted)]
    await concede(a, first[1][0], first[0])
    await concede(b, second[1][0], second[0])
    await asyncio.gather(concede(a, first[1][1], first[0]), concede(b, second[1][1], second[0]))
    data = TournamentData.read((await a.storage.load_competition(tournament_id)).payload)
    assert [e.done for e in data.rounds[0]] == [True, True]  # both results taken, neither lost to the race
    assert len(data.rounds) == 2 and len(data.rounds[1]) == 1  # the final, paired once
    final = data.rounds[1][0].match
    events = a.events() + b.events()
    assert [e.session for e in events if isinstance(e, MatchStarted)].count(final) == 1
    assert [(e.round, e.final) for e in events if isinstance(e, StandingsPosted)] == [(1, False)]
    stored = await a.storage.load_competition(final)
    assert stored is not None and stored.status is CompetitionStatus.PLAYING


class Racer:
    """A ``race_app.py`` process."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, database: str, now: str) -> Racer:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(APP_FILE),
            database,
            now,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        racer = cls(process)
        assert await racer.line() == "ready"
        return racer

    async def line(self) -> str:
        assert self.process.stdout is not None
        return (await asyncio.wait_for(self.process.stdout.readline(), 60)).decode().strip()

    def go(self, request: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(request) + "\n").encode())

    async def outcome(self) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(await self.line())
        await asyncio.wait_for(self.process.wait(), 30)
        return answer


async def test_two_real_processes_race_for_rounds_and_days(
    two: tuple[Any, Any], shared_database: str
) -> None:
    setup, _ = two
    places = [Place("test", f"club{i}") for i in range(3)]
    buttons = [await signed_up(setup, place, FIELD) for place in places]
    days = [await setup.daily.today(place) for place in places]
    await setup.storage.ensure_player(FIELD[1])
    for day in days:
        await setup.storage.record_result(
            DailyResult(day.place, day.day, FIELD[1].key, "d123456789", 9, 41, 5, True)
        )
    tomorrow = (days[0].closes_at + timedelta(seconds=1)).isoformat()
    racers = [await Racer.start(shared_database, tomorrow) for _ in range(2)]
    for racer in racers:  # let go together: each presses every Close-now button and opens every place's day
        racer.go({"begin": buttons, "places": [p.key for p in places]})
    outcomes = [await racer.outcome() for racer in racers]
    assert [o["failures"] for o in outcomes] == [[], []]
    events = [e for o in outcomes for e in o["events"]]
    started = [
        MatchStarted(e["place"], e["session"], tuple(e["players"]))
        for e in events
        if e["type"] == "MatchStarted"
    ]
    for x in buttons:
        await assert_paired_once(setup, x.split(":")[1], started)
    assert len(started) == 3 * 2
    for day in days:
        said = Counter(
            e["type"] for e in events if e.get("place") == day.place and e["type"].startswith("Day")
        )
        assert said == {"DayClosed": 1, "DayOpened": 1}
        assert await setup.storage.place_days(day.place) == [day.day, day.day + timedelta(days=1)]
        (row,) = await setup.storage.all_time_board(day.place)
        assert (row.days, row.wins) == (1, 1)


async def test_a_round_paired_but_not_started_is_started_once_by_two_processes_resuming(
    two: tuple[Any, Any],
) -> None:
    a, b = two
    field = FIELD[:4]
    tournament_id = (await signed_up(a, HERE, field)).split(":")[1]
    # what a crash leaves between the write that pairs a round and its matches' start: pairs with match ids
    # recorded, no match stored
    tournament = await a.storage.load_competition(tournament_id)
    data = TournamentData.read(tournament.payload)
    keys = [p.key for p in field]
    entries = (Entry(keys[0], keys[3], match="crashmatc1"), Entry(keys[1], keys[2], match="crashmatc2"))
    paired = replace(data, phase=PLAYING, seeds=tuple(keys), rounds=(entries,))
    await a.storage.save_competition(
        tournament.bump(status=CompetitionStatus.PLAYING, payload=paired.payload()),
        previous_version=tournament.version,
    )
    await asyncio.gather(a.tournaments.resume(), b.tournaments.resume())
    assert sorted(m.id for m in await matches_of(a, tournament_id)) == ["crashmatc1", "crashmatc2"]
    started = a.events(MatchStarted) + b.events(MatchStarted)
    assert sorted((e.session, e.players) for e in started) == [
        ("crashmatc1", (keys[0], keys[3])),
        ("crashmatc2", (keys[1], keys[2])),
    ]
