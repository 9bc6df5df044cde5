"""Which language each interaction is answered in, and the language choices of ``/golf language`` and
``/golf settings language``.

An interaction runs in a task of its own, so its language is chosen once, first (``choose``: the command
tree's check, and a button's press): the presser's (their ``/golf language``, else the language their
Discord runs in, ``interaction.locale``) for what only they see — the ephemeral answers, a refusal, their
own board — and the server's (its ``/golf settings language``, else the server's own locale,
``guild_locale``) for what is posted in a channel for everyone: boards, tables, scoreboards. In direct
messages, everything is the presser's.
"""

from __future__ import annotations

import discord
from discord import app_commands

from adapters.discord.identity import place_of, player_of
from bot.i18n import LANGUAGES, NAMES, use
from bot.places import Places
from bot.ports import StoreUnavailable

AUTO = "auto"
"""The choice that follows the platform again (the app's language; the server's locale)."""
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES),
    app_commands.Choice(name="Auto", value=AUTO),
]
"""Each shipped language by its own name (not translated: a player finds their own language by it)."""


async def choose(places: Places, interaction: discord.Interaction, *, alone: bool = False) -> None:
    """The language of ``interaction``'s answers, from now on in its task; ``alone``: all of them are the
    presser's (a press on an ephemeral message: a daily board, their own match board)."""
    app = str(interaction.locale.value) if interaction.locale else None
    try:
        presser = await places.player_language(player_of(interaction.user), app)
        if interaction.guild_id is None or alone:
            use(presser)
        else:
            server = interaction.guild_locale.value if interaction.guild_locale else None
            use(await places.place_language(place_of(interaction), server), presser=presser)
    except StoreUnavailable:  # (the interaction itself meets it and says so): the app's language meanwhile
        use(app)


class Tree(app_commands.CommandTree[discord.Client]):
    """The command tree: every command's language is chosen before it runs (the client's ``clubhouse``
    keeps the choices)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        clubhouse = getattr(self.client, "clubhouse", None)
        if clubhouse is not None:
            await choose(clubhouse.places, interaction)
        return True


def is_ephemeral(message: discord.Message | None) -> bool:
    """A message only its reader sees (an ephemeral answer)."""
    return message is not None and message.flags.ephemeral
