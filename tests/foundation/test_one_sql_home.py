"""Hand-written SQL has one home (issue 36): ``scoring/records/sql.py``.

Every other module of ``scoring/`` (migrations aside) reads and writes through the ORM: no
``cursor()``, no ``RawSQL``, no ``.raw()``, no ``.extra()``. A statement that a benchmark shows
a user would feel goes into that one module, with its figure and a test against the models
(``tests/foundation/test_plain_sql.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"
#: The one module allowed to write SQL by hand.
HOME = "records/sql.py"
#: The calls and names that bypass the ORM.
CALLS = frozenset({"cursor", "raw", "extra"})
NAMES = frozenset({"RawSQL"})


def bypasses(source: str) -> list[int]:
    """The lines of ``source`` that call ``cursor()``, ``.raw()`` or ``.extra()``, or name
    ``RawSQL`` (imported, called or referred to)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        call = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in CALLS
        )
        named = (
            (isinstance(node, ast.Name) and node.id in NAMES)
            or (isinstance(node, ast.Attribute) and node.attr in NAMES)
            or (isinstance(node, ast.ImportFrom) and any(a.name in NAMES for a in node.names))
        )
        if call or named:
            found.append(node.lineno)
    return sorted(set(found))


def _modules() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(SCORING)), path.read_text())
        for path in sorted(SCORING.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_no_module_but_the_one_home_writes_sql_by_hand() -> None:
    found = [
        f"scoring/{name}:{line}"
        for name, source in _modules()
        if name != HOME
        for line in bypasses(source)
    ]
    assert found == []


def test_the_one_home_is_where_the_hand_written_sql_is() -> None:
    source = (SCORING / HOME).read_text()
    assert bypasses(source), "the home of hand-written SQL holds none: delete it"


def test_the_check_sees_every_way_round_the_orm() -> None:
    """Each way of bypassing the ORM is caught (the check can fail), a look-alike is not."""
    for sample in (
        "from django.db import connection\nwith connection.cursor() as c:\n    pass\n",
        "from django.db.models.expressions import RawSQL\n",
        "from django.db.models import expressions\nx = expressions.RawSQL('1', ())\n",
        "rows = Match.objects.raw('SELECT 1')\n",
        "rows = Match.objects.extra(select={'one': '1'})\n",
        "db = connections['default']\nc = db.cursor()\n",
    ):
        assert bypasses(sample), sample
    assert bypasses("rows = Match.objects.filter(pk=1).values_list('pk')\n") == []
