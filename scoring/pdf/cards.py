"""Score cards of a round, six to an A4 page (what SoL users print today).

The compact sibling of the full scoresheet (:mod:`.scoresheet`), from the same data
(:class:`~.data.ScoresheetData`, :class:`~.point_sheet.PointSheetData`): per match the
players, table, round and match number, a QR code for the umpire tablet, a box per board and
game for each side's points (boards 1-8 and the extra board of ICF 56(b); played boards are
filled in), the match result in games and three signature boxes (both sides and the umpire).
Cut along the crop marks.

Speed: every card's grid is the same, so it is one form XObject drawn once per document and
placed six times a page; the variable text of a page is one text object (:class:`.TextLayer`);
QR codes are vector rectangles (:func:`.draw_qr`); two faces only (each embedded face costs
its subset per document). The document grows linearly with matches.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT_OP,
    BOLD,
    CENTRE,
    GRID,
    INK,
    MUTED_OP,
    REGULAR,
    RIGHT,
    RULE,
    TINT,
    TextLayer,
    draw_footer,
    draw_qr,
    fit,
    join,
    new_canvas,
    place_form,
)
from .data import GameSheet, ScoresheetData
from .labels import labels_for
from .point_sheet import PointSheetData

PAGE_W, PAGE_H = A4
MARGIN = 8 * mm
COLUMNS, ROWS = 2, 3
PER_PAGE = COLUMNS * ROWS
CARD_W = (PAGE_W - 2 * MARGIN) / COLUMNS
CARD_H = (PAGE_H - 2 * MARGIN - 6 * mm) / ROWS  # 6 mm of footer
PAD = 4 * mm
INNER_W = CARD_W - 2 * PAD

HEAD_H = 14 * mm  # match, table, round; QR on the right
NAMES_H = 8.5 * mm
ROW_H = 4.1 * mm
BOARD_W = 10 * mm
BOARD_ROWS = 9  # boards 1-8 and the extra board (ICF 56(b))
QR = 14 * mm
SIGN_H = 8 * mm
RESULT_H = 5 * mm  # the match result in games, between the grid and the signatures


def _sheet_columns(data: ScoresheetData | PointSheetData) -> int:
    """Score columns of the grid: A and B for each of three games, or one per player."""
    if isinstance(data, PointSheetData):
        return max(1, len(data.players))
    return 6


def _grid_top() -> float:
    """Top of the board grid, from the card's top edge (card coordinates, y down)."""
    return PAD + HEAD_H + NAMES_H


def _draw_static(c: Canvas, columns: int, lab: dict[str, str], point: bool) -> None:
    """The grid every card shares (card coordinates: origin at the card's bottom left)."""
    col_w = (INNER_W - BOARD_W) / columns
    top = CARD_H - _grid_top()
    header = 2 if not point else 1
    rows = header + BOARD_ROWS + 1  # + totals
    bottom = top - rows * ROW_H
    c.setFillColor(TINT)
    c.rect(PAD, top - header * ROW_H, INNER_W, header * ROW_H, stroke=0, fill=1)
    c.rect(PAD, bottom, INNER_W, ROW_H, stroke=0, fill=1)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for r in range(rows + 1):
        y = top - r * ROW_H
        c.line(PAD + (BOARD_W if r == 1 and not point else 0), y, PAD + INNER_W, y)
    for k in range(columns + 1):
        x = PAD + BOARD_W + k * col_w
        start = top - ROW_H if (not point and k % 2) else top
        c.line(x, start, x, bottom)
    c.line(PAD, top, PAD, bottom)
    c.setFillColor(INK)
    c.setFont(REGULAR, 6.5)
    c.drawCentredString(PAD + BOARD_W / 2, top - header * ROW_H + 1.3 * mm, lab["col_board"])
    for n in range(1, BOARD_ROWS + 1):
        y = top - (header + n) * ROW_H + 1.3 * mm
        c.drawCentredString(PAD + BOARD_W / 2, y, f"{n}*" if n == BOARD_ROWS else str(n))
    c.setFont(BOLD, 6.5)
    c.drawCentredString(PAD + BOARD_W / 2, bottom + 1.3 * mm, lab["col_total"])
    if not point:
        for g in range(3):
            x = PAD + BOARD_W + 2 * g * col_w
            c.setFont(BOLD, 7)
            c.drawCentredString(x + col_w, top - ROW_H + 1.3 * mm, lab["game"].format(n=g + 1))
            c.setFont(REGULAR, 6.5)
            c.drawCentredString(x + col_w / 2, top - 2 * ROW_H + 1.3 * mm, lab["side_a"])
            c.drawCentredString(x + 1.5 * col_w, top - 2 * ROW_H + 1.3 * mm, lab["side_b"])
    # result in games and the signature boxes
    y = bottom - RESULT_H - SIGN_H
    third = INNER_W / 3
    c.setStrokeColor(GRID)
    for k in range(3):
        c.rect(PAD + k * third + (1 * mm if k else 0), y, third - 1 * mm, SIGN_H, stroke=1, fill=0)
    c.setFont(REGULAR, 6)
    c.setFillColor(INK)
    names = [
        lab["signature"] + " " + lab["side_a"],
        lab["signature"] + " " + lab["side_b"],
        lab["signature_umpire"],
    ]
    for k, name in enumerate(names):
        c.drawString(PAD + k * third + (2 * mm if k else 1 * mm), y + 1 * mm, name)
    # crop marks at the card's corners
    c.setStrokeColor(RULE)
    c.setLineWidth(0.3)
    for x, y in ((0, 0), (CARD_W, 0), (0, CARD_H), (CARD_W, CARD_H)):
        c.line(x - 2 * mm, y, x + 2 * mm, y)
        c.line(x, y - 2 * mm, x, y + 2 * mm)


