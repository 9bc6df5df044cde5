"""What a place is told when its daily course closes (the final table and the reveal) or opens (the
commitment): the wording ``bot.announcements`` uses for these events on every platform."""

from __future__ import annotations

from bot.events import DayClosed, DayOpened


def announcement(event: DayClosed | DayOpened) -> str:
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
