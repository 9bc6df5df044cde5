"""Suggestions for the ``rules`` option as the player types: the rule sets of engine.golf.rules, with
modifiers.

The option stays free text (``find_rules`` reads any spelling, e.g. ``putt-putt+joker``); these are only
suggestions, so an unknown name is refused by the core with its own friendly message.
"""

from __future__ import annotations

from discord import app_commands

from adapters.discord.render import clip
from bot.i18n import N_, _
from engine.golf.rules import MODIFIER_NAMES, RULE_NAMES, RULE_SETS, RulesError, find_rules
from engine.patience import FAMILY

MAX_CHOICES = 25
"""Discord shows at most 25 suggestions."""
MAX_NAME = 100
"""Discord's limit on a suggestion's label."""
BASE_NOTES = {s.name: s.note for s in RULE_SETS}
"""A few words on each base rule set (engine.golf.rules.RULE_SETS)."""


def _canonical(text: str) -> str | None:
    try:
        return find_rules(text).name
    except RulesError:
        return None


def rules_suggestions(typed: str) -> list[str]:
    """Canonical rule names that fit what has been typed so far, best first."""
    text = typed.strip().lower().replace(" ", "")
    found: list[str] = []
    exact = _canonical(text) if text else None
    if exact:
        found.append(exact)
    head, plus, tail = text.rpartition("+")
    if plus:
        base = _canonical(head)
        bases = [base] if base else []
        modifiers = [m for m in MODIFIER_NAMES if m.startswith(tail)]
    else:
        bases = [b for b in RULE_NAMES if b.startswith(tail)]
        found.extend(bases)
        modifiers = list(MODIFIER_NAMES)
    for base in bases:
        for modifier in modifiers:
            name = _canonical(f"{base}+{modifier}")
            if name and name != base:
                found.append(name)
    return list(dict.fromkeys(found))[:MAX_CHOICES]


def describe(name: str) -> str:
    """The label of a suggestion: the name, and for a plain rule set what it means (in the reader's
    language; the name is what is typed, so it stays as it is)."""
    note = BASE_NOTES.get(name)
    return clip(f"{name} — {_(note)}", MAX_NAME) if note else name


GAME_CHOICES = [
    # Translators: the game of the game option (/golf play, /golf challenge): Golf patience itself
    app_commands.Choice(name=N_("Golf"), value="golf"),
    *(app_commands.Choice(name=game.layout.title, value=game.name) for game in FAMILY),
]
"""The games a round may play: Golf and the Golf family's (``engine.patience``). Their names are words
of the catalogues (the family's titles are marked where they are written): discord.py asks the translator
for every choice's name (adapters/discord/translator.py)."""
