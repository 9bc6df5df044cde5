"""The desks: what a platform may ask of each mode besides its presses (which all come by the one door,
``bot.door``). A chat adapter holds a mode by its desk, a Protocol here, never by the mode's class, so that
no adapter imports a mode (import-linter holds it to that): the composition root (``adapters.cli``) builds
the modes and hands them over, and the adapters ask for what their commands need — start, show, settings,
the messages they keep for a session.

A desk names the mode's commands only; its buttons are the door's, its events the Notifier's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bot.door import House
from bot.events import ClockExpired
from bot.models import Place, Player, RoundState
from bot.models.daily import DailyDay, DailySettings
from bot.screens import Screen
from bot.sessions import Live
from engine.daily import Streaks


class DailyDesk(Protocol):
    """The daily challenge (``bot.modes.daily``)."""

    async def play(self, player: Player, place: Place) -> Screen:
        """Play or resume today's course at ``place`` (AlreadyPlayedError: a second attempt)."""
        ...

    async def today(self, place: Place) -> DailyDay: ...
    async def share(self, player: Player, place: Place) -> str | None: ...
    async def share_card(self, player: Player, place: Place) -> Screen | None: ...
    async def streaks(self, player: Player, place: Place) -> Streaks: ...
    async def leaderboard(self, place: Place, period: str = "today", page: int = 0) -> Screen: ...
    async def settings(self, place: Place) -> DailySettings: ...

    async def change_settings(
        self,
        place: Place,
        *,
        zone_name: str | None = None,
        holes: int | None = None,
        rules: str | None = None,
        channel: str | None = None,
        post: bool | None = None,
    ) -> tuple[DailySettings, bool]: ...

    async def close(self) -> None: ...


class MatchDesk(Protocol):
    """Challenges, group rounds and their scoreboards (``bot.modes.competition.match``)."""

    @property
    def clubhouse(self) -> House: ...

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
    ) -> Screen: ...

    async def open_group(
        self,
        organiser: Player,
        place: Place,
        *,
        holes: int | None = None,
        rules: str | None = None,
        hole_seconds: int | None = None,
        channel: str = "",
    ) -> Screen: ...

    async def board(self, player: Player, match_id: str) -> Screen: ...
    async def scoreboard(self, match_id: str) -> Screen: ...
    def match_of(self, state: RoundState) -> str:
        """The match whose board ``state`` is ("" for a session that is no match's board)."""
        ...

    def follow(self, follower: Callable[[str], None]) -> None:
        """Tell ``follower`` the id of every match saved (it must not block)."""
        ...

    async def scoreboard_message(self, match_id: str) -> str: ...
    async def keep_scoreboard_message(self, match_id: str, message: str) -> None: ...
    async def clock_notice(self, event: ClockExpired) -> str: ...
    async def in_tournament(self, match_id: str) -> bool: ...
    async def tournament_of(self, match_id: str) -> str: ...
    async def channel(self, match_id: str) -> str: ...
    async def started_by(self, match_id: str) -> tuple[str, str]: ...
    async def players(self, match_id: str) -> tuple[str, ...]: ...
    async def table(
        self, place: Place, number: int = 1, size: int = 10, game: str | None = None
    ) -> Screen: ...
    async def record(self, player: Player, place: Place) -> str: ...
    async def close(self) -> None: ...


class TournamentDesk(Protocol):
    """Tournaments (``bot.modes.competition.tournament``)."""

    async def open(
        self,
        organiser: Player,
        place: Place,
        *,
        style: str = ...,
        holes: int | None = 3,
        format: str = ...,
        rules: str | None = None,
        hole_seconds: int | None = None,
        signup_seconds: int = 600,
        checkin_seconds: int = 0,
        channel: str = "",
    ) -> Screen: ...

    async def channel(self, tournament_id: str) -> str: ...
    async def organiser(self, tournament_id: str) -> str: ...
    async def keep_message(self, tournament_id: str, where: str) -> None: ...
    async def signup_message(self, tournament_id: str) -> tuple[str, Screen] | None: ...
    async def standings(self, tournament_id: str, after_round: int | None = None) -> Screen: ...


class CompetitionDesk(Protocol):
    """Matches and tournaments as the composition root hands them to a chat adapter."""

    @property
    def services(self) -> tuple[MatchDesk, TournamentDesk]: ...


class TableDesk(Protocol):
    """Six-card tables (``bot.modes.table``), as the terminal's hot-seat table drives one."""

    @property
    def kind(self) -> str: ...

    async def create(
        self,
        player: Player,
        place: Place,
        *,
        limit: int | None = ...,
        level: str = "easy",
        seed: int | None = None,
        others: Sequence[Player] = (),
        computers: Sequence[str] = (),
    ) -> Screen: ...

    async def press(self, player: Player, action_id: str) -> Screen: ...
    def seat_screen(self, live: Live[Any], seat: str) -> Screen: ...
    def waiting_for(self, live: Live[Any]) -> tuple[tuple[str, str], ...]:
        """The seats the table waits for now, as (key, name); none once the game is over."""
        ...
