"""One decided result (issue 36): the rule "a bye, a walkover, or over (DONE) with its entries and
a winner or a draw" (docs/STANDINGS.md) has one home, ``standings.results.DECIDED``, and every
form of it (the ``Q``, the narrow read's bit flags, :func:`result_of`) and the
placings' "settled" agree on every combination of status, bye, walkover, winner, draw and
entries."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import Match
from scoring.standings.results import (
    DECIDED,
    DONE,
    SETTLED_TERMS,
    decided_q,
    decided_results,
    event_results,
    holds,
    result_of,
    terms_q,
)
from tests.live import factories as f

STATUSES = tuple(Match.Status.values)
SIDES = ("", "a", "b")
ENTRIES = ("both", "a only", "b only")


def stands(status: str, bye: bool, walkover: bool, side: str, drawn: bool, a: Any, b: Any) -> bool:
    """The rule as docs/STANDINGS.md words it, written out on its own (the test's oracle)."""
    if bye:
        return a is not None or b is not None
    if a is None or b is None:
        return False
    if walkover:
        return True
    return status in ("finished", "confirmed") and (side in ("a", "b") or drawn)


@given(
    status=st.sampled_from(STATUSES),
    bye=st.booleans(),
    walkover=st.booleans(),
    side=st.sampled_from(SIDES),
    drawn=st.booleans(),
    a=st.sampled_from((None, 11)),
    b=st.sampled_from((None, 12)),
)
def test_result_of_decides_by_the_one_rule(status, bye, walkover, side, drawn, a, b) -> None:
    row = (1, a, b, bye, walkover, side, status, None, "", 1, drawn)
    result = result_of(row)
    assert (result is not None) == stands(status, bye, walkover, side, drawn, a, b)
    columns = SimpleNamespace(status=status, bye=bye, walkover=walkover)
    if result is not None:  # DECIDED is the superset every query starts from
        assert holds(DECIDED, columns)
    assert holds(DECIDED, columns) == (status in DONE or bye or walkover)
    assert holds(SETTLED_TERMS, columns) == (status == "confirmed" or bye or walkover)


@pytest.mark.django_db
def test_every_form_of_decided_agrees_on_every_combination() -> None:
    e, (one, other) = f.event(f.tournament(), format="swiss", entries=2)
    combinations = list(
        itertools.product(STATUSES, (False, True), (False, True), SIDES, (False, True), ENTRIES)
    )
    for number, (status, bye, walkover, side, drawn, entries) in enumerate(combinations, 1):
        f.match(
            e,
            None if entries == "b only" else one,
            None if entries == "a only" else other,
            number=number,
            status=status,
            bye=bye,
            walkover=walkover,
            winner_side=side,
            draw=drawn,
            games_a=number % 3,
            games_b=1,
            points_a=number,
            points_b=5,
        )
    matches = {m.pk: m for m in Match.objects.filter(event=e)}
    assert len(matches) == len(combinations) == 432

    superset = {pk for pk, m in matches.items() if holds(DECIDED, m)}
    assert set(Match.objects.filter(event=e).filter(decided_q()).values_list("pk", flat=True)) == (
        superset
    )

    read = event_results(e)
    for row, result in read:
        m = matches[row[0]]
        expected = stands(
            m.status, m.bye, m.walkover, m.winner_side, m.draw, m.entry_a_id, m.entry_b_id
        )
        assert (result is not None) == expected, (m.status, m.bye, m.walkover, m.winner_side)
        assert result is None or row[0] in superset
    decided = [result for _row, result in read if result is not None]
    assert len(decided) > 100
    # the narrow read (bit flags summed by the database) gives the same results in the same order
    assert decided_results(e)[0] == decided

    # settled (the placings): the same rule over the confirmed status
    settled = {pk for pk, m in matches.items() if holds(SETTLED_TERMS, m)}
    assert settled == {
        pk for pk, m in matches.items() if m.status == "confirmed" or m.bye or m.walkover
    }
    assert set(
        Match.objects.filter(event=e).filter(terms_q(SETTLED_TERMS)).values_list("pk", flat=True)
    ) == (settled)
    assert settled <= superset
