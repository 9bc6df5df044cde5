"""What a match or group round keeps in its payload, and how it is decided (pure).

Stroke play: the lowest total over every hole wins; a player out of time on a hole scores it as it stands.
Match play (two players): each hole to the lower score, the match over once one side leads by more holes
than remain (engine.golf.scoring.MatchPlay); a hole lost on the clock is kept as None and loses to any score.
A player who does not start in time forfeits: ranked last, and in a two-player match the other wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.i18n import _, ngettext
from bot.models import Payload
from bot.models.results import Finish, MatchResult, hole_tally, ranks
from bot.round_screens import TOTAL
from engine.golf.scoring import MatchPlay, Round
from engine.patience import game_of

STROKE, MATCH = "stroke", "match"
FORMATS = (STROKE, MATCH)
LOST = 1_000
"""A hole lost on the clock, as a score that loses to any real one (match play only)."""
LAYOUT = 1


@dataclass(frozen=True, slots=True)
class MatchData:
    players: tuple[str, ...]
    names: tuple[str, ...]
    format: str = STROKE
    holes: int = 9
    rules: str = "strict"
    par_for_nine: int = 45
    hole_seconds: int = 300
    deals: tuple[int, ...] = ()
    boards: tuple[str, ...] = ()
    """Each player's board (a round of kind ``match``), in the order of ``players``."""
    scores: tuple[tuple[int | None, ...], ...] = ()
    """Each player's finished holes; None: lost on the clock (match play)."""
    started: tuple[bool, ...] = ()
    forfeited: tuple[str, ...] = ()
    organiser: str = ""
    expires: str = ""
    tournament: str = ""
    channel: str = ""
    """Where the platform shows the match (a channel id, a chat id): opaque to the core."""
    message: str = ""
    """The platform's scoreboard message (opaque to the core), kept so a restart edits the same one."""
    halved_to: str = ""
    """Who goes through if the match is halved (a knock-out's higher seed); "" when nobody does."""

    @classmethod
    def read(cls, payload: Payload) -> MatchData:
        data = payload.read()
        return cls(
            players=tuple(data["players"]),
            names=tuple(data["names"]),
            format=data["format"],
            holes=data["holes"],
            rules=data["rules"],
            par_for_nine=data["par_for_nine"],
            hole_seconds=data["hole_seconds"],
            deals=tuple(data.get("deals", ())),
            boards=tuple(data.get("boards", ())),
            scores=tuple(tuple(s) for s in data.get("scores", ())),
            started=tuple(data.get("started", ())),
            forfeited=tuple(data.get("forfeited", ())),
            organiser=data.get("organiser", ""),
            expires=data.get("expires", ""),
            tournament=data.get("tournament", ""),
            channel=data.get("channel", ""),
            message=data.get("message", ""),
            halved_to=data.get("halved_to", ""),
        )

    def payload(self) -> Payload:
        return Payload.of(
            LAYOUT,
            {
                "players": list(self.players),
                "names": list(self.names),
                "format": self.format,
                "holes": self.holes,
                "rules": self.rules,
                "par_for_nine": self.par_for_nine,
                "hole_seconds": self.hole_seconds,
                "deals": list(self.deals),
                "boards": list(self.boards),
                "scores": [list(s) for s in self.scores],
                "started": list(self.started),
                "forfeited": list(self.forfeited),
                "organiser": self.organiser,
                "expires": self.expires,
                "tournament": self.tournament,
                "channel": self.channel,
                "message": self.message,
                "halved_to": self.halved_to,
            },
        )

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def name(self, player: str) -> str:
        return self.names[self.seat(player)]

    def with_score(self, seat: int, score: int | None) -> MatchData:
        scores = list(self.scores)
        scores[seat] = (*scores[seat], score)
        return replace(self, scores=tuple(scores))

    def match_play(self) -> MatchPlay:
        """The match so far: every hole both have finished (a hole lost on the clock loses)."""
        play = MatchPlay(self.holes)
        a, b = self.scores
        for x, y in zip(a, b, strict=False):
            if play.is_over:
                break
            play = play.record(LOST if x is None else x, LOST if y is None else y)
        return play

    def totals(self) -> dict[str, int]:
        return {p: sum(s for s in self.scores[i] if s is not None) for i, p in enumerate(self.players)}

    def decide(self, match_id: str, place: str, now: datetime) -> MatchResult | None:
        """The result, once the match is decided; None while it goes on."""
        result = self._decide(match_id, place, now)
        return None if result is None else replace(result, game=game_of(self.rules))

    def _decide(self, match_id: str, place: str, now: datetime) -> MatchResult | None:
        alive = [p for p in self.players if p not in self.forfeited]
        tally = hole_tally({p: list(self.scores[i]) for i, p in enumerate(self.players)})
        if len(self.players) == 2 and self.forfeited:
            if not alive:  # both lost: neither started
                finishes = tuple(Finish(p, 1) for p in self.players)
                return MatchResult(match_id, place, now, finishes, "double forfeit")
            winner = alive[0]
            finishes = tuple(Finish(p, 0 if p == winner else 1) for p in self.players)
            return MatchResult(match_id, place, now, finishes, f"{self.name(winner)} won by forfeit")
        if self.format == MATCH:
            play = self.match_play()
            if not play.is_over:
                return None
            a, b = self.players
            places = {a: 0, b: 0} if play.winner is None else {a: play.winner, b: 1 - play.winner}
            finishes = tuple(Finish(p, places[p], *tally[p]) for p in self.players)
            return MatchResult(match_id, place, now, finishes, play.result())
        if any(len(self.scores[i]) < self.holes for i, p in enumerate(self.players) if p in alive):
            return None
        if not alive:
            return MatchResult(
                match_id, place, now, tuple(Finish(p, 0) for p in self.players), "all forfeited"
            )
        totals = self.totals()
        ranked = ranks({p: totals[p] for p in alive})
        last = len(alive)
        finishes = tuple(Finish(p, ranked.get(p, last), *tally[p]) for p in self.players)
        summary = " · ".join(f"{self.name(p)} {totals[p]}" for p in sorted(alive, key=lambda p: ranked[p]))
        return MatchResult(match_id, place, now, finishes, summary)

    def status_line(self) -> str:
        """How it stands: ``Ann 2 up (4 played)`` in match play, the leader's total in stroke play."""
        if self.format == MATCH and len(self.players) == 2 and self.scores:
            play = self.match_play()
            if play.played == 0:
                # Translators: match play, neither player ahead
                return _("All square.")
            if play.lead == 0:
                # Translators: match play, neither player ahead after {count} holes ("All square after 4.")
                return ngettext("All square after {count}.", "All square after {count}.", play.played)
            leader = self.names[0 if play.lead > 0 else 1]
            status = play.status(0 if play.lead > 0 else 1, word=_, ngettext=ngettext)
            # Translators: match play: who leads, by how much ("2 up", "3 & 2") after {count} holes
            return ngettext(
                "{player} {status} after {count}.",
                "{player} {status} after {count}.",
                play.played,
                player=leader,
                status=status,
            )
        return ""

    def scorecard(self) -> str:
        """The scoreboard: every player's finished holes and total to par (⏱ a hole lost on the clock)."""
        width = max(len(n) for n in self.names)
        head = " ".join(f"{h:>2}" for h in range(1, self.holes + 1))
        lines = [f"{'':<{width}} {head}  {_(TOTAL)}"]
        for i, name in enumerate(self.names):
            done = self.scores[i] if i < len(self.scores) else ()
            cells = [" ⏱" if s is None else f"{s:>2}" for s in done]
            cells += [" ·"] * (self.holes - len(cells))
            card = Round(self.holes, self.par_for_nine, tuple(s for s in done if s is not None))
            total = f"{card.total} ({card.to_par_text(word=_)})" if done else "–"
            if self.players[i] in self.forfeited:
                # Translators: a player's total on a match's scoreboard, who lost the match by forfeit
                total = _("{total} (forfeit)", total=total)
            lines.append(f"{name:<{width}} {' '.join(cells)}  {total}")
        return "\n".join(lines)
