"""A match's page (and the API's match): the match derived from the read layer
(:func:`scoring.records.match_snapshot`), its games and boards, the board in play, and one
board's interchange document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.models import Board, BoardEvent, Game, Match
from scoring.records import (
    MatchSnapshot,
    becomes_entry,
    board_log_document,
    board_numbers,
    board_state,
    match_snapshot,
)
from scoring.records.sides import other_colour, side_colours
from scoring.rules import PointGame, PointPosition, get_rules
from scoring.rules.game import BoardScore
from scoring.selectors.live.board import BoardTimeline, board_timeline, colour_names
from scoring.selectors.live.common import QUEEN_LABELS, SIDES, is_over, match_queryset, side_label


@dataclass
class BoardLine:
    """One stored board of a game as the pages and the API show it."""

    number: int  # the board's number in its game (records.board_numbers: a void board and
    # its replay carry the same number)
    row: Board
    breaker: str | None
    winner: str | None = None
    points: int = 0
    law: str = ""
    void: bool = False
    finished: bool = False
    queen: str | None = None  # side that covered the queen, where known
    carrommen: int | None = None
    extra_board: bool = False
    interpretation: bool = False
    scores_before: dict[str, int] = field(default_factory=dict)
    scores_after: dict[str, int] = field(default_factory=dict)
    points_by_side: dict[str, int] = field(default_factory=dict)  # point carrom
    point: Any = None  # point carrom: the replayed board (selectors.point_boards.PointBoard)
    breaker_name: str = ""
    winner_name: str = ""
    queen_name: str = ""

    @property
    def sequence(self) -> int:
        """The board's place among its game's stored boards, void ones included: the ``{b}``
        of the board's page and of the API's board resource."""
        return int(self.row.sequence)

    @property
    def kind(self) -> str:
        return self.row.kind

    @property
    def has_log(self) -> bool:
        return self.row.kind == Board.Kind.LOG

    @property
    def withdrawn(self) -> bool:
        """A board entered from paper and withdrawn by an undo: it never counted."""
        return self.void and self.row.kind != Board.Kind.LOG


@dataclass
class GameLine:
    number: int
    row: Game
    scores: dict[str, int]
    winner: str | None
    finished: bool
    boards: list[BoardLine]


@dataclass
class CurrentInfo:
    """The board in progress (or about to start), in words and numbers."""

    game: int
    board: int
    breaker_name: str
    white_name: str
    black_name: str
    started: bool
    white: int | None = None
    black: int | None = None
    queen: str = ""
    on_turn: str = ""
    dues_white: int = 0
    dues_black: int = 0
    change_sides: bool = False
    extra_board: bool = False
    points: list[tuple[str, int]] = field(default_factory=list)  # point carrom: held points


@dataclass
class MatchView:
    """A match with everything the match page, the overlay and the API show."""

    match: Match
    snapshot: MatchSnapshot
    games: list[GameLine]
    timeline: BoardTimeline | None = None  # the board in progress
    info: CurrentInfo | None = None

    @property
    def names(self) -> dict[str, str]:
        return {s: side_label(self.match, s) for s in self.match.sides}

    @property
    def current(self) -> Any:
        return self.snapshot.current

    @property
    def games_won(self) -> dict[str, int]:
        state = self.snapshot.state
        if state is not None and hasattr(state, "games_won"):
            return dict(state.games_won)
        return {s: int((self.match.games_won or {}).get(s, 0)) for s in self.match.sides}

    @property
    def point_current(self) -> Any:
        """Point carrom: the board in progress, replayed (``None`` if none is)."""
        if not (self.snapshot.variant.points_by_player and self.games and self.games[-1].boards):
            return None
        line = self.games[-1].boards[-1]
        return line.point if line.point is not None and not line.finished else None

    @property
    def current_game(self) -> GameLine | None:
        return self.games[-1] if self.games else None

    @property
    def scores(self) -> dict[str, int]:
        """Points of the game being played (or of the last game)."""
        current = self.snapshot.current
        state = self.snapshot.state
        if current is not None and state is not None and hasattr(state, "games"):
            if current.game_number <= len(state.games):
                return dict(state.games[current.game_number - 1].scores)
            return dict.fromkeys(self.match.sides, 0)
        game = self.current_game
        return dict(game.scores) if game else dict.fromkeys(self.match.sides, 0)

    @property
    def over(self) -> bool:
        return is_over(self.match)

    @property
    def winner_name(self) -> str:
        return side_label(self.match, self.match.winner_side or None)

    def name(self, side: str) -> str:
        return side_label(self.match, side)


def _counted_rows(rows: list[Board], current_events: list[BoardEvent] | None) -> list[Board]:
    """The stored boards that became game entries (:func:`becomes_entry`)."""
    return [b for b in rows if becomes_entry(b, current_events)]


def _board_line(score: BoardScore, row: Board, before: dict[str, int], number: int) -> BoardLine:
    line = BoardLine(
        number=number,
        row=row,
        breaker=score.breaker,
        winner=None if score.void else score.winner,
        points=0 if score.void else score.points,
        law=score.law or "",
        void=score.void,
        finished=True,
        queen=score.queen,
        carrommen=score.carrommen,
        extra_board=score.extra_board,
        interpretation=score.interpretation,
        scores_before=dict(before),
        scores_after=dict(score.scores_after or before),
    )
    if row.kind == Board.Kind.LOG and row.finished and not score.void:
        line.law = row.result_law or line.law
        line.queen = line.queen or row.result_queen or None
        line.carrommen = row.result_carrommen if line.carrommen is None else line.carrommen
        line.interpretation = line.interpretation or row.result_interpretation
    elif row.kind == Board.Kind.AWARD:
        line.law = row.award_law or line.law
    return line


def _game_lines(snapshot: MatchSnapshot, strokes: bool = False) -> list[GameLine]:
    state = snapshot.state
    current = snapshot.current
    lines: list[GameLine] = []
    if state is None:
        return lines
    if isinstance(state, PointGame):  # point carrom: one game, points per player per board
        from scoring.selectors.point_boards import point_boards

        match = snapshot.match
        names = {s: side_label(match, s) for s in match.sides}
        for game in snapshot.games:
            boards = []
            for point in point_boards(
                match, names, strokes=strokes, boards=snapshot.boards.get(game.pk, [])
            ):
                boards.append(
                    BoardLine(
                        number=point.number,
                        row=point.row,
                        breaker=point.breaker,
                        finished=point.finished,
                        void=point.void,
                        law=point.law,
                        queen=point.queen_by,
                        interpretation=point.interpretation,
                        winner=point.top_scorer if point.finished else None,
                        scores_before=dict(point.scores_before),
                        scores_after=point.totals if point.finished else dict(point.scores_before),
                        points_by_side=point.points if point.finished and not point.void else {},
                        point=point,
                    )
                )
            lines.append(
                GameLine(
                    game.number, game, dict(state.scores), state.winner, state.finished, boards
                )
            )
        return lines
    for game, game_state in zip(snapshot.games, state.games, strict=False):
        rows = snapshot.boards.get(game.pk, [])
        in_progress = (
            current is not None and current.board is not None and current.board.game_id == game.pk
        )
        counted = _counted_rows(
            rows, current.events if in_progress and current is not None else None
        )
        numbers = board_numbers(rows)
        boards = []
        before = dict.fromkeys(SIDES, 0)
        scores_iter = iter(game_state.boards)
        for row in counted:
            if row.kind == Board.Kind.LOG and not row.finished and not row.void:
                boards.append(
                    BoardLine(
                        number=numbers[row.sequence],
                        row=row,
                        breaker=row.breaker,
                        scores_before=dict(before),
                        scores_after=dict(before),
                    )
                )
                continue
            score = next(scores_iter, None)
            if score is None:  # pragma: no cover - the caches and the log disagree
                break
            line = _board_line(score, row, before, numbers[row.sequence])
            boards.append(line)
            if not score.void:
                before = dict(line.scores_after)
        lines.append(
            GameLine(
                game.number,
                game,
                dict(game_state.scores),
                game_state.winner,
                game_state.finished,
                boards,
            )
        )
    return lines


def match_view(
    match: Match, *, timeline: bool = True, point_strokes: bool | None = None
) -> MatchView:
    """Derive the match (three queries: games, boards, the current board's events) and, with
    ``timeline``, replay the board in progress. Point carrom replays every board; with
    ``point_strokes`` (default: ``timeline``) it keeps each board's strokes."""
    snapshot = match_snapshot(match)
    strokes = timeline if point_strokes is None else point_strokes
    view = MatchView(match, snapshot, _game_lines(snapshot, strokes=strokes))
    names = view.names
    for game in view.games:
        for line in game.boards:
            line.breaker_name = names.get(line.breaker or "", "")
            line.winner_name = names.get(line.winner or "", "")
            line.queen_name = names.get(line.queen or "", "")
    view.info = _current_info(view)
    current = snapshot.current
    if (
        timeline
        and current is not None
        and current.board is not None
        and snapshot.variant.stroke_stats
    ):
        scores = view.scores
        view.timeline = board_timeline(match, current.board, current.events, scores)
    return view


def _current_info(view: MatchView) -> CurrentInfo | None:
    current = view.snapshot.current
    if current is None:
        return None
    match = view.match
    colours = colour_names(match, current.breaker)
    info = CurrentInfo(
        game=current.game_number,
        board=current.board_number,
        breaker_name=side_label(match, current.breaker) if current.breaker else "",
        white_name=colours["white"],
        black_name=colours["black"],
        started=current.board is not None,
        change_sides=current.change_sides,
        extra_board=current.extra_board,
    )
    position = current.position
    if position is None:
        return info
    if isinstance(position, PointPosition):  # the point carrom game's (Variant.points_by_player)
        names = view.names
        rules = get_rules(match.rules)
        info.points = [(names.get(p, p), v) for p, v in position.points(rules).items()]
        info.white, info.black = position.on_board.white, position.on_board.black
        if not position.finished:
            info.on_turn = names.get(position.players[position.on_turn], "")
        return info
    info.white, info.black = position.on_board.white, position.on_board.black
    info.queen = str(QUEEN_LABELS.get(position.queen, position.queen))
    info.on_turn = colours.get(position.on_turn or "", "") if current.board else ""
    info.dues_white, info.dues_black = position.dues.white, position.dues.black
    return info


def get_match(slug: str, match_id: int) -> Match:
    """:raises Match.DoesNotExist:"""
    return match_queryset().get(pk=match_id, event__tournament__slug=slug)


def find_board(view: MatchView, game_number: int, sequence: int) -> BoardLine | None:
    """The board at ``sequence`` of game ``game_number`` (the ``{b}`` of its page and of the
    API: its place among the stored boards, void ones included; its shown number may be
    shared with a void board it replays)."""
    for game in view.games:
        if game.number == game_number:
            for line in game.boards:
                if line.sequence == sequence:
                    return line
    return None


def board_document(view: MatchView, line: BoardLine) -> dict[str, Any]:
    """``{"log": carrom-board/1 or None, "state": carrom-board-state/1}`` of one board: the
    log with the scores before the board, and the engine's answer for it. A board entered
    as a summary or award has no log; its state is made from the entry (pieces not known
    are ``null``)."""
    row = line.row
    if row.kind == Board.Kind.LOG:
        events = board_events(row)
        scores = dict(line.scores_before)
        log = board_log_document(row, events, match=view.match, scores=scores)
        state = board_state(row, events, scores, sides=view.match.sides)
        return {"log": log, "state": state}
    colour = side_colours(row.breaker)
    winner = colour.get(line.winner or "")
    loser = other_colour(winner)
    on_board: dict[str, int | None] = {"white": None, "black": None}
    queen: str | None = None
    if row.kind == Board.Kind.SUMMARY and winner:
        on_board = {winner: 0, loser: line.carrommen}
        queen = f"covered:{colour[line.queen]}" if line.queen in colour else None
    state = {
        "format": "carrom-board-state/1",
        "on_board": on_board,
        "queen": queen,
        "dues": {"white": 0, "black": 0},
        "queen_right": {"white": None, "black": None},
        "on_turn": None,
        "break_made": True,
        "break_attempts": 0,
        "finished": True,
        "result": {
            "winner": winner,
            "points": line.points,
            "law": line.law,
            "interpretation": False,
        },
        "entered_as": row.kind,
    }
    return {"log": None, "state": state}


def board_events(board: Board) -> list[BoardEvent]:
    return list(board.events.order_by("seq"))
