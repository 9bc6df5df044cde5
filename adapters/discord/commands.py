"""The ``/golf`` command group: a thin layer over the core. Each command asks the Clubhouse for a Screen
(or the figures to build one) and hands it to ``replies``.

One group, so that later commands (daily, challenge, tournament) join it as methods or sub-groups; Discord
allows 25 sub-commands and sub-groups under a group, and this one uses 9 (and the sub-commands other
modules add: sixcard, daily, the competitions').

``/golf web-table`` starts the web table, the app's Activity (docs/web-table.md), where the bot serves it
(``GOLFBOT_WEB_URL`` and ``GOLFBOT_WEB_PORT``: ``web_on``); elsewhere it says in one line that it is not
set up. (Not ``/golf table``: that is the server's league table, ``compete.py``.)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from typing import Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

from adapters.discord.drawing import Drawing, Pen
from adapters.discord.identity import display_name, place_of, player_of
from adapters.discord.language import LANGUAGE_CHOICES
from adapters.discord.replies import answer_command, no_tracebacks, tell
from adapters.discord.rules_choices import GAME_CHOICES, describe, rules_suggestions
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.i18n import N_, SOURCE, _, language_name, ngettext, privately, resolve, speaking
from bot.info_screens import help_screen, rules_screen, stats_screen
from bot.models import BoardLook, Look, Place, PlaceSettings, Player, PlayerSettings
from bot.options import game_rules
from bot.places import KEEP, Keep, language_option
from bot.screens import Screen, ScreenKind
from engine.golf.scoring import PAR_PER_HOLE

log = logging.getLogger(__name__)

Work = Callable[[Player, Place], Awaitable[Screen]]
NOT_AN_ADMIN = N_("Only members with the Manage Server permission can change the Golf settings.")
NOT_IN_DMS = N_("Settings belong to a server; use this command there.")
NO_WEB_TABLE = N_("The web table is not set up on this bot: play here with /golf play.")
NO_ACTIVITY = N_(
    "Discord would not start the web table here: the app's Activity is not set up yet. Play with /golf play."
)
AS_THE_SERVER = "server"
"""``/golf look board:server``: drop your own look, follow the server's."""


LOOKS = {
    # Translators: a board look: pictures of the cards (also a choice of /golf look and /golf settings)
    BoardLook.IMAGE: N_("image"),
    # Translators: a board look: the cards as text (also a choice of /golf look and /golf settings)
    BoardLook.TEXT: N_("text"),
    # Translators: a board look: the cards as emoji (also a choice of /golf look and /golf settings)
    BoardLook.EMOJI: N_("emoji"),
}
"""Each board look as a member reads it (the name of its choice)."""


def look_text(look: Look) -> str:
    board = _(LOOKS[look.board])
    # Translators: a board look with the four-colour deck, e.g. "image (four colours)"
    return _("{look} (four colours)", look=board) if look.four_colour else board


def look_screen(mine: PlayerSettings, now: Look, *, changed: bool) -> Screen:
    """What ``/golf look`` answers: the look in force for the player's boards, and whose choice it is."""
    board = _("Look: the server's") if mine.look is None else _("Look: your own choice")
    if mine.four_colour is None:
        colours = _("four colours: the server's")
    else:
        colours = _("four colours: your own choice")
    lines = (
        _("Your boards: {look}", look=look_text(now)),
        f"{board} · {colours}",
        _("What is posted for everyone (a Six-card table, scoreboards) follows the server's settings."),
    )
    # Translators: under the board look a member has just changed with /golf look
    saved = (_("Saved."),) if changed else ()
    return Screen(ScreenKind.INFO, title=_("🎴 Your board look"), blocks=("\n".join(lines), *saved))


async def rules_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=describe(name), value=name) for name in rules_suggestions(current)]


def language_screen(mine: PlayerSettings, speaks: str, *, changed: bool) -> Screen:
    """What ``/golf language`` answers: the language the player is answered in, and whose choice it is."""
    if mine.language is None:
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        line = _("I answer you in {language}, as your Discord app says.", language=language_name(speaks))
    else:
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        line = _("I answer you in {language} (your own choice).", language=language_name(speaks))
    lines = (
        line,
        _("What I post in a channel is in the server's language (/golf settings, by its managers)."),
    )
    saved = (_("Saved."),) if changed else ()
    return Screen(ScreenKind.INFO, title=_("🌐 Language"), blocks=("\n".join(lines), *saved))


