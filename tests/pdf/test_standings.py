"""Group and Swiss standings."""

from __future__ import annotations

from scoring.pdf import render_standings
from scoring.pdf.data import StandingsColumn
from scoring.pdf.standings import format_value

from .helpers import all_text, pages_text, rasterise
from .samples import UNICODE_NAME, standings_data


def test_group_standings_in_german() -> None:
    text = all_text(render_standings(standings_data("de")))
    for expected in (
        "Women's Singles – Tabelle",
        "Gruppe A",
        "Gruppe B",
        "Siege",
        "Spielpkt.",
        "Buchholz",
        "Punktdiff.",
        "12,5",
        UNICODE_NAME,
        "Seite 1 von 1",
    ):
        assert expected in text, expected
    assert "12.5" not in text


def test_swiss_standings_run_over_pages_with_the_header_repeated() -> None:
    texts = pages_text(render_standings(standings_data("en", groups=1, size=90)))
    assert len(texts) >= 2
    for number, text in enumerate(texts, start=1):
        assert f"Page {number} of {len(texts)}" in text
        assert "Buchholz" in text and "Net pts" in text
    assert "Player 0-89" in texts[-1]
    assert "Group" not in "".join(texts)


def test_custom_column_label_and_unknown_key() -> None:
    data = standings_data("en", groups=1, size=3)
    data = type(data)(
        data.tournament,
        data.event,
        [StandingsColumn("wins", "Victories"), StandingsColumn("custom")],
        data.groups,
    )
    text = all_text(render_standings(data))
    assert "Victories" in text and "custom" in text


def test_number_formatting() -> None:
    assert format_value(12.5, "de") == "12,5"
    assert format_value(12.5, "en") == "12.5"
    assert format_value(12.0, "de") == "12"
    assert format_value(12.25, "en") == "12.25"
    assert format_value(-3, "de") == "-3"
    assert format_value(None, "en") == ""
    assert format_value("w/o", "en") == "w/o"


def test_standings_page_renders_with_poppler() -> None:
    width, height, _ = rasterise(render_standings(standings_data()))
    assert width < height  # portrait
