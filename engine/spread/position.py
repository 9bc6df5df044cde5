"""A hole of a Golf-family patience in play: the tableau as dealt and which slots are empty, the
foundation, the stock. Immutable: ``play`` returns the next position."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards import Card, Suit
from engine.spread.layout import SpreadLayout, Start
from engine.wording import N_, WordedError

KING, ACE = 13, 1


class SpreadError(WordedError):
    """An illegal move, in words a player can read."""


@dataclass(frozen=True, slots=True)
class SpreadMove:
    """Play the card in ``slot`` onto the foundation, turn the stock (``slot`` None), or concede."""

    slot: int | None = None
    concede: bool = False

    @property
    def is_stock(self) -> bool:
        return self.slot is None and not self.concede


TURN = SpreadMove()
CONCEDE = SpreadMove(concede=True)


def adjacent(rank: int, onto: int | None, wrap: bool) -> bool:
    """Whether a card of ``rank`` goes on a foundation topped by ``onto`` (None: an empty foundation)."""
    if onto is None:
        return True
    diff = abs(rank - onto)
    return diff == 1 or (wrap and diff == KING - ACE)


@dataclass(frozen=True, slots=True)
class Spread:
    """``cards[slot]`` is the card dealt in ``slot``; ``gone`` the bit mask of the slots played; the
    foundation bottom first (its last card on top); the stock in the order it is turned."""

    layout: SpreadLayout
    cards: tuple[Card, ...]
    gone: int = 0
    foundation: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    conceded: bool = False

    def __post_init__(self) -> None:
        if len(self.cards) != self.layout.size:
            raise SpreadError(
                "{game} deals {size} cards, not {cards}",
                game=self.layout.title,
                size=str(self.layout.size),
                cards=str(len(self.cards)),
            )

    @property
    def top(self) -> Card | None:
        return self.foundation[-1] if self.foundation else None

    @property
    def left(self) -> int:
        """Cards still in the tableau."""
        return self.layout.size - self.gone.bit_count()

    @property
    def is_cleared(self) -> bool:
        return self.left == 0

    def card(self, slot: int) -> Card | None:
        """The card in ``slot``, None once it is played."""
        return None if self.gone >> slot & 1 else self.cards[slot]

    def is_free(self, slot: int) -> bool:
        return self.layout.is_free(slot, self.gone)

    def is_shown(self, slot: int) -> bool:
        return self.layout.is_shown(slot, self.gone)

    def free(self) -> tuple[int, ...]:
        """The slots whose card nothing covers, playable or not."""
        return tuple(s for s in range(self.layout.size) if self.layout.is_free(s, self.gone))

    def playable(self, slot: int) -> bool:
        top = self.top
        return self.is_free(slot) and adjacent(
            self.cards[slot].rank, None if top is None else top.rank, self.layout.wrap
        )

    def can_turn(self) -> bool:
        """Whether the stock may be turned now (as Golf's ``Hole.can_turn``)."""
        return bool(self.stock) and not (self.conceded or self.is_cleared)

    def legal_moves(self) -> tuple[SpreadMove, ...]:
        """The cards that may be played, then turning the stock if it has a card; () once the hole is over."""
        if self.conceded or self.is_cleared:
            return ()
        moves = [SpreadMove(s) for s in self.free() if self.playable(s)]
        if self.stock:
            moves.append(TURN)
        return tuple(moves)

    @property
    def is_over(self) -> bool:
        return not self.legal_moves()

    @property
    def score(self) -> int:
        """As Golf: the cards left in the tableau, or minus the cards left in the stock once it is cleared."""
        return -len(self.stock) if self.is_cleared else self.left

    def play(self, move: SpreadMove) -> Spread:
        if self.conceded or self.is_cleared:
            raise SpreadError(N_("the hole is over"))
        if move.concede:
            return replace(self, conceded=True)
        if move.slot is None:
            if not self.stock:
                raise SpreadError(N_("the stock is empty"))
            return replace(self, foundation=(*self.foundation, self.stock[0]), stock=self.stock[1:])
        slot = move.slot
        if not 0 <= slot < self.layout.size:
            raise SpreadError(
                N_("there is no card {card} (the tableau has {cards})"),
                card=str(slot + 1),
                cards=str(self.layout.size),
            )
        if self.gone >> slot & 1:
            raise SpreadError(N_("card {card} has been played already"), card=str(slot + 1))
        if not self.is_free(slot):
            raise SpreadError(N_("card {card} is covered"), card=str(slot + 1))
        card, top = self.cards[slot], self.top
        if not self.playable(slot):
            assert top is not None
            raise SpreadError(
                # Translators: {card} and {top} are cards (7♠, K♥)
                N_("{card} does not go on {top}: one up or one down only"),
                card=card.pretty(),
                top=top.pretty(),
            )
        return replace(self, gone=self.gone | 1 << slot, foundation=(*self.foundation, card))


def opening(layout: SpreadLayout, pack: tuple[Card, ...]) -> Spread:
    """The opening position from ``pack`` in dealing order: the tableau's slots in turn, then (as the
    layout says) the foundation's card and the stock. For ``Start.ACE_OF_SPADES`` the pack is what is dealt
    after the Ace was taken out; the Ace is put on the foundation."""
    size = layout.size
    tableau = pack[:size]
    rest = pack[size:]
    if layout.start is Start.DEALT:
        if not rest:
            raise SpreadError("{game}: no card left for the foundation", game=layout.title)
        return Spread(layout, tableau, foundation=rest[:1], stock=rest[1:] if layout.stock else ())
    if layout.start is Start.ACE_OF_SPADES:
        return Spread(
            layout, tableau, foundation=(Card(ACE, Suit.SPADES),), stock=rest if layout.stock else ()
        )
    return Spread(layout, tableau, stock=rest if layout.stock else ())
