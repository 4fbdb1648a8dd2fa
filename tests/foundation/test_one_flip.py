"""The side and colour flip is said once (issue 13): ``scoring.records.other_side`` /
``other_colour`` / ``side_colours`` (the breaker plays white, ICF 43) and, inside the pure
engine, ``scoring.rules``. Nothing else writes ``"b" if side == "a" else "a"`` again."""

from __future__ import annotations

import re
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"

#: where the flip itself lives
HOME = ("rules/", "records/sides.py")

PAIRS = {"a": "b", "b": "a", "white": "black", "black": "white"}
#: ``"b" if x == "a" else "a"`` and the colours alike
FLIP = re.compile(r'"(a|b|white|black)" if [\w.\[\]"\']+ == "(a|b|white|black)" else "(\w+)"')
#: a colour chosen by comparing with the breaker: ``"white" if x == breaker else "black"``
BY_BREAKER = re.compile(r'"(white|black)" if [^\n]*breaker[^\n]* else "(white|black)"')
TABLE = re.compile(r'\{\s*"(a|white)":\s*"(b|black)",\s*"(b|black)":\s*"(a|white)"\s*\}')


def inline_flips(text: str) -> list[int]:
    """The line numbers of ``text`` that flip a side or a colour by hand."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        flips = [m for m in FLIP.finditer(line) if PAIRS[m[2]] == m[1] and m[3] == m[2]]
        if flips or BY_BREAKER.search(line) or TABLE.search(line):
            lines.append(number)
    return lines


def test_the_patterns_find_the_flips():
    assert inline_flips('other = "b" if side == "a" else "a"') == [1]
    assert inline_flips('x = 1\nloser = "black" if winner == "white" else "white"') == [2]
    assert inline_flips('colour = "white" if row.breaker == side else "black"') == [1]
    assert inline_flips('FLIP = {"a": "b", "b": "a"}') == [1]
    # not flips: a side named from an entry, a score per side
    assert inline_flips('side = "a" if winner == st.a else "b"') == []
    assert inline_flips('score1 = 25 if winner == "a" else 0') == []


def test_no_inline_flip_outside_its_home():
    found = []
    for path in sorted(SCORING.rglob("*.py")):
        name = path.relative_to(SCORING).as_posix()
        if name.startswith(HOME) or "/migrations/" in name:
            continue
        found += [f"scoring/{name}:{n}" for n in inline_flips(path.read_text())]
    assert found == []
