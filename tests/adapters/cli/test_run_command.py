"""``golfbot run`` (and ``golfbot discord`` / ``golfbot telegram``) as REAL processes: the console script,
with the tokens set, against loopback fakes of Discord (benchmarks/fake_discord.py) and of Telegram's Bot
API (benchmarks/fake_bot_api.py).

Both bots answer a command; a network that is down at start is tried again, then reported in one line; a
refused token is one line; a network drop while running is survived (a ``LoopbackCable`` between the bot
and each fake is pulled out and plugged in again); and a kill -9 leaves no child process behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from benchmarks import fake_bot_api, fake_discord

TESTS = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> ModuleType:
    """Import a helper file of the tests as top-level module ``name`` (the tests folders are not packages)."""
    module = sys.modules.get(name)
    if module is not None:
        assert Path(module.__file__ or "").resolve() == path.resolve(), f"another {name} is loaded"
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


loopback_cable = _load("loopback_cable", Path(__file__).with_name("loopback_cable.py"))

GOLFBOT = Path(sys.executable).with_name("golfbot")  # the console script, as the README runs it
START = 30.0  # seconds a process may take to come up on a busy machine


def unused_port() -> int:
    """A port on 127.0.0.1 where nothing listens (connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
async def telegram() -> AsyncIterator[Any]:
    async with fake_bot_api.FakeBotApi() as fake:
        yield fake


@pytest.fixture
async def discord() -> AsyncIterator[Any]:
    async with fake_discord.FakeDiscord() as fake:
        fake.add_member("alice")
        yield fake


class Golfbot:
    """A ``golfbot`` process. Its stderr goes to a file, not a pipe: after a kill -9, children that outlive
    it would hold a pipe open."""

    def __init__(self, process: asyncio.subprocess.Process, log: Path) -> None:
        self.process = process
        self.log = log

    @property
    def lines(self) -> list[str]:
        return self.log.read_text(errors="replace").splitlines()

    @property
    def stderr(self) -> str:
        return self.log.read_text(errors="replace")

    async def exit_code(self, timeout: float = START) -> int:  # noqa: ASYNC109
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"golfbot did not exit within {timeout} s:\n{self.stderr}") from None

    async def stop(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await self.exit_code()

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()


@pytest.fixture
async def golfbot(tmp_path: Path) -> AsyncIterator[Any]:
    """``await golfbot("run", DISCORD_TOKEN=..., ...)`` starts the console script in an empty folder (no
    .env) on a database there (``session=True``: in a process group of its own, as a service manager
    starts it); every process is killed at teardown if it is still running."""
    started: list[Golfbot] = []

    async def start(*args: str, session: bool = False, **env: str) -> Golfbot:
        environment = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
        environment.update(GOLFBOT_DB=str(tmp_path / "golf.sqlite3"), **env)
        log = tmp_path / f"golfbot-{len(started)}.stderr"
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                str(GOLFBOT), *args, cwd=tmp_path, env=environment, stderr=stderr, start_new_session=session
            )
        bot = Golfbot(process, log)
        started.append(bot)
        return bot

    yield start
    for bot in started:
        bot.kill()
        await bot.process.wait()


def bots_env(discord: Any, telegram: Any, **more: str) -> dict[str, str]:
    return {
        "DISCORD_TOKEN": discord.token,
        "DISCORD_API_BASE_URL": discord.base_url,
        "TELEGRAM_TOKEN": telegram.token,
        "TELEGRAM_API_BASE_URL": telegram.base_url,
        **more,
    }


async def both_up(discord: Any, telegram: Any, bot: Golfbot) -> None:
    def up() -> bool:
        if bot.process.returncode is not None:
            raise AssertionError(f"golfbot exited ({bot.process.returncode}):\n{bot.stderr}")
        return bool(discord.connected and discord.commands.get(None) and telegram.is_polling)

    await discord.wait_for(up, timeout=START, what="both bots up")


async def discord_answers(discord: Any) -> dict[str, Any]:
    """/golf play on Discord: a board with buttons; pressing a playable card edits it."""
    alice = discord.members[0]
    play = discord.slash(alice, "golf play", holes=1, deal="24")
    board = await discord.wait_for(lambda: discord.response(play), what="the Discord board")
    assert "Hole 1 of 1" in discord.text(board), board
    playable = [b for b in discord.buttons(board) if not b.get("disabled") and b.get("style") == 1]
    assert playable, discord.buttons(board)
    press = discord.click(alice, board, playable[0]["custom_id"])
    pressed = await discord.wait_for(lambda: discord.response(press), what="the press answered")
    assert pressed["id"] == board["id"]  # the board was edited in place
    return dict(board)


