"""The position of a board: immutable values, derived by applying events.

Terminology (ICF "Interpretations", LAWS.md §2.1):

- *colour*: ``"white"`` or ``"black"``. In every board the breaker plays white (ICF 43).
- *on board*: carrommen of a colour on the board, counting those taken out of the pocket and
  waiting to be placed (a due, a penalty, or pieces returned after a foul).
- *due* (ICF 72): the debt of a pocketed striker; a *penalty* (ICF 63, 64) is handled alike. One
  that cannot be paid (nothing of that colour in a pocket) stays *outstanding* in ``dues``.
- *queen* (:class:`QueenState`): ``"on_board"``, ``"pending_cover:<colour>"`` (pocketed, the
  cover is due in the next stroke) or ``"covered:<colour>"``.
- *queen right* (ICF 92, 95(c)): the side has pocketed one of its own carrommen this board.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple


class Colour(StrEnum):
    """A side's colour; the breaker plays white (ICF 43). A ``StrEnum``: stored strings stay
    ``"white"`` and ``"black"``, and each member compares equal to its string."""

    WHITE = "white"
    BLACK = "black"


class Termination(StrEnum):
    """How a board ended (the board result's ``termination``), for both variants."""

    #: ICF 53: a side pocketed all its carrommen; point carrom: every carromman pocketed
    CARROMMEN = "carrommen"
    #: ICF 52, 102–112 and the product's rulings: an end-of-board special case
    SPECIAL_CASE = "special_case"
    #: point carrom, seed 003 (interpretation): a player reached the game points mid-board
    GAME_POINTS = "game_points"
    #: ICF 51, 91, IT 86, IT 90(b): a side lost the board (ruling 12)
    BOARD_LOSS = "board_loss"
    #: the umpire decided the board (rulings 11, 12)
    UMPIRE_RULING = "umpire_ruling"
    #: IT 101: the board is void and played again
    VOID = "void"


WHITE = Colour.WHITE
BLACK = Colour.BLACK
COLOURS = (WHITE, BLACK)


class QueenState(StrEnum):
    """Where the queen is in the colour game (ICF 92–101); stored as these strings."""

    ON_BOARD = "on_board"
    PENDING_WHITE = "pending_cover:white"  # pocketed by white, the cover is due (ICF 96, 97)
    PENDING_BLACK = "pending_cover:black"
    COVERED_WHITE = "covered:white"  # covered by white (ICF 97(a))
    COVERED_BLACK = "covered:black"

    @property
    def holder(self) -> Colour | None:
        """The colour that pocketed or covered the queen, if any."""
        return _HOLDER[self]

    @property
    def is_covered(self) -> bool:
        return self in (QueenState.COVERED_WHITE, QueenState.COVERED_BLACK)

    @property
    def is_pending(self) -> bool:
        return self in (QueenState.PENDING_WHITE, QueenState.PENDING_BLACK)


QUEEN_ON_BOARD = QueenState.ON_BOARD
PENDING = "pending_cover:"
COVERED = "covered:"


def other(colour: str) -> Colour:
    """The opponent's colour."""
    return BLACK if colour == WHITE else WHITE


_PENDING: dict[str, QueenState] = {WHITE: QueenState.PENDING_WHITE, BLACK: QueenState.PENDING_BLACK}
_COVERED: dict[str, QueenState] = {WHITE: QueenState.COVERED_WHITE, BLACK: QueenState.COVERED_BLACK}
_HOLDER = {
    QueenState.ON_BOARD: None,
    QueenState.PENDING_WHITE: WHITE,
    QueenState.PENDING_BLACK: BLACK,
    QueenState.COVERED_WHITE: WHITE,
    QueenState.COVERED_BLACK: BLACK,
}


def pending(colour: str) -> QueenState:
    """Queen state: pocketed by ``colour``, cover due (ICF 96, 97)."""
    return _PENDING[colour]


def covered(colour: str) -> QueenState:
    """Queen state: covered by ``colour`` (ICF 97(a))."""
    return _COVERED[colour]


QUEEN_STATES = frozenset(QueenState)


class PerColour(tuple[int, int]):
    """A pair of values, one per colour (counts, or flags: a ``bool`` is an ``int``), indexed by
    colour name.

    An immutable tuple ``(white, black)``: cheap to build, hashable, comparable.
    """

    __slots__ = ()

    def __new__(cls, white: int = 0, black: int = 0) -> PerColour:
        return tuple.__new__(cls, (white, black))

    @property
    def white(self) -> int:
        return tuple.__getitem__(self, 0)

    @property
    def black(self) -> int:
        return tuple.__getitem__(self, 1)

    def __getitem__(self, colour: str) -> int:  # type: ignore[override]
        return tuple.__getitem__(self, 0 if colour == WHITE else 1)

    def set(self, colour: str, value: int) -> PerColour:
        """A copy with ``colour`` set to ``value``."""
        if colour == WHITE:
            return PerColour(value, tuple.__getitem__(self, 1))
        return PerColour(tuple.__getitem__(self, 0), value)

    def to_dict(self) -> dict[str, int]:
        return {WHITE: tuple.__getitem__(self, 0), BLACK: tuple.__getitem__(self, 1)}

    def __repr__(self) -> str:
        return f"PerColour(white={self.white!r}, black={self.black!r})"


ZERO = PerColour(0, 0)
NO_RIGHT = PerColour(False, False)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """How a board ended: who won, by how many points, under which law.

    ``extra_points`` are the "if demanded" points (ICF 102–112) included in ``points``;
    ``interpretation`` marks a ruling where the laws are silent (the umpire may override it).
    """

    winner: str | None
    points: int
    law: str
    interpretation: bool = False
    void: bool = False
    extra_points: int = 0
    by_umpire: bool = False
    termination: Termination = Termination.CARROMMEN

    def to_dict(self) -> dict[str, Any]:
        if self.void:
            return {"void": True}
        return {
            "winner": self.winner,
            "points": self.points,
            # an umpire ruling without a law (rulebook, engine details): null
            "law": self.law or None,
            "interpretation": self.interpretation,
        }


VOID_RESULT = BoardResult(
    winner=None, points=0, law="void", void=True, termination=Termination.VOID
)


class Position(NamedTuple):
    """A board's position after some events (the interchange format's *position*).

    ``scores`` are the game scores before this board of the players holding each colour
    (for the 22-point rule); ``to_place`` are the carrommen of each colour taken out of the
    pocket by the last event and not yet placed (what a ``forgo`` can give up, ICF 87).
    """

    on_board: PerColour = PerColour(9, 9)
    queen: QueenState = QUEEN_ON_BOARD
    dues: PerColour = ZERO
    queen_right: PerColour = NO_RIGHT
    on_turn: str | None = WHITE
    break_made: bool = False
    break_attempts: int = 0
    scores: PerColour = ZERO
    to_place: PerColour = ZERO
    result: BoardResult | None = None

    @property
    def finished(self) -> bool:
        """True once the board has a result (won, awarded or void)."""
        return self.result is not None

    @property
    def queen_holder(self) -> Colour | None:
        """The colour that pocketed or covered the queen, if any."""
        return _HOLDER[self.queen]

    def to_dict(self) -> dict[str, Any]:
        """The position in interchange format v1 (without ``finished``/``result``)."""
        return {
            "on_board": self.on_board.to_dict(),
            "queen": self.queen,
            "dues": self.dues.to_dict(),
            "queen_right": self.queen_right.to_dict(),
            "on_turn": self.on_turn,
            "break_made": self.break_made,
            "break_attempts": self.break_attempts,
        }

    def to_state(self) -> dict[str, Any]:
        """The engine's answer, ``carrom-board-state/1``."""
        state: dict[str, Any] = {"format": "carrom-board-state/1"}
        state.update(self.to_dict())
        state["finished"] = self.finished
        state["result"] = None if self.result is None else self.result.to_dict()
        return state


OPENING = Position()
