"""How the engine words a refusal so that the bot can say it in any language.

The engine knows no language: an error a player may read (an illegal move, a deal code that does not
exist) is raised with an English template, marked with ``N_`` for the catalogues, and its named
placeholders (``MoveError(N_("{card} is not one rank from {top}"), card="7♠", top="9♥")``). ``str(error)``
is the English sentence (logs, tests); the bot translates ``template`` and fills it with ``params``.

A text the engine words for players (a rule set described, a score to par, the daily's share text) takes
a ``word`` (and, where it counts, a ``plural``): the bot passes ``bot.i18n._`` (and ``ngettext``); the
default, ``english`` (``english_plural``), fills the English template as it is.
"""

from __future__ import annotations

from collections.abc import Callable

Word = Callable[..., str]
"""``word(template, /, **params)``: ``template`` (marked with ``N_``) worded and its placeholders filled."""
Plural = Callable[..., str]
"""``plural(singular, plural, n, /, **params)``: the form for the count ``n`` (``count`` is ``n``)."""


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalogues (``pybabel extract``); the bot translates it where it is read."""
    return message


class _Keep(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def english(template: str, /, **params: object) -> str:
    """``template`` as written, its named placeholders filled (one not given stays as it is)."""
    return template.format_map(_Keep(params)) if params else template


def english_plural(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The English form of ``singular``/``plural`` for the count ``n``, filled (``count`` is ``n``)."""
    params.setdefault("count", n)
    return english(singular if n == 1 else plural, **params)


class WordedError(ValueError):
    """A refusal with its words kept apart: ``template`` (English, untranslated) and ``params``."""

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(english(template, **params))
