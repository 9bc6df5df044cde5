"""Sessions: what every mode shares — load, cache, version check, one lock per session, commit before the
reply, events published after the commit, and a press dispatched to its mode by the family of its id.

A session is a stored ``RoundState`` (its ``kind`` names the mode) plus its position, which the mode
derives from it (``Mode.position``) and which is cached with it. A session has **seats**: the players who
sit at it (``Mode.seats``; anyone else is refused), those who may act now (``Mode.to_act``: everyone in a
solo round, one seat at a time in a match), and what each seat may see (``Mode.screen``: a table game
hides the other seats' cards).

A press goes: parse the id (``bot.actions``) → the mode of its family → the session (cache, or storage) →
seated? → under the session's lock: current version? (if not, the session is read again from storage:
another process on the same database may have moved it on; still not current: stale, or a repeat of a
press applied a moment ago) → still active? → this seat's turn? → ``Mode.act`` works out a ``Change``
(or refuses with a GolfError, and nothing changes) → commit (``RoundStore.save_round`` under the version
check; lost to another process: stale, with the session as stored) → cache → publish the change's Outbox
→ the change's Screen goes back to whoever pressed.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Protocol, TypeVar

from bot import texts
from bot.actions import Template, family_of
from bot.errors import (
    BadActionError,
    NoRoundError,
    NotYourRoundError,
    NotYourTurnError,
    RepeatedActionError,
    StaleActionError,
)
from bot.events import Outbox
from bot.i18n import _
from bot.locks import KeyedLocks
from bot.models import HoleRecord, RoundState, RoundStatus
from bot.ports import Clock, Notifier, RoundStore, VersionConflict
from bot.screens import Screen, ScreenKind

log = logging.getLogger(__name__)

P = TypeVar("P")

REPEAT_WINDOW = timedelta(seconds=15)
"""A press equal to one the same player had applied this long ago at most is a repeat (a double click, a
burst of taps; Telegram gives up on a press after about 15 s), not a press on an old board."""
AMEND_TRIES = 3
"""How often a change on the system's behalf (``Sessions.amend``) is made again after losing a race."""


@dataclass(frozen=True, slots=True)
class Live(Generic[P]):
    """A session as it stands: its stored state and the position derived from it."""

    state: RoundState
    position: P


@dataclass(slots=True)
class Change(Generic[P]):
    """What a mode wants done: the next version of the session and its position, the Screen for whoever
    acted, the finished hole to record with it (in the same transaction), and the events to announce once
    it is committed (``announce``). Made on every press: kept cheap (not frozen; no Outbox unless used)."""

    state: RoundState
    position: P
    screen: Screen
    finished: HoleRecord | None = None
    outbox: Outbox | None = None
    then: Callable[[], None] | None = None
    """Run once the change is committed (e.g. ask the solver about the hole that begins)."""

    def announce(self) -> Outbox:
        """The Outbox of this change, for a mode to add events to."""
        if self.outbox is None:
            self.outbox = Outbox()
        return self.outbox


@dataclass(frozen=True, slots=True)
class Moved:
    """A press moved a session on: its state before and after, and who pressed. What a mode's watchers
    (``Sessions.watch``) hear once the change is committed, e.g. a match taking a finished hole from a
    player's board, or the daily recording a player's result."""

    before: RoundState
    after: RoundState
    player: str

    @property
    def finished_hole(self) -> bool:
        """Did the press end a hole (conceded or played out)?"""
        return len(self.after.scores) > len(self.before.scores)

    @property
    def first_move(self) -> bool:
        """Is this the session's first move (its player has begun)?"""
        return not self.before.moves and not self.before.scores and bool(self.after.moves)


Watcher = Callable[[Moved], Awaitable[None]]
Follower = Callable[[RoundState], None]
"""Told of every committed version of every session (``Sessions.follow``); it must not block."""


