"""Table labels: big number and a QR code to the table's current match."""

from __future__ import annotations

from scoring.pdf import TableLabelData, render_table_labels

from .helpers import all_text, decode_qr_codes, pages_text, rasterise


def labels(language: str = "en") -> list[TableLabelData]:
    return [
        TableLabelData(
            str(n), "Carrom Open", f"https://carrom.example.org/t/1/table/{n}/", language=language
        )
        for n in (1, 2, 17)
    ]


def test_two_labels_per_page() -> None:
    texts = pages_text(render_table_labels(labels()))
    assert len(texts) == 2
    assert "TABLE" in texts[0] and "1" in texts[0] and "2" in texts[0]
    assert "17" in texts[1]
    assert "Scan for this table's current match" in texts[0]


def test_german_caption() -> None:
    text = all_text(render_table_labels(labels("de")))
    assert "TISCH" in text and "Scannen für das aktuelle Match an diesem Tisch" in text


def test_qr_codes_decode_to_the_table_urls() -> None:
    assert decode_qr_codes(render_table_labels(labels())) == [
        "https://carrom.example.org/t/1/table/1/",
        "https://carrom.example.org/t/1/table/2/",
    ]


def test_label_page_renders_with_poppler() -> None:
    """The second page (table 17 alone) rasterises as an A4 page with its big number drawn: a
    good share of dark pixels, but far from a black page."""
    width, height, pixels = rasterise(render_table_labels(labels()), page=2)
    assert abs(height / width - 297 / 210) < 0.01
    dark = sum(1 for value in pixels if value < 128) / len(pixels)
    assert 0.01 < dark < 0.5
