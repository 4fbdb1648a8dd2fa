"""The one standings function per format, read by the live pages, the JSON API, the printed
sheet and the organiser's pages (docs/STANDINGS.md).

:func:`event_standings` ranks the event's decided results (:mod:`scoring.standings.results`)
by the event's ranking rule (:func:`scoring.standings.results.ranking_rule`, a preset of
:mod:`scoring.draws.ranking`):

- **Swiss**: one table of every entry (withdrawn ones stay, marked, with every result they
  had; the walkovers after their withdrawal count for their opponents); under a rule of
  complete rounds (``european``, as SoL ranks) the rounds before the first one with an
  undecided match (:func:`scoring.draws.ranking.counted_rounds`), said in
  :attr:`StandingsTable.progress`;
- **groups** (round-robin groups, and a single round robin as one group): one table per group
  of its members; under the ``current`` rule wins, then head-to-head, game difference, net
  points, seed (:func:`scoring.draws.group_standings`); under the ``european`` rule the rule's
  points and tie-breaks.

Texts are in the active language; the rule in force is :attr:`StandingsTable.order`, and the
column explanations follow it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scoring.draws import Entry as DrawEntry
from scoring.draws import MatchResult, RankingRule, group_standings
from scoring.draws.ranking import RoundsCounted, Standing, counted_rounds, credit, table
from scoring.draws.types import EntryId
from scoring.identity import name_key
from scoring.models import Entry, Event, ExternalRecord, Round
from scoring.records import sql
from scoring.standings.results import decided_results, event_results, ranking_rule
from scoring.standings.words import Column as Column  # the standings' readers import it here
from scoring.standings.words import (
    column,
    complete_rounds_text,
    decided_words,
    rounds_text,
    rule_columns,
)
from scoring.standings.words import rule_name as rule_name
from scoring.standings.words import rule_text as rule_text

#: Brackets of a Swiss event's final stage: not in the Swiss table (placed by their results).
FINAL_BRACKETS = (Round.Bracket.FINAL, Round.Bracket.PLACEMENT)


@dataclass(slots=True)
class PlayerLine:
    """A player of an entry as the standings show it (plain values; read-only by convention:
    a frozen dataclass takes eight times as long to make, and a table makes hundreds)."""

    id: int
    name: str
    club: str
    rating: int | None


@dataclass(slots=True)
class EntryLine:
    """An entry as the standings show it: plain values of one query (no model instances; a
    table of 256 entries is read in a quarter of a millisecond). Read-only by convention."""

    pk: int
    seed: int | None
    withdrawn: bool
    players: tuple[PlayerLine, ...]
    rating: int | None = None  # the entry's rating at entry (a SoL import), if given
    team_name: str = ""  # a team event's entry is named by its team (issue 34)
    prize: Decimal | None = None  # SoL's prize at the tourney's prize-giving (a SoL import)

    @property
    def player_id(self) -> int:
        return self.players[0].id

    @property
    def name(self) -> str:
        return self.team_name or " / ".join(p.name for p in self.players)


@dataclass
class StandingRow:
    entry_id: int
    entry: EntryLine | None
    rank: int
    values: dict[str, Any]
    cells: list[Any] = field(default_factory=list)  # (column, text) in column order
    url: str = ""  # the player page (set by the view)

    @property
    def name(self) -> str:
        return self.entry.name if self.entry else "?"

    @property
    def withdrawn(self) -> bool:
        return bool(self.entry and self.entry.withdrawn)


@dataclass
class StandingsTable:
    name: str  # the group, or "" for one table
    columns: list[Column]
    rows: list[StandingRow]
    order: str  # how the ranking is decided, in words (the rule in force)
    group: str = ""  # the group's own name ("A"), "" for one table
    rule: str = "current"  # the ranking preset's key
    rule_name: str = ""  # its name, translated
    #: the rounds a table of complete rounds counts (None: every result counts)
    rounds: RoundsCounted | None = None
    #: those rounds in words while one is in play ("Standings after round 2 — round 3 in
    #: play: 5 of 8 matches decided"), else ""
    progress: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:  # text, not numbers: no localisation per cell when rendering
            row.cells = [(c, str(row.values.get(c.key, ""))) for c in self.columns]


def entry_rows_orm(event: Event) -> list[Any]:
    """:func:`scoring.records.sql.entry_rows` written with the ORM: its oracle and its rival."""
    return list(
        Entry.objects.filter(event=event)
        .order_by("seed", "pk")
        .values_list(
            *("pk", "seed", "withdrawn", "rating", "team_name", "prize"),
            *("player_id", "player__name", "player__club", "player__rating"),
            *("partner_id", "partner__name", "partner__club", "partner__rating"),
        )
    )


def entry_lines(event: Event) -> dict[int, EntryLine]:
    """The event's entries in their order (seed, registration) with their players: one query
    of plain values (:func:`scoring.records.sql.entry_rows`; its ORM twin
    :func:`entry_rows_orm`)."""
    rows = sql.entry_rows(event.pk)
    out = {}
    for (
        pk,
        seed,
        withdrawn,
        entry_rating,
        team_name,
        prize,
        pid,
        name,
        club,
        rating,
        qid,
        qname,
        qclub,
        qrating,
    ) in rows:
        players: tuple[PlayerLine, ...] = (PlayerLine(pid, name, club, rating),)
        if qid is not None:
            players += (PlayerLine(qid, qname, qclub, qrating),)
        out[pk] = EntryLine(
            pk,
            seed,
            bool(withdrawn),
            players,
            entry_rating,
            team_name or "",
            None if prize is None else Decimal(prize),
        )
    return out


def _draw_entry(entry: EntryLine, own_rating: bool = False) -> DrawEntry:
    """The entry as the ranking reads it: its rating at entry (a SoL import), else its first
    player's rating (the last tie-break of the European preset). ``own_rating`` (an event
    whose ratings are the entries' own, ``settings["ratings"] == "entry"``, as SoL ranks):
    never a rating the player got in another tourney (issue 31)."""
    rating = entry.rating if entry.rating is not None or own_rating else entry.players[0].rating
    return DrawEntry(entry.pk, seed=entry.seed, rating=rating)


def _own_ratings(event: Event) -> bool:
    """Does the event rank by its entries' own ratings only, then by name (SoL)?"""
    return (event.settings or {}).get("ratings") == "entry"