async def telegram_answers(telegram: Any, user: Any) -> None:
    telegram.push_command(user, None, "/play strict 1 #24")
    board = await telegram.wait_for(lambda: telegram.chat_messages(user.id), timeout=START)
    assert board[-1].text.startswith("⛳ Hole 1 of 1")


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text, text


# ---------------------------------------------------------------------------------------- both bots answer


async def test_golfbot_run_starts_both_bots_and_both_answer(
    discord: Any, telegram: Any, golfbot: Any
) -> None:
    bot = await golfbot("run", **bots_env(discord, telegram))
    await both_up(discord, telegram, bot)

    await discord_answers(discord)
    await telegram_answers(telegram, fake_bot_api.FakeUser(id=111001, first_name="Alice", username="alice"))

    assert await bot.stop() == 0, bot.stderr
    assert "running Discord and Telegram" in bot.stderr
    assert "voice will NOT be supported" not in bot.stderr  # golfbot has no voice: no warning about it
    no_traceback(bot.stderr)
    assert discord.token not in bot.stderr and telegram.token not in bot.stderr
    assert not discord.unhandled and not telegram.unimplemented


async def test_golfbot_run_serves_the_web_table_to_both_platforms(
    discord: Any, telegram: Any, golfbot: Any
) -> None:
    """The README's run command with both tokens and the web table's settings: a Telegram player (signed
    ``initData``) and a Discord player (an Activity's code) each play at the table of the one process."""
    import aiohttp

    from adapters.cli.bench_web import free_port, sign_init_data

    port = free_port()
    web = {
        "GOLFBOT_WEB_URL": "https://golf.example.test",
        "GOLFBOT_WEB_PORT": str(port),
        "DISCORD_CLIENT_ID": str(discord.application_id),
        "DISCORD_CLIENT_SECRET": discord.client_secret,
    }
    bot = await golfbot("run", **bots_env(discord, telegram, **web))
    await both_up(discord, telegram, bot)
    alice = discord.members[0]
    discord.authorize_code("code-of-alice", alice)
    base = f"http://127.0.0.1:{port}"
    init_data = sign_init_data(telegram.token, {"id": 111002, "first_name": "Tess"})
    async with aiohttp.ClientSession() as http:
        for path, body, key in (
            ("api/auth/telegram", {"init_data": init_data}, "telegram:111002"),
            (
                "api/auth/discord",
                {"code": "code-of-alice", "guild": str(discord.guild_id)},
                f"discord:{alice.id}",
            ),
        ):
            async with http.post(f"{base}/{path}", json=body) as answer:
                signed = await answer.json()
                assert answer.status == 200 and signed["player"]["key"] == key, signed
            async with http.ws_connect(f"{base}/ws") as socket:
                await socket.send_json({"op": "hello", "token": signed["token"]})
                assert (await socket.receive_json(timeout=START))["type"] == "welcome"
                await socket.send_json({"op": "play"})
                shown = await socket.receive_json(timeout=START)
                assert shown["type"] == "screen" and shown["screen"]["board"], shown

    assert await bot.stop() == 0, bot.stderr
    assert f"web table on http://127.0.0.1:{port}" in bot.stderr
    no_traceback(bot.stderr)
    assert discord.client_secret not in bot.stderr and telegram.token not in bot.stderr


# ---------------------------------------------------------------------------------------- every mode wired


