"""The competitions' own buttons at the door (``c1:<competition>:<version>:<action>``: accept, decline, join,
start, check in, "Open my board"): the room that sends each press to the match or the tournament it names,
told apart by the stored competition's kind, so that no adapter asks which it is.

What a press's Reply says beyond its Screen:

* **"Open my board"** is answered with the player's own board, for their eyes only (``Reply.alone``): the
  pressed message (the match's scoreboard, everyone's) stays as it is.
* **The scoreboard message.** A press on a challenge's or group round's message that leaves it showing the
  match (accepted, joined, started) makes that message the match's scoreboard, edited as holes finish:
  the room keeps ``where``, the message the press came on, as the door names it (``<chat>/<message>``;
  "" for a private or ephemeral one, which is never a scoreboard).

Stored scoreboard messages (``MatchData.message``) are in the door's form, ``<chat>/<message>``, from this
room and from the adapters' own posts alike. Rows written before were each platform's own form - Discord's
the message id alone, Telegram's ``<chat>:<message>`` - and stay as they are: each adapter's reader takes
both its old form and the door's (adapters/discord/compete.py, adapters/telegram/compete.py), and the next
press on such a scoreboard writes it anew in the door's form.
"""

from __future__ import annotations

from typing import Protocol

from bot.competition_actions import OPEN_BOARD, parse_competition_action
from bot.door import Reply
from bot.i18n import privately
from bot.models import Player
from bot.models.competition import KIND_TOURNAMENT
from bot.modes.competition.match import Matches
from bot.ports import CompetitionStore
from bot.screens import Screen


class Acts(Protocol):
    """The tournaments as the room sees them (``bot.modes.competition.tournament`` registers the room: it is
    not imported here)."""

    async def act(self, player: Player, action_id: str) -> Screen: ...


class CompetitionRoom:
    """The room of the ``c1`` family (``bot.door``); registered by ``Tournaments``, where the matches and the
    tournaments of one app meet."""

    def __init__(self, storage: CompetitionStore, matches: Matches, tournaments: Acts) -> None:
        self._storage = storage
        self._matches = matches
        self._tournaments = tournaments

    async def __call__(self, player: Player, action_id: str, where: str) -> Reply:
        """A malformed id is not ours (BadActionError); a competition not known is refused as the matches
        refuse it ("That match is not known (any more)."): nothing changes either way."""
        action = parse_competition_action(action_id)
        competition = await self._storage.load_competition(action.competition)
        if competition is not None and competition.kind == KIND_TOURNAMENT:
            return Reply(await self._tournaments.act(player, action_id))
        if action.action == OPEN_BOARD:  # the presser's own board, for them alone: in their language
            with privately():
                return Reply(await self._matches.act(player, action_id), alone=True)
        screen = await self._matches.act(player, action_id)  # a match or a group round (or none: refused)
        if where and screen.session == action.competition:  # the message shows the match: its scoreboard
            await self._matches.keep_scoreboard_message(action.competition, where)
        return Reply(screen)
