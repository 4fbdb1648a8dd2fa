"""Reads of team events (issue 34): teams with their players, ties with their lineups and
rubbers and each tie's result, for the live pages, the sheets and the API (bounded queries)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.utils import translation
from django.utils.formats import date_format

from scoring.draws.ties import TeamStanding, TieFormat, TieResult, team_table
from scoring.models import Event, Lineup, Match, Player, Rubber, Team, TeamMember, Tie
from scoring.pdf.tie_sheet import RubberSheetRow, TieSheetData
from scoring.standings.results import DONE
from scoring.standings.ties import tie_format_for, tie_results
from scoring.tie_words import decided_by_text, format_name


@dataclass
class TeamLine:
    team: Team
    players: list[Player]


@dataclass
class RubberLine:
    rubber: Rubber
    match: Match | None
    players_a: list[Player]
    players_b: list[Player]
    not_needed: bool


@dataclass
class TieLine:
    tie: Tie
    match: Match
    format: TieFormat
    team_a: Team
    team_b: Team
    result: TieResult
    lineups_in: list[str]
    rubbers: list[RubberLine] = field(default_factory=list)

    @property
    def format_name(self) -> str:
        return format_name(self.format)


def teams_of(event: Event) -> list[TeamLine]:
    """The event's teams in name order, each with its players (captain first): two queries."""
    teams = list(
        Team.objects.filter(event=event).select_related("captain", "entry").order_by("name", "pk")
    )
    players: dict[int, list[Player]] = {}
    for member in (
        TeamMember.objects.filter(team__event=event)
        .select_related("player")
        .order_by("number", "pk")
    ):
        players.setdefault(member.team_id, []).append(member.player)
    out = []
    for team in teams:
        mine = players.get(team.pk, [])
        mine.sort(key=lambda p: p.pk != team.captain_id)
        out.append(TeamLine(team, mine))
    return out


def event_ties(event: Event, ties: list[Tie] | None = None) -> list[TieLine]:
    """The event's ties (or ``ties``) in match order with their teams, lineups' state,
    rubbers (players named only once both lineups are in) and results: a fixed number of
    queries."""
    if ties is None:
        ties = list(
            Tie.objects.filter(event=event)
            .select_related("match", "match__round", "match__entry_a", "match__entry_b")
            .order_by("match__round__number", "match__number", "pk")
        )
    if not ties:
        return []
    teams = {t.entry_id: t for t in Team.objects.filter(event=event).select_related("captain")}
    rubbers: dict[int, list[Rubber]] = {}
    for rubber in (
        Rubber.objects.filter(tie__in=ties)
        .select_related("match", "match__table")
        .order_by("number")
    ):
        rubbers.setdefault(rubber.tie_id, []).append(rubber)
    ids = {p for rs in rubbers.values() for r in rs for p in r.player_ids}
    players = Player.objects.in_bulk(ids)
    lineups: dict[int, list[str]] = {}
    for tie_id, side in Lineup.objects.filter(tie__in=ties).values_list("tie_id", "side"):
        lineups.setdefault(tie_id, []).append(side)
    results = tie_results(ties)
    out = []
    for tie in ties:
        result = results[tie.pk]
        team_a, team_b = tie.match.entry_a_id, tie.match.entry_b_id
        assert team_a is not None and team_b is not None  # a tie's match has both teams
        line = TieLine(
            tie,
            tie.match,
            tie.tie_format(),
            teams[team_a],
            teams[team_b],
            result,
            sorted(lineups.get(tie.pk, [])),
        )
        for rubber in rubbers.get(tie.pk, []):
            line.rubbers.append(
                RubberLine(
                    rubber,
                    rubber.match,
                    [players[p] for p in rubber.players_a if p in players],
                    [players[p] for p in rubber.players_b if p in players],
                    rubber.number - 1 in result.not_needed,
                )
            )
        out.append(line)
    return out


@dataclass(frozen=True)
class LineupSide:
    """One side of a rubber as the tablet and the scoresheet name it: the lineup's players
    (issue 34: the umpire calls players, not teams) and their team beside."""

    players: tuple[Player, ...]
    team: str

    @property
    def name(self) -> str:
        """ "Asha Rao" (singles) or "Asha Rao / Ben Kirk" (doubles)."""
        return " / ".join(p.name for p in self.players)


