"""What a domain event says, in words: the one wording every platform's Notifier delivers.

``announcement(event, names)`` reads a player's name from the PlaceStore (``names``), so "Ann won 3 & 2"
reads the same in Discord, Telegram and the terminal; without a store, or for a player it does not know,
the player is "A player".
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection

from bot.events import (
    BoardMoved,
    ClockExpired,
    DayClosed,
    DayOpened,
    Event,
    HoleFinished,
    MatchDecided,
    RoundFinished,
    YourTurn,
)
from bot.i18n import N_, _, ngettext
from bot.i18n import day as day_text
from bot.models.daily import DayRow
from bot.ports import PlaceStore
from engine.golf.scoring import HALVED, cleared, to_par_text

Words = Callable[[Event], Awaitable[str]]
"""An event -> its text (``announcement`` with the names of a store, as the composition root wires it)."""

# Translators: stands for a player whose name is not known ("A player won the match 3 & 2")
SOMEONE = N_("A player")
FORFEIT = " won by forfeit"
"""How a stored result summary ends when the other player did not start in time (``<name> won by
forfeit``)."""


async def _name(key: str | None, names: PlaceStore | None) -> str:
    if key is None or names is None:
        return _(SOMEONE)
    player = await names.player(key)
    return player.name if player is not None and player.name else _(SOMEONE)


async def announcement(event: Event, names: PlaceStore | None = None) -> str:
    """One line (or two) a person can read, in the current language (``bot.i18n.speaking``); "" for an
    event that is never told in words (``BoardMoved``: a board is redrawn, nothing is posted)."""
    match event:
        case BoardMoved():
            return ""
        case HoleFinished(player=player, hole=hole, score=score, best=best):
            text = _hole_finished(await _name(player, names), hole, score)
            return text + (" " + _("Best possible: {best}.", best=best) if best is not None else "")
        case RoundFinished(player=player, total=total, par=par):
            who = await _name(player, names)
            to_par = to_par_text(total - par, word=_)
            return _(
                "🏁 {player} finished a round: {total} ({to_par}) · par {par}.",
                player=who,
                total=total,
                to_par=to_par,
                par=par,
            )
        case YourTurn(player=player, deadline=deadline):
            text = _("⏰ Your turn, {player}.", player=await _name(player, names))
            if deadline is None:
                return text
            return text + " " + _("Your clock runs out at {time} UTC.", time=deadline.strftime("%H:%M"))
        case ClockExpired(template=template, params=params) if template:
            return _(template, **dict(params))
        case ClockExpired(note=note) if note:
            return note
        case ClockExpired(player=player):
            return _("⌛ {player}'s clock ran out.", player=await _name(player, names))
        case MatchDecided(winner=winner, result=result):
            if winner is None and result == HALVED:
                return _("🤝 The match is halved.")
            if winner is None:
                return _("🤝 The match is halved ({result}).", result=result_words(result))
            who = await _name(winner, names)
            return _("🏆 {player} won the match {result}.", player=who, result=result_words(result))
        case DayClosed(reveal=reveal) if reveal:  # the daily challenge's final table and reveal
            return day_announcement(event)
        case DayOpened():
            return day_announcement(event)
        case DayClosed(day=day, winner=winner, best=best):
            return await _day_won(day_text(day), winner, best, names)
    raise TypeError(f"not an event: {event!r}")


def _hole_finished(who: str, hole: int, score: int) -> str:
    if cleared(score):
        return _("⛳ {player} cleared hole {hole}: score {score}.", player=who, hole=hole, score=score)
    return ngettext(
        "⛳ {player} finished hole {hole} with {count} card left.",
        "⛳ {player} finished hole {hole} with {count} cards left.",
        score,
        player=who,
        hole=hole,
    )


async def _day_won(day: str, winner: str | None, best: int | None, names: PlaceStore | None) -> str:
    if winner is None:
        return _("📅 The daily challenge of {day} is closed: nobody played.", day=day)
    who = await _name(winner, names)
    if best is None:
        return _("📅 The daily challenge of {day} is closed: {player} won.", day=day, player=who)
    return _(
        "📅 The daily challenge of {day} is closed: {player} won with {best}.", day=day, player=who, best=best
    )


def words_of(names: PlaceStore | None) -> Words:
    """``announcement`` with the player names of ``names``."""

    async def words(event: Event) -> str:
        return await announcement(event, names)

    return words


def day_announcement(event: DayClosed | DayOpened) -> str:
    """What a place is told when its day closes (the final table and the reveal) or opens (the
    commitment), as plain text."""
    day = day_text(event.day)
    if isinstance(event, DayOpened):
        return ngettext(
            "📅 The daily course of {day} is open: {count} hole. Commitment (SHA-256 of the deals, revealed "
            "tonight): {commitment}",
            "📅 The daily course of {day} is open: {count} holes. Commitment (SHA-256 of the deals, revealed "
            "tonight): {commitment}",
            event.holes,
            day=day,
            commitment=event.commitment,
        )
    table = "\n".join(day_row_text(row) for row in event.table) if event.table else _("Nobody played.")
    return "\n".join(
        (
            _("📅 The daily course of {day} is closed. Final table:", day=day),
            table,
            "",
            _("The deals, revealed: {reveal}", reveal=event.reveal),
            _(
                "Its SHA-256 is the commitment given at the start of the day: {commitment}",
                commitment=event.commitment,
            ),
        )
    )


def result_words(summary: str, names: Collection[str] | None = None) -> str:
    """A stored result summary (``MatchResult.summary``: English, as the match wrote it) as the reader reads
    it: ``halved``, a forfeit, a match-play margin (``3 & 2``, ``1 up``) worded in their language; a
    stroke-play summary (``Ann 30 · Bob 32``) as it is. ``names``: the players' (None: any)."""
    if summary == HALVED:
        return _(HALVED)
    if summary == "double forfeit":
        # Translators: a match's result: neither player started in time
        return _("double forfeit")
    if summary == "all forfeited":
        # Translators: a group round's result: nobody started in time
        return _("all forfeited")
    winner = summary.removesuffix(FORFEIT)
    if winner != summary and (names is None or winner in names):
        # Translators: a match's result: the other player did not start in time
        return _("{player} won by forfeit", player=winner)
    up, _amp, left = summary.partition(" & ")
    if up.isdigit() and left.isdigit():
        # Translators: match play's result: won {up} holes up with {left} holes left unplayed ("3 & 2")
        return _("{up} & {left}", up=int(up), left=int(left))
    margin = summary.removesuffix(" up")
    if margin != summary and margin.isdigit():
        # Translators: match play's result: won by {count} holes on the last hole ("1 up")
        return ngettext("{count} up", "{count} up", int(margin))
    return summary


def day_row_text(row: DayRow) -> str:
    """A row of a day's table: rank, player, total and to par (and how far they got, if not finished)."""
    rank, name, to_par = f"{row.rank:>3}", row.name or row.player, to_par_text(row.to_par, _)
    if row.finished:
        return _(
            "{rank}. {player} — {total} ({to_par})", rank=rank, player=name, total=row.total, to_par=to_par
        )
    # Translators: a row of a daily table, for a player still playing: "thru 4" = after hole 4
    return _(
        "{rank}. {player} — {total} ({to_par}) (thru {holes})",
        rank=rank,
        player=name,
        total=row.total,
        to_par=to_par,
        holes=row.holes_played,
    )
