"""``golfbot run --metrics-port``: a real process against the loopback fake of Discord serves Prometheus
``/metrics`` (parsed with prometheus-client's own text parser: the press counters and the press-to-answer
histogram move by exactly the presses made) and ``/healthz`` (503 with the reason while the fake Discord's
gateway is cut off by a LoopbackCable, 200 again once it is back). A port already in use is one line and
exit code 1, at start."""

from __future__ import annotations

import asyncio
import importlib.util
import re
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

_spec = importlib.util.spec_from_file_location(
    "run_command_for_metrics", Path(__file__).with_name("test_run_command.py")
)
assert _spec is not None and _spec.loader is not None
run_command = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = run_command
_spec.loader.exec_module(run_command)

discord, telegram = run_command.discord, run_command.telegram  # the fixtures: the fakes, golfbot processes
golfbot = run_command.golfbot
loopback_cable, unused_port, no_traceback = (
    run_command.loopback_cable,
    run_command.unused_port,
    run_command.no_traceback,
)
START = run_command.START
COMPOSE = Path(__file__).resolve().parents[3] / "deploy" / "compose.yaml"


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except OSError as error:
        return 0, str(error)


async def health_becomes(port: int, status: int, timeout: float = START) -> str:  # noqa: ASYNC109
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        code, body = await asyncio.to_thread(get, port, "/healthz")
        if code == status:
            return body
        if loop.time() > deadline:
            raise AssertionError(f"/healthz stayed {code} ({body.strip()}), not {status}")
        await asyncio.sleep(0.2)


async def compose_healthcheck(port: int) -> int:
    """The exit code of deploy/compose.yaml's health check, run against ``port``."""
    compose = COMPOSE.read_text(encoding="utf-8")
    match = re.search(r'test: \["CMD", "python", "-c", "([^"]+)"\]', compose)
    assert match, "no python health check in deploy/compose.yaml"
    code = match[1].replace(":9108/", f":{port}/")
    probe = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    return await asyncio.wait_for(probe.wait(), 30)


async def samples(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics, parsed by prometheus-client: (name, labels) -> value."""
    code, text = await asyncio.to_thread(get, port, "/metrics")
    assert code == 200, text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def moved(before: dict[Any, float], after: dict[Any, float], name: str, **labels: str) -> float:
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0.0) - before.get(key, 0.0)


async def press_a_card(fake: Any, board: dict[str, Any]) -> dict[str, Any]:
    """Press the first playable card (else the stock) and wait for the board's edit."""
    alice = fake.members[0]
    board = fake.messages[int(board["id"])]
    buttons = [b for b in fake.buttons(board) if not b.get("disabled")]
    button = next((b for b in buttons if b.get("style") == 1), None) or next(
        b for b in buttons if "Turn" in b.get("label", "")
    )
    press = fake.click(alice, board, button["custom_id"])
    await fake.wait_for(lambda: fake.response(press), timeout=START, what="the press answered")
    return dict(fake.messages[int(board["id"])])


async def test_metrics_count_the_presses_and_healthz_follows_the_gateway(
    discord: Any, telegram: Any, golfbot: Any
) -> None:
    port = unused_port()
    async with loopback_cable.LoopbackCable(discord.port) as cable:
        env = run_command.bots_env(discord, telegram, DISCORD_API_BASE_URL=f"http://127.0.0.1:{cable.port}")
        bot = await golfbot("run", "--metrics-port", str(port), **env)
        await run_command.both_up(discord, telegram, bot)
        assert (await health_becomes(port, 200)).strip() == "ok"
        assert await compose_healthcheck(port) == 0  # deploy/compose.yaml's probe, as it is written

        alice = discord.members[0]
        play = discord.slash(alice, "golf play", holes=1, deal="24")
        board = await discord.wait_for(lambda: discord.response(play), timeout=START, what="the board")
        before = await samples(port)
        for _ in range(3):
            board = await press_a_card(discord, board)
        ann = run_command.fake_bot_api.FakeUser(id=111001, first_name="Ann")
        await run_command.telegram_answers(telegram, ann)
        shown = telegram.chat_messages(ann.id)[-1]
        for index in range(2):  # the first two keys of the board as it stands (a photo's relabel)
            keys = telegram.message(ann.id, shown.message_id).buttons
            query = telegram.press(ann, None, shown.message_id, data=keys[index].callback_data)
            await telegram.wait_for(lambda q=query: telegram.answers_to(q), timeout=START)
        after = await samples(port)

        telegram_presses = sum(
            moved(before, after, "golfbot_presses_total", platform="telegram", outcome=outcome)
            for outcome in ("played", "refused", "unavailable", "forged", "error")
        )
        assert telegram_presses == 2
        assert moved(before, after, "golfbot_press_seconds_count", platform="telegram") == 2
        assert moved(before, after, "golfbot_commands_total", platform="telegram", outcome="ok") == 1
        assert moved(before, after, "golfbot_presses_total", platform="discord", outcome="played") == 3
        assert moved(before, after, "golfbot_press_seconds_count", platform="discord") == 3
        assert moved(before, after, "golfbot_press_seconds_bucket", platform="discord", le="+Inf") == 3
        assert moved(before, after, "golfbot_press_seconds_sum", platform="discord") > 0
        assert moved(before, after, "golfbot_presses_total", platform="discord", outcome="refused") == 0
        assert after[("golfbot_commands_total", (("outcome", "ok"), ("platform", "discord")))] >= 1
        assert ("golfbot_sessions_cached", ()) in after and ("golfbot_solver_queue", ()) in after
        assert ("golfbot_timers_due_total", ()) in after
        assert after[("golfbot_bot_connected", (("platform", "discord"),))] == 1

        await cable.unplug()  # the network between the bot and Discord is gone
        down = await health_becomes(port, 503)
        assert down.strip() == "discord: the gateway connection is lost (reconnecting)"
        assert await compose_healthcheck(port) != 0
        await cable.plug_in()
        assert (await health_becomes(port, 200)).strip() == "ok"

        assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)
    assert f"metrics on port {port}: /metrics and /healthz" in bot.stderr


async def test_a_metrics_port_in_use_is_one_line_and_exit_code_1(discord: Any, golfbot: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = await golfbot(
            "run",
            DISCORD_TOKEN=discord.token,
            DISCORD_API_BASE_URL=discord.base_url,
            GOLFBOT_METRICS_PORT=str(port),
        )
        assert await bot.exit_code() == 1
    assert bot.lines == [
        f"golfbot run: cannot listen on 127.0.0.1:{port} for metrics: Address already in use"
        " (choose another GOLFBOT_METRICS_PORT or --metrics-port)"
    ]
    assert not discord.connected and not discord.commands  # refused before the bot connected
