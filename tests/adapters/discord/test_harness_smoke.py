"""Proof that the Discord harness (SimCord + conftest helpers) covers what the adapter needs.

The bot under test is a TINY demo defined here, not golfbot: a ``commands.Bot``
with an ``app_commands.Group`` "golf" whose "play" posts a counter message with
``DynamicItem`` buttons (registered in ``setup_hook``), whose clicks edit the
message; "slow" defers and answers with followups. Its state lives in
``Store``, which stands in for the database and outlives bot instances, so a
"restart" is a new Bot over the same Store and the same simulated Discord.

Everything between the simulated user and ``Store`` is real discord.py.
"""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict
from typing import Any, Literal

import discord
import pytest
import simcord
from discord import app_commands
from discord.ext import commands

TEMPLATE = r"g1:(?P<sid>[0-9a-z]+):(?P<ver>\d+):(?P<act>[a-z0-9]+)"
KNOWN_CUSTOM_IDS = (re.compile(TEMPLATE),)  # every DynamicItem template the bot registers
LIMIT = 3  # the counter's buttons are disabled once it reaches this


# ------------------------------------------------------------------ demo bot


class Store:
    """Stands in for the database: async reads and writes that really yield, copies out."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, Any]] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._next = 0
        self.trace: list[tuple[str, int]] = []  # ("start" | "end", interaction id), for the race test

    def create(self, owner_id: int) -> tuple[str, dict[str, Any]]:
        self._next += 1
        sid = format(self._next, "x")
        self._rows[sid] = {"owner": owner_id, "ver": 0, "count": 0}
        return sid, dict(self._rows[sid])

    def lock(self, sid: str) -> asyncio.Lock:
        return self._locks[sid]

    async def load(self, sid: str) -> dict[str, Any] | None:
        await asyncio.sleep(0)  # a round trip: other tasks run here
        row = self._rows.get(sid)
        return dict(row) if row is not None else None

    async def save(self, sid: str, row: dict[str, Any]) -> None:
        await asyncio.sleep(0)
        self._rows[sid] = dict(row)

    def peek(self, sid: str) -> dict[str, Any]:
        return dict(self._rows[sid])


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=TEMPLATE):
    def __init__(self, sid: str, ver: int, act: str, *, label: str = "+1", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"g1:{sid}:{ver}:{act}",
                disabled=disabled,
            )
        )
        self.sid, self.ver, self.act = sid, ver, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[discord.ui.View], match: re.Match[str]
    ) -> CounterButton:
        # An exception here is logged and swallowed by discord.py: the click goes unanswered.
        return cls(match["sid"], int(match["ver"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        store: Store = interaction.client.store  # type: ignore[attr-defined]
        store.trace.append(("start", interaction.id))
        try:
            await self._handle(interaction, store)
        finally:
            store.trace.append(("end", interaction.id))

    async def _handle(self, interaction: discord.Interaction, store: Store) -> None:
        async with store.lock(self.sid):
            row = await store.load(self.sid)
            if row is None:
                refusal = "That game no longer exists. Start one with /golf play."
            elif interaction.user.id != row["owner"]:
                refusal = f"Only <@{row['owner']}> can press this."
            elif self.ver != row["ver"]:
                refusal = "That button is out of date; the message has moved on."
            elif self.act not in ("inc", "slow"):
                refusal = "Unknown action."
            else:
                refusal = None
                row["count"] += 1
                row["ver"] += 1
                await store.save(self.sid, row)
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        assert row is not None
        content, view = render(self.sid, row), counter_view(self.sid, row)
        if self.act == "inc":
            await interaction.response.edit_message(content=content, view=view)
        else:  # "slow": acknowledge now (type 6), edit the message later, then tell the clicker
            await interaction.response.defer()
            await interaction.edit_original_response(content=content, view=view)
            await interaction.followup.send("Counted, slowly.", ephemeral=True)


def render(sid: str, row: dict[str, Any]) -> str:
    return f"Counter {sid}: {row['count']}" + (" (finished)" if row["count"] >= LIMIT else "")


def counter_view(sid: str, row: dict[str, Any]) -> discord.ui.View:
    done = row["count"] >= LIMIT
    view = discord.ui.View(timeout=None)  # DynamicItems never time out; no in-memory state to lose
    view.add_item(CounterButton(sid, row["ver"], "inc", label="+1", disabled=done))
    view.add_item(CounterButton(sid, row["ver"], "slow", label="Slow +1", disabled=done))
    return view


def make_bot(
    store: Store,
    *,
    register_dynamic_items: bool = True,
    orphan_fallback: Literal["template", "naive"] | None = "template",
) -> commands.Bot:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    bot.store = store  # type: ignore[attr-defined]

    golf = app_commands.Group(name="golf", description="Golf patience")

    @golf.command(name="play", description="Start a counter")
    @app_commands.describe(variant="Rules variant", start="Ignored; shows an integer option")
    async def play(
        interaction: discord.Interaction,
        variant: Literal["classic", "relaxed"] = "classic",
        start: app_commands.Range[int, 0, 2] = 0,
    ) -> None:
        sid, row = store.create(interaction.user.id)
        await interaction.response.send_message(
            f"{render(sid, row)} [{variant}, start {start}]", view=counter_view(sid, row)
        )

    @golf.command(name="slow", description="Think, then answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # type 5: "Bot is thinking..."
        await asyncio.sleep(0)
        await interaction.followup.send("Solved.")  # completes the thinking message
        await interaction.followup.send("Details follow.")  # a new message

    bot.tree.add_command(golf)

    async def answer_orphan_clicks(interaction: discord.Interaction) -> None:
        """Answer clicks that no DynamicItem template matches (discord.py drops them silently)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if any(pattern.fullmatch(custom_id) for pattern in KNOWN_CUSTOM_IDS):
            return  # a DynamicItem will answer it
        await interaction.response.send_message(
            "This button no longer works. Start a new game with /golf play.", ephemeral=True
        )

    async def naive_answer_orphan_clicks(interaction: discord.Interaction) -> None:
        """WRONG: races the item callback, which is still running when this listener checks."""
        if interaction.type is discord.InteractionType.component and not interaction.response.is_done():
            await interaction.response.send_message("This button no longer works.", ephemeral=True)

    if orphan_fallback == "template":
        bot.add_listener(answer_orphan_clicks, "on_interaction")
    elif orphan_fallback == "naive":
        bot.add_listener(naive_answer_orphan_clicks, "on_interaction")

    async def setup_hook() -> None:
        if register_dynamic_items:
            bot.add_dynamic_items(CounterButton)  # what makes buttons survive a restart
        await bot.tree.sync()  # SimCord (strict_sync) only lets users invoke synced commands

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


