"""Point carrom: the three-player point game of seed 003 (preset ``point-carrom``).

Nobody owns a colour. Every pocketed piece scores for the player who pocketed it (black 1,
white 2, queen 5: ``RuleSet.piece_values``); the number of players and the turn order are data
(``players``, in turn order from the breaker). The laws that carry over from ICF:

- break: three attempts, then the next player tries (ICF 44, 45); the third failure is a foul
  (seed 003: one penalty piece), a foul or the striker in an attempt passes it without one
  (45(c));
- turn: goes on while the player pockets a carromman, or the queen properly (ICF 48);
- queen: only once the player has pocketed a carromman in an *earlier* stroke of the board
  (ICF 92; a queen pocketed with the first carromman goes back and the turn ends, ICF 95(a);
  setting ``queen_right_same_stroke``); covered by any carromman in the same or the next stroke,
  otherwise back to the centre (ICF 96, 97);
- foul, or the striker pocketed (a foul in seed 003): everything pocketed in that stroke comes
  back, plus one penalty piece of the player's (two with the striker in a foul stroke, as ruling
  7), the lowest in value; owed while he holds none (ICF 72(b)); the turn ends;
- a piece off the board goes back to the centre and costs nothing (ICF 65; setting
  ``off_board_foul``: seed 003 lists it as a foul);
- the last carromman may be pocketed only once the queen is covered; pocketing it before is a
  foul (seed 003);
- the board ends when every carromman is pocketed; each player scores what he holds; with
  ``game_end="at_points"`` (default, seed 003 "Das Spiel endet, wenn ein Spieler 25 oder mehr
  Punkte erreicht hat": an interpretation) it ends the moment a player's game score (before the
  board + what he holds) reaches ``game_points``;
- board loss (ICF 51, 91; interpretation: the offender scores nothing on this board, the others
  keep what they hold), umpire ruling (points per player, together at most the board's 32),
  technical foul (ICF 63) and void (IT 101) as in the colour game;
- the rulebook's "Engine details" as in the colour game: the queen right is earned in a foul
  stroke too (ICF 92, 95(c)); the queen pocketed while owing a due goes back and the turn ends
  (95(b)); the last carromman ends the board before a due is paid; a finished board reports no
  dues and no break attempts; an umpire ruling or a void may follow the end, nothing a void.

Games (:func:`derive_point_games`) are counted through the colour game's end rules
(:func:`.game.decide_game`, :func:`.game.decide_at_time`).

Invariant: while no umpire ruling, loss or void decides the board, the players' points and the
value left on the board (the queen counts there until covered) add up to 32 (9·1 + 9·2 + 5).

Documents are ``carrom-board/1`` with ``"rules": "point-carrom"`` and ``"players": [...]``
(optional ``"scores"`` before the board and ``"settings"``); a stroke's ``by`` names the player.
The answer is ``carrom-point-board-state/1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple

from .board import Note
from .errors import IllegalEvent, InvalidDocument, InvalidEvent, RulesError
from .events import LOSS_REASONS, BoardLoss, Foul, LossReason, Pieces, Void, _flag, _pieces
from .game import GameDecision, VoidEntry, decide_at_time, decide_game
from .position import BLACK, WHITE, PerColour, Termination
from .presets import POINT_CARROM, POINT_SETTINGS, RuleSet, get_rules

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
class PointStroke:
    """A stroke in point carrom: ``by`` is a player's name."""

    by: str
    pocketed: Pieces = Pieces()
    off_board: Pieces = Pieces()
    touched: bool = True
    foul: Foul | None = None

    type = "stroke"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "stroke", "by": self.by}
        if not self.touched:
            out["touched"] = False
        if not self.pocketed.empty:
            out["pocketed"] = self.pocketed.to_dict()
        if not self.off_board.empty:
            out["off_board"] = self.off_board.to_dict()
        if self.foul:
            out["foul"] = self.foul
        return out


@dataclass(frozen=True, slots=True)
class PointRuling:
    """The umpire decides the board: the points of each player (missing players score 0)."""

    points: tuple[tuple[str, int], ...]
    law: str | None = None
    type = "umpire_ruling"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "points": dict(self.points)}
        if self.law is not None:
            out["law"] = self.law
        return out


