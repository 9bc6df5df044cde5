"""A loopback fake of the Telegram Bot API, for end-to-end tests of python-telegram-bot apps.

The fake is a real HTTP server (aiohttp, 127.0.0.1, random port) that speaks the Bot API wire
format: ``POST {base_url}{token}/{method}`` with form-encoded (or JSON, or multipart) parameters,
answered with ``{"ok": true, "result": ...}`` or ``{"ok": false, "error_code": ..., "description":
..., "parameters": {...}}``.  A real ``telegram.ext.Application`` is pointed at it with
``ApplicationBuilder().base_url(fake.base_url)`` and runs unmodified: long polling, webhooks, the
rate limiter, error mapping (``BadRequest``, ``RetryAfter``, ``Forbidden``...) are all exercised.

The test plays the part of Telegram's users: ``push_command`` / ``push_text`` / ``push_callback``
/ ``press`` queue updates (handed out by ``getUpdates``, or POSTed to the webhook if one is set),
and the bot's side effects are recorded in ``sent``, ``edits``, ``answers``, ``calls`` and can be
inspected as current chat state with ``chat_messages(chat_id)``.  ``await wait_for(predicate)``
waits for the asynchronous bot to catch up.

This module depends on aiohttp only - never on PTB - so it fakes Telegram, not the library.
See docs/telegram-testing.md for the guide.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import itertools
import json
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any, TypeVar

from aiohttp import ClientError, ClientSession, ClientTimeout, TCPConnector, web

__all__ = [
    "Answer",
    "ApiCall",
    "ApiError",
    "Button",
    "Edit",
    "FakeBotApi",
    "FakeChat",
    "FakeUser",
    "MessageView",
    "WebhookDelivery",
]

JSONDict = dict[str, Any]
T = TypeVar("T")
PATIENCE = 30.0
"""Seconds ``wait_for`` and ``settle`` wait at most: a ceiling for a busy machine, not a bound any test
asserts (the fake answers in milliseconds when the machine is free)."""

# Error descriptions as the real server words them (clients match on these substrings).
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
QUERY_ID_INVALID = "Bad Request: query is too old and response timeout expired or query ID is invalid"
CHAT_NOT_FOUND = "Bad Request: chat not found"
MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found"
MESSAGE_CANT_BE_EDITED = "Bad Request: message can't be edited"
MESSAGE_TO_DELETE_NOT_FOUND = "Bad Request: message to delete not found"
REPLY_NOT_FOUND = "Bad Request: message to be replied not found"
TEXT_EMPTY = "Bad Request: message text is empty"
TEXT_TOO_LONG = "Bad Request: message is too long"
BUTTON_DATA_INVALID = "Bad Request: BUTTON_DATA_INVALID"
BOT_COMMAND_INVALID = "Bad Request: BOT_COMMAND_INVALID"
BOT_BLOCKED = "Forbidden: bot was blocked by the user"
BUTTON_TYPE_INVALID = "Bad Request: BUTTON_TYPE_INVALID"
"""A ``web_app`` button outside a private chat (Telegram allows them in private chats only)."""
WEB_APP_URL_INVALID = "Bad Request: WEB_APP_URL_INVALID"
"""A Mini App URL that is not https."""
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete "
    "the webhook first"
)
POLL_CONFLICT = (
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
)

MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
"""Telegram's limits on a photo: 10 MB, width + height at most 10,000 pixels, a ratio of at most 20."""
MAX_PHOTO_SIDES = 10_000
MAX_PHOTO_RATIO = 20
CAPTION_TOO_LONG = "Bad Request: message caption is too long"
PHOTO_TOO_LARGE = "Request Entity Too Large"
PHOTO_INVALID_DIMENSIONS = "Bad Request: PHOTO_INVALID_DIMENSIONS"
WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
NO_MEDIA_TO_EDIT = "Bad Request: there is no media in the message to edit"
NO_TEXT_TO_EDIT = "Bad Request: there is no text in the message to edit"
NO_CAPTION_TO_EDIT = "Bad Request: there is no caption in the message to edit"
MAX_CALLBACK_DATA_BYTES = 64

# Parameters whose form value is a plain string even when it looks like JSON ("123", "true").
# Every other form value is JSON-decoded when possible (PTB JSON-encodes non-str values).
_STRING_PARAMS = frozenset(
    {
        "text",
        "caption",
        "callback_query_id",
        "inline_message_id",
        "url",
        "parse_mode",
        "secret_token",
        "ip_address",
        "language_code",
        "action",
        "business_connection_id",
        "message_effect_id",
        "title",
        "description",
        "short_description",
        "name",
        "emoji",
    }
)


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


