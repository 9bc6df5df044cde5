"""The bot's command menu in every shipped language: at start-up setMyCommands is called once for everyone
(no language_code) and once for each other language of ``bot.i18n.LANGUAGES``, with Telegram's two-letter
code (``pt_BR`` is ``pt``), and every menu lists the same commands."""

from __future__ import annotations

from typing import Any

from adapters.telegram.app import menu_language_code
from benchmarks.fake_bot_api import FakeBotApi
from bot.i18n import LANGUAGES, SOURCE

LANGUAGE_CODES = ("de", "es", "fr", "pt", "ru")


def test_each_shipped_language_has_telegrams_code() -> None:
    codes = tuple(menu_language_code(language) for language in LANGUAGES if language != SOURCE)
    assert codes == LANGUAGE_CODES


async def test_the_menu_is_set_for_everyone_and_for_each_language(golf: Any, fake_api: FakeBotApi) -> None:
    calls = fake_api.calls_to("setMyCommands")
    assert all(call.ok for call in calls)
    assert [call.params.get("language_code") or "" for call in calls] == ["", *LANGUAGE_CODES]
    assert all(not call.params.get("scope") for call in calls)  # the default scope: every chat


async def test_every_menu_lists_the_same_commands(golf: Any, fake_api: FakeBotApi) -> None:
    default = fake_api.commands()
    names = [name for name, _description in default]
    assert names[:3] == ["play", "resume", "concede"]
    for code in LANGUAGE_CODES:
        menu = fake_api.commands(language_code=code)
        assert [name for name, _description in menu] == names, code
        # worded in that language (English until its catalogue is translated), within Telegram's limits
        assert all(1 <= len(description) <= 256 for _name, description in menu)
    assert all(len(name) <= 32 for name in names)
