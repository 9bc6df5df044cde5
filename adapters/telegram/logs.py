"""Keep the bot token out of the logs.

The token is part of every Bot API URL: httpx logs each request URL at INFO, and PTB's Bot logs its API
URLs at DEBUG. httpx is turned down to WARNING, and a filter replaces the token with ``<TELEGRAM_TOKEN>``
in whatever is still logged - on the loggers known to carry it, and on the handlers of the root logger
(where every record ends up) for anything else.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

REDACTED = "<TELEGRAM_TOKEN>"
CHATTY_LOGGERS = ("httpx", "httpcore")
"""Log every request (URL included) below WARNING."""
TOKEN_LOGGERS = ("httpx", "telegram.Bot", "telegram.ext.ExtBot")
"""Log URLs with the token in them."""


class RedactToken(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._token:
            return True
        message = record.getMessage()
        if self._token in message:
            record.msg, record.args = message.replace(self._token, REDACTED), None
        if record.exc_info and not record.exc_text:
            text = logging.Formatter().formatException(record.exc_info)
            if self._token in text:
                record.exc_text = text.replace(self._token, REDACTED)  # formatters use it as is
        return True


@contextmanager
def token_kept_out_of_logs(token: str) -> Iterator[None]:
    for name in CHATTY_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    redact = RedactToken(token)
    targets: list[logging.Filterer] = [logging.getLogger(name) for name in TOKEN_LOGGERS]
    targets += logging.getLogger().handlers
    for target in targets:
        target.addFilter(redact)
    try:
        yield
    finally:
        for target in targets:
            target.removeFilter(redact)