class Mode(Protocol[P]):
    """One kind of session (solo today; daily, match, tournament, table games next)."""

    @property
    def kind(self) -> str:
        """``RoundState.kind`` of its sessions."""
        ...

    @property
    def template(self) -> Template:
        """The id family of its buttons (``bot.actions``)."""
        ...

    def position(self, state: RoundState) -> P:
        """The position of a session, derived from its state (cached with it)."""
        ...

    def seats(self, state: RoundState) -> Collection[str]:
        """The players (keys) who sit at the session; any other is refused."""
        ...

    def to_act(self, live: Live[P]) -> Collection[str]:
        """The seats that may act now."""
        ...

    def screen(self, live: Live[P], seat: str) -> Screen:
        """What ``seat`` sees of the session as it stands."""
        ...

    def takes_late(self, live: Live[P], seat: str, action: str) -> bool:
        """Does ``action``, pressed by ``seat`` on an earlier version of the session, still mean what it
        meant (others moved meanwhile, nothing of this seat's changed), so that it is played rather than
        refused as out of date? A repeat of a press already applied is refused before this is asked."""
        ...

    def concede_action(self, live: Live[P]) -> str:
        """The action that concedes (the command form of a Concede button); a GolfError if not now."""
        ...

    async def act(self, live: Live[P], seat: str, action: str) -> Change[P]:
        """Work out what ``action`` by ``seat`` does, committing nothing; refuse with a GolfError."""
        ...


