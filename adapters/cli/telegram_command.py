"""``golfbot telegram``: run the Telegram bot (alone; ``golfbot run`` runs every bot whose token is set).

Long polling by default. ``--webhook-url`` (or TELEGRAM_WEBHOOK_URL) switches to a webhook: the bot
listens on ``--listen``:``--port`` at the URL's path, and Telegram posts updates to the URL with the
secret token (``--secret-token`` or TELEGRAM_WEBHOOK_SECRET; a random one per start when neither is set).
The bot token comes from TELEGRAM_TOKEN (environment or ``.env``), never from the command line, and is
never printed. SIGTERM stops the bot cleanly, like Ctrl-C. No network at start is tried again for a while,
then reported in one line (exit code 1); a refused token is one line too (exit code 2): see ``chat_runner``.
"""

from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # imported when the command runs: `golfbot --help` starts without it
    from typing import Any

EXIT_NO_TOKEN = 2
EXIT_BAD_OPTIONS = 2


def add_commands(sub: Any) -> None:
    command = sub.add_parser("telegram", help="run the Telegram bot (needs TELEGRAM_TOKEN)")
    command.add_argument("--db", help="SQLite database file (default: the user data folder)")
    hook = command.add_argument_group("webhook mode (default: long polling)")
    hook.add_argument("--webhook-url", help="public https URL for Telegram's updates (TELEGRAM_WEBHOOK_URL)")
    hook.add_argument("--listen", default="0.0.0.0", help="address the webhook server binds (default all)")
    hook.add_argument("--port", type=int, default=8443, help="port of the webhook server (default 8443)")
    hook.add_argument(
        "--secret-token",
        default=os.environ.get("TELEGRAM_WEBHOOK_SECRET", ""),
        help="secret Telegram sends with each update (TELEGRAM_WEBHOOK_SECRET; default: random per start)",
    )
    command.set_defaults(handler=telegram_command)


def telegram_command(args: argparse.Namespace) -> int:
    # python-telegram-bot and the solver pool are imported only once this command runs.
    from adapters.cli.config import Settings, configure_logging

    settings = Settings.load(db=args.db)
    if not settings.telegram_token:
        print(
            "TELEGRAM_TOKEN is not set: put the bot token from @BotFather in the environment or in .env "
            "(see the README).",
            file=sys.stderr,
        )
        return EXIT_NO_TOKEN
    webhook_url = args.webhook_url or settings.telegram_webhook_url
    if webhook_url and not webhook_url.startswith(("https://", "http://")):
        print(f"--webhook-url must be an http(s) URL, not {webhook_url!r}", file=sys.stderr)
        return EXIT_BAD_OPTIONS
    configure_logging(settings)
    from adapters.cli.chat_runner import serve_chat_bots, telegram_bot
    from adapters.cli.eventloop import run
    from adapters.telegram.runner import Webhook

    webhook = Webhook(webhook_url, args.listen, args.port, args.secret_token) if webhook_url else None
    return run(serve_chat_bots(settings, [telegram_bot(settings, webhook)]))
