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
    INK,
    LEFT,
    MUTED,
    MUTED_OP,
    REGULAR,
    RIGHT,
    VOID_FILL,
    TextLayer,
    draw_footer,
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
from .data import BoardRow, ScoresheetData
from .labels import labels_for
from .point_sheet import PointSheetData, draw_point_sheet
from .scoresheet_grid import (
    SEAT_OFFSETS,
    SEATING_W,
    TOSS_BOX_KEYS,
    draw_static,
    seating_geometry,
    side_box_x,
    signature_captions,
    signature_slots,
    toss_box_xs,
)
from .scoresheet_layout import (
    BOARD_W,
    BOARD_X,
    CELL_SIZE,
    CONTENT_W,
    LABEL_ROW_H,
    MARGIN_X,
    META_CELLS,
    NAME_ROW_H,
    PAGE_W,
    QR_BLOCK_W,
    QR_SIZE,
    REMARKS_W,
    REMARKS_X,
    SIDE_W,
    SPANS,
    TABLE_X,
    Block,
    Geo,
    Page,
    draw_cross,
    meta_cell,
    page_geometry,
    page_plan,
    text_y,
)

# --------------------------------------------------------------------------- variable layer


def _draw_variable_header(
    c: Canvas, t: TextLayer, page: Page, geo: Geo, data: ScoresheetData, lab: dict[str, str]
) -> None:
    top = geo.header_top
    if not page.first:
        title = join(lab["scoresheet"], lab["continued"], sep=" – ")
        t.text(MARGIN_X, top - 6 * mm, title, BOLD, 11, ACCENT_OP)
        info = join(
            data.event,
            data.round_name,
            f"{lab['match']} {data.match_number}",
            f"{lab['table']} {data.table}",
            f"{data.sides[0].name} – {data.sides[1].name}",
        )
        x = MARGIN_X + string_width(title, BOLD, 11) + 5 * mm
        t.text(x, top - 6 * mm, fit(info, REGULAR, 9, MARGIN_X + CONTENT_W - x), REGULAR, 9)
        return
    sub = join(
        lab["doubles"] if data.kind == "doubles" else lab["singles"],
        lab["blank_sheet"] if data.blank else "",
    )
    t.text(
        MARGIN_X + string_width(lab["scoresheet"], BOLD, 17) + 4 * mm,
        top - 6.6 * mm,
        sub,
        REGULAR,
        9,
        MUTED_OP,
    )
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
        x, y, w = meta_cell(row, fx, fw, top)
        font, size = (BOLD, 12.0) if key in ("table", "match") else (REGULAR, 10.0)
        size = fit_size(value, font, size, w - 3 * mm, 6.5)  # the umpire's whole name
        t.text(x + 1.5 * mm, y + 1.6 * mm, fit(value, font, size, w - 3 * mm), font, size)
    if data.qr_url:
        qx = MARGIN_X + CONTENT_W - QR_BLOCK_W + (QR_BLOCK_W - QR_SIZE) / 2
        draw_qr(c, data.qr_url, qx, top - QR_SIZE - 0.5 * mm, QR_SIZE)