def settings_screen(place: Place, settings: PlaceSettings, *, changed: bool, speaks: str = SOURCE) -> Screen:
    """``speaks``: the language the server's posts are in now (its choice, else its locale)."""
    per_hole = PAR_PER_HOLE[settings.par_for_nine]
    seconds = settings.hole_seconds
    lines = (
        _("Par: {par} for nine holes ({per_hole} a hole)", par=settings.par_for_nine, per_hole=per_hole),
        _("Default rules: {rules}", rules=settings.default_rules),
        _(
            "Boards: {look} (a member may choose their own: /golf look)",
            look=look_text(settings.board_look),
        ),
        ngettext(
            "Match clock: {count} second a hole",
            "Match clock: {count} seconds a hole",
            seconds,
            count=seconds,
        ),
        # Translators: {language} is a language's own name, e.g. "Deutsch"
        _("Posts: in {language} (chosen here)", language=language_name(speaks))
        if settings.language
        else _(
            "Posts: in {language} (the server's language; a member may choose their own: /golf language)",
            language=language_name(speaks),
        ),
    )
    if place.name:
        title = _("⚙️ Golf settings — {server}", server=escape_markdown(place.name))
    else:
        title = _("⚙️ Golf settings")
    blocks = ("\n".join(lines),) + ((_("Saved. New rounds use these settings."),) if changed else ())
    return Screen(ScreenKind.INFO, title=title, blocks=blocks)


