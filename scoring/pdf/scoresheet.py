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

The match's own words (header, sides, result, seating) are :mod:`.scoresheet_match`, the games'
board rows :mod:`.scoresheet_games`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    REGULAR,
    TextLayer,
    draw_footer,
    fit,
    join,
    new_canvas,
    wrap,
)
from .data import ScoresheetData
from .labels import labels_for
from .point_sheet import PointSheetData, draw_point_sheet
from .scoresheet_games import draw_game, draw_game_underlay
from .scoresheet_grid import (
    draw_static,
)
from .scoresheet_layout import (
    CONTENT_W,
    MARGIN_X,
    PAGE_W,
    Geo,
    Page,
    page_geometry,
    page_plan,
)
from .scoresheet_match import draw_header, draw_result, draw_sides

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
                    draw_game_underlay(c, block, top, page.row_h)
            forms.use(c, page, geo, data)
            draw_header(c, t, page, geo, data, lab)
            if page.first:
                draw_sides(c, t, geo, data, lab)
            for block, top in zip(page.blocks, geo.block_tops, strict=True):
                draw_game(c, t, block, top, page.row_h, data, lab, match_over)
            if page.last:
                draw_result(t, geo, data, lab)
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
