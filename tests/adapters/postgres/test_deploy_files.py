"""The example deployment (deploy/, docs/deploy.md) names real golfbot commands: each ``command:`` of the
compose file and each ``GOLFBOT_ARGS=`` of the systemd example parses with golfbot's own parser, and the
shard ranges of the Discord processes cover every shard once."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from adapters.cli.discord_command import shard_plan
from adapters.cli.main import build_parser

ROOT = Path(__file__).parents[3]


def compose_commands() -> list[list[str]]:
    text = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8")
    return [
        json.loads(m[1])
        for m in re.finditer(r"^\s+command: (\[\"(?:migrate|discord|telegram).*\])$", text, re.M)
    ]


def systemd_commands() -> list[list[str]]:
    found = []
    for name in ("deploy/golfbot@.service", "docs/deploy.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        found += [shlex.split(m[1]) for m in re.finditer(r"GOLFBOT_ARGS=(.+)$", text, re.M)]
    return found


def test_every_example_command_parses() -> None:
    commands = compose_commands() + systemd_commands()
    assert {c[0] for c in compose_commands()} == {"migrate", "discord", "telegram"}
    assert len(systemd_commands()) >= 4
    for command in commands:
        args = build_parser().parse_args(command)
        assert args.handler is not None


def test_the_discord_processes_of_the_compose_file_cover_every_shard_once() -> None:
    plans = [shard_plan(build_parser().parse_args(c)) for c in compose_commands() if c[0] == "discord"]
    assert all(plan is not None for plan in plans)
    counts = {plan[1] for plan in plans if plan is not None}
    shards = sorted(s for plan in plans if plan is not None for s in plan[0])
    assert len(counts) == 1 and shards == list(range(counts.pop()))


def test_the_healthcheck_asks_healthz_and_the_unit_uses_doctor() -> None:
    compose = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8")
    assert "u.urlopen('http://127.0.0.1:9108/healthz', timeout=10)" in compose
    assert re.search(r'^\s+GOLFBOT_METRICS_PORT: "9108"', compose, re.M)
    assert "ExecStartPre=/opt/golfbot/venv/bin/golfbot doctor" in (
        ROOT / "deploy" / "golfbot@.service"
    ).read_text(encoding="utf-8")


def test_the_compose_file_logs_json() -> None:
    text = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8")
    assert re.search(r"^\s+GOLFBOT_LOG_FORMAT: json\b", text, re.M)
