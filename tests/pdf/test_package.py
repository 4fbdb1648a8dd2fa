"""The PDF package ships what it needs: labels complete in both languages, the fonts and their
licence. (No Django under ``scoring/pdf/``, and rendering without it:
``tests/foundation/test_pure_packages.py``.)"""

from __future__ import annotations

from pathlib import Path

import scoring.pdf
from scoring.pdf.base import FONT_DIR
from scoring.pdf.labels import LABELS

ROOT = Path(scoring.pdf.__file__).parents[2]


def test_both_languages_have_the_same_labels() -> None:
    assert set(LABELS) == {"en", "de"}
    assert set(LABELS["en"]) == set(LABELS["de"])
    assert all(LABELS["de"].values()) and all(LABELS["en"].values())


def test_fonts_and_licence_are_shipped() -> None:
    assert FONT_DIR == ROOT / "static" / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
                 "DejaVuSansCondensed-Bold.ttf"):
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
