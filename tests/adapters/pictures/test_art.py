"""The card art: every card's index (its rank and suit, in the suit's ink) is in the top-left strip, where
a player looks and the only part of a card that shows under the next one in its column; the four-colour
deck inks each suit its own colour; a back and an empty pile are drawn; a name the font cannot spell shows
no blank box."""

from __future__ import annotations

import pytest
from PIL import Image

from adapters.pictures import cards, colours
from adapters.pictures.golf import CARD
from adapters.pictures.stickers import printable
from engine.cards import JOKER_CARD, ONE_DECK, Card, Suit

EVERY_CARD = (*ONE_DECK, JOKER_CARD)


def inked(image: Image.Image, box: tuple[int, int, int, int], ink: colours.RGB, *, near: int = 60) -> int:
    """How many pixels of ``box`` are (nearly) ``ink``."""
    data = image.convert("RGB").crop(box).tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return sum(1 for r, g, b in pixels if abs(r - ink[0]) + abs(g - ink[1]) + abs(b - ink[2]) <= near)


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_the_index_is_at_the_top_left_in_the_suits_ink(card: Card, four_colour: bool) -> None:
    face = cards.face(card, CARD.width, four_colour)
    ink = colours.ink(card.suit, four_colour)
    half = CARD.width // 2
    rank_box = (0, 0, half, CARD.strip)  # the rank (and, narrow ranks, the suit) in the strip's left half
    assert inked(face, rank_box, ink) >= 40, f"{card}: no index at the top left"
    right_of_strip = (half, 0, CARD.width, CARD.strip)
    assert inked(face, rank_box, ink) >= inked(face, right_of_strip, ink) // 2  # it reads from the left


def test_each_suit_has_its_own_ink_in_the_four_colour_deck() -> None:
    inks = {colours.ink(s, True) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
    assert len(inks) == 4
    two = {colours.ink(s, False) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
    assert len(two) == 2


def test_every_card_looks_different() -> None:
    for four_colour in (False, True):
        faces = {cards.face(c, CARD.width, four_colour).tobytes() for c in EVERY_CARD}
        assert len(faces) == len(EVERY_CARD)
        assert cards.back(CARD.width).tobytes() not in faces


def test_the_back_and_the_empty_pile() -> None:
    back = cards.back(CARD.width)
    assert back.size == (CARD.width, CARD.height)
    assert inked(back, (0, 0, CARD.width, CARD.height), colours.BACK, near=30) > CARD.width * CARD.height // 3
    empty = cards.empty(CARD.width)
    assert empty.getchannel("A").getextrema() == (0, 255)  # an outline, open in the middle
    assert empty.getpixel((CARD.width // 2, CARD.height // 2))[3] == 0  # type: ignore[index]


def test_what_the_font_cannot_draw_is_a_question_mark() -> None:
    assert printable("Zoë Łukasz Ωmega Жанна") == "Zoë Łukasz Ωmega Жанна"
    assert printable("Ann 🎉 名") == "Ann ? ?"
