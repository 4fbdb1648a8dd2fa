"""The layers' contracts that import-linter cannot see (issue 13): views never touch a model
manager (reads go through selectors, writes through services)."""

from __future__ import annotations

import ast
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "scoring" / "views"


def test_no_view_uses_a_model_manager():
    found = []
    for path in sorted(VIEWS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "objects":
                found.append(f"{path.relative_to(VIEWS.parent.parent)}:{node.lineno}")
    assert found == []
