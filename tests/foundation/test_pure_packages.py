"""The pure packages import no Django: ``scoring/rules`` (the rules engine), ``scoring/draws`` (the
pairing modules) and ``scoring/pdf`` (the renderers) are plain Python (docs/ARCHITECTURE.md).

One AST walk reads every ``.py`` file of a package and reports each import of Django in any form:
``import django``, ``import os, django.conf``, ``from django.db import models`` (also inside a
function), and a relative import that leaves the package for the Django side of the app
(``from ..models import Match``; so does ``from scoring.models import Match``). Imports of another
pure package, of the standard library or of third-party libraries (reportlab, segno) are fine.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.helpers import PROJECT_ROOT

PURE_PACKAGES = ("scoring.rules", "scoring.draws", "scoring.pdf", "scoring.seasons")

# Modules each package must have: the walk below is not vacuous when it finds no offence.
EXPECTED_MODULES = {
    "scoring.rules": {
        "board.py",
        "errors.py",
        "events.py",
        "game.py",
        "interchange.py",
        "point.py",
        "position.py",
        "presets.py",
    },
    "scoring.draws": {"knockout.py", "swiss.py", "round_robin.py", "double_elimination.py"},
    "scoring.pdf": {
        "base.py",
        "bracket.py",
        "data.py",
        "labels.py",
        "scoresheet.py",
        "scoresheet_grid.py",
        "scoresheet_layout.py",
        "standings.py",
        "table_labels.py",
    },
    "scoring.seasons": {"prizes.py"},
}


def package_dir(package: str) -> Path:
    return Path(importlib.import_module(package).__file__).parent


def is_impure(module: str) -> bool:
    """Django itself, or a part of the app outside the pure packages (models, services, ...)."""
    if module == "django" or module.startswith("django."):
        return True
    if module.startswith("scoring."):
        return not any(module == p or module.startswith(p + ".") for p in PURE_PACKAGES)
    return False


def imported_modules(tree: ast.AST, here: str) -> list[str]:
    """The absolute names a module imports; ``here`` is the package the module lives in (what a
    relative import starts from)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
                continue
            parts = here.split(".")
            base = (
                ".".join(parts[: len(parts) - (node.level - 1)]) if node.level <= len(parts) else ""
            )
            if node.module:
                names.append(f"{base}.{node.module}" if base else node.module)
            else:  # from .. import models
                names += [f"{base}.{alias.name}" if base else alias.name for alias in node.names]
    return names


def django_imports(root: Path, package: str) -> list[str]:
    """``file: module`` for every impure import in the .py files under ``root``, the directory
    of ``package``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        here = ".".join([package, *relative.parent.parts])
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [f"{relative}: {name}" for name in imported_modules(tree, here) if is_impure(name)]
    return found


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_package_has_modules(package: str) -> None:
    root = package_dir(package)
    assert root.parent == PROJECT_ROOT / "scoring"
    assert EXPECTED_MODULES[package] <= {p.name for p in root.glob("*.py")}


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_no_django_import(package: str) -> None:
    assert django_imports(package_dir(package), package) == []


def run_without_django(code: str) -> None:
    """Run ``code`` in a fresh interpreter in which ``import django`` fails."""
    code = "import sys\nsys.modules['django'] = None\n" + code
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_imports_with_django_unimportable(package: str) -> None:
    """At run time too: every module of the package imports while ``import django`` fails."""
    run_without_django(
        "import importlib, pkgutil\n"
        f"package = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "    if not info.name.endswith('.__main__'):\n"
        "        importlib.import_module(info.name)\n"
        "assert [m for m, v in sys.modules.items() if m.split('.')[0] == 'django' and v] == []\n"
    )


def test_pdf_rendering_runs_with_django_unimportable() -> None:
    run_without_django(
        "from scoring.pdf import render_scoresheet\n"
        "from tests.pdf.samples import demo_sheet\n"
        "assert render_scoresheet(demo_sheet()).startswith(b'%PDF')\n"
    )


@pytest.mark.parametrize(
    ("source", "found"),
    [
        pytest.param("from django.db import models\n", ["django.db"], id="from-django"),
        pytest.param("import django\n", ["django"], id="import-django"),
        pytest.param(
            "def f():\n    from django.db import models\n", ["django.db"], id="in-function"
        ),
        pytest.param("import os, django.conf\n", ["django.conf"], id="second-name"),
        pytest.param("from django import forms\n", ["django"], id="from-django-top"),
        pytest.param("from scoring.models import Match\n", ["scoring.models"], id="app-absolute"),
        pytest.param("from ..models import Match\n", ["scoring.models"], id="app-relative"),
        pytest.param("from .. import services\n", ["scoring.services"], id="app-relative-bare"),
        pytest.param(
            "from .board import replay\nfrom ..draws import knockout\nimport djangoish\n",
            [],
            id="fine-relative",
        ),
        pytest.param(
            "from . import django\nimport reportlab, segno\nfrom scoring.rules import apply\n",
            [],
            id="fine-absolute",
        ),
    ],
)
def test_the_walker_would_catch_one(tmp_path: Path, source: str, found: list[str]) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "bad.py").write_text(source)
    (tmp_path / "sub" / "worse.py").write_text(source.replace("..", "..."))
    expected = [f"bad.py: {m}" for m in found] + [f"sub/worse.py: {m}" for m in found]
    assert django_imports(tmp_path, "scoring.rules") == expected