def _game_points(game: GameSheet) -> list[tuple[int, str, str]]:
    """(row, A's points, B's points) of each played board of ``game`` (void boards left
    out: they are replayed, ICF 56); rows past the extra board are not printed."""
    out: list[tuple[int, str, str]] = []
    row = 0
    for board in game.boards:
        if board.void:
            continue
        row += 1
        if row > BOARD_ROWS:
            break
        a = str(board.points) if board.winner == 0 else ""
        b = str(board.points) if board.winner == 1 else ""
        out.append((row, a, b))
    return out


def _draw_card(
    c: Canvas,
    t: TextLayer,
    data: ScoresheetData | PointSheetData,
    x0: float,
    y0: float,
    lab: dict[str, str],
    form: str,
) -> None:
    """One card with its bottom left corner at ``(x0, y0)``."""
    place_form(c, form, x0, y0)
    top = y0 + CARD_H - PAD
    left = x0 + PAD
    text_w = INNER_W - QR - 3 * mm
    match = f"{lab['match']} {data.match_number}"
    t.text(left, top - 4 * mm, fit(match, BOLD, 10, text_w / 2), BOLD, 10, ACCENT_OP)
    t.text(
        left + text_w,
        top - 4 * mm,
        fit(f"{lab['table']} {data.table}", BOLD, 10, text_w / 2),
        BOLD,
        10,
        ACCENT_OP,
        RIGHT,
    )
    t.text(
        left,
        top - 8.5 * mm,
        fit(join(data.event, data.round_name), REGULAR, 7.5, text_w),
        REGULAR,
        7.5,
    )
    t.text(left, top - 12 * mm, fit(data.tournament, REGULAR, 6.5, text_w), REGULAR, 6.5, MUTED_OP)
    if data.qr_url:
        draw_qr(c, data.qr_url, x0 + CARD_W - PAD - QR, top - QR, QR)
    names_y = top - HEAD_H - 3.5 * mm
    columns = _sheet_columns(data)
    col_w = (INNER_W - BOARD_W) / columns
    grid_top = y0 + CARD_H - _grid_top()
    if isinstance(data, PointSheetData):
        for k, player in enumerate(data.players):
            x = left + BOARD_W + k * col_w
            t.text(
                x + col_w / 2,
                names_y,
                fit(player.name, BOLD, 7, col_w - 1 * mm),
                BOLD,
                7,
                align=CENTRE,
            )
            t.text(
                x + col_w / 2,
                grid_top - ROW_H + 1.3 * mm,
                fit(player.name, REGULAR, 6, col_w - 1 * mm),
                REGULAR,
                6,
                MUTED_OP,
                CENTRE,
            )
        if not data.blank:
            for row, board in enumerate(data.boards[:BOARD_ROWS], start=1):
                y = grid_top - (1 + row) * ROW_H + 1.3 * mm
                for k, points in enumerate(board.points):
                    if points:
                        t.text(
                            left + BOARD_W + (k + 0.5) * col_w,
                            y,
                            str(points),
                            REGULAR,
                            7,
                            align=CENTRE,
                        )
            if data.scores:
                y = grid_top - (2 + BOARD_ROWS) * ROW_H + 1.3 * mm
                for k, score in enumerate(data.scores):
                    t.text(left + BOARD_W + (k + 0.5) * col_w, y, str(score), BOLD, 7, align=CENTRE)
        return
    half = INNER_W / 2
    for k, side in enumerate(data.sides):
        label = f"{lab['side_a'] if k == 0 else lab['side_b']}  {side.name}"
        t.text(left + k * half, names_y, fit(label, BOLD, 8.5, half - 2 * mm), BOLD, 8.5)
        if side.club:
            t.text(
                left + k * half,
                names_y - 2.9 * mm,
                fit(side.club, REGULAR, 6, half - 2 * mm),
                REGULAR,
                6,
                MUTED_OP,
            )
    if data.blank:
        return
    for game in data.games:
        if not 1 <= game.number <= 3:
            continue
        x = left + BOARD_W + 2 * (game.number - 1) * col_w
        for row, a, b in _game_points(game):
            y = grid_top - (2 + row) * ROW_H + 1.3 * mm
            t.text(x + col_w / 2, y, a, REGULAR, 7, align=CENTRE)
            t.text(x + 1.5 * col_w, y, b, REGULAR, 7, align=CENTRE)
        if game.score is not None:
            y = grid_top - (3 + BOARD_ROWS) * ROW_H + 1.3 * mm
            t.text(x + col_w / 2, y, str(game.score[0]), BOLD, 7, align=CENTRE)
            t.text(x + 1.5 * col_w, y, str(game.score[1]), BOLD, 7, align=CENTRE)
    if data.games_won is not None:
        y = grid_top - (3 + BOARD_ROWS) * ROW_H - RESULT_H + 1.5 * mm
        t.text(
            left + INNER_W,
            y,
            f"{lab['match_result']}: {data.games_won[0]} : {data.games_won[1]}",
            BOLD,
            6.5,
            align=RIGHT,
        )