def rubber_sides(matches: Iterable[Match]) -> dict[int, dict[str, LineupSide]]:
    """The lineup's players of each rubber among ``matches`` by match id and side, with the
    team's name; matches of other events are not looked up (no query when none is of a team
    event), a team event's in two queries."""
    ids = [m.pk for m in matches if m.event.is_teams]
    if not ids:
        return {}
    rubbers = list(
        Rubber.objects.filter(match_id__in=ids).select_related(
            "tie__match__entry_a__team", "tie__match__entry_b__team"
        )
    )
    players = Player.objects.in_bulk({p for r in rubbers for p in r.player_ids})
    out: dict[int, dict[str, LineupSide]] = {}
    for rubber in rubbers:
        assert rubber.match_id is not None
        tie_match = rubber.tie.match
        sides = {}
        for side, ids_ in (("a", rubber.players_a), ("b", rubber.players_b)):
            entry = tie_match.entry_for(side)
            team = getattr(entry, "team", None) if entry is not None else None
            sides[side] = LineupSide(
                tuple(players[p] for p in ids_ if p in players),
                team.name if team is not None else (entry.name if entry is not None else ""),
            )
        out[rubber.match_id] = sides
    return out


def ties_in_play(event: Event) -> list[TieLine]:
    """The event's ties being played, for the hall screen: both lineups in (the rubbers are
    matches) and the tie not decided yet, in match order, each with its rubbers (players,
    tables, games) and its score in rubbers: a fixed number of queries."""
    ties = list(
        Tie.objects.filter(event=event, rubbers__match__isnull=False)
        .exclude(match__status__in=DONE)
        .exclude(match__walkover=True)
        .distinct()
        .select_related("match", "match__round", "match__entry_a", "match__entry_b")
        .order_by("match__round__number", "match__number", "pk")
    )
    return [line for line in event_ties(event, ties) if not line.result.decided]


def tie_sheet_data(line: TieLine, language: str) -> TieSheetData:
    """A tie's sheet (:func:`scoring.pdf.tie_sheet.render_tie_sheets`) from its line."""
    match, result = line.match, line.result
    rows = []
    for r in line.rubbers:
        m = r.match
        decided = m is not None and (m.status in DONE or m.walkover)
        rows.append(
            RubberSheetRow(
                number=r.rubber.number,
                kind=r.rubber.kind,
                games_to_win=line.format.rubbers[r.rubber.number - 1].games_to_win,
                players_a=tuple(p.name for p in r.players_a),
                players_b=tuple(p.name for p in r.players_b),
                games=(m.games_a, m.games_b) if decided and m is not None else None,
                winner_side=m.winner_side if decided and m is not None else "",
                walkover=bool(m is not None and m.walkover),
                not_needed=r.not_needed,
                match_number=m.number if m is not None else None,
                table=str(m.table) if m is not None and m.table_id else "",
            )
        )
    event = match.event
    return TieSheetData(
        tournament=event.tournament.name,
        event=event.name,
        round=match.round_label() if match.round_id else "",
        match_number=match.number,
        format_name=line.format_name,
        team_a=line.team_a.name,
        team_b=line.team_b.name,
        captain_a=line.team_a.captain.name,
        captain_b=line.team_b.captain.name,
        rubbers=tuple(rows),
        rubbers_won=(result.rubbers_a, result.rubbers_b),
        winner_side=result.winner_side,
        drawn=result.drawn,
        walkover=result.walkover,
        date=date_format(event.tournament.start_date, "SHORT_DATE_FORMAT"),
        language=language,
    )


def tie_sheets(
    event: Event, language: str, round_number: int | None = None, tie_id: int | None = None
) -> list[TieSheetData]:
    """The sheets of the event's ties (of one round, or one tie), in match order."""
    ties = (
        Tie.objects.filter(event=event)
        .select_related(
            "match",
            "match__round",
            "match__entry_a",
            "match__entry_b",
            "match__event",
            "match__event__tournament",
        )
        .order_by("match__round__number", "match__number", "pk")
    )
    if round_number is not None:
        ties = ties.filter(match__round__number=round_number)
    if tie_id is not None:
        ties = ties.filter(pk=tie_id)
    with translation.override(language):
        return [tie_sheet_data(line, language) for line in event_ties(event, list(ties))]


@dataclass
class TeamRow:
    """A line of the team standings with its team and the reason of its place in words."""

    team: Team
    standing: TeamStanding

    @property
    def decided_by(self) -> str:
        return decided_by_text(self.standing.decided_by)


