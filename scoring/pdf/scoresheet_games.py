"""The scoresheet's games, board by board, over its static form (the variable layer of
:mod:`.scoresheet`): each board's row (who broke, the queen, carrommen, extra points, points,
the running totals, remarks with the law of a special case), void boards struck through
(IT 101), the side change (ICF 58–60), the game's score and winner, and the numbers of the
rows still to be played (the extra board's hint after the limit, ICF 56(b))."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    BOLD,
    CENTRE,
    COND,
    COND_BOLD,
    INK,
    MUTED,
    MUTED_OP,
    REGULAR,
    VOID_FILL,
    TextLayer,
    fit,
    fit_size,
    initials,
    join,
)
from .data import BoardRow, ScoresheetData
from .scoresheet_layout import (
    BOARD_W,
    BOARD_X,
    CELL_SIZE,
    CONTENT_W,
    LABEL_ROW_H,
    MARGIN_X,
    NAME_ROW_H,
    REMARKS_W,
    REMARKS_X,
    SIDE_W,
    SPANS,
    TABLE_X,
    Block,
    text_y,
)


def _cell(
    t: TextLayer,
    side: int,
    key: str,
    row_bottom: float,
    rh: float,
    text: str,
    font: str = REGULAR,
    size: float = CELL_SIZE,
    color: str = "",
) -> None:
    x, w = SPANS[(side, key)]
    size = fit_size(text, font, size, w - 1 * mm, 6.5)
    t.text(x + w / 2, text_y(row_bottom, rh, size), text, font, size, color, CENTRE)


def _board_remarks(board: BoardRow, lab: dict[str, str]) -> str:
    parts = []
    if board.extra_board:
        parts.append(lab["extra_board"])
    if board.void and board.withdrawn:
        parts.append(lab["withdrawn"].format(law=board.withdrawn))
    elif board.void:
        parts.append(lab["void"])
    if board.law:
        parts.append(board.law)
    if board.note:
        parts.append(board.note)
    if board.side_change_after:
        parts.append("⇄ " + lab["side_change"])
    return join(*parts)


def _remark(
    t: TextLayer,
    text: str,
    row_bottom: float,
    rh: float,
    font: str = COND,
    size: float = 8,
    color: str = "",
) -> None:
    room = REMARKS_W - 3 * mm
    size = fit_size(text, font, size, room, 6.5)
    t.text(
        REMARKS_X + 1.5 * mm,
        text_y(row_bottom, rh, size),
        fit(text, font, size, room),
        font,
        size,
        color,
    )


def _draw_board(
    t: TextLayer, board: BoardRow, row_bottom: float, rh: float, lab: dict[str, str]
) -> None:
    t.text(
        BOARD_X + BOARD_W / 2,
        text_y(row_bottom, rh, CELL_SIZE),
        str(board.number),
        BOLD,
        CELL_SIZE,
        align=CENTRE,
    )
    remarks = _board_remarks(board, lab)
    if remarks:
        _remark(t, remarks, row_bottom, rh, COND_BOLD if board.law else COND)
    if board.breaker is not None:
        if board.breaker_player:
            _cell(
                t,
                board.breaker,
                "col_break",
                row_bottom,
                rh,
                initials(board.breaker_player),
                COND,
                8,
            )
        else:
            _cell(t, board.breaker, "col_break", row_bottom, rh, "●", REGULAR, 7)
    if board.queen_by is not None:
        _cell(
            t,
            board.queen_by,
            "col_queen",
            row_bottom,
            rh,
            "✓" if board.queen_counted else "○",
            BOLD if board.queen_counted else REGULAR,
        )
    if board.void:
        return
    if board.winner is not None:
        w = board.winner
        _cell(t, w, "col_cm", row_bottom, rh, str(board.carrommen))
        if board.extra_points:
            _cell(t, w, "col_extra", row_bottom, rh, f"+{board.extra_points}")
        _cell(t, w, "col_points", row_bottom, rh, str(board.points), BOLD)
    for side in (0, 1):
        _cell(t, side, "col_total", row_bottom, rh, str(board.totals[side]))


def _void_underlay(c: Canvas, row_bottom: float, rh: float) -> None:
    c.setFillColor(VOID_FILL)
    c.rect(TABLE_X, row_bottom, REMARKS_X - TABLE_X, rh, stroke=0, fill=1)


def _void_strike(c: Canvas, row_bottom: float, rh: float) -> None:
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    for x0, x1 in ((TABLE_X, BOARD_X), (BOARD_X + BOARD_W, REMARKS_X)):
        c.line(x0 + 1 * mm, row_bottom + rh / 2, x1 - 1 * mm, row_bottom + rh / 2)


def draw_game_underlay(c: Canvas, block: Block, top: float, rh: float) -> None:
    """Fills that must lie under the form's grid lines (void rows)."""
    if block.game is None:
        return
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    for i, board in enumerate(block.game.boards):
        if board.void:
            _void_underlay(c, body_top - (i + 1) * rh, rh)


