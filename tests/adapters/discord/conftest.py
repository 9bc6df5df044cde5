"""End-to-end harness for the Discord adapter: SimCord plus a few helpers.

SimCord (PyPI ``simcord``) runs the bot's REAL discord.py code (gateway parsers,
ConnectionState, app_commands tree, ViewStore/DynamicItem dispatch,
InteractionResponse, Webhook followups) and swaps only the two network seams:
``HTTPClient.request`` / the webhook adapter (REST) and the gateway feed. So
nothing of ours is mocked. Its pytest plugin (auto-loaded through the
``pytest11`` entry point) provides the ``simcord_env`` fixture, which needs a
``simcord_bot`` fixture: each test module (or a sub-conftest) defines
``simcord_bot`` returning a fresh, not-yet-started bot.

This conftest adds the world every Discord test needs (one guild, one text
channel, two members) and helpers exposed as fixtures (tests run with
``--import-mode=importlib``, so test modules cannot import from here):

* ``buttons(message)``: the buttons on a message as plain dicts.
* ``callback_types()``: the interaction callback types the bot sent, in order
  (4 message, 5 deferred message, 6 deferred update, 7 update message, 9 modal).
* ``click_concurrently(clicks)``: several clicks delivered back to back, BEFORE
  the bot handles any of them (SimCord's own ``click`` refuses to overlap).
* ``discord_log_errors`` (autouse): fails the test if discord.py LOGGED an
  error. Exceptions raised in a ``DynamicItem``'s ``from_custom_id`` or
  ``callback`` never reach ``View.on_error``, so SimCord's own error capture
  (``check_errors``) misses them; discord.py only logs them. A test that
  expects such an error takes it with ``discord_log_errors.take()``.
* ``click_key(member, message, custom_id)``: a click whose key is taken as given,
  not looked up on the message as it is now: an older key of it (a client that
  had not caught up), or any key a modified client may send.
* ``post_as_bot(channel, content, custom_ids=...)``: a message the bot posted
  through its real REST path with buttons nothing in this process listens to,
  i.e. a message left over from an older bot version.

And the golfbot adapter itself (section "golfbot" below): ``simcord_bot`` is a
real ``GolfClient`` over a real Clubhouse and SqliteStorage on a temporary
file, with a fake of our own Solver port (``solver``). ``golf.open()`` builds
another bot process on the same file (a restart); ``button(message, label)``
and ``play_out(member, board)`` help the tests click.

See docs/discord-testing.md for the how and why.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.sqlite import SqliteStorage
from bot.clubhouse import Clubhouse
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution

# click_concurrently reaches into a few private SimCord pieces (marked PRIVATE),
# written against simcord 3.2.1; test_two_fast_clicks_each_get_their_own_answer
# in test_harness_smoke.py breaks loudly if an upgrade changes them.

Message = discord.Message | simcord.ResponseMessage
Click = tuple[simcord.MemberActor, Message, str]


# --------------------------------------------------------------------- world


@pytest.fixture
def guild(simcord_env: simcord.Env) -> simcord.GuildHandle:
    return simcord_env.create_guild("Golf Club")


@pytest.fixture
def channel(guild: simcord.GuildHandle) -> simcord.ChannelHandle:
    return guild.create_text_channel("golf")


@pytest.fixture
def alice(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    return guild.add_member(simcord_env.create_user("alice"))


@pytest.fixture
def bob(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    return guild.add_member(simcord_env.create_user("bob"))


# ------------------------------------------------------------------- helpers


class DiscordLogErrors(logging.Handler):
    """Collects ERROR records from the ``discord`` loggers during one test."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[BaseException | str]:
        """Acknowledge everything logged so far: the exceptions (or messages, if none)."""
        taken = [
            record.exc_info[1] if record.exc_info and record.exc_info[1] else record.getMessage()
            for record in self.records
        ]
        self.records.clear()
        return taken


@pytest.fixture(autouse=True)
def discord_log_errors() -> Iterator[DiscordLogErrors]:
    handler = DiscordLogErrors()
    logger = logging.getLogger("discord")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
    if handler.records:
        details = "\n".join(
            f"{record.name}: {record.getMessage()}"
            + (f" -> {record.exc_info[1]!r}" if record.exc_info and record.exc_info[1] else "")
            for record in handler.records
        )
        pytest.fail(f"discord.py logged {len(handler.records)} error(s) the test did not take:\n{details}")


