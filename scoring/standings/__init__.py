"""Decided results and standings, each defined once (docs/STANDINGS.md).

- :mod:`scoring.standings.results` — what a decided result is, read in one query, and the
  event's ranking rule (a preset of :mod:`scoring.draws.ranking`, pure);
- :mod:`scoring.standings.tables` — the one standings function per format (Swiss, groups and
  round robin), read by the live pages, the JSON API, the printed sheet and the organiser;
- :mod:`scoring.standings.points` — point carrom's table (game wins, then points), read by the
  event's live page.

A read layer: it never writes; selectors and services both use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.draws.ranking import RoundsCounted
from scoring.models import Event
from scoring.standings.points import PointTableRow, point_table
from scoring.standings.results import (
    DECIDED,
    DONE,
    SETTLED,
    SETTLED_TERMS,
    decided_q,
    event_results,
    ranking_rule,
    result_of,
)
from scoring.standings.tables import (
    Column,
    EntryLine,
    StandingRow,
    StandingsTable,
    entry_lines,
    event_standings,
    group_tables,
    has_standings,
    rule_name,
    rule_text,
    swiss_table,
)


@dataclass(frozen=True)
class Place:
    """An entry's place in its group (what the knock-out after the groups is seeded from)."""

    entry: int
    rank: int


def group_places(event: Event) -> dict[str, tuple[Place, ...]]:
    """Each group's entries in table order (the one group table)."""
    return {t.group: tuple(Place(r.entry_id, r.rank) for r in t.rows) for t in group_tables(event)}


__all__ = [
    "PointTableRow",
    "point_table",
    "DECIDED",
    "DONE",
    "SETTLED",
    "SETTLED_TERMS",
    "Column",
    "EntryLine",
    "Place",
    "RoundsCounted",
    "StandingRow",
    "StandingsTable",
    "decided_q",
    "entry_lines",
    "event_results",
    "event_standings",
    "group_places",
    "group_tables",
    "has_standings",
    "ranking_rule",
    "result_of",
    "rule_name",
    "rule_text",
    "swiss_table",
]
