"""Every worked scenario of the rulebook, through the ``replay`` command's code path.

Nothing is skipped: a missing scenarios folder is a failure, not a skip.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from scoring.rules.cli import run

from .conftest import OWN_SCENARIOS, RULEBOOK_SCENARIOS, scenarios_dir

SCENARIOS = sorted(scenarios_dir().glob("*.json"))


def test_scenarios_are_there() -> None:
    assert scenarios_dir().is_dir(), f"the scenarios are missing at {scenarios_dir()}"
    assert len(SCENARIOS) >= 90


@pytest.mark.skipif(
    not RULEBOOK_SCENARIOS.is_dir(),
    reason="no ../shared/rules/scenarios beside the project root (a plain clone)",
)
def test_own_copy_equals_the_rulebook() -> None:
    """tests/rules/scenarios is the rulebook's scenarios folder, file for file, byte for byte:
    copy it again (cp ../shared/rules/scenarios/*.json tests/rules/scenarios/) when it changed."""
    theirs = {p.name: p.read_bytes() for p in RULEBOOK_SCENARIOS.glob("*.json")}
    ours = {p.name: p.read_bytes() for p in OWN_SCENARIOS.glob("*.json")}
    assert sorted(ours) == sorted(theirs)
    assert [n for n in sorted(theirs) if ours[n] != theirs[n]] == []


def _mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Expected keys must be in the answer with equal values (lists element by element)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out += _mismatches(value, actual[key], f"{path}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            out += _mismatches(e, a, f"{path}[{i}]")
        return out
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    stdout, stderr = io.StringIO(), io.StringIO()
    status = run(
        ["replay", "-"],
        stdin=io.StringIO(json.dumps(scenario["input"])),
        stdout=stdout,
        stderr=stderr,
    )
    expect = scenario["expect"]
    if expect.get("error"):
        assert status == 2, f"expected an error, got {stdout.getvalue()}"
        line = stderr.getvalue()
        assert line.startswith("error: ") and line.count("\n") == 1
        assert stdout.getvalue() == ""
        return
    assert status == 0, stderr.getvalue()
    answer = json.loads(stdout.getvalue())
    problems = _mismatches(expect, answer)
    assert not problems, "\n".join(problems)
