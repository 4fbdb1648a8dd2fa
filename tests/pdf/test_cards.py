"""Score cards, six to an A4 page (scoring.pdf.cards), read back with poppler and pypdf."""

from __future__ import annotations

from dataclasses import replace

from reportlab.lib.pagesizes import A4

from scoring.pdf import render_score_cards
from scoring.pdf.cards import BOARD_W, CARD_H, CARD_W, MARGIN, PAD
from scoring.pdf.data import SideData
from scoring.pdf.point_sheet import PointBoardRow, PointSheetData

from .helpers import (
    all_text,
    dark_fraction,
    decode_qr_codes,
    page_sizes,
    pages_text,
    positioned,
    rasterise,
)
from .samples import UNICODE_NAME, demo_sheet, round_sheets


def flat(text: str) -> str:
    return " ".join(text.split())


def card_of(item, page_h: float = A4[1]) -> int:
    """The slot (0-5, row by row) of the card a word lies on."""
    col = int((item.x - MARGIN) // CARD_W)
    row = int((page_h - MARGIN - item.y) // CARD_H)
    return row * 2 + col


def test_six_cards_a_page_in_match_order() -> None:
    pdf = render_score_cards(round_sheets(13))
    pages = pages_text(pdf)
    assert len(pages) == 3
    assert all(abs(w - A4[0]) < 0.01 and abs(h - A4[1]) < 0.01 for w, h in page_sizes(pdf))
    for n, text in enumerate(pages):
        numbers = [w.text for w in positioned(pdf, n)]
        for slot in range(6 if n < 2 else 1):
            assert str(6 * n + slot + 1) in numbers
        assert f"Page {n + 1} of 3" in flat(text)
    words = positioned(pdf, 0)
    names = [w for w in words if w.text == "Ünal"]
    assert sorted(card_of(w) for w in names) == [0, 1, 2, 3, 4, 5]
    assert "Player 212" in flat(pages[2]) and "Player 213" not in all_text(pdf)


def test_a_card_carries_what_the_players_write() -> None:
    text = flat(all_text(render_score_cards([demo_sheet()])))
    for expected in (
        UNICODE_NAME,
        "Priya Ramaswamy",
        "Match no. 17",
        "Table 5",
        "Men's Singles · Round of 32",
        "Carrom Open Rhein-Main 2026",
        "Game 1",
        "Game 2",
        "Game 3",
        "Board",
        "Total",
        "Signature A",
        "Signature B",
        "Umpire",
        "Match result in games: 2 : 1",
        "Score cards",
    ):
        assert expected in text, expected


def test_board_points_sit_in_their_sides_column() -> None:
    """Board 1 of game 1 went to A (8 points), board 2 to B (4): each in its own column, A
    left of B, and the game's total under them."""
    sheet = demo_sheet()
    game = sheet.games[0]
    assert (game.boards[0].winner, game.boards[0].points) == (0, 8)
    assert (game.boards[1].winner, game.boards[1].points) == (1, 4)
    words = positioned(render_score_cards([sheet]))
    board_column = MARGIN + PAD + BOARD_W  # the board numbers left of it
    row_label = {w.text: w for w in words if w.text in ("1", "2") and w.x < board_column}
    eight = [w for w in words if w.text == "8" and abs(w.y - row_label["1"].y) < 2]
    four = [w for w in words if w.text == "4" and abs(w.y - row_label["2"].y) < 2]
    assert eight and four
    assert eight[0].x < four[0].x  # A's column, then B's
    total = next(w for w in words if w.text == "Total")
    in_total_row = {w.text for w in words if abs(w.y - total.y) < 2}
    assert {"25", "6", "18", "13"} <= in_total_row and total.y < row_label["2"].y


def test_blank_cards_have_names_but_no_scores() -> None:
    pdf = render_score_cards([demo_sheet(blank=True)])
    text = flat(all_text(pdf))
    assert UNICODE_NAME in text and "Match result in games" not in text
    assert not any(w.text == "25" for w in positioned(pdf))


def test_german_cards() -> None:
    text = flat(all_text(render_score_cards(round_sheets(2, language="de"))))
    for expected in (
        "Spiel 1",
        "Tisch",
        "Unterschrift A",
        "Schiedsrichter",
        "Spielberichtskarten",
        "Seite 1 von 1",
    ):
        assert expected in text, expected


def test_qr_codes_open_each_match_on_the_tablet() -> None:
    sheets = round_sheets(6)
    codes = decode_qr_codes(render_score_cards(sheets), dpi=200)
    assert codes == sorted(s.qr_url for s in sheets)


def test_cards_render_as_a_printable_page() -> None:
    pdf = render_score_cards(round_sheets(6))
    width, height, raster = rasterise(pdf, page=1)
    assert height > width and 0.02 < dark_fraction(raster) < 0.4


def test_the_card_grid_is_one_form_for_the_whole_document() -> None:
    """The static grid is defined once and placed on every card: the file grows by the
    variable text only, linearly in matches."""
    small, big = (render_score_cards(round_sheets(n)) for n in (60, 120))
    assert big.count(b"/Subtype /Form") == small.count(b"/Subtype /Form") == 1
    per_card = (len(big) - len(small)) / 60
    assert per_card < 2500 and len(small) > 60 * per_card * 0.5
    assert big.count(b"/BaseFont") == 2  # two faces embedded: each costs its subset per file


def test_point_carrom_cards_have_a_column_per_player() -> None:
    players = tuple(SideData(name) for name in (UNICODE_NAME, "Priya Ramaswamy", "Kofi Mensah"))
    sheet = PointSheetData(
        tournament="Point Open",
        event="Point carrom",
        round_name="Round 1",
        match_number="4",
        table="2",
        players=players,
        scores=(25, 12, 7),
        boards=(PointBoardRow(number=1, points=(9, 3, 0)),),
    )
    pdf = render_score_cards([sheet, replace(sheet, match_number="5", blank=True)])
    text = flat(all_text(pdf))
    assert "Kofi Mensah" in text and "Match no. 4" in text and "Match no. 5" in text
    words = positioned(pdf)
    nines = [w for w in words if w.text == "9"]
    assert nines and card_of(nines[0]) == 0


def test_an_empty_round_is_a_valid_pdf() -> None:
    pdf = render_score_cards([])
    assert len(pages_text(pdf)) == 1
    rasterise(pdf)
