"""Three-player point carrom (:mod:`.point`, seed 003) as a :class:`~.variant_base.Variant`:
nobody owns a colour, each pocketed piece scores for the player who pocketed it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .board import Note
from .errors import InvalidDocument, InvalidEvent
from .events import BoardLoss, Void
from .game import VoidEntry
from .notation import from_point_notation, to_point_notation
from .outcome import BoardOutcome, GameOutcome, PadKind, SheetKind
from .point import (
    END_LAWS,
    PointAwardEntry,
    PointEntry,
    PointEvent,
    PointPosition,
    PointRuling,
    PointStroke,
    PointTechnicalFoul,
    board_total,
    derive_point_games,
    opening,
    parse_point_event,
    step_point,
)
from .position import COVERED, Position, Termination
from .variant_base import BoardEvent, Played, Variant, VariantBoard, board_players


class PointCarrom(Variant):
    """Three-player point carrom (:mod:`.point`): nobody owns a colour, each pocketed piece
    scores for the player who pocketed it."""

    has_colours = False
    sheet_kind = SheetKind.POINTS
    pad_kind = PadKind.POINTS
    event_kinds = frozenset({"points"})

    @property
    def board_total(self) -> int:
        return board_total(self.rules)

    def strikers(self, players: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(players)

    def log_fields(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None
    ) -> dict[str, Any]:
        fields: dict[str, Any] = {"players": list(self.seating(sides, breaker))}
        if scores and any(scores.values()):
            fields["scores"] = dict(scores)
        return fields

    def player_of(self, players: tuple[str, ...], by: str) -> str:
        if by not in players:
            raise InvalidDocument("unknown_player", f"{by!r} does not play on this board")
        return by

    def start(
        self, players: Iterable[str], *, scores: Mapping[str, int] | None = None, start: Any = None
    ) -> VariantBoard:
        if start is not None:
            raise InvalidDocument("bad_start", "point carrom boards start from the opening")
        names = board_players(players, None)
        return VariantBoard(self, names, opening(names, None, dict(scores or {})))

    def parse_event(self, data: Any) -> PointEvent:
        return parse_point_event(data)

    def to_notation(self, event: BoardEvent) -> str:
        return to_point_notation(point_event(event))

    def from_notation(self, text: str) -> PointEvent:
        return from_point_notation(text)

    def game(
        self,
        sides: Sequence[str],
        boards: Iterable[BoardOutcome],
        *,
        first_breaker: str | None = None,
        stage: str = "early",
        time_up: bool = False,
    ) -> GameOutcome:
        names = board_players(sides, None)
        entries: list[PointEntry] = []
        for board in boards:
            if not board.finished:
                continue
            breaker = board.players[0] if board.players and board.players[0] in names else None
            if board.void:
                entries.append(VoidEntry(breaker))
            else:
                entries.append(PointAwardEntry(tuple(board.points.items()), breaker))
        state = derive_point_games(
            entries, names, self.rules, first_breaker, stage=stage, time_up=time_up
        )
        return GameOutcome.of(names, state)

    @staticmethod
    def _position(board: VariantBoard) -> PointPosition:
        if not isinstance(board.position, PointPosition):
            raise TypeError("not a point-carrom board")
        return board.position

    def apply(self, board: VariantBoard, event: BoardEvent) -> Played:
        after, notes = step_point(self._position(board), point_event(event), self.rules)
        return Played(VariantBoard(self, board.players, after), notes)

    def step(
        self, position: Position | PointPosition, event: BoardEvent, *, explain: bool = True
    ) -> tuple[PointPosition, tuple[Note, ...]]:
        if not isinstance(position, PointPosition):
            raise TypeError("not a point-carrom position")
        after, notes = step_point(position, point_event(event), self.rules)
        return after, notes

    def on_turn(self, board: VariantBoard) -> str | None:
        position = self._position(board)
        if position.finished:
            return None
        return board.players[position.on_turn]

    def outcome(self, board: VariantBoard) -> BoardOutcome:
        position = self._position(board)
        players = board.players
        points = position.points(self.rules)
        top = position.top_scorer(self.rules) if position.finished else None
        queen_by = position.queen.split(":", 1)[1] if position.queen.startswith(COVERED) else None
        end = position.end
        law = (position.law or (END_LAWS[end] if end else "")) if position.finished else ""
        return BoardOutcome(
            players,
            position.finished,
            points,
            top,
            points[top] if top else 0,
            position.queen,
            queen_by,
            end,
            law,
            interpretation=end in (Termination.GAME_POINTS, Termination.BOARD_LOSS),
            lost_by=position.lost_by,
            pieces=dict(zip(players, position.held, strict=True)),
        )

    def state_of(self, position: Position | PointPosition) -> dict[str, Any]:
        if not isinstance(position, PointPosition):
            raise TypeError("not a point-carrom position")
        return position.to_state(self.rules)


def point_event(event: BoardEvent) -> PointEvent:
    if isinstance(event, PointStroke | PointRuling | BoardLoss | Void | PointTechnicalFoul):
        return event
    raise InvalidEvent("wrong_variant", "a colour-game event on a point-carrom board")
