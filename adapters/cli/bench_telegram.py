"""``golfbot bench telegram``: players on the loopback fake of Telegram's Bot API
(``benchmarks/fake_bot_api.py``), each in a private chat with the bot, pressing through the real ``golfbot
telegram`` process, which fetches their presses by long polling (see ``bench_chat``).

A user starts a round with ``/play`` and reads the board as Telegram shows it: inline keys have no disabled
state, so a playable column is a card key whose card the board's text shows in brackets (``[7♠]``; on a
photo board, ``--look image``, the default, the key's own label is in brackets), the
stock a "Turn stock" key with cards left, the end of a hole a "Next hole" key. A press is a callback query
handed to the bot's long poll, answered when the bot has edited the pressed board. The bot may answer the
query first ("the board will follow", when Telegram's flood limits hold the edit back): the press is timed
to the edit all the same, as that is when the player sees its board. A query answered with a text and no
edit within the patience is a refusal. A board may also come as a new message, the pressed one deleted
(a photo board whose picture was not ready in time is sent anew as text: Telegram cannot edit a photo
into text): the player goes on with the new one, as a person would; a press made on a board deleted
meanwhile counts as an error.
"""

from __future__ import annotations

import argparse

from adapters.cli.bench_chat import ChatTable, add_chat_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    import random
    from typing import Any

    from benchmarks.fake_bot_api import FakeBotApi, FakeUser, MessageView

    Subparsers = Any  # argparse's _SubParsersAction is private

FIRST_USER = 100_001
REPLACED = "the board was replaced by a new message before the press (counted as an error)"


LOOKS = ("image", "text")


def add_commands(subparsers: Subparsers) -> None:
    p = add_chat_target(subparsers, "telegram", platform="Telegram", handler=cmd_bench_telegram)
    p.add_argument(
        "--look",
        choices=LOOKS,
        default="image",
        help="the players' boards: photos edited with editMessageMedia, or text (default image)",
    )


def _stock_left(label: str) -> bool:
    """ "Turn stock (16)": cards left to turn."""
    count = label.rpartition("(")[2].rstrip(")")
    return label.startswith("Turn stock") and count.isdigit() and int(count) > 0


class TelegramTable(ChatTable):
    name = "telegram"
    platform = "Telegram"

    def __init__(self, look: str = "image") -> None:
        self.fake: FakeBotApi | None = None
        self.users: list[FakeUser] = []
        self.look = look
        """Each player's own look, chosen with /look before their first round (image: the default)."""
        self._chosen: set[int] = set()

    def _fake(self) -> FakeBotApi:
        assert self.fake is not None, "the fake is not open"
        return self.fake

    async def open(self, players: int) -> None:
        from benchmarks.fake_bot_api import FakeBotApi, FakeUser

        self.fake = await FakeBotApi().start()
        self.users = [FakeUser(id=FIRST_USER + k, first_name=f"Player{k}") for k in range(players)]

    async def close(self) -> None:
        if self.fake is not None:
            await self.fake.close()

    def environment(self) -> dict[str, str]:
        fake = self._fake()
        return {"TELEGRAM_TOKEN": fake.token, "TELEGRAM_API_BASE_URL": fake.base_url}

    def is_up(self) -> bool:
        return self._fake().is_polling

    async def start_round(self, player: int, holes: int, deal: int) -> Any:
        from adapters.cli.bench_chat import Refused

        user = self.users[player]
        if self.look != "image" and player not in self._chosen:
            self._chosen.add(player)
            await self._command(user, f"/look {self.look}")
        board = await self._command(user, f"/play {holes} #{deal}")
        if not any(b.text.startswith("Turn stock") for b in board.buttons):
            raise Refused(board.text)
        return board

    async def _command(self, user: FakeUser, line: str) -> MessageView:
        """Send ``line`` and wait for the bot's next message in the private chat."""
        from adapters.cli.bench_chat import PATIENCE

        fake = self._fake()
        before = fake.last_bot_message(user.id)
        known = before.message_id if before is not None else 0

        def shown() -> MessageView | None:
            last = fake.last_bot_message(user.id)
            return last if last is not None and last.message_id > known else None

        fake.push_command(user, None, line)
        return await fake.wait_in_chat(user.id, shown, PATIENCE)

    def choose(self, board: Any, rng: random.Random) -> str | None:
        columns: list[str] = []
        stock = next_hole = None
        for button in board.buttons:
            data, label = button.callback_data, button.text
            if data is None:
                continue
            if f"[{label}]" in board.text or (board.photo is not None and label.startswith("[")):
                columns.append(data)
            elif _stock_left(label):
                stock = data
            elif label.startswith("Next hole"):
                next_hole = data
        if columns:
            return rng.choice(columns)
        return stock or next_hole

    async def press(self, player: int, board: Any, button: str, sent: list[float]) -> Any:
        import time

        from adapters.cli.bench_chat import PATIENCE, Refused

        fake, user = self._fake(), self.users[player]
        pressed = fake.message(user.id, board.message_id)
        if pressed.deleted:  # the bot put the board in a new message meanwhile: this one has no buttons
            raise Refused(REPLACED)
        edits = pressed.edit_count

        def edited() -> MessageView | None:
            now = fake.message(user.id, board.message_id)
            if now.edit_count > edits:
                return now
            if now.deleted:  # the board came as a new message (a photo cannot become text by an edit)
                newest = fake.last_bot_message(user.id)
                if newest is not None and not newest.deleted and newest.message_id > now.message_id:
                    return newest
            return None

        sent.append(time.perf_counter())
        try:
            query = fake.push_callback(user, None, board.message_id, button)["callback_query"]["id"]
        except KeyError:  # deleted between the look and the press
            raise Refused(REPLACED) from None
        try:
            return await fake.wait_in_chat(user.id, edited, PATIENCE)
        except TimeoutError:
            answer = fake.answer_to(query)
            if answer is not None and answer.text:  # answered, but the board never came: refused
                raise Refused(answer.text) from None
            raise

    def current(self, player: int, board: Any) -> Any:
        """The board as the player sees it now; if the bot replaced it with a new message, the newest."""
        fake, user = self._fake(), self.users[player]
        now = fake.message(user.id, board.message_id)
        if now.deleted:
            newest = fake.last_bot_message(user.id)
            if newest is not None and not newest.deleted:
                return newest
        return now

    def unhandled(self) -> list[str]:
        return self._fake().unimplemented


def cmd_bench_telegram(args: argparse.Namespace) -> int:
    from adapters.cli.bench_chat import cmd_bench_chat

    code = cmd_bench_chat(args, TelegramTable(args.look))
    if code == 0 and not args.json:
        print(f"  boards      {args.look} (--look)")
    return code
