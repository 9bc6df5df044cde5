"""How boards look: ``/settings look=image|text|emoji four_colour=on|off`` for the chat (a group's admins
change it; anyone may see it) and ``/look image|text|emoji|chat [four-colour on|off]`` for a player's own
boards (``chat``: as the chat says). Telegram draws EMOJI as text (its boards have no emoji renderer).

A new look is for the boards sent from then on and for the next press on a board: a board of the other
kind is then sent anew (``photos.py``); ``/resume`` shows the round in the new look at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Update
from telegram.ext import ContextTypes

from adapters.telegram.asker import Asker, asker_of, reply_refusal, reply_screen
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.daily import is_admin
from bot.clubhouse import Clubhouse
from bot.errors import BadOptionError, GolfError
from bot.i18n import N_, _, current, language_name, resolve, speaking
from bot.models import BoardLook, Look, PlaceSettings, PlayerSettings
from bot.options import AS_THE_PLACE, look_option
from bot.places import KEEP, Keep, language_option
from bot.screens import Screen, ScreenKind

# Translators: keep the command and what is typed (look=, image, text, emoji, four_colour=, on, off) as it is
SETTINGS_USAGE = N_(
    "Usage: /settings [look=image|text|emoji] [four_colour=on|off] [language=de|en|es|fr|pt|ru|auto]"
)
# Translators: keep the command and what is typed (image, text, emoji, chat, four-colour, on, off) as it is
LOOK_USAGE = N_("Usage: /look image|text|emoji|chat [four-colour on|off|chat]")
NOT_AN_ADMIN = N_("Only the group's admins can change how its boards look.")
AS_THE_CHAT = ("chat", AS_THE_PLACE)
"""What a player types to follow the chat's look again."""
ON, OFF = ("on", "yes", "true"), ("off", "no", "false")


def look_specs(club: Clubhouse) -> tuple[CommandSpec, ...]:
    handlers = LookHandlers(club)
    return (
        CommandSpec(
            "look",
            # Translators: what may follow /look in the /help list; keep it as typed
            N_("[image|text|emoji|chat] [four-colour on|off]"),
            N_("How your boards look"),
            handlers.look,
        ),
        CommandSpec(
            "settings",
            # Translators: what may follow /settings in the /help list; keep it as typed
            N_("[look=image|text|emoji] [four_colour=on|off] [language=…]"),
            N_("The chat's board look and language (admins)"),
            handlers.settings,
        ),
    )


_NAMED: dict[tuple[BoardLook, bool], str] = {
    # Translators: how boards look (image, text and emoji are also the words a player types in /look)
    (BoardLook.IMAGE, True): N_("image, four colours"),
    (BoardLook.IMAGE, False): N_("image, two colours"),
    (BoardLook.TEXT, True): N_("text, four colours"),
    (BoardLook.TEXT, False): N_("text, two colours"),
    (BoardLook.EMOJI, True): N_("emoji (drawn as text on Telegram), four colours"),
    (BoardLook.EMOJI, False): N_("emoji (drawn as text on Telegram), two colours"),
}


def named(look: Look) -> str:
    """``image, four colours``; EMOJI says that Telegram draws it as text."""
    return _(_NAMED[(look.board, look.four_colour)])


def _switch(word: str, usage: str) -> bool | None:
    """on -> True, off -> False, chat -> None (as the chat says)."""
    word = word.lower()
    if word in ON:
        return True
    if word in OFF:
        return False
    if word in AS_THE_CHAT:
        return None
    raise BadOptionError(usage)


def _is_four_colour(word: str) -> bool:
    return word.lower().replace("_", "-").replace("color", "colour") in (
        "four-colour",
        "fourcolour",
        "4-colour",
    )


