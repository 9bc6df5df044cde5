"""``golfbot doctor``: the command line. The checks (and the database drivers and HTTP client they need)
are in ``adapters.cli.doctor_checks``, imported when the command runs (``golfbot --help`` starts quickly)."""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any


def add_commands(sub: Any) -> None:
    command = sub.add_parser("doctor", help="check the database, its permissions and the bot tokens")
    command.add_argument("--db", help="SQLite database file or a postgresql:// URL (default: GOLFBOT_DB)")
    command.add_argument(
        "--skip-tokens", action="store_true", help="check the database only (a frequent health check)"
    )
    command.set_defaults(handler=doctor_command)


def doctor_command(args: argparse.Namespace) -> int:
    import asyncio

    from adapters.cli.config import Settings
    from adapters.cli.doctor_checks import run_checks

    settings = Settings.load(db=args.db)
    checks = asyncio.run(run_checks(settings, tokens=not args.skip_tokens))
    for check in checks:
        print(check.line())
    return 1 if any(c.status == "FAIL" for c in checks) else 0
