"""Golden images: each kind of picture rendered and compared with the PNG stored in golden/, by pixel
difference with a small tolerance (so that a patch release of Pillow or FreeType, which may move a letter's
smoothing by a shade, does not fail it), so that a change to the art is a visible, reviewed diff.

After a deliberate change to the art, rewrite them and look at them before committing::

    GOLFBOT_UPDATE_GOLDEN=1 .venv/bin/pytest tests/adapters/pictures/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from adapters.pictures import render
from bot.screens import Screen
from tests.adapters.pictures import samples

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("GOLFBOT_UPDATE_GOLDEN", "") not in ("", "0")
SHADE = 40
"""A pixel differs when one of its channels moved by more than this (of 255)."""
SHARE = 0.003
"""At most this share of the pixels may differ."""

CASES: dict[str, tuple[Callable[[], Screen], bool]] = {
    "golf-hole": (samples.golf_hole, False),
    "golf-hole-four-colour": (samples.golf_hole, True),
    "hole-end": (samples.hole_end, False),
    "round-end": (samples.round_end, False),
    "sixcard-seat": (lambda: samples.sixcard(0), False),
    "sixcard-place": (lambda: samples.sixcard(None), False),
    "sixcard-hand-end": (samples.sixcard_end, False),
    "share": (samples.share, False),
    "tripeaks-hole": (lambda: samples.family_hole("tripeaks"), False),
    "elevator-hole": (lambda: samples.family_hole("elevator"), False),
    "black-hole-hole": (lambda: samples.family_hole("black-hole"), False),
}


def differing(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels of ``a`` and ``b`` (same size) that differ by more than SHADE in a channel."""
    worst = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L", (1, 1, 1, 0))
    # (the sum of the three channels' differences: a pixel past SHADE in one channel is past it in the sum)
    histogram = worst.point(lambda v: 255 if v > SHADE else 0).histogram()
    return histogram[255] / (a.width * a.height)


@pytest.mark.parametrize("name", list(CASES))
def test_the_picture_matches_its_golden_image(name: str) -> None:
    build, four_colour = CASES[name]
    picture = render(build(), four_colour=four_colour)
    assert picture is not None
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(picture.data)
    assert path.exists(), f"no golden image {path.name}: make it with GOLFBOT_UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as stored, Image.open(io.BytesIO(picture.data)) as drawn:
        assert drawn.size == stored.size, f"{name}: {drawn.size} drawn, {stored.size} stored"
        share = differing(drawn, stored)
    assert share <= SHARE, f"{name}: {share:.2%} of the pixels differ from golden/{path.name}"


def test_the_comparison_sees_a_change() -> None:
    picture = render(samples.golf_hole())
    assert picture is not None
    with Image.open(io.BytesIO(picture.data)) as drawn:
        other = render(samples.golf_hole(), four_colour=True)
        assert other is not None
        with Image.open(io.BytesIO(other.data)) as four:
            assert differing(drawn, drawn) == 0
            assert differing(drawn, four) > SHARE  # the diamonds and clubs changed colour
