"""The standings table of a point-carrom event (seed 003), beside the other formats' tables
of :mod:`scoring.standings.tables`: every entry ranked by game wins, then by points (the game
scores it made, each capped at 25), then by name. Counted: the decided matches
(:data:`scoring.standings.results.DONE`). Two queries: the entries and the matches with their
games."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.models import Entry, Event, Game, Match
from scoring.standings.results import DONE


@dataclass
class PointTableRow:
    rank: int
    entry: Entry
    played: int = 0
    wins: int = 0
    points: int = 0

    @property
    def name(self) -> str:
        return self.entry.name


def point_table(event: Event) -> list[PointTableRow]:
    """The event's players ranked by game wins, then points (equal wins and points share a
    rank)."""
    entries = {
        e.pk: e
        for e in Entry.objects.filter(event=event, withdrawn=False).select_related(
            "player", "partner"
        )
    }
    rows = {pk: PointTableRow(0, entry) for pk, entry in entries.items()}
    matches = Match.objects.filter(event=event, status__in=DONE)
    games: dict[int, list[Game]] = {}
    for game in Game.objects.filter(match__in=matches).order_by("number"):
        games.setdefault(game.match_id, []).append(game)
    for match in matches:
        for side, entry_id in (
            ("a", match.entry_a_id),
            ("b", match.entry_b_id),
            ("c", match.entry_c_id),
        ):
            row = rows.get(entry_id or 0)
            if row is None:
                continue
            row.played += 1
            for game in games.get(match.pk, []):
                row.points += int((game.scores or {}).get(side, 0) or 0)
                row.wins += int(game.winner_side == side)
    ordered = sorted(rows.values(), key=lambda r: (-r.wins, -r.points, r.name.lower()))
    previous: tuple[int, int] | None = None
    for index, row in enumerate(ordered, start=1):
        key = (row.wins, row.points)
        row.rank = ordered[index - 2].rank if key == previous else index
        previous = key
    return ordered
