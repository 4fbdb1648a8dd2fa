"""A point-carrom board's position (seed 003): the pieces on the board, each player's pocketed
pieces, dues and queen right, who is on turn, and why the board ended (with its law); the
opening position and what one board holds (32 points with seed 003's values)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import InvalidDocument
from .note import Note
from .position import BLACK, WHITE, PerColour, Termination
from .presets import POINT_CARROM, RuleSet

ON_BOARD = "on_board"

#: why a board ended (``PointPosition.end``)
END_CARROMMEN = Termination.CARROMMEN
END_GAME_POINTS = Termination.GAME_POINTS
END_BOARD_LOSS = Termination.BOARD_LOSS
END_RULING = Termination.UMPIRE_RULING
END_VOID = Termination.VOID

END_LAWS = {
    END_CARROMMEN: "seed 003",
    END_GAME_POINTS: "seed 003 (interpretation)",
    END_BOARD_LOSS: "ICF 51, 91 (interpretation)",
    END_RULING: "",
    END_VOID: "IT 101",
}


@dataclass(frozen=True, slots=True)
class PointPosition:
    """A point-carrom board: pieces on the board, each player's pocketed pieces and dues."""

    players: tuple[str, ...]
    on_board: PerColour = PerColour(9, 9)
    queen: str = ON_BOARD
    held: tuple[PerColour, ...] = ()
    dues: tuple[int, ...] = ()
    queen_right: tuple[bool, ...] = ()
    on_turn: int = 0
    break_made: bool = False
    break_attempts: int = 0
    finished: bool = False
    #: each player's game score before this board (in ``players`` order)
    scores_before: tuple[int, ...] = ()
    #: why the board ended (``END_*``), ``None`` while it is played
    end: Termination | None = None
    #: the points an umpire ruling or a board loss fixed (``players`` order), else ``None``
    awarded: tuple[int, ...] | None = None
    lost_by: str | None = None
    law: str | None = None

    def index(self, player: str) -> int:
        return self.players.index(player)

    @property
    def void(self) -> bool:
        return self.end == END_VOID

    def points(self, rules: RuleSet = POINT_CARROM) -> dict[str, int]:
        """What each player scores on this board: his pocketed pieces (and a covered queen),
        or what an umpire ruling or a board loss fixed; nothing on a void board."""
        if self.awarded is not None:
            return dict(zip(self.players, self.awarded, strict=True))
        return {name: (0 if self.void else self.held_points(name, rules)) for name in self.players}

    def held_points(self, name: str, rules: RuleSet = POINT_CARROM) -> int:
        """What ``name``'s pocketed pieces (and the queen, once he covered it) are worth."""
        values = rules.piece_values
        held = self.held[self.index(name)]
        total: int = held.white * values[WHITE] + held.black * values[BLACK]
        if self.queen == f"covered:{name}":
            total += values["queen"]
        return total

    def board_value(self, rules: RuleSet = POINT_CARROM) -> int:
        """What is still to be won on the board: its carrommen and the queen until covered."""
        values = rules.piece_values
        total: int = self.on_board.white * values[WHITE] + self.on_board.black * values[BLACK]
        if not self.queen.startswith("covered:"):
            total += values["queen"]
        return total

    def game_scores(self, rules: RuleSet = POINT_CARROM) -> dict[str, int]:
        """Each player's game score with this board so far (before the cap)."""
        before = self.scores_before or (0,) * len(self.players)
        points = self.points(rules)
        return {n: before[i] + points[n] for i, n in enumerate(self.players)}

    def top_scorer(self, rules: RuleSet = POINT_CARROM) -> str | None:
        """The player with the most points on this board (``None``: a tie at the top, or
        nobody scored)."""
        points = self.points(rules)
        best = max(points.values(), default=0)
        leaders = [n for n in self.players if points[n] == best]
        return leaders[0] if best > 0 and len(leaders) == 1 else None

    def to_state(self, rules: RuleSet = POINT_CARROM) -> dict[str, Any]:
        result = None
        if self.finished:
            # an umpire ruling without a law says so: null (rulebook, engine details)
            law = (
                self.law
                if self.end == END_RULING
                else (self.law or ("" if self.end is None else END_LAWS[self.end]))
            )
            result = {
                "points": self.points(rules),
                "end": self.end,
                "law": law,
                "top_scorer": self.top_scorer(rules),
                "void": self.void,
            }
            if self.lost_by:
                result["lost_by"] = self.lost_by
        return {
            "format": "carrom-point-board-state/1",
            "players": list(self.players),
            "on_board": self.on_board.to_dict(),
            "queen": self.queen,
            "held": {n: self.held[i].to_dict() for i, n in enumerate(self.players)},
            "dues": {n: self.dues[i] for i, n in enumerate(self.players)},
            "queen_right": {n: self.queen_right[i] for i, n in enumerate(self.players)},
            "on_turn": None if self.finished else self.players[self.on_turn],
            "break_made": self.break_made,
            "break_attempts": self.break_attempts,
            "finished": self.finished,
            "board_value": self.board_value(rules),
            "scores_before": dict(zip(self.players, self.scores_before, strict=True)),
            "result": result,
        }


class PointStep(NamedTuple):
    """The position after a point-carrom event and the notes explaining it."""

    position: PointPosition
    notes: tuple[Note, ...]


def opening(
    players: tuple[str, ...], breaker: str | None = None, scores: dict[str, int] | None = None
) -> PointPosition:
    """The opening position; the breaker (default: the first player) is on turn; ``scores``:
    each player's game score before the board."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise InvalidDocument("bad_players", "point carrom needs two or more different players")
    n = len(players)
    scores = scores or {}
    return PointPosition(
        players=tuple(players),
        held=(PerColour(0, 0),) * n,
        dues=(0,) * n,
        queen_right=(False,) * n,
        on_turn=0 if breaker is None else players.index(breaker),
        scores_before=tuple(int(scores.get(p, 0)) for p in players),
    )


def board_total(rules: RuleSet = POINT_CARROM) -> int:
    """What one board holds: every carromman and the queen (32 with seed 003's values)."""
    values = rules.piece_values
    return int(rules.carrommen_per_colour * (values[WHITE] + values[BLACK]) + values["queen"])
