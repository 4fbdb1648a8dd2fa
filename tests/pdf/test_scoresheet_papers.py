"""The scoresheet's issue-15 papers: start and end times, the doubles seating box (ICF 78) and
four signature lines whose names are printed whole, the footer without an empty table."""

from __future__ import annotations

from scoring.pdf import render_scoresheet
from scoring.pdf.base import REGULAR, fit_lines, string_width
from scoring.pdf.scoresheet_layout import page_plan

from .helpers import all_text, positioned
from .samples import demo_doubles, demo_sheet

LONG_A = "Aylin Ünal-Breitenbach-Schwarzenegger"
LONG_B = "Venkataraman Ramaswamy-Subramanian"
LONG_UMPIRE = "Ingrid Schäfer-Oberhausen von Wittelsbach"
SEATS = ((0, LONG_A), (1, LONG_B), (0, "Zofia Nowak"), (1, "Chidi Okafor"))


def flat(text: str) -> str:
    return " ".join(text.split())


def words(pdf: bytes) -> str:
    """Every word of page 1 in reading order (poppler), joined by spaces."""
    return " ".join(item.text for item in positioned(pdf))


def test_start_and_end_times_are_printed_beside_the_umpire() -> None:
    pdf = render_scoresheet(demo_sheet(start_time="14:05", end_time="14:52"))
    items = positioned(pdf)
    start = next(i for i in items if i.text == "Start")
    end = next(i for i in items if i.text == "End")
    value_start = next(i for i in items if i.text == "14:05")
    value_end = next(i for i in items if i.text == "14:52")
    assert abs(value_start.x - start.x) < 3 and value_start.y < start.y  # in its cell
    assert abs(value_end.x - end.x) < 3 and value_end.y < end.y
    assert "Ingrid Schäfer" in flat(all_text(pdf))


def test_blank_sheet_leaves_the_times_to_be_written_in() -> None:
    pdf = render_scoresheet(demo_sheet(blank=True, start_time="14:05", end_time="14:52"))
    text = flat(all_text(pdf))
    assert "Start" in text and "End" in text
    assert "14:05" not in text and "14:52" not in text


def test_german_time_labels() -> None:
    text = flat(all_text(render_scoresheet(demo_sheet(language="de", start_time="09:30"))))
    assert "Beginn" in text and "09:30" in text


def test_doubles_seating_box_puts_partners_opposite() -> None:
    pdf = render_scoresheet(demo_doubles(seats=SEATS))
    items = positioned(pdf)
    text = words(pdf)
    assert "Seating" in text and "ICF 78" in text
    # seat 1 below the board, seat 3 above it (partners of side A opposite), 2 right, 4 left
    zofia = next(i for i in items if i.text == "Zofia" and i.y < 150)
    chidi = next(i for i in items if i.text == "Chidi" and i.y < 150)
    aylin = [i for i in items if i.text.startswith("Aylin") and i.y < 150]
    venkat = [i for i in items if i.text.startswith("Venkataraman") and i.y < 150]
    assert aylin and venkat
    assert aylin[0].y < chidi.y < zofia.y  # A below, B beside, A above
    assert chidi.x < venkat[0].x


def test_doubles_four_signature_lines_with_whole_names() -> None:
    data = demo_doubles(seats=SEATS, umpire=LONG_UMPIRE)
    pdf = render_scoresheet(data)
    text = flat(all_text(pdf))
    assert len(page_plan(data)) == 1  # still one page
    assert "Signatures" in text
    for player in (*data.sides[0].players, *data.sides[1].players):
        assert player.name in text, player.name
    joined = words(pdf)
    assert "Ingrid Schäfer-Oberhausen von Wittelsbach" in joined
    assert "…" not in joined.split("Signatures")[-1]  # nothing cut off
    # the long seat names wrap or shrink, but stay whole
    assert "Ramaswamy-Subramanian" in joined and "Ünal-Breitenbach-Schwarzenegger" in joined


def test_singles_long_names_under_the_signature_lines_are_whole() -> None:
    pdf = render_scoresheet(demo_sheet(umpire=LONG_UMPIRE))
    joined = words(pdf)
    assert joined.count("Schäfer-Oberhausen") == 2  # header and signature line
    assert "…" not in joined


def test_fit_lines_shrinks_then_wraps_without_cutting() -> None:
    size, lines = fit_lines(LONG_UMPIRE, REGULAR, 7.5, 100, 6, max_lines=2)
    assert " ".join(lines) == LONG_UMPIRE and len(lines) == 2 and size == 6
    assert all(string_width(line, REGULAR, size) <= 100 for line in lines)
    assert fit_lines("Ann Aa", REGULAR, 7.5, 200, 6) == (7.5, ["Ann Aa"])


def test_footer_leaves_out_an_empty_table() -> None:
    text = flat(all_text(render_scoresheet(demo_sheet(table=""))))
    footer = text.split("Carrom Open Rhein-Main 2026 · Men's Singles")[-1]
    assert "Match no. 17 · #1017" in footer
    assert "Table ·" not in text and "Table #" not in footer
