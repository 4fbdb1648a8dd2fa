"""An event's printed sheets: its bracket, its standings (the live page's own tables), the
table labels and the printing index (see the package)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from django.db.models import Prefetch
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring import standings
from scoring.models import Entry, Event, Match, Round, Tournament
from scoring.pdf.data import (
    BracketMatch,
    BracketRound,
    BracketSection,
    BracketSheetData,
    StandingsColumn,
    StandingsGroup,
    StandingsRow,
    StandingsSheetData,
    TableLabelData,
)
from scoring.selectors.sheets.common import (
    SIDES,
    SheetUnavailable,
    absolute_url,
    live_table_path,
    sheet_language,
    side_index,
)
from scoring.selectors.sheets.scoresheets import (
    match_queryset,
)
from scoring.standings.tables import FINAL_BRACKETS, EntryLine, StandingsTable
from scoring.timezones import clock, local_date

# --------------------------------------------------------------------------- bracket


BRACKET_KINDS: dict[str, Literal["main", "winners", "losers", "final"]] = {
    Round.Bracket.MAIN: "main",
    Round.Bracket.WINNERS: "winners",
    Round.Bracket.LOSERS: "losers",
    Round.Bracket.FINAL: "final",
}
BRACKET_ORDER = [
    Round.Bracket.MAIN,
    Round.Bracket.WINNERS,
    Round.Bracket.LOSERS,
    Round.Bracket.PLACEMENT,
    Round.Bracket.FINAL,
]


def _bracket_match(match: Match, language: str) -> BracketMatch:
    names: list[str | None] = []
    for side in SIDES:
        entry = match.entry_for(side)
        if entry is not None:
            names.append(entry.name)
        else:
            names.append("" if match.bye else None)
    winner = side_index(match.winner_side)
    scores = ("", "")
    if match.walkover and winner is not None:
        scores = ("", "w/o") if winner == 1 else ("w/o", "")
    elif match.games_won and (winner is not None or match.status == Match.Status.PLAYING):
        won = match.games_won
        scores = (str(won.get("a", 0)), str(won.get("b", 0)))
    label = f"M{match.number}"
    if winner is None and match.table is not None:
        with translation.override(language):
            label = f"{label} · {_('Table %(number)s') % {'number': match.table.number}}"
    return BracketMatch(entries=(names[0], names[1]), scores=scores, winner=winner, label=label)


def bracket_data(event: Event, *, language: str | None = None) -> BracketSheetData:
    """The event's knock-out tree, or the winners and losers brackets and the grand final of a
    double elimination, from its rounds and matches (two queries)."""
    language = sheet_language(language)
    rounds = list(
        event.rounds.exclude(bracket=Round.Bracket.GROUPS)
        .prefetch_related(
            Prefetch("matches", queryset=match_queryset().order_by("position", "number", "pk"))
        )
        .order_by("number")
    )
    by_bracket: dict[str, list[Round]] = defaultdict(list)
    for rnd in rounds:
        by_bracket[rnd.bracket].append(rnd)
    sections = []
    with translation.override(language):
        for bracket in BRACKET_ORDER:
            rows = by_bracket.get(bracket)
            if not rows:
                continue
            printed = [
                BracketRound(str(rnd), [_bracket_match(m, language) for m in rnd.matches.all()])
                for rnd in rows
            ]
            printed = [r for r in printed if r.matches]
            if not printed:
                continue
            if bracket == Round.Bracket.PLACEMENT:
                sections.append(BracketSection(printed, kind="main", title=_("Placement matches")))
            else:
                sections.append(BracketSection(printed, kind=BRACKET_KINDS[bracket]))
        if not sections:
            raise SheetUnavailable(_("This event has no bracket yet."))
        return BracketSheetData(
            tournament=event.tournament.name,
            event=event.name,
            sections=sections,
            language=language,
            date=local_date(timezone.now(), event.tournament),
            subtitle=_("as of %(time)s") % {"time": clock(timezone.now(), event.tournament)},
        )


# --------------------------------------------------------------------------- standings


def _club(entry: Entry | EntryLine) -> str:
    return " / ".join(dict.fromkeys(p.club for p in entry.players if p.club))


#: Live standings columns left off the printed table (not ranking criteria; the net points are
#: printed), so that the names keep their width on an A4 page.
UNPRINTED_COLUMNS = frozenset({"points_for", "points_against"})
UNPRINTED_GROUP_COLUMNS = UNPRINTED_COLUMNS


def _standings_tables(
    event: Event, language: str
) -> tuple[list[StandingsColumn], list[StandingsGroup], str, StandingsTable | None]:
    """The live page's tables (:func:`scoring.standings.event_standings`, the one definition:
    the same rows, order and figures), with their columns, short headers and the rule in
    force with its column explanations as the footnote (its name goes in the subtitle)."""
    with translation.override(language):
        tables = standings.event_standings(event)
        withdrawn = _("withdrawn")
    if not tables:
        return [], [], "", None
    shown = [c for c in tables[0].columns if c.key not in UNPRINTED_COLUMNS]
    columns = [StandingsColumn(c.key, c.short) for c in shown]
    groups = [
        StandingsGroup(
            [
                StandingsRow(
                    rank=row.rank,
                    name=f"{row.name} ({withdrawn})" if row.withdrawn else row.name,
                    club=_club(row.entry) if row.entry else "",
                    values={c.key: row.values.get(c.key, "") for c in shown},
                )
                for row in table.rows
            ],
            name=table.group,
        )
        for table in tables
    ]
    legend = " · ".join(f"{c.short} = {c.label}" for c in shown)
    return columns, groups, f"{tables[0].order} {legend}", tables[0]


def _last_standings_round(event: Event, has_groups: bool) -> int | None:
    """The last round with a decided match that counts for the table: a group round of a
    group stage, a Swiss round; never the knock-out (or final) round played after it."""
    rounds = event.rounds.filter(matches__winner_side__in=SIDES)
    if has_groups or event.format == Event.Format.GROUPS:
        rounds = rounds.filter(bracket=Round.Bracket.GROUPS)
    else:
        rounds = rounds.exclude(bracket__in=FINAL_BRACKETS)
    return rounds.order_by("-number").values_list("number", flat=True).first()


def standings_data(event: Event, *, language: str | None = None) -> StandingsSheetData:
    """Group standings (round-robin groups) or the Swiss table of ``event``.

    :raises SheetUnavailable: the event has neither groups nor Swiss rounds.
    """
    language = sheet_language(language)
    has_groups = Match.objects.filter(event=event).exclude(group="").exists()
    if event.format == Event.Format.SWISS or has_groups or event.format == Event.Format.GROUPS:
        columns, groups, footnote, first = _standings_tables(event, language)
    else:
        with translation.override(language):
            raise SheetUnavailable(_("Standings are printed for group and Swiss events."))
    last = _last_standings_round(event, has_groups)
    if first is not None and first.rounds is not None:  # a table of complete rounds
        last = first.rounds.after
    with translation.override(language):
        subtitle = _("after round %(number)s") % {"number": last} if last else ""
        rule = standings.rule_name(standings.ranking_rule(event))
    if first is not None and first.progress:  # a round in play: the rounds counted, in words
        subtitle = first.progress
    subtitle = f"{subtitle} · {rule}" if subtitle else rule
    return StandingsSheetData(
        tournament=event.tournament.name,
        event=event.name,
        columns=columns,
        groups=groups,
        language=language,
        subtitle=subtitle,
        date=local_date(timezone.now(), event.tournament),
        footnote=footnote,
    )


# --------------------------------------------------------------------------- table labels


def table_label_data(
    tournament: Tournament, *, language: str | None = None, base_url: str | None = None
) -> list[TableLabelData]:
    """A label per active table (or per table of ``tournament.table_count`` when no tables
    are stored) with a QR code to the public page of the table's current match."""
    language = sheet_language(language)
    tables = list(tournament.tables.filter(active=True).order_by("number"))
    numbers = [(t.number, t.label) for t in tables] or [
        (n, "") for n in range(1, tournament.table_count + 1)
    ]
    return [
        TableLabelData(
            table=str(number),
            tournament=tournament.name,
            language=language,
            caption=label,
            qr_url=absolute_url(base_url, live_table_path(tournament, number)),
        )
        for number, label in numbers
    ]


