"""What a rendered picture is: the encoded bytes and what an adapter needs to send them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded image of a screen, ready to attach to a message."""

    data: bytes
    """The encoded image (PNG)."""
    filename: str
    """What the attachment is called, e.g. ``board.png`` (Discord refers to it as attachment://board.png)."""
    width: int
    height: int
    description: str
    """A short alt text, e.g. ``Hole 3 of 9: foundation 7♥, 12 in the stock``; it tells nothing hidden."""
