"""Dues and the finished board (ICF 55, 72(b), 78(a), 83): the penalties and dues a pocketed
carromman pays, the notes saying so, and a board's finished position, with every due still
owed written off."""

from __future__ import annotations

from typing import Any

from .note import Note
from .position import ZERO, BoardResult, PerColour, Position, other
from .presets import RuleSet


def finish(position: Position, result: BoardResult, **changes: Any) -> Position:
    """The finished position: nobody on turn, outstanding dues written off (ICF 55), no break
    attempts counted (rulebook, engine details: a finished board's state)."""
    return position._replace(
        on_turn=None, dues=ZERO, to_place=ZERO, break_attempts=0, result=result, **changes
    )


def pay_dues(
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


def due_notes(
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
