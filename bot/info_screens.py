"""Screens that only inform: stats, the rules, help."""

from __future__ import annotations

from bot import texts
from bot.i18n import N_, _, ngettext, number
from bot.models import Stats
from bot.options import rules_option
from bot.screens import Screen, ScreenKind
from engine.golf.rules import OPTIONS, RULE_SETS, Rules, describe, find_rules
from engine.patience import FAMILY, FamilyGame, find_patience, is_family

FAMILY_PLAY = (
    N_(
        "Play a free card onto the foundation when it is one rank above or below the top card, suits never "
        "mattering, King and Ace next to each other. Turn the stock (if there is one) when you like. The "
        "hole ends when the tableau is clear, or nothing can be played and the stock is empty."
    ),
    N_(
        "Score as in Golf: the cards left in the tableau; clear it and you score minus the cards left in the "
        "stock."
    ),
)
"""How a game of the Golf family is played, a line each (a paragraph of the rules)."""
KNOWING_THE_DEAL = N_(
    "Hints and the best possible score know the whole deal, the face-down cards and the stock's order "
    "included: they say what the deal allowed, not what you could see. Hints are offered in casual rounds "
    "only."
)


def _lines(lines: tuple[str, ...]) -> str:
    """A paragraph of lines kept apart for the catalogues, worded and joined."""
    return "\n".join(_(line) for line in lines)


def stats_screen(name: str, stats: Stats, *, where: str = "") -> Screen:
    if where:
        # Translators: the title of a player's statistics at one place ("📊 Ann's Golf — Friday club")
        title = _("📊 {name}'s Golf — {where}", name=name, where=where)
    else:
        title = _("📊 {name}'s Golf", name=name)
    if not stats.holes_played:
        return Screen(ScreenKind.INFO, title=title, blocks=(_(texts.NO_HOLES_YET),))
    lines = [_("Rounds played: {rounds}", rounds=number(stats.rounds_played))]
    if stats.best_round is not None:
        lines.append(_("Best nine-hole round: {score}", score=stats.best_round))
    lines.append(_("Holes played: {holes}", holes=number(stats.holes_played)))
    if stats.average_hole is not None:
        lines.append(_("Average hole score: {average}", average=number(stats.average_hole, places=2)))
    if stats.cleared_share is not None:
        percent = number(stats.cleared_share * 100, places=0)
        lines.append(_("Holes cleared: {percent}%", percent=percent))
    if stats.best_hole is not None:
        lines.append(_("Best hole: {score}", score=stats.best_hole))
    return Screen(ScreenKind.INFO, title=title, blocks=("\n".join(lines),))


def describe_rules(rules: Rules) -> list[str]:
    """A line for the base rule set and one for each option (engine.golf.rules' tables)."""
    return list(describe(rules, word=_))


def variants_text() -> str:
    """Every rule set and option a player may name, from engine.golf.rules' tables."""
    names = ", ".join(s.name for s in RULE_SETS)
    nicknames = ", ".join(s.nickname for s in RULE_SETS if s.nickname)
    options = ", ".join(f"+{o.name}" for o in OPTIONS)
    if not nicknames:
        return _("Rule sets: {names}; add {options}.", names=names, options=options)
    # Translators: the names a player may type; {nicknames} are other names of some of the rule sets
    return _(
        "Rule sets: {names} (also {nicknames}); add {options}.",
        names=names,
        nicknames=nicknames,
        options=options,
    )


def games_text() -> str:
    """The Golf family's games a round may play instead of Golf."""
    names = ", ".join(g.name for g in FAMILY)
    return _("Games of the Golf family: {games} (the game option, or as rules).", games=names)


def family_rules_screen(name: str) -> Screen:
    game = find_patience(name)
    assert isinstance(game, FamilyGame)
    blocks = (_(game.game.about), _lines(FAMILY_PLAY), _(KNOWING_THE_DEAL), games_text())
    return Screen(ScreenKind.INFO, title=f"📖 {game.title}", blocks=blocks)


def rules_screen(name: str | None = None) -> Screen:
    chosen = rules_option(name) if name else "strict"
    if is_family(chosen):
        return family_rules_screen(chosen)
    rules = find_rules(chosen)
    how = "\n".join((_deal_line(rules), _lines(GOLF_PLAY)))
    return Screen(
        ScreenKind.INFO,
        # Translators: the title of the rules of Golf under a rule set ("📖 Golf — strict")
        title=_("📖 Golf — {rules}", rules=rules.name),
        blocks=(how, "\n".join(describe_rules(rules)), variants_text(), games_text()),
    )


GOLF_PLAY = (
    N_(
        "Play the bottom card of any column onto the foundation if it is one rank above or below the top "
        "card (suits never matter). Turn the stock when you like. The hole ends when the tableau is clear, "
        "or the stock is empty and nothing can be played."
    ),
    N_(
        "Score: cards left in the tableau; clear it and you score minus the cards left in the stock. "
        "Nine holes make a round; lowest total wins."
    ),
)
"""How Golf is played and scored, a line each (after the deal's line)."""


def _deal_line(rules: Rules) -> str:
    """``Deal: 7 columns of 5, all face up; one card starts the foundation; 16 cards in the stock.``"""
    # Translators: the tableau's columns and their depth, in the rules' deal line ("7 columns of 5")
    columns = ngettext(
        "{count} column of {rows}", "{count} columns of {rows}", rules.columns, rows=rules.rows
    )
    # Translators: in the rules' deal line ("16 cards in the stock")
    stock = ngettext("{count} card in the stock", "{count} cards in the stock", rules.stock_size)
    return _(
        "Deal: {columns}, all face up; one card starts the foundation; {stock}.", columns=columns, stock=stock
    )


INTRO = N_(
    "Golf patience: clear seven columns onto one foundation, a rank up or down at a time. "
    "Fewest cards left wins."
)
WELCOME = (
    N_(
        "Golf is a patience: play the bottom card of a column onto the foundation when it is one rank above "
        "or below the top card, and turn the stock when you are stuck."
    ),
    N_("Clear the tableau in as few cards as you can: nine holes make a round, and lowest total wins."),
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
        ScreenKind.INFO,
        title=_("⛳ Golf — help"),
        blocks=(_(INTRO), command_lines(commands, aligned=aligned)),
    )


def welcome_screen(commands: dict[str, str], *, aligned: bool = True) -> Screen:
    """The first thing a new player sees: what Golf is, in two lines, and the commands."""
    return Screen(
        ScreenKind.INFO,
        title=_("⛳ Welcome to Golf!"),
        blocks=(_lines(WELCOME), command_lines(commands, aligned=aligned)),
    )
