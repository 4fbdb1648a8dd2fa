"""The match scoresheet (A4 portrait, one match a page), filled from the log or blank.

Layout (LAWS.md §6, after SoL's scorecard, mirrored around the board number)::

    Total | Pts | +Ex | C/m | Q | Brk ‖ Board ‖ Brk | Q | C/m | +Ex | Pts | Total | Remarks
    ------------- side A -------------         ------------- side B -------------

"Pts" is what the board credited to a side (everything included), "Total" the running game
score, "C/m" the opponent's carrommen counted, "Q" the Queen (✓ counted, ○ covered but not
counted), "Brk" who broke (white), "+Ex" claimed extra points. Remarks carry the markers
(extra board, side change, void) and the law of a special-case ruling; SoL's card cannot
express ICF 107 ("0 C/m, 3 points to the other side"), this one prints points independently.

Speed: everything that does not depend on the match (grid, captions, legend) is drawn once
per layout into a PDF form XObject and reused on every page of the same layout, so a round
of 128 sheets costs one grid plus 128 × the variable text.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    ACCENT_OP,
    BOLD,
    CENTRE,
    COND,
    COND_BOLD,
    GRID,
    INK,
    LEFT,
    MUTED,
    MUTED_OP,
    REGULAR,
    RIGHT,
    RULE,
    TINT,
    TINT_A,
    TINT_B,
    VOID_FILL,
    WHITE,
    TextLayer,
    draw_footer,
    draw_footer_rule,
    draw_qr,
    fit,
    fit_lines,
    fit_size,
    format_date,
    initials,
    join,
    new_canvas,
    string_width,
    wrap,
)
from .data import BoardRow, GameSheet, ScoresheetData
from .labels import labels_for
from .point_sheet import PointSheetData, draw_point_sheet

PAGE_W, PAGE_H = A4
MARGIN_X = 12 * mm
TOP = PAGE_H - 11 * mm
BOTTOM = 13 * mm  # content ends here; the footer sits below
CONTENT_W = PAGE_W - 2 * MARGIN_X

HEADER_H = 35 * mm
CONT_HEADER_H = 11 * mm
SIDES_H = {"singles": 15 * mm, "doubles": 19 * mm}
TOSS_H = 7 * mm
GAP = 3 * mm
NAME_ROW_H = 5 * mm
LABEL_ROW_H = 5.5 * mm
LEGEND_H = 7.5 * mm
#: The result box, the signatures and (doubles) the seating box at the foot of the last page.
RESULT_H = {"singles": 23 * mm, "doubles": 30 * mm}
RH_MIN = 4.0 * mm  # 8.5 pt digits still sit comfortably
RH_MAX = 6.5 * mm  # roomy rows for handwriting when there is space
GAMES_PER_MATCH = 3
BLANK_ROWS = 9  # 8 boards + the extra board (SoL prints the same nine rows)

BAND_W = 6 * mm
# one side's columns, from the outside in: (label key, width)
SIDE_COLUMNS: tuple[tuple[str, float], ...] = (
    ("col_total", 12 * mm),
    ("col_points", 10 * mm),
    ("col_extra", 8.5 * mm),
    ("col_cm", 10 * mm),
    ("col_queen", 7 * mm),
    ("col_break", 8.5 * mm),
)
SIDE_W = sum(w for _, w in SIDE_COLUMNS)
BOARD_W = 11 * mm
TABLE_X = MARGIN_X + BAND_W
REMARKS_X = TABLE_X + 2 * SIDE_W + BOARD_W
REMARKS_W = MARGIN_X + CONTENT_W - REMARKS_X

CELL_SIZE = 9  # data in cells
LABEL_SIZE = 8  # column labels


def _column_spans() -> dict[tuple[int, str], tuple[float, float]]:
    """``(side, key) -> (x, width)`` for every side column; side A mirrors side B."""
    spans: dict[tuple[int, str], tuple[float, float]] = {}
    x = TABLE_X
    for key, w in SIDE_COLUMNS:
        spans[(0, key)] = (x, w)
        x += w
    x += BOARD_W
    for key, w in reversed(SIDE_COLUMNS):
        spans[(1, key)] = (x, w)
        x += w
    return spans


SPANS = _column_spans()
BOARD_X = TABLE_X + SIDE_W


# --------------------------------------------------------------------------- layout plan


@dataclass(frozen=True, slots=True)
class _Block:
    number: int  # game number 1..3
    game: GameSheet | None
    rows: int


@dataclass(frozen=True, slots=True)
class _Page:
    blocks: tuple[_Block, ...]
    first: bool
    last: bool
    row_h: float


def _rows_for(game: GameSheet | None) -> int:
    if game is None:
        return BLANK_ROWS
    played = len(game.boards)
    voids = sum(1 for board in game.boards if board.void)
    finished = game.score is not None
    return max(BLANK_ROWS + voids, played if finished else played + 1)


def _fixed_height(n_blocks: int, first: bool, last: bool, kind: str) -> float:
    h = HEADER_H + GAP + SIDES_H[kind] + TOSS_H + GAP if first else CONT_HEADER_H + GAP
    h += n_blocks * (NAME_ROW_H + LABEL_ROW_H + GAP) + LEGEND_H
    if last:
        h += RESULT_H[kind]
    return h


def _row_height(blocks: Sequence[_Block], first: bool, last: bool, kind: str) -> float:
    units = sum(b.rows + 1 for b in blocks)  # + the "final" row of each game
    available = TOP - BOTTOM - _fixed_height(len(blocks), first, last, kind)
    return min(RH_MAX, available / units) if units else RH_MAX


def _plan(data: ScoresheetData) -> list[_Page]:
    """Split the match's three game blocks over as few pages as possible (normally one)."""
    by_number = {} if data.blank else {g.number: g for g in data.games}
    numbers = sorted(set(range(1, GAMES_PER_MATCH + 1)) | set(by_number))
    blocks = [_Block(n, by_number.get(n), _rows_for(by_number.get(n))) for n in numbers]
    pages: list[_Page] = []
    i, first = 0, True
    while i < len(blocks):
        take = 1
        while i + take < len(blocks):
            cand = blocks[i : i + take + 1]
            last = i + take + 1 == len(blocks)
            if _row_height(cand, first, last, data.kind) < RH_MIN:
                break
            take += 1
        chunk = tuple(blocks[i : i + take])
        i += take
        last = i == len(blocks)
        if last and _row_height(chunk, first, True, data.kind) < RH_MIN:
            pages.append(_Page(chunk, first, False, _row_height(chunk, first, False, data.kind)))
            pages.append(_Page((), False, True, RH_MAX))
        else:
            pages.append(_Page(chunk, first, last, _row_height(chunk, first, last, data.kind)))
        first = False
    return pages


