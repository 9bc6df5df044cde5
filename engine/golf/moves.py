"""Moves: play a column, turn the stock, concede. Written as ``"1"``..``"9"``, ``"s"`` and ``"q"``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.wording import N_, WordedError


class MoveError(WordedError):
    """A move that is not legal here, or text that is not a move."""


class MoveKind(Enum):
    PLAY = "play"
    TURN = "turn"
    CONCEDE = "concede"


@dataclass(frozen=True, slots=True)
class Move:
    """One player action. ``column`` is 0-based and only set for ``PLAY``."""

    kind: MoveKind
    column: int = -1

    @classmethod
    def play(cls, column: int) -> Move:
        if column < 0:
            raise MoveError("no column {column}", column=str(column + 1))
        return cls(MoveKind.PLAY, column)

    def __str__(self) -> str:
        return move_name(self)


TURN = Move(MoveKind.TURN)
CONCEDE = Move(MoveKind.CONCEDE)


def parse_move(text: str) -> Move:
    """``"3"`` plays column 3 (1-based), ``"s"`` turns the stock, ``"q"`` concedes."""
    token = text.strip().lower()
    if token in ("s", "d", "t", "stock", "turn", "draw"):
        return TURN
    if token in ("q", "concede"):
        return CONCEDE
    if len(token) == 1 and token in "123456789":
        return Move.play(int(token) - 1)
    raise MoveError(
        # Translators: {typed} is what the player typed, quoted; s and q are the moves as typed: keep them
        N_("{typed} is not a move: use a column number, s (turn the stock) or q (concede)"),
        typed=repr(text),
    )


def move_name(move: Move) -> str:
    if move.kind is MoveKind.PLAY:
        return str(move.column + 1)
    return "s" if move.kind is MoveKind.TURN else "q"


_SINGLE_CHAR_MOVES = frozenset("123456789sdtq")


def parse_moves(text: str) -> tuple[Move, ...]:
    """A move line such as ``"3 s 1 1"``, ``"3s11"`` or ``"ss"``: single-character moves may run together;
    a word (``stock``, ``concede``) stands alone."""
    tokens: list[str] = []
    for token in text.replace(",", " ").split():
        if all(ch in _SINGLE_CHAR_MOVES for ch in token.lower()):
            tokens.extend(token)
        else:
            tokens.append(token)
    return tuple(parse_move(t) for t in tokens)


def moves_text(moves: tuple[Move, ...] | list[Move]) -> str:
    return " ".join(move_name(m) for m in moves)
