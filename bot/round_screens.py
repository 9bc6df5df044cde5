"""Turn a round and its current position into a Screen: the live board, a finished hole, a finished round."""

from __future__ import annotations

from bot.actions import SOLO
from bot.family_board import card_buttons, layout_view
from bot.i18n import N_, _, ngettext
from bot.models import RoundState, RoundStatus
from bot.render import text_width
from bot.screens import BoardView, Button, ButtonRole, ButtonStyle, ScorecardView, Screen, ScreenKind
from engine.golf.course import skipped
from engine.golf.scoring import Round, cleared, to_par_text
from engine.patience import Answer, Position, find_patience
from engine.spread.position import Spread

ROW = 5
"""Buttons per row: Discord's limit."""


def _playable(state: RoundState, hole: Position) -> tuple[bool, ...]:
    """Which columns may be played now (none unless the hole is in play; () for a family layout)."""
    if isinstance(hole, Spread):
        return ()
    if state.status is not RoundStatus.PLAYING:
        return (False,) * len(hole.tableau)
    return tuple(hole.can_play(c) for c in range(len(hole.tableau)))


def card_of(state: RoundState) -> Round:
    """The round's scorecard (engine.golf.scoring): its holes, par and the scores so far."""
    return Round(state.holes, state.par_for_nine, state.scores)


def board_view(state: RoundState, hole: Position) -> BoardView:
    return _board_view(state, hole, _playable(state, hole))


def _board_view(
    state: RoundState, hole: Position, playable: tuple[bool, ...], *, hide_deals: bool = False
) -> BoardView:
    card = card_of(state)
    family = isinstance(hole, Spread)
    return BoardView(
        columns=() if family else hole.tableau,
        playable=playable,
        foundation=hole.top,
        stock_left=len(hole.stock),
        hole=state.hole_index + 1,
        holes=state.holes,
        total=card.total,
        par=card.par,
        rules=state.rules,
        deal=None if hide_deals else state.deal,
        layout=layout_view(hole, live=_live(state, hole)) if family else None,
    )


def _live(state: RoundState, hole: Position) -> bool:
    return state.status is RoundStatus.PLAYING and not hole.is_over


def board_buttons(state: RoundState, hole: Position) -> tuple[tuple[Button, ...], ...]:
    return _board_buttons(state, hole, _playable(state, hole))


def _board_buttons(
    state: RoundState, hole: Position, playable: tuple[bool, ...]
) -> tuple[tuple[Button, ...], ...]:
    # the ids of bot.actions, ``g1:<round>:<version>:<action>``, made from one prefix: this runs every move
    prefix = SOLO.prefix(state.id, state.version)
    live = _live(state, hole)
    columns: list[Button] = list(card_buttons(hole, prefix, live=live)) if isinstance(hole, Spread) else []
    for c, can_play in enumerate(playable):
        card = hole.available(c)
        name = str(c + 1)
        columns.append(
            Button(
                id=prefix + name,
                label=card.pretty() if card else "—",
                enabled=can_play,
                style=ButtonStyle.PRIMARY if can_play else ButtonStyle.SECONDARY,
                key=name,
                role=ButtonRole.COLUMN,
            )
        )
    rows = [tuple(columns[i : i + ROW]) for i in range(0, len(columns), ROW)]
    # Translators: a button that turns the next card of the stock; the number is the cards left in it
    stock = _("Turn stock ({count})", count=len(hole.stock))
    controls = []
    if not isinstance(hole, Spread) or hole.layout.stock:  # Black Hole and All in a Row have none
        controls.append(Button(prefix + "s", stock, live and hole.can_turn(), key="d", role=ButtonRole.STOCK))
    if state.casual:
        # Translators: a button that asks the solver for the best next move
        controls.append(Button(prefix + "h", _("Hint"), live, key="h", role=ButtonRole.HINT))
    concede = ButtonRole.CONCEDE
    # Translators: a button that gives up the hole in play (its score is the cards left)
    give_up = _("Concede hole")
    controls.append(Button(prefix + "q", give_up, live, ButtonStyle.DANGER, key="q", role=concede))
    if state.status is RoundStatus.HOLE_OVER:
        # Translators: a button that deals the next hole of the round
        go_on = Button(
            prefix + "n", _("Next hole ▶"), True, ButtonStyle.SUCCESS, key="n", role=ButtonRole.NEXT
        )
        controls.append(go_on)
    rows.append(tuple(controls))
    return tuple(rows)


