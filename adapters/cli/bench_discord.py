"""``golfbot bench discord``: players on the loopback fake of Discord (``benchmarks/fake_discord.py``), each
a member of its one guild, pressing through the real ``golfbot discord`` process (see ``bench_chat``).

A member starts a round with ``/golf play`` and reads the board's buttons as Discord draws them: a playable
column is an enabled blue (primary) button, the stock an enabled "Turn stock", the end of a hole an enabled
"Next hole". A press is delivered as Discord delivers it (INTERACTION_CREATE on the gateway) and answered
when the bot has edited the pressed board (a type-7 callback, or an edit of @original after a deferral).

``--look image`` (the default, as a server's default is): every board is a picture, uploaded with each
press as Discord gets it (multipart); ``--look text``: each member first chooses text boards for
themselves (``/golf look board:text``, a command like any other), so the same bot draws text.
"""

from __future__ import annotations

import argparse

from adapters.cli.bench_chat import ChatTable, add_chat_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    import random
    from typing import Any

    from benchmarks.fake_discord import FakeDiscord, FakeMember

    Subparsers = Any  # argparse's _SubParsersAction is private

PRIMARY = 1


LOOKS = ("image", "text")


def add_commands(subparsers: Subparsers) -> None:
    parser = add_chat_target(subparsers, "discord", platform="Discord", handler=cmd_bench_discord)
    parser.add_argument(
        "--look",
        choices=LOOKS,
        default="image",
        help="the players' boards: image (pictures, the default) or text",
    )


class DiscordTable(ChatTable):
    name = "discord"
    platform = "Discord"

    def __init__(self, look: str = "image") -> None:
        self.fake: FakeDiscord | None = None
        self.members: list[FakeMember] = []
        self.look = look
        self._chosen: set[int] = set()
        """The players who chose their look already."""

    def _fake(self) -> FakeDiscord:
        assert self.fake is not None, "the fake is not open"
        return self.fake

    async def open(self, players: int) -> None:
        from benchmarks.fake_discord import FakeDiscord

        self.fake = await FakeDiscord().start()
        self.members = [self.fake.add_member(f"player{k}") for k in range(players)]

    async def close(self) -> None:
        if self.fake is not None:
            await self.fake.close()

    def environment(self) -> dict[str, str]:
        fake = self._fake()
        return {"DISCORD_TOKEN": fake.token, "DISCORD_API_BASE_URL": fake.base_url}

    def is_up(self) -> bool:
        fake = self._fake()
        return fake.connected and bool(fake.commands.get(None))

    async def start_round(self, player: int, holes: int, deal: int) -> Any:
        from adapters.cli.bench_chat import PATIENCE, Refused

        fake = self._fake()
        if self.look != "image" and player not in self._chosen:
            await fake.answer(fake.slash(self.members[player], "golf look", board=self.look), PATIENCE)
            self._chosen.add(player)
        asked = fake.slash(self.members[player], "golf play", holes=holes, deal=str(deal))
        board = await fake.answer(asked, PATIENCE)
        if not any(
            b.get("style") == PRIMARY or b.get("label", "").startswith("Turn stock")
            for b in fake.buttons(board)
        ):
            raise Refused(fake.text(board))
        return board

    def choose(self, board: Any, rng: random.Random) -> str | None:
        columns: list[str] = []
        stock = next_hole = None
        for button in self._fake().buttons(board):
            if button.get("disabled"):
                continue
            label = button.get("label") or ""
            if button.get("style") == PRIMARY:
                columns.append(button["custom_id"])
            elif label.startswith("Turn stock"):
                stock = button["custom_id"]
            elif label.startswith("Next hole"):
                next_hole = button["custom_id"]
        if columns:
            return rng.choice(columns)
        return stock or next_hole

    async def press(self, player: int, board: Any, button: str, sent: list[float]) -> Any:
        import time

        from adapters.cli.bench_chat import PATIENCE, Refused

        fake = self._fake()
        sent.append(time.perf_counter())
        pressed = fake.click(self.members[player], board, button)
        answer = await fake.answer(pressed, PATIENCE)
        if answer["id"] != board["id"]:  # an ephemeral message instead of the board: refused
            raise Refused(fake.text(answer))
        return answer

    def current(self, player: int, board: Any) -> Any:
        return self._fake().messages[int(board["id"])]

    def unhandled(self) -> list[str]:
        return self._fake().unhandled


def cmd_bench_discord(args: argparse.Namespace) -> int:
    from adapters.cli.bench_chat import cmd_bench_chat

    table = DiscordTable(args.look)
    code = cmd_bench_chat(args, table)
    if not args.json and table.fake is not None:
        sizes = sorted(table.fake.uploaded)
        pictures = (
            f"{len(sizes)} pictures uploaded, median {sizes[len(sizes) // 2] / 1024:.1f} KB, "
            f"largest {sizes[-1] / 1024:.1f} KB"
            if sizes
            else "no picture uploaded"
        )
        print(f"  look        {args.look}: {pictures}")
    return code