# --------------------------------------------------------------------------- drawing helpers


def _text_y(bottom: float, height: float, size: float) -> float:
    """Baseline that centres digits/caps of ``size`` vertically in a cell."""
    return bottom + height / 2 - size * 0.36


def _centred(c: Canvas, text: str, x: float, w: float, bottom: float, h: float, font: str,
             size: float) -> None:
    c.setFont(font, size)
    c.drawCentredString(x + w / 2, _text_y(bottom, h, size), text)


def _checkbox(c: Canvas, x: float, y: float, size: float = 3 * mm) -> None:
    c.rect(x, y, size, size, stroke=1, fill=0)


def _cross(c: Canvas, x: float, y: float, size: float = 3 * mm) -> None:
    """Tick a checkbox drawn by :func:`_checkbox` (a bold cross, like a pen would)."""
    c.saveState()
    c.setLineWidth(1.2)
    c.setStrokeColor(INK)
    inset = 0.6 * mm
    c.line(x + inset, y + inset, x + size - inset, y + size - inset)
    c.line(x + inset, y + size - inset, x + size - inset, y + inset)
    c.restoreState()


@dataclass(frozen=True, slots=True)
class _Geo:
    """Vertical positions on one page, shared by the static and the variable drawing."""

    header_top: float
    sides_top: float
    toss_y: float
    block_tops: tuple[float, ...]
    legend_y: float
    result_top: float


def _geometry(page: _Page, kind: str) -> _Geo:
    y = TOP
    header_top = y
    y -= HEADER_H if page.first else CONT_HEADER_H
    y -= GAP
    sides_top = y
    toss_y = 0.0
    if page.first:
        y -= SIDES_H[kind]
        toss_y = y - TOSS_H + 1.8 * mm
        y -= TOSS_H + GAP
    tops = []
    for b in page.blocks:
        tops.append(y)
        y -= NAME_ROW_H + LABEL_ROW_H + (b.rows + 1) * page.row_h + GAP
    legend_y = y + GAP - 3.8 * mm
    y -= LEGEND_H - GAP
    return _Geo(header_top, sides_top, toss_y, tuple(tops), legend_y, y - 1 * mm)


# meta grid cells in the header: (label key, row, x fraction, width fraction)
META_CELLS: tuple[tuple[str, int, float, float], ...] = (
    ("tournament", 0, 0.0, 2 / 3),
    ("date", 0, 2 / 3, 1 / 3),
    ("event", 1, 0.0, 1 / 3),
    ("round", 1, 1 / 3, 1 / 3),
    ("match", 1, 2 / 3, 1 / 3),
    ("table", 2, 0.0, 1 / 4),
    ("umpire", 2, 1 / 4, 5 / 12),
    ("start_time", 2, 2 / 3, 1 / 6),  # blank cells on a blank sheet: written in at the table
    ("end_time", 2, 5 / 6, 1 / 6),
)
QR_SIZE = 27 * mm
QR_BLOCK_W = 31 * mm
META_W = CONTENT_W - QR_BLOCK_W - 3 * mm
TITLE_H = 9.5 * mm
META_ROW_H = (HEADER_H - TITLE_H) / 3


def _meta_cell(key_row: int, fx: float, fw: float, top: float) -> tuple[float, float, float]:
    x = MARGIN_X + fx * META_W
    y = top - TITLE_H - (key_row + 1) * META_ROW_H
    return x, y, fw * META_W


