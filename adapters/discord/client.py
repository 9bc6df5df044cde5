"""The discord.Client: the ``/golf`` commands, every button of ours (one handler for the presses of every id
family), and an answer for every other click.

Slash commands and buttons arrive as interactions, which need no privileged intent; the only intent asked
for is ``guilds`` (to know the servers and their names). Mentions are switched off for everything the bot
sends, so a display name can never ping anyone.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from adapters import log_context, metrics
from adapters.discord.buttons import GolfButton, ids_on, is_golf_click, is_on_its_message
from adapters.discord.commands import GolfCommands
from adapters.discord.cycles import release
from adapters.discord.daily import add_daily_commands
from adapters.discord.drawing import Drawing, Pen
from adapters.discord.identity import PLATFORM, place_of, player_of, where_of
from adapters.discord.language import Tree, choose, is_ephemeral
from adapters.discord.press import Boards, answer_press
from adapters.discord.replies import SORRY, no_tracebacks, tell
from adapters.discord.table import sixcard_command
from adapters.discord.translator import GolfTranslator
from adapters.pacing import ChannelPosts
from adapters.pictures import Pictures
from bot.clubhouse import Clubhouse
from bot.desks import DailyDesk
from bot.i18n import N_
from bot.ports import StoreUnavailable
from bot.press_guard import NOT_ON_MESSAGE
from bot.texts import STORE_UNAVAILABLE

log = logging.getLogger(__name__)

USER_OPTION = discord.AppCommandOptionType.user
NO_SUCH_MEMBER = N_("That member is not on this server (any more): pick one from Discord's list of members.")

UNKNOWN_BUTTON = N_("That button is not one of mine (or it is broken). Start a round with /golf play.")


def intents() -> discord.Intents:
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


def command_names(tree: app_commands.CommandTree) -> dict[str, list[str]]:
    """Each global command's name -> the names of its sub-commands (or options), as Discord lists them."""
    names: dict[str, list[str]] = {}
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            names[command.name] = sorted(c.name for c in command.commands)
        elif isinstance(command, app_commands.Command):
            names[command.name] = sorted(p.display_name for p in command.parameters)
        else:
            names[command.name] = []
    return names


