"""The colour game (ICF and its presets) as a :class:`~.variant_base.Variant`: two sides, the
breaker white (ICF 43)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .board import Note, step
from .errors import InvalidDocument, InvalidEvent
from .events import Event, parse_event
from .game import AwardEntry, BoardEntry, VoidEntry, derive_game
from .notation import from_notation, to_notation
from .outcome import BoardOutcome, GameOutcome, PadKind, SheetKind
from .point import PointPosition, PointRuling, PointStroke, PointTechnicalFoul
from .position import BLACK, COLOURS, COVERED, WHITE, Colour, PerColour, Position, Termination
from .variant_base import BoardEvent, Played, Variant, VariantBoard, board_players


class ColourGame(Variant):
    """The colour game (ICF and its presets): two sides, the breaker white (ICF 43)."""

    has_colours = True
    sheet_kind = SheetKind.COLOURS
    pad_kind = PadKind.COLOURS
    event_kinds = frozenset({"singles", "doubles", "teams"})
    brief_notes = True

    @property
    def board_total(self) -> int:
        return self.rules.board_max

    def strikers(self, players: tuple[str, ...]) -> tuple[str, ...]:
        return (WHITE, BLACK)

    def log_fields(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None
    ) -> dict[str, Any]:
        if scores is None or breaker not in sides:
            return {}
        white, black = self.seating(sides, breaker)
        return {"scores": {WHITE: scores.get(white, 0), BLACK: scores.get(black, 0)}}

    def player_of(self, players: tuple[str, ...], by: str) -> str:
        if by not in COLOURS:
            raise InvalidDocument("bad_colour", f"{by!r} is not a colour")
        return players[0] if by == WHITE else players[1]

    def colour_of(self, players: tuple[str, ...], player: str) -> Colour:
        """The colour a player holds on this board (the breaker white)."""
        return WHITE if player == players[0] else BLACK

    def start(
        self, players: Iterable[str], *, scores: Mapping[str, int] | None = None, start: Any = None
    ) -> VariantBoard:
        names = board_players(players, 2)
        scores = scores or {}
        per_colour = PerColour(int(scores.get(names[0], 0)), int(scores.get(names[1], 0)))
        if start is None:
            position = Position(scores=per_colour)
        elif isinstance(start, Position):
            position = start._replace(scores=per_colour)
        else:
            raise InvalidDocument("bad_start", "start must be a Position")
        return VariantBoard(self, names, position)

    def parse_event(self, data: Any) -> Event:
        return parse_event(data)

    def to_notation(self, event: BoardEvent) -> str:
        return to_notation(colour_event(event))

    def from_notation(self, text: str) -> Event:
        return from_notation(text)

    def game(
        self,
        sides: Sequence[str],
        boards: Iterable[BoardOutcome],
        *,
        first_breaker: str | None = None,
        stage: str = "early",
        time_up: bool = False,
    ) -> GameOutcome:
        pair = board_players(sides, 2)
        entries: list[BoardEntry] = []
        for board in boards:
            if not board.finished:
                continue
            if board.void or board.winner is None:
                entries.append(VoidEntry(board.players[0]))
            else:
                entries.append(
                    AwardEntry(board.winner, board.credited, board.law or None, board.players[0])
                )
        state = derive_game(
            entries,
            players=(pair[0], pair[1]),
            first_breaker=first_breaker or pair[0],
            rules=self.rules,
            stage=stage,
            time_up=time_up,
        )
        return GameOutcome.of(pair, state)

    @staticmethod
    def _position(board: VariantBoard) -> Position:
        if not isinstance(board.position, Position):
            raise TypeError("not a colour-game board")
        return board.position

    def apply(self, board: VariantBoard, event: BoardEvent) -> Played:
        after, notes = step(self._position(board), colour_event(event), self.rules)
        return Played(VariantBoard(self, board.players, after), notes)

    def step(
        self, position: Position | PointPosition, event: BoardEvent, *, explain: bool = True
    ) -> tuple[Position, tuple[Note, ...]]:
        if not isinstance(position, Position):
            raise TypeError("not a colour-game position")
        after, notes = step(position, colour_event(event), self.rules, explain=explain)
        return after, notes

    def on_turn(self, board: VariantBoard) -> str | None:
        position = self._position(board)
        if position.finished or position.on_turn is None:
            return None
        return self.player_of(board.players, position.on_turn)

    def outcome(self, board: VariantBoard) -> BoardOutcome:
        position = self._position(board)
        players = board.players
        holder = position.queen_holder
        queen_by = (
            self.player_of(players, holder)
            if holder is not None and position.queen.startswith(COVERED)
            else None
        )
        result = position.result
        if result is None or result.void:
            return BoardOutcome(
                players,
                result is not None,
                dict.fromkeys(players, 0),
                None,
                0,
                position.queen,
                queen_by,
                None if result is None else Termination.VOID,
                "" if result is None else "IT 101",
            )
        assert result.winner is not None
        winner = self.player_of(players, result.winner)
        loser_colour = BLACK if result.winner == WHITE else WHITE
        points = dict.fromkeys(players, 0)
        points[winner] = result.points
        lost_by = (
            self.player_of(players, loser_colour)
            if result.termination is Termination.BOARD_LOSS
            else None
        )
        return BoardOutcome(
            players,
            True,
            points,
            winner,
            result.points,
            position.queen,
            queen_by,
            result.termination,
            result.law,
            result.interpretation,
            result.extra_points,
            lost_by,
            position.on_board[loser_colour],
        )

    def state_of(self, position: Position | PointPosition) -> dict[str, Any]:
        if not isinstance(position, Position):
            raise TypeError("not a colour-game position")
        return position.to_state()


def colour_event(event: BoardEvent) -> Event:
    if isinstance(event, PointStroke | PointRuling | PointTechnicalFoul):
        raise InvalidEvent("wrong_variant", "a point-carrom event on a colour-game board")
    return event
