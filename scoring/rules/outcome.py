"""The shapes a variant answers in (:mod:`.variant`): one board result and one game result
for the colour game and point carrom alike, and the kinds of sheet and toss."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .position import PerColour, Termination

__all__ = ["BoardOutcome", "GameOutcome", "PadKind", "SheetKind", "TossKind"]


class SheetKind(StrEnum):
    """Which printed scoresheet (and partial of a page) a match of this variant uses."""

    COLOURS = "colours"  # two sides, each owning a colour (ICF scoresheet)
    POINTS = "points"  # one column per player, points per board (point carrom)


class PadKind(StrEnum):
    """Which pad the umpire's tablet shows for a board (and which of its forms reads it)."""

    COLOURS = "colours"  # the striker named by the colour on turn (ICF 43); one-tap strokes
    POINTS = "points"  # the striker named by the player on turn; each player's points (seed 003)


class TossKind(StrEnum):
    """How the first breaker is found."""

    BREAK_OR_SIDE = "break_or_side"  # ICF 40: the toss winner chooses the break or the side
    LOT = "lot"  # seed 003: the first player is drawn by lot among the players


@dataclass(frozen=True, slots=True)
class BoardOutcome:
    """A board's result in one shape for every variant.

    ``points``: what the board credits each player (``players`` order; the colour game credits
    the winner only). ``winner``: the colour game's winner, or point carrom's top scorer
    (``None`` on a tie at the top or while nobody scored). ``credited``: the points the winner or
    top scorer is credited with. ``queen``: the queen's state (``"on_board"``,
    ``"pending_cover:<who>"``, ``"covered:<who>"``; ``<who>`` a colour or a player),
    ``queen_by``: the *player* who covered it. ``termination``: how the board ended (``None``
    while it is played). ``interpretation``: the ruling is the product's where the laws are
    silent. ``carrommen_left``: the colour game's loser's carrommen on the board.
    """

    players: tuple[str, ...]
    finished: bool
    points: Mapping[str, int]
    winner: str | None
    credited: int
    queen: str
    queen_by: str | None
    termination: Termination | None
    law: str
    interpretation: bool = False
    extra_points: int = 0
    lost_by: str | None = None
    carrommen_left: int | None = None
    #: point carrom: the pieces each player holds (white, black), else ``None``
    pieces: Mapping[str, PerColour] | None = None

    @property
    def void(self) -> bool:
        return self.termination is Termination.VOID

    @property
    def decided(self) -> bool:
        """Finished and not void: the board counts in its game."""
        return self.finished and not self.void

    def to_dict(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "points": dict(self.points),
            "winner": self.winner,
            "credited": self.credited,
            "queen": self.queen,
            "queen_by": self.queen_by,
            "termination": None if self.termination is None else str(self.termination),
            "law": self.law,
            "interpretation": self.interpretation,
            "extra_points": self.extra_points,
            "lost_by": self.lost_by,
            "carrommen_left": self.carrommen_left,
            "pieces": None
            if self.pieces is None
            else {p: held.to_dict() for p, held in self.pieces.items()},
            "void": self.void,
        }


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A game in one shape for every variant: each player's score (capped at the game's
    points), whether it ended, its winner (``None`` while played, or a draw), whether an extra
    board is due on a tie, and who breaks next."""

    players: tuple[str, ...]
    scores: Mapping[str, int]
    boards_played: int
    finished: bool
    winner: str | None
    next_breaker: str | None
    extra_board: bool = False
    draw: bool = False

    @classmethod
    def of(cls, players: tuple[str, ...], state: Any) -> GameOutcome:
        """The outcome of a derived game of either variant (``GameState`` or the point
        game's state: both carry these fields)."""
        return cls(
            players,
            dict(state.scores),
            state.boards_played,
            state.finished,
            state.winner,
            state.next_breaker,
            state.extra_board,
            state.draw,
        )
