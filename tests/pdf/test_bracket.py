"""Bracket sheets: knock-out and double elimination, paper size by draw size."""

from __future__ import annotations

import pytest

from scoring.pdf import render_bracket
from scoring.pdf.bracket import knockout_rounds
from scoring.pdf.data import BracketMatch, BracketRound, BracketSection, BracketSheetData

from .helpers import all_text, dark_fraction, page_sizes, positioned, rasterise
from .samples import UNICODE_NAME, bracket_data

A4_LANDSCAPE = (841.89, 595.28)
A3_LANDSCAPE = (1190.55, 841.89)


def sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(round(w, 2), round(h, 2)) for w, h in page_sizes(pdf)]


def test_small_knockout_fits_one_a4_landscape_page() -> None:
    pdf = render_bracket(bracket_data(16))
    assert sizes(pdf) == [A4_LANDSCAPE]
    text = all_text(pdf)
    for expected in (
        UNICODE_NAME,
        "Player 016",
        "Round 1",
        "Round 4",
        "Knock-out",
        "Men's Singles – Bracket",
        "Page 1 of 1",
    ):
        assert expected in text, expected


@pytest.mark.parametrize(
    ("entries", "paper"), [(32, A4_LANDSCAPE), (64, A3_LANDSCAPE), (128, A3_LANDSCAPE)]
)
def test_large_knockouts_fit_one_page_with_every_entry(entries: int, paper: tuple) -> None:
    pdf = render_bracket(bracket_data(entries))
    assert sizes(pdf) == [paper]
    words = {item.text for item in positioned(pdf)}
    missing = [n for n in range(2, entries + 1) if f"{n:03d}" not in words]
    assert missing == []  # no name dropped or cut at this size


def test_128_draw_is_drawn_from_both_sides_towards_the_final() -> None:
    pdf = render_bracket(bracket_data(128))
    items = positioned(pdf)
    width = A3_LANDSCAPE[0]
    first = [i for i in items if i.text in ("002", "128")]
    assert {i.text for i in first if i.x < width / 4} == {"002"}
    assert {i.text for i in first if i.x > width * 3 / 4} == {"128"}


def test_winner_score_and_the_loser_are_printed() -> None:
    data = BracketSheetData(
        "T",
        "E",
        [
            BracketSection(
                [
                    BracketRound(
                        "Final",
                        [
                            BracketMatch(
                                entries=("Ana", "Bo"), scores=("2", "1"), winner=0, label="M1"
                            )
                        ],
                    )
                ]
            )
        ],
    )
    text = all_text(render_bracket(data))
    assert "Ana" in text and "Bo" in text and "M1" in text
    assert "2" in text and "1" in text


def test_double_elimination_in_german_on_one_page() -> None:
    pdf = render_bracket(bracket_data(16, language="de", double=True))
    assert sizes(pdf) == [A4_LANDSCAPE]
    text = all_text(pdf)
    for expected in (
        "Turnierbaum",
        "Gewinnerrunde",
        "Verliererrunde",
        "Finale",
        "Seite 1 von 1",
        UNICODE_NAME,
    ):
        assert expected in text, expected


def test_large_double_elimination_uses_a3_and_more_pages() -> None:
    pdf = render_bracket(bracket_data(64, double=True))
    assert set(sizes(pdf)) == {A3_LANDSCAPE}
    text = all_text(pdf)
    assert "Winners bracket" in text and "Losers bracket" in text and "Grand final" in text
    pages = len(sizes(pdf))
    assert f"Page {pages} of {pages}" in text


def test_byes_and_open_slots() -> None:
    rounds = knockout_rounds(["Ana", "Bo", "Cy"], ["Semi", "Final"])
    assert [len(r.matches) for r in rounds] == [2, 1]
    assert rounds[0].matches[1].entries == ("Cy", "")
    text = all_text(render_bracket(BracketSheetData("T", "E", [BracketSection(rounds)])))
    assert "bye" in text and "Semi" in text


def test_bracket_page_renders_with_poppler() -> None:
    _, _, raster = rasterise(render_bracket(bracket_data(64)), dpi=20)
    assert 0.005 < dark_fraction(raster) < 0.5