# --------------------------------------------------------------------------- index page


@dataclass(frozen=True)
class PrintableRound:
    """A round on the organiser's print page; ``bracket`` is passed on when the event has
    rounds of the same number in several brackets (double elimination)."""

    number: int
    name: str
    bracket: str
    needs_bracket: bool
    matches: list[Match]


@dataclass(frozen=True)
class PrintableEvent:
    event: Event
    rounds: list[PrintableRound]
    other_matches: list[Match]
    has_bracket: bool
    has_standings: bool


def printable_events(tournament: Tournament) -> list[PrintableEvent]:
    """What the organiser can print, per event (three queries)."""
    matches = (
        match_queryset().filter(event__tournament=tournament, bye=False).order_by("number", "pk")
    )
    events = list(
        tournament.events.order_by("order", "name").prefetch_related(
            Prefetch("rounds", queryset=Round.objects.order_by("number", "bracket")),
        )
    )
    by_round: dict[int, list[Match]] = defaultdict(list)
    loose: dict[int, list[Match]] = defaultdict(list)
    grouped: set[int] = set()
    for match in matches:
        if match.round_id is None:
            loose[match.event_id].append(match)
        else:
            by_round[match.round_id].append(match)
        if match.group:
            grouped.add(match.event_id)
    result = []
    for event in events:
        rounds = list(event.rounds.all())
        numbers: defaultdict[int, int] = defaultdict(int)
        for rnd in rounds:
            numbers[rnd.number] += 1
        printed = [
            PrintableRound(
                rnd.number, str(rnd), rnd.bracket, numbers[rnd.number] > 1, by_round.get(rnd.pk, [])
            )
            for rnd in rounds
            if by_round.get(rnd.pk)
        ]
        result.append(
            PrintableEvent(
                event=event,
                rounds=printed,
                other_matches=loose.get(event.pk, []),
                has_bracket=any(r.bracket != Round.Bracket.GROUPS for r in rounds),
                has_standings=event.format in (Event.Format.SWISS, Event.Format.GROUPS)
                or event.pk in grouped,
            )
        )
    return result
