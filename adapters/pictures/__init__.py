"""Pictures of the screens that show cards: a Golf hole, its end and the scorecard, a Six-card table, the
daily's share card. Card art of our own, drawn with Pillow in ``adapters.pictures.art`` (the code is the
art's source), composed from cached card images and encoded as PNG.

Nothing here knows a chat platform: the Discord and Telegram adapters attach what ``render`` (or, off their
event loop, ``Pictures.picture``) returns."""

from adapters.pictures.picture import Picture
from adapters.pictures.pool import Pictures
from adapters.pictures.render import render

__all__ = ["Picture", "Pictures", "render"]
