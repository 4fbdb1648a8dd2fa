"""The draw modules are pure Python: no Django import anywhere under scoring/draws/."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring.draws

PACKAGE = Path(scoring.draws.__file__).parent


def django_imports(root: Path) -> list[str]:
    """``file: module`` for every import of django (any form) in the .py files under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    return found


def test_package_has_modules() -> None:
    names = {p.name for p in PACKAGE.glob("*.py")}
    assert {"knockout.py", "swiss.py", "round_robin.py", "double_elimination.py"} <= names


def test_no_django_import() -> None:
    assert django_imports(PACKAGE) == []


def test_walker_would_catch_a_django_import(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text("def f():\n    from django.db import models\n")
    (tmp_path / "worse.py").write_text("import os, django.conf\n")
    assert django_imports(tmp_path) == ["bad.py: django.db", "worse.py: django.conf"]