class GolfClient(discord.Client):
    """``guild_id``: sync the commands to that server at every start (instant; for development); the global
    commands are then left alone unless ``sync_globally`` asks for it. Without ``guild_id``, the global
    commands are synced when ``sync_globally`` asks for it (``golfbot discord --sync``) or when Discord's
    list of them differs from ours by name (the first start; a command added or removed). A changed
    description or option alone needs ``sync_globally``."""

    def __init__(
        self,
        clubhouse: Clubhouse,
        *,
        guild_id: int | None = None,
        sync_globally: bool = False,
        daily: DailyDesk | None = None,
        pictures: Pictures | None = None,
        web_on: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(intents=intents(), allowed_mentions=discord.AllowedMentions.none(), **options)
        self.clubhouse = clubhouse
        self.drawing = Drawing(clubhouse, pictures)
        """How screens are drawn: each reader's look, and the process's one ``Pictures`` (None: text
        boards whatever the look; the composition root gives one)."""
        self.guild_id = guild_id
        self.sync_globally = sync_globally
        self.tree = Tree(self)  # (which chooses each command's language: language.py)
        self.golf = GolfCommands(clubhouse, self.drawing)
        self.golf.web_on = web_on  # /golf table starts the web table's Activity
        self.daily = daily
        if daily is not None:
            add_daily_commands(self.golf, daily, self.drawing)
        self.boards = Boards()
        """What each message shows (press.py): a repeated click is only acknowledged."""
        self.posts = ChannelPosts()
        """The channel posts (scoreboards, standings, notices): paced, and behind the answer to a press in
        their channel (every press: a move that ends a match's hole refreshes its scoreboard)."""
        self.compete: object | None = None
        self.golf.add_command(sixcard_command(clubhouse, self.drawing))
        self.tree.add_command(self.golf)
        self.tree.error(self.on_command_error)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GolfButton)  # what makes the buttons of old boards work after a restart
        await self.tree.set_translator(GolfTranslator())  # descriptions and choices in each member's language
        await self.sync_commands()

    async def sync_commands(self) -> None:
        if self.guild_id is not None:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to server %s", len(synced), self.guild_id)
        if self.sync_globally or (self.guild_id is None and await self._global_commands_differ()):
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally", len(synced))

    async def _global_commands_differ(self) -> bool:
        registered = {c.name: sorted(o.name for o in c.options) for c in await self.tree.fetch_commands()}
        return registered != command_names(self.tree)

    async def take_press(self, interaction: discord.Interaction, action_id: str) -> None:
        """A button of ours was pressed (``GolfButton``, any id family): the door decides, press.py shows its
        Reply. Counted and timed (``metrics.pressing``); answered within Discord's 3 seconds; the channel
        posts the press causes wait for its answer."""
        with self.posts.answering(interaction.channel_id), metrics.pressing(PLATFORM) as pressed:
            async with no_tracebacks(interaction):
                await choose(self.clubhouse.places, interaction, alone=is_ephemeral(interaction.message))
                if not is_on_its_message(interaction, action_id):  # forged: refused, nothing changes
                    pressed.outcome = "forged"
                    await tell(interaction, NOT_ON_MESSAGE)
                    return
                player, where = player_of(interaction.user), where_of(interaction)
                work = pressed.watch(self.clubhouse.door.press(player, action_id, where))
                pen = Pen(self.drawing, place_of(interaction))
                try:
                    await answer_press(interaction, work, pen=pen, boards=self.boards)
                finally:
                    release(interaction)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """discord.py drops clicks that no DynamicItem template matches, and clicks whose id is not among
        the buttons of the message they came on; answer those here. An older key of the same board or
        session on the message (a client that had not caught up) is played like any click: the core answers
        it with the session as it stands. Anything else (forged by a modified client) is refused. The test
        is discord.py's own, never ``response.is_done()``, which races the item's own callback."""
        if interaction.type is not discord.InteractionType.component:
            return
        ours = is_golf_click(interaction)
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if ours and custom_id in ids_on(interaction.message):
            return  # its button answers it
        if ours and is_on_its_message(interaction, custom_id):
            await self.take_press(interaction, custom_id)
            return
        async with no_tracebacks(interaction):
            await tell(interaction, NOT_ON_MESSAGE if ours else UNKNOWN_BUTTON)

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        metrics.command(PLATFORM, "ok")

    async def on_connect(self) -> None:
        metrics.HEALTH.connected(PLATFORM)

    async def on_resumed(self) -> None:
        metrics.HEALTH.connected(PLATFORM)

    async def on_disconnect(self) -> None:
        metrics.HEALTH.disconnected(PLATFORM, "the gateway connection is lost (reconnecting)")

    async def on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Errors before a command runs (an option Discord let through that does not convert, say)."""
        with log_context.about(PLATFORM, place_of(interaction).key, f"{PLATFORM}:{interaction.user.id}"):
            await self._command_error(interaction, error)

    async def _command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        name = interaction.command.qualified_name if interaction.command else "?"
        cause = getattr(error, "original", None)
        reply = SORRY
        metrics.command(PLATFORM, "unavailable" if isinstance(cause, StoreUnavailable) else "error")
        if isinstance(cause, StoreUnavailable):
            log.warning("command %s: the database cannot be used: %s", name, cause)
            metrics.database_error(PLATFORM)
            reply = STORE_UNAVAILABLE
        elif isinstance(error, app_commands.TransformerError) and error.type is USER_OPTION:
            log.info("command %s: %s", name, error)  # (a player's choice, not a failure of ours)
            reply = NO_SUCH_MEMBER
        else:
            log.warning("command %s failed: %r", name, error)
        async with no_tracebacks(interaction):
            await tell(interaction, reply)


class ShardedGolfClient(GolfClient, discord.AutoShardedClient):
    """The same bot on several gateway shards in one process: ``shard_ids`` (this process's shards) of
    ``shard_count`` (all processes' shards), e.g. ``golfbot discord --shards 0-3 --shard-count 8`` here and
    ``--shards 4-7 --shard-count 8`` in a second process. Every process shares one database."""
