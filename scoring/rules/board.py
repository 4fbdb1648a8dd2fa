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
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from .errors import IllegalEvent, RulesError
from .events import (
    BoardLoss,
    Event,
    Forgo,
    Foul,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
    parse_event,
)
from .position import (
    COLOURS,
    OPENING,
    QUEEN_ON_BOARD,
    VOID_RESULT,
    ZERO,
    BoardResult,
    PerColour,
    Position,
    Termination,
    covered,
    other,
    pending,
)
from .presets import ICF, RuleSet


class Note(NamedTuple):
    """One thing the laws made of an event, for the umpire to read.

    ``code`` is stable (the UI translates it), ``params`` fill the message, ``law`` cites it.
    """

    code: str
    law: str = ""
    params: dict[str, Any] = {}  # noqa: RUF012 - never mutated


class Step(NamedTuple):
    """The position after an event and the notes explaining it."""

    position: Position
    notes: tuple[Note, ...]


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
        return _stroke(position, event, rules, explain)
    if isinstance(event, TechnicalFoul):
        return _technical_foul(position, event, rules)
    if isinstance(event, Forgo):
        return _forgo(position, event, rules)
    if isinstance(event, BoardLoss):
        return _board_loss(position, event, rules)
    if isinstance(event, UmpireRuling):
        return _umpire_ruling(position, event, rules)
    if isinstance(event, Void):
        return Step(_finish(position, VOID_RESULT), (Note("board_void", "IT 101"),))
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


# --- helpers ---------------------------------------------------------------------------------


def _finish(position: Position, result: BoardResult, **changes: Any) -> Position:
    """The finished position: nobody on turn, outstanding dues written off (ICF 55), no break
    attempts counted (rulebook, engine details: a finished board's state)."""
    return position._replace(
        on_turn=None, dues=ZERO, to_place=ZERO, break_attempts=0, result=result, **changes
    )


def _pay_dues(
    on_board: PerColour, dues: PerColour, rules: RuleSet
) -> tuple[PerColour, PerColour, PerColour]:
    """ICF 72(b), 78(a), 83: take out every outstanding due that a pocketed carromman of the
    offender's colour can pay, after the stroke, whoever pocketed it."""
    paid = ZERO
    full = rules.carrommen_per_colour
    for colour in ("white", "black"):
        owed = dues[colour]
        if owed:
            pay = min(owed, full - on_board[colour])
            if pay:
                on_board = on_board.set(colour, on_board[colour] + pay)
                dues = dues.set(colour, owed - pay)
                paid = paid.set(colour, pay)
    return on_board, dues, paid


def _due_notes(
    paid: PerColour, dues: PerColour, before: PerColour, returned: PerColour
) -> list[Note]:
    notes = []
    for colour in ("white", "black"):
        count = returned[colour] + paid[colour]
        if count:
            notes.append(
                Note(
                    "to_place",
                    "ICF 78(a)",
                    {"colour": colour, "count": count, "placed_by": other(colour)},
                )
            )
        if dues[colour] > before[colour]:
            notes.append(
                Note("due_outstanding", "ICF 72(b)", {"colour": colour, "count": dues[colour]})
            )
    return notes


# --- technical foul, forgo, board loss, umpire ruling ---------------------------------------


def _technical_foul(position: Position, event: TechnicalFoul, rules: RuleSet) -> Step:
    """ICF 63(a)/(b): one penalty carromman of the offender; the turn does not change."""
    offender = event.by
    dues = position.dues.set(offender, position.dues[offender] + 1)
    on_board, dues, paid = _pay_dues(position.on_board, dues, rules)
    to_place = position.to_place.set(offender, position.to_place[offender] + paid[offender])
    law = "ICF 63(a)" if offender == position.on_turn else "ICF 63(b)"
    notes = [Note("technical_foul", law, {"colour": offender})]
    notes += _due_notes(paid, dues, position.dues, ZERO)
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
    return Step(_finish(position, result), (note,))


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
    return Step(_finish(position, result), (note,))


# --- the stroke ------------------------------------------------------------------------------


