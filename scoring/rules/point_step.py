"""Point carrom's laws, one event at a time (seed 003 and the ICF laws that carry over, see
:mod:`.point`): :func:`step_point` gives the position after an event with notes citing the law
(a stroke: break, turn, queen, fouls, dues; a technical foul, a board loss, an umpire ruling, a
void); :func:`replay_point` folds it over a board's log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .errors import IllegalEvent, RulesError
from .events import BoardLoss, Void
from .note import Note
from .point_events import (
    PointEvent,
    PointRuling,
    PointStroke,
    PointTechnicalFoul,
    parse_point_event,
)
from .point_position import (
    END_BOARD_LOSS,
    END_CARROMMEN,
    END_GAME_POINTS,
    END_LAWS,
    END_RULING,
    END_VOID,
    ON_BOARD,
    PointPosition,
    PointStep,
    board_total,
    opening,
)
from .position import BLACK, WHITE, PerColour, Termination
from .presets import POINT_CARROM, RuleSet


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