# --------------------------------------------------------------------------- static layer


def _draw_static(c: Canvas, page: _Page, geo: _Geo, data: ScoresheetData) -> None:
    """Everything on the page that does not depend on the match: grid, captions, legend."""
    lab = labels_for(data.language)
    c.setLineCap(0)
    if page.first:
        _static_header(c, geo, lab)
        _static_sides(c, geo, lab, data.kind)
    else:
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1.2)
        c.line(MARGIN_X, geo.header_top - CONT_HEADER_H + 1 * mm,
               MARGIN_X + CONTENT_W, geo.header_top - CONT_HEADER_H + 1 * mm)
    for block, top in zip(page.blocks, geo.block_tops, strict=True):
        _static_game(c, block, top, page.row_h, lab, data.board_limit)
    if page.blocks:
        c.setFillColor(MUTED)
        c.setFont(COND, 7)
        for i, line in enumerate(wrap(lab["legend"], COND, 7, CONTENT_W)[:2]):
            c.drawString(MARGIN_X, geo.legend_y - i * 2.9 * mm, line)
        c.setFillColor(INK)
    if page.last:
        _static_result(c, geo, lab, data.kind)
    draw_footer_rule(c, PAGE_W, MARGIN_X)


def _static_header(c: Canvas, geo: _Geo, lab: dict[str, str]) -> None:
    top = geo.header_top
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 17)
    c.drawString(MARGIN_X, top - 6.8 * mm, lab["scoresheet"])
    c.setFillColor(INK)
    # meta grid
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    grid_top = top - TITLE_H
    c.roundRect(MARGIN_X, grid_top - 3 * META_ROW_H, META_W, 3 * META_ROW_H, 1.5 * mm)
    c.setLineWidth(0.4)
    for r in (1, 2):
        y = grid_top - r * META_ROW_H
        c.line(MARGIN_X, y, MARGIN_X + META_W, y)
    c.setFont(REGULAR, 6.5)
    c.setFillColor(MUTED)
    for key, row, fx, fw in META_CELLS:
        x, y, w = _meta_cell(row, fx, fw, top)
        if fx > 0:
            c.line(x, y, x, y + META_ROW_H)
        c.drawString(x + 1.5 * mm, y + META_ROW_H - 2.6 * mm, lab[key])
    # QR block
    qx = MARGIN_X + CONTENT_W - QR_BLOCK_W
    c.setStrokeColor(RULE)
    c.roundRect(qx, top - HEADER_H, QR_BLOCK_W, HEADER_H, 1.5 * mm)
    c.setFont(COND, 6)
    for i, text in enumerate(wrap(lab["qr_caption"], COND, 6, QR_BLOCK_W - 2 * mm)[:2]):
        c.drawCentredString(qx + QR_BLOCK_W / 2, top - HEADER_H + 4.6 * mm - i * 2.5 * mm, text)
    c.setFillColor(INK)


def _side_box_x(side: int) -> tuple[float, float]:
    w = (CONTENT_W - 4 * mm) / 2
    return MARGIN_X + side * (w + 4 * mm), w


def _static_sides(c: Canvas, geo: _Geo, lab: dict[str, str], kind: str) -> None:
    h = SIDES_H[kind]
    for side in (0, 1):
        x, w = _side_box_x(side)
        c.setFillColor(TINT_A if side == 0 else TINT_B)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.6)
        c.roundRect(x, geo.sides_top - h, w, h, 1.5 * mm, stroke=1, fill=1)
        # side badge
        c.setFillColor(ACCENT)
        c.circle(x + 5 * mm, geo.sides_top - 5 * mm, 3.2 * mm, stroke=0, fill=1)
        c.setFillColor(WHITE)
        c.setFont(BOLD, 11)
        c.drawCentredString(x + 5 * mm, geo.sides_top - 6.3 * mm,
                            lab["side_a"] if side == 0 else lab["side_b"])
    # toss line with checkboxes
    y = geo.toss_y
    c.setFillColor(INK)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    x = MARGIN_X
    c.setFont(BOLD, 8.5)
    c.drawString(x, y + 0.6 * mm, lab["toss"])
    x += string_width(lab["toss"], BOLD, 8.5) + 3 * mm
    c.setFont(REGULAR, 8.5)
    c.drawString(x, y + 0.6 * mm, lab["toss_won_by"])
    x += string_width(lab["toss_won_by"], REGULAR, 8.5) + 2 * mm
    for key in ("side_a", "side_b"):
        _checkbox(c, x, y)
        c.drawString(x + 4 * mm, y + 0.6 * mm, lab[key])
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm
    x += 4 * mm
    c.drawString(x, y + 0.6 * mm, lab["choice"])
    x += string_width(lab["choice"], REGULAR, 8.5) + 2 * mm
    for key in ("choice_break", "choice_side"):
        _checkbox(c, x, y)
        c.drawString(x + 4 * mm, y + 0.6 * mm, lab[key])
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm


TOSS_BOX_KEYS = ("side_a", "side_b", "choice_break", "choice_side")


