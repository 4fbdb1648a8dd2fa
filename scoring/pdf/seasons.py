"""A championship's ranking (or a nation's ranking over a season) as a PDF (issue 33): one
line per player or pair, one column per tournament with its prize, skipped prizes in brackets
(the legend says so: not by colour alone), the total. Landscape A4; the header repeats on every
page. Pure: the words come in the data, already in the reader's language."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

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
    register_fonts,
)

MARGIN = 12 * mm


@dataclass(frozen=True)
class RankingSheetLine:
    rank: int
    name: str
    nation: str
    prizes: list[str]  # "14", "(12)" when skipped, "–" when absent
    total: str


@dataclass(frozen=True)
class RankingSheetData:
    title: str
    subtitle: str
    headers: list[str]  # rank, player, nation, then one per tournament, then total
    lines: list[RankingSheetLine]
    legend: str
    empty: str
    footer: str = ""
    columns: list[str] = field(default_factory=list)  # a tournament's name and date


def ranking_pdf(data: RankingSheetData) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=data.title,
        author=CREATOR,
        creator=CREATOR,
        invariant=True,
    )
    title = ParagraphStyle("t", fontName=BOLD, fontSize=15, leading=19, textColor=ACCENT)
    sub = ParagraphStyle("s", fontName=REGULAR, fontSize=9, leading=12, textColor=MUTED)
    head = ParagraphStyle(
        "h", fontName=COND_BOLD, fontSize=7.5, leading=9, textColor=WHITE, alignment=1
    )
    cell = ParagraphStyle("c", fontName=REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    story: list[Flowable] = [
        Paragraph(_escape(data.title), title),
        Paragraph(_escape(data.subtitle), sub),
        Spacer(1, 4 * mm),
    ]
    if not data.lines:
        story.append(Paragraph(_escape(data.empty), cell))
    else:
        header = [
            Paragraph(_escape(h), head)
            for h in [*data.headers[:3], *data.columns, data.headers[-1]]
        ]
        rows: list[list[Paragraph | str]] = [list(header)]
        for line in data.lines:
            rows.append(
                [
                    str(line.rank),
                    Paragraph(_escape(line.name), cell),
                    line.nation,
                    *line.prizes,
                    line.total,
                ]
            )
        width = landscape(A4)[0] - 2 * MARGIN
        n = len(data.columns)
        fixed = 14 * mm + 17 * mm + 16 * mm
        prize_w = max(min((width - fixed - 60 * mm) / max(n, 1), 24 * mm), 11 * mm)
        name_w = width - fixed - prize_w * n
        table = Table(
            rows, colWidths=[14 * mm, name_w, 17 * mm, *[prize_w] * n, 16 * mm], repeatRows=1
        )
        style: list[tuple[Any, ...]] = [
            ("FONT", (0, 1), (-1, -1), REGULAR, 8.5),
            ("FONT", (-1, 1), (-1, -1), BOLD, 8.5),
            ("FONT", (3, 1), (-2, -1), COND, 8.5),
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
        ]
        style += [("BACKGROUND", (0, i), (-1, i), TINT) for i in range(2, len(rows), 2)]
        table.setStyle(TableStyle(style))
        story.append(table)
    story += [Spacer(1, 3 * mm), Paragraph(_escape(data.legend), sub)]
    if data.footer:
        story.append(Paragraph(_escape(data.footer), sub))
    doc.build(story)
    return buffer.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
