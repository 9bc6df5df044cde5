"""The daily challenge on Telegram: ``/daily``, ``/leaderboard``, ``/dailyshare`` and ``/dailysettings``
(group admins only), and the ``/start daily-<group>`` deep link.

A daily board would spoil the day's deals for the others, so it is only ever sent in the private chat with
the bot: in a group, ``/daily`` answers with a button that opens the private chat on that group's course
(``t.me/<bot>?start=daily-<group>``), for the group's members (a player who left, or a group the bot is not
in, is refused); ``/daily`` in a private chat plays the global course, the one all private chats share.
Leaderboards and share texts show no card, so they go where they are asked for; ``/dailyshare`` sends the
share's image card (coloured squares, score, standing: no card, no deal number) as a photo with the share
text as its caption when the look there is image (a group's post in the group's look, a private chat's in
the player's), and the text alone otherwise.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram import Bot, ChatMember, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.asker import Asker, asker_of, reply_refusal, reply_screen
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.identity import PLATFORM
from adapters.telegram.photos import Drawn, PhotoBoards
from adapters.telegram.render import Message as Shown
from adapters.telegram.render import say
from bot.desks import DailyDesk
from bot.errors import BadOptionError, GolfError
from bot.i18n import N_, _
from bot.models import Place
from bot.models.daily import GLOBAL_COURSE, DailySettings
from bot.screens import Screen, ScreenKind

PLAY_IN_PRIVATE = N_(
    "Today's course of this group is played in our private chat, so that nobody sees your deals."
)
NOT_AN_ADMIN = N_("Only the group's admins can change the daily challenge.")
NOT_IN_PRIVATE = N_("Daily settings belong to a group; use this command there.")
NOTHING_TO_SHARE = N_("Finish a hole of today's course first (/daily).")
NOT_A_GROUP = N_("That link does not name a group's course. Send /daily in the group for a fresh one.")
NOT_A_MEMBER = N_(
    "That link is the daily course of a group you are not in. Send /daily in your own group for its"
    " course, or here for the one every private chat shares."
)
# Translators: {reason} is Telegram's own words (in English)
CANNOT_CHECK_ADMIN = N_(
    "I could not check that you are one of this group's admins (Telegram said: {reason})."
    " An admin can make me an administrator of the group (I need no rights) and send the command again."
)
# Translators: {reason} is Telegram's own words (in English)
NO_ANSWER_ON_ADMIN = N_(
    "I could not check that you are one of this group's admins: Telegram did not answer ({reason})."
    " Nothing was changed; send the command again in a minute."
)
# Translators: keep the command and what is typed (zone=, holes=, rules=, post=, on, off, strict) as they are
SETTINGS_USAGE = N_(
    "Usage: /dailysettings [zone=Europe/Berlin] [holes=1|3|9|18] [rules=strict or a game: rules=tripeaks] "
    "[post=on|off]"
)
ADMINS = (ChatMember.ADMINISTRATOR, ChatMember.OWNER)

log = logging.getLogger(__name__)


def link_payload(place: Place) -> str:
    """``daily-<chat id>``, with a group's minus sign as ``n`` (a payload may hold ``[A-Za-z0-9_-]``)."""
    return "daily-" + place.place_id.replace("-", "n")


def place_of_payload(words: Sequence[str]) -> Place | None:
    """The group a ``/start daily-<id>`` link names (its words after ``daily``), if it names one."""
    if len(words) != 1:
        return None
    word = words[0]
    digits = word[1:] if word.startswith("n") else word
    if not digits.isdigit() or len(digits) > 20:
        return None
    return Place(PLATFORM, ("-" if word.startswith("n") else "") + digits)


