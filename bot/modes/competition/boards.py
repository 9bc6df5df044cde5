"""The boards of matches as modes of the sessions layer: a player's board is a solo round in all but its
kind and id family (``b1`` for a match or group round, ``b2`` for a tournament match), so that it is kept
apart from the player's solo round at the same place and its presses come back to the match."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.actions import MATCH_BOARD, SOLO, TOURNAMENT_BOARD, Template
from bot.errors import GolfError
from bot.golf_round import GolfRounds
from bot.screens import Screen
from bot.sessions import Change, Live
from engine.patience import Position

MATCH_KIND, TOURNAMENT_KIND = "match", "tournament"


def rebrand(screen: Screen, template: Template) -> Screen:
    """The screen with its buttons' ids in ``template``'s family instead of the solo round's."""
    solo, ours = SOLO.family + ":", template.family + ":"
    rows = tuple(
        tuple(replace(b, id=ours + b.id[len(solo) :]) if b.id.startswith(solo) else b for b in row)
        for row in screen.buttons
    )
    return replace(screen, buttons=rows)


class MatchBoards(GolfRounds):
    kind = MATCH_KIND
    template = MATCH_BOARD
    hide_deals = True  # while players race on the same deals
    when_closed: Callable[[Live[Position], str], Awaitable[GolfError | None]] | None = None
    """Set by the matches: what a press on a board that ended is told (its match's final scoreboard)."""

    async def closed(self, live: Live[Position], seat: str) -> GolfError | None:
        """See ``bot.sessions`` (``_refuse_if_closed``)."""
        return None if self.when_closed is None else await self.when_closed(live, seat)

    def screen(self, live: Live[Position], seat: str) -> Screen:
        return rebrand(super().screen(live, seat), self.template)

    async def act(self, live: Live[Position], seat: str, action: str) -> Change[Position]:
        try:
            change = await super().act(live, seat, action)
        except GolfError as error:
            if error.screen is not None:
                error.screen = rebrand(error.screen, self.template)
            raise
        change.screen = rebrand(change.screen, self.template)
        return change


class TournamentBoards(MatchBoards):
    kind = TOURNAMENT_KIND
    template = TOURNAMENT_BOARD
