"""The web table (docs/web-table.md): a Telegram Mini App and a Discord Activity served by the bot process,
an aiohttp site whose WebSocket presses the core's buttons through the Clubhouse's door and pushes every
open view its seat's screen after each commit."""