def daily_specs(daily: DailyDesk, boards: PhotoBoards | None = None) -> tuple[CommandSpec, ...]:
    handlers = DailyHandlers(daily, boards)
    return (
        CommandSpec("daily", "", N_("Play today's daily course (in private)"), handlers.daily),
        CommandSpec(
            "leaderboard",
            # Translators: what may follow /leaderboard in the /help list; keep today, week and all (typed)
            N_("[today|week|all] [page]"),
            N_("The daily challenge's table"),
            handlers.leaderboard,
        ),
        CommandSpec("dailyshare", "", N_("Post your daily result, without spoilers"), handlers.share),
        CommandSpec(
            "dailysettings",
            # Translators: what may follow /dailysettings in the /help list; keep it as typed
            N_("[zone=…] [holes=…] [rules=…] [post=on|off]"),
            N_("Daily settings (admins)"),
            handlers.settings,
        ),
    )


async def start_daily(
    daily: DailyDesk, asker: Asker, words: Sequence[str], boards: PhotoBoards | None = None
) -> None:
    """``/start daily-<group>`` in a private chat: that group's course, here."""
    place = place_of_payload(words)
    refusal = NOT_A_GROUP if place is None else await _outsider(asker.message.get_bot(), place, asker)
    if refusal is not None:
        await asker.message.reply_html(say(_(refusal)))
        return
    assert place is not None
    try:
        screen = await daily.play(asker.player, place)
    except GolfError as error:
        await reply_refusal(asker, error, boards=boards)
        return
    await reply_screen(asker, screen, boards=boards)


async def _outsider(bot: Bot, place: Place, asker: Asker) -> str | None:
    """Why ``asker`` may not play ``place``'s course (a group the bot is not in, or one they are not a
    member of), or None. When Telegram cannot tell just now, they may: a course is no secret from a member,
    and a refusal that is wrong would be worse than an outsider on the table."""
    try:
        member = await bot.get_chat_member(int(place.place_id), int(asker.player.user_id))
    except BadRequest as error:
        if "chat not found" in error.message.lower():
            return NOT_A_GROUP
        log.info("Letting %s into %s's course unchecked: %s", asker.player.user_id, place.place_id, error)
        return None  # e.g. "member list is inaccessible" to a bot that is no admin there
    except TelegramError:
        return None
    return NOT_A_MEMBER if member.status in (ChatMember.LEFT, ChatMember.BANNED) else None


async def is_admin(bot: Bot, message: Message, user_id: int) -> bool:
    """Whether ``message`` came from one of its chat's admins (``user_id`` its sender). An admin who stays
    anonymous in the group writes as the group itself (Telegram's ``sender_chat``, the sender a stand-in
    bot): only admins can, so that is an admin. Otherwise getChatMember, which is only guaranteed to a bot
    that is an administrator ("member list is inaccessible" otherwise); getChatAdministrators answers any
    member bot in a group, so it is asked next. When neither answers: a GolfError that says what an admin
    can do."""
    chat = message.chat
    if message.sender_chat is not None and message.sender_chat.id == chat.id:
        return True
    try:
        member = await bot.get_chat_member(chat.id, user_id)
    except TelegramError as error:
        log.info("getChatMember in %s failed (%s); asking for the chat's administrators", chat.id, error)
    else:
        return member.status in ADMINS
    try:
        admins = await bot.get_chat_administrators(chat.id)
    except TelegramError as error:
        log.warning("Could not check the admins of %s: %s", chat.id, error)
        refused = isinstance(error, BadRequest | Forbidden)  # else Telegram was not reached, or busy
        advice = CANNOT_CHECK_ADMIN if refused else NO_ANSWER_ON_ADMIN
        raise GolfError(advice, reason=error.message) from None
    return any(admin.user.id == user_id for admin in admins)


