"""The PDF renderers are pure: no Django import under ``scoring/pdf/``; labels complete."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scoring.pdf
from scoring.pdf.base import FONT_DIR
from scoring.pdf.labels import LABELS

PACKAGE = Path(scoring.pdf.__file__).parent
ROOT = PACKAGE.parents[1]


def imported_modules(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_django_import_in_the_pdf_package() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 7
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(m for m in imported_modules(path.read_text())
                                               if m == "django" or m.startswith("django."))
        for path in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_would_catch_one() -> None:
    assert "django.db" in imported_modules("from django.db import models")
    assert "django" in imported_modules("import django")


def test_rendering_runs_with_django_unimportable() -> None:
    code = (
        "import sys; sys.modules['django'] = None\n"
        "from scoring.pdf import render_scoresheet\n"
        "from tests.pdf.samples import demo_sheet\n"
        "assert render_scoresheet(demo_sheet()).startswith(b'%PDF')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr


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
