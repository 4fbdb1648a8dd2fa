"""Table labels: a big table number and a QR code to the table's current match.

Two labels per A4 portrait page (A5 landscape each, with a dashed cut line between them), so
a label folds or stands in a card holder next to the carrom board.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    ACCENT_OP,
    BOLD,
    CENTRE,
    GRID,
    MUTED_OP,
    REGULAR,
    TINT,
    TextLayer,
    draw_qr,
    fit,
    fit_size,
    new_canvas,
    wrap,
)
from .data import TableLabelData
from .labels import labels_for

PAGE_W, PAGE_H = A4
LABEL_H = PAGE_H / 2
PAD = 10 * mm
QR_SIZE = 62 * mm


def _draw_label(c: Canvas, t: TextLayer, data: TableLabelData, bottom: float) -> None:
    lab = labels_for(data.language)
    left, right = PAD, PAGE_W - PAD
    top = bottom + LABEL_H - PAD
    low = bottom + PAD
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.5)
    c.roundRect(left, low, right - left, top - low, 4 * mm)
    c.setFillColor(ACCENT)
    c.roundRect(left, top - 14 * mm, right - left, 14 * mm, 4 * mm, stroke=0, fill=1)
    c.rect(left, top - 14 * mm, right - left, 7 * mm, stroke=0, fill=1)
    t.text(
        left + 6 * mm,
        top - 9.2 * mm,
        fit(data.tournament, BOLD, 13, right - left - 12 * mm),
        BOLD,
        13,
        "1 1 1 rg",
    )
    has_qr = bool(data.qr_url)
    number_right = right - (QR_SIZE + 10 * mm if has_qr else 0)
    centre = (left + number_right) / 2
    t.text(centre, top - 26 * mm, lab["table"].upper(), BOLD, 20, MUTED_OP, CENTRE)
    size = fit_size(data.table, BOLD, 190, number_right - left - 12 * mm, 40)
    t.text(centre, low + 14 * mm, data.table, BOLD, size, ACCENT_OP, CENTRE)
    if has_qr:
        qx = right - QR_SIZE - 6 * mm
        qy = low + (top - 14 * mm - low - QR_SIZE) / 2 + 5 * mm
        c.setFillColor(TINT)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        c.roundRect(
            qx - 2 * mm, qy - 12 * mm, QR_SIZE + 4 * mm, QR_SIZE + 14 * mm, 2 * mm, stroke=1, fill=1
        )
        c.setFillColor((1, 1, 1))
        c.rect(qx, qy, QR_SIZE, QR_SIZE, stroke=0, fill=1)
        draw_qr(c, data.qr_url, qx, qy, QR_SIZE)
        caption = data.caption or lab["table_label_caption"]
        for i, line in enumerate(wrap(caption, REGULAR, 8, QR_SIZE)[:2]):
            t.text(
                qx + QR_SIZE / 2, qy - 4.5 * mm - i * 3.6 * mm, line, REGULAR, 8, MUTED_OP, CENTRE
            )


def render_table_labels(labels: Sequence[TableLabelData]) -> bytes:
    """Table labels as PDF bytes, two per A4 page."""
    buffer = io.BytesIO()
    title = labels_for(labels[0].language if labels else "en")["table"]
    c = new_canvas(buffer, A4, title)
    t = TextLayer(c)
    for start in range(0, len(labels), 2):
        pair = labels[start : start + 2]
        for i, data in enumerate(pair):
            _draw_label(c, t, data, LABEL_H if i == 0 else 0)
        c.setStrokeColor(GRID)  # cut line
        c.setLineWidth(0.5)
        c.setDash(4, 3)
        c.line(4 * mm, LABEL_H, PAGE_W - 4 * mm, LABEL_H)
        c.setDash()
        t.flush()
        c.showPage()
    if not labels:
        c.showPage()
    c.save()
    return buffer.getvalue()