def _by_name(lines: Iterable[EntryLine]) -> list[EntryLine]:
    """Entries in SoL's order of names, its last tie-break after the rate: the first
    player's last name, then first name, as SoL's archive spells them (SoL 5.26 sorts its
    competitors by ``lastname``, ``firstname`` before ranking them, and its sort keeps that
    order among rows level on every figure); a player without a SoL record by the last word
    of the name, then the rest."""
    lines = list(lines)
    spelled = _sol_names({e.players[0].id for e in lines})

    def key(e: EntryLine) -> tuple[str, str, list[str], int]:
        name = e.players[0].name
        words = name.rsplit(" ", 1)
        last, first = spelled.get(e.players[0].id) or (
            words[-1],
            words[0] if len(words) > 1 else "",
        )
        return last, first, [name_key(p.name) for p in e.players], e.pk

    return sorted(lines, key=key)


def _sol_names(players: set[int]) -> dict[int, tuple[str, str]]:
    """Each player's (last name, first name) as a SoL archive gave them (one query)."""
    out: dict[int, tuple[str, str]] = {}
    records = (
        ExternalRecord.objects.filter(source="sol", kind="player", player_id__in=players)
        .order_by("pk")
        .values_list("player_id", "data")
    )
    for player, data in records:
        if player is not None and isinstance(data, dict):
            out.setdefault(
                player, (str(data.get("lastname") or ""), str(data.get("firstname") or ""))
            )
    return out


def by_prize(lines: Sequence[Standing], entries: dict[int, EntryLine]) -> Sequence[Standing]:
    """A SoL tourney's table as SoL ranks it: by the prizes its prize-giving gave first (an
    entry without one counts 0), then by the figures (SoL 5.26's ranking sorts by prize,
    points, Buchholz, net, total, seed, rate; prizes once given stay, whatever its matches
    say later, also when the prize-giving was undone). An entry that the prizes place
    elsewhere than its figures would is marked as placed by the prize-giving. Unchanged when
    no entry has a prize (this app's own events: no prize-giving is recorded on them)."""
    prizes: dict[EntryId, Decimal] = {
        pk: e.prize for pk, e in entries.items() if e.prize is not None
    }
    if not prizes:
        return lines
    ranked = sorted(lines, key=lambda s: -(prizes.get(s.entry) or 0))  # stable: the figures
    return [
        s if s is ranked_s else replace(ranked_s, rank=n, decided_by="prize")
        for n, (s, ranked_s) in enumerate(zip(lines, ranked, strict=True), 1)
    ]