async def test_a_six_card_table_takes_its_join_where_every_mode_is_wired(
    discord: Any, telegram: Any, golfbot: Any
) -> None:
    """In the real process the daily challenge, the matches and the tables share the button router: a
    table's Join (an id of ten characters, like a daily board's) must reach the table, on both platforms."""
    bot = await golfbot("run", **bots_env(discord, telegram))
    await both_up(discord, telegram, bot)

    alice, bob = discord.members[0], discord.add_member("bob")
    opened = discord.slash(alice, "golf sixcard", clock=60)
    table = await discord.wait_for(lambda: discord.response(opened), what="the Discord table")
    assert "Seats (1/4)" in table["content"], table["content"]
    join = next(b for b in discord.buttons(table) if b.get("label") == "Join")
    joined = discord.click(bob, table, join["custom_id"])
    seated = await discord.wait_for(lambda: discord.response(joined), what="Bob's Join answered")
    assert "Seats (2/4)" in seated["content"], seated["content"]

    group = telegram.add_chat(fake_bot_api.FakeChat.group(-100777, "Golfers"))
    ann = fake_bot_api.FakeUser(id=111001, first_name="Ann")
    ben = fake_bot_api.FakeUser(id=222002, first_name="Ben")
    telegram.push_command(ann, group, "/sixcard 60")
    posted = await telegram.wait_for(lambda: telegram.chat_messages(group.id), timeout=START)
    assert "Seats (1/4)" in posted[-1].text, posted[-1].text
    query = telegram.press(ben, group, posted[-1].message_id, text="Join")
    await telegram.wait_for(lambda: telegram.answers_to(query), timeout=START)
    assert [a.text for a in telegram.answers_to(query)] == [None]
    shown = telegram.message(group.id, posted[-1].message_id).text
    assert "Seats (2/4)" in shown and "Ben" in shown, shown

    assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)
    assert not discord.unhandled and not telegram.unimplemented


async def test_a_user_option_without_the_users_details_is_still_answered(discord: Any, golfbot: Any) -> None:
    """A user option that comes as a bare id (discord.py hands it over as an ``Object``: no name): the
    stats card is shown all the same, under a plain title, and nothing is logged as a failure."""
    bot = await golfbot("discord", DISCORD_TOKEN=discord.token, DISCORD_API_BASE_URL=discord.base_url)
    await discord.wait_for(lambda: discord.connected and discord.commands.get(None), what="the bot up")
    alice = discord.members[0]
    card = discord.slash(alice, "golf stats", member="1234567")  # (not a member the fake knows)
    shown = await discord.wait_for(lambda: discord.response(card), what="the stats card")
    assert shown["content"].startswith("**📊 That member's Golf"), shown["content"]
    assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)
    assert "WARNING" not in bot.stderr and "ERROR" not in bot.stderr, bot.stderr


def match_results(folder: Path) -> int:
    """How many match results the bot's database (in ``folder``) holds."""
    with contextlib.closing(sqlite3.connect(folder / "golf.sqlite3")) as db:
        return int(db.execute("SELECT count(*) FROM match_results").fetchone()[0])


async def test_open_my_board_pressed_as_the_match_ends_shows_the_scoreboard(
    discord: Any, golfbot: Any, tmp_path: Path
) -> None:
    """A click on "Open my board" that arrives once the match is over (sent as its last hole ended, or
    from a message not refreshed yet) answers with the scoreboard, privately: it has no buttons, and
    a new message without buttons is sent without a view (discord.py refuses ``view=None`` there)."""
    bot = await golfbot("discord", DISCORD_TOKEN=discord.token, DISCORD_API_BASE_URL=discord.base_url)
    await discord.wait_for(lambda: discord.connected and discord.commands.get(None), what="the bot up")
    alice, bob = discord.members[0], discord.add_member("bob")
    offer = discord.slash(alice, "golf challenge", member=str(bob.id), holes=1)
    offered = await discord.wait_for(lambda: discord.response(offer), what="the challenge")
    accept = discord.click(
        bob, offered, next(b for b in discord.buttons(offered) if b["label"] == "Accept")["custom_id"]
    )
    scoreboard = await discord.wait_for(lambda: discord.response(accept), what="the match on")
    open_board = next(b for b in discord.buttons(scoreboard) if b["label"] == "Open my board")["custom_id"]
    for member in (alice, bob):  # each concedes the one hole: the match is over
        opened = discord.click(member, scoreboard, open_board)
        board = await discord.wait_for(lambda o=opened: discord.response(o), what="a board")
        concede = next(b for b in discord.buttons(board) if b["custom_id"].endswith(":q"))["custom_id"]
        done = discord.click(member, board, concede)
        await discord.wait_for(lambda d=done: discord.response(d), what="the hole conceded")
    await discord.wait_for(lambda: match_results(tmp_path), what="the match over: its result stored")

    late = discord._deliver(
        alice, {"type": 3, "data": {"custom_id": open_board, "component_type": 2}, "message": scoreboard}
    )
    shown = await discord.wait_for(lambda: discord.response(late), what="the late press answered")
    assert shown["flags"] & 64 and "Result:" in shown["content"], shown
    assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)


