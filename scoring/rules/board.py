"""Apply events to a board position: the ICF Laws of Carrom as pure functions.

``apply(position, event, rules) -> position`` is the whole engine; :func:`replay` folds it over a
log, and :class:`Board` keeps a stack of positions for ``push``/``pop``/``peek`` (python-chess
style). Every step also yields :class:`Note` records saying what the laws made of the event (a
due, the queen back to the centre, the turn passing, the board's result), with the law number,
so that the tablet can tell the umpire in words.

The order inside a stroke follows the laws: the stroke is complete (pieces pocketed), the
special end-of-board cases are checked (ICF 102–112 and the product's rulings), then what the
stroke returns (a foul, ICF 64; the striker, ICF 72–77; the queen, ICF 95–101) comes out, and
last every outstanding due that can now be paid is taken out (ICF 72(b), 78(a)), whoever
pocketed the carromman.

This module holds the step and the replay, the :class:`Board`, and the events that are no
stroke (technical foul, forgo, board loss, umpire ruling, void); a stroke is
:mod:`.stroke` (its end of the board :mod:`.board_end`), the dues and the finished board
:mod:`.dues`, the :class:`Note` and :class:`Step` :mod:`.note`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .dues import due_notes, finish, pay_dues
from .errors import IllegalEvent, RulesError
from .events import (
    BoardLoss,
    Event,
    Forgo,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
    parse_event,
)
from .note import Note, Step
from .position import (
    OPENING,
    QUEEN_ON_BOARD,
    VOID_RESULT,
    ZERO,
    BoardResult,
    PerColour,
    Position,
    Termination,
    other,
)
from .presets import ICF, RuleSet
from .stroke import play_stroke

__all__ = ["LOSS_LAWS", "Board", "Note", "Step", "apply", "replay", "step"]


LOSS_LAWS = {
    "out_of_turn": "ICF 51",
    "left_seat": "ICF 91",
    "resumed_before_play": "IT 86",
    "other": "IT 90(b)",
}


def apply(position: Position, event: Event, rules: RuleSet = ICF) -> Position:
    """The position after ``event``.

    :raises IllegalEvent: if the event cannot happen in ``position``.
    """
    return step(position, event, rules, explain=False).position


def step(position: Position, event: Event, rules: RuleSet = ICF, explain: bool = True) -> Step:
    """Apply ``event`` and explain the result (``explain=False`` skips the notes).

    :raises IllegalEvent: if the event cannot happen in ``position``.
    """
    if position.result is not None:
        if position.result.void:
            raise IllegalEvent("board_void", "the board is void; it is replayed as a new board")
        if not isinstance(event, UmpireRuling | Void):
            raise IllegalEvent("board_finished", "the board has ended")
    if isinstance(event, Stroke):
        return play_stroke(position, event, rules, explain)
    if isinstance(event, TechnicalFoul):
        return _technical_foul(position, event, rules)
    if isinstance(event, Forgo):
        return _forgo(position, event, rules)
    if isinstance(event, BoardLoss):
        return _board_loss(position, event, rules)
    if isinstance(event, UmpireRuling):
        return _umpire_ruling(position, event, rules)
    if isinstance(event, Void):
        return Step(finish(position, VOID_RESULT), (Note("board_void", "IT 101"),))
    raise IllegalEvent("unknown_event", f"unknown event {event!r}")  # pragma: no cover


def replay(
    events: Iterable[Event | dict[str, Any]],
    rules: RuleSet = ICF,
    start: Position = OPENING,
) -> Position:
    """Apply every event in order and return the final position.

    Events may be :data:`Event` values or their JSON form.

    :raises RulesError: located at the 0-based index of the first bad event.
    """
    position = start
    for index, event in enumerate(events):
        try:
            if isinstance(event, dict):
                event = parse_event(event)
            position = step(position, event, rules, explain=False).position
        except RulesError as err:
            raise err.at(index) from None
    return position


class Board:
    """A board's log and positions, with python-chess's ``push``/``pop``/``peek``.

    >>> board = Board()
    >>> board.push(Stroke("white", Pieces(white=2)))  # doctest: +SKIP
    """

    def __init__(
        self, rules: RuleSet = ICF, start: Position = OPENING, scores: PerColour | None = None
    ) -> None:
        if scores is not None:
            start = start._replace(scores=scores)
        self.rules = rules
        self.event_stack: list[Event] = []
        self._steps: list[Step] = [Step(start, ())]

    @property
    def position(self) -> Position:
        return self._steps[-1].position

    @property
    def notes(self) -> tuple[Note, ...]:
        """What the laws made of the last event."""
        return self._steps[-1].notes

    def root(self) -> Position:
        return self._steps[0].position

    def push(self, event: Event) -> Step:
        """Apply ``event``; on an error nothing changes.

        :raises IllegalEvent: if the event cannot happen now.
        """
        result = step(self.position, event, self.rules)
        self.event_stack.append(event)
        self._steps.append(result)
        return result

    def pop(self) -> Event:
        """Take back the last event (the tablet's undo is a new event; this is for analysis)."""
        self._steps.pop()
        return self.event_stack.pop()

    def peek(self) -> Event:
        return self.event_stack[-1]

    def copy(self) -> Board:
        board = Board(self.rules, self.root())
        board.event_stack = list(self.event_stack)
        board._steps = list(self._steps)
        return board

    @property
    def steps(self) -> list[Step]:
        """The position and notes after each event (index 0: the start)."""
        return list(self._steps)


# --- technical foul, forgo, board loss, umpire ruling ---------------------------------------


def _technical_foul(position: Position, event: TechnicalFoul, rules: RuleSet) -> Step:
    """ICF 63(a)/(b): one penalty carromman of the offender; the turn does not change."""
    offender = event.by
    dues = position.dues.set(offender, position.dues[offender] + 1)
    on_board, dues, paid = pay_dues(position.on_board, dues, rules)
    to_place = position.to_place.set(offender, position.to_place[offender] + paid[offender])
    law = "ICF 63(a)" if offender == position.on_turn else "ICF 63(b)"
    notes = [Note("technical_foul", law, {"colour": offender})]
    notes += due_notes(paid, dues, position.dues, ZERO)
    new = position._replace(on_board=on_board, dues=dues, to_place=to_place)
    return Step(new, tuple(notes))


def _forgo(position: Position, event: Forgo, rules: RuleSet) -> Step:
    """ICF 87: the entitled side gives up placing all carrommen just taken out for it (they stay
    in the pocket) and the offender's outstanding dues. A forgo with no carromman waiting to be
    placed is an error, even while an outstanding due is owed (rulebook, engine details)."""
    offender = other(event.by)
    give_up = position.to_place[offender]
    if not give_up:
        raise IllegalEvent("nothing_to_forgo", f"{event.by} has nothing to place")
    left = position.on_board[offender] - give_up
    if left <= 0:
        raise IllegalEvent(
            "forgo_would_empty_board",
            "forgoing would leave no carromman of that colour on the board",
        )
    new = position._replace(
        on_board=position.on_board.set(offender, left),
        dues=position.dues.set(offender, 0),
        to_place=position.to_place.set(offender, 0),
    )
    note = Note(
        "forgo", "ICF 87", {"colour": event.by, "count": give_up, "dues": position.dues[offender]}
    )
    return Step(new, (note,))


def _board_loss(position: Position, event: BoardLoss, rules: RuleSet) -> Step:
    """Ruling 12 (ICF 51, 91, IT 86): the opponent receives the offender's own carrommen on the
    board plus the queen if it lies on the board (not at 22 or more), at most 12."""
    offender = event.by
    receiver = other(offender)
    points = position.on_board[offender]
    if position.queen == QUEEN_ON_BOARD and rules.queen_counts_for(position.scores[receiver]):
        points += rules.queen_value
    points = min(points, rules.board_max)
    law = LOSS_LAWS[event.reason]
    result = BoardResult(receiver, points, law, termination=Termination.BOARD_LOSS)
    note = Note(
        "board_lost",
        law,
        {"colour": offender, "reason": event.reason, "winner": receiver, "points": points},
    )
    return Step(finish(position, result), (note,))


def _umpire_ruling(position: Position, event: UmpireRuling, rules: RuleSet) -> Step:
    """The umpire decides the board; it overrides the engine's result (ruling 11, 12)."""
    if not 1 <= event.points <= rules.board_max:
        raise IllegalEvent(
            "bad_points", f"a board is worth 1 to {rules.board_max} points, not {event.points}"
        )
    result = BoardResult(
        event.winner,
        event.points,
        event.law or "",
        by_umpire=True,
        termination=Termination.UMPIRE_RULING,
    )
    note = Note("umpire_ruling", event.law or "", {"winner": event.winner, "points": event.points})
    return Step(finish(position, result), (note,))


# --- the stroke ------------------------------------------------------------------------------