def scorecard_view(state: RoundState) -> ScorecardView:
    """The scorecard as data, for pictures."""
    return ScorecardView(state.holes, card_of(state).hole_par, state.scores, state.best)


# Translators: the heads of the scorecard's rows (hole numbers, par, the player's scores, the best
# possible scores); keep them short, the scorecard is a monospace table of 80 columns
CARD_ROWS = (N_("Hole"), N_("Par"), N_("Score"), N_("Best"))
# Translators: the scorecard's sums: the front nine ("Out"), the back nine ("In") and the round ("Tot");
# keep them to five letters at most
OUT, IN, TOTAL = N_("Out"), N_("In"), N_("Tot")


def scorecard(state: RoundState) -> str:
    """Par and the scores so far, one column per hole, in a block that stays aligned in monospace. Longer
    rounds are shown nine holes to a block (front nine "Out", back nine "In", then "Tot"), so 18 holes fit 80
    columns."""
    show_best = any(b is not None for b in state.best)
    card = card_of(state)
    par = card.hole_par
    nines = [range(start, min(start + 9, state.holes)) for start in range(0, state.holes, 9)]
    hole_, par_, score_, best_ = (_(label) for label in CARD_ROWS)
    width = max(text_width(label) for label in (hole_, par_, score_, best_)) + 1
    blocks = []
    for number, holes in enumerate(nines):
        last = number == len(nines) - 1
        sums = [] if len(nines) == 1 else [OUT if number == 0 else IN]
        if last:
            sums.append(TOTAL)
        named = "".join(f"{_(s):>6}" for s in sums)
        head = _pad(hole_, width) + "".join(f"{n + 1:>4}" for n in holes) + named
        pars = (par,) * state.holes
        lines = [
            head,
            _pad(par_, width) + _card_row(pars, holes, sums, total=card.par),
            _pad(score_, width) + _card_row(state.scores, holes, sums, total=card.total),
        ]
        if show_best:
            known = sum(b for b in state.best if b is not None)
            lines.append(_pad(best_, width) + _card_row(state.best, holes, sums, total=known))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _pad(label: str, width: int) -> str:
    return label + " " * (width - text_width(label))


def _card_row(values: tuple[int | None, ...], holes: range, sums: list[str], *, total: int) -> str:
    cells = "".join(
        "    " if n >= len(values) else "   ?" if values[n] is None else f"{values[n]:>4}" for n in holes
    )
    part = sum(v for v in values[holes.start : holes.stop] if v is not None)
    return cells + "".join(f"{total if s == TOTAL else part:>6}" for s in sums)


def hole_result(
    score: int, best: int | None, number: int, *, found: int | None = None, bound: int = 0
) -> str:
    """What the hole scored, and what the solver proved: ``best`` the optimum, or else ``found`` (the best
    line it found in time, if any) and ``bound`` (no line can score less)."""
    text = _hole_scored(score, number)
    if best is None:
        line = score if found is None else min(score, found)  # the player's own line counts too
        if line <= bound:
            return text + " " + _("Best possible: {best} (proven).", best=line)
        if found is None:
            return (
                text
                + " "
                + _("The best possible score is not known yet, but no line can beat {bound}.", bound=bound)
            )
        return (
            text
            + " "
            + _(
                "Best found {found}; no line can beat {bound} (the search was cut short).",
                found=line,
                bound=bound,
            )
        )
    if best == score:
        return text + " " + _("That is the best possible score for this deal!")
    return text + " " + _("Best possible: {best}.", best=best)


def _hole_scored(score: int, number: int) -> str:
    """``Hole 3 cleared with 2 left in the stock: score -2.``, ``Hole 3 over with 4 cards left: score 4.``"""
    if not cleared(score):
        return ngettext(
            "Hole {hole} over with {count} card left: score {score}.",
            "Hole {hole} over with {count} cards left: score {score}.",
            score,
            hole=number,
            score=score,
        )
    if not score:
        return _("Hole {hole} cleared: score {score}.", hole=number, score=score)
    return ngettext(
        "Hole {hole} cleared with {count} left in the stock: score {score}.",
        "Hole {hole} cleared with {count} left in the stock: score {score}.",
        -score,
        hole=number,
        score=score,
    )


