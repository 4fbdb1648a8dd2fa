"""Group and Swiss standings: one table per group, tie-break columns in the given order.

Built with platypus (tables may run over several pages; the header row repeats), with a
"page X of Y" footer drawn in a second pass over the finished pages.
"""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from .base import (
    ACCENT,
    BOLD,
    COND,
    COND_BOLD,
    CREATOR,
    INK,
    MUTED,
    REGULAR,
    RULE,
    TINT,
    WHITE,
    draw_footer,
    fit,
    fit_size,
    format_date,
    internals,
    join,
    register_fonts,
    string_width,
    wrap,
)
from .data import StandingsSheetData
from .labels import labels_for

MARGIN = 14 * mm
RANK_W = 11 * mm
NAME_MIN_W = 40 * mm  # names shrink (to 7 pt) before they are shortened
CLUB_W = 28 * mm
VALUE_W = 9 * mm  # the narrowest figure column; wider for a longer header or figure
VALUE_MAX_W = 48 * mm  # a text column ("decided by") grows up to this, then is shortened
VALUE_PAD = 6 + 2.5 * mm  # the cells' left and right padding
HEADER_WRAP_W = 14 * mm  # headers wider than this go on two lines
TEXT_SIZE = 8  # words in a value column ("game difference"), condensed
ROW_SIZE = 9
HEADER_SIZE = 8.5


def format_value(value: int | float | str | None, language: str) -> str:
    """Numbers as officials write them: integers plain, fractions with up to two decimals
    and the German decimal comma for ``de``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        text = str(int(value)) if value.is_integer() else f"{value:.2f}".rstrip("0")
    else:
        text = str(value)
    return text.replace(".", ",") if language in ("de", "fr", "it") else text


def _numbered_canvas(language: str, footer_left: str) -> type[Canvas]:
    class NumberedCanvas(Canvas):
        """Keeps every page until the end, then stamps "page X of Y" on each."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("invariant", True)
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            internals(self)._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                draw_footer(
                    self, language, footer_left, number, total, internals(self)._pagesize[0], MARGIN
                )
                super().showPage()
            super().save()

    return NumberedCanvas


def _is_text(texts: list[str]) -> bool:
    """A column of words ("decided by"), not of figures: printed condensed, left-aligned."""
    return any(any(ch.isalpha() for ch in t) for t in texts)


def _value_font(texts: list[str]) -> tuple[str, float]:
    return (COND, TEXT_SIZE) if _is_text(texts) else (REGULAR, ROW_SIZE)


def _value_width(header: str, texts: list[str]) -> float:
    """A value column as wide as its header and its widest value (at least :data:`VALUE_W`,
    at most :data:`VALUE_MAX_W`), so that "game difference" prints whole."""
    font, size = _value_font(texts)
    header_w = string_width(header, COND_BOLD, HEADER_SIZE)
    if header_w > HEADER_WRAP_W:  # a long header ("Entschieden durch") wraps
        header_w = max(string_width(word, COND_BOLD, HEADER_SIZE) for word in header.split())
    widest = max([header_w] + [string_width(t, font, size) for t in texts])
    return min(VALUE_MAX_W, max(VALUE_W, widest + VALUE_PAD))


def _header_cell(header: str, width: float) -> str:
    """A column header, on two lines when it is wider than its column."""
    return "\n".join(wrap(header, COND_BOLD, HEADER_SIZE, width - VALUE_PAD)) or header


def _name_size(name: str, name_w: float) -> float:
    return fit_size(name, REGULAR, ROW_SIZE, name_w - 3 * mm, 7)


