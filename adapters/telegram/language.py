"""Which language each update is answered in, and ``/language`` (a player's own).

Every update runs in a task of its own, so its language is chosen once, first (``choose``): in a private
chat, the player's (their ``/language``, else the language their Telegram app runs in, ``language_code``);
in a group, the group's (its admins' ``/settings language=…``, else English) for what is posted there, and
the presser's for what is theirs alone (a callback's answer, ``bot.i18n.privately``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram import Update
from telegram.ext import ContextTypes

from adapters.telegram.asker import Asker, asker_of, reply_refusal, reply_screen
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.identity import is_group, place_of, player_of
from bot.clubhouse import Clubhouse
from bot.errors import BadOptionError, GolfError
from bot.i18n import LANGUAGES, N_, NAMES, _, language_name, resolve, speaking, use
from bot.models import PlayerSettings
from bot.places import Places, language_option
from bot.ports import StoreUnavailable
from bot.screens import Screen, ScreenKind

log = logging.getLogger(__name__)

# Translators: keep the command and the codes as typed
LANGUAGE_USAGE = N_("Usage: /language de|en|es|fr|pt|ru|auto")


async def choose(places: Places, update: Update) -> None:
    """The language of ``update``'s answers, from now on in its task."""
    user, chat = update.effective_user, update.effective_chat
    try:
        presser = None if user is None else await places.player_language(player_of(user), user.language_code)
        if chat is None or not is_group(chat):
            use(presser)
        else:
            use(await places.place_language(place_of(chat)), presser=presser)
    except StoreUnavailable:  # (the update itself will meet it and say so): the app's language meanwhile
        use(None if user is None else user.language_code)


def language_specs(club: Clubhouse) -> tuple[CommandSpec, ...]:
    return (
        CommandSpec(
            "language",
            # Translators: what may follow /language in the /help list; keep it as typed
            N_("[de|en|es|fr|pt|ru|auto]"),
            N_("The language I answer you in"),
            LanguageCommand(club).language,
        ),
    )


class LanguageCommand:
    def __init__(self, club: Clubhouse) -> None:
        self._club = club

    async def language(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/language de``: the player's own language from now on; ``/language auto``: their app's again;
        ``/language``: which it is."""
        if (asker := asker_of(update)) is None:
            return
        words: Sequence[str] = context.args or ()
        try:
            if len(words) > 1:
                raise BadOptionError(LANGUAGE_USAGE)
            if words:
                mine, changed = await self._club.places.change_player_settings(
                    asker.player, language=language_option(words[0])
                )
            else:
                mine, changed = await self._club.places.player_settings(asker.player), False
        except GolfError as error:
            await reply_refusal(asker, error)
            return
        app = update.effective_user.language_code if update.effective_user else None
        with speaking(resolve(mine.language, app)):  # the answer in the language just chosen
            await reply_screen(asker, language_screen(asker, mine, app, changed=changed))


def language_screen(asker: Asker, mine: PlayerSettings, app: str | None, *, changed: bool) -> Screen:
    shown = language_name(resolve(mine.language, app))
    if mine.language is None:
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        yours = _("I answer you in {language}, as your Telegram app says.", language=shown)
    else:
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        yours = _("I answer you in {language} (your own choice).", language=shown)
    choices = ", ".join(f"{code.split('_')[0]} ({NAMES[code]})" for code in LANGUAGES)
    lines = [yours, _("Languages: {languages}.", languages=choices), _(LANGUAGE_USAGE)]
    if asker.in_group:
        lines.append(_("What I post in this group is in the group's language (/settings, by its admins)."))
    saved = (_("Saved."),) if changed else ()
    return Screen(ScreenKind.INFO, title=_("🌐 Language"), blocks=("\n".join(lines), *saved))
