"""Competition on Discord: ``/golf challenge``, ``/golf round-open``, ``/golf tournament``, ``/golf table``,
and ``/golf stats`` with the rating and record; the live scoreboard, and the channel posts (paced, behind
the answer to a press). The buttons of challenges, group rounds, scoreboards and tournaments are pressed as
every other button (``GolfClient.take_press``, adapters/discord/press.py): nothing here answers a press.

Choices for Discord:

* **Boards are ephemeral.** The channel message of a match is its scoreboard, with an "Open my board"
  button; pressing it sends the player's own board as an ephemeral message only they see, and its buttons
  edit that ephemeral message. Nobody else can see it, and a press by anyone else is refused by the core.
* **One live scoreboard message per match**: the challenge's (or group round's) message becomes the
  scoreboard on acceptance and is edited as each hole finishes and when the match is decided. A
  tournament's matches each get a scoreboard message in the tournament's channel.
* The scoreboard shows finished holes only; nothing of a board reaches the channel while a hole is in play.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

from adapters.discord.buttons import board_buttons
from adapters.discord.client import GolfClient
from adapters.discord.identity import display_name, place_of, player_of
from adapters.discord.render import render_message
from adapters.discord.replies import in_time, no_tracebacks, tell_refusal
from adapters.discord.rules_choices import GAME_CHOICES
from adapters.pacing import ChannelPosts
from bot.desks import MatchDesk, TournamentDesk
from bot.errors import GolfError
from bot.events import ClockExpired, Event, HoleFinished, MatchDecided, MatchStarted, StandingsPosted
from bot.i18n import N_, _
from bot.info_screens import stats_screen
from bot.options import game_rules
from bot.ports import Notifier
from bot.screens import Screen, ScreenKind

log = logging.getLogger(__name__)


class Compete:
    """Everything competitive of one GolfClient; also its Notifier for competition events."""

    def __init__(self, client: GolfClient, matches: MatchDesk, tournaments: TournamentDesk) -> None:
        self.client = client
        self.matches = matches
        self.tournaments = tournaments
        self.poster: Notifier = _Poster(self)
        """What a queued post runs: the post itself, which the runner may wrap (``PostRefusals``)."""
        self._signups_closed: set[str] = set()
        """Tournaments whose sign-up message was brought up to date when their first round began."""

    @property
    def posts(self) -> ChannelPosts:
        """The client's channel posts (scoreboards, standings, notices): paced, and behind the answer to a
        press in their channel (the client's ``take_press`` holds them, for the presses of every button)."""
        return self.client.posts

    # ---- the Notifier ----------------------------------------------------------------------------

    async def to_place(self, place: str, event: Event) -> None:
        """Every post to a channel is queued (``ChannelPosts``): this returns at once."""
        if not place.startswith("discord:"):
            return  # another platform's match
        try:
            channel = await self._channel_of(event)
        except GolfError:
            return  # gone
        if channel is not None:
            self.posts.add(channel, type(event).__name__, lambda: self.poster.to_place(place, event))

    async def _channel_of(self, event: Event) -> int | None:
        if isinstance(event, StandingsPosted):
            channel = await self.tournaments.channel(event.session)
        elif isinstance(event, (HoleFinished, MatchDecided, ClockExpired, MatchStarted)):
            channel = await self.matches.channel(event.session)
        else:
            return None
        return int(channel) if channel.isdigit() else None

    async def post(self, event: Event) -> None:
        """Post what ``event`` changes in its channel, now (the queue calls this through ``poster``)."""
        if isinstance(event, ClockExpired):
            await self._tell_clock(event)
        if isinstance(event, (HoleFinished, MatchDecided, ClockExpired)):
            await self._refresh(event.session)
        elif isinstance(event, MatchStarted):
            tournament = await self.matches.tournament_of(event.session)
            if tournament:  # a scoreboard of its own; the sign-up message shows sign-up closed
                await self._post_scoreboard(event.session)
                if tournament not in self._signups_closed:
                    self._signups_closed.add(tournament)
                    await self._refresh_signup(tournament)
        elif isinstance(event, StandingsPosted):
            channel = await self._channel(await self.tournaments.channel(event.session))
            if channel is not None:
                screen = await self.tournaments.standings(event.session, event.round)
                await channel.send(render_message(screen, emoji=False), **_view(screen))
                await self._refresh_signup(event.session)  # check-in open, the tournament over or called off

    async def _refresh_signup(self, tournament_id: str) -> None:
        """The tournament's sign-up message, brought up to date (its buttons gone once sign-up is over)."""
        found = await self.tournaments.signup_message(tournament_id)
        if found is None or not found[0].isdigit():
            return
        channel = await self._channel(await self.tournaments.channel(tournament_id))
        if channel is not None:
            screen = found[1]
            await channel.get_partial_message(int(found[0])).edit(
                content=render_message(screen, emoji=False), **_view(screen)
            )

    async def to_player(self, player: str, event: Event) -> None:
        """Nothing competitive is sent privately on Discord: boards are opened from the scoreboard."""

    async def _tell_clock(self, event: ClockExpired) -> None:
        try:
            text = await self.matches.clock_notice(event)
            channel = await self._channel(await self.matches.channel(event.session))
        except GolfError:
            return
        if channel is not None:
            await channel.send(escape_markdown(text))

    async def _refresh(self, session: str) -> None:
        try:
            screen = await self.matches.scoreboard(session)
        except GolfError:
            return  # a tournament's timer, or gone
        channel = await self._channel(await self.matches.channel(session))
        if channel is None:
            return
        message_id = _message_id(await self.matches.scoreboard_message(session))
        if message_id is None:
            await self._post_scoreboard(session)
            return
        await channel.get_partial_message(message_id).edit(
            content=render_message(screen, emoji=False), **_view(screen)
        )

    async def _post_scoreboard(self, session: str) -> None:
        channel = await self._channel(await self.matches.channel(session))
        if channel is None:
            return
        screen = await self.matches.scoreboard(session)
        message = await channel.send(render_message(screen, emoji=False), **_view(screen))
        await self.matches.keep_scoreboard_message(session, _where(message))

    async def _channel(self, channel_id: str) -> discord.PartialMessageable | None:
        """The channel by id, without a trip to Discord (sending or editing is the first)."""
        return self.client.get_partial_messageable(int(channel_id)) if channel_id.isdigit() else None


def _view(screen: Screen) -> dict[str, Any]:
    """The screen's buttons (``view=None`` clears them)."""
    return {"view": board_buttons(screen)}


async def _reply(interaction: discord.Interaction, screen: Screen, *, private: bool = False) -> None:
    content, extra = render_message(screen, emoji=False), {} if not screen.buttons else _view(screen)
    if interaction.response.is_done():  # deferred: the answer is a follow-up
        await interaction.followup.send(content, ephemeral=private, **extra)
    else:
        await interaction.response.send_message(content, ephemeral=private, **extra)


def _where(message: discord.Message) -> str:
    """A channel message as the door names it (``<channel>/<message>``, as ``where_of``): how a match's
    scoreboard message is kept (bot/modes/competition/room.py)."""
    return f"{message.channel.id}/{message.id}"


def _message_id(kept: str) -> int | None:
    """The id of a match's scoreboard message as kept: ``<channel>/<message>``, or the message id alone
    (rows kept before the door's form); None for none."""
    message_id = kept.rpartition("/")[2]
    return int(message_id) if message_id.isdigit() else None


class _Poster:
    """The Notifier that posts at once: what the channel queue of ``Compete`` runs for each event."""

    def __init__(self, compete: Compete) -> None:
        self._compete = compete

    async def to_place(self, place: str, event: Event) -> None:
        await self._compete.post(event)

    async def to_player(self, player: str, event: Event) -> None:
        return None


def install(
    golf: app_commands.Group, client: GolfClient, matches: MatchDesk, tournaments: TournamentDesk
) -> Compete:
    """Add the competition commands to the ``/golf`` group. Their buttons are pressed as every other
    (``GolfClient.take_press``, at its Clubhouse's door)."""
    compete = Compete(client, matches, tournaments)
    client.compete = compete

    async def answer(
        interaction: discord.Interaction,
        work: Any,
        *,
        private: bool = False,
        keep: Callable[[Screen, discord.Message], Awaitable[None]] | None = None,
    ) -> None:
        """``keep``: told the message the answer was posted as (a tournament keeps its sign-up message)."""

        async def think() -> None:  # the work runs long: answered "thinking…", the reply a follow-up
            await interaction.response.defer(ephemeral=private, thinking=True)

        async with no_tracebacks(interaction):
            try:
                screen = await in_time(work, think)
            except GolfError as error:
                await tell_refusal(interaction, error)
                return
            await _reply(interaction, screen, private=private)
            if keep is not None and screen.session:
                try:
                    await keep(screen, await interaction.original_response())
                except discord.HTTPException as error:  # answered already: only its later updates are lost
                    log.warning("could not keep the message of %s: %s", screen.session, error)

    async def keep_signup(screen: Screen, message: discord.Message) -> None:
        assert screen.session is not None
        await tournaments.keep_message(screen.session, str(message.id))

    async def keep_invitation(screen: Screen, message: discord.Message) -> None:
        """A challenge's or group round's message: edited when it expires, and its scoreboard once begun."""
        assert screen.session is not None
        await matches.keep_scoreboard_message(screen.session, _where(message))

    @golf.command(name="challenge", description=N_("Challenge a member to a match on the same deals"))
    @app_commands.describe(
        member=N_("Whom to challenge"),
        holes=N_("Holes (default 9)"),
        format=N_("Stroke play (lowest total) or match play (hole by hole)"),
        rules=N_("Rule set (default: the server's)"),
        clock=N_("Seconds per hole (default: the server's clock)"),
        game=N_("Golf (default), or a game of the Golf family"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def challenge(
        interaction: discord.Interaction,
        member: discord.Member,
        holes: app_commands.Range[int, 1, 18] | None = None,
        format: Literal["stroke", "match"] | None = None,
        rules: str | None = None,
        clock: app_commands.Range[int, 30, 86400] | None = None,
        game: str | None = None,
    ) -> None:
        async def challenged() -> Screen:
            return await matches.challenge(
                player_of(interaction.user),
                player_of(member),
                place_of(interaction),
                holes=holes,
                format=format,
                rules=game_rules(game, rules),
                hole_seconds=clock,
                channel=str(interaction.channel_id or ""),
            )

        await answer(interaction, challenged(), keep=keep_invitation)

    @golf.command(name="round-open", description=N_("Open a group round: up to 8 players, stroke play"))
    @app_commands.describe(
        holes=N_("Holes (default 9)"),
        rules=N_("Rule set"),
        clock=N_("Seconds per hole (default: the server's clock)"),
        game=N_("Golf (default), or a game of the Golf family"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def round_open(
        interaction: discord.Interaction,
        holes: app_commands.Range[int, 1, 18] | None = None,
        rules: str | None = None,
        clock: app_commands.Range[int, 30, 86400] | None = None,
        game: str | None = None,
    ) -> None:
        async def opened() -> Screen:
            return await matches.open_group(
                player_of(interaction.user),
                place_of(interaction),
                holes=holes,
                rules=game_rules(game, rules),
                hole_seconds=clock,
                channel=str(interaction.channel_id or ""),
            )

        await answer(interaction, opened(), keep=keep_invitation)

    @golf.command(name="tournament", description=N_("Open a tournament in this channel"))
    @app_commands.describe(
        style=N_("Knock-out, round robin or Swiss"),
        holes=N_("Holes per match (default 3)"),
        format=N_("Stroke or match play"),
        signup=N_("Minutes of sign-up (default 10, at least 1; the organiser can close it early)"),
        checkin=N_("Minutes of check-in after sign-up (default 0: none)"),
        clock=N_("Seconds per hole (default: the server's clock)"),
        game=N_("Golf (default, the server's rules), or a game of the Golf family"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def tournament(
        interaction: discord.Interaction,
        style: Literal["elimination", "round-robin", "swiss"] = "elimination",
        holes: app_commands.Range[int, 1, 18] = 3,
        format: Literal["stroke", "match"] = "stroke",
        signup: app_commands.Range[int, 1, 10080] = 10,
        checkin: app_commands.Range[int, 0, 1440] = 0,
        clock: app_commands.Range[int, 30, 86400] | None = None,
        game: str | None = None,
    ) -> None:
        async def opened() -> Screen:
            return await tournaments.open(
                player_of(interaction.user),
                place_of(interaction),
                style=style,
                holes=holes,
                format=format,
                rules=game_rules(game, None),
                hole_seconds=clock,
                signup_seconds=signup * 60,
                checkin_seconds=checkin * 60,
                channel=str(interaction.channel_id or ""),
            )

        await answer(interaction, opened(), keep=keep_signup)

    @golf.command(
        name="table", description=N_("The server's table: matches, points, hole difference, rating")
    )
    @app_commands.describe(page=N_("Page (10 players a page)"), game=N_("Golf (default), or a family game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def table(
        interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1, game: str | None = None
    ) -> None:
        await answer(interaction, matches.table(place_of(interaction), page, game=game), private=True)

    golf.remove_command("stats")

    @golf.command(
        name="stats", description=N_("Golf stats, rating and match record: yours, or another member's")
    )
    @app_commands.describe(member=N_("Whose stats (default: yours)"))
    async def stats(interaction: discord.Interaction, member: discord.User | None = None) -> None:
        who = member or interaction.user

        async def card() -> Screen:
            place = place_of(interaction)
            player = player_of(who)
            numbers = await matches.clubhouse.stats(player, place)
            screen = stats_screen(
                escape_markdown(display_name(who) or _("That member")),
                numbers,
                where=escape_markdown(place.name),
            )
            return Screen(
                ScreenKind.INFO, screen.title, (*screen.blocks, await matches.record(player, place))
            )

        await answer(interaction, card(), private=True)

    return compete
