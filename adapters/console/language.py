"""The terminal's language: the one its environment asks for, as GNU gettext reads it (``LANGUAGE``, a list
of languages by preference, first; then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from bot.i18n import resolve


def terminal_language(env: Mapping[str, str] | None = None) -> str:
    """The shipped language the terminal's player reads (``bot.i18n.LANGUAGES``), English when the
    environment names none of them (``C``, ``POSIX``, nothing set). ``LANGUAGE`` wins over ``LANG`` as
    with GNU gettext (its first shipped language: ``LANGUAGE=gd:de`` reads German); an empty one is passed
    over."""
    env = os.environ if env is None else env
    return resolve(
        *env.get("LANGUAGE", "").split(":"),
        env.get("LC_ALL"),
        env.get("LC_MESSAGES"),
        env.get("LANG"),
    )