def render_score_cards(sheets: Sequence[ScoresheetData | PointSheetData]) -> bytes:
    """The round's matches as score cards, six to an A4 page, in the order given."""
    language = sheets[0].language if sheets else "en"
    lab = labels_for(language)
    title = lab["score_cards"]
    if sheets:
        title = join(title, sheets[0].event, sheets[0].round_name, sep=" – ")
    buffer = io.BytesIO()
    c = new_canvas(buffer, A4, title)
    t = TextLayer(c)
    forms: dict[tuple[str, int, bool], str] = {}
    pages = max(1, -(-len(sheets) // PER_PAGE))
    for page in range(pages):
        for slot, data in enumerate(sheets[page * PER_PAGE : (page + 1) * PER_PAGE]):
            card_lab = labels_for(data.language)
            point = isinstance(data, PointSheetData)
            key = (data.language, _sheet_columns(data), point)
            form = forms.get(key)
            if form is None:
                form = forms[key] = f"card{len(forms)}"
                c.beginForm(form)
                _draw_static(c, key[1], card_lab, point)
                c.endForm()
            col, row = slot % COLUMNS, slot // COLUMNS
            x0 = MARGIN + col * CARD_W
            y0 = PAGE_H - MARGIN - (row + 1) * CARD_H
            _draw_card(c, t, data, x0, y0, card_lab, form)
        if sheets:
            first = sheets[page * PER_PAGE]
            footer = join(first.tournament, first.event, first.round_name, lab["score_cards"])
            draw_footer(c, language, footer, page + 1, pages, PAGE_W, MARGIN, y=5 * mm, text=t)
        t.flush()
        c.showPage()
    c.save()
    return buffer.getvalue()


__all__ = ["render_score_cards"]