def _check_stroke(position: Position, stroke: Stroke) -> None:
    """Reject strokes that cannot have happened."""
    if stroke.by != position.on_turn:
        raise IllegalEvent("not_on_turn", f"{position.on_turn} is on turn, not {stroke.by}")
    pocketed, off = stroke.pocketed, stroke.off_board
    white, black = position.on_board
    for colour, moved, there in (
        ("white", pocketed.white + off.white, white),
        ("black", pocketed.black + off.black, black),
    ):
        if moved > there:
            raise IllegalEvent(
                "more_than_on_board",
                f"{moved} {colour} carrommen pocketed or off the board, "
                f"but only {there} on the board",
            )
    if pocketed.queen and off.queen:
        raise IllegalEvent("queen_twice", "the queen cannot be pocketed and off the board")
    if (pocketed.queen or off.queen) and position.queen != QUEEN_ON_BOARD:
        raise IllegalEvent("queen_not_on_board", "the queen is not on the board")
    if pocketed.striker and off.striker:
        raise IllegalEvent("striker_twice", "the striker cannot be pocketed and off the board")


def _stroke(position: Position, stroke: Stroke, rules: RuleSet, explain: bool = True) -> Step:
    _check_stroke(position, stroke)
    if (
        rules.off_board_foul
        and stroke.foul is None
        and (stroke.off_board.carrommen or stroke.off_board.queen)
    ):
        # House switch ``off_board_foul`` (LAWS.md §4, UK rules): a piece leaving the board
        # makes the stroke improper (ICF 64), where ICF 65 makes it cost nothing.
        stroke = stroke._replace(foul=Foul.IMPROPER_STROKE)
    at_break = not position.break_made
    if at_break and not stroke.touched:
        return _failed_break(position, stroke, rules)
    if at_break:
        position = position._replace(break_made=True, break_attempts=0)
    ending = _board_end(position, stroke, rules)
    if ending is not None:
        return ending
    return _stroke_in_play(position, stroke, rules, at_break, explain)


def _failed_break(position: Position, stroke: Stroke, rules: RuleSet) -> Step:
    """ICF 44, 45: a break attempt that touched no carromman."""
    moved = stroke.pocketed
    if moved.carrommen or moved.queen or stroke.off_board.carrommen or stroke.off_board.queen:
        raise IllegalEvent(
            "untouched_but_moved", "a stroke that touched nothing cannot move any carromman"
        )
    opponent = other(stroke.by)
    if stroke.foul or moved.striker:
        # 45(c): a foul or the striker pocketed: turn lost, no due; the break is still to come.
        new = position._replace(on_turn=opponent, break_attempts=0, to_place=ZERO)
        return Step(
            new, (Note("break_lost", "ICF 45(c)", {"colour": stroke.by, "next": opponent}),)
        )
    attempts = position.break_attempts + 1
    if attempts >= rules.break_attempts:
        new = position._replace(on_turn=opponent, break_attempts=0, to_place=ZERO)
        return Step(
            new, (Note("break_lost", "ICF 45(b)", {"colour": stroke.by, "next": opponent}),)
        )
    new = position._replace(break_attempts=attempts, to_place=ZERO)
    left = rules.break_attempts - attempts
    return Step(
        new, (Note("break_attempt_failed", "ICF 45(a)", {"colour": stroke.by, "left": left}),)
    )


