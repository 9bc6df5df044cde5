"""Languages: every text a player or an admin reads goes through gettext here, in the language of its reader.

Who reads a text is known where it is delivered, so the language is a context (``speaking``): an adapter
opens it around the work it does for one audience — the presser's language for a private reply, the
place's for what is posted to a channel or group — and ``_`` / ``ngettext`` translate in it. What only the
presser sees of a press on a group's message (the card they drew, their own board) is worded
``privately``, in theirs. A refusal (``bot.errors.GolfError``) keeps its untranslated template and is
worded when it is read, so an adapter words it in the presser's language.

Marking texts (extracted by ``make catalogues-extract``, i.e. ``pybabel extract``):

- ``_("Hole {hole} of {holes}", hole=3, holes=9)`` translates, then fills the named placeholders; a
  placeholder it is not given (a command key such as ``{play}``, see ``bot.texts``) stays as it is.
- ``ngettext("{count} day played", "{count} days played", n)`` chooses the form for ``n`` (``count`` is
  filled with ``n`` unless given).
- ``N_("...")`` only marks a text kept for later (a module constant, an error's template); ``_`` words it
  where it is used; ``N_plural("...", "...")`` likewise a text with its plural, for ``ngettext``.

Catalogues live in ``bot/locale/<language>/LC_MESSAGES/golfbot.po``; ``make`` compiles them into ``.mo``
files beside them (``pybabel compile``), which are what is read here, once per language and process. The
pseudo-language ``en_XA`` (tests only) words every text accented, bracketed and a third longer, so that a
text that does not go through gettext, or a layout that breaks with longer words, shows.
"""

from __future__ import annotations

import gettext
import logging
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date as _babel_format_date
from babel.numbers import format_decimal as _babel_format_decimal

log = logging.getLogger(__name__)

DOMAIN = "golfbot"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
"""The language the texts are written in (the msgids)."""
LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr", "pt_BR", "ru")
"""The languages shipped, English first."""
PSEUDO = "en_XA"
"""The test pseudo-language (never offered to players)."""
NAMES: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "pt_BR": "Português (Brasil)",
    "ru": "Русский",
}
"""Each shipped language by its own name, as a menu offers it."""


def language_name(language: str) -> str:
    """A language by its own name (``Deutsch``), as a menu offers it; the pseudo-language (tests only,
    never offered) as English in its own wording."""
    return pseudo(NAMES[SOURCE]) if language == PSEUDO else NAMES[language]


_language: ContextVar[str] = ContextVar("golfbot_language", default=SOURCE)
_presser: ContextVar[str] = ContextVar("golfbot_presser_language", default=SOURCE)


def normalise(code: str | None) -> str | None:
    """One of ``LANGUAGES`` (or ``PSEUDO``) for a platform's or a player's language code (``de-DE``,
    ``pt-BR``, ``pt``, ``en_US.UTF-8``, ``ru``), or None for a language not shipped (or no code)."""
    if not code:
        return None
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if code.lower() == PSEUDO.lower():
        return PSEUDO
    main = code.split("_")[0].lower()
    if main == "pt":
        return "pt_BR"  # the Portuguese shipped is Brazil's: nearer to Portugal's than English is
    return main if main in LANGUAGES else None


def resolve(*codes: str | None) -> str:
    """The first of ``codes`` that is a shipped language, else English: e.g. a player's own choice, then
    their platform's locale."""
    for code in codes:
        language = normalise(code)
        if language is not None:
            return language
    return SOURCE


def current() -> str:
    """The language texts are worded in just now."""
    return _language.get()


@contextmanager
def speaking(language: str | None, *, presser: str | None = None) -> Iterator[str]:
    """Word texts in ``language`` (a code ``normalise`` knows; English if it is not shipped) inside the
    block. ``presser``: the language of whoever acted, when what is drawn is for others (a group's board):
    ``privately`` words what is theirs alone in it (default: ``language``)."""
    chosen = resolve(language)
    token = _language.set(chosen)
    private = _presser.set(chosen if presser is None else resolve(presser))
    try:
        yield chosen
    finally:
        _presser.reset(private)
        _language.reset(token)


def use(language: str | None, *, presser: str | None = None) -> None:
    """Word texts in ``language`` (and ``privately`` in ``presser``'s) from now on in this task: for an
    adapter whose every update runs in a task of its own (Telegram's), set once at the update's start."""
    chosen = resolve(language)
    _language.set(chosen)
    _presser.set(chosen if presser is None else resolve(presser))


@contextmanager
def privately() -> Iterator[str]:
    """Word texts in the language of whoever acted (see ``speaking``) inside the block: what only they
    see (a refusal, the card they drew, their own board opened from a group's scoreboard)."""
    chosen = _presser.get()
    token = _language.set(chosen)
    try:
        yield chosen
    finally:
        _language.reset(token)


