"""The scoresheet's static layer: the grid, captions, toss, seating and result boxes that do
not depend on the match, drawn once per layout into a form XObject (see
:mod:`scoring.pdf.scoresheet`)."""

from __future__ import annotations

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
    TINT_A,
    TINT_B,
    WHITE,
    draw_footer_rule,
    fit_size,
    string_width,
    wrap,
)
from .data import ScoresheetData
from .labels import labels_for
from .scoresheet_layout import (
    BAND_W,
    BOARD_W,
    BOARD_X,
    CONT_HEADER_H,
    CONTENT_W,
    HEADER_H,
    LABEL_ROW_H,
    LABEL_SIZE,
    MARGIN_X,
    META_CELLS,
    META_ROW_H,
    META_W,
    NAME_ROW_H,
    PAGE_W,
    QR_BLOCK_W,
    REMARKS_W,
    REMARKS_X,
    SIDE_W,
    SIDES_H,
    SPANS,
    TABLE_X,
    TITLE_H,
    Block,
    Geo,
    Page,
    draw_centred,
    draw_checkbox,
    meta_cell,
    text_y,
)

# --------------------------------------------------------------------------- static layer


def draw_static(c: Canvas, page: Page, geo: Geo, data: ScoresheetData) -> None:
    """Everything on the page that does not depend on the match: grid, captions, legend."""
    lab = labels_for(data.language)
    c.setLineCap(0)
    if page.first:
        _static_header(c, geo, lab)
        _static_sides(c, geo, lab, data.kind)
    else:
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1.2)
        c.line(
            MARGIN_X,
            geo.header_top - CONT_HEADER_H + 1 * mm,
            MARGIN_X + CONTENT_W,
            geo.header_top - CONT_HEADER_H + 1 * mm,
        )
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


def _static_header(c: Canvas, geo: Geo, lab: dict[str, str]) -> None:
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
        x, y, w = meta_cell(row, fx, fw, top)
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


def side_box_x(side: int) -> tuple[float, float]:
    w = (CONTENT_W - 4 * mm) / 2
    return MARGIN_X + side * (w + 4 * mm), w


def _static_sides(c: Canvas, geo: Geo, lab: dict[str, str], kind: str) -> None:
    h = SIDES_H[kind]
    for side in (0, 1):
        x, w = side_box_x(side)
        c.setFillColor(TINT_A if side == 0 else TINT_B)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.6)
        c.roundRect(x, geo.sides_top - h, w, h, 1.5 * mm, stroke=1, fill=1)
        # side badge
        c.setFillColor(ACCENT)
        c.circle(x + 5 * mm, geo.sides_top - 5 * mm, 3.2 * mm, stroke=0, fill=1)
        c.setFillColor(WHITE)
        c.setFont(BOLD, 11)
        c.drawCentredString(
            x + 5 * mm, geo.sides_top - 6.3 * mm, lab["side_a"] if side == 0 else lab["side_b"]
        )
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
        draw_checkbox(c, x, y)
        c.drawString(x + 4 * mm, y + 0.6 * mm, lab[key])
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm
    x += 4 * mm
    c.drawString(x, y + 0.6 * mm, lab["choice"])
    x += string_width(lab["choice"], REGULAR, 8.5) + 2 * mm
    for key in ("choice_break", "choice_side"):
        draw_checkbox(c, x, y)
        c.drawString(x + 4 * mm, y + 0.6 * mm, lab[key])
        x += 4 * mm + string_width(lab[key], REGULAR, 8.5) + 4 * mm


TOSS_BOX_KEYS = ("side_a", "side_b", "choice_break", "choice_side")


def toss_box_xs(lab: dict[str, str]) -> dict[str, float]:
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