@dataclass(frozen=True, slots=True)
class PointTechnicalFoul:
    """A technical foul by a player (ICF 63(a) on turn, 63(b) not on turn): one penalty piece
    of his, the lowest in value, owed while he holds none; the turn does not change."""

    by: str
    type = "technical_foul"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "by": self.by}


#: a board loss (ICF 51, 91: the offender scores nothing on the board) and a void board
#: (IT 101) are the colour game's events (:class:`.events.BoardLoss`, :class:`.events.Void`)
PointEvent = PointStroke | BoardLoss | PointRuling | Void | PointTechnicalFoul


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


def _set(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _pay(position: PointPosition, i: int, owed: int) -> tuple[PointPosition, PerColour]:
    """Return ``owed`` penalty pieces of player ``i`` (the lowest in value first); what he
    cannot pay stays owed (ICF 72(b)). Also answers the pieces returned."""
    held = position.held[i]
    on_board = position.on_board
    returned = PerColour(0, 0)
    for colour in (BLACK, WHITE):
        take = min(owed, held[colour])
        if take:
            held = held.set(colour, held[colour] - take)
            on_board = on_board.set(colour, on_board[colour] + take)
            returned = returned.set(colour, take)
            owed -= take
    return (
        replace(
            position,
            held=_set(position.held, i, held),
            on_board=on_board,
            dues=_set(position.dues, i, owed),
        ),
        returned,
    )


def _finish(position: PointPosition, end: Termination, **fields: Any) -> PointPosition:
    """The finished board: dues still owed are written off (ICF 55) and no break attempts
    are counted (rulebook, engine details: a finished board's state), as in the colour game."""
    fields.setdefault("dues", (0,) * len(position.players))
    return replace(position, finished=True, end=end, break_attempts=0, **fields)


def apply_point(
    position: PointPosition, event: PointEvent, rules: RuleSet = POINT_CARROM
) -> PointPosition:
    """The position after one point-carrom event (see :func:`step_point`)."""
    return step_point(position, event, rules).position


def step_point(
    position: PointPosition, event: PointEvent, rules: RuleSet = POINT_CARROM
) -> PointStep:
    """The position after one point-carrom event, with notes citing the law.

    :raises IllegalEvent: an event after the board ended, a stroke by a player not on turn,
        moving pieces that are not on the board.
    """
    if position.finished:
        # as in the colour game: an umpire ruling (or a void) may still follow the end of the
        # board; after a void nothing may (rulebook, engine details: end of board)
        if position.void:
            raise IllegalEvent("board_void", "the board is void; it is replayed as a new board")
        if not isinstance(event, PointRuling | Void):
            raise IllegalEvent("board_finished", "the board has ended")
    if isinstance(event, Void):
        return PointStep(
            _finish(position, END_VOID, law="IT 101", awarded=None, lost_by=None),
            (Note("board_void", "IT 101"),),
        )
    if isinstance(event, PointRuling):
        unknown = [p for p, _ in event.points if p not in position.players]
        if unknown:
            raise IllegalEvent("unknown_player", f"{unknown[0]!r} does not play on this board")
        given = dict(event.points)
        awarded = tuple(given.get(p, 0) for p in position.players)
        total = board_total(rules)
        if sum(awarded) > total:
            raise IllegalEvent("bad_points", f"a board holds {total} points, not {sum(awarded)}")
        after = _finish(position, END_RULING, awarded=awarded, law=event.law, lost_by=None)
        return PointStep(
            after, (Note("umpire_ruling", event.law or "", {"points": after.points(rules)}),)
        )
    if isinstance(event, BoardLoss):
        if event.by not in position.players:
            raise IllegalEvent("unknown_player", f"{event.by!r} does not play on this board")
        points = position.points(rules)
        points[event.by] = 0
        awarded = tuple(points[p] for p in position.players)
        law = END_LAWS[END_BOARD_LOSS]
        after = _finish(position, END_BOARD_LOSS, awarded=awarded, lost_by=event.by, law=law)
        return PointStep(
            after, (Note("board_lost", law, {"player": event.by, "reason": event.reason}),)
        )
    if isinstance(event, PointTechnicalFoul):
        return _technical_foul(position, event)
    return _stroke(position, event, rules)


def _technical_foul(position: PointPosition, event: PointTechnicalFoul) -> PointStep:
    """ICF 63 (as in the colour game, rulebook engine details): one penalty piece of the
    offender (the lowest in value, owed while he holds none, ICF 72(b)); the turn and the
    break attempts do not change."""
    if event.by not in position.players:
        raise IllegalEvent("unknown_player", f"{event.by!r} does not play on this board")
    i = position.index(event.by)
    law = "ICF 63(a)" if i == position.on_turn else "ICF 63(b)"
    owed = position.dues[i] + 1
    after, returned = _pay(replace(position, dues=_set(position.dues, i, 0)), i, owed)
    return PointStep(
        after,
        (
            Note(
                "point_foul",
                law,
                {
                    "player": event.by,
                    "reason": "technical",
                    "stroke_white": 0,
                    "stroke_black": 0,
                    "stroke_queen": False,
                    "penalty_white": returned.white,
                    "penalty_black": returned.black,
                    "owed": after.dues[i],
                },
            ),
        ),
    )


def _stroke(position: PointPosition, stroke: PointStroke, rules: RuleSet) -> PointStep:
    if stroke.by not in position.players:
        raise IllegalEvent("unknown_player", f"{stroke.by!r} does not play on this board")
    i = position.index(stroke.by)
    if i != position.on_turn:
        raise IllegalEvent(
            "not_on_turn", f"{position.players[position.on_turn]} is on turn, not {stroke.by}"
        )
    pocketed, off = stroke.pocketed, stroke.off_board
    for colour in (WHITE, BLACK):
        if pocketed[colour] + off[colour] > position.on_board[colour]:
            raise IllegalEvent(
                "more_than_on_board", f"more {colour} carrommen moved than lie on the board"
            )
    if pocketed.queen and off.queen:
        raise IllegalEvent("queen_twice", "the queen cannot be pocketed and off the board")
    if (pocketed.queen or off.queen) and position.queen != ON_BOARD:
        raise IllegalEvent("queen_not_on_board", "the queen is not on the board")
    if pocketed.striker and off.striker:
        # rulebook, engine details: the striker is one piece
        raise IllegalEvent("striker_twice", "the striker cannot be pocketed and off the board")
    n = len(position.players)
    next_player = (i + 1) % n
    name = stroke.by
    notes: list[Note] = []

    if not position.break_made:
        if not stroke.touched:
            return _failed_break(position, stroke, rules, i)
        position = replace(position, break_made=True, break_attempts=0)
        notes.append(Note("break_made", "ICF 44", {"player": name}))

    if off.carrommen or off.queen:
        notes.append(
            Note(
                "off_board",
                "seed 003" if rules.off_board_foul else "ICF 65",
                {"white": off.white, "black": off.black, "queen": off.queen},
            )
        )
    carrommen = pocketed.carrommen
    left = position.on_board.white + position.on_board.black - carrommen
    queen_pending = position.queen == f"pending_cover:{name}"
    earlier_right = position.queen_right[i] or (rules.queen_right_same_stroke and carrommen > 0)
    #: 95(b), read literally (rulebook, engine details): the queen pocketed while the player
    #: owes a due goes back and the turn is lost, even with carrommen in the same stroke
    owes = position.dues[i] > 0
    would_cover = queen_pending or (pocketed.queen and earlier_right and not owes and carrommen > 0)
    #: ICF 92, 95(c) (rulebook, engine details): any stroke in which the player pockets a
    #: carromman earns the queen right, a foul stroke included
    queen_right = _set(position.queen_right, i, position.queen_right[i] or carrommen > 0)
    foul_reason = None
    if stroke.foul is not None:
        foul_reason = ("foul", "ICF 64")
    elif pocketed.striker:
        foul_reason = ("striker", "ICF 72(a)")
    elif rules.off_board_foul and (off.carrommen or off.queen):
        foul_reason = ("off_board", "seed 003")
    elif left == 0 and not (position.queen.startswith("covered:") or would_cover):
        foul_reason = ("last_before_cover", "seed 003")

    if foul_reason is not None:
        penalty = (
            rules.striker_in_foul_costs if (stroke.foul is not None and pocketed.striker) else 1
        )
        if queen_pending:
            notes.append(Note("queen_back", "ICF 96", {"player": name}))
        position = replace(
            position, queen=ON_BOARD if queen_pending else position.queen, queen_right=queen_right
        )
        owed = position.dues[i] + penalty
        position = replace(position, dues=_set(position.dues, i, 0))
        position, returned = _pay(position, i, owed)
        notes.append(
            Note(
                "point_foul",
                foul_reason[1],
                {
                    "player": name,
                    "reason": foul_reason[0],
                    "stroke_white": pocketed.white,
                    "stroke_black": pocketed.black,
                    "stroke_queen": pocketed.queen,
                    "penalty_white": returned.white,
                    "penalty_black": returned.black,
                    "owed": position.dues[i],
                },
            )
        )
        position = replace(position, on_turn=next_player)
        return PointStep(
            position,
            (*notes, Note("turn_passes", "ICF 48", {"player": position.players[next_player]})),
        )

    held = position.held[i]
    held = PerColour(held.white + pocketed.white, held.black + pocketed.black)
    on_board = PerColour(
        position.on_board.white - pocketed.white, position.on_board.black - pocketed.black
    )
    queen = position.queen
    keeps_turn = carrommen > 0
    if pocketed.queen:
        if not earlier_right:
            keeps_turn = False
            notes.append(Note("queen_no_right", "ICF 92, 95(a)", {"player": name}))
        elif owes:
            keeps_turn = False
            notes.append(Note("queen_back", "ICF 95(b)", {"player": name}))
        else:
            queen = f"covered:{name}" if carrommen else f"pending_cover:{name}"
            keeps_turn = True
            notes.append(
                Note(
                    "queen_covered" if carrommen else "cover_due",
                    "ICF 97(a)" if carrommen else "ICF 96",
                    {"player": name},
                )
            )
    elif queen_pending:
        queen = f"covered:{name}" if carrommen else ON_BOARD
        notes.append(
            Note(
                "queen_covered" if carrommen else "queen_back",
                "ICF 97(a)" if carrommen else "ICF 96",
                {"player": name},
            )
        )
    before_points = position.held_points(name, rules)
    position = replace(
        position,
        held=_set(position.held, i, held),
        on_board=on_board,
        queen=queen,
        queen_right=queen_right,
    )
    if position.on_board.white + position.on_board.black == 0:
        # the last carromman ends the board first: a due still owed is written off, not
        # paid (rulebook, engine details; seed 003: "seine letzte Figur versenken, um das
        # Spiel zu beenden")
        gained = position.held_points(name, rules) - before_points
        if gained:
            notes.append(Note("scored", "", {"player": name, "points": gained}))
        position = _finish(position, END_CARROMMEN, law=END_LAWS[END_CARROMMEN])
        return PointStep(
            position, (*notes, Note("board_over", "seed 003", {"points": position.points(rules)}))
        )
    if position.dues[i]:
        position, returned = _pay(position, i, position.dues[i])
        notes.append(
            Note(
                "due_paid",
                "ICF 72(b)",
                {
                    "player": name,
                    "penalty_white": returned.white,
                    "penalty_black": returned.black,
                    "owed": position.dues[i],
                },
            )
        )
    gained = position.held_points(name, rules) - before_points
    if gained:
        notes.append(Note("scored", "", {"player": name, "points": gained}))
    reached = _reached(position, rules)
    if reached is not None:
        position = _finish(position, END_GAME_POINTS, law=END_LAWS[END_GAME_POINTS])
        return PointStep(
            position,
            (
                *notes,
                Note(
                    "game_points_reached",
                    position.law or "",
                    {
                        "player": reached,
                        "score": position.game_scores(rules)[reached],
                        "cap": rules.game_points,
                    },
                ),
            ),
        )
    position = replace(position, on_turn=i if keeps_turn else next_player)
    turn = "turn_continues" if keeps_turn else "turn_passes"
    return PointStep(
        position, (*notes, Note(turn, "ICF 48", {"player": position.players[position.on_turn]}))
    )


def _failed_break(
    position: PointPosition, stroke: PointStroke, rules: RuleSet, i: int
) -> PointStep:
    """ICF 44, 45: a break attempt that touched no carromman. A foul or the striker pocketed
    in it passes the break without a due (45(c)); the last of the three attempts failing is a
    foul in point carrom (seed 003: "ein Spieler bricht die Mitte nicht in den ersten drei
    Versuchen"): one penalty piece, owed while the player holds none (ICF 72(b))."""
    pocketed, off = stroke.pocketed, stroke.off_board
    if pocketed.carrommen or pocketed.queen or off.carrommen or off.queen:
        raise IllegalEvent(
            "untouched_but_moved", "a stroke that touched nothing cannot move anything"
        )
    name = stroke.by
    next_player = (i + 1) % len(position.players)
    following = position.players[next_player]
    if stroke.foul or pocketed.striker:
        return PointStep(
            replace(position, on_turn=next_player, break_attempts=0),
            (Note("break_lost", "ICF 45(c)", {"player": name, "next": following}),),
        )
    attempts = position.break_attempts + 1
    if attempts >= rules.break_attempts:
        owed = position.dues[i] + 1
        position, returned = _pay(replace(position, dues=_set(position.dues, i, 0)), i, owed)
        return PointStep(
            replace(position, on_turn=next_player, break_attempts=0),
            (
                Note("break_lost", "ICF 45(b)", {"player": name, "next": following}),
                Note(
                    "point_foul",
                    "seed 003",
                    {
                        "player": name,
                        "reason": "break_failed",
                        "stroke_white": 0,
                        "stroke_black": 0,
                        "stroke_queen": False,
                        "penalty_white": returned.white,
                        "penalty_black": returned.black,
                        "owed": position.dues[i],
                    },
                ),
            ),
        )
    return PointStep(
        replace(position, break_attempts=attempts),
        (
            Note(
                "break_attempt_failed",
                "ICF 45(a)",
                {"player": name, "left": rules.break_attempts - attempts},
            ),
        ),
    )


def _reached(position: PointPosition, rules: RuleSet) -> str | None:
    """With ``game_end="at_points"``: the player whose game score has just reached the game
    points (seed 003, an interpretation: the game ends at once)."""
    if rules.game_end != "at_points":
        return None
    scores = position.game_scores(rules)
    for name in position.players:
        if scores[name] >= rules.game_points:
            return name
    return None


_RULESET_FIELDS = frozenset(f.name for f in fields(RuleSet))

_STROKE_KEYS = {"type", "by", "pocketed", "off_board", "touched", "foul"}


def parse_point_stroke(data: Any) -> PointStroke:
    """Read a point-carrom stroke from its JSON form."""
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    if data.get("type") != "stroke":
        raise InvalidEvent("unknown_event_type", f"not a stroke: {data.get('type')!r}")
    unknown = set(data) - _STROKE_KEYS
    if unknown:
        raise InvalidEvent("unknown_field", f"unknown field {sorted(unknown)[0]!r} in stroke")
    by = data.get("by")
    if not isinstance(by, str):
        raise InvalidEvent("missing_field", "a stroke needs 'by' (a player's name)")
    foul = data.get("foul")
    if foul is not None and foul not in tuple(Foul):
        raise InvalidEvent("unknown_foul", f"unknown foul {foul!r}")
    return PointStroke(
        by=by,
        pocketed=_pieces(data.get("pocketed"), "pocketed"),
        off_board=_pieces(data.get("off_board"), "off_board"),
        touched=_flag(data.get("touched", True), "touched"),
        foul=None if foul is None else Foul(foul),
    )


def parse_point_event(data: Any) -> PointEvent:
    """Read any point-carrom event: ``stroke``, ``technical_foul``, ``board_loss``,
    ``umpire_ruling``, ``void`` (no ``forgo``: with three players nobody alone is entitled to
    the placing it gives up)."""
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    kind = data.get("type")
    if kind == "stroke":
        return parse_point_stroke(data)
    if kind == "void":
        if set(data) != {"type"}:
            raise InvalidEvent("unknown_field", "a void event has no other field")
        return Void()
    if kind == "technical_foul":
        if set(data) != {"type", "by"} or not isinstance(data.get("by"), str):
            raise InvalidEvent("missing_field", "a technical foul has 'by' (a player's name) only")
        return PointTechnicalFoul(data["by"])
    if kind == "board_loss":
        if not set(data) <= {"type", "by", "reason"}:
            raise InvalidEvent("unknown_field", "a board loss has 'by' and 'reason' only")
        if not isinstance(data.get("by"), str):
            raise InvalidEvent("missing_field", "a board loss needs 'by' (a player's name)")
        reason = data.get("reason", "other")
        if reason not in LOSS_REASONS:
            raise InvalidEvent("bad_reason", f"unknown reason {reason!r}")
        return BoardLoss(data["by"], LossReason(reason))
    if kind == "umpire_ruling":
        if not set(data) <= {"type", "points", "law"}:
            raise InvalidEvent("unknown_field", "an umpire ruling has 'points' and 'law' only")
        points = data.get("points")
        if not isinstance(points, dict) or not all(
            isinstance(k, str) and type(v) is int and 0 <= v <= 32 for k, v in points.items()
        ):
            raise InvalidEvent(
                "bad_points", "points must map players to whole numbers from 0 to 32"
            )
        law = data.get("law")
        if law is not None and not isinstance(law, str):
            raise InvalidEvent("bad_law", "law must be a text")
        return PointRuling(tuple(sorted(points.items())), law)
    raise InvalidEvent("unknown_event_type", f"point carrom has no event of type {kind!r}")


def replay_point(
    events: list[Any],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    breaker: str | None = None,
    scores: dict[str, int] | None = None,
) -> PointPosition:
    """Replay a point-carrom board (events as objects or in their JSON form).

    :raises RulesError: located at the index of the first bad event.
    """
    return replay_point_steps(events, players, rules, breaker, scores).position


def replay_point_steps(
    events: list[Any],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    breaker: str | None = None,
    scores: dict[str, int] | None = None,
) -> PointStep:
    """Replay a point-carrom board; the notes are the last event's."""
    result = PointStep(opening(players, breaker, scores), ())
    for index, event in enumerate(events):
        try:
            if isinstance(event, dict):
                event = parse_point_event(event)
            result = step_point(result.position, event, rules)
        except RulesError as err:
            raise err.at(index) from None
    return result


def rules_with_settings(rules: RuleSet, settings: Any) -> RuleSet:
    """``rules`` with a document's point-carrom ``settings`` (``POINT_SETTINGS``)."""
    if settings is None:
        return rules
    if not isinstance(settings, dict):
        raise InvalidDocument("bad_settings", "settings must be an object", where="-")
    if rules.family != "points":
        raise InvalidDocument("unknown_field", "settings apply to point carrom only", where="-")
    changes = {}
    for key, value in settings.items():
        setting = POINT_SETTINGS.get(key)
        if setting is None:
            raise InvalidDocument("unknown_setting", f"unknown setting {key!r}", where="-")
        # exact values only: 1 is not true, 0 is not false
        if not any(type(value) is type(c) and value == c for c in setting.choices):
            shown = ", ".join(json_text(c) for c in setting.choices)
            raise InvalidDocument("bad_setting", f"setting {key} must be one of {shown}", where="-")
        if key in _RULESET_FIELDS:
            changes[key] = value
        # "first_breaker": "toss" is how the preset finds the first breaker (by lot, seed
        # 003): a document names its breaker itself ("breaker", "first_breaker")
    return replace(rules, **changes)


def json_text(value: object) -> str:
    """A setting's value as the document writes it (true, "toss")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def replay_point_board_document(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a point-carrom ``carrom-board/1`` document."""
    allowed = {"format", "rules", "players", "scores", "events", "start", "settings", "breaker"}
    unknown = set(data) - allowed
    if unknown:
        raise InvalidDocument("unknown_field", f"unknown field {sorted(unknown)[0]!r}", where="-")
    if data.get("start") is not None:
        raise InvalidDocument("bad_start", "point carrom boards start from the opening", where="-")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise InvalidDocument("bad_players", "players must be a list of names", where="-")
    rules = rules_with_settings(get_rules(data.get("rules")), data.get("settings"))
    scores = data.get("scores")
    if scores is not None and not (
        isinstance(scores, dict)
        and all(k in players and type(v) is int and v >= 0 for k, v in scores.items())
    ):
        raise InvalidDocument(
            "bad_scores", "scores must map players to their game scores", where="-"
        )
    breaker = data.get("breaker")
    if breaker is not None and breaker not in players:
        raise InvalidDocument("bad_breaker", "breaker must be one of the players", where="-")
    events = data.get("events", [])
    if not isinstance(events, list):
        raise InvalidDocument("bad_events", "events must be a list", where="-")
    try:
        position = replay_point(events, tuple(players), rules, breaker, scores)
    except InvalidDocument as err:
        raise InvalidDocument(err.code, err.message, where="-") from None
    return position.to_state(rules)


@dataclass(frozen=True, slots=True)
class PointAwardEntry:
    """A point-carrom board given as each player's points (missing players score 0); at most
    what a board holds together (32, :func:`board_total`)."""

    points: tuple[tuple[str, int], ...]
    breaker: str | None = None


@dataclass(frozen=True, slots=True)
class PointPlayedEntry:
    """A point-carrom board given as its events, replayed from the game's score before it
    (rulebook, engine details: a player reaching the game points in mid-board ends the game
    when the preset ends games at the points)."""

    events: tuple[PointEvent, ...] = ()
    breaker: str | None = None


#: a point-carrom game's board: its points, its events, or a void board (the colour game's
#: :class:`~.game.VoidEntry`: not counted, the same breaker plays it again, IT 101)
PointEntry = PointAwardEntry | PointPlayedEntry | VoidEntry


@dataclass(frozen=True, slots=True)
class PointBoardScore:
    """One board of a point-carrom game as the game counts it."""

    number: int  # 1-based among counted boards; a void board carries the number it replays
    breaker: str
    points: dict[str, int]
    void: bool = False
    finished: bool = True
    extra_board: bool = False
    scores_after: dict[str, int] = field(default_factory=dict)
    position: PointPosition | None = None  # for boards given as events


@dataclass(frozen=True, slots=True)
class PointGame:
    """A point-carrom game: to ``game_points`` or the leader after the board limit; a tie at
    the top plays an extra board (its break a fresh toss: ``next_breaker`` ``None``); a game
    stopped by time is won by the leader or drawn."""

    players: tuple[str, ...]
    scores: dict[str, int]
    boards_played: int
    finished: bool
    winner: str | None
    extra_board: bool
    next_breaker: str | None
    draw: bool = False
    boards: tuple[PointBoardScore, ...] = ()
    current: PointBoardScore | None = None  # the board in play (an unfinished last log)
    #: who the rotation gives the next break to (``next_breaker`` unless the game ended or
    #: the extra board's toss decides it): a table without a fresh lot falls back to it
    next_in_rotation: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "carrom-point-game-state/1",
            "scores": dict(self.scores),
            "boards_played": self.boards_played,
            "finished": self.finished,
            "winner": self.winner,
            "draw": self.draw,
            "extra_board": self.extra_board,
            "next_breaker": self.next_breaker,
        }


