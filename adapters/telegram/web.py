"""The web table on Telegram (docs/web-table.md): the Mini App the bot process serves.

With ``GOLFBOT_WEB_URL`` and ``GOLFBOT_WEB_PORT`` set (``WebTable.of(settings)``):

* the bot's menu button opens the Mini App in private chats (``setChatMenuButton``, at start);
* a board in a private chat (``/play``'s, and every edit of it) carries a row "▶ Open the table", a
  ``web_app`` button that opens the page there (Telegram allows ``web_app`` buttons in private chats only);
* in a group a board or a Six-card table carries the same row as a link instead, the Mini App's direct link
  ``https://t.me/<bot>/<app>?startapp=<session>``, which opens the page at that session.

A move made on the page moves the session in the core, which publishes ``bot.events.BoardMoved``; the
message the bot keeps of the session is then redrawn (``table.TableMessages``): a table's is the core's
(``TableService.message_of``); a player's board is the last message this process sent or edited for the
session, remembered here (``KeptBoards``).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Protocol

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, MenuButtonWebApp, Message, WebAppInfo
from telegram.error import TelegramError

from adapters.telegram.identity import is_group
from adapters.telegram.photos import Drawn
from bot.i18n import N_, SOURCE, _, speaking
from bot.screens import Screen, ScreenKind

log = logging.getLogger(__name__)

# Translators: a button under a board: opens the web table (Telegram's Mini App) where cards are tapped
OPEN_TABLE = N_("▶ Open the table")
# Translators: the bot's menu button in a private chat (a few words at most): it opens the web table
MENU_BUTTON = N_("Golf table")

KEPT = 10_000
"""Sessions whose last board message is remembered (the oldest forgotten first)."""

SHOWN_WITH_A_ROW = (ScreenKind.BOARD, ScreenKind.SUMMARY)
"""The screens under which the row goes: a session in play (a live board, a hole just finished)."""


class WebSettings(Protocol):
    """What the web table needs of the settings (``adapters.cli.config.Settings`` has it)."""

    @property
    def web_url(self) -> str: ...
    @property
    def web_app(self) -> str: ...
    @property
    def web_on(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class KeptBoard:
    """The message that shows a session: where it is, whether it is a photo, whose board it is (the
    player's key, "" for a table) and the name that heads it in a group."""

    chat_id: int
    message_id: int
    photo: bool
    owner: str
    player_name: str = ""


class KeptBoards:
    """Session id -> the last message sent or edited for it (in any chat), the newest ``size``."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._boards: OrderedDict[str, KeptBoard] = OrderedDict()

    def note(self, screen: Screen, message: Message, *, player_name: str = "") -> None:
        if not screen.session:
            return
        board = KeptBoard(message.chat.id, message.message_id, bool(message.photo), screen.owner, player_name)
        self.keep(screen.session, board)

    def keep(self, session: str, board: KeptBoard) -> None:
        self._boards.pop(session, None)
        self._boards[session] = board
        while len(self._boards) > self._size:
            self._boards.popitem(last=False)

    def get(self, session: str) -> KeptBoard | None:
        return self._boards.get(session)

    def __len__(self) -> int:
        return len(self._boards)


class WebTable:
    """Where the page is (``url``, the public address) and the Mini App's short name (``app``, BotFather's
    ``/newapp``), and the boards kept for ``BoardMoved``."""

    def __init__(self, url: str, app: str = "table") -> None:
        self.url = url.rstrip("/")
        self.app = app
        self.kept = KeptBoards()

    @classmethod
    def of(cls, settings: WebSettings) -> WebTable | None:
        """The web table of the settings (None: it is not served, or not where Telegram can open it: a Mini
        App must be on a public https address; one WARNING line says so, and the page is still served)."""
        if not settings.web_on:
            return None
        if not settings.web_url.startswith("https://"):
            log.warning(
                "GOLFBOT_WEB_URL is %s: Telegram opens a Mini App only at an https address, so the Telegram "
                "bot offers no table (no menu button, no Open the table)",
                settings.web_url,
            )
            return None
        return cls(settings.web_url, settings.web_app)

    @property
    def page(self) -> str:
        """The page's address, as a ``web_app`` button and the menu button open it."""
        return self.url + "/"

    def at(self, session: str) -> str:
        """The page opened at ``session`` (the page reads ``?session=``; Telegram adds its launch data after
        ``#``); the page alone, for no session."""
        return f"{self.page}?session={session}" if session else self.page

    def link(self, bot_username: str, session: str) -> str:
        """The Mini App's direct link at ``session`` (Telegram hands ``startapp`` to the page)."""
        return f"https://t.me/{bot_username}/{self.app}?startapp={session}"

    def row(self, screen: Screen, *, in_group: bool, bot_username: str) -> list[InlineKeyboardButton]:
        """The "▶ Open the table" row under ``screen`` ([] when it has none): in a private chat a
        ``web_app`` button under the player's own board; in a group the direct link at the session."""
        if not screen.session or screen.kind not in SHOWN_WITH_A_ROW:
            return []
        label = _(OPEN_TABLE)
        if not in_group:
            if not screen.owner:
                return []
            return [InlineKeyboardButton(label, web_app=WebAppInfo(self.at(screen.session)))]
        if not bot_username:
            return []
        return [InlineKeyboardButton(label, url=self.link(bot_username, screen.session))]

    def under(self, drawn: Drawn, screen: Screen, *, in_group: bool, bot_username: str) -> Drawn:
        """``drawn`` with the row under its keyboard (as it was when there is none)."""
        row = self.row(screen, in_group=in_group, bot_username=bot_username)
        if not row:
            return drawn
        return replace(drawn, text=replace(drawn.text, keyboard=with_row(drawn.keyboard, row)))

    async def set_menu_button(self, bot: Bot) -> None:
        """The bot's menu button in every private chat opens the page (in English: Telegram has one menu
        button for everyone, whatever their language)."""
        with speaking(SOURCE):
            text = _(MENU_BUTTON)
        try:
            await bot.set_chat_menu_button(menu_button=MenuButtonWebApp(text, WebAppInfo(self.page)))
        except TelegramError as refusal:  # a menu button is a convenience: the bot plays on without it
            log.warning(
                "Telegram did not set the menu button for the web table at %s: %s (GOLFBOT_WEB_URL must be a "
                "public https address)",
                self.page,
                refusal.message,
            )


def with_row(
    keyboard: InlineKeyboardMarkup | None, row: list[InlineKeyboardButton]
) -> InlineKeyboardMarkup | None:
    """``keyboard`` with ``row`` as its last row."""
    if not row:
        return keyboard
    rows = [list(r) for r in keyboard.inline_keyboard] if keyboard is not None else []
    return InlineKeyboardMarkup([*rows, row])


def row_for(web: WebTable | None, screen: Screen, message: Message) -> list[InlineKeyboardButton]:
    """The row under ``screen`` as a reply to (or an edit of) ``message``'s chat."""
    if web is None:
        return []
    return web.row(screen, in_group=is_group(message.chat), bot_username=message.get_bot().username)