# --------------------------------------------------------------------------------------------
# Test-side value objects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FakeUser:
    """A Telegram user, as the test impersonates it."""

    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = "en"
    is_bot: bool = False

    def to_json(self) -> JSONDict:
        data: JSONDict = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        for key in ("last_name", "username", "language_code"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


ANONYMOUS_ADMIN = FakeUser(1087968824, "Group", username="GroupAnonymousBot", language_code=None, is_bot=True)
"""The user Telegram names as the sender of an anonymous group admin's messages."""


@dataclass(frozen=True)
class FakeChat:
    """A chat: ``private`` (id == the user's id), ``group``, ``supergroup`` or ``channel``."""

    id: int
    type: str
    title: str | None = None
    username: str | None = None
    first_name: str | None = None

    @classmethod
    def private(cls, user: FakeUser) -> FakeChat:
        return cls(id=user.id, type="private", username=user.username, first_name=user.first_name)

    @classmethod
    def group(
        cls, id: int = -1001234567890, title: str = "Golf club", *, supergroup: bool = True
    ) -> FakeChat:
        if id >= 0:
            raise ValueError("group chat ids are negative")
        return cls(id=id, type="supergroup" if supergroup else "group", title=title)

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    def to_json(self) -> JSONDict:
        data: JSONDict = {"id": self.id, "type": self.type}
        for key in ("title", "username", "first_name"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


@dataclass(frozen=True)
class Button:
    """One inline keyboard button."""

    text: str
    callback_data: str | None = None
    url: str | None = None
    web_app: str | None = None
    """The URL of the Mini App a ``web_app`` button opens."""


@dataclass(frozen=True)
class MessageView:
    """An immutable snapshot of one message in a chat, as a user would see it.

    ``text`` is the rendered text (HTML tags / MarkdownV2 markup removed); ``source_text`` and
    ``parse_mode`` are what the bot sent.  ``keyboard`` holds the inline keyboard rows.
    """

    chat_id: int
    message_id: int
    from_bot: bool
    from_user_id: int
    text: str
    source_text: str
    parse_mode: str | None
    keyboard: tuple[tuple[Button, ...], ...]
    reply_markup: JSONDict | None
    date: int
    edit_date: int | None
    edit_count: int
    deleted: bool
    reply_to_message_id: int | None
    photo: JSONDict | None = None
    """A photo message's largest size (``file_id``, ``width``, ``height``, ``file_size``); its caption is
    ``text``. None for a text message."""

    @property
    def buttons(self) -> list[Button]:
        return [button for row in self.keyboard for button in row]

    @property
    def callback_data(self) -> list[str]:
        return [b.callback_data for b in self.buttons if b.callback_data is not None]

    def button(self, text: str) -> Button:
        """The button whose label is exactly ``text`` (else the only one containing it)."""
        exact = [b for b in self.buttons if b.text == text]
        if exact:
            return exact[0]
        partial = [b for b in self.buttons if text in b.text]
        if len(partial) == 1:
            return partial[0]
        labels = [b.text for b in self.buttons]
        raise KeyError(f"no single button {text!r} on message {self.message_id}; buttons: {labels}")


@dataclass(frozen=True)
class ApiCall:
    """One request the bot made, with the decoded parameters and what the fake answered."""

    method: str
    params: JSONDict
    status: int
    response: JSONDict
    at: float

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def description(self) -> str | None:
        return self.response.get("description")


@dataclass(frozen=True)
class Edit:
    """An edit that was applied (failed edits are only in ``calls``)."""

    method: str
    params: JSONDict
    message: MessageView  # the message state right after this edit


@dataclass(frozen=True)
class Answer:
    """A successful answerCallbackQuery, joined with the query it answers."""

    callback_query_id: str
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int | None
    user_id: int
    chat_id: int | None
    message_id: int | None
    data: str | None


@dataclass(frozen=True)
class WebhookDelivery:
    update_id: int
    url: str
    status: int | None
    error: str | None


class ApiError(Exception):
    """Raised by a method implementation; becomes an ``{"ok": false, ...}`` reply."""

    def __init__(self, status: int, description: str, parameters: JSONDict | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters

    def to_json(self) -> JSONDict:
        body: JSONDict = {"ok": False, "error_code": self.status, "description": self.description}
        if self.parameters:
            body["parameters"] = self.parameters
        return body


# --------------------------------------------------------------------------------------------
# Formatting: HTML / MarkdownV2 rendering + validation (approximation of the real parser)
# --------------------------------------------------------------------------------------------

_HTML_TAGS = frozenset(
    {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "code"}
    | {"pre", "blockquote", "tg-emoji"}
)


class _HtmlRenderer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.stack: list[str] = []
        self.error: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _HTML_TAGS and self.error is None:
            self.error = f'Unsupported start tag "{tag}"'
        self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.error is None:
            self.error = f'Unsupported start tag "{tag}"'

    def handle_endtag(self, tag: str) -> None:
        if self.error is not None:
            return
        if not self.stack or self.stack[-1] != tag:
            self.error = f'Unmatched end tag "{tag}"'
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.out.append(data)


def _render_html(source: str) -> str:
    parser = _HtmlRenderer()
    parser.feed(source)
    parser.close()
    if parser.error is None and parser.stack:
        parser.error = f'Can\'t find end tag corresponding to start tag "{parser.stack[-1]}"'
    if parser.error is not None:
        raise ApiError(400, f"Bad Request: can't parse entities: {parser.error}")
    return html.unescape("".join(parser.out))


_MDV2_RESERVED = frozenset("_*[]()~`>#+-=|{}.!")
_MDV2_NAMES = {"*": "Bold", "_": "Italic", "__": "Underline", "~": "Strikethrough", "||": "Spoiler"}


def _mdv2_error(message: str) -> ApiError:
    return ApiError(400, f"Bad Request: can't parse entities: {message}")


def _render_markdown_v2(source: str) -> str:
    """Strip MarkdownV2 markup, rejecting unescaped reserved characters like the real server."""
    out: list[str] = []
    open_marks: list[tuple[str, int]] = []
    i, n = 0, len(source)

    def offset(pos: int) -> int:
        return len(source[:pos].encode())

    def read_code(start: int, fence: str) -> tuple[str, int]:
        j, buf = start, []
        while j < n:
            if source[j] == "\\" and j + 1 < n:
                buf.append(source[j + 1])
                j += 2
                continue
            if source.startswith(fence, j):
                return "".join(buf), j + len(fence)
            buf.append(source[j])
            j += 1
        kind = "Pre" if fence == "```" else "Code"
        raise _mdv2_error(f"Can't find end of {kind} entity at byte offset {offset(start - len(fence))}")

    while i < n:
        c = source[i]
        if c == "\\":
            if i + 1 >= n:
                raise _mdv2_error(f"Character '\\' must be escaped at byte offset {offset(i)}")
            out.append(source[i + 1])
            i += 2
        elif source.startswith("```", i):
            body, i = read_code(i + 3, "```")
            first, sep, rest = body.partition("\n")
            if sep and re.fullmatch(r"[\w+#-]*", first):
                body = rest  # drop the language line
            out.append(body)
        elif c == "`":
            body, i = read_code(i + 1, "`")
            out.append(body)
        elif c in "*_~|":
            mark = source[i : i + 2] if source.startswith(("__", "||"), i) else c
            if mark == "|":
                raise _mdv2_error("Character '|' is reserved and must be escaped with the preceding '\\'")
            if open_marks and open_marks[-1][0] == mark:
                open_marks.pop()
            else:
                open_marks.append((mark, offset(i)))
            i += len(mark)
        elif c == "[":
            open_marks.append(("[", offset(i)))
            i += 1
        elif c == "]" and open_marks and open_marks[-1][0] == "[":
            open_marks.pop()
            if i + 1 < n and source[i + 1] == "(":
                close = source.find(")", i + 2)
                if close < 0:
                    raise _mdv2_error(f"Can't find end of a URL at byte offset {offset(i + 1)}")
                i = close + 1
            else:
                i += 1
        elif c == ">" and (i == 0 or source[i - 1] == "\n"):
            i += 1  # blockquote line
        elif c in _MDV2_RESERVED:
            raise _mdv2_error(f"Character '{c}' is reserved and must be escaped with the preceding '\\'")
        else:
            out.append(c)
            i += 1
    if open_marks:
        mark, at = open_marks[-1]
        name = _MDV2_NAMES.get(mark, "TextUrl")
        raise _mdv2_error(f"Can't find end of {name} entity at byte offset {at}")
    return "".join(out)


def _render_markdown_legacy(source: str) -> str:
    text = re.sub(r"```(?:[\w+#-]*\n)?(.*?)```", r"\1", source, flags=re.S)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[*_`]", "", text)


def render_text(source: str, parse_mode: str | None) -> str:
    """The text a user sees for ``source`` sent with ``parse_mode`` (raises ApiError 400)."""
    mode = (parse_mode or "").lower()
    if mode == "html":
        return _render_html(source)
    if mode == "markdownv2":
        return _render_markdown_v2(source)
    if mode == "markdown":
        return _render_markdown_legacy(source)
    if mode:
        raise ApiError(400, f"Bad Request: unsupported parse_mode {parse_mode!r}")
    return source


# --------------------------------------------------------------------------------------------
# Server state
# --------------------------------------------------------------------------------------------


@dataclass
class _Message:
    chat: FakeChat
    message_id: int
    sender: JSONDict
    from_bot: bool
    text: str
    source_text: str
    parse_mode: str | None
    entities: list[JSONDict] | None
    reply_markup: JSONDict | None  # inline keyboards only
    date: int
    reply_to: _Message | None = None
    edit_date: int | None = None
    edit_count: int = 0
    deleted: bool = False
    photo: list[JSONDict] | None = None
    """The sizes of a photo message (its caption is ``text``)."""
    sender_chat: FakeChat | None = None
    """The chat a message was sent on behalf of (an anonymous group admin writes as the group)."""

    def content_key(self) -> tuple[Any, ...]:
        return (
            self.photo[-1]["file_unique_id"] if self.photo else None,
            self.source_text,
            (self.parse_mode or "").lower(),
            json.dumps(self.entities, sort_keys=True),
            json.dumps(self.reply_markup, sort_keys=True),
        )

    def to_json(self, *, with_reply: bool = True) -> JSONDict:
        data: JSONDict = {
            "message_id": self.message_id,
            "from": self.sender,
            "chat": self.chat.to_json(),
            "date": self.date,
        }
        if self.sender_chat is not None:
            data["sender_chat"] = self.sender_chat.to_json()
        if self.photo:
            data["photo"] = self.photo
            if self.text:
                data["caption"] = self.text
        else:
            data["text"] = self.text
        if self.entities:
            data["caption_entities" if self.photo else "entities"] = self.entities
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.reply_markup is not None:
            data["reply_markup"] = self.reply_markup
        if with_reply and self.reply_to is not None:
            data["reply_to_message"] = self.reply_to.to_json(with_reply=False)
        return data

    def view(self) -> MessageView:
        keyboard = tuple(
            tuple(
                Button(
                    text=b.get("text", ""),
                    callback_data=b.get("callback_data"),
                    url=b.get("url"),
                    web_app=(b.get("web_app") or {}).get("url"),
                )
                for b in row
            )
            for row in (self.reply_markup or {}).get("inline_keyboard", [])
        )
        return MessageView(
            chat_id=self.chat.id,
            message_id=self.message_id,
            from_bot=self.from_bot,
            from_user_id=self.sender["id"],
            text=self.text,
            source_text=self.source_text,
            parse_mode=self.parse_mode,
            keyboard=keyboard,
            reply_markup=self.reply_markup,
            date=self.date,
            edit_date=self.edit_date,
            edit_count=self.edit_count,
            deleted=self.deleted,
            reply_to_message_id=self.reply_to.message_id if self.reply_to else None,
            photo=self.photo[-1] if self.photo else None,
        )


@dataclass
class _Failure:
    status: int
    description: str
    parameters: JSONDict | None
    remaining: int


@dataclass
class _Flood:
    """Telegram's flood control for one chat: at most ``requests`` in any ``period`` seconds."""

    requests: int
    period: float
    times: deque[float] = field(default_factory=deque)


_CHAT_METHODS = frozenset(
    {"sendmessage", "editmessagetext", "editmessagereplymarkup", "deletemessage", "sendchataction"}
    | {"sendphoto", "editmessagemedia", "editmessagecaption"}
)
"""Methods that spend a chat's flood budget (``limit_chat``)."""


@dataclass
class _Query:
    id: str
    user: FakeUser
    message: _Message
    data: str | None
    answered: bool = False
    answer: Answer | None = None


@dataclass
class _Webhook:
    url: str
    secret_token: str | None
    params: JSONDict = field(default_factory=dict)


def _check_web_app(web_app: Any) -> None:
    """A Mini App's ``WebAppInfo``: an https URL, as Telegram requires."""
    if not isinstance(web_app, dict) or not str(web_app.get("url", "")).startswith("https://"):
        raise ApiError(400, WEB_APP_URL_INVALID)


def _check_buttons(chat: FakeChat, markup: JSONDict | None) -> None:
    """``web_app`` buttons: in a private chat only, each with an https URL."""
    for row in (markup or {}).get("inline_keyboard", []):
        for button in row:
            if "web_app" in button:
                if not chat.is_private:
                    raise ApiError(400, BUTTON_TYPE_INVALID)
                _check_web_app(button["web_app"])


def _png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG (0, 0 for anything else)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return 0, 0
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _as_int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError(400, f"Bad Request: invalid {name} specified") from None


class FakeBotApi:
    """The fake server.  ``await start()`` / ``await close()``, or ``async with FakeBotApi():``."""

    def __init__(
        self,
        *,
        token: str = "123456789:FAKE-token-for-tests",
        bot_first_name: str = "Golf Test Bot",
        bot_username: str = "golfbot_test_bot",
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_user: JSONDict = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None
        self._session: ClientSession | None = None
        self._closing = False
        self._changed = asyncio.Event()
        self._last_activity = time.monotonic()

        # updates not yet confirmed (by a getUpdates offset, or a 2xx webhook reply)
        self._updates: list[JSONDict] = []
        self._update_ids = itertools.count(700000001)
        self._query_ids = itertools.count(4000000000000001)
        self._poll_generation = 0
        self._waiting_polls = 0
        self._webhook: _Webhook | None = None
        self._webhook_task: asyncio.Task[None] | None = None

        self._chats: dict[int, FakeChat] = {}
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._messages: dict[tuple[int, int], _Message] = {}
        self._queries: dict[str, _Query] = {}
        self._chat_changed: dict[int, asyncio.Event] = {}  # for wait_in_chat: a chat's own wake-up
        self._last_from_bot: dict[int, _Message] = {}  # each chat's latest message from the bot
        self._blocked: set[int] = set()
        self._failures: dict[str, list[_Failure]] = {}
        self._floods: dict[int, _Flood] = {}
        self._delays: dict[str, float] = {}
        self._commands: dict[tuple[str, str], list[JSONDict]] = {}
        self.menu_buttons: dict[int | None, JSONDict] = {}
        """The menu button set with setChatMenuButton: per private chat, or the default one (None)."""

        self._calls: list[ApiCall] = []
        self.sent: list[MessageView] = []
        self.edits: list[Edit] = []
        self.answers: list[Answer] = []
        self.deleted: list[MessageView] = []
        self.webhook_deliveries: list[WebhookDelivery] = []
        self.unimplemented: list[str] = []
        self.uploads: list[JSONDict] = []
        """Every photo uploaded (``file_name``, ``size``, ``width``, ``height``), refused ones too."""
        self._files: dict[str, list[JSONDict]] = {}
        """file_id -> the photo sizes of an uploaded photo (a photo may be sent again by its file_id)."""
        self._file_ids = itertools.count(1)

        self._methods: dict[str, Callable[[JSONDict], Any]] = {
            "getme": self._get_me,
            "logout": lambda _p: True,
            "close": lambda _p: True,
            "getupdates": self._get_updates,
            "setwebhook": self._set_webhook,
            "deletewebhook": self._delete_webhook,
            "getwebhookinfo": self._get_webhook_info,
            "setmycommands": self._set_my_commands,
            "getmycommands": self._get_my_commands,
            "deletemycommands": self._delete_my_commands,
            "setchatmenubutton": self._set_chat_menu_button,
            "getchatmenubutton": self._get_chat_menu_button,
            "sendmessage": self._send_message,
            "editmessagetext": self._edit_message_text,
            "editmessagereplymarkup": self._edit_message_reply_markup,
            "sendphoto": self._send_photo,
            "editmessagemedia": self._edit_message_media,
            "editmessagecaption": self._edit_message_caption,
            "deletemessage": self._delete_message,
            "answercallbackquery": self._answer_callback_query,
            "sendchataction": self._send_chat_action,
            "getchatmember": self._get_chat_member,
            "getchatadministrators": self._get_chat_administrators,
        }
        self._owners: dict[int, set[int]] = {}
        self._left: dict[int, set[int]] = {}
        self._hidden_members: set[int] = set()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> FakeBotApi:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        # handler_cancellation: a long poll whose client went away (PTB cancels it on stop) is
        # cancelled instead of lingering until its timeout.
        self._runner = web.AppRunner(app, access_log=None, handler_cancellation=True, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        # force_close: a fresh connection per webhook delivery, so no idle keep-alive connection
        # outlives the bot's webhook server (a precaution; tornado closes them on stop anyway).
        self._session = ClientSession(connector=TCPConnector(force_close=True))
        return self

    async def close(self) -> None:
        self._closing = True
        self._notify()
        await self._stop_webhook_delivery()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def __aenter__(self) -> FakeBotApi:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """Pass to ``ApplicationBuilder().base_url(...)``; PTB appends the token."""
        return f"http://{self.host}:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://{self.host}:{self.port}/file/bot"

    # ---------------------------------------------------------------- test helpers: users

    def add_chat(self, chat: FakeChat) -> FakeChat:
        """Make a chat known, so the bot can send to it before anyone wrote there."""
        self._chats[chat.id] = chat
        return chat

    def block(self, user: FakeUser | int) -> None:
        """The user blocks the bot: sends to their private chat get 403."""
        self._blocked.add(user.id if isinstance(user, FakeUser) else user)

    def unblock(self, user: FakeUser | int) -> None:
        self._blocked.discard(user.id if isinstance(user, FakeUser) else user)

    def _resolve(self, user: FakeUser | int, chat: FakeChat | int | None) -> tuple[FakeUser, FakeChat]:
        if isinstance(user, int):
            user = FakeUser(id=user, first_name=f"User{user}", username=f"user{user}")
        if chat is None:
            chat = FakeChat.private(user)
        elif isinstance(chat, int):
            chat = self._chats.get(chat) or (
                FakeChat.private(user) if chat == user.id else FakeChat.group(chat, f"Group {chat}")
            )
        if chat.is_private and chat.id != user.id:
            raise ValueError(f"a private chat's id is its user's id ({chat.id} != {user.id})")
        self._chats[chat.id] = chat
        return user, chat

    def _next_message_id(self, chat_id: int) -> int:
        counter = self._message_ids.setdefault(chat_id, itertools.count(1))
        return next(counter)

    def _enqueue(self, payload: JSONDict) -> JSONDict:
        update = {"update_id": next(self._update_ids), **payload}
        self._updates.append(update)
        self._notify()
        return update

    def push_text(
        self, user: FakeUser | int, chat: FakeChat | int | None, text: str, *, anonymous: bool = False
    ) -> JSONDict:
        """The user writes ``text`` in ``chat`` (None = their private chat). Returns the Update.
        ``anonymous``: as an admin who stays anonymous in a group, as Telegram delivers it: sent by its
        stand-in bot (GroupAnonymousBot) on behalf of the group (``sender_chat``)."""
        user, chat = self._resolve(user, chat)
        if anonymous:
            user = ANONYMOUS_ADMIN
        entities = None
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0]
            entities = [{"type": "bot_command", "offset": 0, "length": _utf16_len(command)}]
        message = _Message(
            chat=chat,
            message_id=self._next_message_id(chat.id),
            sender=user.to_json(),
            from_bot=False,
            text=text,
            source_text=text,
            parse_mode=None,
            entities=entities,
            reply_markup=None,
            date=int(time.time()),
            sender_chat=chat if anonymous else None,
        )
        self._messages[(chat.id, message.message_id)] = message
        return self._enqueue({"message": message.to_json()})

    def push_command(
        self, user: FakeUser | int, chat: FakeChat | int | None, command_line: str, *, anonymous: bool = False
    ) -> JSONDict:
        """``push_command(alice, group, "/play wrap 3")`` - also "/play@botname ..." in groups."""
        if not command_line.startswith("/"):
            raise ValueError("a command starts with '/'")
        return self.push_text(user, chat, command_line, anonymous=anonymous)

    def push_callback(
        self, user: FakeUser | int, chat: FakeChat | int | None, message_id: int, data: str | None
    ) -> JSONDict:
        """``user`` presses a button with ``data`` on the bot's message ``message_id`` in ``chat``.

        The update carries the message's *current* text and keyboard.  ``data`` need not be on
        the keyboard (to test forged/stale data).  Returns the Update; its query id is
        ``update["callback_query"]["id"]``.
        """
        user, chat = self._resolve(user, chat)
        message = self._messages.get((chat.id, message_id))
        if message is None or message.deleted or not message.from_bot:
            raise KeyError(f"no bot message {message_id} in chat {chat.id}")
        query = _Query(id=str(next(self._query_ids)), user=user, message=message, data=data)
        self._queries[query.id] = query
        payload: JSONDict = {
            "id": query.id,
            "from": user.to_json(),
            "message": message.to_json(),
            "chat_instance": str(-(abs(chat.id) * 7919 + 104729)),
        }
        if data is not None:
            payload["data"] = data
        return self._enqueue({"callback_query": payload})

    def press(
        self,
        user: FakeUser | int,
        chat: FakeChat | int | None,
        message_id: int | None = None,
        *,
        text: str | None = None,
        data: str | None = None,
    ) -> JSONDict:
        """Press a button that is on the message now, found by label ``text`` or by ``data``.

        ``message_id=None`` means the bot's latest message in the chat.
        """
        user, chat = self._resolve(user, chat)
        if message_id is None:
            views = self.chat_messages(chat.id)
            if not views:
                raise KeyError(f"the bot has no message in chat {chat.id}")
            message_id = views[-1].message_id
        view = self.message(chat.id, message_id)
        if text is not None:
            button = view.button(text)
        elif data is not None:
            matches = [b for b in view.buttons if b.callback_data == data]
            if not matches:
                raise KeyError(f"no button with data {data!r}; has {view.callback_data}")
            button = matches[0]
        else:
            raise ValueError("give the button's text or data")
        if button.callback_data is None:
            raise ValueError(f"button {button.text!r} has no callback_data")
        return self.push_callback(user, chat, message_id, button.callback_data)

    # ---------------------------------------------------------------- test helpers: failures

    def fail_next(
        self,
        method: str,
        times: int = 1,
        *,
        status: int = 400,
        description: str = "Bad Request: injected failure",
        parameters: JSONDict | None = None,
    ) -> None:
        """The next ``times`` calls of ``method`` fail with this error (before doing anything)."""
        self._failures.setdefault(method.lower(), []).append(
            _Failure(status=status, description=description, parameters=parameters, remaining=times)
        )

    def delay(self, method: str, seconds: float) -> None:
        """Every call of ``method`` from now on is answered ``seconds`` late (0: at once again), holding
        its connection meanwhile, as a slow or busy server does: enough of them fill the bot's connection
        pool."""
        self._delays[method.lower()] = seconds

    def rate_limit_next(self, method: str, times: int = 1, *, retry_after: int = 1) -> None:
        """The next ``times`` calls of ``method`` get a flood-wait 429, like the real server."""
        self.fail_next(
            method,
            times,
            status=429,
            description=f"Too Many Requests: retry after {retry_after}",
            parameters={"retry_after": retry_after},
        )

    def limit_chat(self, chat: FakeChat | int, *, requests: int, period: float, spent: bool = False) -> None:
        """Flood control for one chat, as Telegram does it: at most ``requests`` sends and edits
        (``_CHAT_METHODS``) in any ``period`` seconds; past that each gets a 429 whose ``retry_after``
        (whole seconds, at least 1) is the time until the oldest leaves the window. ``spent=True``: the
        budget is used up right now (as by a busy group a moment ago). Other chats are not affected."""
        flood = _Flood(requests, period)
        if spent:
            flood.times.extend([time.monotonic()] * requests)
        self._floods[chat.id if isinstance(chat, FakeChat) else chat] = flood

    def _flood_wait(self, method: str, params: JSONDict) -> ApiError | None:
        if method.lower() not in _CHAT_METHODS:
            return None
        try:
            flood = self._floods.get(int(params.get("chat_id", 0)))
        except (TypeError, ValueError):
            return None
        if flood is None:
            return None
        now = time.monotonic()
        while flood.times and flood.times[0] <= now - flood.period:
            flood.times.popleft()
        if len(flood.times) < flood.requests:
            flood.times.append(now)
            return None
        wait = max(1, math.ceil(flood.times[0] + flood.period - now))
        return ApiError(429, f"Too Many Requests: retry after {wait}", {"retry_after": wait})

    def _take_failure(self, method: str) -> ApiError | None:
        queue = self._failures.get(method.lower())
        if not queue:
            return None
        failure = queue[0]
        failure.remaining -= 1
        if failure.remaining <= 0:
            queue.pop(0)
        return ApiError(failure.status, failure.description, failure.parameters)

    # ---------------------------------------------------------------- test helpers: inspection

    @property
    def calls(self) -> list[ApiCall]:
        """Every request except getUpdates, in arrival order (failed ones included)."""
        return [c for c in self._calls if c.method.lower() != "getupdates"]

    @property
    def all_calls(self) -> list[ApiCall]:
        return list(self._calls)

    def calls_to(self, method: str) -> list[ApiCall]:
        return [c for c in self._calls if c.method.lower() == method.lower()]

    def chat_messages(self, chat_id: int, *, include_users: bool = False) -> list[MessageView]:
        """Current state (after edits) of the bot's messages in the chat, oldest first.

        Deleted messages are left out; ``include_users=True`` adds the users' messages.
        """
        return [
            m.view()
            for (cid, _mid), m in sorted(self._messages.items(), key=lambda kv: kv[0][1])
            if cid == chat_id and not m.deleted and (m.from_bot or include_users)
        ]

    def message(self, chat_id: int, message_id: int) -> MessageView:
        message = self._messages.get((chat_id, message_id))
        if message is None:
            raise KeyError(f"no message {message_id} in chat {chat_id}")
        return message.view()

    def last_message(self, chat_id: int) -> MessageView:
        views = self.chat_messages(chat_id)
        if not views:
            raise KeyError(f"the bot has no message in chat {chat_id}")
        return views[-1]

    def answers_to(self, update_or_query_id: JSONDict | str) -> list[Answer]:
        query_id = (
            update_or_query_id["callback_query"]["id"]
            if isinstance(update_or_query_id, dict)
            else update_or_query_id
        )
        return [a for a in self.answers if a.callback_query_id == query_id]

    def answer_to(self, query_id: str) -> Answer | None:
        """The answer to the callback query ``query_id`` (None while unanswered), found at once."""
        query = self._queries.get(query_id)
        return query.answer if query is not None else None

    def last_bot_message(self, chat_id: int) -> MessageView | None:
        """The bot's latest message in the chat (deleted or not), found at once."""
        message = self._last_from_bot.get(chat_id)
        return message.view() if message is not None else None

    def commands(self, scope: JSONDict | None = None, language_code: str = "") -> list[tuple[str, str]]:
        """The command list last set with setMyCommands for this scope/language."""
        key = (json.dumps(scope or {"type": "default"}, sort_keys=True), language_code)
        return [(c["command"], c["description"]) for c in self._commands.get(key, [])]

    @property
    def pending_updates(self) -> list[JSONDict]:
        """Updates not yet confirmed by the bot (via getUpdates offset or webhook 2xx)."""
        return list(self._updates)

    @property
    def is_polling(self) -> bool:
        """True while a getUpdates long poll is waiting (the bot is idle and listening)."""
        return self._waiting_polls > 0

    @property
    def webhook_url(self) -> str | None:
        return self._webhook.url if self._webhook else None

    async def wait_for(
        self,
        predicate: Callable[[], T],
        timeout: float = PATIENCE,  # noqa: ASYNC109 - a deadline for the condition, not one await
        *,
        what: str = "",
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value; AssertionError on timeout.

        Re-evaluated whenever the fake's state changes, and at least every 50 ms.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                label = what or getattr(predicate, "__name__", repr(predicate))
                raise AssertionError(f"wait_for({label}) timed out after {timeout}s\n{self.describe()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.05))

    async def wait_in_chat(
        self,
        chat_id: int,
        predicate: Callable[[], T | None],
        timeout: float = PATIENCE,  # noqa: ASYNC109 - a deadline for the condition, not one await
    ) -> T:
        """Like ``wait_for``, but woken only by what the bot does in chat ``chat_id`` (a message sent,
        edited or deleted there, a callback query from there answered), so many users can wait at once,
        each in their own chat (``golfbot bench telegram``). TimeoutError after ``timeout`` seconds."""
        async with asyncio.timeout(timeout):
            while not (result := predicate()):
                changed = self._chat_changed.get(chat_id)
                if changed is None:
                    changed = self._chat_changed[chat_id] = asyncio.Event()
                await changed.wait()
        assert result is not None
        return result

    def _chat_touched(self, chat_id: int) -> None:
        changed = self._chat_changed.pop(chat_id, None)
        if changed is not None:
            changed.set()

    async def settle(self, quiet: float = 0.2, timeout: float = PATIENCE) -> None:  # noqa: ASYNC109
        """Wait until every update is confirmed and no request came for ``quiet`` seconds.

        A heuristic for "nothing else is going to happen" - prefer waiting for a positive
        signal (an answer, a reply to a later sentinel update) where you can.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            idle = time.monotonic() - self._last_activity
            if not self._updates and idle >= quiet:
                return
            if loop.time() >= deadline:
                raise AssertionError(f"settle() timed out after {timeout}s\n{self.describe()}")
            await asyncio.sleep(max(0.01, min(quiet - idle, 0.05)))

    def describe(self, last: int = 15) -> str:
        lines = [f"pending updates: {[u['update_id'] for u in self._updates]}", "last calls:"]
        for call in self.calls[-last:]:
            params = {k: v for k, v in call.params.items() if k != "reply_markup"}
            lines.append(f"  {call.status} {call.method} {params} {call.description or ''}".rstrip())
        return "\n".join(lines)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    # ---------------------------------------------------------------- HTTP plumbing

    @staticmethod
    def _decode(name: str, value: str) -> Any:
        if name in _STRING_PARAMS:
            return value
        try:
            return json.loads(value)
        except ValueError:
            return value

    async def _read_params(self, request: web.Request) -> JSONDict:
        params: JSONDict = {k: self._decode(k, v) for k, v in request.query.items()}
        if request.content_type == "application/json":
            if request.can_read_body:
                body = await request.json()
                if isinstance(body, dict):
                    params.update(body)
        elif request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    data = value.file.read()
                    width, height = _png_size(data)
                    params[key] = {
                        "file_name": value.filename,
                        "size": len(data),
                        "width": width,
                        "height": height,
                    }
                else:
                    params[key] = self._decode(
                        key, value if isinstance(value, str) else bytes(value).decode()
                    )
        return params

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params = await self._read_params(request)
        if delay := self._delays.get(method.lower()):
            await asyncio.sleep(delay)
        result: Any = None
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            failure = self._take_failure(method) or self._flood_wait(method, params)
            if failure is not None:
                raise failure
            implementation = self._methods.get(method.lower())
            if implementation is None:
                self.unimplemented.append(method)
                # The real server answers 404 (PTB turns it into InvalidToken!).
                raise ApiError(404, f"Not Found: method {method!r} is not implemented by FakeBotApi")
            result = implementation(params)
            if asyncio.iscoroutine(result):
                result = await result
            status, body = 200, {"ok": True, "result": result}
        except ApiError as exc:
            status, body = exc.status, exc.to_json()
        self._calls.append(
            ApiCall(method=method, params=params, status=status, response=body, at=time.time())
        )
        if method.lower() != "getupdates":
            self._last_activity = time.monotonic()
        self._notify()
        return web.json_response(body, status=status)

    # ---------------------------------------------------------------- methods: updates & webhook

    def _get_me(self, _params: JSONDict) -> JSONDict:
        return self.bot_user

    def make_owner(self, chat: FakeChat, user: FakeUser) -> None:
        """``user`` owns ``chat`` (getChatMember says ``creator``); everyone else is a plain member."""
        self._owners.setdefault(chat.id, set()).add(user.id)

    def leave(self, chat: FakeChat, user: FakeUser) -> None:
        """``user`` leaves ``chat`` (getChatMember says ``left``)."""
        self._left.setdefault(chat.id, set()).add(user.id)

    def hide_members(self, chat: FakeChat) -> None:
        """getChatMember fails in ``chat`` with "member list is inaccessible", as Telegram answers a bot
        that is no administrator there (the method is only guaranteed to administrators);
        getChatAdministrators still answers."""
        self._hidden_members.add(chat.id)

    def _get_chat_member(self, params: JSONDict) -> JSONDict:
        chat_id = _as_int(params.get("chat_id"), "chat_id")
        user_id = _as_int(params.get("user_id"), "user_id")
        if chat_id not in self._chats:  # a chat the bot is not in (nothing was ever sent from it)
            raise ApiError(400, "Bad Request: chat not found")
        if chat_id in self._hidden_members:
            raise ApiError(400, "Bad Request: member list is inaccessible")
        user = {"id": user_id, "is_bot": False, "first_name": str(user_id)}
        if user_id in self._owners.get(chat_id, set()):
            return {"status": "creator", "user": user, "is_anonymous": False}
        if user_id in self._left.get(chat_id, set()):
            return {"status": "left", "user": user}
        return {"status": "member", "user": user}

    def _get_chat_administrators(self, params: JSONDict) -> list[JSONDict]:
        chat_id = _as_int(params.get("chat_id"), "chat_id")
        if chat_id not in self._chats:
            raise ApiError(400, "Bad Request: chat not found")
        return [
            {
                "status": "creator",
                "user": {"id": user_id, "is_bot": False, "first_name": str(user_id)},
                "is_anonymous": False,
            }
            for user_id in sorted(self._owners.get(chat_id, set()))
        ]

    def _confirm_below(self, offset: int) -> None:
        before = len(self._updates)
        self._updates = [u for u in self._updates if u["update_id"] >= offset]
        if len(self._updates) != before:
            self._notify()

    async def _get_updates(self, params: JSONDict) -> list[JSONDict]:
        if self._webhook is not None:
            raise ApiError(409, WEBHOOK_ACTIVE)
        offset = int(params.get("offset") or 0)
        limit = max(1, min(100, int(params.get("limit") or 100)))
        timeout = float(params.get("timeout") or 0)
        if offset < 0:
            self._updates = self._updates[offset:]
        elif offset:
            self._confirm_below(offset)
        # A newer getUpdates terminates an older one still waiting, as on the real server.
        self._poll_generation += 1
        generation = self._poll_generation
        self._notify()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            if self._closing:
                return []
            if generation != self._poll_generation:
                raise ApiError(409, POLL_CONFLICT)
            if self._webhook is not None:
                raise ApiError(409, WEBHOOK_ACTIVE)
            batch = self._updates[:limit]
            remaining = deadline - loop.time()
            if batch or remaining <= 0:
                return batch
            self._waiting_polls += 1
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), remaining)
            finally:
                self._waiting_polls -= 1

    def _set_webhook(self, params: JSONDict) -> bool:
        url = params.get("url") or ""
        if params.get("drop_pending_updates"):
            self._updates.clear()
        if not url:
            return self._delete_webhook({})
        self._webhook = _Webhook(url=url, secret_token=params.get("secret_token"), params=params)
        if self._webhook_task is None or self._webhook_task.done():
            self._webhook_task = asyncio.get_running_loop().create_task(
                self._deliver_webhooks(), name="FakeBotApi:webhook-delivery"
            )
        return True

    def _delete_webhook(self, params: JSONDict) -> bool:
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self._webhook = None  # the delivery loop ends by itself
        self._notify()
        return True

    def _get_webhook_info(self, _params: JSONDict) -> JSONDict:
        info: JSONDict = {
            "url": self._webhook.url if self._webhook else "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if self._webhook is not None:
            info["max_connections"] = int(self._webhook.params.get("max_connections") or 40)
        return info

    async def _stop_webhook_delivery(self) -> None:
        task, self._webhook_task = self._webhook_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _deliver_webhooks(self) -> None:
        """POST pending updates, one at a time and in order, to the webhook until it is removed."""
        while not self._closing and self._webhook is not None and self._session is not None:
            changed = self._changed
            if not self._updates:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 0.5)
                continue
            hook, update = self._webhook, self._updates[0]
            headers = {"X-Telegram-Bot-Api-Secret-Token": hook.secret_token} if hook.secret_token else {}
            status: int | None = None
            error: str | None = None
            try:
                async with self._session.post(
                    hook.url, json=update, headers=headers, timeout=ClientTimeout(total=5)
                ) as response:
                    status = response.status
                    await response.read()
            except (ClientError, OSError, TimeoutError) as exc:
                error = repr(exc)
            self.webhook_deliveries.append(
                WebhookDelivery(update_id=update["update_id"], url=hook.url, status=status, error=error)
            )
            if status is not None and 200 <= status < 300:
                if self._updates and self._updates[0] is update:
                    self._updates.pop(0)
                self._notify()
            else:
                self._notify()
                await asyncio.sleep(0.1)  # the real server backs off much longer

    # ---------------------------------------------------------------- methods: commands

    @staticmethod
    def _commands_key(params: JSONDict) -> tuple[str, str]:
        scope = params.get("scope") or {"type": "default"}
        return json.dumps(scope, sort_keys=True), params.get("language_code") or ""

    def _set_my_commands(self, params: JSONDict) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise ApiError(400, "Bad Request: can't parse commands JSON object")
        for entry in commands:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", str(entry.get("command", ""))):
                raise ApiError(400, BOT_COMMAND_INVALID)
            if not 1 <= len(str(entry.get("description", ""))) <= 256:
                raise ApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        self._commands[self._commands_key(params)] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        return True

    def _get_my_commands(self, params: JSONDict) -> list[JSONDict]:
        return self._commands.get(self._commands_key(params), [])

    def _delete_my_commands(self, params: JSONDict) -> bool:
        self._commands.pop(self._commands_key(params), None)
        return True

    def _set_chat_menu_button(self, params: JSONDict) -> bool:
        chat_id = params.get("chat_id")
        chat = None if chat_id is None else self._chat_for(params).id
        button = params.get("menu_button") or {"type": "default"}
        if not isinstance(button, dict) or button.get("type") not in ("default", "commands", "web_app"):
            raise ApiError(400, "Bad Request: can't parse menu button JSON object")
        if button["type"] == "web_app":
            if not button.get("text"):
                raise ApiError(400, "Bad Request: menu button text is empty")
            _check_web_app(button.get("web_app"))
        self.menu_buttons[chat] = button
        return True

    def _get_chat_menu_button(self, params: JSONDict) -> JSONDict:
        chat_id = params.get("chat_id")
        chat = None if chat_id is None else self._chat_for(params).id
        return self.menu_buttons.get(chat) or self.menu_buttons.get(None) or {"type": "commands"}

    def menu_button(self, chat_id: int | None = None) -> JSONDict | None:
        """The menu button a private chat shows (its own, else the default one set); None: never set."""
        return self.menu_buttons.get(chat_id) or self.menu_buttons.get(None)

    # ---------------------------------------------------------------- methods: messages

    def _chat_for(self, params: JSONDict) -> FakeChat:
        chat_id = params.get("chat_id")
        if isinstance(chat_id, str) and chat_id.startswith("@"):
            for known in self._chats.values():
                if known.username and f"@{known.username}".lower() == chat_id.lower():
                    return known
            raise ApiError(400, CHAT_NOT_FOUND)
        if chat_id is None:
            raise ApiError(400, "Bad Request: chat_id is empty")
        chat = self._chats.get(_as_int(chat_id, "chat_id"))
        if chat is None:
            raise ApiError(400, CHAT_NOT_FOUND)
        if chat.is_private and chat.id in self._blocked:
            raise ApiError(403, BOT_BLOCKED)
        return chat

    @staticmethod
    def _inline_markup(params: JSONDict) -> JSONDict | None:
        """The inline keyboard in ``reply_markup`` (validated), or None for other/no markup."""
        markup = params.get("reply_markup")
        if not isinstance(markup, dict) or "inline_keyboard" not in markup:
            return None
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise ApiError(400, 'Bad Request: can\'t parse inline keyboard button: field "inline_keyboard"')
        for row in rows:
            for button in row:
                if not button.get("text"):
                    raise ApiError(400, "Bad Request: can't parse inline keyboard button: text is empty")
                data = button.get("callback_data")
                if data is not None and not 1 <= len(str(data).encode()) <= MAX_CALLBACK_DATA_BYTES:
                    raise ApiError(400, BUTTON_DATA_INVALID)
        return {"inline_keyboard": rows} if rows else None

    @staticmethod
    def _text(params: JSONDict) -> tuple[str, str, str | None]:
        source = params.get("text")
        if source is None or str(source).strip() == "":
            raise ApiError(400, TEXT_EMPTY)
        source = str(source)
        parse_mode = params.get("parse_mode") or None
        rendered = render_text(source, parse_mode) if not params.get("entities") else source
        rendered = rendered.strip()  # Telegram trims the text (entities shift accordingly)
        if not rendered:
            raise ApiError(400, TEXT_EMPTY)
        if _utf16_len(rendered) > MAX_TEXT_LENGTH:
            raise ApiError(400, TEXT_TOO_LONG)
        return source, rendered, parse_mode

    def _send_message(self, params: JSONDict, *, photo: list[JSONDict] | None = None) -> JSONDict:
        chat = self._chat_for(params)
        source, rendered, parse_mode = self._caption(params) if photo else self._text(params)
        markup = self._inline_markup(params)
        _check_buttons(chat, markup)
        reply_to: _Message | None = None
        reply_parameters = params.get("reply_parameters") or {}
        reply_id = reply_parameters.get("message_id") or params.get("reply_to_message_id")
        if reply_id:
            reply_chat = _as_int(reply_parameters.get("chat_id") or chat.id, "chat_id")
            reply_to = self._messages.get((reply_chat, _as_int(reply_id, "message_id")))
            if reply_to is None or reply_to.deleted:
                reply_to = None
                if not (
                    reply_parameters.get("allow_sending_without_reply")
                    or params.get("allow_sending_without_reply")
                ):
                    raise ApiError(400, REPLY_NOT_FOUND)
        message = _Message(
            chat=chat,
            message_id=self._next_message_id(chat.id),
            sender=self.bot_user_short,
            from_bot=True,
            text=rendered,
            source_text=source,
            parse_mode=parse_mode,
            entities=params.get("entities") or None,
            reply_markup=markup,
            date=int(time.time()),
            reply_to=reply_to,
            photo=photo,
        )
        self._messages[(chat.id, message.message_id)] = message
        self.sent.append(message.view())
        self._last_from_bot[chat.id] = message
        self._chat_touched(chat.id)
        return message.to_json()

    @staticmethod
    def _caption(params: JSONDict) -> tuple[str, str, str | None]:
        """A photo's caption (may be empty), as ``_text`` reads a text; at most 1,024 characters."""
        source = str(params.get("caption") or "")
        parse_mode = params.get("parse_mode") or None
        rendered = (render_text(source, parse_mode) if not params.get("caption_entities") else source).strip()
        if _utf16_len(rendered) > MAX_CAPTION_LENGTH:
            raise ApiError(400, CAPTION_TOO_LONG)
        return source, rendered, parse_mode

    def _photo_of(self, params: JSONDict, value: Any) -> list[JSONDict]:
        """The photo sizes of ``value``: an upload (checked against Telegram's limits), ``attach://<part>``
        naming one, or the file_id of a photo sent before."""
        if isinstance(value, str) and value.startswith("attach://"):
            value = params.get(value.removeprefix("attach://"))
        if isinstance(value, str):
            known = self._files.get(value)
            if known is None:
                raise ApiError(400, WRONG_FILE)
            return known
        if not isinstance(value, dict) or "size" not in value:
            raise ApiError(400, "Bad Request: there is no photo in the request")
        self.uploads.append(value)
        if value["size"] > MAX_PHOTO_BYTES:
            raise ApiError(413, PHOTO_TOO_LARGE)
        width, height = value.get("width") or 0, value.get("height") or 0
        if (
            width <= 0
            or height <= 0
            or width + height > MAX_PHOTO_SIDES
            or max(width, height) / min(width, height) > MAX_PHOTO_RATIO
        ):
            raise ApiError(400, PHOTO_INVALID_DIMENSIONS)
        number = next(self._file_ids)
        sizes = [
            {
                "file_id": f"photo-{number}",
                "file_unique_id": f"unique-{number}",
                "width": width,
                "height": height,
                "file_size": value["size"],
            }
        ]
        self._files[sizes[0]["file_id"]] = sizes
        return sizes

    def _send_photo(self, params: JSONDict) -> JSONDict:
        self._chat_for(params)
        return self._send_message(params, photo=self._photo_of(params, params.get("photo")))

    def _edit_message_media(self, params: JSONDict) -> JSONDict:
        message = self._message_to_edit(params)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: can't parse InputMedia: media type is not supported here")
        if not message.photo:
            raise ApiError(400, NO_MEDIA_TO_EDIT)
        photo = self._photo_of(params, media.get("media"))
        source, rendered, parse_mode = self._caption(media)
        return self._apply_edit(
            "editMessageMedia",
            params,
            message,
            photo=photo,
            text=rendered,
            source_text=source,
            parse_mode=parse_mode,
            entities=media.get("caption_entities") or None,
            reply_markup=self._inline_markup(params),
        )

    def _edit_message_caption(self, params: JSONDict) -> JSONDict:
        message = self._message_to_edit(params)
        if not message.photo:
            raise ApiError(400, NO_CAPTION_TO_EDIT)
        source, rendered, parse_mode = self._caption(params)
        return self._apply_edit(
            "editMessageCaption",
            params,
            message,
            text=rendered,
            source_text=source,
            parse_mode=parse_mode,
            entities=params.get("caption_entities") or None,
            reply_markup=self._inline_markup(params),
        )

    @property
    def bot_user_short(self) -> JSONDict:
        return {k: self.bot_user[k] for k in ("id", "is_bot", "first_name", "username")}

    def _message_to_edit(self, params: JSONDict) -> _Message:
        if params.get("inline_message_id"):
            raise ApiError(400, "Bad Request: inline messages are not supported by FakeBotApi")
        chat = self._chat_for(params)
        message_id = params.get("message_id")
        if message_id is None:
            raise ApiError(400, "Bad Request: message identifier is not specified")
        message = self._messages.get((chat.id, _as_int(message_id, "message_id")))
        if message is None or message.deleted:
            raise ApiError(400, MESSAGE_TO_EDIT_NOT_FOUND)
        if not message.from_bot:
            raise ApiError(400, MESSAGE_CANT_BE_EDITED)
        return message

    def _apply_edit(self, method: str, params: JSONDict, message: _Message, **changes: Any) -> JSONDict:
        _check_buttons(message.chat, changes.get("reply_markup"))
        before = message.content_key()
        candidate = _Message(**{**message.__dict__, **changes})
        if candidate.content_key() == before:
            raise ApiError(400, NOT_MODIFIED)
        for key, value in changes.items():
            setattr(message, key, value)
        message.edit_date = int(time.time())
        message.edit_count += 1
        self.edits.append(Edit(method=method, params=params, message=message.view()))
        self._chat_touched(message.chat.id)
        return message.to_json()

    def _edit_message_text(self, params: JSONDict) -> JSONDict:
        message = self._message_to_edit(params)
        if message.photo:
            raise ApiError(400, NO_TEXT_TO_EDIT)
        source, rendered, parse_mode = self._text(params)
        # Like the real server: an edit without reply_markup removes the inline keyboard.
        return self._apply_edit(
            "editMessageText",
            params,
            message,
            text=rendered,
            source_text=source,
            parse_mode=parse_mode,
            entities=params.get("entities") or None,
            reply_markup=self._inline_markup(params),
        )

    def _edit_message_reply_markup(self, params: JSONDict) -> JSONDict:
        message = self._message_to_edit(params)
        return self._apply_edit(
            "editMessageReplyMarkup", params, message, reply_markup=self._inline_markup(params)
        )

    def _delete_message(self, params: JSONDict) -> bool:
        chat = self._chat_for(params)
        message = self._messages.get((chat.id, _as_int(params.get("message_id"), "message_id")))
        if message is None or message.deleted:
            raise ApiError(400, MESSAGE_TO_DELETE_NOT_FOUND)
        message.deleted = True
        self.deleted.append(message.view())
        self._chat_touched(chat.id)
        return True

    def _send_chat_action(self, params: JSONDict) -> bool:
        self._chat_for(params)
        return True

    def _answer_callback_query(self, params: JSONDict) -> bool:
        query = self._queries.get(str(params.get("callback_query_id", "")))
        if query is None or query.answered:
            raise ApiError(400, QUERY_ID_INVALID)
        text = params.get("text")
        if text is not None and len(str(text)) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        query.answered = True
        cache_time = params.get("cache_time")
        query.answer = Answer(
            callback_query_id=query.id,
            text=text,
            show_alert=bool(params.get("show_alert", False)),
            url=params.get("url"),
            cache_time=int(cache_time) if cache_time is not None else None,
            user_id=query.user.id,
            chat_id=query.message.chat.id,
            message_id=query.message.message_id,
            data=query.data,
        )
        self.answers.append(query.answer)
        self._chat_touched(query.message.chat.id)
        return True
