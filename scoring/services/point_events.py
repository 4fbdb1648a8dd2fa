"""Point-carrom events: round robins of three-player tables.

An event of kind "points" with format "groups" is a round robin: every three of its entries
meet once at a table (one game, seed 003). The draw groups those tables into rounds in which
nobody plays twice (greedy, in a fixed order: the same entries give the same draw). With more
than :data:`MAX_ENTRIES` entries the number of tables grows too fast (C(n, 3)); such a field is
refused with a clear message.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from scoring.models import Event, Match, Round
from scoring.services.errors import ServiceError

MAX_ENTRIES = 9


class PointDrawError(ServiceError):
    """A point-carrom draw that cannot be made (too many entries for the tables of three)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, **params)


def point_tables(entry_ids: list[int]) -> list[list[tuple[int, int, int]]]:
    """Every three of the entries once, grouped into rounds where nobody plays twice."""
    left = list(combinations(entry_ids, 3))
    rounds: list[list[tuple[int, int, int]]] = []
    while left:
        busy: set[int] = set()
        this: list[tuple[int, int, int]] = []
        for table in list(left):
            if busy.isdisjoint(table):
                this.append(table)
                busy.update(table)
                left.remove(table)
        rounds.append(this)
    return rounds


def save_point_round_robin(
    event: Event, *, entry_ids: list[int], insert: Any, next_number: int
) -> list[Round]:
    """Create the rounds and matches of a point-carrom round robin (``insert``: the draw's
    bulk insert of match rows)."""
    if len(entry_ids) < 3:
        raise PointDrawError("too_few_entries", minimum=3)
    if len(entry_ids) > MAX_ENTRIES:
        raise PointDrawError("too_many_point_entries", maximum=MAX_ENTRIES)
    schedule = point_tables(entry_ids)
    rounds = [
        Round(event=event, bracket=Round.Bracket.GROUPS, number=n, stage="early", games_to_win=1)
        for n in range(1, len(schedule) + 1)
    ]
    Round.objects.bulk_create(rounds)
    number = next_number
    rows: list[dict[str, Any]] = []
    for rnd, tables in zip(rounds, schedule, strict=True):
        for position, (a, b, c) in enumerate(tables, start=1):
            rows.append(
                {
                    "round": rnd,
                    "number": number,
                    "position": position,
                    "entry_a_id": a,
                    "entry_b_id": b,
                    "entry_c_id": c,
                    "status": Match.Status.READY,
                    "draw_reason": {"code": "point_round_robin", "params": {}},
                }
            )
            number += 1
    insert(event, rows)
    return rounds