def _board_end(position: Position, stroke: Stroke, rules: RuleSet) -> Step | None:
    """The end-of-board cases: ICF 52/53 and the special cases ICF 102–112 (LAWS.md §3) with
    the product's rulings where the laws are silent (rules/README.md, ruling 11)."""
    p = stroke.by
    pocketed = stroke.pocketed
    white, black = position.on_board
    if p == "white":
        o, pw, po, left_p, left_o = "black", pocketed.white, pocketed.black, white, black
    else:
        o, pw, po, left_p, left_o = "white", pocketed.black, pocketed.white, black, white
    left_p -= pw
    left_o -= po
    own_last = pw > 0 and left_p == 0
    opp_last = po > 0 and left_o == 0
    if not (own_last or opp_last):
        return None

    scores = position.scores
    striker = stroke.pocketed.striker
    foul = stroke.foul is not None
    queen = position.queen
    queen_now = stroke.pocketed.queen

    def value(receiver: str) -> int:
        """The queen's value in the cases decided "by the queen's value"."""
        if rules.queen_counts_for(scores[receiver]):
            return rules.queen_value
        return rules.reduced_queen_value

    def queen_part(receiver: str) -> int:
        """The queen part of the cases "by own carrommen + queen" (dropped at 22 or more)."""
        return rules.queen_value if rules.queen_counts_for(scores[receiver]) else 0

    # (winner, base points, claimable extras, law, interpretation, queen afterwards)
    outcome: tuple[str, int, int, str, bool, str] | None = None
    improper = 1 if foul else 0
    back = QUEEN_ON_BOARD

    if queen == QUEEN_ON_BOARD and not queen_now:
        if own_last and opp_last:
            outcome = (
                (o, value(o), 1 + improper, "ICF 108", True, back)
                if striker
                else (o, value(o), improper, "ICF 105", False, back)
            )
        elif own_last:
            outcome = (
                (o, value(o), 1 + improper, "ICF 108", False, back)
                if striker
                else (o, value(o), improper, "ICF 107", False, back)
            )
        else:
            outcome = (
                (o, left_p + queen_part(o), 1 + improper, "ICF 111", False, back)
                if striker
                else (o, left_p + queen_part(o), improper, "ICF 106", False, back)
            )
    elif queen == QUEEN_ON_BOARD:  # the queen falls in this stroke
        if own_last and opp_last:
            if striker:
                outcome = (o, value(o), 1 + improper, "ICF 109", False, back)
            elif foul:
                outcome = (o, value(o), 1, "ICF 104", False, back)
            else:
                outcome = (p, value(p), 0, "ICF 104", False, covered(p))
        elif own_last:
            if striker or foul:
                return None  # 98(a)/(b), 64(b): everything comes back, the board goes on
            # 97(a): queen and own carromman together: covered, and the board is won.
            return _won(position, stroke, p, left_o, covered(p), rules)
        else:  # the queen with the opponent's last carromman: as 103/106 (as 111 with striker)
            outcome = (
                (o, left_p + queen_part(o), 1 + improper, "ICF 111", True, back)
                if striker
                else (o, left_p + queen_part(o), improper, "ICF 106", True, back)
            )
    elif queen == pending(p):  # this stroke is the cover attempt
        if own_last and opp_last:
            if striker:
                outcome = (o, value(o), 1 + improper, "ICF 109", True, back)
            elif foul:
                outcome = (o, value(o), 1, "ICF 102", False, back)
            else:
                outcome = (p, value(p), 0, "ICF 102", False, covered(p))
        elif own_last:
            if striker or foul:
                return None  # 101(a)/(b): the carrommen come back, the board goes on
            return _won(position, stroke, p, left_o, covered(p), rules)
        else:
            outcome = (
                (o, left_p + queen_part(o), 1 + improper, "ICF 111", True, back)
                if striker
                else (o, left_p + queen_part(o), improper, "ICF 103", False, back)
            )
    elif queen == covered(p):
        if own_last and opp_last:
            if striker:
                outcome = (o, 1, 1 + improper, "ICF 110", False, queen)
            elif foul:
                outcome = (o, value(o), 1, "ICF 102", True, queen)  # mirror of 102(b)
            else:
                outcome = (p, value(p), 0, "ICF 102", True, queen)  # ruling 11
        elif own_last:
            if striker or foul:
                return None  # 73, 77: the carromman and the due come back
            return _won(position, stroke, p, left_o, queen, rules)
        else:  # the opponent finishes through p's stroke; the queen is p's, so it counts nowhere
            outcome = (o, left_p, 0, "ICF 52", True, queen)
    else:  # the queen was covered by the opponent
        if own_last and opp_last:
            if striker:
                outcome = (o, rules.queen_value, 1 + improper, "ICF 112", False, queen)
            else:
                outcome = (o, rules.queen_value, improper, "ICF 112", True, queen)  # ruling 11
        elif own_last:
            if striker or foul:
                return None
            return _won(position, stroke, p, left_o, queen, rules)
        else:
            outcome = (o, left_p + queen_part(o), 0, "ICF 52", True, queen)

    winner, base, extras, law, interpretation, queen_after = outcome
    claimed = extras if stroke.extra_claimed else 0
    points = min(base + claimed, rules.board_max)
    result = BoardResult(
        winner,
        points,
        law,
        interpretation=interpretation,
        extra_points=max(0, points - base),
        termination=Termination.SPECIAL_CASE,
    )
    on_board = PerColour(0, 0).set(p, left_p).set(o, left_o)
    new = _finish(
        position,
        result,
        on_board=on_board,
        queen=queen_after,
        queen_right=position.queen_right.set(p, position.queen_right[p] or pw > 0),
    )
    notes = [
        Note(
            "board_won",
            law,
            {
                "winner": winner,
                "points": points,
                "extra_points": result.extra_points,
                "claimable": extras if not stroke.extra_claimed else 0,
                "interpretation": interpretation,
            },
        ),
        *_end_notes(position, stroke, winner, points, 0, queen_after, rules),
    ]
    return Step(new, tuple(notes))