# ---------------------------------------------------------------------------------------- no network at start


@pytest.mark.parametrize("command", ["run", "discord", "telegram"])
async def test_no_network_at_start_is_tried_again_then_one_line(golfbot: Any, command: str) -> None:
    nowhere = f"http://127.0.0.1:{unused_port()}"
    env = {"DISCORD_TOKEN": "x.y.z", "DISCORD_API_BASE_URL": nowhere} if command != "telegram" else {}
    if command != "discord":
        env |= {"TELEGRAM_TOKEN": "123:abc", "TELEGRAM_API_BASE_URL": nowhere + "/bot"}
    # 6 s: room for a try after the first, which alone may take 2 s at load 9 (then nothing is tried again)
    bot = await golfbot(command, GOLFBOT_START_RETRY_SECONDS="6", **env)

    assert await bot.exit_code() == 1, bot.stderr
    *logged, last = bot.lines
    assert last.startswith("The ") and "gave up after" in last and "Check the network" in last, last
    assert any("WARNING" in line and "cannot reach" in line and "(try 1)" in line for line in logged)
    no_traceback(bot.stderr)
    assert "x.y.z" not in bot.stderr and "123:abc" not in bot.stderr


async def test_a_network_that_comes_up_during_the_retries_is_used(
    discord: Any, telegram: Any, golfbot: Any
) -> None:
    discord_cable = loopback_cable.LoopbackCable(discord.port)
    telegram_cable = loopback_cable.LoopbackCable(telegram.port)
    await discord_cable.plug_in()  # to learn its port, then out until the bot has tried
    await telegram_cable.plug_in()
    await discord_cable.unplug()
    await telegram_cable.unplug()
    env = bots_env(discord, telegram)
    env["DISCORD_API_BASE_URL"] = f"http://127.0.0.1:{discord_cable.port}"
    env["TELEGRAM_API_BASE_URL"] = f"http://127.0.0.1:{telegram_cable.port}/bot"
    bot = await golfbot("run", **env)
    try:
        await discord.wait_for(lambda: sum("(try 1)" in line for line in bot.lines) == 2, timeout=START)
        await discord_cable.plug_in()
        await telegram_cable.plug_in()
        await both_up(discord, telegram, bot)
        await discord_answers(discord)
        assert await bot.stop() == 0
    finally:
        await discord_cable.unplug()
        await telegram_cable.unplug()
    no_traceback(bot.stderr)


# ---------------------------------------------------------------------------------------- refused tokens


async def test_a_refused_discord_token_is_one_line(discord: Any, golfbot: Any) -> None:
    bot = await golfbot(
        "discord", DISCORD_TOKEN="revoked.discord.token", DISCORD_API_BASE_URL=discord.base_url
    )

    assert await bot.exit_code() == 2, bot.stderr
    assert bot.lines[-1].startswith("Discord rejected DISCORD_TOKEN:"), bot.stderr
    no_traceback(bot.stderr)
    assert "LoginFailure" not in bot.stderr and "revoked.discord.token" not in bot.stderr


@pytest.mark.parametrize("refused", ["Discord", "Telegram"])
async def test_under_golfbot_run_a_refused_token_is_one_line_and_stops_both(
    discord: Any, telegram: Any, golfbot: Any, refused: str
) -> None:
    env = bots_env(discord, telegram)
    env[f"{refused.upper()}_TOKEN"] = "987654321:REVOKED" if refused == "Telegram" else "revoked.token"
    bot = await golfbot("run", **env)

    assert await bot.exit_code() == 2, bot.stderr
    assert bot.lines[-1].startswith(f"{refused} rejected {refused.upper()}_TOKEN:"), bot.stderr
    no_traceback(bot.stderr)
    assert "REVOKED" not in bot.stderr and "revoked.token" not in bot.stderr


# ---------------------------------------------------------------------------------------- a network drop


