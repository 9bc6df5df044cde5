"""Domain errors of the core. Each carries a message a player can read, worded when it is read: in the
language of whoever reads it (``bot.i18n``), so a refusal met while a group's board is drawn in the place's
language still reaches the presser in theirs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from bot.i18n import _
from bot.texts import plain
from engine.wording import WordedError

if TYPE_CHECKING:
    from bot.screens import Screen


class GolfError(Exception):
    """Base of every refusal the core gives. ``screen``, when set, is what to show alongside (e.g. the
    current board after a stale click).

    Raised with an untranslated text (a ``N_``-marked msgid, or a constant of ``bot.texts``) and its named
    placeholders as keywords. ``template`` words it in the current language with its command keys
    (``{play}``, see ``bot.texts``) left for an adapter to spell; ``message`` spells them as plain words."""

    def __init__(self, message: str, *, screen: Screen | None = None, **params: object) -> None:
        self.msgid = message
        """The text as written (English, untranslated)."""
        self.params = params
        self.sentence = False
        """Worded as a sentence (capital first, full stop last): an engine's message, a fragment."""
        super().__init__(self.message)
        self.screen = screen

    @classmethod
    def of_engine(cls, error: Exception, *, screen: Screen | None = None) -> Self:
        """The refusal of an engine's error (``engine.wording.WordedError``: its template and
        placeholders, translated when read), as a sentence."""
        if isinstance(error, WordedError):
            refusal = cls(error.template, screen=screen, **error.params)
        else:
            refusal = cls(str(error), screen=screen)
        refusal.sentence = True
        return refusal

    def __str__(self) -> str:
        return self.message

    @property
    def template(self) -> str:
        text = _(self.msgid, **self.params)
        return sentence(text) if self.sentence else text

    @property
    def message(self) -> str:
        return plain(self.template)


def sentence(text: str) -> str:
    """A message as a sentence: ``unknown rules 'x'`` -> ``Unknown rules 'x'.``"""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


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