class DailyHandlers:
    def __init__(self, daily: DailyDesk, boards: PhotoBoards | None = None) -> None:
        self._daily = daily
        self._boards = boards

    def _place(self, asker: Asker) -> Place:
        return asker.place if asker.in_group else GLOBAL_COURSE

    async def daily(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None:
            return
        if asker.in_group:  # never a board in a group: a button into the private chat instead
            url = f"https://t.me/{context.bot.username}?start={link_payload(asker.place)}"
            # Translators: a button that opens the private chat on the group's daily course
            label = _("📅 Play today's course")
            keyboard = InlineKeyboardMarkup([[InlineKeyboardButton(label, url=url)]])
            await asker.message.reply_html(
                say(_(PLAY_IN_PRIVATE)), reply_markup=keyboard, allow_sending_without_reply=True
            )
            return
        try:
            screen = await self._daily.play(asker.player, GLOBAL_COURSE)
        except GolfError as error:
            await reply_refusal(asker, error, boards=self._boards)
            return
        await reply_screen(asker, screen, boards=self._boards)

    async def leaderboard(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None:
            return
        words = [w.lower() for w in context.args or ()]
        period = next((w for w in words if not w.isdigit()), "today")
        page = next((int(w) for w in words if w.isdigit()), 1)
        try:
            screen = await self._daily.leaderboard(self._place(asker), period, max(page, 1) - 1)
        except GolfError as error:
            await reply_refusal(asker, error, boards=self._boards)
            return
        await reply_screen(asker, screen, boards=self._boards)

    async def share(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None:
            return
        place = self._place(asker)
        text = await self._daily.share(asker.player, place)
        if text is None:
            await asker.message.reply_html(say(_(NOTHING_TO_SHARE)), allow_sending_without_reply=True)
            return
        # Translators: heads a player's daily result; {share} is the result's lines
        said = say(_("{player}'s daily round:\n{share}", player=asker.player.name, share=text))
        card = None if self._boards is None else await self._daily.share_card(asker.player, place)
        if self._boards is not None and card is not None:  # the image card, the text as its caption
            reader = None if asker.in_group else asker.player  # a group's post is read by everyone
            look = await self._boards.reader_look(asker.place, reader)
            drawn = await self._boards.draw(card, look)
            if drawn.picture is not None:
                await self._boards.reply(asker.message, Drawn(Shown(said, None), drawn.picture, said))
                return
        await asker.message.reply_html(said)

    async def settings(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None or update.effective_user is None:
            return
        try:
            if not asker.in_group:
                raise GolfError(NOT_IN_PRIVATE)
            options = _settings_options(context.args or ())
            if options:  # a change is for the group's admins; anyone may see the settings
                if not await is_admin(context.bot, asker.message, update.effective_user.id):
                    raise GolfError(NOT_AN_ADMIN)
                new, changed = await self._daily.change_settings(asker.place, **options)  # type: ignore[arg-type]
            else:
                new, changed = await self._daily.settings(asker.place), False
        except GolfError as error:
            await reply_refusal(asker, error, boards=self._boards)
            return
        await reply_screen(asker, settings_screen(new, changed=changed), boards=self._boards)


def settings_screen(new: DailySettings, *, changed: bool) -> Screen:
    """A group's daily settings (``changed``: just saved)."""
    lines = (
        _("Time zone: {zone} (the day turns at midnight there)", zone=new.zone),
        # Translators: a line of the daily settings: the number of holes of a day's course
        _("Holes: {holes}", holes=new.holes),
        # Translators: a line of the daily settings: the rules of a day's course
        _("Rules: {rules}", rules=new.rules),
        _("Final table and reveal posted here: yes")
        if new.post
        else _("Final table and reveal posted here: no"),
    )
    saved = (
        (_("Saved. Today's course stays as it opened; the next one uses these settings."),) if changed else ()
    )
    return Screen(ScreenKind.INFO, title=_("⚙️ Daily challenge"), blocks=("\n".join(lines), *saved))


def _settings_options(words: Sequence[str]) -> dict[str, object]:
    """``zone=Asia/Tokyo holes=3 rules=wrap post=off`` as the keyword arguments of change_settings."""
    options: dict[str, object] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.lower()
        if not sep or not value:
            raise BadOptionError(SETTINGS_USAGE)
        if key == "zone":
            options["zone_name"] = value
        elif key == "holes" and value.isdigit():
            options["holes"] = int(value)
        elif key == "rules":
            options["rules"] = value
        elif key == "post" and value.lower() in ("on", "off", "yes", "no"):
            options["post"] = value.lower() in ("on", "yes")
        else:
            raise BadOptionError(SETTINGS_USAGE)
    return options