async def test_a_network_drop_while_running_is_survived(discord: Any, telegram: Any, golfbot: Any) -> None:
    async with (
        loopback_cable.LoopbackCable(discord.port) as discord_cable,
        loopback_cable.LoopbackCable(telegram.port) as telegram_cable,
    ):
        env = bots_env(discord, telegram)
        env["DISCORD_API_BASE_URL"] = f"http://127.0.0.1:{discord_cable.port}"
        env["TELEGRAM_API_BASE_URL"] = f"http://127.0.0.1:{telegram_cable.port}/bot"
        bot = await golfbot("run", **env)
        await both_up(discord, telegram, bot)
        alice = fake_bot_api.FakeUser(id=111001, first_name="Alice", username="alice")
        await telegram_answers(telegram, alice)

        await discord_cable.unplug()
        await telegram_cable.unplug()
        await discord.wait_for(lambda: not discord.connected, what="the gateway connection gone")
        await asyncio.sleep(1.5)  # the outage: the bots try and fail meanwhile
        await discord_cable.plug_in()
        await telegram_cable.plug_in()

        await discord.wait_for(lambda: discord.connected, timeout=START, what="the gateway back")
        await discord_answers(discord)  # the command was sent after the bot came back
        bob = fake_bot_api.FakeUser(id=222002, first_name="Bob", username="bob")
        await telegram_answers(telegram, bob)
        assert discord.identifies == 1 and discord.resumes >= 1  # the session was resumed
        assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)


# ---------------------------------------------------------------------------------------- a locked database

STORE_UNAVAILABLE = "The database cannot be used just now, so nothing changed."


async def test_a_database_locked_by_another_program_gets_one_line_and_changes_nothing(
    discord: Any, telegram: Any, golfbot: Any, tmp_path: Path
) -> None:
    """Another program (a backup, the sqlite3 shell) holds the database past the bot's busy timeout: a
    press on either platform and a command are told so in one line, the boards stay as they were, the log
    has one WARNING line each and no traceback; once the lock is gone the same keys play."""
    bot = await golfbot("run", **bots_env(discord, telegram))
    await both_up(discord, telegram, bot)
    board = await discord_answers(discord)  # (its first card is played)
    alice = discord.members[0]
    board = await discord.wait_for(lambda: discord.messages.get(int(board["id"])), what="the board")
    ann = fake_bot_api.FakeUser(id=111001, first_name="Ann")
    await telegram_answers(telegram, ann)
    shown = telegram.chat_messages(ann.id)[-1]

    holder = sqlite3.connect(tmp_path / "golf.sqlite3", isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        before = dict(board)
        turn = next(b for b in discord.buttons(board) if "Turn" in b.get("label", ""))
        press = discord.click(alice, board, turn["custom_id"])
        query = telegram.press(ann, None, shown.message_id, text=shown.buttons[0].text)
        telegram.push_command(ann, None, "/abandon")
        await discord.wait_for(lambda: press.followup_ids, timeout=20, what="the Discord press answered")
        await telegram.wait_for(lambda: telegram.answers_to(query), timeout=20)
        await telegram.wait_for(lambda: len(telegram.chat_messages(ann.id)) > 1, timeout=20)
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    said = discord.messages[press.followup_ids[0]]
    assert STORE_UNAVAILABLE in said["content"] and said["flags"] & 64, said  # to the presser alone
    assert discord.messages[int(board["id"])]["components"] == before["components"]
    assert [a.text for a in telegram.answers_to(query)] == [
        "⚠️ " + STORE_UNAVAILABLE + " Please try again in a moment."
    ]
    assert STORE_UNAVAILABLE in telegram.chat_messages(ann.id)[-1].text
    unchanged = telegram.message(ann.id, shown.message_id)  # its caption and its photo
    assert (unchanged.text, unchanged.photo) == (shown.text, shown.photo)

    again = discord.click(alice, board, turn["custom_id"])  # the lock is gone: the same key plays
    pressed = await discord.wait_for(lambda: discord.response(again), what="the press played")
    assert pressed["components"] != before["components"]
    query = telegram.press(ann, None, shown.message_id, text=shown.buttons[0].text)
    await telegram.wait_for(lambda: telegram.answers_to(query), timeout=START)
    played = telegram.message(ann.id, shown.message_id)
    assert (played.text, played.photo) != (shown.text, shown.photo)

    assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)
    warnings = [line for line in bot.lines if "the database cannot be used" in line]
    assert len(warnings) == 3 and all("WARNING" in line and "locked" in line for line in warnings), bot.stderr


# ---------------------------------------------------------------------------------------- SIGTERM to all


