"""Answering an interaction: within Discord's 3 seconds, in the right place, and never with a traceback.

Timing: the core's answer usually takes milliseconds, but a hint or a move that ends a hole may wait on the
solver (up to its own 3-second timeout). So every answer is raced against ``DEFER_AFTER`` seconds; if the
core has not answered by then the interaction is deferred (a click: "deferred update", nothing visible; a
command: "thinking…") and the answer follows by editing the original response. Fast answers cost one call.

Missed windows: Discord forgets an interaction that was not answered within 3 seconds (10062 Unknown
Interaction; a kill right after a click, a long 429) and its follow-ups after 15 minutes (10015). What the
click did is saved all the same; the miss is one WARNING line, and nothing more is tried.

Double clicks: a click that repeats one the same player had applied a moment ago on the same message
(``RepeatedActionError``) is acknowledged without a word (press.py): the board shows its outcome already
(or is about to). What a message shows is noted as its edit goes out and forgotten if the edit fails: an
answer lost to a 429 storm leaves the board behind, and its next click, even a repeat, gets the notice and
brings it up to date, like a click on any genuinely old board.

Rate limits: discord.py retries a 429 five times; an answer still refused then is one WARNING line (the
click's move is saved; the board catches up on its next click), not a traceback.

Where: boards and summaries are public (a click edits the message it was pressed on, see press.py; a
command posts a new board); help, rules, stats and refusals go privately (ephemeral) to the one who asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, TypeVar

import aiohttp
import discord

from adapters import log_context, metrics
from adapters.discord.cycles import sending
from adapters.discord.drawing import Drawn, Pen, is_v2
from adapters.discord.identity import PLATFORM, place_of
from adapters.discord.render import render_notice
from bot.errors import GolfError
from bot.i18n import N_, _, privately
from bot.ports import StoreUnavailable
from bot.screens import Screen, ScreenKind
from bot.texts import STORE_UNAVAILABLE

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds to wait for the core before deferring; Discord allows 3 for the first answer, and the network
and the gateway need their share of it."""
SORRY = N_("Sorry, something went wrong on my side. Please try again in a moment.")
EXPIRED = {10062: "Unknown Interaction", 10015: "Unknown Webhook"}
"""Discord's codes for an interaction past its 3-second window, and for its follow-ups past 15 minutes."""

TOO_MANY_REQUESTS = 429
PAYLOAD_TOO_LARGE = 413
ALREADY_ACKNOWLEDGED = 40060
UPLOAD_SECONDS = 2.0
"""How long a picture board may take to reach Discord before its text board is sent instead: a first
answer must be in within 3 seconds of the click."""

T = TypeVar("T")


def is_private(screen: Screen) -> bool:
    return screen.kind in (ScreenKind.INFO, ScreenKind.NOTICE)


async def in_time(work: Awaitable[T], defer: Callable[[], Awaitable[object]]) -> T:
    """``work``'s result; if it is not ready within DEFER_AFTER seconds, ``defer`` is called first."""
    task = asyncio.ensure_future(work)
    done, _pending = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done:
        task.add_done_callback(_retrieve)  # should deferring fail, the core's answer is still collected
        await defer()
    return await task


