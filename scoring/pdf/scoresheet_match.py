"""The scoresheet's words about the match itself, drawn over its static form (the variable
layer of :mod:`.scoresheet`): the header (tournament, event, round, table, umpire, times, the
QR code), the sides with their players and the toss's crosses (ICF 40), the match's result
with the signatures, and a doubles match's seating (ICF 41)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT_OP,
    BOLD,
    CENTRE,
    COND,
    COND_BOLD,
    LEFT,
    MUTED_OP,
    REGULAR,
    RIGHT,
    TextLayer,
    draw_qr,
    fit,
    fit_lines,
    fit_size,
    format_date,
    join,
    string_width,
)
from .data import ScoresheetData
from .scoresheet_grid import (
    SEAT_OFFSETS,
    SEATING_W,
    TOSS_BOX_KEYS,
    seating_geometry,
    side_box_x,
    signature_captions,
    signature_slots,
    toss_box_xs,
)
from .scoresheet_layout import (
    CONTENT_W,
    MARGIN_X,
    META_CELLS,
    QR_BLOCK_W,
    QR_SIZE,
    Geo,
    Page,
    draw_cross,
    meta_cell,
)


def draw_header(
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


def draw_sides(
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


def draw_result(t: TextLayer, geo: Geo, data: ScoresheetData, lab: dict[str, str]) -> None:
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
