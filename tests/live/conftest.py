"""Fixtures of the live pages: a small running tournament with a knock-out event."""

from __future__ import annotations

import pytest

from scoring.models import Round

from . import factories as f


@pytest.fixture
def tournament(db):
    return f.tournament()


@pytest.fixture
def knockout(tournament):
    """Four entries: semi-final 1 finished (A won), semi-final 2 playing on table 1 with a
    stroke log, the final waiting for both winners; a call-up on table 2 in another event."""
    event, entries = f.event(tournament, "Open Singles", format="knockout", entries=4)
    semis = Round.objects.create(event=event, number=1, name="Semi-finals", stage="late")
    final = Round.objects.create(event=event, number=2, name="Final", stage="late")
    the_final = f.match(event, None, None, number=3, rnd=final, status="scheduled")
    sf1 = f.match(
        event,
        entries[0],
        entries[3],
        number=1,
        rnd=semis,
        table=2,
        status="called",
        winner_to=the_final,
        winner_to_side="a",
    )
    sf2 = f.match(
        event,
        entries[1],
        entries[2],
        number=2,
        rnd=semis,
        table=1,
        status="called",
        winner_to=the_final,
        winner_to_side="b",
    )
    f.win_match(sf1, "a")
    f.toss(sf2, "a", "break")
    f.white_slam(sf2)  # game 1, board 1: A breaks, 12 points
    f.post(sf2, f.stroke("white"))  # board 2: B breaks (white) and misses
    f.post(sf2, f.stroke("black", black=1, striker=True))  # A: a due
    return {
        "event": event,
        "entries": entries,
        "sf1": sf1,
        "sf2": sf2,
        "final": the_final,
        "rounds": (semis, final),
    }


@pytest.fixture
def swiss(tournament):
    """Six entries, two Swiss rounds finished (written straight to the caches)."""
    event, e = f.event(tournament, "Open Swiss", format="swiss", entries=6)
    r1 = Round.objects.create(event=event, number=1)
    r2 = Round.objects.create(event=event, number=2)
    # round 1: 1 beats 4, 2 beats 5, 6 beats 3; round 2: 1 beats 2, 6 beats 4, 3 beats 5
    for number, (a, b, winner, rnd) in enumerate(
        [
            (0, 3, "a", r1),
            (1, 4, "a", r1),
            (2, 5, "b", r1),
            (0, 1, "a", r2),
            (5, 3, "a", r2),
            (2, 4, "a", r2),
        ],
        start=1,
    ):
        m = f.match(event, e[a], e[b], number=number, rnd=rnd, status="ready")
        f.finished_rows(m, winner, ((25, 10), (25, 12)) if winner == "a" else ((10, 25), (12, 25)))
    return {"event": event, "entries": e}


@pytest.fixture
def groups(tournament):
    """Two round-robin groups of three; group A finished, group B half played."""
    event, e = f.event(tournament, "Doubles Groups", format="groups", kind="doubles", entries=6)
    rnd = Round.objects.create(event=event, number=1, bracket="groups", name="Group stage")
    n = 0
    for group, (x, y, z) in (("A", (0, 1, 2)), ("B", (3, 4, 5))):
        for a, b in ((x, y), (x, z), (y, z)):
            n += 1
            m = f.match(event, e[a], e[b], number=n, rnd=rnd, group=group)
            if group == "A" or (a, b) == (x, y):
                f.finished_rows(
                    m, "a" if a != y else "b", ((25, 3), (25, 4)) if a != y else ((3, 25), (4, 25))
                )
    return {"event": event, "entries": e}
