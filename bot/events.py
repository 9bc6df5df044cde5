"""Domain events: what a mode announces to a place or to a player besides the Screen it returns to whoever
acted ("your turn", "clock expired", "match decided" ...).

A mode never calls a Notifier itself. It appends events to an ``Outbox`` while it works; the session layer
commits the state, and only then publishes the outbox (``publish_after``). So an event is never announced
for a change that is not on disk, and a failed commit announces nothing. Delivery is best effort: a delivery
that fails is logged in one line and the others still go out; the committed change stands.

Events carry keys (``Place.key``, ``Player.key``, a session id) and plain values, never platform objects;
each adapter's Notifier words and delivers them (Discord: a channel message or a DM; Telegram: a chat
message; terminal: a printed line).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Protocol, TypeVar

from bot.models.daily import DayRow

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class HoleFinished:
    """A player finished a hole (``hole`` counts from 1)."""

    place: str
    player: str
    session: str
    hole: int
    score: int
    best: int | None = None


@dataclass(frozen=True, slots=True)
class RoundFinished:
    """A player finished the last hole of a round."""

    place: str
    player: str
    session: str
    total: int
    par: int


@dataclass(frozen=True, slots=True)
class YourTurn:
    """It is ``player``'s turn in a session with seats; ``deadline`` is when their clock runs out."""

    place: str
    player: str
    session: str
    deadline: datetime | None = None


@dataclass(frozen=True, slots=True)
class ClockExpired:
    """``player``'s clock ran out in ``session``; ``note``: what the place is told instead of the usual
    line (e.g. that a table nobody dealt has closed), in English; ``template`` and ``params``: the same
    untranslated (a msgid, ``bot.i18n``) with its named placeholders, which the Notifier words in the
    place's language (``ClockExpired.told``)."""

    place: str
    player: str
    session: str
    note: str = ""
    template: str = field(default="", compare=False)
    params: tuple[tuple[str, str | int], ...] = field(default=(), compare=False)

    @classmethod
    def told(cls, place: str, player: str, session: str, template: str, **params: str | int) -> ClockExpired:
        """The event with a note of its own: ``template`` (a ``N_``-marked msgid) and its placeholders."""
        note = template.format(**params)
        return cls(place, player, session, note, template, tuple(params.items()))


@dataclass(frozen=True, slots=True)
class MatchDecided:
    """A match is over: ``winner`` is a player key (None when halved); ``result`` reads like ``3 & 2``."""

    place: str
    session: str
    winner: str | None
    result: str


@dataclass(frozen=True, slots=True)
class DayClosed:
    """The daily challenge of ``day`` at ``place`` closed; ``winner`` is a player key, if anyone played."""

    place: str
    day: date
    winner: str | None = None
    best: int | None = None
    table: tuple[DayRow, ...] = ()
    """The final table, a row per player (rank, player, total, to par, holes), worded where it is told."""
    reveal: str = ""
    """What the day's commitment hashed (the deal numbers): anyone can hash it and replay the deals."""
    commitment: str = ""


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """A match or group round began at ``place``: each player opens their own board from it; the place
    keeps its scoreboard (``bot.modes.competition.match.Matches.scoreboard``)."""

    place: str
    session: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StandingsPosted:
    """A round of tournament ``session`` is complete (``final``: the tournament is over); the standings
    are ``bot.modes.competition.tournament.Tournaments.standings``."""

    place: str
    session: str
    round: int
    final: bool = False


@dataclass(frozen=True, slots=True)
class DayOpened:
    """The daily challenge of ``day`` at ``place`` opened: ``commitment`` is the SHA-256 of its deal list,
    revealed when the day closes."""

    place: str
    day: date
    holes: int
    commitment: str


@dataclass(frozen=True, slots=True)
class BoardMoved:
    """A session was moved on from outside its place's chat (a tap on the web table): the platform redraws
    the message it keeps of the session, if any, so that the chat board shows the move too. Nothing is
    posted for it."""

    place: str
    session: str


Event = (
    HoleFinished
    | RoundFinished
    | YourTurn
    | ClockExpired
    | MatchDecided
    | DayClosed
    | DayOpened
    | MatchStarted
    | StandingsPosted
    | BoardMoved
)


class Notifier(Protocol):
    """Delivers domain events (``bot.events``) on one platform. Called only after the commit that caused
    the event; an exception means that this delivery failed, not the change. Each platform has its own
    (``adapters/<platform>/notifier.py``, worded by ``bot.announcements``); the composition root hands an
    event to the one its key's platform names."""

    async def to_place(self, place: str, event: Event) -> None: ...
    async def to_player(self, player: str, event: Event) -> None: ...


@dataclass(frozen=True, slots=True)
class ToPlace:
    """Announced where everyone at the place sees it (a channel, a group chat, the terminal)."""

    key: str


@dataclass(frozen=True, slots=True)
class ToPlayer:
    """Announced to one player only (a DM, a private chat)."""

    key: str


Recipient = ToPlace | ToPlayer


@dataclass(frozen=True, slots=True)
class Delivery:
    to: Recipient
    event: Event


class Outbox:
    """The events of one unit of work, in the order they were announced, waiting for its commit."""

    def __init__(self) -> None:
        self._pending: list[Delivery] = []

    def to_place(self, place: str, event: Event) -> None:
        self._pending.append(Delivery(ToPlace(place), event))

    def to_player(self, player: str, event: Event) -> None:
        self._pending.append(Delivery(ToPlayer(player), event))

    @property
    def pending(self) -> tuple[Delivery, ...]:
        return tuple(self._pending)

    def discard(self) -> None:
        """Forget everything: the change these events describe was not committed."""
        self._pending.clear()

    async def publish(self, notifier: Notifier) -> int:
        """Deliver what is pending, in order, and empty the outbox; returns how many were delivered.
        Call only after the commit. A failed delivery is logged in one line and does not stop the rest."""
        pending, self._pending = self._pending, []
        delivered = 0
        for delivery in pending:
            try:
                if isinstance(delivery.to, ToPlace):
                    await notifier.to_place(delivery.to.key, delivery.event)
                else:
                    await notifier.to_player(delivery.to.key, delivery.event)
            except Exception as error:
                log.error(
                    "could not deliver %s to %s: %s: %s",
                    type(delivery.event).__name__,
                    delivery.to.key,
                    type(error).__name__,
                    error,
                    extra={"place" if isinstance(delivery.to, ToPlace) else "player": delivery.to.key},
                )
                log.debug("delivery failed", exc_info=True)
                continue
            delivered += 1
        return delivered


async def publish_after(commit: Callable[[], Awaitable[T]], outbox: Outbox, notifier: Notifier) -> T:
    """Run ``commit``; if it returns, publish ``outbox`` and return its result; if it raises, discard the
    outbox and let the error through. Delivery failures never turn a committed change into an error."""
    try:
        result = await commit()
    except BaseException:
        outbox.discard()
        raise
    await outbox.publish(notifier)
    return result