async def test_sigterm_to_the_whole_process_group_stops_cleanly(telegram: Any, golfbot: Any) -> None:
    """systemd (KillMode=control-group) and ``kill -TERM -<pgid>`` signal the solver workers too: they
    leave it to the bot, which stops them itself, so no pool "breaks" and none is started on the way out."""
    env = {"TELEGRAM_TOKEN": telegram.token, "TELEGRAM_API_BASE_URL": telegram.base_url}
    bot = await golfbot("telegram", session=True, **env)
    await telegram.wait_for(lambda: telegram.is_polling, timeout=START)
    await telegram_answers(telegram, fake_bot_api.FakeUser(id=111001, first_name="Alice"))
    await telegram.wait_for(lambda: descendants(bot.process.pid), what="the solver worker")
    bob = fake_bot_api.FakeUser(id=222002, first_name="Bob")
    telegram.push_command(bob, None, "/play strict+double 1 #169")  # its best score takes the workers seconds
    await telegram.wait_for(lambda: telegram.chat_messages(bob.id), timeout=START)
    await asyncio.sleep(0.5)  # the search under way in a worker
    os.killpg(bot.process.pid, signal.SIGTERM)
    assert await bot.exit_code() == 0, bot.stderr
    assert "pool broke" not in bot.stderr and "WARNING" not in bot.stderr, bot.stderr
    no_traceback(bot.stderr)


async def test_a_stop_does_not_wait_out_a_flood_wait(telegram: Any, golfbot: Any) -> None:
    """Telegram asks the bot to wait a minute before it writes to a chat again; SIGTERM meanwhile stops the
    bot at once (the reply is dropped, and said so in one line), not after the minute."""
    env = {"TELEGRAM_TOKEN": telegram.token, "TELEGRAM_API_BASE_URL": telegram.base_url}
    bot = await golfbot("telegram", **env)
    await telegram.wait_for(lambda: telegram.is_polling, timeout=START)
    alice = fake_bot_api.FakeUser(id=111001, first_name="Alice")
    telegram.rate_limit_next("sendPhoto", times=10, retry_after=60)  # the board, a photo
    telegram.push_command(alice, None, "/play strict 1 #24")
    await telegram.wait_for(lambda: "waiting 60 s" in bot.stderr, timeout=START)

    bot.process.send_signal(signal.SIGTERM)
    assert await bot.exit_code(timeout=START) == 0, bot.stderr  # at once: well before the 60 s are out
    said = [line for line in bot.lines if "not sent on the way out" in line]
    assert len(said) == 1 and "WARNING" in said[0] and "1 message not sent" in said[0], bot.stderr
    no_traceback(bot.stderr)


# ---------------------------------------------------------------------------------------- kill -9


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    def running(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        return state != "Z"

    return {pid for pid in pids if running(pid)}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("command", ["run", "discord", "telegram"])
async def test_kill_9_leaves_no_child_process(
    discord: Any, telegram: Any, golfbot: Any, command: str
) -> None:
    env = bots_env(discord, telegram)
    if command == "discord":
        env = {k: v for k, v in env.items() if k.startswith("DISCORD_")}
    if command == "telegram":
        env = {k: v for k, v in env.items() if k.startswith("TELEGRAM_")}
    bot = await golfbot(command, **env)
    alice = fake_bot_api.FakeUser(id=111001, first_name="Alice", username="alice")
    if command == "telegram":
        await telegram.wait_for(lambda: telegram.is_polling, timeout=START)
        await telegram_answers(telegram, alice)  # a hole starts: the solver pool works out its best score
    else:
        await discord.wait_for(lambda: discord.connected, timeout=START)
        await discord_answers(discord)
    await discord.wait_for(lambda: descendants(bot.process.pid), what="the solver worker")
    await asyncio.sleep(0.5)  # the pool's helpers (multiprocessing's resource tracker) start around it
    children = descendants(bot.process.pid)

    os.kill(bot.process.pid, signal.SIGKILL)
    await bot.process.wait()
    for _ in range(int(START / 0.2)):  # gone in a moment: START is a ceiling for a busy machine
        if not alive(children):
            break
        await asyncio.sleep(0.2)
    left = alive(children)
    for pid in left:  # clean up after a failure, then report it
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after kill -9 of golfbot {command}: {sorted(left)}"