class Sessions:
    """Every session of every mode, through one door. Several processes may share one database
    (PostgreSQL): a press at another version than the cached one reads the session again, a write that
    lost a race elsewhere is caught by the version check (and refused with the session as stored), and a
    session looked up by player and place is taken as read, not from the cache."""

    def __init__(
        self,
        rounds: RoundStore,
        clock: Clock,
        *,
        notifier: Notifier | None = None,
        cache_size: int = 10_000,
    ) -> None:
        self._rounds = rounds
        self._clock = clock
        self._notifier = notifier
        self._cache_size = cache_size
        self._modes: dict[str, Mode[Any]] = {}
        """Kind -> mode."""
        self._families: dict[str, Mode[Any]] = {}
        """Id family -> mode."""
        self._watchers: dict[str, list[Watcher]] = {}
        """Kind -> who hears of its sessions' presses (``watch``)."""
        self._followers: list[Follower] = []
        """Who hears of every commit, whatever made it (``follow``)."""
        self.locks = KeyedLocks()
        """One lock per session id (a mode may hold other keys of its own, e.g. to start sessions)."""
        self._live: dict[str, Live[Any]] = {}
        self._applied: dict[str, deque[tuple[int, str, str, datetime]]] = {}
        """Session id -> its last actions applied: (version pressed, action, player key, when)."""

    def cached(self) -> int:
        """Sessions held in memory (the metrics' ``golfbot_sessions_cached``)."""
        return len(self._live)

    def add(self, mode: Mode[Any], *, borrows_family: bool = False) -> None:
        """Take sessions of ``mode.kind`` and presses of its id family. (A family's template also goes in
        ``bot.actions.TEMPLATES``, so that every adapter recognises its buttons.) ``borrows_family``: the
        mode's buttons are of another mode's family (the daily's boards are solo boards to the platforms),
        so its presses come with their kind (``press(..., kind=)``, as the door's room for them knows it)."""
        family = mode.template.family
        if mode.kind in self._modes or (not borrows_family and family in self._families):
            raise ValueError(f"a mode of kind {mode.kind!r} or id family {family!r} is there already")
        self._modes[mode.kind] = mode
        if not borrows_family:
            self._families[family] = mode

    def watch(self, kind: str, watcher: Watcher) -> None:
        """Tell ``watcher`` of every press that moved a session of ``kind`` on, once it is committed and
        the session's lock is let go (so a watcher may take locks of its own, and read the session). The
        press is answered after its watchers have run; a watcher that fails is logged in one line and the
        press still answered as committed (its work must be idempotent, caught up on a later press)."""
        self._watchers.setdefault(kind, []).append(watcher)

    def follow(self, follower: Follower) -> None:
        """Tell ``follower`` of every version of every session this process commits, whatever made it: a
        press, a clock, a computer player, a best score worked out later (``amend``). It is called with the
        new state right after the commit, under the session's lock, so it must only note what to do and
        return (a live view pushes the seats their new screens once it runs: the web table). One that
        fails is logged in one line; the commit stands."""
        self._followers.append(follower)

    def mode(self, kind: str) -> Mode[Any]:
        mode = self._modes.get(kind)
        if mode is None:
            raise NoRoundError(texts.NO_ROUND)
        return mode

    # ---- presses ---------------------------------------------------------------------------------

    async def press(self, player: str, action_id: str, *, kind: str | None = None) -> Screen:
        """A button or callback press, e.g. ``g1:k3x9a0qz:12:3``, dispatched to the mode of its family (or
        to the mode of ``kind``, for a mode that borrows another's family)."""
        if kind is None:
            mode = self._families.get(family_of(action_id))
        else:  # a mode borrowing a family: the id must still be of it
            mode = self._modes.get(kind)
            if mode is not None and family_of(action_id) != mode.template.family:
                mode = None
        if mode is None:
            raise BadActionError(texts.NOT_OUR_BUTTON)
        action = mode.template.parse(action_id)
        return await self.act(player, action.session, action.version, action.action, kind=mode.kind)

    async def act(
        self, player: str, session_id: str, version: int, action: str, *, kind: str | None = None
    ) -> Screen:
        """``player`` does ``action`` on the session as shown at ``version``. ``kind``: the mode the
        action belongs to (a press of one family on a session of another kind is not one of ours)."""
        live = await self.load(session_id)
        mode = self._mode_of(live.state, kind)
        if player not in mode.seats(live.state):
            raise _not_seated(mode, live)
        async with self.locks.hold(session_id):
            live = await self.load(session_id)
            if version != live.state.version:
                # Another process on the same database may have moved the session on (the press is newer
                # than the cache), or the cache itself is behind: what is stored decides.
                live = await self.reload(session_id)
            state = live.state
            active = state.is_active
            if not active:
                await _refuse_if_closed(mode, live, player)
                if state.status is RoundStatus.ABANDONED:  # it has no board left to show
                    raise StaleActionError(_ended(mode, live))
            # a refusal shows the session as it stands; it is drawn only then
            if version != state.version:
                if self._is_repeat(session_id, version, action, player):
                    raise RepeatedActionError(texts.STALE, screen=mode.screen(live, player))
                if not active or not mode.takes_late(live, player, action):
                    raise StaleActionError(texts.STALE, screen=mode.screen(live, player))
            if not active:
                raise StaleActionError(_ended(mode, live), screen=mode.screen(live, player))
            if player not in mode.to_act(live):
                raise NotYourTurnError(texts.NOT_YOUR_TURN, screen=mode.screen(live, player))
            change = await mode.act(live, player, action)
            await self.commit(live, change, seat=player)
            self._note_applied(session_id, version, action, player)
        for watcher in self._watchers.get(state.kind, ()):
            await _tell(watcher, Moved(state, change.state, player))
        return change.screen

    async def amend(self, session_id: str, change_of: Callable[[Live[Any]], Change[Any] | None]) -> bool:
        """A change on the system's behalf, no press behind it (a best score worked out after its hole
        ended, say): ``change_of`` makes it from the session as it stands, under the session's lock, or
        returns None for nothing to change. A race lost to another process is made again from the session
        as that left it. Whether a change was committed. The session is read as stored, not as cached:
        nobody pressed here, so the last change may have been another process's."""
        for _try in range(AMEND_TRIES):
            async with self.locks.hold(session_id):
                live = await self.reload(session_id)
                change = change_of(live)
                if change is None:
                    return False
                try:
                    await self.commit(live, change)
                except StaleActionError:  # another process wrote first; commit read the session again
                    continue
                return True
        return False

    async def record_best(self, round_id: str, index: int, best: int) -> None:
        """The best possible score of a recorded hole, worked out after it ended (``RoundStore``)."""
        await self._rounds.record_best(round_id, index, best)

    async def hole_bests(self, round_id: str) -> dict[int, int]:
        """The best scores recorded with a round's holes, by hole index (``RoundStore``)."""
        return await self._rounds.hole_bests(round_id)

    def _mode_of(self, state: RoundState, kind: str | None) -> Mode[Any]:
        mode = self._modes.get(state.kind)
        if mode is None or (kind is not None and kind != state.kind):
            raise BadActionError(texts.NOT_OUR_BUTTON)
        return mode

    def _note_applied(self, session_id: str, version: int, action: str, player: str) -> None:
        applied = self._applied.pop(session_id, None) or deque(maxlen=4)
        applied.append((version, action, player, self._clock.now()))
        if len(self._applied) >= self._cache_size:
            self._applied.pop(next(iter(self._applied)))
        self._applied[session_id] = applied  # last: the least recently used goes first

    def _is_repeat(self, session_id: str, version: int, action: str, player: str) -> bool:
        """Did ``player`` apply ``action`` at ``version`` a moment ago?"""
        since = self._clock.now() - REPEAT_WINDOW
        return any(
            (v, a, p) == (version, action, player) and at >= since
            for v, a, p, at in self._applied.get(session_id, ())
        )

    async def view(self, session_id: str, player: str) -> Screen:
        """What ``player``'s seat sees of the session as it stands (a player without a seat: nothing)."""
        live = await self.load(session_id)
        mode = self._mode_of(live.state, None)
        if player not in mode.seats(live.state):
            raise _not_seated(mode, live)
        return mode.screen(live, player)

    # ---- by player and place ---------------------------------------------------------------------

    async def active(self, player: str, place: str, kind: str) -> Live[Any] | None:
        """The player's session of ``kind`` in progress at ``place``, if any."""
        state = await self._rounds.active_round(player, place, kind)
        return None if state is None else self._current(state)

    async def resume(self, player: str, place: str, kind: str) -> Screen:
        mode = self.mode(kind)
        live = await self.active(player, place, kind)
        if live is None:
            raise NoRoundError(texts.NO_ROUND)
        return mode.screen(live, player)

    async def concede(self, player: str, place: str, kind: str) -> Screen:
        """Concede in the player's session of ``kind`` at ``place`` (the command form of the button)."""
        mode = self.mode(kind)
        live = await self.active(player, place, kind)
        if live is None:
            raise NoRoundError(texts.NO_ROUND)
        action = mode.concede_action(live)
        return await self.act(player, live.state.id, live.state.version, action, kind=kind)

    async def abandon(self, player: str, place: str, kind: str) -> Screen:
        """Give up the player's whole session of ``kind`` at ``place``: kept, marked abandoned, and counting
        for nothing."""
        self.mode(kind)
        state = await self._rounds.active_round(player, place, kind)
        if state is None:
            raise NoRoundError(texts.NO_ROUND)
        async with self.locks.hold(state.id):
            live = self._current(state)
            if not live.state.is_active:  # it ended while this waited
                raise NoRoundError(texts.NO_ROUND)
            new = live.state.bump(status=RoundStatus.ABANDONED, updated_at=self._clock.now())
            screen = Screen(ScreenKind.NOTICE, title=_("Round abandoned"), blocks=(_(texts.ABANDONED),))
            await self.commit(live, Change(new, live.position, screen))
            return screen

    # ---- state -----------------------------------------------------------------------------------

    async def create(self, state: RoundState) -> Live[Any]:
        """Store a new session and cache it. Raises ActiveRoundExists (``bot.ports``) when its owner has
        one of that kind in progress at that place."""
        if state.kind not in self._modes:
            raise ValueError(f"no mode of kind {state.kind!r} was added")
        await self._rounds.create_round(state)
        return self._remember(state)

    async def load(self, session_id: str) -> Live[Any]:
        live = self._live.get(session_id)
        if live is not None:
            return live
        state = await self._rounds.load_round(session_id)
        if state is None:
            raise BadActionError(texts.UNKNOWN_ROUND)
        if state.kind not in self._modes:  # a round of another service's (the daily's): a forged press
            raise BadActionError(texts.NOT_OUR_BUTTON)
        cached = self._live.get(session_id)
        if cached is not None and cached.state.version >= state.version:
            return cached  # a press saved a newer version while this one was loading
        return self._remember(state)

    async def reload(self, session_id: str) -> Live[Any]:
        """The session as stored now (its cached copy is dropped first)."""
        self._live.pop(session_id, None)
        return await self.load(session_id)

    def _current(self, state: RoundState) -> Live[Any]:
        """The session as ``state`` (just read from storage) has it, or the cached copy if that is as new
        (or newer: a commit of this process since the read)."""
        live = self._live.get(state.id)
        if live is not None and live.state.version >= state.version:
            return live
        return self._remember(state)

    def _remember(self, state: RoundState, position: object = None) -> Live[Any]:
        """Cache a session with its position (when the caller has it: it saves replaying the deal)."""
        live = Live(state, self._modes[state.kind].position(state) if position is None else position)
        self._live.pop(state.id, None)  # re-inserted last: the cache drops the least recently used
        if len(self._live) >= self._cache_size:
            self._live.pop(next(iter(self._live)))
        self._live[state.id] = live
        return live

    async def commit(self, old: Live[Any], change: Change[Any], *, seat: str | None = None) -> None:
        """Commit ``change`` under the version check (the caller holds the session's lock), cache it (a
        session that ended leaves the cache), then publish its events. A lost race (another process wrote
        first) is a StaleActionError with the session as stored, as ``seat`` (default: its owner) sees it,
        and announces nothing."""
        new, outbox = change.state, change.outbox
        try:
            await self._rounds.save_round(new, previous_version=old.state.version, finished=change.finished)
        except VersionConflict:
            if outbox is not None:
                outbox.discard()
            current = await self.reload(old.state.id)
            mode = self._mode_of(current.state, None)
            if not current.state.is_active:
                await _refuse_if_closed(mode, current, seat or current.state.owner)
            if current.state.status is RoundStatus.ABANDONED:  # it has no board left to show
                raise StaleActionError(texts.ROUND_OVER) from None
            raise StaleActionError(
                texts.STALE, screen=mode.screen(current, seat or current.state.owner)
            ) from None
        except BaseException:
            if outbox is not None:
                outbox.discard()
            raise
        if new.is_active:
            self._remember(new, change.position)
        else:
            self._live.pop(new.id, None)
        for follower in self._followers:
            _follow(follower, new)
        if change.then is not None:
            change.then()
        if outbox is not None:
            if self._notifier is not None:
                await outbox.publish(self._notifier)
            else:
                outbox.discard()


