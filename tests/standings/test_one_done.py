"""One "done" and one "decided" (issue 36): the statuses of a match that is over are defined
once, in scoring/standings/results.py, and every other module imports them."""

from __future__ import annotations

import re
from pathlib import Path

from scoring.models import Match
from scoring.standings import placings, results

SCORING = Path(results.__file__).resolve().parent.parent
# a module-level name (an enum member such as SolImport.Status.DONE is not one)
DEFINITION = re.compile(r"^(DONE|DECIDED_STATUSES)\s*(:[^=]*)?=", re.M)


def test_done_is_defined_once():
    homes = sorted(
        str(path.relative_to(SCORING))
        for path in SCORING.rglob("*.py")
        if "migrations" not in path.parts and DEFINITION.search(path.read_text(encoding="utf-8"))
    )
    assert homes == ["standings/results.py"]
    assert results.DONE == (Match.Status.FINISHED, Match.Status.CONFIRMED)
    assert not hasattr(results, "DECIDED_STATUSES")  # no second name for it


def test_the_placings_wait_for_the_confirmation_under_another_name():
    """Settled (confirmed, a bye or a walkover) is made by the decided rule's own maker."""
    assert results.SETTLED == (Match.Status.CONFIRMED,)
    assert results.over_terms(results.SETTLED) == results.SETTLED_TERMS
    assert results.over_terms(results.DONE) == results.DECIDED
    assert placings.DONE is results.DONE and not hasattr(placings, "SETTLED")  # imported