def _prize_text(order: str, entries: dict[int, EntryLine]) -> str:
    """The order in words, SoL's prizes first where the tourney has them (:func:`by_prize`)."""
    if not any(e.prize is not None for e in entries.values()):
        return order
    return _(
        "Ranked first by the prizes of this tourney's prize-giving in SoL (as SoL ranks it), "
        "then: %(order)s"
    ) % {"order": order}


def _ranked_rows(
    lines: Sequence[Any], entries: dict[int, EntryLine], rule: RankingRule
) -> list[StandingRow]:
    decided = decided_words()
    return [
        StandingRow(
            s.entry,
            entries.get(s.entry),
            s.rank,
            {
                "played": s.played,
                "score": s.score,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "buchholz": s.buchholz,
                "net_points": s.points_for - s.points_against,
                "total_points": s.total_points,
                "games": f"{s.games_won}:{s.games_lost}",
                "games_won": s.games_won,
                "games_lost": s.games_lost,
                "points_for": s.points_for,
                "points_against": s.points_against,
                "had_bye": s.had_bye,
                "decided_by": str(decided.get(s.decided_by, s.decided_by)),
                "withdrawn": bool(entries.get(s.entry) and entries[s.entry].withdrawn),
            },
        )
        for s in lines
    ]


def _swiss_results(event: Event) -> list[MatchResult]:
    """The decided results of the Swiss rounds (a final stage's left out: one query less)."""
    leave_out = FINAL_BRACKETS if event.format == Event.Format.SWISS else ()
    return decided_results(event, exclude_brackets=leave_out)[0]


def _complete_rounds(event: Event) -> tuple[list[MatchResult], RoundsCounted]:
    """The decided results of the Swiss rounds that are complete, and which rounds count
    (:func:`counted_rounds`; a final stage left out): two queries."""
    leave_out = FINAL_BRACKETS if event.format == Event.Format.SWISS else ()
    numbers = dict(Round.objects.filter(event=event).values_list("id", "number"))
    return counted_rounds(
        (numbers.get(row[7]), bool(row[3]), result)
        for row, result in event_results(event, exclude_brackets=leave_out)
    )


def swiss_table(event: Event, entries: dict[int, EntryLine] | None = None) -> list[StandingsTable]:
    """The Swiss table of ``event`` under its ranking rule (two queries; three under a rule
    of complete rounds)."""
    if entries is None:
        entries = entry_lines(event)
    rule = ranking_rule(event)
    rounds = None
    if rule.complete_rounds:
        decided, rounds = _complete_rounds(event)
    else:
        decided = _swiss_results(event)
    results = [r for r in decided if r.a in entries and (r.b is None or r.b in entries)]
    own = _own_ratings(event)
    listed = _by_name(entries.values()) if own else list(entries.values())
    lines = by_prize(table([_draw_entry(e, own) for e in listed], results, rule), entries)
    columns = rule_columns(rule, any(s.draws for s in lines))
    order = rule_text(rule)
    if rule.complete_rounds:
        order = f"{order} {complete_rounds_text()}"
    return [
        StandingsTable(
            "",
            columns,
            _ranked_rows(lines, entries, rule),
            _prize_text(order, entries),
            rule=rule.key,
            rule_name=rule_name(rule),
            rounds=rounds,
            progress=rounds_text(rounds),
        )
    ]


