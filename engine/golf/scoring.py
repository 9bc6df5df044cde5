"""Round and match scoring (docs/rules.md): nine-hole rounds with par, stroke play and match play."""

from __future__ import annotations

from dataclasses import dataclass

from engine.wording import N_, Plural, Word, WordedError, english, english_plural

MIN_HOLES, MAX_HOLES = 1, 18
PAR_PER_HOLE = {45: 5, 36: 4}
"""Par for nine holes -> par per hole. 45 (5 a hole) is the default; a server may choose 36."""


class ScoringError(WordedError):
    """A round or match that cannot be: 0 holes, 19 holes, an unknown par, a score after the last hole."""


def cleared(score: int) -> bool:
    """Was the hole that scored ``score`` cleared? Clearing the tableau scores minus the stock left (0 or
    less); any other ending scores the cards left in the tableau (1 or more). The one definition of
    "cleared" from a score, for the board, the stats and the solver's answers alike."""
    return score <= 0


def par_per_hole(par_for_nine: int) -> int:
    try:
        return PAR_PER_HOLE[par_for_nine]
    except KeyError:
        raise ScoringError(
            N_("par must be 45 or 36 for nine holes, not {par}"), par=str(par_for_nine)
        ) from None


def _check_holes(holes: int) -> None:
    if not MIN_HOLES <= holes <= MAX_HOLES:
        raise ScoringError(
            N_("a round has {least} to {most} holes, not {holes}"),
            least=str(MIN_HOLES),
            most=str(MAX_HOLES),
            holes=str(holes),
        )


@dataclass(frozen=True, slots=True)
class Round:
    """A scorecard: the hole scores so far of a round of ``holes`` holes."""

    holes: int = 9
    par_for_nine: int = 45
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_holes(self.holes)
        par_per_hole(self.par_for_nine)
        if len(self.scores) > self.holes:
            raise ScoringError(
                "a {holes}-hole round cannot have {scores} scores",
                holes=str(self.holes),
                scores=str(len(self.scores)),
            )

    def record(self, score: int) -> Round:
        if self.is_complete:
            raise ScoringError("the round is already complete")
        return Round(self.holes, self.par_for_nine, (*self.scores, score))

    @property
    def hole_par(self) -> int:
        """Par of each hole."""
        return par_per_hole(self.par_for_nine)

    @property
    def par(self) -> int:
        return self.hole_par * self.holes

    @property
    def par_so_far(self) -> int:
        return self.hole_par * len(self.scores)

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def is_complete(self) -> bool:
        return len(self.scores) == self.holes

    @property
    def on_last_hole(self) -> bool:
        """Is the hole in play the last one (its score will complete the round)?"""
        return len(self.scores) + 1 == self.holes

    @property
    def current_hole(self) -> int:
        """1-based number of the hole being played (``holes`` once complete)."""
        return min(len(self.scores) + 1, self.holes)

    @property
    def to_par(self) -> int:
        return self.total - self.par_so_far

    def to_par_text(self, word: Word = english) -> str:
        return to_par_text(self.to_par, word)


# Translators: a score to par that is even (par exactly), as golf writes it beside a total: "45 (E)"
EVEN = N_("E")


def to_par_text(diff: int, word: Word = english) -> str:
    """``-3``, ``E`` (even: worded by ``word``, the bot's ``_``), ``+2``."""
    return word(EVEN) if diff == 0 else f"{diff:+d}"


# Translators: match play, the match ended level
HALVED = N_("halved")


@dataclass(frozen=True, slots=True)
class MatchPlay:
    """Match play between two sides: each hole won by the lower score, halved on a tie.

    ``scores`` holds one (side 0, side 1) pair per hole played. The match ends early once one side leads
    by more holes than remain."""

    holes: int = 9
    scores: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        _check_holes(self.holes)

    def record(self, first: int, second: int) -> MatchPlay:
        if self.is_over:
            raise ScoringError("the match is already decided")
        return MatchPlay(self.holes, (*self.scores, (first, second)))

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def remaining(self) -> int:
        return self.holes - self.played

    @property
    def lead(self) -> int:
        """Holes up for side 0 (negative when side 0 is down)."""
        return sum((a < b) - (a > b) for a, b in self.scores)

    @property
    def is_over(self) -> bool:
        return abs(self.lead) > self.remaining or self.remaining == 0

    @property
    def winner(self) -> int | None:
        """0 or 1 once decided; None while in play or when halved."""
        if not self.is_over or self.lead == 0:
            return None
        return 0 if self.lead > 0 else 1

    def status(self, side: int = 0, word: Word = english, ngettext: Plural = english_plural) -> str:
        """The state of the match told from ``side``'s point of view: ``all square``, ``2 up``, ``1 down``,
        ``dormie 2 up``; once over: ``won 3 & 2``, ``lost 1 up``, ``halved``. Worded by ``word`` and
        ``ngettext`` (the bot's ``_`` and ``ngettext``; English by default)."""
        lead = self.lead if side == 0 else -self.lead
        if self.is_over:
            return self._final(lead, word, ngettext)
        if lead == 0:
            # Translators: match play, neither side ahead
            return word(N_("all square"))
        if abs(lead) == self.remaining:
            if lead > 0:
                # Translators: match play, ahead by as many holes as are left to play
                return ngettext("dormie {count} up", "dormie {count} up", lead)
            # Translators: match play, behind by as many holes as are left to play
            return ngettext("dormie {count} down", "dormie {count} down", -lead)
        if lead > 0:
            # Translators: match play, ahead by {count} holes
            return ngettext("{count} up", "{count} up", lead)
        # Translators: match play, behind by {count} holes
        return ngettext("{count} down", "{count} down", -lead)

    def _final(self, lead: int, word: Word, ngettext: Plural) -> str:
        """How the match ended for a side ``lead`` holes up (negative: down)."""
        if lead == 0:
            return word(HALVED)
        if lead > 0 and self.remaining:
            # Translators: match play, won {up} holes up with {left} holes left unplayed ("won 3 & 2")
            return word(N_("won {up} & {left}"), up=lead, left=self.remaining)
        if lead > 0:
            # Translators: match play, won by {count} holes on the last hole ("won 1 up")
            return ngettext("won {count} up", "won {count} up", lead)
        if self.remaining:
            # Translators: match play, lost {down} holes down with {left} holes left unplayed ("lost 3 & 2")
            return word(N_("lost {down} & {left}"), down=-lead, left=self.remaining)
        # Translators: match play, lost by {count} holes on the last hole ("lost 1 up")
        return ngettext("lost {count} up", "lost {count} up", -lead)

    def result(self, word: Word = english, ngettext: Plural = english_plural) -> str:
        """The neutral final result: ``3 & 2``, ``1 up``, ``halved`` (or the status while in play), worded
        as ``status`` is."""
        if not self.is_over:
            return self.status(0, word, ngettext)
        lead = abs(self.lead)
        if lead == 0:
            return word(HALVED)
        if self.remaining:
            # Translators: match play's result: won {up} holes up with {left} holes left unplayed ("3 & 2")
            return word(N_("{up} & {left}"), up=lead, left=self.remaining)
        # Translators: match play's result: won by {count} holes on the last hole ("1 up")
        return ngettext("{count} up", "{count} up", lead)
