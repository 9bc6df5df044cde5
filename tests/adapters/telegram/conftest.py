"""Fixtures for end-to-end tests of Telegram bots against the loopback fake Bot API.

* ``fake_api``    - a started :class:`fake_bot_api.FakeBotApi` on 127.0.0.1 (random port).
* ``app_harness`` - builds real PTB Applications against it, starts them (long polling or a
  webhook on 127.0.0.1) the way ``Application.run_polling`` would, and stops them at teardown.
* ``alice``, ``bob``, ``group`` - ready-made users and a supergroup.

The fake itself is ``benchmarks/fake_bot_api.py`` (one copy, which ``golfbot bench telegram`` drives too):
test modules ``from benchmarks.fake_bot_api import FakeUser, ...``. The helper ``golf_table`` is loaded
here under that name (see ``_load_helper``), as pytest runs with ``--import-mode=importlib`` and the tests
folders are not packages.  See docs/telegram-testing.md.
"""

from __future__ import annotations

import importlib.util
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder, ContextTypes

from benchmarks import fake_bot_api


def _load_helper(name: str) -> ModuleType:
    """Import ``<this folder>/<name>.py`` as top-level module ``name`` (once per session).

    Registered in ``sys.modules`` so that ``import name`` works from the test modules, without
    putting this folder on ``sys.path``.
    """
    path = Path(__file__).with_name(f"{name}.py")
    module = sys.modules.get(name)
    if module is not None:
        if Path(module.__file__ or "").resolve() != path.resolve():
            raise ImportError(f"another module named {name!r} is already loaded: {module.__file__}")
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before exec: dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


FakeBotApi = fake_bot_api.FakeBotApi
FakeChat = fake_bot_api.FakeChat
FakeUser = fake_bot_api.FakeUser

AnyApp = Application[Any, Any, Any, Any, Any, Any]
AnyBuilder = ApplicationBuilder[Any, Any, Any, Any, Any, Any]


def free_port() -> int:
    """A TCP port that was free a moment ago on 127.0.0.1 (for the bot's webhook server)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class AppHarness:
    """Builds, starts and stops real PTB Applications that talk to ``fake``.

    ``start``/``start_webhook`` follow ``Application.run_polling``'s order (initialize,
    post_init, updater start, start) and ``stop`` its teardown (updater.stop, stop, post_stop,
    shutdown, post_shutdown), so builder hooks behave as in production - without blocking the
    test's event loop or installing signal handlers.
    """

    def __init__(self, fake: fake_bot_api.FakeBotApi) -> None:
        self.fake = fake
        self.running: list[AnyApp] = []
        self.errors: list[BaseException] = []  # exceptions that reached PTB's error handlers
        self.allow_errors = False  # set True in tests that provoke handler errors on purpose
        self.webhook_urls: dict[int, str] = {}  # id(app) -> the URL given to setWebhook

    def builder(self, *, max_retries: int = 3) -> AnyBuilder:
        """An ApplicationBuilder aimed at the fake, with AIORateLimiter(max_retries)."""
        return (
            ApplicationBuilder()
            .token(self.fake.token)
            .base_url(self.fake.base_url)
            .base_file_url(self.fake.base_file_url)
            .rate_limiter(AIORateLimiter(max_retries=max_retries))
            .connect_timeout(5)
            .read_timeout(5)
            .write_timeout(5)
            .pool_timeout(5)
        )

    async def _record_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert context.error is not None
        self.errors.append(context.error)

    async def _start_app(self, app: AnyApp) -> None:
        if app.updater is None:
            raise ValueError("the Application was built with .updater(None)")
        app.add_error_handler(self._record_error)
        self.running.append(app)  # first, so a half-started app is still cleaned up
        await app.initialize()
        if app.post_init:
            await app.post_init(app)

    async def start(self, app: AnyApp, *, poll_timeout: float = 10) -> AnyApp:
        """Start ``app`` with long polling (poll_interval 0; ``timeout`` = poll_timeout)."""
        await self._start_app(app)
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0.0, timeout=int(poll_timeout))
        await app.start()
        return app

    async def start_webhook(
        self,
        app: AnyApp,
        *,
        url_path: str = "telegram-webhook",
        secret_token: str | None = None,
    ) -> str:
        """Start ``app`` with its webhook server on 127.0.0.1:<free port>; returns the URL."""
        port = free_port()
        url = f"http://127.0.0.1:{port}/{url_path}"
        await self._start_app(app)
        assert app.updater is not None
        await app.updater.start_webhook(
            listen="127.0.0.1",
            port=port,
            url_path=url_path,
            webhook_url=url,
            secret_token=secret_token,
        )
        await app.start()
        self.webhook_urls[id(app)] = url
        return url

    async def stop(self, app: AnyApp) -> None:
        """Stop and shut down ``app`` (pending updates are processed first, as PTB does)."""
        if app in self.running:
            self.running.remove(app)
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
            if app.post_stop:
                await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)

    async def close(self) -> None:
        while self.running:
            await self.stop(self.running[-1])


@pytest.fixture
async def fake_api() -> AsyncIterator[fake_bot_api.FakeBotApi]:
    async with FakeBotApi() as fake:
        yield fake


@pytest.fixture
async def app_harness(fake_api: fake_bot_api.FakeBotApi) -> AsyncIterator[AppHarness]:
    harness = AppHarness(fake_api)
    try:
        yield harness
    finally:
        await harness.close()
    if fake_api.unimplemented:
        pytest.fail(f"the bot called Bot API methods FakeBotApi does not implement: {fake_api.unimplemented}")
    if harness.errors and not harness.allow_errors:
        pytest.fail(f"exceptions reached PTB's error handler: {harness.errors!r}")


@pytest.fixture
def alice() -> fake_bot_api.FakeUser:
    return FakeUser(id=111001, first_name="Alice", username="alice")


@pytest.fixture
def bob() -> fake_bot_api.FakeUser:
    return FakeUser(id=222002, first_name="Bob", username="bob")


@pytest.fixture
def group() -> fake_bot_api.FakeChat:
    return FakeChat.group(-1001234567890, "Golf club")


# ------------------------------------------------------------------------------ the Golf bot

golf_table = _load_helper("golf_table")


@pytest.fixture
def solver() -> Any:
    """The Solver port of the ``golf`` bot: a fake answering at once (override it to use the real one)."""
    return golf_table.FakeSolver()


@pytest.fixture
async def golf(
    fake_api: fake_bot_api.FakeBotApi, app_harness: AppHarness, tmp_path: Path, solver: Any
) -> AsyncIterator[golf_table.GolfTable]:
    """The Golf bot, started: ``golf.app``, ``golf.clubhouse``; ``golf.command``/``press`` to play.

    At teardown the bot stops before its store closes, and every press must have had exactly one answer.
    """
    table = golf_table.GolfTable(fake_api, app_harness, tmp_path / "golf.sqlite3", solver)
    await table.start()
    try:
        yield table
    finally:
        await table.stop()
    table.check_every_query_answered_once()


@pytest.fixture
def unused_port() -> int:
    """A TCP port on 127.0.0.1 for a webhook server the test starts itself."""
    return free_port()