# ------------------------------------------------------------------ fixtures


@pytest.fixture
def store() -> Store:
    return Store()


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {}  # override per test with @pytest.mark.parametrize("bot_options", [...])


@pytest.fixture
def simcord_bot(store: Store, bot_options: dict[str, Any]) -> commands.Bot:
    return make_bot(store, **bot_options)


# --------------------------------------------------------------------- tests


async def test_slash_subcommand_with_options_posts_a_message_with_dynamic_buttons(
    simcord_env, channel, alice, buttons, callback_types
):
    assert {"golf play", "golf slow"} <= set(alice.available_commands(channel))

    result = await alice.slash(channel, "golf play", variant="relaxed", start=2)

    assert result.acknowledged and not result.ephemeral and not result.deferred
    assert result.response.content == "Counter 1: 0 [relaxed, start 2]"
    primary = discord.ButtonStyle.primary
    assert buttons(result.response) == [
        {"custom_id": "g1:1:0:inc", "label": "+1", "disabled": False, "style": primary},
        {"custom_id": "g1:1:0:slow", "label": "Slow +1", "disabled": False, "style": primary},
    ]
    assert channel.last_message.id == result.response.id  # public, in the channel
    assert callback_types() == [4]  # CHANNEL_MESSAGE_WITH_SOURCE

    with pytest.raises(simcord.OptionError):  # options are validated against the synced command
        await alice.slash(channel, "golf play", variant="speedy")


