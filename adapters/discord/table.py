"""Six-card Golf at a channel's table on Discord (``bot.table``): ``/golf sixcard`` posts the table in the
channel, buttons and all; every click edits it (through the client's usual press path, which always gets
the table as everyone sees it); the card a player draws from the stock is then shown to them alone, in an
ephemeral follow-up."""

from __future__ import annotations

import discord
from discord import app_commands

from adapters.discord.identity import place_of, player_of
from adapters.discord.render import render_notice
from adapters.discord.replies import answer_command, no_tracebacks
from bot.clubhouse import Clubhouse
from bot.table import DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT


def sixcard_command(clubhouse: Clubhouse) -> app_commands.Command[app_commands.Group, ..., None]:
    """``/golf sixcard [clock]``: open a Six-card Golf table here, with you in the first seat."""

    @app_commands.describe(
        clock=f"Seconds for each turn before the computer plays it (default {DEFAULT_LIMIT})"
    )
    async def sixcard(
        interaction: discord.Interaction, clock: app_commands.Range[int, MIN_LIMIT, MAX_LIMIT] = DEFAULT_LIMIT
    ) -> None:
        async with no_tracebacks(interaction):
            place = place_of(interaction)
            settings = await clubhouse.place_settings(place)
            player = player_of(interaction.user)
            await clubhouse.places.ensure_player(player)
            work = clubhouse.table.create(player, place, limit=clock)
            await answer_command(interaction, work, emoji=settings.emoji)

    return app_commands.Command(
        name="sixcard",
        description="Open a table of Six-card Golf here (2-4 players, computers on request)",
        callback=sixcard,
    )


async def tell_drawn(interaction: discord.Interaction, clubhouse: Clubhouse, action_id: str) -> None:
    """After a click on a table: the card the clicker holds from the stock, shown to them alone."""
    text = await clubhouse.table.drawn_after(player_of(interaction.user).key, action_id)
    if text is not None:
        await interaction.followup.send(render_notice(text), ephemeral=True)
