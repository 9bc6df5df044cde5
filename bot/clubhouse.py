"""The Clubhouse: the core's one front door for the adapters, a thin facade over its services.

- ``bot.door``: the one door for presses of every mode (``door.press``: a Reply); solo rounds and Six-card
  tables have their rooms here, the daily and the matches add theirs.
- ``bot.sessions``: load, cache, version check, a lock per session, commit before the reply, events after
  the commit, and a press dispatched to its mode by the family of its id.
- ``bot.modes``: the modes (solo rounds and Six-card tables are the Clubhouse's own; the daily and the
  competitions add theirs).
- ``bot.places``: places, players and their settings.

Every action names the session and the version it was shown at; a stale, repeated, foreign or malformed
action is refused and changes nothing.
"""

from __future__ import annotations

import random
from contextlib import suppress

from bot.actions import SOLO as SOLO_BUTTONS
from bot.actions import TABLE, family_of
from bot.door import Door, Reply
from bot.errors import GolfError
from bot.golf_round import BEST_WAIT, RANDOM_DEALS, new_round_id, position
from bot.i18n import privately
from bot.models import BoardLook, Place, PlaceSettings, Player, Stats
from bot.modes.solo import KIND as SOLO
from bot.modes.solo import Solo
from bot.modes.table import TableMode
from bot.places import KEEP, SHARED_CACHE_SECONDS, Keep, Places
from bot.ports import Clock, Notifier, Solver, Storage
from bot.screens import Screen
from bot.sessions import REPEAT_WINDOW, Sessions

__all__ = [
    "RANDOM_DEALS",
    "REPEAT_WINDOW",
    "SHARED_CACHE_SECONDS",
    "SOLO",
    "Clubhouse",
    "new_round_id",
    "position",
]


class Clubhouse:
    def __init__(
        self,
        storage: Storage,
        solver: Solver,
        clock: Clock,
        *,
        rng: random.Random | None = None,
        cache_size: int = 10_000,
        notifier: Notifier | None = None,
        best_wait: float = BEST_WAIT,
    ) -> None:
        """``best_wait``: how long a hole's last press waits for a best score still being worked out
        (``bot.golf_round.BEST_WAIT``)."""
        self._storage = storage
        self.places = Places(storage, clock)
        self.sessions = Sessions(storage, clock, notifier=notifier, cache_size=cache_size)
        self.solo = Solo(
            self.sessions, self.places, solver, clock, rng=rng, cache_size=cache_size, best_wait=best_wait
        )
        self.table = TableMode(self.sessions, clock, rng=rng)  # Six-card Golf at a table (bot.modes.table)
        self.door = Door()
        """Where adapters bring every press (``bot.door``)."""
        self.door.add(SOLO_BUTTONS.family, self.session_room)
        self.door.add(TABLE.family, self._table_room)

    # ---- rounds ----------------------------------------------------------------------------------

    async def start_round(
        self,
        player: Player,
        place: Place,
        *,
        rules: str | None = None,
        holes: int | None = None,
        deal_code: str | None = None,
        casual: bool = True,
    ) -> Screen:
        """Start a solo round. Raises RoundInProgressError (with the current board) if one is going."""
        return await self.solo.start(
            player, place, rules=rules, holes=holes, deal_code=deal_code, casual=casual
        )

    async def resume(self, player: Player, place: Place, kind: str = SOLO) -> Screen:
        """The player's session of ``kind`` in progress at ``place``, as they see it."""
        return await self.sessions.resume(player.key, place.key, kind)

    async def concede(self, player: Player, place: Place, kind: str = SOLO) -> Screen:
        """Concede the hole in play (the command form of the Concede button)."""
        return await self.sessions.concede(player.key, place.key, kind)

    async def abandon(self, player: Player, place: Place, kind: str = SOLO) -> Screen:
        """Give up the whole round: it is kept, marked abandoned, and counts for nothing."""
        return await self.sessions.abandon(player.key, place.key, kind)

    async def undo(self, player: Player, round_id: str, version: int) -> Screen:
        """Take back the last move of the hole in play (casual rounds only; counted like hints)."""
        return await self.sessions.act(player.key, round_id, version, "u", kind=SOLO)

    async def press(self, player: Player, action_id: str) -> Screen:
        """A press on a session of the Clubhouse's own modes (solo rounds, tables, the match boards'
        sessions), e.g. ``g1:k3x9a0qz:12:3``: the Screen alone (adapters use ``door.press``). Who takes a
        seat at a table by its Join button is recorded with their name (as an opener is), so that the
        place's table shows them by it."""
        if family_of(action_id) == TABLE.family and action_id.endswith(":j"):
            await self.places.ensure_player(player)
        return await self.table.press(player, action_id)  # (which notes the name a new seat goes by)

    async def session_room(self, player: Player, action_id: str, where: str) -> Reply:
        """The room of a mode whose presses the sessions play as they are (solo rounds, match and
        tournament boards): the Screen of the session pressed, nothing private."""
        return Reply(await self.sessions.press(player.key, action_id))

    async def _table_room(self, player: Player, action_id: str, where: str) -> Reply:
        """A press on a Six-card table: played; the message it was on (a public one) kept as the table's,
        so that a turn clock's redraw edits it; and the card the presser holds from the stock, for them
        alone."""
        screen = await self.press(player, action_id)
        session = TABLE.parse(action_id).session
        drawn = None
        with suppress(GolfError):  # a table gone meanwhile: the press was answered all the same
            if where:
                await self.table.keep_message(session, where)
            with privately():  # the presser's alone, in their language though the table is the place's
                drawn = await self.table.drawn(player.key, session)
        return Reply(screen, drawn)

    async def stats(self, player: Player, place: Place | None = None) -> Stats:
        """The player's record at ``place``, or at every place of their platform when ``None``."""
        return await self._storage.stats(player.key, place.key if place is not None else None)

    # ---- places ----------------------------------------------------------------------------------

    async def place_settings(self, place: Place) -> PlaceSettings:
        return await self.places.settings(place)

    async def change_place_settings(
        self,
        place: Place,
        *,
        par_for_nine: int | None = None,
        rules: str | None = None,
        look: BoardLook | None = None,
        four_colour: bool | None = None,
        hole_seconds: int | None = None,
        language: str | Keep | None = KEEP,
    ) -> tuple[PlaceSettings, bool]:
        """See ``Places.change_settings``."""
        return await self.places.change_settings(
            place,
            par_for_nine=par_for_nine,
            rules=rules,
            look=look,
            four_colour=four_colour,
            hole_seconds=hole_seconds,
            language=language,
        )

    async def close(self) -> None:
        await self.solo.close()
