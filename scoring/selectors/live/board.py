"""A board's page: its timeline replayed from the stroke log, with the engine's rulings in
spectators' words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.models import Board, BoardEvent, Match
from scoring.records import live_events
from scoring.records.sides import by_colour, other_side
from scoring.rules import Note
from scoring.rulings import describe_event, explain
from scoring.selectors.live.common import QUEEN_LABELS, SIDES, colour_name, side_label
from scoring.stats import BoardAnalysis, analyse_board


@dataclass
class TimelineRow:
    number: int
    event: str
    notes: list[tuple[str, str]]  # (text, law)
    white: int
    black: int
    queen: str
    dues: tuple[int, int]
    on_turn: str
    ending: bool = False


@dataclass
class BoardTimeline:
    rows: list[TimelineRow]
    analysis: BoardAnalysis
    names: dict[str, str]


def _spectator_notes(notes: Sequence[Note], names: dict[str, str]) -> list[tuple[str, str]]:
    """The tablet's rulings in words (:mod:`scoring.rulings`), less what only the umpire acts
    on (who plays on, the extra points he may still claim)."""
    out = []
    for ruling in explain([n for n in notes if n.code != "turn_continues"], names):
        if ruling.code == "claimable":
            continue
        if ruling.code == "interpretation":
            out.append(
                (
                    _("The laws are silent here: this result is the adopted interpretation."),
                    ruling.law,
                )
            )
            continue
        out.append((ruling.text, ruling.law))
    return out


def colour_names(match: Match, breaker: str | None) -> dict[str, str]:
    """``{"white": "White (Asha Rao)", "black": "Black (Ben Kirk)"}`` for a board."""
    if breaker not in SIDES:
        return {"white": colour_name("white"), "black": colour_name("black")}
    other = other_side(breaker)
    return {
        "white": _("White (%(name)s)") % {"name": side_label(match, breaker)},
        "black": _("Black (%(name)s)") % {"name": side_label(match, other)},
    }


def board_timeline(
    match: Match, board: Board, events: Sequence[BoardEvent], scores: dict[str, int]
) -> BoardTimeline:
    """A board replayed from its live events: what was pocketed when, fouls, dues, and the
    ruling that ended it, with the law. ``scores`` are the game scores before the board per
    side (the 22-point rule)."""
    analysis = analyse_board(
        [e.payload for e in live_events(list(events))],
        rules=board.rules,
        scores=by_colour(scores, board.breaker, 0),
    )
    names = colour_names(match, board.breaker)
    rows = []
    for step in analysis.steps:
        position = step.position
        rows.append(
            TimelineRow(
                number=step.index,
                event=describe_event(step.event, names),
                notes=_spectator_notes(step.notes, names),
                white=position.on_board.white,
                black=position.on_board.black,
                queen=str(QUEEN_LABELS.get(position.queen, position.queen)),
                dues=(position.dues.white, position.dues.black),
                on_turn=names.get(position.on_turn or "", ""),
                ending=position.result is not None,
            )
        )
    return BoardTimeline(rows, analysis, names)
