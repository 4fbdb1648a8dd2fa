"""The pure parts of ``bench/sol_ranking.py`` (issue 31): where SoL's stored figures of a prized
tourney no longer follow from its matches ("1° Torneo Amicizia Emiliana" 2011, edited after its
prize-giving), the bench says so and compares with SoL's own recomputation."""

from __future__ import annotations

from typing import Any

from bench.sol_ranking import _stored_differences, compare


def _row(guid: str, net: int, total: int) -> dict[str, Any]:
    return {
        "player": guid,
        "name": guid,
        "points": 6,
        "buchholz": 28,
        "net": net,
        "total": total,
        "rate": None,
        "prize": "0",
    }


def test_stored_figures_that_differ_are_said_and_the_recomputation_compared() -> None:
    sol = {
        "system": "swiss",
        "stored_rows": [_row("g1", 10, 60), _row("g2", -20, 55)],
        "rows": [_row("g1", 10, 60), _row("g2", -32, 43)],
    }
    assert _stored_differences(sol) == ["place 2: stored (6/28/-20/55), recomputed (6/28/-32/43)"]
    ours = [
        {k: v for k, v in _row(g, net, total).items() if k not in ("rate", "prize")}
        for g, net, total in (("g1", 10, 60), ("g2", -32, 43))
    ]
    assert compare(sol, ours) == ([], False)
    # against the stored figures the same rows would differ
    stored = {**sol, "rows": sol["stored_rows"]}
    problems, _by_rate = compare(stored, ours)
    assert problems == ["place 2: net SoL -20, ours -32", "place 2: total SoL 55, ours 43"]
