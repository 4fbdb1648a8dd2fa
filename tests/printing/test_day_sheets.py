"""Papers of the tournament day (issue 15), read back with pdftotext: a walkover's sheet says
"walkover" and the winner; the footer leaves out a missing table; the umpire by his name as
printed; the QR code is the public match page."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from scoring.pdf import render_scoresheet
from scoring.selectors import sheets
from scoring.services import draws
from scoring.services.matches import Actor
from tests.factories import make_match

from .conftest import World

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is needed"
)


def pdftotext(pdf: bytes) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "sheet.pdf"
        src.write_bytes(pdf)
        return subprocess.run(
            ["pdftotext", "-layout", str(src), "-"], check=True, capture_output=True, text=True
        ).stdout


def test_a_walkover_sheet_says_walkover_and_the_winner(world: World) -> None:
    match = world.matches[1]
    draws.record_walkover(match=match, absent="a", actor=Actor(via="system"))
    match.refresh_from_db()
    data = sheets.scoresheet_data(match)
    assert data.walkover and data.winner == 1
    text = pdftotext(render_scoresheet(data))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "Match result" in line)
    assert any("Walkover" in line for line in lines[at - 1 : at + 2])
    winner_line = next(line for line in lines if "Winner" in line)
    assert match.entry_b.name.split()[0] in winner_line


def test_a_walkover_sheet_in_german(world: World) -> None:
    match = world.matches[1]
    draws.record_walkover(match=match, absent="b", actor=Actor(via="system"))
    match.refresh_from_db()
    text = pdftotext(render_scoresheet(sheets.scoresheet_data(match, language="de")))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "Sieger" in line)
    assert match.entry_a.name.split()[0] in lines[at]
    assert any("kampflos" in line for line in lines[at - 1 : at + 2])


def test_the_footer_leaves_out_a_missing_table(world: World) -> None:
    entries = list(world.event.entries.all())
    match = make_match(world.event, entries[0], entries[1], number=40, rnd=world.round)
    text = pdftotext(render_scoresheet(sheets.scoresheet_data(match, blank=True)))
    footer = [line for line in text.splitlines() if "Match no. 40" in line]
    assert footer and all(
        "Table ·" not in line and not line.rstrip().endswith("Table") for line in footer
    )
