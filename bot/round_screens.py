"""Turn a round and its current position into a Screen: the live board, a finished hole, a finished round."""

from __future__ import annotations

from bot.actions import SOLO
from bot.family_board import card_buttons, layout_view
from bot.models import RoundState, RoundStatus
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
    stock = f"Turn stock ({len(hole.stock)})"
    controls = []
    if not isinstance(hole, Spread) or hole.layout.stock:  # Black Hole and All in a Row have none
        controls.append(Button(prefix + "s", stock, live and hole.can_turn(), key="d", role=ButtonRole.STOCK))
    if state.casual:
        controls.append(Button(prefix + "h", "Hint", live, key="h", role=ButtonRole.HINT))
    concede = ButtonRole.CONCEDE
    controls.append(Button(prefix + "q", "Concede hole", live, ButtonStyle.DANGER, key="q", role=concede))
    if state.status is RoundStatus.HOLE_OVER:
        go_on = Button(prefix + "n", "Next hole ▶", True, ButtonStyle.SUCCESS, key="n", role=ButtonRole.NEXT)
        controls.append(go_on)
    rows.append(tuple(controls))
    return tuple(rows)


def scorecard_view(state: RoundState) -> ScorecardView:
    """The scorecard as data, for pictures."""
    return ScorecardView(state.holes, card_of(state).hole_par, state.scores, state.best)


def scorecard(state: RoundState) -> str:
    """Par and the scores so far, one column per hole, in a block that stays aligned in monospace. Longer
    rounds are shown nine holes to a block (front nine "Out", back nine "In", then "Tot"), so 18 holes fit 80
    columns."""
    show_best = any(b is not None for b in state.best)
    card = card_of(state)
    par = card.hole_par
    nines = [range(start, min(start + 9, state.holes)) for start in range(0, state.holes, 9)]
    blocks = []
    for number, holes in enumerate(nines):
        last = number == len(nines) - 1
        sums = [] if len(nines) == 1 else ["Out" if number == 0 else "In"]
        if last:
            sums.append("Tot")
        head = "Hole  " + "".join(f"{n + 1:>4}" for n in holes) + "".join(f"{s:>6}" for s in sums)
        pars = (par,) * state.holes
        lines = [
            head,
            "Par   " + _card_row(pars, holes, sums, total=card.par),
            "Score " + _card_row(state.scores, holes, sums, total=card.total),
        ]
        if show_best:
            known = sum(b for b in state.best if b is not None)
            lines.append("Best  " + _card_row(state.best, holes, sums, total=known))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _card_row(values: tuple[int | None, ...], holes: range, sums: list[str], *, total: int) -> str:
    cells = "".join(
        "    " if n >= len(values) else "   ?" if values[n] is None else f"{values[n]:>4}" for n in holes
    )
    part = sum(v for v in values[holes.start : holes.stop] if v is not None)
    return cells + "".join(f"{total if s == 'Tot' else part:>6}" for s in sums)


def hole_result(
    score: int, best: int | None, number: int, *, found: int | None = None, bound: int = 0
) -> str:
    """What the hole scored, and what the solver proved: ``best`` the optimum, or else ``found`` (the best
    line it found in time, if any) and ``bound`` (no line can score less)."""
    if cleared(score):
        what = f"Hole {number} cleared" + (f" with {-score} left in the stock" if score else "")
    else:
        what = f"Hole {number} over with {score} card{'s' if score != 1 else ''} left"
    text = f"{what}: score {score}."
    if best is None:
        line = score if found is None else min(score, found)  # the player's own line counts too
        if line <= bound:
            return text + f" Best possible: {line} (proven)."
        if found is None:
            return text + f" The best possible score is not known yet, but no line can beat {bound}."
        return text + f" Best found {line}; no line can beat {bound} (the search was cut short)."
    if best == score:
        return text + " That is the best possible score for this deal!"
    return text + f" Best possible: {best}."


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
            groups.append(", ".join(f"#{n}" for n in passed) + f" for hole {hole}")
        start = deal_number + 1
    return f"Skipped as impossible to clear (winnable-only): {'; '.join(groups)}." if groups else ""


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
        title = f"⛳ Hole {view.hole} of {state.holes}"
        if card.scores:
            blocks.append(f"Round total {card.total} ({card.to_par_text()}) · par {card.par}")
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
            title = f"🏁 Round over: {card.total} ({to_par_text(card.total - card.par)}) · par {card.par}"
            known = [b for b in state.best if b is not None]
            if len(known) == len(state.best):
                blocks.append(f"Best possible round on these deals: {sum(known)}.")
        else:
            title = f"⛳ Hole {view.hole} of {state.holes} — finished"
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
    used = [
        f"{count} {word}{'s' if count != 1 else ''}"
        for count, word in ((state.hints, "hint"), (state.undos, "undo"))
        if count
    ]
    return f"Helped round: {', '.join(used)}." if used else ""
