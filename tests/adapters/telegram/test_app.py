from __future__ import annotations

import pytest
from telegram.ext import CallbackQueryHandler, CommandHandler

from adapters.telegram.app import api_urls, build_application, telegram_builder
from adapters.telegram.flood import ChatFloodLimiter
from adapters.telegram.ordering import ChatLanes
from bot.clubhouse import Clubhouse

TOKEN = "123:abc"


@pytest.mark.parametrize(
    ("base", "urls"),
    [
        ("", ("https://api.telegram.org/bot", "https://api.telegram.org/file/bot")),
        ("http://localhost:8081", ("http://localhost:8081/bot", "http://localhost:8081/file/bot")),
        ("http://localhost:8081/", ("http://localhost:8081/bot", "http://localhost:8081/file/bot")),
        ("http://localhost:8081/bot", ("http://localhost:8081/bot", "http://localhost:8081/file/bot")),
        (" https://tg.example/api/bot/ ", ("https://tg.example/api/bot", "https://tg.example/api/file/bot")),
    ],
)
def test_api_urls(base: str, urls: tuple[str, str]) -> None:
    assert api_urls(base) == urls


def test_the_production_builder_talks_to_the_configured_server_through_the_rate_limiter() -> None:
    app = telegram_builder(TOKEN, base_url="http://localhost:8081").build()
    assert app.bot.base_url == f"http://localhost:8081/bot{TOKEN}"
    assert app.bot.base_file_url == f"http://localhost:8081/file/bot{TOKEN}"
    assert isinstance(app.bot.rate_limiter, ChatFloodLimiter)


def test_build_application_wires_the_golf_bot() -> None:
    club = Clubhouse(None, None, None)  # type: ignore[arg-type]  # not used before an update arrives
    app = build_application(club, telegram_builder(TOKEN))
    handlers = app.handlers[0]
    commands = [next(iter(h.commands)) for h in handlers if isinstance(h, CommandHandler)]
    assert commands == [
        *("play", "resume", "concede", "abandon", "stats", "rules", "help", "sixcard", "look", "settings"),
        "language",
        "start",
    ]
    assert sum(isinstance(h, CallbackQueryHandler) for h in handlers) == 1
    assert isinstance(app.update_processor, ChatLanes)
    assert app.post_init is not None
