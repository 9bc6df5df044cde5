"""Screen buttons -> Discord buttons that survive a restart, and telling our clicks from anything else.

Every button of every message, whatever its id family, is a ``GolfButton``: a ``DynamicItem`` whose
template is every id the door takes (``PRESSABLE``: the sessions' families of ``bot.actions``, ``g1:<round>:
<version>:<action>`` for solo rounds, and the competitions' own ``c1``), so the id alone says what to do and
every click comes to one handler (``GolfClient.take_press``). The adapter never reads an id: it hands it
back to the core as it came. The client registers the class in ``setup_hook``; a click on a message posted
before a restart (of any family, whichever class drew it then) is then matched and handled like any other.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from adapters.discord.cycles import dismantle
from adapters.discord.render import clip
from bot.actions import ACTION_PATTERN
from bot.competition_actions import PATTERN as COMPETITION_PATTERN
from bot.press_guard import is_on_message
from bot.screens import ButtonStyle, Screen

STYLES = {
    ButtonStyle.PRIMARY: discord.ButtonStyle.primary,
    ButtonStyle.SECONDARY: discord.ButtonStyle.secondary,
    ButtonStyle.SUCCESS: discord.ButtonStyle.success,
    ButtonStyle.DANGER: discord.ButtonStyle.danger,
}
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_LABEL = 80
"""Discord's limit on a button's label: a longer one (a translation, a long name) is cut with "…"."""
PRESSABLE = re.compile(f"{ACTION_PATTERN.pattern}|{COMPETITION_PATTERN.pattern}")
"""Every button id of ours, matched whole: the template of ``GolfButton``, the one button class."""


@runtime_checkable
class TakesPresses(Protocol):
    """The client side of a click: ask the core, answer the interaction."""

    async def take_press(self, interaction: discord.Interaction, action_id: str) -> None: ...


class GolfButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PRESSABLE):
    """A button of ours: of a board, a table, a scoreboard, a challenge, a sign-up. Its custom id is the id
    the core gave it; a click hands that id to the client (``TakesPresses``). Every button the adapter
    sends is made here, so its label is clipped here (``MAX_LABEL``)."""

    def __init__(
        self, custom_id: str, *, label: str = "", style: discord.ButtonStyle, disabled: bool
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, MAX_LABEL) or None, style=style, disabled=disabled, custom_id=custom_id
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GolfButton:
        # Nothing may fail here (discord.py would drop the click unanswered): the core checks the id.
        return cls(match.string, style=discord.ButtonStyle.secondary, disabled=False)

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        try:
            if isinstance(client, TakesPresses):
                await client.take_press(interaction, self.custom_id)
        finally:
            dismantle(self.view)  # the view discord.py rebuilt from the message to find this button


def check_rows(screen: Screen) -> None:
    """Raises ValueError for more rows or buttons than a Discord message carries (5 rows of 5)."""
    if len(screen.buttons) > MAX_ROWS or any(len(row) > MAX_PER_ROW for row in screen.buttons):
        raise ValueError(f"{screen.title!r}: more buttons than a Discord message can carry")


def board_buttons(screen: Screen) -> discord.ui.View | None:
    """The screen's buttons, row for row, or None when it has none: any screen's, of any id family (one
    class draws them all). ``timeout=None``: nothing lives in the view, so there is nothing to time out."""
    if not screen.buttons:
        return None
    check_rows(screen)
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(screen.buttons):
        for button in row:
            item = GolfButton(
                button.id, label=button.label, style=STYLES[button.style], disabled=not button.enabled
            )
            item.row = number
            view.add_item(item)
    return view


def is_golf_click(interaction: discord.Interaction) -> bool:
    """Will a GolfButton answer this component interaction (a button of any family of ours)? Exactly
    discord.py's own test: a button whose custom id fully matches the template. Everything else is ours to
    refuse (see ``client``)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    return (
        data.get("component_type") == discord.ComponentType.button.value
        and isinstance(custom_id, str)
        and GolfButton.__discord_ui_compiled_template__.fullmatch(custom_id) is not None
    )


def ids_on(message: discord.Message | None) -> list[str]:
    """The custom ids of the message's buttons (in rows or not), as Discord delivered them."""
    found: list[str] = []

    def walk(components: Any) -> None:
        for component in components:
            custom_id = getattr(component, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
            walk(getattr(component, "children", ()))

    walk(message.components if message is not None else ())
    return found


def is_on_its_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Is ``custom_id`` one of the clicked message's buttons, or an older key of the same board?"""
    return is_on_message(custom_id, ids_on(interaction.message))