def render_standings(data: StandingsSheetData) -> bytes:
    """Standings tables as PDF bytes (A4 portrait; landscape when the columns need it)."""
    register_fonts()
    lab = labels_for(data.language)
    has_club = any(row.club for group in data.groups for row in group.rows)
    column_headers = [col.label or lab.get(col.key, col.key) for col in data.columns]
    headers = [lab["rank"], lab["name"]] + ([""] if has_club else []) + column_headers
    column_texts = [
        [
            format_value(row.values.get(col.key), data.language)
            for group in data.groups
            for row in group.rows
        ]
        for col in data.columns
    ]
    value_widths = [
        _value_width(header, texts)
        for header, texts in zip(column_headers, column_texts, strict=True)
    ]
    value_fonts = [_value_font(texts) for texts in column_texts]
    headers = [
        *headers[: len(headers) - len(column_headers)],
        *(_header_cell(h, w) for h, w in zip(column_headers, value_widths, strict=True)),
    ]
    fixed = RANK_W + (CLUB_W if has_club else 0) + sum(value_widths)
    pagesize = A4 if A4[0] - 2 * MARGIN - fixed >= NAME_MIN_W else landscape(A4)
    width = pagesize[0] - 2 * MARGIN
    name_w = width - fixed
    title = join(data.event, lab["standings"], sep=" – ")
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6 * mm,
        title=title,
        author=CREATOR,
        creator=CREATOR,
    )
    h1 = ParagraphStyle("h1", fontName=BOLD, fontSize=16, leading=20, textColor=ACCENT)
    sub = ParagraphStyle("sub", fontName=REGULAR, fontSize=9, leading=12, textColor=MUTED)
    h2 = ParagraphStyle(
        "h2",
        fontName=BOLD,
        fontSize=11,
        leading=14,
        textColor=INK,
        spaceBefore=4 * mm,
        spaceAfter=1.5 * mm,
    )
    note = ParagraphStyle("note", fontName=REGULAR, fontSize=7.5, leading=10, textColor=MUTED)

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    story: list[Any] = [
        Paragraph(esc(title), h1),
        Paragraph(
            esc(join(data.tournament, data.subtitle, format_date(data.date, data.language))), sub
        ),
        Spacer(1, 3 * mm),
    ]
    widths = [RANK_W, name_w] + ([CLUB_W] if has_club else []) + value_widths
    first_value = 3 if has_club else 2
    for group in data.groups:
        rows: list[list[str]] = [headers]
        for row in group.rows:
            cells = [
                str(row.rank) if row.rank is not None else "",
                fit(row.name, REGULAR, _name_size(row.name, name_w), name_w - 3 * mm),
            ]
            if has_club:
                cells.append(fit(row.club, COND, 8, CLUB_W - 2 * mm))
            cells += [
                fit(format_value(row.values.get(col.key), data.language), font, size, w - VALUE_PAD)
                for col, w, (font, size) in zip(
                    data.columns, value_widths, value_fonts, strict=True
                )
            ]
            rows.append(cells)
        style: list[tuple[Any, ...]] = [
            ("FONT", (0, 0), (-1, 0), COND_BOLD, HEADER_SIZE),
            ("FONT", (0, 1), (-1, -1), REGULAR, ROW_SIZE),
            ("FONT", (0, 1), (0, -1), BOLD, ROW_SIZE),
            ("TEXTCOLOR", (0, 0), (-1, 0), WHITE),
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (first_value, 0), (-1, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.8),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2.5 * mm),
        ]
        if has_club:
            style += [("FONT", (2, 1), (2, -1), COND, 8), ("TEXTCOLOR", (2, 1), (2, -1), MUTED)]
        if data.columns:  # the first tie-break column decides most: bold
            style.append(("FONT", (first_value, 1), (first_value, -1), BOLD, ROW_SIZE))
        for i, (font, size) in enumerate(value_fonts):
            if font == COND:  # a column of words: condensed, left-aligned, muted
                col = first_value + i
                style += [
                    ("FONT", (col, 1), (col, -1), COND, size),
                    ("ALIGN", (col, 0), (col, -1), "LEFT"),
                    ("TEXTCOLOR", (col, 1), (col, -1), MUTED),
                ]
        for i, row in enumerate(group.rows, start=1):
            if _name_size(row.name, name_w) < ROW_SIZE:  # a long name shrinks before it is cut
                style.append(("FONTSIZE", (1, i), (1, i), _name_size(row.name, name_w)))
            if row.highlight:
                style.append(("BACKGROUND", (0, i), (-1, i), TINT))
        table = Table(rows, colWidths=widths, repeatRows=1, style=TableStyle(style))
        heading = [Paragraph(esc(lab["group"].format(name=group.name)), h2)] if group.name else []
        if len(group.rows) <= 24:
            story += [CondPageBreak(30 * mm), KeepTogether([*heading, table])]
        else:
            story += [*heading, table]
        story.append(Spacer(1, 2 * mm))
    if data.footnote:
        story += [Spacer(1, 3 * mm), Paragraph(esc(data.footnote), note)]
    doc.build(story, canvasmaker=_numbered_canvas(data.language, join(data.tournament, data.event)))
    return buffer.getvalue()
