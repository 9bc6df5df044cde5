"""What a domain event says, in words: the one wording every platform's Notifier delivers.

``announcement(event, names)`` reads a player's name from the PlaceStore (``names``), so "Ann won 3 & 2"
reads the same in Discord, Telegram and the terminal; without a store, or for a player it does not know,
the player is "A player".
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.events import (
    ClockExpired,
    DayClosed,
    DayOpened,
    Event,
    HoleFinished,
    MatchDecided,
    RoundFinished,
    YourTurn,
)
from bot.ports import PlaceStore
from engine.golf.scoring import cleared, to_par_text

Words = Callable[[Event], Awaitable[str]]
"""An event -> its text (``announcement`` with the names of a store, as the composition root wires it)."""

SOMEONE = "A player"


async def _name(key: str | None, names: PlaceStore | None) -> str:
    if key is None or names is None:
        return SOMEONE
    player = await names.player(key)
    return player.name if player is not None and player.name else SOMEONE


async def announcement(event: Event, names: PlaceStore | None = None) -> str:
    """One line (or two) a person can read."""
    match event:
        case HoleFinished(player=player, hole=hole, score=score, best=best):
            who = await _name(player, names)
            if cleared(score):
                text = f"⛳ {who} cleared hole {hole}: score {score}."
            else:
                text = f"⛳ {who} finished hole {hole} with {score} card{'s' if score != 1 else ''} left."
            return text + (f" Best possible: {best}." if best is not None else "")
        case RoundFinished(player=player, total=total, par=par):
            who = await _name(player, names)
            return f"🏁 {who} finished a round: {total} ({to_par_text(total - par)}) · par {par}."
        case YourTurn(player=player, deadline=deadline):
            who = await _name(player, names)
            until = f" Your clock runs out at {deadline:%H:%M} UTC." if deadline is not None else ""
            return f"⏰ Your turn, {who}.{until}"
        case ClockExpired(note=note) if note:
            return note
        case ClockExpired(player=player):
            return f"⌛ {await _name(player, names)}'s clock ran out."
        case MatchDecided(winner=winner, result=result):
            if winner is None:
                return f"🤝 The match is halved{'' if result == 'halved' else f' ({result})'}."
            return f"🏆 {await _name(winner, names)} won the match {result}."
        case DayClosed(reveal=reveal) if reveal:  # the daily challenge's final table and reveal
            return day_announcement(event)
        case DayOpened():
            return day_announcement(event)
        case DayClosed(day=day, winner=winner, best=best):
            text = f"📅 The daily challenge of {day.isoformat()} is closed"
            if winner is None:
                return text + ": nobody played."
            return (
                text + f": {await _name(winner, names)} won" + (f" with {best}." if best is not None else ".")
            )
    raise TypeError(f"not an event: {event!r}")


def words_of(names: PlaceStore | None) -> Words:
    """``announcement`` with the player names of ``names``."""

    async def words(event: Event) -> str:
        return await announcement(event, names)

    return words


def day_announcement(event: DayClosed | DayOpened) -> str:
    """What a place is told when its day closes (the final table and the reveal) or opens (the
    commitment), as plain text."""
    if isinstance(event, DayOpened):
        return (
            f"📅 The daily course of {event.day.isoformat()} is open: {event.holes} hole"
            f"{'s' if event.holes != 1 else ''}. Commitment (SHA-256 of the deals, revealed tonight):"
            f" {event.commitment}"
        )
    table = "\n".join(event.table) if event.table else "Nobody played."
    return (
        f"📅 The daily course of {event.day.isoformat()} is closed. Final table:\n{table}\n\n"
        f"The deals, revealed: {event.reveal}\n"
        f"Its SHA-256 is the commitment given at the start of the day: {event.commitment}"
    )
