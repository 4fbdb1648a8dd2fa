"""The point-carrom scoresheet (three players, seed 003; A4 portrait, one match a page).

Layout::

    Board | Brk ‖ player 1: W | B | Q | Pts | Total ‖ player 2: … ‖ player 3: … ‖ Remarks

Per board: who broke, each player's pocketed pieces at the board's end (W white = 2, B black
= 1), the queen (✓ in the column of the player who covered it, 5), the board's points and the
running game score of each player; the remarks say how the board ended (all carrommen, 25
reached, board loss, umpire ruling, void). Below: the game's end and winner and one signature
line per player plus the umpire's. The blank version prints the names, the table and the QR
code and leaves the grid empty (8 boards + 2 extra rows).

Pure: the data are the plain dataclasses below, built by :mod:`scoring.selectors.sheets`.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    BOLD,
    COND,
    COND_BOLD,
    GRID,
    INK,
    MUTED,
    REGULAR,
    RULE,
    TINT,
    VOID_FILL,
    WHITE,
    draw_footer,
    draw_qr,
    fit,
    format_date,
    join,
    new_canvas,
    wrap,
)
from .data import Language, SideData
from .labels import labels_for, point_labels

PAGE_W, PAGE_H = A4
MARGIN_X = 12 * mm
CONTENT_W = PAGE_W - 2 * MARGIN_X
BLANK_ROWS = 10  # 8 boards + two rows for extra boards


@dataclass(frozen=True, slots=True)
class PointBoardRow:
    """One point-carrom board. Players are addressed by their index in
    :attr:`PointSheetData.players` (turn order of board 1).

    :param pieces: per player ``(white, black)`` pocketed at the board's end.
    :param queen_by: the player who covered the queen, ``None`` if nobody did.
    :param points: per player, the points of the board (what the engine scored).
    :param totals: per player, the game score after the board (capped).
    :param end: how it ended: ``carrommen``, ``game_points``, ``board_loss``,
        ``umpire_ruling``, ``void``, or ``""`` while it is played.
    :param by: the player the end names (who reached the points, who lost the board).
    """

    number: int
    breaker: int | None = None
    pieces: Sequence[tuple[int, int]] = ()
    queen_by: int | None = None
    points: Sequence[int] = ()
    totals: Sequence[int] = ()
    end: str = ""
    by: int | None = None
    law: str = ""


@dataclass(frozen=True, slots=True)
class PointSheetData:
    """Everything printed on one point-carrom scoresheet."""

    tournament: str
    event: str
    round_name: str
    match_number: str
    table: str
    players: tuple[SideData, ...]
    date: datetime.date | None = None
    umpire: str = ""
    first_breaker: int | None = None
    boards: Sequence[PointBoardRow] = ()
    scores: Sequence[int] | None = None  # final game score; None while running
    winner: int | None = None
    qr_url: str = ""
    blank: bool = False
    language: Language = "en"
    game_points: int = 25
    board_limit: int = 8
    reference: str = ""


# geometry of the grid
BOARD_W = 11 * mm
BREAK_W = 11 * mm
PLAYER_COLS: tuple[tuple[str, float], ...] = (
    ("col_white", 7 * mm),
    ("col_black", 7 * mm),
    ("col_queen", 6 * mm),
    ("col_points", 9 * mm),
    ("col_total", 11 * mm),
)
PLAYER_W = sum(w for _, w in PLAYER_COLS)
REMARKS_W = CONTENT_W - BOARD_W - BREAK_W - 3 * PLAYER_W
ROW_H = 7.5 * mm


def _centre(
    c: Canvas, text: str, x: float, w: float, y: float, font: str, size: float, color: Color = INK
) -> None:
    c.setFont(font, size)
    c.setFillColor(color)
    c.drawCentredString(x + w / 2, y, fit(text, font, size, w - 1 * mm))


def _left(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    font: str,
    size: float,
    width: float,
    color: Color = INK,
) -> None:
    c.setFont(font, size)
    c.setFillColor(color)
    c.drawString(x, y, fit(text, font, size, width))


def _header(c: Canvas, data: PointSheetData, lab: dict[str, str], top: float) -> float:
    qr = 24 * mm
    _left(c, lab["title"], MARGIN_X, top - 6 * mm, BOLD, 14, CONTENT_W - qr - 4 * mm, ACCENT)
    if data.blank:
        _left(c, lab["blank"], MARGIN_X, top - 11 * mm, REGULAR, 9, 80 * mm, MUTED)
    if data.qr_url:
        draw_qr(c, data.qr_url, PAGE_W - MARGIN_X - qr, top - qr, qr)
        c.setFont(REGULAR, 5.5)
        c.setFillColor(MUTED)
        caption = labels_for(data.language)["qr_caption"]  # the one caption of a sheet's QR
        for n, line in enumerate(wrap(caption, REGULAR, 5.5, qr + 6 * mm)[:3]):
            c.drawRightString(PAGE_W - MARGIN_X, top - qr - (2.5 + 2.3 * n) * mm, line)
    fields = [
        ("tournament", data.tournament),
        ("event", data.event),
        ("round", data.round_name),
        ("match", data.match_number),
        ("table", data.table),
        ("date", format_date(data.date, data.language)),
        ("umpire", data.umpire),
    ]
    y = top - 17 * mm
    col_w = (CONTENT_W - qr - 6 * mm) / 2
    for i, (key, value) in enumerate(fields):
        x = MARGIN_X + (i % 2) * col_w
        row_y = y - (i // 2) * 5 * mm
        _left(c, lab[key], x, row_y, REGULAR, 7, 22 * mm, MUTED)
        _left(c, value, x + 22 * mm, row_y, BOLD, 9, col_w - 24 * mm)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(x + 22 * mm, row_y - 1.2 * mm, x + col_w - 2 * mm, row_y - 1.2 * mm)
    return y - 4 * 5 * mm


def _players(c: Canvas, data: PointSheetData, lab: dict[str, str], top: float) -> float:
    _left(c, lab["players"], MARGIN_X, top - 4 * mm, BOLD, 8, CONTENT_W, ACCENT)
    box_w = CONTENT_W / 3
    for i, side in enumerate(data.players):
        x = MARGIN_X + i * box_w
        c.setFillColor(TINT)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        c.rect(x + 0.5 * mm, top - 20 * mm, box_w - 1 * mm, 14 * mm, fill=1, stroke=1)
        _left(c, f"{chr(65 + i)}", x + 2 * mm, top - 11.5 * mm, BOLD, 11, 6 * mm, ACCENT)
        _left(c, side.name, x + 8 * mm, top - 11.5 * mm, BOLD, 10, box_w - 10 * mm)
        if side.club:
            _left(c, side.club, x + 8 * mm, top - 15 * mm, REGULAR, 7, box_w - 10 * mm, MUTED)
        # the lot: a box to tick for the first breaker
        bx, by = x + 2 * mm, top - 19 * mm
        c.setFillColor(WHITE)
        c.rect(bx, by, 3 * mm, 3 * mm, fill=1, stroke=1)
        if data.first_breaker == i:
            c.setFont(BOLD, 9)
            c.setFillColor(INK)
            c.drawString(bx + 0.4 * mm, by + 0.5 * mm, "✕")
        _left(
            c,
            lab["first_breaker"],
            bx + 4.5 * mm,
            by + 0.6 * mm,
            REGULAR,
            6.5,
            box_w - 9 * mm,
            MUTED,
        )
    return top - 23 * mm


def _grid(c: Canvas, data: PointSheetData, lab: dict[str, str], top: float) -> float:
    rows = max(BLANK_ROWS, len(data.boards) + (0 if data.blank or data.scores else 1))
    name_h, label_h = 5.5 * mm, 5 * mm
    y = top
    # player name band over each player's columns
    x = MARGIN_X + BOARD_W + BREAK_W
    for i, side in enumerate(data.players):
        c.setFillColor(ACCENT)
        c.rect(x, y - name_h, PLAYER_W, name_h, fill=1, stroke=0)
        _centre(
            c,
            f"{chr(65 + i)} · {side.name}",
            x,
            PLAYER_W,
            y - name_h + 1.6 * mm,
            COND_BOLD,
            8,
            WHITE,
        )
        x += PLAYER_W
    y -= name_h
    # column labels
    c.setFillColor(TINT)
    c.rect(MARGIN_X, y - label_h, CONTENT_W, label_h, fill=1, stroke=0)
    x = MARGIN_X
    _centre(c, lab["col_board"], x, BOARD_W, y - label_h + 1.5 * mm, COND_BOLD, 7.5)
    _centre(c, lab["col_break"], x + BOARD_W, BREAK_W, y - label_h + 1.5 * mm, COND_BOLD, 7.5)
    x += BOARD_W + BREAK_W
    for _ in data.players:
        for key, w in PLAYER_COLS:
            _centre(c, lab[key], x, w, y - label_h + 1.5 * mm, COND_BOLD, 7.5)
            x += w
    _centre(c, lab["col_remarks"], x, REMARKS_W, y - label_h + 1.5 * mm, COND_BOLD, 7.5)
    y -= label_h
    grid_top = y
    names = [p.name for p in data.players]
    for r in range(rows):
        row_top = y - r * ROW_H
        base = row_top - ROW_H + 2.4 * mm
        board = data.boards[r] if not data.blank and r < len(data.boards) else None
        if board is not None and board.end == "void":
            c.setFillColor(VOID_FILL)
            c.rect(MARGIN_X, row_top - ROW_H, CONTENT_W, ROW_H, fill=1, stroke=0)
        number = (
            str(board.number)
            if board is not None
            else (str(r + 1) if r < data.board_limit else "+")
        )
        _centre(c, number, MARGIN_X, BOARD_W, base, BOLD, 9)
        if board is None:
            continue
        if board.breaker is not None:
            _centre(c, chr(65 + board.breaker), MARGIN_X + BOARD_W, BREAK_W, base, BOLD, 9)
        x = MARGIN_X + BOARD_W + BREAK_W
        for i in range(len(data.players)):
            white, black = board.pieces[i] if i < len(board.pieces) else (0, 0)
            cells = [
                str(white) if board.end != "void" else "",
                str(black) if board.end != "void" else "",
                "✓" if board.queen_by == i else "",
                str(board.points[i]) if board.end and i < len(board.points) else "",
                str(board.totals[i]) if board.end and i < len(board.totals) else "",
            ]
            for (key, w), text in zip(PLAYER_COLS, cells, strict=True):
                font = BOLD if key == "col_total" else REGULAR
                _centre(c, text, x, w, base, font, 9)
                x += w
        _left(c, _remark(board, names, data, lab), x + 1 * mm, base, COND, 7, REMARKS_W - 2 * mm)
    bottom = y - rows * ROW_H
    # grid lines
    c.setStrokeColor(GRID)
    c.setLineWidth(0.5)
    for r in range(rows + 1):
        c.line(MARGIN_X, y - r * ROW_H, MARGIN_X + CONTENT_W, y - r * ROW_H)
    xs = [MARGIN_X, MARGIN_X + BOARD_W, MARGIN_X + BOARD_W + BREAK_W]
    x = xs[-1]
    for _ in data.players:
        for _key, w in PLAYER_COLS:
            x += w
            xs.append(x)
    xs.append(MARGIN_X + CONTENT_W)
    strong = {xs[2] + i * PLAYER_W for i in range(len(data.players) + 1)}
    for x in xs:
        c.setLineWidth(1.1 if any(abs(x - s) < 0.01 for s in strong) else 0.5)
        c.line(x, grid_top + label_h, x, bottom)
    c.setLineWidth(0.5)
    legend = wrap(lab["legend"].format(cap=data.game_points), REGULAR, 6.5, CONTENT_W)
    for n, line in enumerate(legend):
        _left(c, line, MARGIN_X, bottom - (4 + 3 * n) * mm, REGULAR, 6.5, CONTENT_W, MUTED)
    return bottom - (3 + 3 * len(legend)) * mm


def _remark(
    board: PointBoardRow, names: list[str], data: PointSheetData, lab: dict[str, str]
) -> str:
    name = names[board.by] if board.by is not None and board.by < len(names) else ""
    if not board.end:
        return lab["in_progress"]
    text = lab[f"end_{board.end}"].format(name=name, cap=data.game_points)
    return join(text, board.law if board.end in ("umpire_ruling", "board_loss") else "")


def _result(c: Canvas, data: PointSheetData, lab: dict[str, str], top: float) -> float:
    y = top - 4 * mm
    note = lab["rules_note"].format(cap=data.game_points, limit=data.board_limit)
    for line in wrap(note, REGULAR, 7, CONTENT_W):
        _left(c, line, MARGIN_X, y, REGULAR, 7, CONTENT_W, MUTED)
        y -= 3.2 * mm
    y -= 4 * mm
    end = ""
    if not data.blank and data.scores is not None and data.boards:
        last = data.boards[-1]
        end = (
            lab["game_end_points"] if last.end == "game_points" else lab["game_end_boards"]
        ).format(cap=data.game_points, board=last.number)
    winner = data.players[data.winner].name if not data.blank and data.winner is not None else ""
    final = ""
    if not data.blank and data.scores is not None:
        final = " · ".join(f"{p.name} {s}" for p, s in zip(data.players, data.scores, strict=True))
    for key, value, width in (("game_end", end, 60 * mm), ("winner", winner, 60 * mm)):
        _left(c, lab[key], MARGIN_X, y, REGULAR, 7, 24 * mm, MUTED)
        _left(c, value, MARGIN_X + 24 * mm, y, BOLD, 10, width)
        c.setStrokeColor(RULE)
        c.line(MARGIN_X + 24 * mm, y - 1.2 * mm, MARGIN_X + 24 * mm + width, y - 1.2 * mm)
        y -= 6 * mm
    _left(c, lab["final_score"], MARGIN_X, y, REGULAR, 7, 24 * mm, MUTED)
    _left(c, final, MARGIN_X + 24 * mm, y, BOLD, 10, CONTENT_W - 24 * mm)
    c.line(MARGIN_X + 24 * mm, y - 1.2 * mm, MARGIN_X + CONTENT_W, y - 1.2 * mm)
    y -= 14 * mm
    # three players' signatures and the umpire's
    slots = [*(p.name for p in data.players), lab["signature_umpire"]]
    slot_w = CONTENT_W / len(slots)
    for i, who in enumerate(slots):
        x = MARGIN_X + i * slot_w
        c.setStrokeColor(GRID)
        c.line(x + 2 * mm, y, x + slot_w - 4 * mm, y)
        caption = f"{lab['signature']} {who}"
        _left(c, caption, x + 2 * mm, y - 3.5 * mm, REGULAR, 6.5, slot_w - 6 * mm, MUTED)
    return y - 6 * mm


def _page(c: Canvas, data: PointSheetData, number: int, total: int) -> None:
    lab = point_labels(data.language)
    y = _header(c, data, lab, PAGE_H - 11 * mm)
    y = _players(c, data, lab, y)
    y = _grid(c, data, lab, y - 2 * mm)
    _result(c, data, lab, y)
    footer = join(
        data.tournament,
        data.event,
        data.round_name,
        f"{lab['match']} {data.match_number}",
        f"{lab['table']} {data.table}",
        data.reference,
    )
    draw_footer(c, data.language, footer, number, total, PAGE_W, MARGIN_X)


def draw_point_sheet(c: Canvas, data: PointSheetData, number: int, total: int) -> None:
    """Draw one point-carrom sheet as the current page of ``c`` (the caller shows it)."""
    _page(c, data, number, total)


def render_point_scoresheets(sheets: Sequence[PointSheetData]) -> bytes:
    """Point-carrom scoresheets, one match a page, as PDF bytes."""
    language = sheets[0].language if sheets else "en"
    title = point_labels(language)["title"]
    if sheets:
        title = join(title, sheets[0].event, sheets[0].round_name, sep=" – ")
    buffer = io.BytesIO()
    c = new_canvas(buffer, A4, title)
    for number, data in enumerate(sheets, start=1):
        draw_point_sheet(c, data, number, len(sheets))
        c.showPage()
    if not sheets:
        c.showPage()
    c.save()
    return buffer.getvalue()


def render_point_scoresheet(data: PointSheetData) -> bytes:
    """One point-carrom match's scoresheet as PDF bytes."""
    return render_point_scoresheets([data])


__all__ = [
    "PointBoardRow",
    "PointSheetData",
    "draw_point_sheet",
    "render_point_scoresheet",
    "render_point_scoresheets",
]