def _turn_order(players: tuple[str, ...], breaker: str) -> tuple[str, ...]:
    first = players.index(breaker)
    return players[first:] + players[:first]


def derive_point_games(
    entries: Sequence[PointEntry],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    first_breaker: str | None = None,
    *,
    stage: str = "early",
    time_up: bool = False,
) -> PointGame:
    """Count a point-carrom game's boards, as :func:`~.game.derive_game` counts the colour
    game's: the break rotates through the players in turn order (a board's ``breaker``
    overrides it, the following boards rotate from it); void boards are replayed and not
    counted; only the last board may be unfinished; scores are recorded capped at the game
    points (ruling 3); the end is :func:`~.game.decide_game` (seed 003: 25 points or the
    leader after 8 boards, a tie at the top an extra board), time :func:`~.game.decide_at_time`.

    :raises RulesError: a board after the game ended, an unfinished board that is not the
        last, an impossible board (located ``boards[i]`` / ``boards[i].events[j]``).
    """
    if len(players) < 2 or len(set(players)) != len(players):
        raise InvalidDocument("bad_players", "point carrom needs two or more different players")
    scores = dict.fromkeys(players, 0)
    breaker = players[0] if first_breaker is None else first_breaker
    if breaker not in players:
        raise InvalidDocument("bad_breaker", "the first breaker must be one of the players")
    limit = rules.board_limit_for(stage)
    total = board_total(rules)
    counted = 0
    decision = GameDecision()
    boards: list[PointBoardScore] = []
    current: PointBoardScore | None = None
    for index, entry in enumerate(entries):
        path = f"boards[{index}]"
        if decision.finished:
            raise InvalidDocument("game_finished", "the game has already ended", where=path)
        if current is not None:
            raise InvalidDocument(
                "board_unfinished",
                "only the last board of a game may be unfinished",
                where=f"boards[{index - 1}]",
            )
        this_breaker = entry.breaker or breaker
        if this_breaker not in players:
            raise InvalidDocument("bad_breaker", "breaker must be one of the players", where=path)
        number = counted + 1
        if isinstance(entry, PointAwardEntry):
            given = dict(entry.points)
            unknown = [p for p in given if p not in players]
            if unknown:
                raise InvalidDocument("unknown_player", f"{unknown[0]!r} does not play", where=path)
            if any(type(v) is not int or v < 0 for v in given.values()):
                raise InvalidDocument("bad_points", "points are whole numbers from 0", where=path)
            if sum(given.values()) > total:
                raise InvalidDocument(
                    "bad_points",
                    f"a board holds {total} points, not {sum(given.values())}",
                    where=path,
                )
            points = {p: given.get(p, 0) for p in players}
            position = None
        else:
            events: tuple[PointEvent, ...] = (
                (Void(),) if isinstance(entry, VoidEntry) else entry.events
            )
            try:
                position = replay_point(
                    list(events), _turn_order(players, this_breaker), rules, this_breaker, scores
                )
            except RulesError as err:
                where = path if err.where in (None, "-") else f"{path}.events[{err.where}]"
                raise type(err)(err.code, err.message, where=where) from None
            if not position.finished:
                current = PointBoardScore(
                    number,
                    this_breaker,
                    position.points(rules),
                    finished=False,
                    extra_board=decision.extra_board,
                    position=position,
                )
                continue
            if position.void:
                # IT 101: replayed under the same number by the same breaker; not counted
                boards.append(
                    PointBoardScore(
                        number,
                        this_breaker,
                        dict.fromkeys(players, 0),
                        void=True,
                        extra_board=decision.extra_board,
                        position=position,
                    )
                )
                continue
            points = {p: position.points(rules)[p] for p in players}
        for name in players:
            # recorded capped at the game points, as in the colour game (ruling 3)
            scores[name] = min(scores[name] + points[name], rules.game_points)
        counted += 1
        boards.append(
            PointBoardScore(
                number,
                this_breaker,
                points,
                extra_board=decision.extra_board,
                scores_after=dict(scores),
                position=position,
            )
        )
        breaker = players[(players.index(this_breaker) + 1) % len(players)]
        decision = decide_game(scores, counted, limit, rules)
    if time_up and not decision.finished:
        decision = decide_at_time(scores)
    if decision.finished or decision.extra_board:
        next_breaker = None  # the extra board's break is a fresh toss (ruling 3)
    elif current is not None:
        next_breaker = current.breaker
    else:
        next_breaker = breaker
    in_rotation = (
        None if decision.finished else (current.breaker if current is not None else breaker)
    )
    return PointGame(
        players,
        scores,
        counted,
        decision.finished,
        decision.winner,
        decision.extra_board,
        next_breaker,
        decision.draw,
        tuple(boards),
        current,
        in_rotation,
    )


def derive_point_game(
    board_points: list[dict[str, int]],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    first_breaker: str | None = None,
    *,
    stage: str = "early",
    time_up: bool = False,
) -> PointGame:
    """Add up a point-carrom game's counted boards given as each player's points
    (:func:`derive_point_games`)."""
    entries = [PointAwardEntry(tuple(points.items())) for points in board_points]
    return derive_point_games(entries, players, rules, first_breaker, stage=stage, time_up=time_up)