def _retrieve(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


@asynccontextmanager
async def no_tracebacks(interaction: discord.Interaction) -> AsyncIterator[None]:
    """A bug or an outage becomes a polite private reply and a log line, never a silent failure (a
    database that cannot be used just now: one line, no traceback). Every line logged meanwhile names the
    platform, the place and the player (adapters/log_context.py)."""
    place, player = place_of(interaction).key, f"{PLATFORM}:{interaction.user.id}"
    with log_context.about(PLATFORM, place, player):
        async with _no_tracebacks(interaction):
            yield


@asynccontextmanager
async def _no_tracebacks(interaction: discord.Interaction) -> AsyncIterator[None]:
    try:
        yield
    except discord.NotFound as error:
        if error.code not in EXPIRED:
            raise
        log.warning(
            "interaction %s expired before it was answered (%s %s); what it did is saved",
            interaction.id,
            error.code,
            EXPIRED[error.code],
        )
    except StoreUnavailable as error:
        log.warning("interaction %s: the database cannot be used: %s", interaction.id, error)
        metrics.database_error("discord")
        with suppress(discord.HTTPException):
            await tell(interaction, STORE_UNAVAILABLE)
    except discord.HTTPException as error:
        if error.status == TOO_MANY_REQUESTS:  # (a reply would be refused too)
            log.warning(
                "interaction %s was not answered: Discord kept rate limiting (429); what it did is saved",
                interaction.id,
            )
            return
        log.exception("answering interaction %s failed", interaction.id)
        with suppress(discord.HTTPException):
            await tell(interaction, SORRY)
    except Exception:
        log.exception("answering interaction %s failed", interaction.id)
        with suppress(discord.HTTPException):
            await tell(interaction, SORRY)


async def tell_refusal(interaction: discord.Interaction, error: GolfError) -> None:
    """A refusal, as ``tell`` says: in the presser's language (a refusal is worded when it is read)."""
    with privately():
        text = error.template
    await _tell(interaction, text)


async def tell(interaction: discord.Interaction, message: str, /, **params: object) -> None:
    """A private line to the one who acted: the answer if none was given yet, else a follow-up. ``message``
    is a text as written (a ``N_`` constant), worded here in the presser's language; its command keys are
    spelled here."""
    with privately():
        text = _(message, **params)
    await _tell(interaction, text)


async def _tell(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(render_notice(text), ephemeral=True)
    else:
        await interaction.response.send_message(render_notice(text), ephemeral=True)


async def with_picture(drawn: Drawn, send: Callable[[Drawn], Awaitable[object]]) -> None:
    """``send(drawn)``; should its picture not get through (413 too large, a timeout, Discord failing
    after discord.py's own retries, the network), one WARNING line and ``send`` the text board instead:
    a current board, never a stale picture. The next screen tries a picture again."""
    if drawn.picture is None:
        await send(drawn)
        return
    try:
        async with asyncio.timeout(UPLOAD_SECONDS):
            await send(drawn)
        return
    except TimeoutError:
        reason = f"no answer within {UPLOAD_SECONDS:g} s"
    except discord.HTTPException as error:
        if error.status != PAYLOAD_TOO_LARGE and error.status < 500:
            raise
        reason = f"{error.status} {error.text[:80]}".rstrip()
    except (aiohttp.ClientError, OSError) as error:
        reason = f"{type(error).__name__}: {error}"[:120]
    log.warning(
        "the picture of %r (%d bytes) could not be uploaded (%s); its text board is shown instead",
        drawn.screen.title,
        len(drawn.picture.data),
        reason,
    )
    await send(drawn.as_text())


async def post(
    interaction: discord.Interaction,
    screen: Screen,
    *,
    pen: Pen,
    notice: str = "",
    private: bool | None = None,
) -> None:
    """A new message with ``screen``: public for boards and summaries; private for anything else, and for a
    board that comes with a ``notice`` (a refusal); ``private`` says which, if given."""
    if private is None:
        private = is_private(screen) or bool(notice)
    drawn = await pen.draw(screen, notice=notice)
    sent = await send_new(interaction, drawn, private=private)
    if not private and sent is not None:  # the session's message (a move on the web table redraws it)
        pen.drawing.kept.note(drawn, pen.place, interaction.channel_id, sent)


async def send_new(interaction: discord.Interaction, drawn: Drawn, *, private: bool) -> int | None:
    """``drawn`` as the interaction's answer, or as a follow-up once it is answered; the id of the message
    that shows it, when Discord said it."""
    shown: list[int] = []

    async def send(drawn: Drawn) -> None:
        if not interaction.response.is_done():
            try:
                with sending(drawn.send()) as given:
                    answered = await interaction.response.send_message(ephemeral=private, **given)
                if answered is not None and answered.message_id is not None:
                    shown.append(answered.message_id)
                return
            except discord.HTTPException as error:
                if error.code != ALREADY_ACKNOWLEDGED:  # (a picture whose answer went out, then timed out)
                    raise
                with sending(drawn.edit()) as given:
                    shown.append((await interaction.edit_original_response(**given)).id)
                return
        with sending(drawn.send()) as given:
            followed = await interaction.followup.send(ephemeral=private, wait=True, **given)
        shown.append(followed.id)

    await with_picture(drawn, send)
    return shown[-1] if shown else None


async def update(interaction: discord.Interaction, screen: Screen, *, pen: Pen) -> None:
    """Edit the message whose button was pressed to show ``screen`` (as V2 if it is V2 already)."""
    drawn = await pen.draw(screen, v2=is_v2(interaction.message))

    async def edit(drawn: Drawn) -> None:
        if not interaction.response.is_done():
            try:
                with sending(drawn.edit()) as given:
                    await interaction.response.edit_message(**given)
                return
            except discord.HTTPException as error:
                if error.code != ALREADY_ACKNOWLEDGED:
                    raise
        with sending(drawn.edit()) as given:
            await interaction.edit_original_response(**given)

    await with_picture(drawn, edit)
    message = interaction.message
    if message is not None and not message.flags.ephemeral:  # the session's message from now on
        pen.drawing.kept.note(drawn, pen.place, interaction.channel_id, message.id)


async def answer_command(interaction: discord.Interaction, work: Awaitable[Screen], *, pen: Pen) -> None:
    """A slash command: its screen as a new message. A refusal is private; with a board attached (a round
    already in progress) the board comes along, buttons and all."""

    async def think() -> None:
        await interaction.response.defer(thinking=True)

    try:
        screen = await in_time(work, think)
    except GolfError as error:
        if error.screen is None:
            await tell_refusal(interaction, error)
        else:
            with privately():  # the refusal is the presser's; the board (public) the place's
                notice = error.template
            await post(interaction, error.screen, pen=pen, notice=notice)
        return
    await post(interaction, screen, pen=pen)
