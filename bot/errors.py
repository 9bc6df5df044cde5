"""Domain errors of the core. Each carries a message a player can read; adapters show it as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.texts import plain

if TYPE_CHECKING:
    from bot.screens import Screen


class GolfError(Exception):
    """Base of every refusal the core gives. ``screen``, when set, is what to show alongside (e.g. the
    current board after a stale click). ``template`` is the message with its command keys (``{play}``, see
    ``bot.texts``) for an adapter to spell; ``message`` spells them as plain words."""

    def __init__(self, message: str, *, screen: Screen | None = None) -> None:
        self.template = message
        self.message = plain(message)
        super().__init__(self.message)
        self.screen = screen


class BadActionError(GolfError):
    """A button or callback id that is not one of ours, or is malformed."""


class StaleActionError(GolfError):
    """An action from an old board (its version is not the session's current one)."""


class RepeatedActionError(StaleActionError):
    """The same player's same action on the same board, applied a moment ago (a double click or a burst of
    taps): the board shows its outcome already, so an adapter may acknowledge it without a word."""


class NotYourRoundError(GolfError):
    """Someone pressed a button of another player's round."""


class NotYourTurnError(GolfError):
    """A seated player pressed while another seat is to act."""


class NoRoundError(GolfError):
    """No round in progress where one was needed."""


class RoundInProgressError(GolfError):
    """A new round was asked for while one is in progress."""


class IllegalMoveError(GolfError):
    """The move breaks the rules (the engine's reason is the message)."""


class BadOptionError(GolfError):
    """An option the player typed is not valid (unknown rules, 20 holes, a deal that does not exist)."""


class AlreadyPlayedError(GolfError):
    """A second attempt at today's daily course: the message holds the player's result."""