def skipped_text(deals: tuple[int, ...], first: int | None = None) -> str:
    """Winnable-only rules: the deals passed over because the solver proved them impossible, each with the
    hole it was passed over for ("#3, #4 for hole 2": hole 2 would have been #3 and is #5), so that no
    number is read as the deal on the board. ``first``: where the course was asked to start (default: its
    first deal). "" when nothing was skipped."""
    groups = []
    start = deals[0] if first is None else first
    for hole, deal_number in enumerate(deals, start=1):
        passed = skipped((deal_number,), start)
        if passed:
            numbers = ", ".join(f"#{n}" for n in passed)
            # Translators: deal numbers passed over for one hole ("#3, #4 for hole 2")
            groups.append(_("{deals} for hole {hole}", deals=numbers, hole=hole))
        start = deal_number + 1
    if not groups:
        return ""
    return _("Skipped as impossible to clear (winnable-only): {skipped}.", skipped="; ".join(groups))


def _unproven(state: RoundState, solution: Answer | None) -> tuple[int | None, int]:
    """The best line found and the proven lower bound of the hole just played, when its optimum is not
    known: from the solver's cut-short answer, or (none in time) the bound the solver starts from."""
    if solution is not None:
        return solution.score, solution.lower_bound
    game = find_patience(state.rules)
    return None, game.lower_bound(game.deal(state.deal))


def round_screen(
    state: RoundState,
    hole: Position,
    *,
    notes: tuple[str, ...] = (),
    solution: Answer | None = None,
    hide_deals: bool = False,
) -> Screen:
    """The screen for the round as it stands: live board, finished hole or finished round. ``solution``:
    the solver's answer for the hole just finished, when the screen is made as it ends. ``hide_deals``:
    show no deal number anywhere (the board's ``deal`` is None, no "skipped" line), for a course whose
    deals must stay secret while it runs (the daily challenge)."""
    playable = _playable(state, hole)
    view = _board_view(state, hole, playable, hide_deals=hide_deals)
    card = card_of(state)
    blocks: list[str] = []
    card_view: ScorecardView | None = None
    if state.status is RoundStatus.PLAYING:
        kind = ScreenKind.BOARD
        title = _("⛳ Hole {hole} of {holes}", hole=view.hole, holes=state.holes)
        if card.scores:
            blocks.append(
                _(
                    "Round total {total} ({to_par}) · par {par}",
                    total=card.total,
                    to_par=card.to_par_text(word=_),
                    par=card.par,
                )
            )
    else:
        kind = ScreenKind.SUMMARY
        best = state.best[-1] if state.best else None
        result = hole_result(state.scores[-1], best, len(state.scores))
        if best is None:
            found, bound = _unproven(state, solution)
            result = hole_result(state.scores[-1], None, len(state.scores), found=found, bound=bound)
        notes = (result, *notes)
        blocks.append(scorecard(state))
        card_view = scorecard_view(state)
        passed = "" if hide_deals else skipped_text(state.deals)  # a hidden course's gaps stay unwalked
        if passed:
            blocks.append(passed)
        if state.status is RoundStatus.FINISHED:
            to_par = to_par_text(card.total - card.par, word=_)
            title = _(
                "🏁 Round over: {total} ({to_par}) · par {par}", total=card.total, to_par=to_par, par=card.par
            )
            known = [b for b in state.best if b is not None]
            if len(known) == len(state.best):
                blocks.append(_("Best possible round on these deals: {best}.", best=sum(known)))
        else:
            title = _("⛳ Hole {hole} of {holes} — finished", hole=view.hole, holes=state.holes)
    helped = _helped(state)
    if helped and kind is ScreenKind.SUMMARY:  # the result of a helped round says so
        notes = (*notes, helped)
    return Screen(
        kind=kind,
        title=title,
        notes=notes,
        board=view,
        blocks=tuple(blocks),
        buttons=_board_buttons(state, hole, playable),
        session=state.id,
        version=state.version,
        owner=state.owner,
        scorecard=card_view,
    )


def _helped(state: RoundState) -> str:
    """The mark of a round that used hints or undo, e.g. ``Helped round: 2 hints, 1 undo.``"""
    used = []
    if state.hints:
        used.append(ngettext("{count} hint", "{count} hints", state.hints))
    if state.undos:
        # Translators: moves taken back with the Undo button ("1 undo", "2 undos")
        used.append(ngettext("{count} undo", "{count} undos", state.undos))
    return _("Helped round: {aids}.", aids=", ".join(used)) if used else ""