def _end_notes(
    position: Position,
    stroke: Stroke,
    winner: str,
    points: int,
    raw: int,
    queen_after: str,
    rules: RuleSet,
) -> tuple[Note, ...]:
    """What the laws did to a won board's score beyond its own law, as notes for the words:
    the queen covered but not counted at 22 or more (ICF 54: ``queen_not_counted``), the
    score cut to the board's maximum (``raw`` points won, or extra points claimed) (ICF 55:
    ``board_max``), and outstanding dues written off with the board (ICF 55:
    ``dues_lapse``)."""
    notes: list[Note] = []
    score = int(position.scores[winner])
    if queen_after == covered(winner) and not rules.queen_counts_for(score):
        notes.append(Note("queen_not_counted", "ICF 54", {"colour": winner, "score": score}))
    if points == rules.board_max and (raw > rules.board_max or stroke.extra_claimed):
        notes.append(Note("board_max", "ICF 55", {"max": rules.board_max}))
    for colour in COLOURS:
        if owed := int(position.dues[colour]):
            notes.append(Note("dues_lapse", "ICF 55", {"colour": colour, "count": owed}))
    return tuple(notes)


def _won(
    position: Position,
    stroke: Stroke,
    winner: str,
    loser_left: int,
    queen_after: str,
    rules: RuleSet,
) -> Step:
    """ICF 52(a), 53, 54, 55: the winner scores the loser's carrommen on the board and the
    queen if he covered it himself while his game score was 21 or less; at most 12."""
    raw = loser_left
    if queen_after == covered(winner) and rules.queen_counts_for(position.scores[winner]):
        raw += rules.queen_value
    points = min(raw, rules.board_max)
    loser = other(winner)
    result = BoardResult(winner, points, "ICF 53")
    new = _finish(
        position,
        result,
        on_board=PerColour(0, 0).set(winner, 0).set(loser, loser_left),
        queen=queen_after,
        queen_right=position.queen_right.set(winner, True),
    )
    return Step(
        new,
        (
            Note(
                "board_won",
                "ICF 53",
                {
                    "winner": winner,
                    "points": points,
                    "extra_points": 0,
                    "claimable": 0,
                    "interpretation": False,
                },
            ),
            *_end_notes(position, stroke, winner, points, raw, queen_after, rules),
        ),
    )


