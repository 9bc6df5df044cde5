"""``GolfTable``: the real Golf bot (adapters.telegram) on the real Clubhouse and SQLite store, run by
the harness against the fake Bot API, with the moves a test makes as Telegram's users.

Loaded by conftest.py as top-level module ``golf_table``; tests get an instance
from the ``golf`` fixture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from telegram.ext import Application

from adapters.clock import SystemClock
from adapters.sqlite import SqliteStorage
from adapters.telegram.app import build_application
from adapters.telegram.flood import MAX_WAIT, ChatFloodLimiter
from adapters.telegram.photos import PhotoBoards
from benchmarks.fake_bot_api import PATIENCE, Answer, FakeBotApi, FakeChat, FakeUser, MessageView
from bot.clubhouse import Clubhouse
from bot.ports import Solver
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.solver import Solution

AnyApp = Application[Any, Any, Any, Any, Any, Any]


class FakeSolver:
    """Our Solver port answered at once: best score ``best``; the first legal move as the hint."""

    def __init__(self, best: int | None = 3) -> None:
        self.best = best

    async def best_score(self, hole: Hole) -> Solution | None:
        return None if self.best is None else Solution(self.best, (), 1, self.best)

    async def hint(self, hole: Hole) -> Move | None:
        moves = hole.legal_moves()
        return moves[0] if moves else None


class GolfTable:
    def __init__(self, fake: FakeBotApi, harness: Any, db_path: Path, solver: Solver) -> None:
        self.fake = fake
        self.harness = harness
        self.db_path = db_path
        self.solver = solver
        self.app: AnyApp | None = None
        self.clubhouse: Clubhouse | None = None
        self._storage: SqliteStorage | None = None
        self.pictures: Any = None
        """An ``adapters.pictures.Pictures``: boards in each reader's look, photos by default (None: text
        only, as the bot was before pictures)."""
        self.web: Any = None
        """An ``adapters.telegram.web.WebTable``: the web table's menu button and rows (None: not served)."""
        self.queries: list[str] = []
        """Ids of every callback query pushed through ``press``/``push``: each must get one answer."""

    async def start(self, *, max_wait: float = MAX_WAIT, builder: Any = None) -> AnyApp:
        """A new Clubhouse on a new SqliteStorage (same file), and a new Application around it.

        The bot's own rate limiter waits out 429s (up to ``max_wait`` seconds) but does not throttle: tests
        press fast in one chat. ``builder``: another ApplicationBuilder aimed at the fake (the production
        one, say) instead."""
        self._storage = await SqliteStorage.open(self.db_path)
        self.clubhouse = Clubhouse(self._storage, self.solver, SystemClock())
        if builder is None:
            limiter = ChatFloodLimiter(overall_max_rate=0, group_max_rate=0, max_wait=max_wait)
            builder = self.harness.builder().rate_limiter(limiter)
        boards = None if self.pictures is None else PhotoBoards(self.clubhouse.places, self.pictures)
        self.app = await self.harness.start(
            build_application(self.clubhouse, builder, boards=boards, web=self.web)
        )
        return self.app

    async def stop(self) -> None:
        """The bot process dies: the Application stops, the Clubhouse and its store are closed."""
        if self.app is not None:
            await self.harness.stop(self.app)
            self.app = None
        if self.clubhouse is not None:
            await self.clubhouse.close()
            self.clubhouse = None
        if self._storage is not None:
            await self._storage.close()
            self._storage = None

    async def command(self, user: FakeUser, chat: FakeChat | None, line: str) -> MessageView:
        """Send a command and return the bot's reply (a new message in that chat)."""
        chat_id = chat.id if chat else user.id
        before = len(self.fake.chat_messages(chat_id))
        self.fake.push_command(user, chat, line)
        new = await self.fake.wait_for(lambda: self.fake.chat_messages(chat_id)[before:], what=line)
        return new[0]

    def push(self, user: FakeUser, chat: FakeChat | None, message_id: int, data: str | None) -> str:
        """Queue a press with any callback data; returns the query id."""
        update = self.fake.push_callback(user, chat, message_id, data)
        query_id: str = update["callback_query"]["id"]
        self.queries.append(query_id)
        return query_id

    async def answer(self, query_id: str) -> Answer:
        [answer] = await self.fake.wait_for(lambda: self.fake.answers_to(query_id), what="the answer")
        return answer

    async def press(
        self,
        user: FakeUser,
        chat: FakeChat | None,
        message_id: int,
        *,
        data: str | None = None,
        text: str | None = None,
        timeout: float = PATIENCE,  # noqa: ASYNC109 (passed on to wait_for)
    ) -> Answer:
        """Press a key that is on the message (by ``data`` or label ``text``); returns the answer."""
        update = self.fake.press(user, chat, message_id, data=data, text=text)
        query_id: str = update["callback_query"]["id"]
        self.queries.append(query_id)
        [answer] = await self.fake.wait_for(lambda: self.fake.answers_to(query_id), timeout, what="answer")
        return answer

    def check_every_query_answered_once(self) -> None:
        for query_id in self.queries:
            answers = self.fake.answers_to(query_id)
            assert len(answers) == 1, f"query {query_id} was answered {len(answers)} times"
        refused = [c for c in self.fake.calls_to("answerCallbackQuery") if not c.ok]
        assert not refused, f"refused answers: {refused}"


def keys(view: MessageView) -> list[str]:
    return [b.text for b in view.buttons]


def action_of(data: str | None) -> str:
    assert data is not None
    return data.rsplit(":", 1)[1]


def key_for(view: MessageView, action: str) -> str:
    """The callback data of the key for ``action`` (``"1"``..``"7"``, ``s``, ``h``, ``q``, ``n``)."""
    for data in view.callback_data:
        if action_of(data) == action:
            return data
    raise AssertionError(f"no key for {action!r} on {view.callback_data}")


def version_of(view: MessageView) -> int:
    return int(view.callback_data[0].split(":")[2])
