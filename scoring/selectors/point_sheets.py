"""The point-carrom scoresheet's data (:class:`scoring.pdf.point_sheet.PointSheetData`) from a
match: its boards replayed by :func:`scoring.selectors.point_boards.point_boards`."""

from __future__ import annotations

from typing import Any

from scoring.models import Match
from scoring.pdf.data import SideData
from scoring.pdf.point_sheet import PointBoardRow, PointSheetData
from scoring.rules import get_rules
from scoring.selectors.point_boards import point_boards, point_game


def point_sheet_data(
    match: Match, header: dict[str, Any], players: tuple[SideData, ...], *, blank: bool
) -> PointSheetData:
    """``header``: the printed match details (tournament, event, round, table, date, umpire,
    QR, language, reference) as the colour scoresheet has them."""
    rules = get_rules(match.rules)
    sides = list(match.sides)
    common = {
        **header,
        "players": players,
        "game_points": rules.game_points,
        "board_limit": rules.late_board_limit or rules.board_limit,
    }
    first = sides.index(match.toss_winner) if match.toss_winner in sides else None
    if blank:
        return PointSheetData(blank=True, **common)
    names = {s: p.name for s, p in zip(sides, players, strict=True)}
    boards = point_boards(match, names)
    rows = []
    for board in boards:
        if (
            not board.finished
            and not board.position.break_made
            and not board.strokes
            and (board.row.last_seq == 0)
        ):
            continue  # an empty board whose events were all undone
        by = board.position.lost_by
        if board.end == "game_points":
            totals = board.position.game_scores(rules)
            by = max(sides, key=lambda s: totals[s])
        rows.append(
            PointBoardRow(
                number=board.number,
                breaker=sides.index(board.breaker) if board.breaker in sides else None,
                pieces=[board.pieces(s) for s in sides],
                queen_by=sides.index(board.queen_by) if board.queen_by in sides else None,
                points=[board.points[s] for s in sides],
                totals=[board.totals[s] for s in sides],
                end=board.end or "",
                by=sides.index(by) if by in sides else None,
                law=board.law,
            )
        )
    game = point_game(match, boards)
    return PointSheetData(
        first_breaker=first,
        boards=rows,
        scores=[game.scores[s] for s in sides] if game.finished else None,
        winner=sides.index(game.winner) if game.finished and game.winner in sides else None,
        **common,
    )