def _stroke_in_play(
    position: Position, stroke: Stroke, rules: RuleSet, at_break: bool, explain: bool = True
) -> Step:
    """A stroke that does not end the board: turn (ICF 48), fouls (64), the striker (72–77),
    the queen (92–101), pieces off the board (65, 66)."""
    p = stroke.by
    white = p == "white"
    o = "black" if white else "white"
    pocketed_white, pocketed_black, queen_now, striker = stroke.pocketed
    on_white, on_black = position.on_board
    dues_white, dues_black = position.dues
    right_white, right_black = position.queen_right
    if white:
        pw, po, own_before, opp_before = pocketed_white, pocketed_black, on_white, on_black
        own_dues, right_before = dues_white, right_white
    else:
        pw, po, own_before, opp_before = pocketed_black, pocketed_white, on_black, on_white
        own_dues, right_before = dues_black, right_black
    all_nine = own_before == rules.carrommen_per_colour
    queen = position.queen
    covering = queen == pending(p)
    has_right = right_before or pw > 0
    owes = own_dues > 0

    returned = 0  # p's own carrommen of this stroke that come back for placing
    new_dues = 0
    queen_after = queen
    keeps_turn = False
    queen_note: tuple[str, str] | None = None  # (code, law)

    if stroke.foul is not None:
        # 64(a)/(b), 47; with the striker 98(b)-101(b) and ruling 7: everything of his comes
        # back (the queen too), one penalty, two with the striker; the turn is lost.
        returned = pw
        new_dues = rules.striker_in_foul_costs if striker else 1
        if queen_now or covering:
            queen_after = QUEEN_ON_BOARD
            queen_note = ("queen_back", "ICF 64(b)" if queen_now else "ICF 101(b)")
    elif striker:
        new_dues = 1
        if queen_now:
            if pw == 0 and (at_break or all_nine):
                queen_note = ("queen_back", "ICF 95(d)")
            elif not has_right:
                queen_note = ("queen_back", "ICF 95(a)")
            elif owes:
                returned = pw
                queen_note = ("queen_back", "ICF 95(b)")
            elif pw == 0:
                keeps_turn = True
                queen_note = ("queen_back", "ICF 99(a)")
            else:
                returned = pw
                keeps_turn = True
                queen_note = ("queen_back", "ICF 98(a)")
        elif covering:
            if pw == 0:
                queen_after = QUEEN_ON_BOARD
                queen_note = ("queen_back", "ICF 100(a)")
            else:
                returned = pw
                keeps_turn = True
                queen_note = ("cover_again", "ICF 101(a)")
        else:
            returned = pw
            keeps_turn = pw > 0
    elif queen_now:
        if not has_right:
            queen_note = ("queen_back", "ICF 95(a)")
        elif owes:
            queen_note = ("queen_back", "ICF 95(b)")
        elif pw == 0 or (pw == 1 and (at_break or all_nine)):
            queen_after = pending(p)
            keeps_turn = True
            queen_note = ("cover_due", "ICF 97(b)" if pw else "ICF 96")
        else:
            queen_after = covered(p)
            keeps_turn = True
            queen_note = ("queen_covered", "ICF 97(a)")
    elif covering:
        if pw > 0:
            queen_after = covered(p)
            keeps_turn = True
            queen_note = ("queen_covered", "ICF 97(a)")
        else:
            queen_after = QUEEN_ON_BOARD
            queen_note = ("queen_back", "ICF 96")
    else:
        keeps_turn = pw > 0

    own_after = own_before - pw + returned
    opp_after = opp_before - po
    on_board = PerColour(own_after, opp_after) if white else PerColour(opp_after, own_after)
    if new_dues:
        dues = (
            PerColour(dues_white + new_dues, dues_black)
            if white
            else PerColour(dues_white, dues_black + new_dues)
        )
    else:
        dues = position.dues
    if dues_white or dues_black or new_dues:
        on_board, dues, paid = _pay_dues(on_board, dues, rules)
        to_place = PerColour(
            paid.white + (returned if white else 0), paid.black + (0 if white else returned)
        )
    else:
        paid = ZERO
        to_place = (
            (PerColour(returned, 0) if white else PerColour(0, returned)) if returned else ZERO
        )
    on_turn = p if keeps_turn else o
    if right_before or not pw:
        queen_right = position.queen_right
    else:
        queen_right = PerColour(True, right_black) if white else PerColour(right_white, True)
    new = Position(
        on_board,
        queen_after,
        dues,
        queen_right,
        on_turn,
        True,
        0,
        position.scores,
        to_place,
        None,
    )
    if not explain:
        return Step(new, ())

    notes: list[Note] = []
    if at_break:
        notes.append(Note("break_made", "ICF 44", {"colour": p}))
    if stroke.foul is not None:
        law = "ICF 47" if stroke.foul == "break_before_play" else "ICF 64"
        notes.append(Note("foul", law, {"colour": p, "penalty": new_dues}))
    elif striker:
        law = "ICF 73" if pw else ("ICF 74" if po else "ICF 72(a)")
        notes.append(Note("striker_pocketed", law, {"colour": p}))
    if queen_note is not None:
        notes.append(Note(queen_note[0], queen_note[1], {"colour": p}))
    if stroke.off_board.carrommen or stroke.off_board.queen:
        notes.append(Note("off_board", "ICF 65"))
    returned_pc = PerColour(returned, 0) if white else PerColour(0, returned)
    notes += _due_notes(paid, dues, position.dues, returned_pc)
    notes.append(
        Note("turn_continues" if keeps_turn else "turn_passes", "ICF 48", {"colour": on_turn})
    )
    return Step(new, tuple(notes))