class _Fill(dict[str, object]):
    """Placeholders a text is not given stay as they are (``{play}``: a command key, spelled later)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, params: Mapping[str, object]) -> str:
    if not params:
        return text
    try:
        return text.format(**params)  # (the common case, and the fast one)
    except KeyError:  # a placeholder not given: a command key, left for the adapter to spell
        return text.format_map(_Fill(params))


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its named placeholders filled from ``params``."""
    language = _language.get()
    if not params:
        return translations(language).gettext(message)
    return _remembered(
        (language, message, *params.items()),
        lambda: _fill(translations(language).gettext(message), params),
    )


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language, filled from
    ``params`` (``count`` is ``n`` formatted as the language writes numbers unless given)."""
    language = _language.get()

    def word() -> str:
        params.setdefault("count", number(n))
        return _fill(translations(language).ngettext(singular, plural, n), params)

    return _remembered((language, singular, plural, n, *params.items()), word)


WORDED_KEPT = 50_000
"""How many worded texts (a text, its language and its values) are kept, so that a board's words cost a
lookup, not a translation and a ``str.format``, on every press."""
_worded: dict[tuple[object, ...], str] = {}


def _remembered(key: tuple[object, ...], word: Callable[[], str]) -> str:
    """``word()``, remembered by ``key`` (a key holding a value that cannot be one, a list: worded each
    time)."""
    try:
        return _worded[key]
    except KeyError:
        text = _worded[key] = word()
        if len(_worded) > WORDED_KEPT:
            _worded.clear()  # (boards say the same few things over and over: it fills again at once)
        return text
    except TypeError:
        return word()


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalogues without translating it (``_`` words it where it is used)."""
    return message


def N_plural(singular: str, plural: str, /) -> tuple[str, str]:
    """Marks a text and its plural for the catalogues without translating them (``ngettext`` words them
    where they are used, for a count known then)."""
    return singular, plural


def number(value: float | int | Decimal, *, places: int | None = None) -> str:
    """``value`` as the current language writes numbers (``1,234.5``; ``1.234,5``; ``1 234,5``), with
    ``places`` decimals when given."""
    if places is not None:
        return _number(str(round(Decimal(str(value)), places)), _language.get(), places)
    if type(value) is int and -1000 < value < 1000:
        return str(value)  # (every shipped language writes these so: no grouping, Western digits)
    return _number(str(value), _language.get(), None)


def day(when: date, style: str = "medium") -> str:
    """``when`` as the current language writes a date (``29.11.2026``, ``29 nov. 2026``); in English, the
    ISO date the bot has always shown (``2026-11-29``), which ``golfbot daily --reveal`` takes too."""
    language = _language.get()
    return when.isoformat() if language in (SOURCE, PSEUDO) else _day(when, language, style)


@cache
def _number(value: str, language: str, places: int | None) -> str:
    fmt = None if places is None else "#,##0" + ("." + "0" * places if places else "")
    return _babel_format_decimal(Decimal(value), format=fmt, locale=_babel_locale(language))


@cache
def _day(when: date, language: str, style: str) -> str:
    return str(_babel_format_date(when, format=style, locale=_babel_locale(language)))


@cache
def _babel_locale(language: str) -> Locale:
    return Locale.parse(SOURCE if language == PSEUDO else language)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language``, read once per process (English: the texts as written)."""
    if language == SOURCE:
        return gettext.NullTranslations()
    if language == PSEUDO:
        return Pseudo()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except OSError:
        log.warning("No compiled catalogue for %s (%s): its players read English. Run make.", language, path)
        return gettext.NullTranslations()


_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķľɱñöþʠŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĽṀÑÖÞǪŘŠŢÛṼŴẊÝŽ",
)
PSEUDO_OPEN = "⟦"
PSEUDO_CLOSE = "⟧"


def pseudo(text: str) -> str:
    """``text`` as the pseudo-language words it: letters accented (not those of a ``{placeholder}``, an
    HTML tag or entity, or a ``/command``), bracketed, and lengthened by a third (of what it shows) with
    ``~``."""
    out: list[str] = []
    i = 0
    shown = 0
    while i < len(text):
        ch = text[i]
        closer = {"{": "}", "<": ">", "&": ";"}.get(ch)
        if closer is not None:
            end = text.find(closer, i)
            if end != -1 and (ch != "&" or end - i <= 8) and (ch != "<" or _is_tag(text[i : end + 1])):
                out.append(text[i : end + 1])
                i = end + 1
                continue
        if ch == "/" and (i == 0 or not text[i - 1].isalnum()):
            j = i + 1
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(text[i:j])
            i = j
            continue
        shown += 1
        out.append(ch.translate(_ACCENTS))
        i += 1
    body = "".join(out)
    pad = "~" * ((shown + 2) // 3)
    lead = len(body) - len(body.lstrip("\n"))
    tail = len(body) - len(body.rstrip("\n"))
    core = body[lead : len(body) - tail]
    return body[:lead] + PSEUDO_OPEN + core + pad + PSEUDO_CLOSE + body[len(body) - tail :]


def _is_tag(candidate: str) -> bool:
    inner = candidate[1:-1].lstrip("/")
    return bool(inner) and inner.split(" ")[0].isalpha() and len(inner) <= 40


class Pseudo(gettext.NullTranslations):
    """The pseudo-language: every text through ``pseudo`` (cached)."""

    def gettext(self, message: str) -> str:
        return _pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _pseudo(msgid1 if n == 1 else msgid2)


@cache
def _pseudo(message: str) -> str:
    return pseudo(message)


_NOT_WORDS = re.compile(r"https?://\S+|/[a-z_]+|<[^>]+>|&[a-z]+;|@\w+")


def unworded(text: str) -> list[str]:
    """The words of ``text`` that the pseudo-language did not word: it leaves no plain ASCII letter in a
    word it words, so each plain word (a ``/command``, a link, an HTML tag and a mention aside) is English
    that never went through gettext — or a name (a player's, a game's), which the caller allows. A word
    filled into a worded text's placeholder counts too."""
    return re.findall(r"[A-Za-z][A-Za-z'-]*[A-Za-z]", _NOT_WORDS.sub(" ", text))
