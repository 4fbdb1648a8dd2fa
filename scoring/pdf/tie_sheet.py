"""Tie sheets of a team event (issue 34): one A4 page per tie with the teams and captains,
the lineups, every rubber with its players and result, the tie's result and the captains'
signatures. Each rubber also has its own scoresheet (``scoresheet.py``); this is the sheet
the captains sign for the tie.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    ACCENT,
    BOLD,
    CENTRE,
    GRID,
    INK_OP,
    MUTED_OP,
    REGULAR,
    RIGHT,
    RULE,
    TINT,
    WHITE_OP,
    TextLayer,
    fit,
    new_canvas,
)
from .labels import labels_for

PAGE_W, PAGE_H = A4
MARGIN = 14 * mm


@dataclass(frozen=True)
class RubberSheetRow:
    """One rubber on the tie sheet: ``kind`` ``singles``/``doubles``; players' names of each
    side (empty: lineups not in yet); the games won per side and the winner side once
    decided."""

    number: int
    kind: str
    games_to_win: int
    players_a: tuple[str, ...] = ()
    players_b: tuple[str, ...] = ()
    games: tuple[int, int] | None = None
    winner_side: str = ""
    walkover: bool = False
    not_needed: bool = False
    match_number: int | None = None
    table: str = ""


@dataclass(frozen=True)
class TieSheetData:
    """A tie's sheet; ``result`` the tie's result in words, "" while undecided."""

    tournament: str
    event: str
    round: str
    match_number: int
    format_name: str
    team_a: str
    team_b: str
    captain_a: str
    captain_b: str
    rubbers: tuple[RubberSheetRow, ...]
    rubbers_won: tuple[int, int] = (0, 0)
    winner_side: str = ""
    drawn: bool = False
    walkover: bool = False
    date: str = ""
    language: str = "en"
    extra: dict[str, str] = field(default_factory=dict)


def _header(c: Canvas, t: TextLayer, data: TieSheetData, lab: dict[str, str]) -> float:
    top = PAGE_H - MARGIN
    c.setFillColor(ACCENT)
    c.rect(MARGIN, top - 16 * mm, PAGE_W - 2 * MARGIN, 16 * mm, stroke=0, fill=1)
    width = PAGE_W - 2 * MARGIN - 8 * mm
    t.text(
        MARGIN + 4 * mm,
        top - 7 * mm,
        fit(lab["tie_sheet"] + " · " + data.tournament, BOLD, 13, width),
        BOLD,
        13,
        WHITE_OP,
    )
    line = " · ".join(
        x for x in (data.event, data.round, f"{lab['match']} {data.match_number}", data.date) if x
    )
    t.text(MARGIN + 4 * mm, top - 13 * mm, fit(line, REGULAR, 9, width), REGULAR, 9, WHITE_OP)
    y = top - 24 * mm
    t.text(
        MARGIN,
        y,
        fit(f"{lab['tie_format']}: {data.format_name}", REGULAR, 9, PAGE_W - 2 * MARGIN),
        REGULAR,
        9,
        MUTED_OP,
    )
    half = (PAGE_W - 2 * MARGIN) / 2
    y -= 9 * mm
    for i, (label, team, captain) in enumerate(
        ((lab["team_a"], data.team_a, data.captain_a), (lab["team_b"], data.team_b, data.captain_b))
    ):
        x = MARGIN + i * half
        t.text(x, y + 4 * mm, label, REGULAR, 8, MUTED_OP)
        t.text(x, y - 1 * mm, fit(team, BOLD, 14, half - 4 * mm), BOLD, 14, INK_OP)
        t.text(
            x,
            y - 6 * mm,
            fit(f"{lab['captain']}: {captain}", REGULAR, 9, half - 4 * mm),
            REGULAR,
            9,
            INK_OP,
        )
    return y - 14 * mm


def _rubbers(c: Canvas, t: TextLayer, data: TieSheetData, lab: dict[str, str], y: float) -> float:
    left, right = MARGIN, PAGE_W - MARGIN
    cols = [left, left + 28 * mm, left + 80 * mm, left + 132 * mm, left + 152 * mm, right]
    heads = [lab["rubber"], lab["lineup_a"], lab["lineup_b"], lab["games"], lab["rubber_winner"]]
    c.setFillColor(TINT)
    c.rect(left, y - 7 * mm, right - left, 7 * mm, stroke=0, fill=1)
    for x, head in zip(cols, heads, strict=False):
        t.text(x + 2 * mm, y - 5 * mm, fit(head, BOLD, 8.5, 48 * mm), BOLD, 8.5, INK_OP)
    y -= 7 * mm
    row_h = 16 * mm
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    for rubber in data.rubbers:
        bottom = y - row_h
        c.line(left, bottom, right, bottom)
        kind = lab["singles"] if rubber.kind == "singles" else lab["doubles"]
        length = lab["rubber_games"] if rubber.games_to_win == 2 else lab["rubber_one_game"]
        t.text(cols[0] + 2 * mm, y - 5.5 * mm, f"{rubber.number}. {kind}", BOLD, 10, INK_OP)
        t.text(
            cols[0] + 2 * mm, y - 10 * mm, fit(length, REGULAR, 7, 25 * mm), REGULAR, 7, MUTED_OP
        )
        if rubber.match_number:
            where = f"{lab['match']} {rubber.match_number}"
            if rubber.table:
                where += f" · {rubber.table}"
            t.text(
                cols[0] + 2 * mm, y - 14 * mm, fit(where, REGULAR, 7, 25 * mm), REGULAR, 7, MUTED_OP
            )
        for col, names in ((1, rubber.players_a), (2, rubber.players_b)):
            if not names:
                t.text(cols[col] + 2 * mm, y - 6 * mm, lab["lineup_pending"], REGULAR, 8, MUTED_OP)
            for n, name in enumerate(names):
                t.text(
                    cols[col] + 2 * mm,
                    y - 6 * mm - n * 5 * mm,
                    fit(name, REGULAR, 10, 48 * mm),
                    REGULAR,
                    10,
                    INK_OP,
                )
        if rubber.not_needed:
            t.text(cols[3] + 2 * mm, y - 6 * mm, lab["rubber_not_needed"], REGULAR, 9, MUTED_OP)
        elif rubber.games is not None:
            t.text(
                (cols[3] + cols[4]) / 2,
                y - 6 * mm,
                f"{rubber.games[0]} : {rubber.games[1]}",
                BOLD,
                11,
                INK_OP,
                CENTRE,
            )
            if rubber.winner_side:
                winner = data.team_a if rubber.winner_side == "a" else data.team_b
                if rubber.walkover:
                    winner += f" ({lab['tie_walkover']})"
                t.text(
                    cols[4] + 2 * mm,
                    y - 6 * mm,
                    fit(winner, REGULAR, 9, 40 * mm),
                    REGULAR,
                    9,
                    INK_OP,
                )
        else:  # to fill in by hand
            c.setStrokeColor(GRID)
            c.line(cols[3] + 3 * mm, y - 8 * mm, cols[4] - 3 * mm, y - 8 * mm)
            c.line(cols[4] + 3 * mm, y - 8 * mm, right - 3 * mm, y - 8 * mm)
            c.setStrokeColor(RULE)
        y = bottom
    return y


def _footer(c: Canvas, t: TextLayer, data: TieSheetData, lab: dict[str, str], y: float) -> None:
    left, right = MARGIN, PAGE_W - MARGIN
    y -= 10 * mm
    total = f"{lab['tie_total']}: {data.rubbers_won[0]} : {data.rubbers_won[1]}"
    t.text(left, y, total, BOLD, 12, INK_OP)
    if data.winner_side:
        name = data.team_a if data.winner_side == "a" else data.team_b
        result = lab["tie_won_by"].format(name=name)
        if data.walkover:
            result += f" ({lab['tie_walkover']})"
    elif data.drawn:
        result = lab["tie_drawn"]
    else:
        result = ""
    if result:
        t.text(right, y, fit(result, BOLD, 12, (right - left) / 2), BOLD, 12, INK_OP, RIGHT)
    y -= 30 * mm
    half = (right - left) / 2
    c.setStrokeColor(GRID)
    c.setLineWidth(0.8)
    for i, (team, captain) in enumerate(
        ((data.team_a, data.captain_a), (data.team_b, data.captain_b))
    ):
        x = left + i * half
        c.line(x, y, x + half - 10 * mm, y)
        t.text(x, y - 4.5 * mm, lab["captain_signature"], REGULAR, 8, MUTED_OP)
        t.text(
            x,
            y - 9 * mm,
            fit(f"{captain} ({team})", REGULAR, 9, half - 10 * mm),
            REGULAR,
            9,
            INK_OP,
        )


def render_tie_sheets(sheets: Sequence[TieSheetData]) -> bytes:
    """Tie sheets as PDF bytes, one A4 page per tie."""
    buffer = io.BytesIO()
    lab = labels_for(sheets[0].language if sheets else "en")
    c = new_canvas(buffer, A4, lab["tie_sheet"])
    t = TextLayer(c)
    for data in sheets:
        lab = labels_for(data.language)
        y = _header(c, t, data, lab)
        y = _rubbers(c, t, data, lab, y)
        _footer(c, t, data, lab, y)
        t.flush()
        c.showPage()
    if not sheets:
        c.showPage()
    c.save()
    return buffer.getvalue()
