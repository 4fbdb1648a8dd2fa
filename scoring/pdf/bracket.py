"""Bracket sheets: knock-out trees and double elimination (winners, losers, grand final).

Each round is a column of match boxes (two lines: entry and result, the winner in bold).
A round with half the matches of the one before is joined to it by elbows (a tree); a round
with as many matches (a losers-bracket round that takes in the losers from the winners
bracket) by straight lines. Large trees are drawn from both sides towards the final in the
middle, the wall-chart layout, so 128 entries fit an A3 sheet at a readable size.

Paper: A4 landscape when every section fits with comfortable lines, otherwise A3 landscape.
Sections share a page when they fit together, otherwise each gets its own page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.pagesizes import A3, A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    ACCENT_OP,
    BOLD,
    CENTRE,
    COND,
    COND_BOLD,
    GRID,
    INK_OP,
    MUTED_OP,
    REGULAR,
    RIGHT,
    TINT,
    WHITE,
    TextLayer,
    draw_footer,
    fit,
    format_date,
    join,
    new_canvas,
)
from .data import BracketMatch, BracketRound, BracketSection, BracketSheetData
from .labels import labels_for

MARGIN = 10 * mm
TITLE_H = 14 * mm
FOOTER_H = 11 * mm
SECTION_TITLE_H = 6 * mm
ROUND_TITLE_H = 5 * mm
COMFORT_LINE = 4.6 * mm  # line height for choosing A4 over A3
MIN_LINE = 3.3 * mm
MAX_LINE = 7 * mm
GAP_LINES = 0.45  # space between neighbouring boxes of the densest column, in lines
CONNECTOR = 5 * mm  # horizontal room for the connector lines between columns
SCORE_W = 7 * mm
MAX_COL_W = 64 * mm
FINAL_COL_W = 58 * mm


@dataclass(frozen=True, slots=True)
class _Placed:
    match: BracketMatch
    x: float
    y: float  # centre of the box
    w: float
    flip: bool  # drawn right-to-left (right half of a mirrored tree)


def _counts(section: BracketSection) -> list[int]:
    return [len(r.matches) for r in section.rounds]


def _mirrorable(section: BracketSection) -> bool:
    counts = _counts(section)
    if len(counts) < 3 or counts[-1] != 1 or counts[0] < 4:
        return False
    return all(b * 2 == a for a, b in zip(counts, counts[1:], strict=False))


def _lines_needed(section: BracketSection, mirror: bool) -> float:
    densest = max(_counts(section), default=1)
    if mirror:
        densest = (densest + 1) // 2
    return max(1, densest) * (2 + GAP_LINES)


def _section_overhead(section: BracketSection) -> float:
    return SECTION_TITLE_H + ROUND_TITLE_H + 2 * mm


def _choose_layout(data: BracketSheetData) -> tuple[tuple[float, float], dict[int, bool]]:
    """Paper size and, per section, whether to mirror it."""
    a4 = landscape(A4)
    a3 = landscape(A3)
    mirror: dict[int, bool] = {}
    for paper, comfort in ((a4, COMFORT_LINE), (a3, MIN_LINE)):
        height = paper[1] - 2 * MARGIN - TITLE_H - FOOTER_H
        ok = True
        for i, section in enumerate(data.sections):
            avail = height - _section_overhead(section)
            plain = avail / _lines_needed(section, False)
            if plain >= comfort and _columns(section, False) * 30 * mm <= paper[0]:
                mirror[i] = False
            elif _mirrorable(section) and avail / _lines_needed(section, True) >= comfort:
                mirror[i] = True
            else:
                ok = False
        if ok:
            return paper, mirror
    return a3, {i: _mirrorable(s) for i, s in enumerate(data.sections)}


def _columns(section: BracketSection, mirror: bool) -> int:
    n = len(section.rounds)
    return 2 * (n - 1) + 1 if mirror else n


def _pack_pages(
    data: BracketSheetData, paper: tuple[float, float], mirror: dict[int, bool]
) -> list[list[int]]:
    """Section indexes per page: together while every line stays comfortable."""
    height = paper[1] - 2 * MARGIN - TITLE_H - FOOTER_H
    pages: list[list[int]] = []
    current: list[int] = []
    for i, section in enumerate(data.sections):
        trial = [*current, i]
        overhead = sum(_section_overhead(data.sections[j]) for j in trial)
        lines = sum(_lines_needed(data.sections[j], mirror[j]) for j in trial)
        if current and (height - overhead) / lines < COMFORT_LINE:
            pages.append(current)
            trial = [i]
        current = trial
        del section
    if current:
        pages.append(current)
    return pages


def _centres(section: BracketSection, top: float, bottom: float) -> list[list[float]]:
    """Vertical centre of every match box, round by round (one full, unmirrored column)."""
    rounds = [list(r.matches) for r in section.rounds]
    result: list[list[float]] = []
    for r, matches in enumerate(rounds):
        n = len(matches)
        prev = result[-1] if result else None
        if prev is not None and len(prev) == 2 * n:
            ys = [(prev[2 * j] + prev[2 * j + 1]) / 2 for j in range(n)]
        elif prev is not None and len(prev) == n:
            ys = list(prev)
        else:
            step = (top - bottom) / max(n, 1)
            ys = [top - step * (j + 0.5) for j in range(n)]
        result.append(ys)
        del r
    return result


def _place_section(
    section: BracketSection, mirror: bool, left: float, right: float, top: float, bottom: float
) -> tuple[list[list[_Placed]], float]:
    """Boxes of every round, and the line height used."""
    n_cols = _columns(section, mirror)
    col_w = min(MAX_COL_W, (right - left) / n_cols)
    right = left + n_cols * col_w
    box_w = col_w - CONNECTOR
    rounds = list(section.rounds)
    placed: list[list[_Placed]] = []
    if not mirror:
        centres = _centres(section, top, bottom)
        densest = max(_counts(section), default=1)
        line = min(MAX_LINE, (top - bottom) / (max(densest, 1) * (2 + GAP_LINES)))
        for r, rnd in enumerate(rounds):
            x = left + r * col_w
            placed.append(
                [
                    _Placed(m, x, y, box_w, False)
                    for m, y in zip(rnd.matches, centres[r], strict=True)
                ]
            )
        return placed, line
    half = [BracketRound(r.name, list(r.matches)[: len(r.matches) // 2]) for r in rounds[:-1]]
    other = [BracketRound(r.name, list(r.matches)[len(r.matches) // 2 :]) for r in rounds[:-1]]
    left_centres = _centres(BracketSection(half), top, bottom)
    right_centres = _centres(BracketSection(other), top, bottom)
    densest = max(len(r.matches) for r in half)
    line = min(MAX_LINE, (top - bottom) / (max(densest, 1) * (2 + GAP_LINES)))
    last = len(rounds) - 1
    for r, rnd in enumerate(rounds[:-1]):
        row = [
            _Placed(m, left + r * col_w, y, box_w, False)
            for m, y in zip(half[r].matches, left_centres[r], strict=True)
        ]
        xr = right - (r + 1) * col_w + CONNECTOR
        row += [
            _Placed(m, xr, y, box_w, True)
            for m, y in zip(other[r].matches, right_centres[r], strict=True)
        ]
        placed.append(row)
        del rnd
    final_x = left + last * col_w + CONNECTOR / 2
    final_y = (left_centres[-1][0] + right_centres[-1][0]) / 2
    placed.append([_Placed(m, final_x, final_y, box_w, False) for m in rounds[-1].matches])
    return placed, line


def _draw_box(
    c: Canvas, t: TextLayer, p: _Placed, line: float, size: float, lab: dict[str, str]
) -> None:
    h = 2 * line
    y0 = p.y - line
    c.setStrokeColor(GRID)
    c.setLineWidth(0.5)
    c.setFillColor(WHITE)
    c.rect(p.x, y0, p.w - SCORE_W, h, stroke=0, fill=1)
    c.setFillColor(TINT)
    c.rect(p.x + p.w - SCORE_W, y0, SCORE_W, h, stroke=0, fill=1)
    c.rect(p.x, y0, p.w, h, stroke=1, fill=0)
    c.line(p.x, p.y, p.x + p.w, p.y)
    c.line(p.x + p.w - SCORE_W, y0, p.x + p.w - SCORE_W, y0 + h)
    m = p.match
    for i in (0, 1):
        base = p.y + (0 if i == 0 else -line) + line / 2 - size * 0.36
        name = m.entries[i]
        won = m.winner == i
        lost = m.winner is not None and not won
        if name == "":
            t.text(p.x + 1.2 * mm, base, lab["bye"], COND, size, MUTED_OP)
        elif name:
            font = COND_BOLD if won else COND
            text = fit(name, font, size, p.w - SCORE_W - 2 * mm)
            t.text(p.x + 1.2 * mm, base, text, font, size, MUTED_OP if lost else INK_OP)
        score = m.scores[i]
        if score:
            t.text(
                p.x + p.w - SCORE_W / 2, base, score, BOLD if won else REGULAR, size, align=CENTRE
            )
    if m.label and line * GAP_LINES >= 2.2 * mm:  # only where there is room above the box
        t.text(p.x + 0.4 * mm, p.y + line + 0.8 * mm, m.label, REGULAR, 5.5, MUTED_OP)


def _connect(c: Canvas, a: _Placed, b: _Placed) -> None:
    """Line from box ``a`` to box ``b`` in the next round (elbow if they differ in height)."""
    if a.flip:
        x0, x1 = a.x, b.x + b.w
    else:
        x0, x1 = a.x + a.w, b.x
    mid = (x0 + x1) / 2
    path = c.beginPath()
    path.moveTo(x0, a.y)
    path.lineTo(mid, a.y)
    path.lineTo(mid, b.y)
    path.lineTo(x1, b.y)
    c.drawPath(path, stroke=1, fill=0)


def _draw_section(
    c: Canvas,
    t: TextLayer,
    section: BracketSection,
    mirror: bool,
    left: float,
    right: float,
    top: float,
    bottom: float,
    lab: dict[str, str],
) -> list[_Placed]:
    """Draw one section; returns the boxes of its last round (to connect a grand final)."""
    title = section.title or lab[f"section_{section.kind}"]
    t.text(left, top - 4.2 * mm, title, BOLD, 10, ACCENT_OP)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.8)
    c.line(left, top - SECTION_TITLE_H + 0.8 * mm, right, top - SECTION_TITLE_H + 0.8 * mm)
    rounds_top = top - SECTION_TITLE_H
    body_top = rounds_top - ROUND_TITLE_H
    placed, line = _place_section(section, mirror, left, right, body_top, bottom)
    size = max(6.5, min(9.0, line / mm * 2.05))
    # round names over the columns
    for r, row in enumerate(placed):
        name = section.rounds[r].name
        xs = sorted({p.x for p in row})
        for x in xs:
            w = row[0].w
            t.text(
                x + w / 2,
                rounds_top - 3.6 * mm,
                fit(name, COND_BOLD, 8, w),
                COND_BOLD,
                8,
                MUTED_OP,
                CENTRE,
            )
    # connectors
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    for r in range(1, len(placed)):
        prev, row = placed[r - 1], placed[r]
        if mirror and r == len(placed) - 1:
            final = row[0]
            for p in prev:
                _connect(c, p, final)
            continue
        for side in (False, True):
            src = [p for p in prev if p.flip == side]
            dst = [p for p in row if p.flip == side]
            if len(src) == 2 * len(dst):
                for j, d in enumerate(dst):
                    _connect(c, src[2 * j], d)
                    _connect(c, src[2 * j + 1], d)
            elif len(src) == len(dst):
                for s, d in zip(src, dst, strict=True):
                    _connect(c, s, d)
    for row in placed:
        for p in row:
            _draw_box(c, t, p, line, size, lab)
    return placed[-1] if placed else []


def _draw_finals(
    c: Canvas,
    t: TextLayer,
    finals: Sequence[BracketSection],
    sources: Sequence[_Placed],
    left: float,
    top: float,
    bottom: float,
    lab: dict[str, str],
) -> None:
    """The grand final(s) of a double elimination as a column right of the brackets, joined
    to the winners' and the losers' final."""
    line = 5.5 * mm
    w = FINAL_COL_W - CONNECTOR
    x = left + CONNECTOR
    y = (sum(p.y for p in sources) / len(sources)) if sources else (top + bottom) / 2
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    first = True
    for section in finals:
        for rnd in section.rounds:
            for match in rnd.matches:
                box = _Placed(match, x, y, w, False)
                if first:
                    for src in sources:
                        _connect(c, src, box)
                    first = False
                title = section.title or lab[f"section_{section.kind}"]
                if rnd.name and rnd.name != title:
                    title = join(title, rnd.name)
                t.text(x, y + line + 2 * mm, fit(title, BOLD, 10, w), BOLD, 10, ACCENT_OP)
                _draw_box(c, t, box, line, 9, lab)
                y -= 4 * line + 6 * mm


def render_bracket(data: BracketSheetData) -> bytes:
    """The bracket of an event as PDF bytes (A4 or A3 landscape, see the module doc)."""
    lab = labels_for(data.language)
    finals = [s for s in data.sections if s.kind == "final"]
    brackets = [s for s in data.sections if s.kind != "final"]
    if not brackets:  # only a final: draw it like any section
        brackets, finals = finals, []
    data = replace(data, sections=brackets)
    paper, mirror = _choose_layout(data)
    pages = _pack_pages(data, paper, mirror)
    buffer = io.BytesIO()
    c = new_canvas(buffer, paper, join(lab["bracket"], data.event, sep=" – "))
    t = TextLayer(c)
    width, height = paper
    for number, page in enumerate(pages, start=1):
        top = height - MARGIN
        t.text(
            MARGIN, top - 6 * mm, join(data.event, lab["bracket"], sep=" – "), BOLD, 15, ACCENT_OP
        )
        sub = join(data.tournament, data.subtitle, format_date(data.date, data.language))
        t.text(width - MARGIN, top - 6 * mm, sub, REGULAR, 9, MUTED_OP, RIGHT)
        area_top = top - TITLE_H
        area_bottom = MARGIN + FOOTER_H - 4 * mm
        sections = [data.sections[i] for i in page]
        overhead = sum(_section_overhead(s) for s in sections)
        lines = sum(_lines_needed(s, mirror[i]) for i, s in zip(page, sections, strict=True))
        per_line = (area_top - area_bottom - overhead) / lines
        y = area_top
        right = width - MARGIN
        with_finals = bool(finals) and number == len(pages)
        if with_finals:
            right -= FINAL_COL_W
        ends: list[_Placed] = []
        for i, section in zip(page, sections, strict=True):
            h = _section_overhead(section) + per_line * _lines_needed(section, mirror[i])
            last = _draw_section(c, t, section, mirror[i], MARGIN, right, y, y - h, lab)
            ends += last[-1:]
            y -= h
        if with_finals:
            edge = max((p.x + p.w for p in ends), default=right)
            _draw_finals(c, t, finals, ends, edge, area_top, area_bottom, lab)
        draw_footer(
            c,
            data.language,
            join(data.tournament, data.event),
            number,
            len(pages),
            width,
            MARGIN,
            text=t,
        )
        t.flush()
        c.showPage()
    if not pages:
        c.showPage()
    c.save()
    return buffer.getvalue()


def knockout_rounds(
    entries: Sequence[str | None], round_names: Sequence[str] = ()
) -> list[BracketRound]:
    """An empty knock-out tree for ``entries`` in draw order (a convenience for blank
    brackets and tests): first round filled with the entries, later rounds open."""
    n = len(entries)
    rounds: list[BracketRound] = []
    matches = [
        BracketMatch(entries=(entries[i], entries[i + 1] if i + 1 < n else ""))
        for i in range(0, n, 2)
    ]
    r = 0
    while matches:
        name = round_names[r] if r < len(round_names) else f"R{r + 1}"
        rounds.append(BracketRound(name, matches))
        if len(matches) == 1:
            break
        matches = [BracketMatch() for _ in range(len(matches) // 2)]
        r += 1
    return rounds
