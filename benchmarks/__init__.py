"""Loopback fakes of the chat platforms, for the tests and for ``golfbot bench discord`` / ``bench telegram``.

``fake_discord`` (Discord's REST and gateway) and ``fake_bot_api`` (Telegram's Bot API) are real aiohttp
servers on 127.0.0.1: a real bot process, or a real discord.py / python-telegram-bot in the tests, talks to
them over HTTP as it would to the platform. They fake the platform, never the library nor the bot, so this
package imports neither (import-linter checks it). One copy serves both: the tests' end-to-end checks and
the benchmark that times the bot through them. Installed with the project (``make install``), so the
``golfbot`` command finds it from a clone.
"""
