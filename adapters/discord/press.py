"""The answer to a button press, whatever its id family: the door's ``Reply`` shown where it goes.

Every button of every message the bot draws is one ``GolfButton`` (adapters/discord/buttons.py), and every
press comes to ``GolfClient.take_press``, which asks the door (``bot.door``) and hands its Reply here. What
is shown where depends on the Reply and its Screen, never on the mode behind the button:

* **The pressed message is edited** into ``Reply.screen``: a board, a summary, or a message's own INFO
  screen (a scoreboard, a sign-up, a challenge answered).
* **The presser alone sees it** (an ephemeral reply; the pressed message stays as it was) when the Reply is
  ``alone`` (a player's own board, opened from a scoreboard) or its screen is a NOTICE (a short reply, which
  ``ScreenKind`` says goes privately where it can: "The match is over."). It is drawn in the presser's
  language (``privately``), the pressed message being the channel's.
* ``Reply.private`` (a card drawn from a table's stock) follows, ephemeral, in the presser's language.
* **A refusal** is a private line; if it comes with a screen (the session as it stands: a board that is
  behind, a competition over or called off), the pressed message is brought up to date as well. The press
  was checked to be on its message first (``bot.press_guard``), so that message shows the session the
  press names, which the refusal's screen is of.
* **A repeat** of a press just applied on the same message (``RepeatedActionError``) is only acknowledged.

Timing: the door's answer is raced against ``DEFER_AFTER`` (``in_time``); a long one (a tournament's
"Close now" starts a whole round) is deferred first and its answer follows as an edit or a follow-up.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Iterator
from contextlib import asynccontextmanager, contextmanager

import discord

from adapters.discord.buttons import ids_on
from adapters.discord.drawing import Pen
from adapters.discord.render import render_notice
from adapters.discord.replies import in_time, post, tell_refusal, update
from bot.door import Reply
from bot.errors import GolfError, RepeatedActionError, StaleActionError
from bot.i18n import privately
from bot.screens import Screen, ScreenKind


def is_for_the_presser(reply: Reply) -> bool:
    """Does the Reply's screen go to the presser alone, the pressed message left as it was?"""
    return reply.alone or reply.screen.kind is ScreenKind.NOTICE


class Boards:
    """Which screen (session and version) each message shows, and the presses under way on it: tells a
    double click, answered without a word, from a press on a message that is behind. A message's screen is
    noted as its edit goes out and forgotten if the edit fails (a 429 storm, an expired interaction): a
    message whose answer was lost is behind, and its next press brings it up to date. The last ``size``
    are kept."""

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._shown: OrderedDict[int, tuple[str, int]] = OrderedDict()
        self._clicking: Counter[int] = Counter()

    @contextmanager
    def clicking(self, message_id: int) -> Iterator[None]:
        self._clicking[message_id] += 1
        try:
            yield
        finally:
            self._clicking[message_id] -= 1
            if not self._clicking[message_id]:
                del self._clicking[message_id]

    @asynccontextmanager
    async def showing(self, message_id: int, screen: Screen) -> AsyncIterator[None]:
        """Note that the message shows ``screen`` while (and after) it is edited into it, unless the edit
        fails."""
        mark = (screen.session, screen.version)
        self._shown.pop(message_id, None)
        self._shown[message_id] = mark
        while len(self._shown) > self._size:
            self._shown.popitem(last=False)
        try:
            yield
        except BaseException:
            if self._shown.get(message_id) == mark:
                del self._shown[message_id]
            raise

    def will_show(self, message: discord.Message | None, screen: Screen) -> bool:
        """Another press on this message is under way (the one being repeated), or the message shows
        ``screen``: an edit into it went out, or its buttons, as Discord delivered them with this press,
        are ``screen``'s."""
        if message is None:
            return False
        if self._clicking[message.id] > 1:
            return True
        shown = self._shown.get(message.id)
        if shown is not None and shown[0] == screen.session and shown[1] >= screen.version:
            return True
        return ids_on(message) == [button.id for row in screen.buttons for button in row]


async def answer_press(
    interaction: discord.Interaction, work: Awaitable[Reply], *, pen: Pen, boards: Boards
) -> None:
    """``work`` (the door's answer to the press) shown as the module's doc says; ``pen`` draws it in its
    reader's look (adapters/discord/drawing.py)."""
    message_id = interaction.message.id if interaction.message is not None else 0
    with boards.clicking(message_id):
        try:
            reply = await in_time(work, interaction.response.defer)
        except GolfError as error:
            await _refused(interaction, error, pen=pen, boards=boards, message_id=message_id)
            return
        if is_for_the_presser(reply):
            with privately():  # drawn in the presser's words, though pressed on the channel's message
                await post(interaction, reply.screen, pen=pen, private=True)
        else:
            async with boards.showing(message_id, reply.screen):
                await update(interaction, reply.screen, pen=pen)
    if reply.private is not None:
        with privately():
            await interaction.followup.send(render_notice(reply.private), ephemeral=True)


async def _refused(
    interaction: discord.Interaction, error: GolfError, *, pen: Pen, boards: Boards, message_id: int
) -> None:
    current = error.screen if isinstance(error, StaleActionError) else None
    repeated = isinstance(error, RepeatedActionError)
    if repeated and current is not None and boards.will_show(interaction.message, current):
        if not interaction.response.is_done():
            await interaction.response.defer()  # acknowledged: the message shows it already
        return
    if error.screen is not None:  # (a message that is behind: brought up to date)
        async with boards.showing(message_id, error.screen):
            await update(interaction, error.screen, pen=pen)
    await tell_refusal(interaction, error)
