"""The PDF package ships what it needs: labels complete in every language, the fonts and their
licence. (No Django under ``scoring/pdf/``, and rendering without it:
``tests/foundation/test_pure_packages.py``.)"""

from __future__ import annotations

import string
from pathlib import Path

import scoring.pdf
from scoring.pdf.base import FONT_DIR
from scoring.pdf.labels import LABELS

ROOT = Path(scoring.pdf.__file__).parents[2]


def test_every_language_has_the_same_labels_and_placeholders() -> None:
    """The sheets exist in the app's four languages (issue 35), each label with the same
    ``str.format`` fields as the English one."""
    assert set(LABELS) == {"en", "de", "fr", "it"}
    fields = string.Formatter()
    for language, table in LABELS.items():
        assert set(table) == set(LABELS["en"]), language
        assert all(table.values()), language
        for key, english in LABELS["en"].items():
            assert {f[1] for f in fields.parse(table[key]) if f[1]} == {
                f[1] for f in fields.parse(english) if f[1]
            }, (language, key)


def test_fonts_and_licence_are_shipped() -> None:
    assert FONT_DIR == ROOT / "static" / "fonts"
    for name in (
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DejaVuSansCondensed.ttf",
        "DejaVuSansCondensed-Bold.ttf",
    ):
        assert (FONT_DIR / name).stat().st_size > 100_000, name
    assert "Bitstream Vera" in (FONT_DIR / "LICENSE").read_text()


def test_reportlab_runs_with_its_c_accelerators() -> None:
    """``rl-accel`` (requirements.txt) is installed and used: reportlab's number formatting
    and string escaping, called for every line and text of a sheet, are the C functions, not
    the pure-Python fallbacks (a round's sheets take about a tenth longer without them)."""
    import types

    from reportlab.lib import rl_accel

    for name in ("fp_str", "escapePDF", "unicode2T1", "calcChecksum"):
        assert isinstance(getattr(rl_accel, name), types.BuiltinFunctionType), name