def _follow(follower: Follower, state: RoundState) -> None:
    try:
        follower(state)
    except Exception as error:  # the change is committed: never reported as failed
        log.error("a follower of session %s failed: %s: %s", state.id, type(error).__name__, error)
        log.debug("follower failed", exc_info=True)


async def _tell(watcher: Watcher, moved: Moved) -> None:
    try:
        await watcher(moved)
    except Exception as error:  # the press is committed: never reported as failed; caught up later
        log.error(
            "a watcher of %s could not follow session %s: %s: %s",
            moved.after.kind,
            moved.after.id,
            type(error).__name__,
            error,
            extra={"place": moved.after.place, "player": moved.player},
        )
        log.debug("watcher failed", exc_info=True)


async def _refuse_if_closed(mode: Mode[Any], live: Live[Any], seat: str) -> None:
    """A press on a session that ended: the mode may refuse it in its own words and with its own screen
    (a ``closed(live, seat)`` coroutine returning a GolfError, or None for the usual refusal): a board of
    a match that is over shows the match's final scoreboard."""
    closed = getattr(mode, "closed", None)
    if callable(closed):
        refusal = await closed(live, seat)
        if refusal is not None:
            raise refusal


def _not_seated(mode: Mode[Any], live: Live[Any]) -> NotYourRoundError:
    """What a player with no seat at ``live`` is told: the mode's own words (a ``stranger(live)`` method
    returning the refusal: a table says whether it is full, under way or over), else that it is another
    player's round."""
    words = getattr(mode, "stranger", None)
    refusal = words(live) if callable(words) else None
    return refusal if isinstance(refusal, NotYourRoundError) else NotYourRoundError(texts.NOT_YOUR_ROUND)


def _ended(mode: Mode[Any], live: Live[Any]) -> str:
    """What a press on a session that ended is told: the mode's own words (an ``ended(live)`` method: a
    table is closed or its game over, and another is opened with another command), else the round's."""
    words = getattr(mode, "ended", None)
    return str(words(live)) if callable(words) else texts.ROUND_OVER
