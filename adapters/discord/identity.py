"""Who plays and where, in the core's terms: a Discord user is a Player, a server (or a DM) is a Place."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.models import Place, Player

PLATFORM = "discord"


def player_of(user: discord.User | discord.Member | discord.Object) -> Player:
    return Player(PLATFORM, str(user.id), display_name(user))


def display_name(user: discord.User | discord.Member | discord.Object) -> str:
    """The name a user goes by here; "" for a bare id (a user option that came without the user's details,
    which discord.py hands over as an ``Object``)."""
    return str(getattr(user, "display_name", "") or "")


def place_of(interaction: discord.Interaction) -> Place:
    """The server the interaction came from; a direct message with the bot is a place of its own."""
    if interaction.guild_id is None:
        # Translators: a place's name: where a player plays with the bot alone ("… — direct messages")
        return Place(PLATFORM, f"dm-{interaction.user.id}", _("direct messages"))
    guild = interaction.guild
    return Place(PLATFORM, str(interaction.guild_id), guild.name if guild is not None else "")


def where_of(interaction: discord.Interaction) -> str:
    """The message a click came on, as the core keeps message locations (``<channel>/<message>``); "" for
    an ephemeral one (a daily board, a match board: nobody else sees it, and nothing redraws it)."""
    message, channel = interaction.message, interaction.channel_id
    if message is None or channel is None or message.flags.ephemeral:
        return ""
    return f"{channel}/{message.id}"
