"""The match totals as migrations 0011 and 0012 computed them: a frozen copy of
:func:`scoring.standings.results.match_totals` of that time.

A migration must give the same result whenever it runs, so it does not import the app's code,
which may change later. ``tests/foundation/test_migration_totals.py`` checks that this copy and
the live definition still agree; if the live one ever changes on purpose, the change needs a
migration of its own, and this copy stays as it is. (A module name starting with ``_`` is not
taken for a migration.)"""

from collections.abc import Iterable
from typing import Any


def match_totals(games: Iterable[tuple[str, Any]]) -> dict[str, int]:
    """Games won by side a and by b, the points of all games of a and of b, from (winner
    side, scores) pairs."""
    ga = gb = pa = pb = 0
    for winner, scores in games:
        if winner == "a":
            ga += 1
        elif winner == "b":
            gb += 1
        if scores:
            pa += int(scores.get("a", 0) or 0)
            pb += int(scores.get("b", 0) or 0)
    return {"games_a": ga, "games_b": gb, "points_a": pa, "points_b": pb}
