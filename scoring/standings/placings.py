"""Final placings of an event (1 to N), for the event page's podium, the API, the CSV export
and the SoL archive.

- **Swiss**: the rank of the Swiss table (:func:`scoring.standings.swiss_table`, the one
  standings function); an event with a **final stage** (SoL's final rounds, imported as
  ``final`` rounds, or placement matches after the Swiss) places its finalists by the finals'
  results as SoL does: each pair of finalists (a final, a third-place match, a semi-final, a
  best of three) holds the Swiss places of its two entries, and the one who won more of
  their final matches takes the better of the two, pair by pair in the order they were
  played; everybody else keeps the Swiss table's place (issue 18).
- **Knock-out** (also the knock-out stage after groups): the champion 1st, the final's loser
  2nd; the losers of each earlier round share the places below those still in (e.g. the four
  quarter-final losers are 5th–8th); a played third-place match places its winner 3rd and its
  loser 4th. Entries out in the group stage follow by their group place (tied across groups).
- **Double elimination**: champion, grand-final loser, then the losers bracket round by round.
- **Groups only**: the group place, tied across groups.

A place not decided yet (the event still running) is ``None``. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.models import Entry, Event, Match, Round
from scoring.standings import group_places, swiss_table
from scoring.standings.results import DECIDED, DONE, SETTLED_TERMS, holds
from scoring.standings.tables import FINAL_BRACKETS, entry_lines


@dataclass(frozen=True)
class Placing:
    entry: Entry
    place: int | None  # first place of the range
    last: int | None  # last place of a shared range (== place when not shared)

    @property
    def label(self) -> str:
        """ "5" or "5–8"."""
        if self.place is None:
            return ""
        if self.last and self.last != self.place:
            return f"{self.place}–{self.last}"
        return str(self.place)


def finals_order(order: list[int], finals: list[tuple[int, int, str]]) -> list[int]:
    """``order`` (the Swiss table, best first) with the finalists placed by their finals.

    ``finals``: the decided final-stage matches in the order played, as (entry A, entry B,
    winner side). Matches of one pair count together (a best of three); a pair whose
    matches are level keeps its Swiss order. Pure."""
    order = list(order)
    pairs: dict[frozenset[int], dict[int, int]] = {}
    for a, b, winner in finals:
        wins = pairs.setdefault(frozenset((a, b)), {a: 0, b: 0})
        if winner in ("a", "b"):
            wins[a if winner == "a" else b] += 1
    for pair, wins in pairs.items():
        if len(pair) != 2 or not pair <= set(order):
            continue
        first, second = sorted(pair, key=order.index)
        if wins[second] > wins[first]:
            i, j = order.index(first), order.index(second)
            order[i], order[j] = second, first
    return order


def _swiss_places(event: Event, *, prizes: bool = True) -> dict[int, tuple[int, int]]:
    """Places of a finished Swiss event: its table, the finalists by their finals (not in a
    prized SoL tourney: its prizes, which lead its table, already place them, and SoL moves
    finalists by their finals only before its prize-giving). ``prizes=False``: as if the
    prize-giving were done again, its recorded prizes set aside (the table and the finals)."""
    if prizes:
        tables = swiss_table(event)
    else:
        tables = swiss_table(
            event, {pk: replace(e, prize=None) for pk, e in entry_lines(event).items()}
        )
    rows = tables[0].rows if tables else []
    order = [row.entry_id for row in rows]
    if prizes and Entry.objects.filter(event=event, prize__isnull=False).exists():
        return {row.entry_id: (row.rank, row.rank) for row in rows}
    finals = [
        (m.entry_a_id, m.entry_b_id, m.winner_side)
        for m in Match.objects.filter(
            event=event,
            round__bracket__in=FINAL_BRACKETS,
            bye=False,
            status__in=DONE,
            entry_a__isnull=False,
            entry_b__isnull=False,
        ).order_by("round__number", "number")
        if m.entry_a_id is not None and m.entry_b_id is not None
    ]
    placed = finals_order(order, finals)
    if placed == order:  # no final changed a place: shared Swiss ranks stay as they are
        return {row.entry_id: (row.rank, row.rank) for row in rows}
    return {entry: (n, n) for n, entry in enumerate(placed, 1)}


def _round(m: Match) -> Round:
    """A drawn match's round (the placings read only the matches of rounds)."""
    if m.round is None:
        raise ValueError(f"match {m.pk} has no round")
    return m.round


def _loser(m: Match) -> list[int]:
    if m.bye or m.entry_a_id is None or m.entry_b_id is None:
        return []
    if m.winner_side == "a":
        return [m.entry_b_id]
    if m.winner_side == "b":
        return [m.entry_a_id]
    if m.walkover:  # both absent
        return [m.entry_a_id, m.entry_b_id]
    return []


def _winner(m: Match) -> int | None:
    return {"a": m.entry_a_id, "b": m.entry_b_id}.get(m.winner_side)


def _settled(m: Match) -> bool:
    """A placing counts a match once its result is settled (:data:`SETTLED_TERMS`: confirmed,
    a bye or a walkover; a finished match may still be corrected)."""
    return holds(SETTLED_TERMS, m)