def _toss_box_xs(lab: dict[str, str]) -> dict[str, float]:
    """x of each toss checkbox, recomputed exactly as :func:`_static_sides` lays them out."""
    xs: dict[str, float] = {}
    x = MARGIN_X + string_width(lab["toss"], BOLD, 8.5) + 3 * mm
    x += string_width(lab["toss_won_by"], REGULAR, 8.5) + 2 * mm
    for key in ("side_a", "side_b"):
        xs[key] = x
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm
    x += 4 * mm + string_width(lab["choice"], REGULAR, 8.5) + 2 * mm
    for key in ("choice_break", "choice_side"):
        xs[key] = x
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm
    return xs


def _static_game(c: Canvas, block: _Block, top: float, rh: float, lab: dict[str, str],
                 board_limit: int | None) -> None:
    rows = block.rows
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    bottom = body_top - (rows + 1) * rh
    right = MARGIN_X + CONTENT_W
    # band with the game number
    c.setFillColor(ACCENT)
    c.rect(MARGIN_X, bottom, BAND_W, top - bottom, stroke=0, fill=1)
    c.saveState()
    c.translate(MARGIN_X + BAND_W / 2 + 1.2 * mm, (top + bottom) / 2)
    c.rotate(90)
    c.setFillColor(WHITE)
    c.setFont(BOLD, 10)
    c.drawCentredString(0, 0, lab["game"].format(n=block.number).upper())
    c.restoreState()
    # name row tints and label row tint
    c.setFillColor(TINT_A)
    c.rect(TABLE_X, top - NAME_ROW_H, SIDE_W, NAME_ROW_H, stroke=0, fill=1)
    c.setFillColor(TINT_B)
    c.rect(BOARD_X + BOARD_W, top - NAME_ROW_H, SIDE_W, NAME_ROW_H, stroke=0, fill=1)
    c.setFillColor(TINT)
    c.rect(TABLE_X, body_top, right - TABLE_X, LABEL_ROW_H, stroke=0, fill=1)
    c.rect(BOARD_X, bottom, BOARD_W, body_top - bottom, stroke=0, fill=1)  # board column
    c.rect(TABLE_X, bottom, right - TABLE_X, rh, stroke=0, fill=1)  # final row
    # column labels
    c.setFillColor(INK)
    for (_side, key), (x, w) in SPANS.items():
        label = lab[key]
        size = fit_size(label, COND_BOLD, LABEL_SIZE, w - 1 * mm, 6.5)
        _centred(c, label, x, w, body_top, LABEL_ROW_H, COND_BOLD, size)
    _centred(c, lab["col_board"], BOARD_X, BOARD_W, body_top, LABEL_ROW_H, COND_BOLD, LABEL_SIZE)
    c.setFont(COND_BOLD, LABEL_SIZE)
    c.drawString(REMARKS_X + 1.5 * mm, _text_y(body_top, LABEL_ROW_H, LABEL_SIZE),
                 lab["col_remarks"])
    if block.number == 3:  # the side-change rule of the third game, in the name row
        hint = lab["side_change_60a"] if board_limit else lab["side_change_60b"]
        c.setFillColor(MUTED)
        size = fit_size(hint, COND, 7, REMARKS_W - 2 * mm, 5.5)
        c.setFont(COND, size)
        c.drawString(REMARKS_X + 1.5 * mm, _text_y(top - NAME_ROW_H, NAME_ROW_H, 7), hint)
        c.setFillColor(INK)
    _centred(c, lab["final"], BOARD_X, BOARD_W, bottom, rh, COND_BOLD, LABEL_SIZE)
    # grid
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.lines([(TABLE_X, body_top - i * rh, right, body_top - i * rh) for i in range(1, rows + 1)])
    c.setStrokeColor(GRID)
    c.setLineWidth(0.5)
    verticals = [x for (_s, _k), (x, _w) in SPANS.items()] + [BOARD_X, REMARKS_X]
    c.lines([(x, bottom, x, body_top + LABEL_ROW_H) for x in verticals if x > TABLE_X])
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.line(TABLE_X, body_top, right, body_top)
    c.line(TABLE_X, bottom + rh, right, bottom + rh)
    for x in (BOARD_X, BOARD_X + BOARD_W, REMARKS_X):  # the spine of the sheet
        c.line(x, bottom, x, top - NAME_ROW_H)
    c.rect(TABLE_X, bottom, right - TABLE_X, top - bottom, stroke=1, fill=0)
    c.line(TABLE_X, top - NAME_ROW_H, right, top - NAME_ROW_H)
    c.line(BOARD_X, top, BOARD_X, top - NAME_ROW_H)
    c.line(BOARD_X + BOARD_W, top, BOARD_X + BOARD_W, top - NAME_ROW_H)
    c.line(REMARKS_X, top, REMARKS_X, top - NAME_ROW_H)