async def test_click_edits_the_message_in_place(simcord_env, channel, alice, buttons, callback_types):
    play = await alice.slash(channel, "golf play")
    before = play.response.message  # a discord.Message: a snapshot, it will not change

    click = await alice.click(play.response, custom_id="g1:1:0:inc")

    assert click.acknowledged and not click.ephemeral
    assert click.response.id == play.response.id  # UPDATE_MESSAGE answers with the clicked message
    assert play.response.content == "Counter 1: 1"  # ResponseMessage reads the live message
    assert before.content == "Counter 1: 0 [classic, start 0]"
    assert [b["custom_id"] for b in buttons(play.response)] == ["g1:1:1:inc", "g1:1:1:slow"]
    assert [m.id for m in channel.history()] == [play.response.id]  # no new message
    assert callback_types() == [4, 7]


async def test_another_members_click_is_refused_ephemerally(simcord_env, channel, alice, bob, buttons):
    play = await alice.slash(channel, "golf play")

    refused = await bob.click(play.response, label="+1")

    assert refused.acknowledged and refused.ephemeral
    assert refused.response.content == f"Only <@{alice.id}> can press this."
    assert refused.response.id != play.response.id
    assert play.response.content.startswith("Counter 1: 0")  # unchanged
    assert [b["custom_id"] for b in buttons(play.response)] == ["g1:1:0:inc", "g1:1:0:slow"]
    # Only bob sees the refusal.
    assert [m.id for m in channel.history(viewer=alice)] == [play.response.id]
    assert [m.id for m in channel.history(viewer=bob)] == [play.response.id, refused.response.id]


async def test_buttons_are_disabled_at_the_limit_and_cannot_be_clicked(simcord_env, channel, alice, buttons):
    play = await alice.slash(channel, "golf play")
    for ver in range(LIMIT):
        await alice.click(play.response, custom_id=f"g1:1:{ver}:inc")

    assert play.response.content == f"Counter 1: {LIMIT} (finished)"
    assert [b["disabled"] for b in buttons(play.response)] == [True, True]
    with pytest.raises(simcord.SetupError, match="disabled"):  # a real client cannot click it either
        await alice.click(play.response, label="+1")


async def test_deferred_slash_command_answers_with_followups(simcord_env, channel, alice, callback_types):
    result = await alice.slash(channel, "golf slow")

    assert callback_types() == [5]  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking")
    assert result.acknowledged
    # The first followup after a type-5 defer COMPLETES the thinking message (as on Discord):
    # it becomes result.response, and the defer no longer shows in result.deferred.
    assert not result.deferred
    assert result.response.content == "Solved."
    assert [m.content for m in result.followups] == ["Details follow."]
    assert [m.content for m in channel.history()] == ["Solved.", "Details follow."]


async def test_deferred_click_edits_the_original_and_sends_an_ephemeral_followup(
    simcord_env, channel, alice, bob, callback_types
):
    play = await alice.slash(channel, "golf play")

    click = await alice.click(play.response, label="Slow +1")

    assert callback_types() == [4, 6]  # DEFERRED_UPDATE_MESSAGE: no "thinking", no new message
    assert click.acknowledged and click.deferred
    assert click.response.id == play.response.id
    assert play.response.content == "Counter 1: 1"  # edit_original_response edited the clicked message
    assert [(m.content, m.ephemeral) for m in click.followups] == [("Counted, slowly.", True)]
    assert [m.id for m in channel.history(viewer=bob)] == [play.response.id]


async def test_restart_old_buttons_still_work(simcord_env, channel, alice, store):
    play = await alice.slash(channel, "golf play")
    await alice.click(play.response, custom_id="g1:1:0:inc")
    old_message = play.response.message  # a handle from the first bot instance
    first_bot = simcord_env.bot

    await simcord_env.restart_bot(make_bot(store))  # new Bot, same Store, same simulated Discord

    assert simcord_env.bot is not first_bot
    click = await alice.click(old_message, custom_id="g1:1:1:inc")
    assert click.acknowledged and click.response.id == play.response.id
    assert play.response.content == "Counter 1: 2"
    assert store.peek("1")["count"] == 2


@pytest.mark.parametrize("bot_options", [{"orphan_fallback": None}], ids=["no-fallback"])
async def test_restart_without_registering_dynamic_items_leaves_clicks_unanswered(
    simcord_env, channel, alice, store
):
    """The control for the test above: it is the setup_hook registration that makes it work."""
    play = await alice.slash(channel, "golf play")

    await simcord_env.restart_bot(make_bot(store, register_dynamic_items=False, orphan_fallback=None))

    click = await alice.click(play.response, custom_id="g1:1:0:inc")
    assert not click.acknowledged and click.response is None  # the user would see "This interaction failed"
    assert play.response.content.startswith("Counter 1: 0")