def _static_game(
    c: Canvas, block: Block, top: float, rh: float, lab: dict[str, str], board_limit: int | None
) -> None:
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
        draw_centred(c, label, x, w, body_top, LABEL_ROW_H, COND_BOLD, size)
    draw_centred(
        c, lab["col_board"], BOARD_X, BOARD_W, body_top, LABEL_ROW_H, COND_BOLD, LABEL_SIZE
    )
    c.setFont(COND_BOLD, LABEL_SIZE)
    c.drawString(
        REMARKS_X + 1.5 * mm, text_y(body_top, LABEL_ROW_H, LABEL_SIZE), lab["col_remarks"]
    )
    if block.number == 3:  # the side-change rule of the third game, in the name row
        hint = lab["side_change_60a"] if board_limit else lab["side_change_60b"]
        c.setFillColor(MUTED)
        size = fit_size(hint, COND, 7, REMARKS_W - 2 * mm, 5.5)
        c.setFont(COND, size)
        c.drawString(REMARKS_X + 1.5 * mm, text_y(top - NAME_ROW_H, NAME_ROW_H, 7), hint)
        c.setFillColor(INK)
    draw_centred(c, lab["final"], BOARD_X, BOARD_W, bottom, rh, COND_BOLD, LABEL_SIZE)
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


def signature_slots(kind: str) -> list[tuple[float, float, float]]:
    """``(x, width, line y below the result box's top)`` of each signature line: singles the
    two players and the umpire in a row; doubles the four players (side A, side B, each pair's
    first player in the top row) and the umpire, right of the seating box."""
    if kind != "doubles":
        w = (CONTENT_W - 2 * 6 * mm) / 3
        return [(MARGIN_X + i * (w + 6 * mm), w, 18 * mm) for i in range(3)]
    x0 = MARGIN_X + SEATING_W + 6 * mm
    w = (MARGIN_X + CONTENT_W - x0 - 2 * 5 * mm) / 3
    col = [x0 + i * (w + 5 * mm) for i in range(3)]
    return [
        (col[0], w, 16 * mm),
        (col[0], w, 25.5 * mm),
        (col[1], w, 16 * mm),
        (col[1], w, 25.5 * mm),
        (col[2], w, 16 * mm),
    ]


SEATING_W = 68 * mm
SEATING_TOP = 9.5 * mm  # below the result box's top
SEATING_H = 20 * mm
SEAT_BOARD = 8 * mm  # the carrom board in the seating diagram


def seating_geometry(top: float) -> tuple[float, float, float]:
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
    cx, cy, half = seating_geometry(top)
    c.setFillColor(TINT)
    c.setStrokeColor(INK)
    c.rect(cx - half, cy - half, 2 * half, 2 * half, stroke=1, fill=1)
    c.setFillColor(MUTED)
    c.setFont(BOLD, 6)
    for (dx, dy), number in zip(SEAT_OFFSETS, "1234", strict=True):
        c.drawCentredString(
            cx + dx * (half - 1.6 * mm), cy + dy * (half - 1.6 * mm) - 0.75 * mm, number
        )
    c.setFillColor(INK)


#: Where seats 1-4 sit around the board, as unit offsets from its centre: seat 1 at the
#: bottom, then to the right (ICF 78(b) "the player sitting to the right"), seat 3 opposite.
SEAT_OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _static_result(c: Canvas, geo: Geo, lab: dict[str, str], kind: str) -> None:
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
    c.line(
        wx + string_width(lab["match_won_by"], BOLD, 9) + 2 * mm,
        y - 1 * mm,
        MARGIN_X + CONTENT_W - 3 * mm,
        y - 1 * mm,
    )
    if kind == "doubles":
        _static_seating(c, top, lab)
    # signature lines
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    for x, w, below in signature_slots(kind):
        c.line(x, top - below, x + w, top - below)
    if kind == "doubles":
        c.setFont(BOLD, 7.5)
        c.drawString(signature_slots(kind)[0][0], top - 12.7 * mm, lab["signatures"])
    c.setFillColor(INK)


def signature_captions(data: ScoresheetData, lab: dict[str, str]) -> list[tuple[str, str]]:
    """``(caption, name)`` under each signature line, in :func:`signature_slots` order."""
    umpire = (f"{lab['signature']} {lab['signature_umpire']}", data.umpire)
    if data.kind == "doubles":
        umpire = (lab["signature_umpire"], data.umpire)
    if data.kind != "doubles":
        return [
            (f"{lab['signature']} {lab['side_a']}", data.sides[0].name),
            (f"{lab['signature']} {lab['side_b']}", data.sides[1].name),
            umpire,
        ]
    captions = []
    for side, key in ((0, "side_a"), (1, "side_b")):
        players = [p.name for p in data.sides[side].players][:2]
        players += [""] * (2 - len(players))
        captions += [(lab[key], name) for name in players]  # "Signatures" heads the grid
    return [*captions, umpire]