def _buttons(message: Message) -> list[dict[str, Any]]:
    """Every button on the message (action rows and V2 layouts), as plain dicts."""
    if isinstance(message, simcord.ResponseMessage):
        message = message.message  # a fresh snapshot of the stored message
    found: list[dict[str, Any]] = []

    def walk(components: Sequence[Any]) -> None:
        for component in components:
            if isinstance(component, discord.Button):
                found.append(
                    {
                        "custom_id": component.custom_id,
                        "label": component.label,
                        "disabled": component.disabled,
                        "style": component.style,
                    }
                )
            for attribute in ("children", "components", "accessory"):
                nested = getattr(component, attribute, None)
                if nested is None:
                    continue
                walk(nested if isinstance(nested, Sequence) else [nested])

    walk(message.components)
    return found


@pytest.fixture
def buttons() -> Callable[[Message], list[dict[str, Any]]]:
    return _buttons


@pytest.fixture
def callback_types(simcord_env: simcord.Env) -> Callable[[], list[int]]:
    """The ``type`` of every interaction callback POST the bot made, in order."""

    def types() -> list[int]:
        return [
            entry.json["type"]
            for entry in simcord_env.http_requests
            if entry.method == "POST"
            and entry.path.startswith("/interactions/")
            and entry.path.endswith("/callback")
            and isinstance(entry.json, dict)
        ]

    return types


async def _click_concurrently(
    env: simcord.Env, clicks: Sequence[Click], *, as_given: bool = False
) -> list[simcord.InteractionResult]:
    """Deliver every click's INTERACTION_CREATE first, then let the bot run.

    This is the worst case of a fast double click: discord.py has started a task
    for each interaction before any of them has run, so the callbacks interleave
    at every ``await`` that really suspends. Each click is checked like
    ``MemberActor.click`` (the message must be visible to the member, the button
    must exist and be enabled) and built from the message as it is NOW, so two
    clicks on one message carry the same custom_id, as on a real client.
    """
    # PRIVATE SimCord pieces; the same ones MemberActor.click uses.
    from simcord.actors import _find_component, _visible_message
    from simcord.backend import serializers
    from simcord.interactions import base_payload

    button_type = discord.ComponentType.button.value
    component_interaction = discord.InteractionType.component.value
    env._begin_operation("click_concurrently")  # PRIVATE: the overlap guard every actor verb takes
    try:
        records = []
        payloads = []
        for actor, message, custom_id in clicks:
            stored = _visible_message(actor, message)
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": button_type}
            if not as_given:
                button = _find_component(
                    stored.components, types=(button_type,), custom_id=custom_id, label=None
                )
                data["custom_id"] = button["custom_id"]
                if button.get("id") is not None:
                    data["id"] = button["id"]
            record, payload = base_payload(
                env.backend,
                type=component_interaction,
                channel_id=stored.channel_id,
                guild_id=actor.guild.id,
                user_id=actor.id,
                data=data,
            )
            payload["message"] = dict(serializers.message_payload(env.backend, stored))
            record.source_message_id = stored.id  # lets the bot answer with UPDATE_MESSAGE (type 7)
            records.append(record)
            payloads.append(payload)
        for payload in payloads:
            env.backend.emit("INTERACTION_CREATE", payload)
        await env.settle()  # same settling every actor verb does: all bot work has finished
    finally:
        env._end_operation()
    return [simcord.InteractionResult(env, record) for record in records]


@pytest.fixture
def click_concurrently(
    simcord_env: simcord.Env,
) -> Callable[[Sequence[Click]], Awaitable[list[simcord.InteractionResult]]]:
    async def click(clicks: Sequence[Click]) -> list[simcord.InteractionResult]:
        return await _click_concurrently(simcord_env, clicks)

    return click


@pytest.fixture
def click_key(
    simcord_env: simcord.Env,
) -> Callable[[simcord.MemberActor, Message, str], Awaitable[simcord.InteractionResult]]:
    async def click(
        actor: simcord.MemberActor, message: Message, custom_id: str
    ) -> simcord.InteractionResult:
        return (await _click_concurrently(simcord_env, [(actor, message, custom_id)], as_given=True))[0]

    return click


@pytest.fixture
def post_as_bot(simcord_env: simcord.Env) -> Callable[..., Awaitable[discord.Message]]:
    async def post(
        channel: simcord.ChannelHandle, content: str, *, custom_ids: Sequence[str] = ()
    ) -> discord.Message:
        view = discord.ui.View(timeout=None)
        for custom_id in custom_ids:
            view.add_item(discord.ui.Button(label=custom_id[:80], custom_id=custom_id))
        view.stop()  # a finished view is not stored, so no handler in this process knows these ids
        target = simcord_env.bot.get_channel(channel.id)
        assert isinstance(target, discord.TextChannel)
        message = await target.send(content, view=view)  # the bot's real REST path
        await simcord_env.settle()
        return message

    return post


