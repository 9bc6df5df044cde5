"""Build the python-telegram-bot Application: where it talks to (Telegram or a self-hosted Bot API
server), flood control, the handlers, the command menu.

``telegram_builder`` holds the production settings; ``build_application`` adds the bot itself to any
builder, so tests give it one aimed at their fake Bot API server and run exactly the production wiring.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

from telegram import BotCommand, Update
from telegram.error import BadRequest, Forbidden, NetworkError, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from adapters import log_context, metrics
from adapters.telegram import language as languages
from adapters.telegram.buttons import GolfButtons, on_its_message
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.commands import PLAY_NOW, GolfCommands
from adapters.telegram.flood import MAX_WAIT, ChatFloodLimiter, Stopping
from adapters.telegram.identity import PLATFORM, place_of, player_of
from adapters.telegram.ordering import ChatLanes
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.render import say
from adapters.telegram.web import WebTable
from bot.clubhouse import Clubhouse
from bot.desks import DailyDesk
from bot.i18n import LANGUAGES, SOURCE, _, speaking
from bot.ports import StoreUnavailable
from bot.texts import STORE_UNAVAILABLE

log = logging.getLogger(__name__)

AnyApplication = Application[Any, Any, Any, Any, Any, Any]
AnyBuilder = ApplicationBuilder[Any, Any, Any, Any, Any, Any]

TELEGRAM_API = "https://api.telegram.org"
ALLOWED_UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY]
"""The only updates the bot handles; Telegram does not send the others."""


def api_urls(base_url: str = "") -> tuple[str, str]:
    """The Bot API and file URLs of a server (``""``: Telegram's own), to which PTB appends the token.

    ``http://localhost:8081`` and ``http://localhost:8081/bot`` both name a self-hosted server."""
    root = (base_url.strip() or TELEGRAM_API).rstrip("/").removesuffix("/bot")
    return f"{root}/bot", f"{root}/file/bot"


CONNECTIONS = 256
"""Connections to the Bot API at once (besides getUpdates' own). The flood budget lets out 30 sends and
edits a second; the rest are answers to callback queries, one per press, which take a connection each for
a round trip: hundreds at once only when the Bot API is slow, and then more connections would not make it
quicker. A request finds a connection or waits for one (``POOL_WAIT``)."""
POOL_WAIT = None
"""How long a request waits for a free connection: until one is free. python-telegram-bot's default
(1 s) fails a request that finds all ``CONNECTIONS`` busy for a second (``TimedOut``: "Pool timeout"),
which dropped a board edit promised to its player ("the board will follow") once the pool was busy. A
connection is held at most for the read and write timeouts (5 s each), so every wait ends."""


def telegram_builder(token: str, *, base_url: str = "", max_wait: float = MAX_WAIT) -> AnyBuilder:
    """A builder with the production settings. ``ChatFloodLimiter`` keeps the bot within Telegram's flood
    limits and waits out a 429 (``RetryAfter``) in the chat it came from only, for up to ``max_wait``
    seconds, before retrying; it also sends again an edit that failed on the way. The connection pool is
    ``CONNECTIONS`` wide, and a request waits for a free connection rather than failing (``POOL_WAIT``)."""
    api, files = api_urls(base_url)
    return (
        ApplicationBuilder()
        .token(token)
        .base_url(api)
        .base_file_url(files)
        .connection_pool_size(CONNECTIONS)
        .pool_timeout(POOL_WAIT)
        .rate_limiter(ChatFloodLimiter(max_wait=max_wait))
    )


def build_application(
    clubhouse: Clubhouse,
    builder: AnyBuilder,
    daily: DailyDesk | None = None,
    *,
    compete: Any = None,
    boards: PhotoBoards | None = None,
    web: WebTable | None = None,
) -> AnyApplication:
    """The Golf bot on ``builder``: handlers, per-player-and-chat ordered concurrency (``ChatLanes``),
    command menu at start-up. ``boards``: photo boards in each reader's look (``photos.py``); without
    them every board is text. ``web``: the web table (``web.py``): the menu button opens it, boards
    carry its row."""
    commands = GolfCommands(clubhouse, daily, boards)
    buttons = GolfButtons(clubhouse, boards)
    commands.web = buttons.web = web
    if compete is not None:  # adapters/telegram/compete.py: its commands and buttons
        commands.extra, commands.compete = compete.specs(), compete
    specs = commands.specs

    async def publish_commands(app: AnyApplication) -> None:
        await publish_command_menus(app, specs)
        if web is not None:
            await web.set_menu_button(app.bot)

    app = builder.concurrent_updates(ChatLanes()).post_init(publish_commands).build()
    app.add_handler(TypeHandler(Update, note_where), group=-2)  # first: whom the update's log lines name

    async def choose_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await languages.choose(clubhouse.places, update)  # the language of the update's answers

    app.add_handler(TypeHandler(Update, choose_language), group=-3)  # (one handler a group runs)
    if compete is not None:
        # Every update the bot is sent from a group (a command, a button) first notes who sent it, so that
        # /challenge @name finds any member who has used the bot there, not only the competition's commands.
        async def note(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            compete.note(update)

        app.add_handler(TypeHandler(Update, note), group=-1)
    for spec in specs:
        # New messages only: editing an old "/play" must not start another round.
        callback = metrics.counted_command(PLATFORM, spec.callback)
        app.add_handler(CommandHandler(spec.name, callback, filters=filters.UpdateType.MESSAGE))
    # Not in the menu: Telegram's START button (and a deep link) send it.
    app.add_handler(CommandHandler("start", commands.start, filters=filters.UpdateType.MESSAGE))
    # Last: a private message none of the above took (an unknown command, plain text): where to start.
    private = filters.UpdateType.MESSAGE & filters.ChatType.PRIVATE & (filters.COMMAND | filters.TEXT)
    app.add_handler(MessageHandler(private, commands.unknown))

    async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The welcome's Play button, or a key of a board (PTB's ``pattern`` would let empty data in)."""
        query = update.callback_query
        if query is None or not await on_its_message(query, edits_nothing=query.data == PLAY_NOW):
            return  # (forged data: answered privately, nothing changed)
        if query.data == PLAY_NOW:
            await commands.play_button(update, context)
        else:
            await buttons.press(update, context)  # every press of every mode: the one door

    app.add_handler(CallbackQueryHandler(press))
    if compete is not None:
        compete.bot, compete.boards = app.bot, boards
        buttons.posts = compete.posts  # a group's posts a press causes wait for its answer
    app.add_error_handler(log_error)
    return app


DESCRIPTION_LIMIT = 256
"""Telegram's longest description of a command in the menu (a longer translation is cut)."""


def menu_language_code(language: str) -> str:
    """Telegram's ``language_code`` of a shipped language: ISO 639-1, two letters (``pt_BR`` -> ``pt``)."""
    return language.split("_")[0]


def command_menu(specs: tuple[CommandSpec, ...], language: str) -> list[BotCommand]:
    """The command menu with each description worded in ``language``."""
    with speaking(language):
        return [BotCommand(spec.name, _(spec.description)[:DESCRIPTION_LIMIT]) for spec in specs]


async def publish_command_menus(app: AnyApplication, specs: tuple[CommandSpec, ...]) -> None:
    """The command menu (setMyCommands): in English for everyone, then in each other shipped language for
    the users whose Telegram speaks it (``language_code``)."""
    await app.bot.set_my_commands(command_menu(specs, SOURCE))
    for language in LANGUAGES:
        if language != SOURCE:
            menu = command_menu(specs, language)
            await app.bot.set_my_commands(menu, language_code=menu_language_code(language))


async def note_where(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The platform, chat and user of the update, for every line logged while it is handled (its task)."""
    chat, user = update.effective_chat, update.effective_user
    log_context.note(PLATFORM, place_of(chat).key if chat else "", player_of(user).key if user else "")


async def log_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A bug: logged with its traceback. A database that cannot be used just now (an outage, not a bug):
    one line, and a command is told that nothing changed (a press was answered so already). A chat that
    refuses the bot's answer (blocked by the user, the bot removed from the group or muted there), or a
    Bot API that cannot be reached as the answer goes out (the network dropped): one line, nothing else to
    do."""
    error = context.error
    if isinstance(error, Stopping):  # a reply dropped on the way out (counted by the limiter)
        return
    if _refused_by_the_chat(error):
        log.warning("Telegram: an answer was not delivered: %s", error)
        return
    if isinstance(error, NetworkError) and not isinstance(error, BadRequest):
        # the Bot API could not be reached (the network dropped as an answer was sent): an outage, not a
        # bug; what the update did is committed, and /resume shows it again
        log.warning("Telegram: an answer could not be sent (%s: %s)", type(error).__name__, error)
        return
    if not isinstance(error, StoreUnavailable):
        log.error("error while handling a Telegram update", exc_info=error)
        return
    log.warning("the database cannot be used: %s", error)
    metrics.database_error(PLATFORM)
    if isinstance(update, Update) and update.callback_query is None and update.effective_message:
        with suppress(TelegramError):
            await update.effective_message.reply_html(say(_(STORE_UNAVAILABLE)))


def _refused_by_the_chat(error: object) -> bool:
    """403 Forbidden (blocked, kicked), or a 400 saying the chat is gone or the bot may not write there."""
    if isinstance(error, Forbidden):
        return True
    if not isinstance(error, BadRequest):
        return False
    text = error.message.lower()
    return "chat not found" in text or "not enough rights" in text or "have no rights" in text
