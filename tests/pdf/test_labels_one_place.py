"""Every fixed text of the sheets lives in :mod:`scoring.pdf.labels` (issue 15 review): the
point-carrom sheet keeps no label table of its own, and every key it reads is there in both
languages."""

from __future__ import annotations

import re
from pathlib import Path

import scoring.pdf.point_sheet as point_sheet
from scoring.pdf.labels import LABELS, point_labels

SOURCE = Path(point_sheet.__file__).read_text(encoding="utf-8")


def test_the_point_sheet_has_no_label_table_of_its_own() -> None:
    assert not hasattr(point_sheet, "POINT_LABELS")
    assert not re.search(r'"(en|de)": \{', SOURCE)


def test_every_key_the_point_sheet_reads_is_in_both_languages() -> None:
    keys = set(re.findall(r'lab\["([a-z_]+)"\]', SOURCE))
    keys |= set(re.findall(r'"([a-z_]+)"', SOURCE)) & set(point_labels("en"))
    keys |= {
        f"end_{end}" for end in ("carrommen", "game_points", "board_loss", "umpire_ruling", "void")
    }
    assert {"title", "legend", "rules_note", "col_white"} <= keys
    for language in ("en", "de"):
        assert keys <= set(point_labels(language)), keys - set(point_labels(language))


def test_shared_words_are_the_same_as_on_the_other_sheets() -> None:
    for language in ("en", "de"):
        lab = point_labels(language)
        assert lab["umpire"] == LABELS[language]["umpire"]
        assert lab["page"] == LABELS[language]["page"]
        assert lab["blank"] == LABELS[language]["blank_sheet"]
    assert point_labels("de")["title"].startswith("Spielbericht")
    assert set(LABELS["en"]) == set(LABELS["de"])  # no label in one language only
