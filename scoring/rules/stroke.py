"""A stroke on a colour-game board (ICF 44–48, 64–66, 72–77, 92–101): the checks of what can
have happened, a failed break, the end of the board (:mod:`.board_end`), and a stroke that
goes on with the board: turn, fouls, the striker, the queen and the dues it pays."""

from __future__ import annotations

from .board_end import board_end
from .dues import due_notes, pay_dues
from .errors import IllegalEvent
from .events import Foul, Stroke
from .note import Note, Step
from .position import QUEEN_ON_BOARD, ZERO, PerColour, Position, covered, other, pending
from .presets import RuleSet


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


def play_stroke(position: Position, stroke: Stroke, rules: RuleSet, explain: bool = True) -> Step:
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
    ending = board_end(position, stroke, rules)
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
        on_board, dues, paid = pay_dues(on_board, dues, rules)
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
    notes += due_notes(paid, dues, position.dues, returned_pc)
    notes.append(
        Note("turn_continues" if keeps_turn else "turn_passes", "ICF 48", {"colour": on_turn})
    )
    return Step(new, tuple(notes))
