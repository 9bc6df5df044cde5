"""Screens that only inform: stats, the rules, help."""

from __future__ import annotations

from bot import texts
from bot.models import Stats
from bot.options import rules_option
from bot.screens import Screen, ScreenKind
from engine.golf.rules import OPTIONS, RULE_SETS, Rules, describe, find_rules
from engine.patience import FAMILY, FamilyGame, find_patience, is_family

FAMILY_PLAY = (
    "Play a free card onto the foundation when it is one rank above or below the top card, suits never "
    "mattering, King and Ace next to each other. Turn the stock (if there is one) when you like. The hole "
    "ends when the tableau is clear, or nothing can be played and the stock is empty.\n"
    "Score as in Golf: the cards left in the tableau; clear it and you score minus the cards left in the "
    "stock."
)
KNOWING_THE_DEAL = (
    "Hints and the best possible score know the whole deal, the face-down cards and the stock's order "
    "included: they say what the deal allowed, not what you could see. Hints are offered in casual rounds "
    "only."
)


def stats_screen(name: str, stats: Stats, *, where: str = "") -> Screen:
    title = f"📊 {name}'s Golf" + (f" — {where}" if where else "")
    if not stats.holes_played:
        return Screen(ScreenKind.INFO, title=title, blocks=(texts.NO_HOLES_YET,))
    lines = [f"Rounds played: {stats.rounds_played}"]
    if stats.best_round is not None:
        lines.append(f"Best nine-hole round: {stats.best_round}")
    lines.append(f"Holes played: {stats.holes_played}")
    if stats.average_hole is not None:
        lines.append(f"Average hole score: {stats.average_hole:.2f}")
    if stats.cleared_share is not None:
        lines.append(f"Holes cleared: {stats.cleared_share:.0%}")
    if stats.best_hole is not None:
        lines.append(f"Best hole: {stats.best_hole}")
    return Screen(ScreenKind.INFO, title=title, blocks=("\n".join(lines),))


def describe_rules(rules: Rules) -> list[str]:
    """A line for the base rule set and one for each option (engine.golf.rules' tables)."""
    return list(describe(rules))


def variants_text() -> str:
    """Every rule set and option a player may name, from engine.golf.rules' tables."""
    names = ", ".join(s.name for s in RULE_SETS)
    nicknames = ", ".join(s.nickname for s in RULE_SETS if s.nickname)
    options = ", ".join(f"+{o.name}" for o in OPTIONS)
    return f"Rule sets: {names}" + (f" (also {nicknames})" if nicknames else "") + f"; add {options}."


def games_text() -> str:
    """The Golf family's games a round may play instead of Golf."""
    names = ", ".join(g.name for g in FAMILY)
    return f"Games of the Golf family: {names} (the game option, or as rules)."


def family_rules_screen(name: str) -> Screen:
    game = find_patience(name)
    assert isinstance(game, FamilyGame)
    blocks = (game.game.about, FAMILY_PLAY, KNOWING_THE_DEAL, games_text())
    return Screen(ScreenKind.INFO, title=f"📖 {game.title}", blocks=blocks)


def rules_screen(name: str | None = None) -> Screen:
    chosen = rules_option(name) if name else "strict"
    if is_family(chosen):
        return family_rules_screen(chosen)
    rules = find_rules(chosen)
    how = (
        f"Deal: {rules.columns} columns of {rules.rows}, all face up; one card starts the foundation; "
        f"{rules.stock_size} cards in the stock.\n"
        "Play the bottom card of any column onto the foundation if it is one rank above or below the top "
        "card (suits never matter). Turn the stock when you like. The hole ends when the tableau is clear, "
        "or the stock is empty and nothing can be played.\n"
        "Score: cards left in the tableau; clear it and you score minus the cards left in the stock. "
        "Nine holes make a round; lowest total wins."
    )
    return Screen(
        ScreenKind.INFO,
        title=f"📖 Golf — {rules.name}",
        blocks=(how, "\n".join(describe_rules(rules)), variants_text(), games_text()),
    )


INTRO = (
    "Golf patience: clear seven columns onto one foundation, a rank up or down at a time. "
    "Fewest cards left wins."
)
WELCOME = (
    "Golf is a patience: play the bottom card of a column onto the foundation when it is one rank above "
    "or below the top card, and turn the stock when you are stuck.\n"
    "Clear the tableau in as few cards as you can: nine holes make a round, and lowest total wins."
)


def command_lines(commands: dict[str, str], *, aligned: bool = True) -> str:
    """One line per command: in two aligned columns (for a monospace block), or ``command — what``."""
    if not aligned:
        return "\n".join(f"{c} — {what}" for c, what in commands.items())
    width = max((len(c) for c in commands), default=0)
    return "\n".join(f"{c.ljust(width)}  {what}" for c, what in commands.items())


def help_screen(commands: dict[str, str], *, aligned: bool = True) -> Screen:
    """``commands`` maps the platform's spelling of each command to what it does. ``aligned=False`` for a
    platform whose commands are tappable only outside a monospace block (Telegram)."""
    return Screen(
        ScreenKind.INFO, title="⛳ Golf — help", blocks=(INTRO, command_lines(commands, aligned=aligned))
    )


def welcome_screen(commands: dict[str, str], *, aligned: bool = True) -> Screen:
    """The first thing a new player sees: what Golf is, in two lines, and the commands."""
    return Screen(
        ScreenKind.INFO,
        title="⛳ Welcome to Golf!",
        blocks=(WELCOME, command_lines(commands, aligned=aligned)),
    )
