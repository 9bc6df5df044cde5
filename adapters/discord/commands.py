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

from adapters.discord.drawing import Drawing, Pen
from adapters.discord.identity import display_name, place_of, player_of
from adapters.discord.replies import answer_command, no_tracebacks
from adapters.discord.rules_choices import GAME_CHOICES, describe, rules_suggestions
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.info_screens import help_screen, rules_screen, stats_screen
from bot.models import BoardLook, Look, Place, PlaceSettings, Player, PlayerSettings
from bot.options import game_rules
from bot.places import KEEP, Keep
from bot.screens import Screen, ScreenKind
from engine.golf.scoring import PAR_PER_HOLE

Work = Callable[[Player, Place], Awaitable[Screen]]
NOT_AN_ADMIN = "Only members with the Manage Server permission can change the Golf settings."
NOT_IN_DMS = "Settings belong to a server; use this command there."
AS_THE_SERVER = "server"
"""``/golf look board:server``: drop your own look, follow the server's."""


def look_text(look: Look) -> str:
    return f"{look.board.value}{' (four colours)' if look.four_colour else ''}"


def look_screen(mine: PlayerSettings, now: Look, *, changed: bool) -> Screen:
    """What ``/golf look`` answers: the look in force for the player's boards, and whose choice it is."""
    board = "the server's" if mine.look is None else "your own choice"
    colours = "the server's" if mine.four_colour is None else "your own choice"
    lines = (
        f"Your boards: {look_text(now)}",
        f"Look: {board} · four colours: {colours}",
        "What is posted for everyone (a Six-card table, scoreboards) follows the server's settings.",
    )
    saved = ("Saved.",) if changed else ()
    return Screen(ScreenKind.INFO, title="🎴 Your board look", blocks=("\n".join(lines), *saved))


async def rules_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=describe(name), value=name) for name in rules_suggestions(current)]


def settings_screen(place: Place, settings: PlaceSettings, *, changed: bool) -> Screen:
    per_hole = PAR_PER_HOLE[settings.par_for_nine]
    lines = (
        f"Par: {settings.par_for_nine} for nine holes ({per_hole} a hole)",
        f"Default rules: {settings.default_rules}",
        f"Boards: {look_text(settings.board_look)} (a member may choose their own: /golf look)",
        f"Match clock: {settings.hole_seconds} seconds a hole",
    )
    title = f"⚙️ Golf settings — {escape_markdown(place.name)}" if place.name else "⚙️ Golf settings"
    blocks = ("\n".join(lines),) + (("Saved. New rounds use these settings.",) if changed else ())
    return Screen(ScreenKind.INFO, title=title, blocks=blocks)


class GolfCommands(app_commands.Group, name="golf", description="Golf patience, the card game"):
    def __init__(self, clubhouse: Clubhouse, drawing: Drawing) -> None:
        super().__init__()
        self._club = clubhouse
        self._drawing = drawing

    async def _answer(self, interaction: discord.Interaction, work: Work) -> None:
        async with no_tracebacks(interaction):
            place = place_of(interaction)
            work_done = work(player_of(interaction.user), place)
            await answer_command(interaction, work_done, pen=Pen(self._drawing, place))

    @app_commands.command(description="Start a round of Golf, or of TriPeaks, Black Hole … (the game option)")
    @app_commands.describe(
        rules="Rule set: strict (default), queens-on-kings or wrap, with +jokers=1, +double, …",
        holes="Holes in the round (default 9)",
        deal="Start at this deal number (PySolFC numbering), to replay or share a round",
        game="Golf (default), or a game of the Golf family",
    )
    @app_commands.autocomplete(rules=rules_autocomplete)
    @app_commands.choices(game=GAME_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        holes: app_commands.Range[int, 1, 18] | None = None,
        deal: str | None = None,
        game: str | None = None,
    ) -> None:
        async def start(player: Player, place: Place) -> Screen:
            chosen = game_rules(game, rules)
            return await self._club.start_round(player, place, rules=chosen, holes=holes, deal_code=deal)

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
        description="Server settings: par, default rules, board look, match clock (Manage Server)"
    )
    @app_commands.describe(
        par="Par for nine holes: 45 (5 a hole) or 36 (4 a hole)",
        rules="The rules of a round started without the rules option",
        look="How boards are drawn: image (pictures of the cards, the default), text or emoji",
        four_colour="A four-colour deck (spades black, hearts red, diamonds blue, clubs green)",
        clock="Seconds a player has for each hole of a match, group round or tournament (default 300)",
    )
    @app_commands.rename(four_colour="four-colour")
    @app_commands.autocomplete(rules=rules_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        par: Literal[45, 36] | None = None,
        rules: str | None = None,
        look: Literal["image", "text", "emoji"] | None = None,
        four_colour: bool | None = None,
        clock: app_commands.Range[int, 30, 86400] | None = None,
    ) -> None:
        async def change(_player: Player, place: Place) -> Screen:
            if interaction.guild_id is None:
                raise GolfError(NOT_IN_DMS)
            if (par, rules, look, four_colour, clock) == (None,) * 5:  # anyone may see them
                return settings_screen(place, await self._club.place_settings(place), changed=False)
            if not interaction.permissions.manage_guild:  # a change is the managers'
                raise GolfError(NOT_AN_ADMIN)
            new, changed = await self._club.change_place_settings(
                place,
                par_for_nine=par,
                rules=rules,
                look=None if look is None else BoardLook(look),
                four_colour=four_colour,
                hole_seconds=clock,
            )
            return settings_screen(place, new, changed=changed)

        await self._answer(interaction, change)

    @app_commands.command(name="look", description="How your own boards are drawn: image, text or emoji")
    @app_commands.describe(
        board="image (pictures of the cards), text, emoji, or server: as this server's settings say",
        four_colour="A four-colour deck (spades black, hearts red, diamonds blue, clubs green)",
    )
    @app_commands.rename(four_colour="four-colour")
    async def look_(
        self,
        interaction: discord.Interaction,
        board: Literal["image", "text", "emoji", "server"] | None = None,
        four_colour: bool | None = None,
    ) -> None:
        async def change(player: Player, place: Place) -> Screen:
            places = self._club.places
            await places.ensure_player(player)
            if board is None and four_colour is None:
                mine, changed = await places.player_settings(player), False
            else:
                chosen: BoardLook | Keep | None = KEEP
                colours: bool | Keep | None = KEEP if four_colour is None else four_colour
                if board == AS_THE_SERVER:  # the server's look, and its colours unless chosen here too
                    chosen, colours = None, four_colour
                elif board is not None:
                    chosen = BoardLook(board)
                mine, changed = await places.change_player_settings(player, look=chosen, four_colour=colours)
            return look_screen(mine, await places.look(place, player), changed=changed)

        await self._answer(interaction, change)

    def command_list(self) -> dict[str, str]:
        """``/golf play [rules] [holes] [deal] [game]`` -> what it does, for every command of the group."""
        listed: dict[str, str] = {}
        for command in self.walk_commands():
            if isinstance(command, app_commands.Command):
                options = " ".join(
                    p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters
                )
                listed[f"/{command.qualified_name} {options}".rstrip()] = command.description
        return listed