def player_options(words: Sequence[str]) -> tuple[BoardLook | Keep | None, bool | Keep | None]:
    """``text``, ``chat``, ``four-colour on``, ``image four-colour=off``: the look and four-colour choice
    (KEEP: not given; None: as the chat says; ``chat`` alone: both as the chat says)."""
    look: BoardLook | Keep | None = KEEP
    four: bool | Keep | None = KEEP
    rest = list(words)
    while rest:
        word = rest.pop(0)
        key, sep, value = word.partition("=")
        if _is_four_colour(key):
            if not sep:
                if not rest:
                    raise BadOptionError(LOOK_USAGE)
                value = rest.pop(0)
            four = _switch(value, LOOK_USAGE)
        elif sep:
            raise BadOptionError(LOOK_USAGE)
        elif word.lower() in AS_THE_CHAT:
            look = None
        else:
            look = look_option(word)
    if look is None and isinstance(four, Keep):  # `/look chat`: everything as the chat says
        four = None
    return look, four


def place_options(words: Sequence[str]) -> dict[str, object]:
    """``look=text four_colour=on`` as the keyword arguments of ``change_place_settings``."""
    options: dict[str, object] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not value:
            raise BadOptionError(SETTINGS_USAGE)
        if key.lower() == "look":
            options["look"] = look_option(value)
        elif _is_four_colour(key):
            four = _switch(value, SETTINGS_USAGE)
            if four is None:
                raise BadOptionError(SETTINGS_USAGE)
            options["four_colour"] = four
        elif key.lower() in ("language", "lang"):
            options["language"] = language_option(value)
        else:
            raise BadOptionError(SETTINGS_USAGE)
    return options


class LookHandlers:
    def __init__(self, club: Clubhouse) -> None:
        self._club = club

    async def settings(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """In a group, its admins change it; in a private chat, the player (it is theirs alone)."""
        if (asker := asker_of(update)) is None or update.effective_user is None:
            return
        try:
            options = place_options(context.args or ())
            if options:
                user = update.effective_user.id
                if asker.in_group and not await is_admin(context.bot, asker.message, user):
                    raise GolfError(NOT_AN_ADMIN)
                new, changed = await self._club.change_place_settings(asker.place, **options)  # type: ignore[arg-type]
            else:
                new, changed = await self._club.places.settings(asker.place), False
        except GolfError as error:
            await reply_refusal(asker, error)
            return
        with speaking(await self._club.places.place_language(asker.place), presser=current()):
            await reply_screen(asker, settings_screen(new, changed=changed))  # (a new language: in it)

    async def look(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None:
            return
        try:
            look, four = player_options(context.args or ())
            if isinstance(look, Keep) and isinstance(four, Keep):
                mine, changed = await self._club.places.player_settings(asker.player), False
            else:
                mine, changed = await self._club.places.change_player_settings(
                    asker.player, look=look, four_colour=four
                )
            chat = (await self._club.places.settings(asker.place)).board_look
        except GolfError as error:
            await reply_refusal(asker, error)
            return
        await reply_screen(asker, look_screen(asker, mine, chat, changed=changed))


def settings_screen(settings: PlaceSettings, *, changed: bool) -> Screen:
    lines = (
        # Translators: {look} is how boards look, e.g. "image, four colours"
        _("Boards here: {look}", look=named(settings.board_look)),
        _("Each player may choose their own with /look."),
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        _("Posts here are in {language}.", language=language_name(resolve(settings.language)))
        if settings.language
        else _("Posts here are in English (choose another with /settings language=de, say)."),
        _("Each player may choose their own with /language."),
    )
    saved = (_("Saved: boards sent from now on look so."),) if changed else ()
    return Screen(ScreenKind.INFO, title=_("⚙️ Board look"), blocks=("\n".join(lines), *saved))


def look_screen(asker: Asker, mine: PlayerSettings, chat: Look, *, changed: bool) -> Screen:
    own = named(mine.over(chat))
    if mine.look is None and mine.four_colour is None:
        # Translators: {look} is how boards look, e.g. "image, four colours"
        yours = _("Your boards: {look} (as the chat says)", look=own)
    else:
        # Translators: {look} is how boards look, e.g. "image, four colours"
        yours = _("Your boards: {look} (your own choice)", look=own)
    # Translators: {look} is how this chat's boards look, e.g. "image, four colours"
    lines = (yours, _("This chat's: {look}", look=named(chat)))
    saved = (_("Saved. /resume shows your round that way now."),) if changed else ()
    return Screen(ScreenKind.INFO, title=_("🎴 Your board look"), blocks=("\n".join(lines), *saved))
