"""Turn a round and its current position into a Screen: the live board, a finished hole, a finished round."""

from __future__ import annotations

from bot.actions import ActionId
from bot.models import RoundState, RoundStatus
from bot.screens import BoardView, Button, ButtonStyle, Screen, ScreenKind
from engine.hole import Hole
from engine.scoring import par_per_hole, to_par_text

ROW = 5
"""Buttons per row: Discord's limit."""


def board_view(state: RoundState, hole: Hole) -> BoardView:
    per_hole = par_per_hole(state.par_for_nine)
    live = state.status is RoundStatus.PLAYING
    return BoardView(
        columns=hole.tableau,
        playable=tuple(live and hole.can_play(c) for c in range(len(hole.tableau))),
        foundation=hole.top,
        stock_left=len(hole.stock),
        hole=state.hole_index + 1,
        holes=state.holes,
        total=sum(state.scores),
        par=per_hole * state.holes,
        rules=state.rules,
        deal=state.deal,
    )


def _button(state: RoundState, action: str, label: str, enabled: bool, **kw: object) -> Button:
    return Button(
        id=str(ActionId(state.id, state.version, action)),
        label=label,
        enabled=enabled,
        **kw,  # type: ignore[arg-type]
    )


def board_buttons(state: RoundState, hole: Hole) -> tuple[tuple[Button, ...], ...]:
    live = state.status is RoundStatus.PLAYING and not hole.is_over
    columns = []
    for c in range(len(hole.tableau)):
        card = hole.available(c)
        label = card.pretty() if card else "—"
        playable = live and hole.can_play(c)
        style = ButtonStyle.PRIMARY if playable else ButtonStyle.SECONDARY
        columns.append(_button(state, str(c + 1), label, playable, style=style, key=str(c + 1)))
    rows = [tuple(columns[i : i + ROW]) for i in range(0, len(columns), ROW)]
    controls = [
        _button(state, "s", f"Turn stock ({len(hole.stock)})", live and hole.can_turn(), key="d"),
    ]
    if state.casual:
        controls.append(_button(state, "h", "Hint", live, key="h"))
    controls.append(_button(state, "q", "Concede hole", live, style=ButtonStyle.DANGER, key="q"))
    if state.status is RoundStatus.HOLE_OVER:
        controls.append(_button(state, "n", "Next hole ▶", True, style=ButtonStyle.SUCCESS, key="n"))
    rows.append(tuple(controls))
    return tuple(rows)


def scorecard(state: RoundState) -> str:
    """The scores so far, one column per hole, in a block that stays aligned in monospace. Longer rounds
    are shown nine holes to a block (front nine "Out", back nine "In", then "Tot"), so 18 holes fit 80
    columns."""
    show_best = any(b is not None for b in state.best)
    nines = [range(start, min(start + 9, state.holes)) for start in range(0, state.holes, 9)]
    blocks = []
    for number, holes in enumerate(nines):
        last = number == len(nines) - 1
        sums = [] if len(nines) == 1 else ["Out" if number == 0 else "In"]
        if last:
            sums.append("Tot")
        head = "Hole  " + "".join(f"{n + 1:>4}" for n in holes) + "".join(f"{s:>6}" for s in sums)
        lines = [head, "Score " + _card_row(state.scores, holes, sums, total=sum(state.scores))]
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


def hole_result(score: int, best: int | None, number: int) -> str:
    if score <= 0:
        what = f"Hole {number} cleared" + (f" with {-score} left in the stock" if score else "")
    else:
        what = f"Hole {number} over with {score} card{'s' if score != 1 else ''} left"
    text = f"{what}: score {score}."
    if best is None:
        return text + " (The best possible score is not known yet.)"
    if best == score:
        return text + " That is the best possible score for this deal!"
    return text + f" Best possible: {best}."


def round_screen(state: RoundState, hole: Hole, *, notes: tuple[str, ...] = ()) -> Screen:
    """The screen for the round as it stands: live board, finished hole or finished round."""
    view = board_view(state, hole)
    par = view.par
    blocks: list[str] = []
    if state.status is RoundStatus.PLAYING:
        kind = ScreenKind.BOARD
        title = f"⛳ Hole {view.hole} of {state.holes}"
        done = len(state.scores)
        so_far = done * par_per_hole(state.par_for_nine)
        if done:
            blocks.append(f"Round total {view.total} ({to_par_text(view.total - so_far)}) · par {par}")
    else:
        kind = ScreenKind.SUMMARY
        best = state.best[-1] if state.best else None
        notes = (hole_result(state.scores[-1], best, len(state.scores)), *notes)
        blocks.append(scorecard(state))
        if state.status is RoundStatus.FINISHED:
            title = f"🏁 Round over: {view.total} ({to_par_text(view.total - par)}) · par {par}"
            known = [b for b in state.best if b is not None]
            if len(known) == len(state.best):
                blocks.append(f"Best possible round on these deals: {sum(known)}.")
        else:
            title = f"⛳ Hole {view.hole} of {state.holes} — finished"
    return Screen(
        kind=kind,
        title=title,
        notes=notes,
        board=view,
        blocks=tuple(blocks),
        buttons=board_buttons(state, hole),
        session=state.id,
        version=state.version,
        owner=state.owner,
    )