def _signature_slots(kind: str) -> list[tuple[float, float, float]]:
    """``(x, width, line y below the result box's top)`` of each signature line: singles the
    two players and the umpire in a row; doubles the four players (side A, side B, each pair's
    first player in the top row) and the umpire, right of the seating box."""
    if kind != "doubles":
        w = (CONTENT_W - 2 * 6 * mm) / 3
        return [(MARGIN_X + i * (w + 6 * mm), w, 18 * mm) for i in range(3)]
    x0 = MARGIN_X + SEATING_W + 6 * mm
    w = (MARGIN_X + CONTENT_W - x0 - 2 * 5 * mm) / 3
    col = [x0 + i * (w + 5 * mm) for i in range(3)]
    return [(col[0], w, 16 * mm), (col[0], w, 25.5 * mm), (col[1], w, 16 * mm),
            (col[1], w, 25.5 * mm), (col[2], w, 16 * mm)]


SEATING_W = 68 * mm
SEATING_TOP = 9.5 * mm  # below the result box's top
SEATING_H = 20 * mm
SEAT_BOARD = 8 * mm  # the carrom board in the seating diagram


def _seating_geometry(top: float) -> tuple[float, float, float]:
    """Centre x, centre y and half side of the board drawn in the seating box."""
    box_top = top - SEATING_TOP
    return MARGIN_X + SEATING_W / 2, box_top - 11.5 * mm, SEAT_BOARD / 2


def _static_seating(c: Canvas, top: float, lab: dict[str, str]) -> None:
    """The doubles seating box (ICF 78): the board with seats 1-4 in turn order, play passing
    to the right, so partners sit opposite (1 and 3, 2 and 4)."""
    box_top = top - SEATING_TOP
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    c.roundRect(MARGIN_X, box_top - SEATING_H, SEATING_W, SEATING_H, 1.5 * mm)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(MARGIN_X + 1.5 * mm, box_top - 3.2 * mm, lab["seating"])
    c.setFillColor(MUTED)
    hint_x = MARGIN_X + 3.5 * mm + string_width(lab["seating"], BOLD, 7.5)
    room = MARGIN_X + SEATING_W - 1.5 * mm - hint_x
    c.setFont(COND, fit_size(lab["seating_hint"], COND, 6, room, 4.5))
    c.drawString(hint_x, box_top - 3.2 * mm, lab["seating_hint"])
    cx, cy, half = _seating_geometry(top)
    c.setFillColor(TINT)
    c.setStrokeColor(INK)
    c.rect(cx - half, cy - half, 2 * half, 2 * half, stroke=1, fill=1)
    c.setFillColor(MUTED)
    c.setFont(BOLD, 6)
    for (dx, dy), number in zip(SEAT_OFFSETS, "1234", strict=True):
        c.drawCentredString(cx + dx * (half - 1.6 * mm), cy + dy * (half - 1.6 * mm) - 0.75 * mm,
                            number)
    c.setFillColor(INK)


