"""The end of a board by a stroke (ICF 52–55, the special cases ICF 102–112, LAWS.md §3, with
the product's rulings where the laws are silent, rules/README.md ruling 11): who wins, with how
many points, and the notes of what the laws did to the score."""

from __future__ import annotations

from .dues import finish
from .events import Stroke
from .note import Note, Step
from .position import (
    COLOURS,
    QUEEN_ON_BOARD,
    BoardResult,
    PerColour,
    Position,
    Termination,
    covered,
    other,
    pending,
)
from .presets import RuleSet


def board_end(position: Position, stroke: Stroke, rules: RuleSet) -> Step | None:
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
    new = finish(
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
    new = finish(
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
