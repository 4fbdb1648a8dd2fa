"""The scoresheet's geometry and layout plan: its measures, the columns of the board table,
how many board rows each game gets and which games go on which page (see
:mod:`scoring.pdf.scoresheet`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    INK,
)
from .data import GameSheet, ScoresheetData

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
class Block:
    number: int  # game number 1..3
    game: GameSheet | None
    rows: int


@dataclass(frozen=True, slots=True)
class Page:
    blocks: tuple[Block, ...]
    first: bool
    last: bool
    row_h: float


def rows_for(game: GameSheet | None) -> int:
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


def _row_height(blocks: Sequence[Block], first: bool, last: bool, kind: str) -> float:
    units = sum(b.rows + 1 for b in blocks)  # + the "final" row of each game
    available = TOP - BOTTOM - _fixed_height(len(blocks), first, last, kind)
    return min(RH_MAX, available / units) if units else RH_MAX


def page_plan(data: ScoresheetData) -> list[Page]:
    """Split the match's three game blocks over as few pages as possible (normally one)."""
    by_number = {} if data.blank else {g.number: g for g in data.games}
    numbers = sorted(set(range(1, GAMES_PER_MATCH + 1)) | set(by_number))
    blocks = [Block(n, by_number.get(n), rows_for(by_number.get(n))) for n in numbers]
    pages: list[Page] = []
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
            pages.append(Page(chunk, first, False, _row_height(chunk, first, False, data.kind)))
            pages.append(Page((), False, True, RH_MAX))
        else:
            pages.append(Page(chunk, first, last, _row_height(chunk, first, last, data.kind)))
        first = False
    return pages


# --------------------------------------------------------------------------- drawing helpers


def text_y(bottom: float, height: float, size: float) -> float:
    """Baseline that centres digits/caps of ``size`` vertically in a cell."""
    return bottom + height / 2 - size * 0.36


def draw_centred(
    c: Canvas, text: str, x: float, w: float, bottom: float, h: float, font: str, size: float
) -> None:
    c.setFont(font, size)
    c.drawCentredString(x + w / 2, text_y(bottom, h, size), text)


def draw_checkbox(c: Canvas, x: float, y: float, size: float = 3 * mm) -> None:
    c.rect(x, y, size, size, stroke=1, fill=0)


def draw_cross(c: Canvas, x: float, y: float, size: float = 3 * mm) -> None:
    """Tick a checkbox drawn by :func:`draw_checkbox` (a bold cross, like a pen would)."""
    c.saveState()
    c.setLineWidth(1.2)
    c.setStrokeColor(INK)
    inset = 0.6 * mm
    c.line(x + inset, y + inset, x + size - inset, y + size - inset)
    c.line(x + inset, y + size - inset, x + size - inset, y + inset)
    c.restoreState()


@dataclass(frozen=True, slots=True)
class Geo:
    """Vertical positions on one page, shared by the static and the variable drawing."""

    header_top: float
    sides_top: float
    toss_y: float
    block_tops: tuple[float, ...]
    legend_y: float
    result_top: float


def page_geometry(page: Page, kind: str) -> Geo:
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
    return Geo(header_top, sides_top, toss_y, tuple(tops), legend_y, y - 1 * mm)


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


def meta_cell(key_row: int, fx: float, fw: float, top: float) -> tuple[float, float, float]:
    x = MARGIN_X + fx * META_W
    y = top - TITLE_H - (key_row + 1) * META_ROW_H
    return x, y, fw * META_W
