"""The one door for presses: every button of every mode comes in here, and a ``Reply`` goes back.

An adapter hands over who pressed, the button's id and where the press came from (the message it was on,
as the platform names it: ``<chat>/<message>``, or "" for a private or ephemeral one), and gets a Reply: the
Screen for the pressed message and what only the presser may see. It never asks which mode a button
belongs to, and never calls the core twice for one press.

Behind the door, a press goes by its id family (``bot.actions``) to the room registered for it: solo rounds
and Six-card tables (the Clubhouse's own), daily boards (a solo family, told apart by their ids: the daily
registers with a ``when``), match and tournament boards (the matches), and the competitions' own buttons
(``c1``: accept, join, start, check in, open my board: ``bot.modes.competition.room``, which sends each to the
match or the tournament it names). A room is an async function of ``(player, action_id, where)``; a family
no room takes is not one of ours.

Fair play: the Screen of a Reply shows the session the press named (a room never answers with another
session's screen; a refusal on a board of a match that is over shows that match's final scoreboard, on the
player's own message), so the pressed message is only edited into what it showed already; that a press's id is
one of the buttons of the message it came on is checked before the door, where the platform delivers the
message's buttons with the press (``bot.press_guard``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from bot import texts
from bot.actions import family_of
from bot.errors import BadActionError
from bot.models import Place, Player, Stats
from bot.places import Places
from bot.screens import Screen
from bot.sessions import Sessions


@dataclass(frozen=True, slots=True)
class Reply:
    """What a press did, and where each part goes."""

    screen: Screen
    """For the pressed message: the session it shows, as it stands now (or a NOTICE, which an adapter sends
    to the presser alone, as it does a screen that is ``alone``)."""
    private: str | None = None
    """A line for the presser alone, beside the message's edit: the card they hold from the stock of a
    Six-card table (an ephemeral follow-up on Discord, the callback's alert on Telegram)."""
    alone: bool = False
    """The screen is the presser's alone, not an edit of the pressed message, which stays as it is: a
    player's own board of a match, opened from the match's scoreboard ("Open my board"). Discord sends it
    as an ephemeral reply; Telegram opens such a screen in the private chat by a deep link, so a press of
    it in a group is only told so."""


Room = Callable[[Player, str, str], Awaitable[Reply]]
"""A mode's handler of presses: ``(player, action_id, where) -> Reply``; a refusal is a GolfError."""
Claim = Callable[[str], bool]
"""Whether a room takes a press of its family, told from the id's text alone (asked of every press of the
family: it parses nothing; a malformed id it claims is refused by the room's own parse)."""


class Door:
    """Rooms by id family; see the module's doc."""

    def __init__(self) -> None:
        self._rooms: dict[str, tuple[tuple[Room, Claim | None], ...]] = {}
        """Family -> its rooms, each with its claim: the claims first, the family's own room last."""

    def add(self, family: str, room: Room, *, when: Claim | None = None) -> None:
        """Presses of ``family`` go to ``room``; with ``when``, only those it claims (checked before the
        family's room without one, which takes the rest). A second room without ``when`` for one family
        is a wiring mistake: a ValueError."""
        entries = self._rooms.get(family, ())
        if when is None and any(claim is None for _, claim in entries):
            raise ValueError(f"presses of {family!r} have a room already")
        self._rooms[family] = tuple(sorted((*entries, (room, when)), key=lambda entry: entry[1] is None))

    def takes(self, family: str) -> bool:
        return family in self._rooms

    async def press(self, player: Player, action_id: str, where: str = "") -> Reply:
        """``player`` pressed the button ``action_id`` on the message ``where`` ("" if private or not
        known). Raises a GolfError (nothing changed) for a refusal."""
        entries = self._rooms.get(family_of(action_id), ())
        for room, when in entries:
            if when is None or when(action_id):
                return await room(player, action_id, where)
        raise BadActionError(texts.NOT_OUR_BUTTON)


class House(Protocol):
    """What a mode that joins the Clubhouse's own (the competitions) is given: its door, its sessions and its
    places (``bot.clubhouse.Clubhouse`` is one), so that the mode never imports the Clubhouse, which
    imports the modes it starts with."""

    @property
    def door(self) -> Door: ...
    @property
    def sessions(self) -> Sessions: ...
    @property
    def places(self) -> Places: ...

    async def session_room(self, player: Player, action_id: str, where: str) -> Reply:
        """The room of a mode whose presses the sessions play as they are."""
        ...

    async def stats(self, player: Player, place: Place | None = None) -> Stats: ...
