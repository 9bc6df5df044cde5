"""Who plays and where, in the core's terms: a Discord user is a Player, a server (or a DM) is a Place."""

from __future__ import annotations

import discord

from bot.models import Place, Player

PLATFORM = "discord"


def player_of(user: discord.User | discord.Member) -> Player:
    return Player(PLATFORM, str(user.id), user.display_name)


def place_of(interaction: discord.Interaction) -> Place:
    """The server the interaction came from; a direct message with the bot is a place of its own."""
    if interaction.guild_id is None:
        return Place(PLATFORM, f"dm-{interaction.user.id}", "direct messages")
    guild = interaction.guild
    return Place(PLATFORM, str(interaction.guild_id), guild.name if guild is not None else "")