# ------------------------------------------------------------------ golfbot
#
# The real adapter over the real core: GolfClient -> Clubhouse -> SqliteStorage on a temporary file, the
# system clock, and a small fake of our own Solver port (the real one needs engine.golf.solver's worker pool).


class FakeSolver:
    """The Solver port: every best score is ``best``; the hint is the first legal move. ``delay`` makes
    each answer take that many seconds (SimCord's virtual time: it passes with ``advance_time``)."""

    def __init__(self, best: int | None = 0, delay: float = 0.0) -> None:
        self.best = best
        self.delay = delay

    async def best_score(self, hole: Hole) -> Solution | None:
        if self.delay:
            await asyncio.sleep(self.delay)
        return None if self.best is None else Solution(self.best, (), 1, self.best)

    async def hint(self, hole: Hole) -> Move | None:
        if self.delay:
            await asyncio.sleep(self.delay)
        moves = hole.legal_moves()
        return moves[0] if moves else None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        if self.delay:
            await asyncio.sleep(self.delay)
        return course(first, holes, find_rules(rules))


class Golf:
    """Opens golfbot 'processes' (storage + Clubhouse + GolfClient) on one database file, and closes
    them all at the end of the test. A second one on the same file is the bot after a restart."""

    def __init__(self, db_path: Path, solver: FakeSolver) -> None:
        self.db_path = db_path
        self.solver = solver
        self.opened: list[tuple[SqliteStorage, Clubhouse]] = []

    async def open(self, **client_options: Any) -> GolfClient:
        storage = await SqliteStorage.open(self.db_path)
        # best_wait=0: a hole's end takes the best score only if it is in (the fake's answers are, unless
        # delayed); the core's short wait for it is a timer SimCord's virtual time would hold up
        clubhouse = Clubhouse(storage, self.solver, SystemClock(), rng=random.Random(7), best_wait=0)
        self.opened.append((storage, clubhouse))
        client_options.setdefault("sync_globally", True)  # SimCord lets members use synced commands only
        return GolfClient(clubhouse, **client_options)

    @property
    def storage(self) -> SqliteStorage:
        """The storage of the latest process."""
        return self.opened[-1][0]

    async def close(self) -> None:
        for storage, clubhouse in reversed(self.opened):
            await clubhouse.close()
            await storage.close()


@pytest.fixture
def solver() -> FakeSolver:
    return FakeSolver()


@pytest.fixture
def client_options() -> dict[str, Any]:
    return {}  # override per test with @pytest.mark.parametrize("client_options", [...])


@pytest.fixture
async def golf(tmp_path: Path, solver: FakeSolver) -> AsyncIterator[Golf]:
    opened = Golf(tmp_path / "golf.sqlite3", solver)
    yield opened
    await opened.close()


@pytest.fixture
async def simcord_bot(golf: Golf, client_options: dict[str, Any]) -> GolfClient:
    return await golf.open(**client_options)


def _button(message: Message, label: str) -> dict[str, Any]:
    found = [b for b in _buttons(message) if b["label"] == label]
    assert len(found) == 1, f"no single button labelled {label!r}: {_buttons(message)}"
    return found[0]


@pytest.fixture
def button() -> Callable[[Message, str], dict[str, Any]]:
    """``button(message, label)``: the one button with that label."""
    return _button


async def _play_out(member: simcord.MemberActor, message: Message) -> list[simcord.InteractionResult]:
    """Click until the hole is over: the first enabled column button, else Turn stock."""
    clicks = []
    while True:
        enabled = [b for b in _buttons(message) if not b["disabled"]]
        columns = [b for b in enabled if b["custom_id"][-1].isdigit()]
        turns = [b for b in enabled if b["label"].startswith("Turn stock")]
        choice = (columns or turns or [None])[0]
        if choice is None:
            return clicks
        click = await member.click(message, custom_id=choice["custom_id"])
        assert click.acknowledged and not click.ephemeral, click.response
        clicks.append(click)
        assert len(clicks) < 200


@pytest.fixture
def play_out() -> Callable[[simcord.MemberActor, Message], Awaitable[list[simcord.InteractionResult]]]:
    """``await play_out(member, board)``: play the hole on ``board`` to its end; returns the clicks."""
    return _play_out