def group_tables(event: Event, entries: dict[int, EntryLine] | None = None) -> list[StandingsTable]:
    """Round-robin group tables (:func:`scoring.draws.group_standings` under the ``current``
    rule: wins, then head-to-head, game difference, net points, seed; each line says what
    decided its place), or the ``european`` rule's table per group. Members: every entry with
    a match in the group; entries in id order (registration), the last tie-break of unseeded,
    unrated entries. Two queries."""
    if entries is None:
        entries = entry_lines(event)
    rule = ranking_rule(event)
    members: dict[str, list[int]] = defaultdict(list)
    results: dict[str, list[MatchResult]] = defaultdict(list)
    for row, result in event_results(event):
        group = row[8]
        if not group:
            continue
        for entry_id in (row[1], row[2]):
            if entry_id is not None and entry_id in entries and entry_id not in members[group]:
                members[group].append(entry_id)
        # a rest in a group is not a match; the European circuit (SoL) counts it as a bye
        if result is not None and (result.b is not None or rule.key == "european"):
            results[group].append(result)
    tables = []
    for group in sorted(members, key=lambda g: (len(g), g)):
        own = _own_ratings(event)
        ids = sorted(members[group])
        if own:
            ids = [e.pk for e in _by_name(entries[i] for i in ids)]
        draw_entries = [_draw_entry(entries[i], own) for i in ids]
        group_results = results.get(group, [])
        if rule.key == "european":
            lines = by_prize(table(draw_entries, group_results, rule), entries)
            columns = rule_columns(rule, True)
            rows = _ranked_rows(lines, entries, rule)
            order = _prize_text(rule_text(rule), entries)
        else:
            rows, columns = _current_group(draw_entries, group_results, entries, rule)
            order = _(
                "Ranked by wins; entries level on wins by head-to-head, then game "
                "difference, then net points, then the seeding order."
            )
        tables.append(
            StandingsTable(
                _("Group %(name)s") % {"name": group},
                columns,
                rows,
                order,
                group=group,
                rule=rule.key,
                rule_name=rule_name(rule),
            )
        )
    return tables


def entry_pk(entry: EntryId) -> int:
    """A draw entry of a stored event: the entry's primary key (the pure draws also take
    names, e.g. in tests)."""
    if not isinstance(entry, int):
        raise TypeError(f"a stored event's draw entry is an Entry's pk, not {entry!r}")
    return entry


def _withdrawn(line: EntryLine | None) -> bool:
    return line is not None and line.withdrawn


def _current_group(
    draw_entries: list[DrawEntry],
    results: list[MatchResult],
    entries: dict[int, EntryLine],
    rule: RankingRule,
) -> tuple[list[StandingRow], list[Column]]:
    credited = credit(results, rule)
    lines = group_standings(draw_entries, credited)
    h2h = _head_to_head(lines, credited)
    decided = decided_words()
    draws: dict[Any, int] = defaultdict(int)
    for r in credited:
        if r.draw:
            draws[r.a] += 1
            draws[r.b] += 1
    rows = [
        StandingRow(
            entry_pk(line.entry),
            entries.get(entry_pk(line.entry)),
            line.rank,
            {
                "played": line.played,
                "wins": line.wins,
                "draws": draws.get(line.entry, 0),
                "losses": line.losses,
                "head_to_head": h2h.get(line.entry, ""),
                "games": f"{line.games_won}:{line.games_lost}",
                "games_won": line.games_won,
                "games_lost": line.games_lost,
                "game_difference": line.game_difference,
                "net_points": line.point_difference,
                "points_for": line.points_for,
                "points_against": line.points_against,
                "decided_by": str(decided.get(line.decided_by, line.decided_by)),
                "withdrawn": _withdrawn(entries.get(entry_pk(line.entry))),
            },
        )
        for line in lines
    ]
    columns = [
        column("played", rule, help_text=_("Group matches played.")),
        column("wins", rule, 1, _("Group matches won (a walkover counts as a win).")),
        column("losses", rule),
        column("head_to_head", rule, 2),
        column("games", rule),
        column("game_difference", rule, 3),
        column("net_points", rule, 4),
        column("points_for", rule),
        column("decided_by", rule),
    ]
    if draws:
        columns.insert(2, column("draws", rule))
    return rows, columns


def _head_to_head(lines: Sequence[Any], results: Sequence[MatchResult]) -> dict[Any, int | str]:
    """Wins in the matches among the entries level on wins (blank when not level)."""
    by_wins: dict[int, set[Any]] = defaultdict(set)
    for line in lines:
        by_wins[line.wins].add(line.entry)
    out: dict[Any, int | str] = {}
    for level in by_wins.values():
        if len(level) < 2:
            continue
        for entry in level:
            out[entry] = sum(
                1
                for r in results
                if r.b is not None and r.winner == entry and r.a in level and r.b in level
            )
    return out


def has_standings(event: Event) -> bool:
    return event.format in (Event.Format.SWISS, Event.Format.GROUPS)


def event_standings(event: Event) -> list[StandingsTable]:
    """Swiss table or round-robin group tables of ``event`` (two queries); an empty
    list for other formats."""
    if not has_standings(event):
        return []
    entries = entry_lines(event)
    if event.format == Event.Format.SWISS:
        return swiss_table(event, entries)
    return group_tables(event, entries)
