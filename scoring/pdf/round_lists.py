"""A round's lists for the hall (issue 15): the pairing list for the notice board (table,
players, clubs, in table order) and the call-up list for the desk (call order with tick boxes
for "called" and "present", then every player alphabetically with his table).

Built with platypus like the standings (the header row repeats on every page, "page X of Y"
in the footer); the data is :class:`scoring.pdf.data.RoundListData`, decided by the selector.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from . import base as ink  # the sheets' fonts, palette and page chrome
from .data import RoundListData, SideData
from .labels import labels_for
from .standings import _numbered_canvas

MARGIN = 14 * mm
WIDTH = A4[0] - 2 * MARGIN
BOX = "☐"  # a tick box to mark by hand


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "h1": ParagraphStyle(
            "h1", fontName=ink.BOLD, fontSize=16, leading=20, textColor=ink.ACCENT
        ),
        "sub": ParagraphStyle(
            "sub", fontName=ink.REGULAR, fontSize=9, leading=12, textColor=ink.MUTED
        ),
        "h2": ParagraphStyle(
            "h2",
            fontName=ink.BOLD,
            fontSize=12,
            leading=15,
            textColor=ink.INK,
            spaceBefore=5 * mm,
            spaceAfter=2 * mm,
        ),
        "name": ParagraphStyle(
            "name", fontName=ink.BOLD, fontSize=11, leading=13.5, textColor=ink.INK
        ),
        "small": ParagraphStyle(
            "small", fontName=ink.REGULAR, fontSize=9, leading=11, textColor=ink.INK
        ),
        "club": ParagraphStyle(
            "club", fontName=ink.COND, fontSize=8, leading=9.5, textColor=ink.MUTED
        ),
        "note": ParagraphStyle(
            "note", fontName=ink.REGULAR, fontSize=8, leading=10, textColor=ink.MUTED
        ),
    }


def _side_cell(
    side: SideData, st: dict[str, ParagraphStyle], style: str = "name", fallback: str = ""
) -> list[Paragraph]:
    """A side's name (wrapped, never cut) with its club below it."""
    cell = [Paragraph(_esc(side.name or fallback), st[style])]
    if side.club:
        cell.append(Paragraph(_esc(side.club), st["club"]))
    return cell


def _table_style(extra: Sequence[tuple[Any, ...]] = ()) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, 0), ink.COND_BOLD, 8.5),
            ("TEXTCOLOR", (0, 0), (-1, 0), ink.WHITE),
            ("BACKGROUND", (0, 0), (-1, 0), ink.ACCENT),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 1), (-1, -1), 0.4, ink.RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 1.6 * mm),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1.6 * mm),
            *extra,
        ]
    )


def _document(data: RoundListData, title: str, story: list[Any]) -> bytes:
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6 * mm,
        title=title,
        author=ink.CREATOR,
        creator=ink.CREATOR,
    )
    doc.build(
        story,
        canvasmaker=_numbered_canvas(
            data.language, ink.join(data.tournament, data.event, data.round_name)
        ),
    )
    return buffer.getvalue()


def _heading(data: RoundListData, what: str, st: dict[str, ParagraphStyle]) -> list[Any]:
    return [
        Paragraph(_esc(ink.join(data.event, data.round_name, what, sep=" – ")), st["h1"]),
        Paragraph(
            _esc(
                ink.join(data.tournament, data.subtitle, ink.format_date(data.date, data.language))
            ),
            st["sub"],
        ),
        Spacer(1, 3 * mm),
    ]


def render_pairing_list(data: RoundListData) -> bytes:
    """The round's pairings in table order (A4 portrait, large print for the notice board);
    a bye is listed with its player and "bye"."""
    ink.register_fonts()
    lab = labels_for(data.language)
    st = _styles()
    widths = [17 * mm, 15 * mm, 0.0, 9 * mm, 0.0, 34 * mm]
    widths[2] = widths[4] = (WIDTH - sum(widths)) / 2
    rows: list[list[Any]] = [
        [
            lab["col_table"],
            lab["col_match"],
            lab["col_side_a"],
            "",
            lab["col_side_b"],
            lab["col_umpire"],
        ]
    ]
    extra: list[tuple[Any, ...]] = [
        ("FONT", (0, 1), (0, -1), ink.BOLD, 15),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("FONT", (1, 1), (1, -1), ink.REGULAR, 10),
        ("ALIGN", (3, 0), (3, -1), "CENTER"),
        ("FONT", (3, 1), (3, -1), ink.REGULAR, 9),
        ("TEXTCOLOR", (3, 1), (3, -1), ink.MUTED),
    ]
    for i, row in enumerate(data.pairings, start=1):
        b_cell = (
            [Paragraph(_esc(lab["bye"]), st["club"])] if row.bye else _side_cell(row.sides[1], st)
        )
        rows.append(
            [
                row.table or "–",
                row.match_number,
                _side_cell(row.sides[0], st),
                "" if row.bye else lab["vs"],
                b_cell,
                Paragraph(_esc(row.umpire), st["small"]),
            ]
        )
        if i % 2 == 0:
            extra.append(("BACKGROUND", (0, i), (-1, i), ink.TINT))
    table = Table(rows, colWidths=widths, repeatRows=1, style=_table_style(extra))
    title = ink.join(data.event, data.round_name, lab["pairings"], sep=" – ")
    return _document(data, title, [*_heading(data, lab["pairings"], st), table])


