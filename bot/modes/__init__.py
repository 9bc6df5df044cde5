"""The modes: each a kind of session on the sessions (``bot.sessions``), independent of the others."""