def _elimination(event: Event, matches: list[Match]) -> dict[int, tuple[int, int]]:
    """Places of the entries knocked out of the bracket (and the champion)."""
    places: dict[int, tuple[int, int]] = {}
    if event.format == Event.Format.DOUBLE_ELIMINATION:
        finals = sorted(
            (m for m in matches if _round(m).bracket == Round.Bracket.FINAL),
            key=lambda m: (_round(m).number, m.number),
        )
        elimination = [m for m in matches if _round(m).bracket == Round.Bracket.LOSERS]
        top = [m for m in finals if _settled(m) and (m.entry_a_id and m.entry_b_id)]
    else:
        main = [m for m in matches if _round(m).bracket == Round.Bracket.MAIN]
        if not main:
            return places
        last = max(_round(m).number for m in main)
        top = [m for m in main if _round(m).number == last]
        elimination = [m for m in main if _round(m).number != last]
    placed = 0
    if top and all(_settled(m) for m in top):
        final = top[-1]
        champion = _winner(final)
        if champion:
            places[champion] = (1, 1)
            placed = 1
        for loser in _loser(final):
            if loser not in places:
                places[loser] = (2, 2)
        placed = 2
    third = [m for m in matches if _round(m).bracket == Round.Bracket.PLACEMENT]
    by_round: dict[int, list[Match]] = {}
    for m in elimination:
        by_round.setdefault(_round(m).number, []).append(m)
    for number in sorted(by_round, reverse=True):
        losers = [e for m in by_round[number] if _settled(m) for e in _loser(m)]
        if not all(_settled(m) for m in by_round[number]):
            break
        if (
            third
            and number == max(by_round)
            and event.format != Event.Format.DOUBLE_ELIMINATION
            and all(_settled(m) for m in third)
        ):
            winner, beaten = _winner(third[0]), _loser(third[0])
            if winner:
                places[winner] = (placed + 1, placed + 1)
            for e in beaten:
                places[e] = (placed + 2, placed + 2)
            placed += len(losers)
            continue
        start = placed + 1
        for e in losers:
            places.setdefault(e, (start, start + len(losers) - 1))
        placed += len(losers)
    return places


def event_placings(
    event: Event, *, prizes: bool = True, as_it_stands: bool = False
) -> list[Placing]:
    """Every entry of ``event`` with its place (best first; undecided last); ``prizes=False``
    sets a SoL tourney's recorded prize-giving aside (its places from its results alone);
    ``as_it_stands``: a Swiss event placed by its table as it stands, unfinished or not (SoL
    gives the prizes of a tourney at its prize-giving from its ranking then: a final left
    unplayed, 0–0, counts for nothing)."""
    entries = {
        e.pk: e
        for e in Entry.objects.filter(event=event)
        .select_related("player", "partner")
        .order_by("pk")
    }
    places: dict[int, tuple[int, int]] = {}
    if event.format == Event.Format.SWISS:
        finished = as_it_stands or (
            not Match.objects.filter(event=event).exclude(status__in=DONE).exists()
            and event.status == Event.Status.FINISHED
        )
        if finished:
            places = _swiss_places(event, prizes=prizes)
    elif event.format in (
        Event.Format.KNOCKOUT,
        Event.Format.DOUBLE_ELIMINATION,
        Event.Format.GROUPS,
    ):
        matches = list(
            Match.objects.filter(event=event).select_related("round").exclude(round__isnull=True)
        )
        ko = [m for m in matches if _round(m).bracket != Round.Bracket.GROUPS]
        places = _elimination(event, ko)
        # the places of those out after the groups are known once the knock-out is drawn
        # (before, nobody knows who qualifies: no "placings so far" of a group stage)
        if (
            event.format == Event.Format.GROUPS
            and ko
            and not any(
                not _settled(m) for m in matches if _round(m).bracket == Round.Bracket.GROUPS
            )
        ):
            in_ko = {e for m in ko for e in (m.entry_a_id, m.entry_b_id) if e}
            rest: dict[int, list[int]] = {}
            for table in group_places(event).values():
                for s in table:
                    if s.entry not in in_ko:
                        rest.setdefault(s.rank, []).append(s.entry)
            placed = len(in_ko)
            for rank in sorted(rest):
                group = rest[rank]
                for e in group:
                    places[e] = (placed + 1, placed + len(group))
                placed += len(group)
        if (
            event.format == Event.Format.GROUPS
            and not places
            and event.status == Event.Status.FINISHED
            and matches
            and all(holds(DECIDED, m) for m in matches)
        ):
            # groups only, finished with no knock-out (a round robin, e.g. SoL's): the group
            # place, tied across groups
            by_rank: dict[int, list[int]] = {}
            for table in group_places(event).values():
                for s in table:
                    by_rank.setdefault(s.rank, []).append(s.entry)
            placed = 0
            for rank in sorted(by_rank):
                for e in by_rank[rank]:
                    places[e] = (placed + 1, placed + len(by_rank[rank]))
                placed += len(by_rank[rank])
    out = [Placing(entry, *places.get(pk, (None, None))) for pk, entry in entries.items()]
    return sorted(out, key=lambda p: (p.place is None, p.place or 0, p.entry.name))


def podium(placings: list[Placing]) -> list[Placing]:
    """The places 1 to 3 (with shared third places), empty until the winner is known."""
    if not placings or placings[0].place != 1:
        return []
    return [p for p in placings if p.place is not None and p.place <= 3]