#: Where seats 1-4 sit around the board, as unit offsets from its centre: seat 1 at the
#: bottom, then to the right (ICF 78(b) "the player sitting to the right"), seat 3 opposite.
SEAT_OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _static_result(c: Canvas, geo: _Geo, lab: dict[str, str], kind: str) -> None:
    top = geo.result_top
    c.setFillColor(TINT)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    c.roundRect(MARGIN_X, top - 8 * mm, CONTENT_W, 8 * mm, 1.5 * mm, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    y = top - 5.3 * mm
    c.drawString(MARGIN_X + 2 * mm, y, lab["match_result"])
    x = MARGIN_X + 2 * mm + string_width(lab["match_result"], BOLD, 9) + 4 * mm
    c.setFont(REGULAR, 9)
    c.drawString(x, y, lab["side_a"])
    c.setFillColor(WHITE)
    c.rect(x + 4 * mm, top - 6.8 * mm, 8 * mm, 5.6 * mm, stroke=1, fill=1)
    c.rect(x + 16 * mm, top - 6.8 * mm, 8 * mm, 5.6 * mm, stroke=1, fill=1)
    c.setFillColor(INK)
    c.drawCentredString(x + 14 * mm, y, ":")
    c.drawString(x + 26 * mm, y, lab["side_b"])
    wx = MARGIN_X + CONTENT_W * 0.52
    c.setFont(BOLD, 9)
    c.drawString(wx, y, lab["match_won_by"])
    c.setStrokeColor(GRID)
    c.line(wx + string_width(lab["match_won_by"], BOLD, 9) + 2 * mm, y - 1 * mm,
           MARGIN_X + CONTENT_W - 3 * mm, y - 1 * mm)
    if kind == "doubles":
        _static_seating(c, top, lab)
    # signature lines
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    for x, w, below in _signature_slots(kind):
        c.line(x, top - below, x + w, top - below)
    if kind == "doubles":
        c.setFont(BOLD, 7.5)
        c.drawString(_signature_slots(kind)[0][0], top - 12.7 * mm, lab["signatures"])
    c.setFillColor(INK)


def _signature_captions(data: ScoresheetData, lab: dict[str, str]) -> list[tuple[str, str]]:
    """``(caption, name)`` under each signature line, in :func:`_signature_slots` order."""
    umpire = (f"{lab['signature']} {lab['signature_umpire']}", data.umpire)
    if data.kind == "doubles":
        umpire = (lab["signature_umpire"], data.umpire)
    if data.kind != "doubles":
        return [(f"{lab['signature']} {lab['side_a']}", data.sides[0].name),
                (f"{lab['signature']} {lab['side_b']}", data.sides[1].name), umpire]
    captions = []
    for side, key in ((0, "side_a"), (1, "side_b")):
        players = [p.name for p in data.sides[side].players][:2]
        players += [""] * (2 - len(players))
        captions += [(lab[key], name) for name in players]  # "Signatures" heads the grid
    return [*captions, umpire]


# --------------------------------------------------------------------------- variable layer


def _draw_variable_header(c: Canvas, t: TextLayer, page: _Page, geo: _Geo,
                          data: ScoresheetData, lab: dict[str, str]) -> None:
    top = geo.header_top
    if not page.first:
        title = join(lab["scoresheet"], lab["continued"], sep=" – ")
        t.text(MARGIN_X, top - 6 * mm, title, BOLD, 11, ACCENT_OP)
        info = join(data.event, data.round_name, f"{lab['match']} {data.match_number}",
                    f"{lab['table']} {data.table}",
                    f"{data.sides[0].name} – {data.sides[1].name}")
        x = MARGIN_X + string_width(title, BOLD, 11) + 5 * mm
        t.text(x, top - 6 * mm, fit(info, REGULAR, 9, MARGIN_X + CONTENT_W - x), REGULAR, 9)
        return
    sub = join(lab["doubles"] if data.kind == "doubles" else lab["singles"],
               lab["blank_sheet"] if data.blank else "")
    t.text(MARGIN_X + string_width(lab["scoresheet"], BOLD, 17) + 4 * mm, top - 6.6 * mm, sub,
           REGULAR, 9, MUTED_OP)
    values = {
        "tournament": data.tournament,
        "date": format_date(data.date, data.language),
        "event": data.event,
        "round": data.round_name,
        "match": data.match_number,
        "table": data.table,
        "umpire": data.umpire,
        "start_time": "" if data.blank else data.start_time,
        "end_time": "" if data.blank else data.end_time,
    }
    for key, row, fx, fw in META_CELLS:
        value = values[key]
        if not value:
            continue
        x, y, w = _meta_cell(row, fx, fw, top)
        font, size = (BOLD, 12) if key in ("table", "match") else (REGULAR, 10)
        size = fit_size(value, font, size, w - 3 * mm, 6.5)  # the umpire's whole name
        t.text(x + 1.5 * mm, y + 1.6 * mm, fit(value, font, size, w - 3 * mm), font, size)
    if data.qr_url:
        qx = MARGIN_X + CONTENT_W - QR_BLOCK_W + (QR_BLOCK_W - QR_SIZE) / 2
        draw_qr(c, data.qr_url, qx, top - QR_SIZE - 0.5 * mm, QR_SIZE)


def _draw_variable_sides(c: Canvas, t: TextLayer, geo: _Geo, data: ScoresheetData,
                         lab: dict[str, str]) -> None:
    for side_index, side in enumerate(data.sides):
        x, w = _side_box_x(side_index)
        name_x = x + 10 * mm
        room = x + w - name_x - 2 * mm
        size = fit_size(side.name, BOLD, 12, room, 9)
        t.text(name_x, geo.sides_top - 6.3 * mm, fit(side.name, BOLD, size, room), BOLD, size)
        y = geo.sides_top - 10.6 * mm
        if data.kind == "doubles" and side.players:
            for player in side.players[:2]:
                text = player.name
                if player.seat:
                    text = f"{player.name} ({lab['seat']} {player.seat})"
                t.text(name_x, y, fit(text, REGULAR, 8.5, room), REGULAR, 8.5)
                y -= 3.8 * mm
        elif side.seat:
            t.text(name_x, y, f"{lab['seat']}: {side.seat}", REGULAR, 8.5)
            y -= 3.8 * mm
        if side.club:
            t.text(name_x, y, fit(side.club, REGULAR, 7.5, room), REGULAR, 7.5, MUTED_OP)
    xs = _toss_box_xs(lab)
    if data.blank:  # the toss happens at the table
        return
    if data.toss.winner is not None:
        _cross(c, xs[TOSS_BOX_KEYS[data.toss.winner]], geo.toss_y)
    if data.toss.choice is not None:
        _cross(c, xs["choice_break" if data.toss.choice == "break" else "choice_side"],
               geo.toss_y)


def _cell(t: TextLayer, side: int, key: str, row_bottom: float, rh: float, text: str,
          font: str = REGULAR, size: float = CELL_SIZE, color: str = "") -> None:
    x, w = SPANS[(side, key)]
    size = fit_size(text, font, size, w - 1 * mm, 6.5)
    t.text(x + w / 2, _text_y(row_bottom, rh, size), text, font, size, color, CENTRE)


def _board_remarks(board: BoardRow, lab: dict[str, str]) -> str:
    parts = []
    if board.extra_board:
        parts.append(lab["extra_board"])
    if board.void:
        parts.append(lab["void"])
    if board.law:
        parts.append(board.law)
    if board.note:
        parts.append(board.note)
    if board.side_change_after:
        parts.append("⇄ " + lab["side_change"])
    return join(*parts)


def _remark(t: TextLayer, text: str, row_bottom: float, rh: float, font: str = COND,
            size: float = 8, color: str = "") -> None:
    room = REMARKS_W - 3 * mm
    size = fit_size(text, font, size, room, 6.5)
    t.text(REMARKS_X + 1.5 * mm, _text_y(row_bottom, rh, size), fit(text, font, size, room),
           font, size, color)


def _draw_board(t: TextLayer, board: BoardRow, row_bottom: float, rh: float,
                lab: dict[str, str]) -> None:
    t.text(BOARD_X + BOARD_W / 2, _text_y(row_bottom, rh, CELL_SIZE), str(board.number), BOLD,
           CELL_SIZE, align=CENTRE)
    remarks = _board_remarks(board, lab)
    if remarks:
        _remark(t, remarks, row_bottom, rh, COND_BOLD if board.law else COND)
    if board.breaker is not None:
        if board.breaker_player:
            _cell(t, board.breaker, "col_break", row_bottom, rh,
                  initials(board.breaker_player), COND, 8)
        else:
            _cell(t, board.breaker, "col_break", row_bottom, rh, "●", REGULAR, 7)
    if board.queen_by is not None:
        _cell(t, board.queen_by, "col_queen", row_bottom, rh,
              "✓" if board.queen_counted else "○", BOLD if board.queen_counted else REGULAR)
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


def _draw_game_underlay(c: Canvas, block: _Block, top: float, rh: float) -> None:
    """Fills that must lie under the form's grid lines (void rows)."""
    if block.game is None:
        return
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    for i, board in enumerate(block.game.boards):
        if board.void:
            _void_underlay(c, body_top - (i + 1) * rh, rh)


def _draw_game(c: Canvas, t: TextLayer, block: _Block, top: float, rh: float,
               data: ScoresheetData, lab: dict[str, str], match_over: bool) -> None:
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    name_y = _text_y(top - NAME_ROW_H, NAME_ROW_H, 8)
    for side in (0, 1):
        x = TABLE_X if side == 0 else BOARD_X + BOARD_W
        t.text(x + 1.5 * mm, name_y, lab["side_a"] if side == 0 else lab["side_b"], BOLD, 8)
        t.text(x + 5 * mm, name_y, fit(data.sides[side].name, REGULAR, 8, SIDE_W - 7 * mm),
               REGULAR, 8)
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
        t.text(BOARD_X + BOARD_W / 2, _text_y(row_bottom, rh, CELL_SIZE), str(number), REGULAR,
               CELL_SIZE, MUTED_OP, CENTRE)
        if data.board_limit is not None and number == data.board_limit + 1:
            _remark(t, lab["extra_board"], row_bottom, rh, size=7, color=MUTED_OP)


def _draw_variable_result(t: TextLayer, geo: _Geo, data: ScoresheetData,
                          lab: dict[str, str]) -> None:
    top = geo.result_top
    y = top - 5.3 * mm
    x = MARGIN_X + 2 * mm + string_width(lab["match_result"], BOLD, 9) + 4 * mm
    if data.walkover and not data.blank:
        # beside the A : B boxes (left empty), before the winner's label
        t.text(x + 26 * mm, y - 0.4 * mm, lab["walkover"], BOLD, 10)
    elif data.games_won is not None and not data.blank:
        t.text(x + 8 * mm, y - 0.4 * mm, str(data.games_won[0]), BOLD, 11, align=CENTRE)
        t.text(x + 20 * mm, y - 0.4 * mm, str(data.games_won[1]), BOLD, 11, align=CENTRE)
    if data.draw and data.winner is None and not data.blank:  # nobody won: the slot says so
        wx = MARGIN_X + CONTENT_W * 0.52 + string_width(lab["match_won_by"], BOLD, 9) + 3 * mm
        t.text(wx, y, lab["draw"], BOLD, 10)
    if data.winner is not None and not data.blank:
        wx = MARGIN_X + CONTENT_W * 0.52 + string_width(lab["match_won_by"], BOLD, 9) + 3 * mm
        name = data.sides[data.winner].name
        t.text(wx, y, fit(name, BOLD, 10, MARGIN_X + CONTENT_W - wx - 3 * mm), BOLD, 10)
    slots = _signature_slots(data.kind)
    for (x, w, below), (caption, name) in zip(slots, _signature_captions(data, lab),
                                              strict=True):
        line_y = top - below
        t.text(x, line_y - 3 * mm, caption, COND_BOLD, 7, MUTED_OP)
        # the name as printed, whole: it shrinks, then wraps (never cut off)
        room = w - string_width(caption, COND_BOLD, 7) - 2 * mm
        size, lines = fit_lines(name, REGULAR, 7.5, room, 6, max_lines=2)
        if " ".join(lines) == " ".join(name.split()):  # beside the caption
            for i, line in enumerate(lines):
                t.text(x + w, line_y - 3 * mm - i * 2.4 * mm, line, REGULAR, size, align=RIGHT)
        else:  # too long beside it: below the caption, over the line's whole width
            size, lines = fit_lines(name, REGULAR, 7.5, w, 6, max_lines=2)
            for i, line in enumerate(lines):
                t.text(x, line_y - 5.6 * mm - i * 2.4 * mm, line, REGULAR, size)
    if data.kind == "doubles":
        _draw_seats(t, top, data)


def _draw_seats(t: TextLayer, top: float, data: ScoresheetData) -> None:
    """The players in the seating box, each at his seat with his side's letter; blank lines
    to write on while the seating is not recorded (a blank sheet)."""
    cx, cy, half = _seating_geometry(top)
    seats = list(data.seats)[:4] if not data.blank else []
    side_room = SEATING_W / 2 - half - 3 * mm
    for index, (dx, dy) in enumerate(SEAT_OFFSETS):
        if index >= len(seats):
            continue
        side, name = seats[index]
        text = f"{'AB'[side]} · {name}"
        if dx == 0:  # above or below the board: centred
            size, lines = fit_lines(text, REGULAR, 7, 2 * side_room + 2 * half, 5.5, 1)
            y = cy + half + 1.3 * mm if dy > 0 else cy - half - 3 * mm
            t.text(cx, y, lines[0], REGULAR, size, align=CENTRE)
            continue
        size, lines = fit_lines(text, REGULAR, 7, side_room, 5.5, 2)
        x = cx + half + 1.5 * mm if dx > 0 else cx - half - 1.5 * mm
        y0 = cy - 0.9 * mm + (len(lines) - 1) * 1.25 * mm
        for i, line in enumerate(lines):
            t.text(x, y0 - i * 2.5 * mm, line, REGULAR, size, align=LEFT if dx > 0 else RIGHT)


# --------------------------------------------------------------------------- document


class _FormCache:
    """Names of the static layers already defined in the current document, by layout."""

    def __init__(self) -> None:
        self.names: dict[tuple, str] = {}

    def use(self, c: Canvas, page: _Page, geo: _Geo, data: ScoresheetData) -> None:
        layout = tuple((b.number, b.rows) for b in page.blocks)
        key = (data.language, data.kind, data.board_limit, page.first, page.last, page.row_h,
               layout)
        name = self.names.get(key)
        if name is None:
            name = f"sheet{len(self.names)}"
            c.beginForm(name)
            _draw_static(c, page, geo, data)
            c.endForm()
            self.names[key] = name
        c.doForm(name)


def _footer_text(data: ScoresheetData, lab: dict[str, str]) -> str:
    return join(data.tournament, data.event, data.round_name,
                f"{lab['match']} {data.match_number}",
                f"{lab['table']} {data.table}" if data.table else "", data.reference)


def _render(sheets: Iterable[ScoresheetData | PointSheetData], title: str) -> bytes:
    planned = [(data, [] if isinstance(data, PointSheetData) else _plan(data))
               for data in sheets]
    total = sum(len(pages) or 1 for _, pages in planned)
    buffer = io.BytesIO()
    c = new_canvas(buffer, A4, title)
    t = TextLayer(c)
    forms = _FormCache()
    number = 0
    for data, pages in planned:
        if isinstance(data, PointSheetData):  # point carrom: its own page (.point_sheet)
            number += 1
            draw_point_sheet(c, data, number, total)
            c.showPage()
            continue
        lab = labels_for(data.language)
        match_over = data.winner is not None
        for page in pages:
            number += 1
            geo = _geometry(page, data.kind)
            if not data.blank:
                for block, top in zip(page.blocks, geo.block_tops, strict=True):
                    _draw_game_underlay(c, block, top, page.row_h)
            forms.use(c, page, geo, data)
            _draw_variable_header(c, t, page, geo, data, lab)
            if page.first:
                _draw_variable_sides(c, t, geo, data, lab)
            for block, top in zip(page.blocks, geo.block_tops, strict=True):
                _draw_game(c, t, block, top, page.row_h, data, lab, match_over)
            if page.last:
                _draw_variable_result(t, geo, data, lab)
            draw_footer(c, data.language, _footer_text(data, lab), number, total, PAGE_W,
                        MARGIN_X, text=t, rule=False)
            t.flush()
            c.showPage()
    if total == 0:  # an empty round still yields a valid PDF
        c.showPage()
    c.save()
    return buffer.getvalue()


def render_scoresheet(data: ScoresheetData | PointSheetData) -> bytes:
    """One match's scoresheet as PDF bytes (A4 portrait; one page unless a game had more
    boards than fit, then it continues on a second page). Point carrom's three-player sheet
    comes from :mod:`.point_sheet`."""
    lab = labels_for(data.language)
    return _render([data], f"{lab['scoresheet']} {data.match_number}")


def render_scoresheets(sheets: Sequence[ScoresheetData | PointSheetData]) -> bytes:
    """All scoresheets of a round in one PDF, one match a page ("print the round")."""
    language = sheets[0].language if sheets else "en"
    title = labels_for(language)["scoresheet"]
    if sheets:
        title = join(title, sheets[0].event, sheets[0].round_name, sep=" – ")
    return _render(sheets, title)