def team_standings(event: Event) -> list[TeamRow]:
    """The event's team standings over its decided ties (:func:`scoring.draws.ties.team_table`
    with the event's tie format's points): a fixed number of queries."""
    teams = {t.entry_id: t for t in Team.objects.filter(event=event).select_related("captain")}
    ties = list(Tie.objects.filter(event=event))
    results = tie_results(ties)
    table = team_table(tie_format_for(event), list(teams), list(results.values()))
    return [TeamRow(teams[row.entry], row) for row in table if row.entry in teams]


@dataclass
class TeamTable:
    """The team standings of one round-robin group (``group`` its name), or of the whole event
    (``group`` empty)."""

    group: str
    rows: list[TeamRow]


def team_tables(event: Event) -> list[TeamTable]:
    """The team standings as the event's format has them: one table per round-robin group
    over that group's ties (the knock-out after the groups is its bracket, not a table), or
    one table of every tie; each ranked by tie points, then rubber difference, game
    difference, net points (:data:`scoring.draws.ties.TEAM_TIEBREAKS`). A fixed number of
    queries."""
    teams = {t.entry_id: t for t in Team.objects.filter(event=event).select_related("captain")}
    ties = list(Tie.objects.filter(event=event).select_related("match"))
    groups: dict[str, list[Tie]] = {}
    for tie in ties:
        if tie.match.group:
            groups.setdefault(tie.match.group, []).append(tie)
    if not groups:
        return [TeamTable("", team_standings(event))]
    fmt = tie_format_for(event)
    results = tie_results(ties)
    out = []
    for group in sorted(groups, key=lambda g: (len(g), g)):
        mine = groups[group]
        members = list(
            dict.fromkeys(e for t in mine for e in (t.match.entry_a_id, t.match.entry_b_id))
        )
        table = team_table(
            fmt, [e for e in members if e is not None], [results[t.pk] for t in mine]
        )
        out.append(
            TeamTable(
                group, [TeamRow(teams[row.entry], row) for row in table if row.entry in teams]
            )
        )
    return out


@dataclass
class PlayerRecord:
    """A team player's record in the event's rubbers."""

    player: Player
    singles: int = 0
    doubles: int = 0
    won: int = 0
    lost: int = 0


@dataclass
class TeamPage:
    team: Team
    players: list[PlayerRecord]
    ties: list[TieLine]
    standing: TeamRow | None


def team_page(team: Team) -> TeamPage:
    """A team's page: its players' records in the rubbers they played, its ties with their
    rubbers, its line of the standings."""
    event = team.event
    ties = list(
        Tie.objects.filter(event=event)
        .filter(Q(match__entry_a=team.entry_id) | Q(match__entry_b=team.entry_id))
        .select_related("match", "match__round", "match__entry_a", "match__entry_b")
        .order_by("match__round__number", "match__number", "pk")
    )
    lines = event_ties(event, ties)
    members = list(
        TeamMember.objects.filter(team=team).select_related("player").order_by("number", "pk")
    )
    records = {m.player_id: PlayerRecord(m.player) for m in members}
    for line in lines:
        side = "a" if line.match.entry_a_id == team.entry_id else "b"
        for r in line.rubbers:
            players = r.players_a if side == "a" else r.players_b
            match = r.match
            for p in players:
                record = records.setdefault(p.pk, PlayerRecord(p))
                if r.rubber.kind == "singles":
                    record.singles += 1
                else:
                    record.doubles += 1
                if (
                    match is not None
                    and match.winner_side in ("a", "b")
                    and (match.status in DONE or match.walkover)
                ):
                    if match.winner_side == side:
                        record.won += 1
                    else:
                        record.lost += 1
    standing = next(
        (row for table in team_tables(event) for row in table.rows if row.team.pk == team.pk),
        None,
    )
    return TeamPage(team, list(records.values()), lines, standing)


def ties() -> QuerySet[Tie]:
    """Ties with their match and tournament, for a page addressing one."""
    return Tie.objects.select_related("match", "event__tournament")


def tie_of_captain(token: str) -> tuple[Tie, str] | None:
    """The tie and the side whose captain's private link is ``token``."""
    for side in ("a", "b"):
        tie = ties().filter(**{f"captain_token_{side}": token}).first()
        if tie is not None:
            return tie, side
    return None


def lineup_players(tie: Tie, side: str) -> list[list[int]] | None:
    """The lineup ``side`` submitted for ``tie`` (None: not in yet)."""
    return Lineup.objects.filter(tie=tie, side=side).values_list("players", flat=True).first()


def teams() -> QuerySet[Team]:
    return Team.objects.select_related("event__tournament", "captain")
