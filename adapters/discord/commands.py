"""The ``/golf`` command group: a thin layer over the core. Each command asks the Clubhouse for a Screen
(or the figures to build one) and hands it to ``replies``.

One group, so that later commands (daily, challenge, tournament) join it as methods or sub-groups; Discord
allows 25 sub-commands and sub-groups under a group, and this one uses 8.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

from adapters.discord.identity import display_name, place_of, player_of
from adapters.discord.replies import answer_command, no_tracebacks
from adapters.discord.rules_choices import describe, rules_suggestions
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.info_screens import help_screen, rules_screen, stats_screen
from bot.models import BoardLook, Place, PlaceSettings, Player
from bot.screens import Screen, ScreenKind
from engine.golf.scoring import PAR_PER_HOLE

Work = Callable[[Player, Place], Awaitable[Screen]]
NOT_AN_ADMIN = "Only members with the Manage Server permission can change the Golf settings."
NOT_IN_DMS = "Settings belong to a server; use this command there."


async def rules_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=describe(name), value=name) for name in rules_suggestions(current)]


def settings_screen(place: Place, settings: PlaceSettings, *, changed: bool) -> Screen:
    per_hole = PAR_PER_HOLE[settings.par_for_nine]
    lines = (
        f"Par: {settings.par_for_nine} for nine holes ({per_hole} a hole)",
        f"Default rules: {settings.default_rules}",
        f"Board: {settings.look.value}{' (four colours)' if settings.four_colour else ''}",
        f"Match clock: {settings.hole_seconds} seconds a hole",
    )
    title = f"⚙️ Golf settings — {escape_markdown(place.name)}" if place.name else "⚙️ Golf settings"
    blocks = ("\n".join(lines),) + (("Saved. New rounds use these settings.",) if changed else ())
    return Screen(ScreenKind.INFO, title=title, blocks=blocks)


class GolfCommands(app_commands.Group, name="golf", description="Golf patience, the card game"):
    def __init__(self, clubhouse: Clubhouse) -> None:
        super().__init__()
        self._club = clubhouse

    async def _answer(self, interaction: discord.Interaction, work: Work) -> None:
        async with no_tracebacks(interaction):
            place = place_of(interaction)
            settings = await self._club.place_settings(place)
            await answer_command(
                interaction, work(player_of(interaction.user), place), emoji=settings.look is BoardLook.EMOJI
            )

    @app_commands.command(description="Start a round of Golf")
    @app_commands.describe(
        rules="Rule set: strict (default), queens-on-kings or wrap, with +jokers=1, +double, …",
        holes="Holes in the round (default 9)",
        deal="Start at this deal number (PySolFC numbering), to replay or share a round",
    )
    @app_commands.autocomplete(rules=rules_autocomplete)
    async def play(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        holes: app_commands.Range[int, 1, 18] | None = None,
        deal: str | None = None,
    ) -> None:
        async def start(player: Player, place: Place) -> Screen:
            return await self._club.start_round(player, place, rules=rules, holes=holes, deal_code=deal)

        await self._answer(interaction, start)

    @app_commands.command(description="Show your round in progress here again")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.resume)

    @app_commands.command(description="Concede the hole in play (it scores the cards left)")
    async def concede(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.concede)

    @app_commands.command(description="Give up your round in progress here (it counts for nothing)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.abandon)

    @app_commands.command(description="Golf stats on this server: yours, or another member's")
    @app_commands.describe(member="Whose stats (default: yours)")
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        who = member or interaction.user

        async def show(_player: Player, place: Place) -> Screen:
            stats = await self._club.stats(player_of(who), place)
            name = escape_markdown(display_name(who) or "That member")
            return stats_screen(name, stats, where=escape_markdown(place.name))

        await self._answer(interaction, show)

    @app_commands.command(description="How to play, and the rule sets")
    @app_commands.describe(name="A rule set to explain (default: strict)")
    @app_commands.autocomplete(name=rules_autocomplete)
    async def rules(self, interaction: discord.Interaction, name: str | None = None) -> None:
        async def show(_player: Player, _place: Place) -> Screen:
            return rules_screen(name)

        await self._answer(interaction, show)

    @app_commands.command(name="help", description="The Golf commands")
    async def help_(self, interaction: discord.Interaction) -> None:
        async def show(_player: Player, _place: Place) -> Screen:
            return help_screen(self.command_list())

        await self._answer(interaction, show)

    @app_commands.command(
        description="Server settings: par, default rules, emoji board, match clock (Manage Server)"
    )
    @app_commands.describe(
        par="Par for nine holes: 45 (5 a hole) or 36 (4 a hole)",
        rules="The rules of a round started without the rules option",
        emoji="Draw the cards as emoji instead of a text block",
        clock="Seconds a player has for each hole of a match, group round or tournament (default 300)",
    )
    @app_commands.autocomplete(rules=rules_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        par: Literal[45, 36] | None = None,
        rules: str | None = None,
        emoji: bool | None = None,
        clock: app_commands.Range[int, 30, 86400] | None = None,
    ) -> None:
        async def change(_player: Player, place: Place) -> Screen:
            if interaction.guild_id is None:
                raise GolfError(NOT_IN_DMS)
            if (par, rules, emoji, clock) == (None,) * 4:  # anyone may see them; a change is the managers'
                return settings_screen(place, await self._club.place_settings(place), changed=False)
            if not interaction.permissions.manage_guild:
                raise GolfError(NOT_AN_ADMIN)
            new, changed = await self._club.change_place_settings(
                place,
                par_for_nine=par,
                rules=rules,
                look=None if emoji is None else BoardLook.EMOJI if emoji else BoardLook.TEXT,
                hole_seconds=clock,
            )
            return settings_screen(place, new, changed=changed)

        await self._answer(interaction, change)

    def command_list(self) -> dict[str, str]:
        """``/golf play [rules] [holes] [deal]`` -> what it does, for every command of the group."""
        listed: dict[str, str] = {}
        for command in self.walk_commands():
            if isinstance(command, app_commands.Command):
                options = " ".join(p.name if p.required else f"[{p.name}]" for p in command.parameters)
                listed[f"/{command.qualified_name} {options}".rstrip()] = command.description
        return listed
