"""Team events in a SoL archive and back (issues 31 and 34; docs/TEAMS.md, docs/EXPORT.md).

SoL holds a team only as one competitor of at most four players and a tie only as one match
scored in rubbers won. The app's export adds what SoL cannot hold to its extension
(:mod:`.extension`), and the import reads it back here, so that a team event comes back whole:

.. code-block:: yaml

    carrom:
      tourneys:
        <guid>:
          teams:
            tie_format: {key, name, rubbers, stop_when_decided, player_rule, win, draw, loss}
            competitors:      # one per SoL competitor, in its order
              - {name, club, captain: <player position>, players: [<player positions>]}
          matches:
            - {...,           # a tie, beside its SoL match
               tie: {format, walkover, lineups: [{side, players: [[positions] per rubber],
                                                  submitted_via}]},
               rubbers: [{number, kind, players_a, players_b,
                          match: {number, group, rules, stage, games_to_win, status, bye,
                                  walkover, winner, draw, games} or null}]}

A tie's result is never read from the file: after its rubbers are written it is worked out
from them (:func:`scoring.standings.ties.tie_results`), as the result flow does when a rubber
changes, without signalling anything (the import re-rates once at its end). SoL's own team
tourneys (no extension) hold no rubbers, lineups or tie format: they are skipped with a line
in the report.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from scoring.draws.ties import BUILT_IN, TieFormatError, format_from_data
from scoring.models import (
    Entry,
    Event,
    Game,
    Lineup,
    Match,
    Player,
    Round,
    Rubber,
    Team,
    TeamMember,
    Tie,
    TieFormat,
    Tournament,
)
from scoring.standings.ties import tie_format_for, tie_results

# --- the export -------------------------------------------------------------------------------

MatchFacts = Callable[[Match, list[Game]], dict[str, Any]]


class TeamExport:
    """A team event's teams, ties, lineups and rubbers as the export's extension holds them
    (player positions of the archive's ``players`` list, never database ids): four queries."""

    def __init__(self, event: Event, player_pos: dict[int, int]) -> None:
        self.event = event
        self.player_pos = player_pos
        self.ties = {
            t.match_id: t for t in Tie.objects.filter(event=event).prefetch_related("lineups")
        }
        self.rubbers: dict[int, list[Rubber]] = {}
        for rubber in (
            Rubber.objects.filter(tie__event=event)
            .select_related("tie", "match")
            .order_by("tie_id", "number")
        ):
            self.rubbers.setdefault(rubber.tie.match_id, []).append(rubber)
        #: the rubbers' matches: no SoL matches (SoL has no matches inside a match)
        self.rubber_ids = {
            r.match_id for rows in self.rubbers.values() for r in rows if r.match_id is not None
        }

    def positions(self, ids: Any) -> list[int]:
        return [self.player_pos[p] for p in ids or [] if p in self.player_pos]

    def tie_facts(
        self, match: Match, games: dict[int, list[Game]], match_facts: MatchFacts
    ) -> dict[str, Any]:
        """The tie beside one exported SoL match: its format, walkover, lineups and rubbers
        (each rubber's match as ``match_facts`` writes any match, with its rules and stage)."""
        tie = self.ties.get(match.pk)
        if tie is None:
            return {"rubbers": []}
        rubbers = []
        for r in self.rubbers.get(match.pk, []):
            facts = None
            if r.match is not None:
                facts = match_facts(r.match, games.get(r.match.pk, [])) | {
                    "rules": str(r.match.rules),
                    "stage": str(r.match.stage),
                }
            rubbers.append(
                {
                    "number": r.number,
                    "kind": str(r.kind),
                    "players_a": self.positions(r.players_a),
                    "players_b": self.positions(r.players_b),
                    "match": facts,
                }
            )
        return {
            "tie": {
                "format": tie.format,
                "walkover": str(tie.walkover or ""),
                "lineups": [
                    {
                        "side": x.side,
                        "players": [self.positions(rubber) for rubber in x.players or []],
                        "submitted_via": x.submitted_via,
                    }
                    for x in sorted(tie.lineups.all(), key=lambda x: x.side)
                ],
            },
            "rubbers": rubbers,
        }

    def team_facts(self, entries: list[Entry]) -> dict[str, Any]:
        """The event's tie format and each competitor's team: name, club or nation, captain
        and every player (SoL's competitor keeps four)."""
        members: dict[int, list[int]] = {}
        for team_id, player_id in (
            TeamMember.objects.filter(event=self.event)
            .order_by("team_id", "number", "pk")
            .values_list("team_id", "player_id")
        ):
            members.setdefault(team_id, []).append(player_id)
        teams = {t.entry_id: t for t in Team.objects.filter(event=self.event)}
        try:
            tie_format: dict[str, Any] | None = tie_format_for(self.event).data()
        except TieFormatError:
            tie_format = None
        rows: list[dict[str, Any] | None] = []
        for entry in entries:
            team = teams.get(entry.pk)
            rows.append(
                None
                if team is None
                else {
                    "name": team.name,
                    "club": team.club,
                    "captain": self.player_pos.get(team.captain_id),
                    "players": self.positions(members.get(team.pk, [])),
                }
            )
        return {"tie_format": tie_format, "competitors": rows}


# --- the import -------------------------------------------------------------------------------


def team_facts(extension: dict[str, Any] | None, *, competitors: int) -> dict[str, Any] | None:
    """The app's team facts of an exported team event (one team per competitor), or None: a
    tourney SoL wrote, or one this app did not export as a team event."""
    if extension is None:
        return None
    event = extension.get("event")
    teams = extension.get("teams")
    if not isinstance(event, dict) or event.get("kind") != Event.Kind.TEAMS:
        return None
    if not isinstance(teams, dict) or not isinstance(teams.get("competitors"), list):
        return None
    rows = teams["competitors"]
    if len(rows) != competitors or not all(
        isinstance(row, dict) and isinstance(row.get("players"), list) and team_players(row)
        for row in rows
    ):
        return None
    everyone = [p for row in rows for p in team_players(row)]
    if len(everyone) != len(set(everyone)):  # a player is in one team of an event
        return None
    return teams


def team_players(team: dict[str, Any]) -> list[Any]:
    """A team's players as positions of the archive's players, in the team's order."""
    return [p for p in team["players"] if isinstance(p, int) and not isinstance(p, bool)]


def captain_first(team: dict[str, Any], *, members: list[Player]) -> list[Player]:
    """``members`` (in the team's order) with the team's captain first, as the entry holds
    its team (the entry's player is the captain)."""
    positions = team_players(team)
    captain = team.get("captain")
    if captain in positions:
        at = positions.index(captain)
        return [members[at], *members[:at], *members[at + 1 :]]
    return members


def tie_format_key(tournament: Tournament, *, event: Event, teams: dict[str, Any]) -> None:
    """The event's tie format: a built-in one by its key, an organiser's own made again in
    the new tournament (``settings["tie_format"]`` names the new row)."""
    data = teams.get("tie_format")
    if not isinstance(data, dict):
        return
    key = str(data.get("key") or "")
    settings = dict(event.settings or {})
    if key in BUILT_IN:
        settings["tie_format"] = key
    else:
        try:
            checked = format_from_data(data)
        except TieFormatError:
            settings.pop("tie_format", None)  # unreadable: the default (S-D-S)
        else:
            row = TieFormat.objects.create(
                tournament=tournament,
                name=(checked.name or "SoL")[:120],
                rubbers=checked.data()["rubbers"],
                stop_when_decided=checked.stop_when_decided,
                player_rule=str(checked.player_rule),
                win=checked.win,
                draw=checked.draw,
                loss=checked.loss,
            )
            settings["tie_format"] = row.key
    event.settings = settings
    event.save(update_fields=["settings"])


def make_team(event: Event, *, entry: Entry, team: dict[str, Any], members: list[Player]) -> Team:
    """One competitor's team, its captain the entry's player, its players (``members``) in
    the team's order."""
    name = str(team.get("name") or "").strip()[:120] or " / ".join(p.name for p in members)[:120]
    taken = set(Team.objects.filter(event=event).values_list("name", flat=True))
    base, n = name, 1
    while name in taken:
        n += 1
        name = f"{base[:114]} ({n})"
    Entry.objects.filter(pk=entry.pk).update(team_name=name)
    entry.team_name = name
    row = Team.objects.create(
        event=event,
        entry=entry,
        name=name,
        club=str(team.get("club") or "")[:120],
        captain=entry.player,
    )
    TeamMember.objects.bulk_create(
        TeamMember(team=row, event=event, player=player, number=n)
        for n, player in enumerate(dict.fromkeys(members), start=1)
    )
    return row


class TiePlan:
    """A tie of an exported team event read back: its SoL match and its rubbers' matches are
    played in memory with the tourney's other matches; :func:`write_ties` then writes the tie
    itself, its lineups and rubbers, and the tie's result worked out from them."""

    def __init__(self, match: Match, facts: dict[str, Any], rubbers: list[Any]) -> None:
        self.match = match
        self.facts = facts
        #: (number, kind, players_a, players_b, the rubber's match or None)
        self.rubbers: list[tuple[int, str, list[Any], list[Any], Match | None]] = rubbers


def write_ties(
    plans: list[TiePlan],
    *,
    event: Event,
    players: Callable[[Any], list[int]],
    day_end: datetime.datetime,
) -> int:
    """The ties of ``plans`` (their matches written already), their lineups and rubbers
    (``players`` maps the file's positions to player ids); each tie's match then holds the
    tie's result as the result flow writes it (the rubbers won as its games; finished, or
    confirmed when it was). Returns the rubbers written."""
    ties = []
    rubbers = []
    for plan in plans:
        facts = plan.facts
        walkover = str(facts.get("walkover") or "")
        walkover = walkover if walkover in Tie.Walkover.values else ""
        tie = Tie.objects.create(
            event=event,
            match=plan.match,
            format=facts.get("format") if isinstance(facts.get("format"), dict) else {},
            walkover=walkover,
        )
        try:
            tie.tie_format()
        except TieFormatError:  # a format the file damaged: the event's own
            tie.format = tie_format_for(event).data()
            tie.save(update_fields=["format"])
        for lineup in facts.get("lineups") or []:
            if isinstance(lineup, dict) and lineup.get("side") in ("a", "b"):
                Lineup.objects.create(
                    tie=tie,
                    side=lineup["side"],
                    players=[players(r) for r in lineup.get("players") or []],
                    submitted_via=str(lineup.get("submitted_via") or "")[:10],
                )
        for number, kind, side_a, side_b, match in plan.rubbers:
            rubbers.append(
                Rubber(
                    tie=tie,
                    number=number,
                    kind=kind,
                    match=match,
                    players_a=players(side_a),
                    players_b=players(side_b),
                )
            )
        ties.append((tie, plan))
    Rubber.objects.bulk_create(rubbers)
    results = tie_results([tie for tie, _plan in ties])
    for tie, plan in ties:
        result = results[tie.pk]
        status = Match.Status.READY
        if result.decided:
            status = (
                Match.Status.CONFIRMED
                if plan.match.status == Match.Status.CONFIRMED
                else Match.Status.FINISHED
            )
        elif any(
            m is not None and m.status not in (Match.Status.SCHEDULED, Match.Status.READY)
            for *_r, m in plan.rubbers
        ):
            status = Match.Status.PLAYING  # a rubber decided, the tie not yet
        Match.objects.filter(pk=plan.match.pk).update(
            status=status,
            winner_side=result.winner_side,
            walkover=result.walkover,
            draw=result.drawn,
            games_a=result.rubbers_a,
            games_b=result.rubbers_b,
            points_a=result.points_a,
            points_b=result.points_b,
            games_won={"a": result.rubbers_a, "b": result.rubbers_b},
            finished_at=day_end if result.decided else None,
            confirmed_at=day_end if status == Match.Status.CONFIRMED else None,
        )
    return len(rubbers)


def rubber_match(tie: Match, *, rubber: int, facts: dict[str, Any]) -> Match:
    """Rubber ``rubber``'s match between the tie's two teams, as the lineups made it (no
    round of its own: the tie's)."""
    from scoring.rules import RULESETS

    games = facts.get("games_to_win")
    return Match(
        event=tie.event,
        round=None,
        number=facts["number"] if isinstance(facts.get("number"), int) else 0,
        entry_a=tie.entry_a,
        entry_b=tie.entry_b,
        group=tie.group,
        rules=facts["rules"] if facts.get("rules") in RULESETS else tie.rules,
        stage=facts["stage"] if facts.get("stage") in Round.Stage.values else tie.stage,
        games_to_win=games if games in (1, 2, 3) else 2,
        status=Match.Status.SCHEDULED
        if facts.get("status") == Match.Status.SCHEDULED
        else Match.Status.READY,
        draw_reason={"code": "tie_rubber", "tie": tie.number, "rubber": rubber},
    )