class GolfCommands(app_commands.Group, name="golf", description=N_("Golf patience, the card game")):
    def __init__(self, clubhouse: Clubhouse, drawing: Drawing) -> None:
        super().__init__()
        self._club = clubhouse
        self._drawing = drawing
        self.web_on = False
        """The bot serves the web table (``/golf table`` starts the Activity)."""

    async def _answer(self, interaction: discord.Interaction, work: Work, *, alone: bool = False) -> None:
        """``alone``: the answer is the presser's alone (ephemeral: help, rules, stats, settings), so it is
        in their language; a board is posted for everyone, in the server's (``language.py``)."""
        async with no_tracebacks(interaction):
            place = place_of(interaction)
            with privately() if alone else nullcontext():
                work_done = work(player_of(interaction.user), place)
                await answer_command(interaction, work_done, pen=Pen(self._drawing, place))

    @app_commands.command(
        description=N_("Start a round of Golf, or of TriPeaks, Black Hole … (the game option)")
    )
    @app_commands.describe(
        rules=N_("Rule set: strict (default), queens-on-kings or wrap, with +jokers=1, +double, …"),
        holes=N_("Holes in the round (default 9)"),
        deal=N_("Start at this deal number (PySolFC numbering), to replay or share a round"),
        game=N_("Golf (default), or a game of the Golf family"),
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

    @app_commands.command(description=N_("Show your round in progress here again"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.resume)

    @app_commands.command(description=N_("Concede the hole in play (it scores the cards left)"))
    async def concede(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.concede)

    @app_commands.command(description=N_("Give up your round in progress here (it counts for nothing)"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, self._club.abandon)

    @app_commands.command(description=N_("Golf stats on this server: yours, or another member's"))
    @app_commands.describe(member=N_("Whose stats (default: yours)"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        who = member or interaction.user

        async def show(_player: Player, place: Place) -> Screen:
            stats = await self._club.stats(player_of(who), place)
            # Translators: stands for a member whose name Discord did not give ("That member's Golf")
            name = escape_markdown(display_name(who) or _("That member"))
            return stats_screen(name, stats, where=escape_markdown(place.name))

        await self._answer(interaction, show, alone=True)

    @app_commands.command(description=N_("How to play, and the rule sets"))
    @app_commands.describe(name=N_("A rule set to explain (default: strict)"))
    @app_commands.autocomplete(name=rules_autocomplete)
    async def rules(self, interaction: discord.Interaction, name: str | None = None) -> None:
        async def show(_player: Player, _place: Place) -> Screen:
            return rules_screen(name)

        await self._answer(interaction, show, alone=True)

    @app_commands.command(
        name="web-table", description=N_("Open the web table, where you tap the cards (a Discord Activity)")
    )
    async def web_table(self, interaction: discord.Interaction) -> None:
        """``/golf web-table`` (``/golf table`` is the server's league table: ``compete.py``)."""
        async with no_tracebacks(interaction):
            if not self.web_on:
                await tell(interaction, NO_WEB_TABLE)
                return
            try:
                await interaction.response.launch_activity()
            except discord.HTTPException as error:  # no Activity set up in the developer portal, say
                log.warning(
                    "Discord refused to start the Activity (%s %s): set it up in the developer portal",
                    error.status,
                    error.text[:80],
                )
                await tell(interaction, NO_ACTIVITY)

    @app_commands.command(name="help", description=N_("The Golf commands"))
    async def help_(self, interaction: discord.Interaction) -> None:
        async def show(_player: Player, _place: Place) -> Screen:
            return help_screen(self.command_list())

        await self._answer(interaction, show, alone=True)

    @app_commands.command(
        description=N_("Server settings: par, default rules, board look, match clock (Manage Server)")
    )
    @app_commands.describe(
        par=N_("Par for nine holes: 45 (5 a hole) or 36 (4 a hole)"),
        rules=N_("The rules of a round started without the rules option"),
        look=N_("How boards are drawn: image (pictures of the cards, the default), text or emoji"),
        four_colour=N_("A four-colour deck (spades black, hearts red, diamonds blue, clubs green)"),
        clock=N_("Seconds a player has for each hole of a match, group round or tournament (default 300)"),
        language=N_("The language of the bot's posts here (Auto: the server's own language)"),
    )
    @app_commands.rename(four_colour="four-colour")
    @app_commands.autocomplete(rules=rules_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        par: Literal[45, 36] | None = None,
        rules: str | None = None,
        look: Literal["image", "text", "emoji"] | None = None,
        four_colour: bool | None = None,
        clock: app_commands.Range[int, 30, 86400] | None = None,
        language: str | None = None,
    ) -> None:
        server = interaction.guild_locale.value if interaction.guild_locale else None

        async def change(_player: Player, place: Place) -> Screen:
            if interaction.guild_id is None:
                raise GolfError(NOT_IN_DMS)
            if (par, rules, look, four_colour, clock, language) == (None,) * 6:  # anyone may see them
                settings = await self._club.place_settings(place)
                speaks = await self._club.places.place_language(place, server)
                return settings_screen(place, settings, changed=False, speaks=speaks)
            if not interaction.permissions.manage_guild:  # a change is the managers'
                raise GolfError(NOT_AN_ADMIN)
            new, changed = await self._club.change_place_settings(
                place,
                par_for_nine=par,
                rules=rules,
                look=None if look is None else BoardLook(look),
                four_colour=four_colour,
                hole_seconds=clock,
                language=KEEP if language is None else language_option(language),
            )
            speaks = await self._club.places.place_language(place, server)
            return settings_screen(place, new, changed=changed, speaks=speaks)

        await self._answer(interaction, change, alone=True)

    @app_commands.command(name="look", description=N_("How your own boards are drawn: image, text or emoji"))
    @app_commands.describe(
        board=N_("image (pictures of the cards), text, emoji, or server: as this server's settings say"),
        four_colour=N_("A four-colour deck (spades black, hearts red, diamonds blue, clubs green)"),
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

        await self._answer(interaction, change, alone=True)

    @app_commands.command(name="language", description=N_("The language the bot answers you in"))
    @app_commands.describe(language=N_("Your language (Auto: the one your Discord app runs in)"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language_(self, interaction: discord.Interaction, language: str | None = None) -> None:
        app = interaction.locale.value if interaction.locale else None

        async def change(player: Player, place: Place) -> Screen:
            places = self._club.places
            await places.ensure_player(player)
            if language is None:
                mine, changed = await places.player_settings(player), False
            else:
                mine, changed = await places.change_player_settings(
                    player, language=language_option(language)
                )
            with speaking(resolve(mine.language, app)):  # the answer in the language just chosen
                return language_screen(mine, resolve(mine.language, app), changed=changed)

        await self._answer(interaction, change, alone=True)

    def command_list(self) -> dict[str, str]:
        """``/golf play [rules] [holes] [deal] [game]`` -> what it does, for every command of the group."""
        listed: dict[str, str] = {}
        for command in self.walk_commands():
            if isinstance(command, app_commands.Command):
                options = " ".join(
                    p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters
                )
                listed[f"/{command.qualified_name} {options}".rstrip()] = _(command.description)
        return listed
