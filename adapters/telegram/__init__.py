"""Golf on Telegram (python-telegram-bot 22): commands, a board message with an inline keyboard edited
in place, in private chats and in groups. See docs/telegram.md.

Modules: ``app`` builds the Application, ``commands`` and ``buttons`` handle messages and callback
queries, ``render`` turns Screens into HTML and keyboards, ``arguments`` reads what players type,
``identity`` maps users and chats to Players and Places, ``ordering`` orders each user's updates,
``logs`` keeps the token out of the logs, and ``runner`` runs it all by long polling or behind a webhook.
"""