def draw_game(
    c: Canvas,
    t: TextLayer,
    block: Block,
    top: float,
    rh: float,
    data: ScoresheetData,
    lab: dict[str, str],
    match_over: bool,
) -> None:
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    name_y = text_y(top - NAME_ROW_H, NAME_ROW_H, 8)
    for side in (0, 1):
        x = TABLE_X if side == 0 else BOARD_X + BOARD_W
        t.text(x + 1.5 * mm, name_y, lab["side_a"] if side == 0 else lab["side_b"], BOLD, 8)
        t.text(
            x + 5 * mm, name_y, fit(data.sides[side].name, REGULAR, 8, SIDE_W - 7 * mm), REGULAR, 8
        )
    game = block.game
    final_bottom = body_top - (block.rows + 1) * rh
    played = 0
    if game is None:
        if not data.blank and match_over:
            _remark(t, lab["not_played"], final_bottom, rh, color=MUTED_OP)
        elif block.number == 3:
            _remark(t, lab["game3_hint"], final_bottom, rh, size=7, color=MUTED_OP)
    else:
        played = len(game.boards)
        for i, board in enumerate(game.boards):
            row_bottom = body_top - (i + 1) * rh
            _draw_board(t, board, row_bottom, rh, lab)
            if board.void:
                _void_strike(c, row_bottom, rh)
            if board.side_change_after and i + 1 < block.rows:
                c.setStrokeColor(ACCENT)
                c.setLineWidth(1.6)
                c.setDash(3, 1.5)
                c.line(TABLE_X, row_bottom, MARGIN_X + CONTENT_W, row_bottom)
                c.setDash()
        if game.score is not None:
            for side in (0, 1):
                _cell(t, side, "col_total", final_bottom, rh, str(game.score[side]), BOLD, 10)
        if game.winner is not None:
            text = lab["game_won_by"].format(name=data.sides[game.winner].name)
            _remark(t, text, final_bottom, rh, COND_BOLD)
            x, w = SPANS[(game.winner, "col_total")]
            c.setStrokeColor(INK)
            c.setLineWidth(0.8)
            c.roundRect(x + 1 * mm, final_bottom + 0.6 * mm, w - 2 * mm, rh - 1.2 * mm, 1 * mm)
    # board numbers of the empty rows, and the extra-board hint on the row after the limit
    for i in range(played, block.rows):
        row_bottom = body_top - (i + 1) * rh
        number = i + 1
        if game is not None and game.boards:  # continue after the last recorded number
            number = game.boards[-1].number + i + 1 - played
        t.text(
            BOARD_X + BOARD_W / 2,
            text_y(row_bottom, rh, CELL_SIZE),
            str(number),
            REGULAR,
            CELL_SIZE,
            MUTED_OP,
            CENTRE,
        )
        if data.board_limit is not None and number == data.board_limit + 1:
            _remark(t, lab["extra_board"], row_bottom, rh, size=7, color=MUTED_OP)