def _draw_variable_sides(
    c: Canvas, t: TextLayer, geo: Geo, data: ScoresheetData, lab: dict[str, str]
) -> None:
    for side_index, side in enumerate(data.sides):
        x, w = side_box_x(side_index)
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
    xs = toss_box_xs(lab)
    if data.blank:  # the toss happens at the table
        return
    if data.toss.winner is not None:
        draw_cross(c, xs[TOSS_BOX_KEYS[data.toss.winner]], geo.toss_y)
    if data.toss.choice is not None:
        draw_cross(
            c, xs["choice_break" if data.toss.choice == "break" else "choice_side"], geo.toss_y
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


def _draw_game_underlay(c: Canvas, block: Block, top: float, rh: float) -> None:
    """Fills that must lie under the form's grid lines (void rows)."""
    if block.game is None:
        return
    body_top = top - NAME_ROW_H - LABEL_ROW_H
    for i, board in enumerate(block.game.boards):
        if board.void:
            _void_underlay(c, body_top - (i + 1) * rh, rh)


def _draw_game(
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


def _draw_variable_result(
    t: TextLayer, geo: Geo, data: ScoresheetData, lab: dict[str, str]
) -> None:
    top = geo.result_top
    y = top - 5.3 * mm
    x = MARGIN_X + 2 * mm + string_width(lab["match_result"], BOLD, 9) + 4 * mm
    if data.walkover and not data.blank:
        # beside the A : B boxes (left empty), before the winner's label: who was absent
        t.text(x + 26 * mm, y - 0.4 * mm, lab["walkover"], BOLD, 10)
        if data.winner is not None:  # under it, the side that did not come (condensed)
            text = lab["walkover_absent"].format(name=data.sides[1 - data.winner].name)
            room = MARGIN_X + CONTENT_W * 0.52 - x - 2 * mm
            size = fit_size(text, COND, 7.5, room, 6)
            t.text(x, y - 4.6 * mm, fit(text, COND, size, room), COND, size)
    elif data.games_won is not None and not data.blank:
        t.text(x + 8 * mm, y - 0.4 * mm, str(data.games_won[0]), BOLD, 11, align=CENTRE)
        t.text(x + 20 * mm, y - 0.4 * mm, str(data.games_won[1]), BOLD, 11, align=CENTRE)
    if data.draw and data.winner is None and not data.blank:  # nobody won: the slot says so
        wx = MARGIN_X + CONTENT_W * 0.52 + string_width(lab["match_won_by"], BOLD, 9) + 3 * mm
        t.text(wx, y, lab["draw_time_up"] if data.time_up else lab["draw"], BOLD, 10)
    if data.winner is not None and not data.blank:
        wx = MARGIN_X + CONTENT_W * 0.52 + string_width(lab["match_won_by"], BOLD, 9) + 3 * mm
        name = data.sides[data.winner].name
        if data.time_up:
            name = f"{name} ({lab['time_up']})"
        t.text(wx, y, fit(name, BOLD, 10, MARGIN_X + CONTENT_W - wx - 3 * mm), BOLD, 10)
    slots = signature_slots(data.kind)
    for (x, w, below), (caption, name) in zip(slots, signature_captions(data, lab), strict=True):
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
    cx, cy, half = seating_geometry(top)
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
        self.names: dict[tuple[object, ...], str] = {}

    def use(self, c: Canvas, page: Page, geo: Geo, data: ScoresheetData) -> None:
        layout = tuple((b.number, b.rows) for b in page.blocks)
        key = (
            data.language,
            data.kind,
            data.board_limit,
            page.first,
            page.last,
            page.row_h,
            layout,
        )
        name = self.names.get(key)
        if name is None:
            name = f"sheet{len(self.names)}"
            c.beginForm(name)
            draw_static(c, page, geo, data)
            c.endForm()
            self.names[key] = name
        c.doForm(name)


def _draw_rules(t: TextLayer, data: ScoresheetData, lab: dict[str, str]) -> None:
    """The rules when they differ from ICF (a house preset): their name and the differences
    in words above the footer, on two lines at most (shrunk to fit before anything is cut)."""
    text = f"{lab['rules']}: {data.rules_name} – " + "; ".join(data.rules_differences)
    size = 7.0
    lines = wrap(text, REGULAR, size, CONTENT_W)
    while len(lines) > 2 and size > 5.0:
        size -= 0.25
        lines = wrap(text, REGULAR, size, CONTENT_W)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), REGULAR, size, CONTENT_W)]
    for row, line in enumerate(lines):
        t.text(
            MARGIN_X,
            (11.0 + 1.2 * size * (len(lines) - 1 - row) / 2.83465) * mm,
            line,
            REGULAR,
            size,
        )


def _footer_text(data: ScoresheetData, lab: dict[str, str]) -> str:
    return join(
        data.tournament,
        data.event,
        data.round_name,
        f"{lab['match']} {data.match_number}",
        f"{lab['table']} {data.table}" if data.table else "",
        data.reference,
    )


def _render(sheets: Iterable[ScoresheetData | PointSheetData], title: str) -> bytes:
    planned = [
        (data, [] if isinstance(data, PointSheetData) else page_plan(data)) for data in sheets
    ]
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
            geo = page_geometry(page, data.kind)
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
            if data.rules_differences:
                _draw_rules(t, data, lab)
            draw_footer(
                c,
                data.language,
                _footer_text(data, lab),
                number,
                total,
                PAGE_W,
                MARGIN_X,
                text=t,
                rule=False,
            )
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
