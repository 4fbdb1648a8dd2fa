"""Point carrom's boards as the pages, the API and the scoresheet read them.

One replay of each stored board through the engine (:func:`scoring.rules.point.step_point`),
with the game scores before it, gives every board's per-player points, pieces, queen, end and
running totals, and (``strokes=True``) its strokes with what each scored and the engine's
notes. Two queries for a whole match: its boards and their events.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from scoring.models import Board, BoardEvent, Match
from scoring.point_words import describe_point_event, end_text, notes_text
from scoring.records import (
    board_numbers,
    board_steps,
    live_events,
    opening_of,
    point_first_breaker,
)
from scoring.rules import get_rules
from scoring.rules.point import (
    END_LAWS,
    PointPosition,
    derive_point_game,
)

INTERPRETED_ENDS = {"game_points", "board_loss"}


@dataclass
class PointStrokeRow:
    """One recorded event of a point board: who, what, the points it moved, the notes."""

    number: int
    seq: int
    side: str | None
    player: str
    event: str
    gained: int  # the striker's points after minus before (negative after a foul)
    notes: list[tuple[str, str]]
    points_after: dict[str, int]
    ending: bool = False


@dataclass
class PointBoard:
    """A stored point-carrom board, replayed."""

    number: int
    row: Board
    breaker: str | None
    position: PointPosition
    scores_before: dict[str, int]
    names: dict[str, str]
    strokes: list[PointStrokeRow] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.position.finished

    @property
    def void(self) -> bool:
        return self.position.void

    @property
    def end(self) -> str | None:
        return self.position.end

    @property
    def end_text(self) -> str:
        return end_text(self.end)

    @property
    def law(self) -> str:
        laws = cast("dict[str, str]", END_LAWS)  # keyed by the ends' (string) values
        return self.position.law or laws.get(self.end or "", "") if self.finished else ""

    @property
    def interpretation(self) -> bool:
        return self.end in INTERPRETED_ENDS

    @property
    def points(self) -> dict[str, int]:
        return self.position.points(get_rules(self.row.rules))

    @property
    def totals(self) -> dict[str, int]:
        """Each side's game score after the board, capped at the game points."""
        rules = get_rules(self.row.rules)
        return {
            s: min(self.scores_before.get(s, 0) + v, rules.game_points)
            for s, v in self.points.items()
        }

    @property
    def top_scorer(self) -> str | None:
        return self.position.top_scorer(get_rules(self.row.rules))

    @property
    def queen_by(self) -> str | None:
        queen = self.position.queen
        return queen.split(":", 1)[1] if queen.startswith("covered:") else None

    def pieces(self, side: str) -> tuple[int, int]:
        """``(white, black)`` the side holds (at the board's end, or now)."""
        held = self.position.held[self.position.index(side)]
        return held.white, held.black

    @property
    def cells(self) -> list[dict[str, Any]]:
        """:meth:`rows` in the match's order of players."""
        return self.rows(list(self.names))

    @property
    def breaker_name(self) -> str:
        return self.names.get(self.breaker or "", "")

    @property
    def top_scorer_name(self) -> str:
        return self.names.get(self.top_scorer or "", "")

    @property
    def queen_name(self) -> str:
        return self.names.get(self.queen_by or "", "")

    @property
    def on_turn_name(self) -> str:
        if self.finished:
            return ""
        return self.names.get(self.position.players[self.position.on_turn], "")

    @property
    def lost_by_name(self) -> str:
        return self.names.get(self.position.lost_by or "", "")

    def rows(self, sides: Sequence[str]) -> list[dict[str, Any]]:
        """Per side, in match order: name, pieces, points, total (for the tables)."""
        points, totals = self.points, self.totals
        return [
            {
                "side": s,
                "name": self.names.get(s, s),
                "white": self.pieces(s)[0],
                "black": self.pieces(s)[1],
                "queen": self.queen_by == s,
                "points": points.get(s, 0),
                "total": totals.get(s, 0),
                "before": self.scores_before.get(s, 0),
                "top": self.top_scorer == s,
            }
            for s in sides
        ]


def _events_by_board(boards: Sequence[Board]) -> dict[int, list[BoardEvent]]:
    events: dict[int, list[BoardEvent]] = defaultdict(list)
    for event in BoardEvent.objects.filter(board_id__in=[b.pk for b in boards]).order_by(
        "board_id", "seq"
    ):
        events[event.board_id].append(event)
    return events


def point_boards(
    match: Match,
    names: dict[str, str],
    *,
    strokes: bool = False,
    boards: Iterable[Board] | None = None,
) -> list[PointBoard]:
    """Every stored board of a point-carrom match, in order, replayed."""
    rules = get_rules(match.rules)
    sides = tuple(match.sides)
    rows = (
        list(boards)
        if boards is not None
        else list(Board.objects.filter(game__match=match).order_by("game__number", "sequence"))
    )
    events = _events_by_board(rows)
    out: list[PointBoard] = []
    counted: list[dict[str, int]] = []
    numbers = board_numbers(rows)  # one game: the one numbering (a replay shares its number)
    for row in rows:
        number = numbers[row.sequence]
        before = dict(derive_point_game(counted, sides, rules, point_first_breaker(match)).scores)
        position = cast(PointPosition, opening_of(row, before, sides))  # a point-carrom board
        board = PointBoard(number, row, row.breaker, position, before, names)
        rules_of_board = get_rules(row.rules)
        for index, done in enumerate(
            board_steps(row, live_events(events.get(row.pk, [])), before, sides=sides),
            start=1,
        ):
            payload = done.row.payload
            by = payload.get("by")
            position = cast(PointPosition, done.after)
            if strokes:
                was = (
                    cast(PointPosition, done.before).points(rules_of_board).get(by, 0)
                    if by in sides
                    else 0
                )
                now = position.points(rules_of_board)
                board.strokes.append(
                    PointStrokeRow(
                        index,
                        done.row.seq,
                        by,
                        names.get(by or "", ""),
                        describe_point_event(payload, names),
                        now.get(by, 0) - was if by in sides else 0,
                        notes_text(done.notes, names),
                        now,
                        position.finished,
                    )
                )
        board.position = position
        if position.finished and not position.void:
            counted.append(position.points(rules_of_board))
        out.append(board)
    return out


def point_game(match: Match, boards: Sequence[PointBoard]) -> Any:
    """The game those boards make (:func:`scoring.rules.point.derive_point_game`)."""
    rules = get_rules(match.rules)
    counted = [b.points for b in boards if b.finished and not b.void]
    return derive_point_game(counted, tuple(match.sides), rules, point_first_breaker(match))