async def test_two_fast_clicks_each_get_their_own_answer(
    simcord_env, channel, alice, click_concurrently, store
):
    play = await alice.slash(channel, "golf play")

    first, second = await click_concurrently(
        [(alice, play.response, "g1:1:0:inc"), (alice, play.response, "g1:1:0:inc")]
    )

    # Both callbacks were running at the same time...
    assert [kind for kind, _ in store.trace[:2]] == ["start", "start"]
    # ...each interaction got exactly one answer: one edit, one ephemeral "out of date"...
    assert first.acknowledged and second.acknowledged
    assert first.response.id == play.response.id and not first.ephemeral
    assert second.ephemeral and "out of date" in second.response.content
    # ...and the count moved once.
    assert play.response.content == "Counter 1: 1"
    assert store.peek("1")["count"] == 1


async def test_simcord_refuses_overlapping_actor_verbs(simcord_env, channel, alice):
    """Why click_concurrently exists: gathering two SimCord clicks does not make them concurrent."""
    play = await alice.slash(channel, "golf play")

    outcomes = await asyncio.gather(
        alice.click(play.response, custom_id="g1:1:0:inc"),
        alice.click(play.response, custom_id="g1:1:0:inc"),
        return_exceptions=True,
    )

    assert isinstance(outcomes[0], simcord.InteractionResult) and outcomes[0].acknowledged
    assert isinstance(outcomes[1], simcord.SetupError) and "overlaps" in str(outcomes[1])


@pytest.mark.parametrize("bot_options", [{"orphan_fallback": None}], ids=["no-fallback"])
async def test_click_matching_no_dynamic_item_is_dropped_by_discord_py(
    simcord_env, channel, alice, post_as_bot
):
    old = await post_as_bot(channel, "From an older version", custom_ids=["g0:legacy", "g1:ABC:x:inc"])

    for custom_id in ("g0:legacy", "g1:ABC:x:inc"):
        click = await alice.click(old, custom_id=custom_id)
        assert not click.acknowledged and click.response is None
    assert simcord_env.errors == []  # nothing crashed, in the bot or in the harness


async def test_on_interaction_fallback_answers_clicks_no_template_matches(
    simcord_env, channel, alice, post_as_bot, callback_types
):
    old = await post_as_bot(channel, "From an older version", custom_ids=["g0:legacy", "g1:ABC:x:inc"])

    for custom_id in ("g0:legacy", "g1:ABC:x:inc"):
        click = await alice.click(old, custom_id=custom_id)
        assert click.ephemeral and click.response.content.startswith("This button no longer works.")
    assert callback_types() == [4, 4]


async def test_well_formed_id_for_an_unknown_game_is_answered_by_the_item(
    simcord_env, channel, alice, post_as_bot
):
    old = await post_as_bot(channel, "A game the store has lost", custom_ids=["g1:zz:0:inc"])

    click = await alice.click(old, custom_id="g1:zz:0:inc")

    assert click.ephemeral and click.response.content.startswith("That game no longer exists.")


@pytest.mark.parametrize("bot_options", [{"orphan_fallback": "naive"}], ids=["naive-fallback"])
async def test_harness_catches_a_fallback_that_races_the_item_callback(
    simcord_env, channel, alice, discord_log_errors
):
    """An on_interaction fallback keyed on response.is_done() answers clicks it must leave alone."""
    play = await alice.slash(channel, "golf play")

    click = await alice.click(play.response, custom_id="g1:1:0:inc")

    assert click.response.content == "This button no longer works."  # the listener won the race
    assert play.response.content.startswith("Counter 1: 0")
    # The item's own edit_message then raised. discord.py only LOGS errors from DynamicItem
    # callbacks, so SimCord's simcord_env.errors stays empty; the conftest's log check sees it.
    assert simcord_env.errors == []
    assert [type(e) for e in discord_log_errors.take()] == [discord.InteractionResponded]