def render_callup_list(data: RoundListData) -> bytes:
    """The desk's call-up list: the round's matches in call order with tick boxes (called,
    each side present), then every player alphabetically with his table and opponent."""
    ink.register_fonts()
    lab = labels_for(data.language)
    st = _styles()
    box = ParagraphStyle("box", fontName=ink.REGULAR, fontSize=13, leading=14, alignment=1)
    widths = [14 * mm, 14 * mm, 0.0, 13 * mm, 0.0, 13 * mm, 30 * mm, 19 * mm]
    widths[2] = widths[4] = (WIDTH - sum(widths)) / 2
    header = [
        lab["col_match"],
        lab["col_table"],
        lab["col_side_a"],
        lab["col_present"],
        lab["col_side_b"],
        lab["col_present"],
        lab["col_umpire"],
        lab["col_called"],
    ]
    rows: list[list[Any]] = [header]
    extra: list[tuple[Any, ...]] = [
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("FONT", (0, 1), (1, -1), ink.BOLD, 11),
        ("FONT", (3, 0), (3, 0), ink.COND_BOLD, 7),
        ("FONT", (5, 0), (5, 0), ink.COND_BOLD, 7),
        ("FONT", (7, 0), (7, 0), ink.COND_BOLD, 7.5),
        ("ALIGN", (3, 0), (3, -1), "CENTER"),
        ("ALIGN", (5, 0), (5, -1), "CENTER"),
        ("ALIGN", (7, 0), (7, -1), "CENTER"),
    ]
    for i, row in enumerate(data.pairings, start=1):
        called = [Paragraph(BOX, box)]
        if row.called:
            called.append(Paragraph(_esc(row.called), st["club"]))
        rows.append(
            [
                row.match_number,
                row.table or "–",
                _side_cell(row.sides[0], st, "small"),
                Paragraph(BOX, box),
                (
                    [Paragraph(_esc(lab["bye"]), st["club"])]
                    if row.bye
                    else _side_cell(row.sides[1], st, "small")
                ),
                "" if row.bye else Paragraph(BOX, box),
                Paragraph(_esc(row.umpire), st["small"]),
                called,
            ]
        )
        if i % 2 == 0:
            extra.append(("BACKGROUND", (0, i), (-1, i), ink.TINT))
    story: list[Any] = [
        *_heading(data, lab["callup_list"], st),
        Paragraph(_esc(lab["callup_hint"]), st["note"]),
        Spacer(1, 2 * mm),
        Table(rows, colWidths=widths, repeatRows=1, style=_table_style(extra)),
    ]
    if data.players:
        index: list[list[Any]] = [
            [
                lab["col_player"],
                lab["col_club"],
                lab["col_table"],
                lab["col_match"],
                lab["col_opponent"],
            ]
        ]
        for p in data.players:
            index.append(
                [
                    Paragraph(_esc(p.name), st["small"]),
                    Paragraph(_esc(p.club), st["club"]),
                    p.table or "–",
                    p.match_number,
                    Paragraph(_esc(lab["bye"] if p.bye else p.opponent), st["small"]),
                ]
            )
        iw = [0.0, 40 * mm, 15 * mm, 15 * mm, 0.0]
        iw[0] = iw[4] = (WIDTH - sum(iw)) / 2
        story += [
            Paragraph(_esc(lab["players_index"]), st["h2"]),
            Table(
                index,
                colWidths=iw,
                repeatRows=1,
                style=_table_style(
                    [("ALIGN", (2, 0), (3, -1), "CENTER"), ("FONT", (2, 1), (2, -1), ink.BOLD, 10)]
                ),
            ),
        ]
    title = ink.join(data.event, data.round_name, lab["callup_list"], sep=" – ")
    return _document(data, title, story)
