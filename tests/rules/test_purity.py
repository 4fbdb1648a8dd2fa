"""The rules engine is pure Python: no Django import anywhere under ``scoring/rules/``."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring.rules

PACKAGE = Path(scoring.rules.__file__).parent


def imported_modules(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_django_import_in_the_rules_engine() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 8
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(m for m in imported_modules(path.read_text())
                                               if m == "django" or m.startswith("django."))
        for path in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_would_catch_one() -> None:
    assert "django.db" in imported_modules("from django.db import models")
    assert "django" in imported_modules("import django")
