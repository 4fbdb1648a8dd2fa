"""The API's schemas of a tournament and its events: tables, rounds, standings, placings, and
a team event's teams, ties and rubbers."""

from __future__ import annotations

from typing import Any

from scoring.views.openapi.schema import (
    BOOL,
    DATE,
    EVENT_STATUS,
    FORMATS,
    ID_LIST,
    INT,
    KINDS,
    MATCH_STATUS,
    STR,
    URL,
    nullable,
    object_schema,
    ref,
)


def event_schemas() -> dict[str, Any]:
    """TournamentSummary, Tournament, EventSummary, Table, TableNow, Event, Round, Placing, Team,
    Tie, Rubber."""
    tournament_summary = object_schema(
        "A tournament in the list.",
        {
            "id": INT,
            "name": STR,
            "slug": STR,
            "start_date": nullable(DATE),
            "end_date": nullable(DATE),
            "venue": STR,
            "url": URL,
        },
    )
    event_summary = object_schema(
        "An event of a tournament.",
        {
            "id": INT,
            "name": STR,
            "kind": KINDS,
            "format": FORMATS,
            "rules": STR,
            "games_to_win": INT,
            "status": EVENT_STATUS,
            "url": URL,
        },
    )
    table = object_schema("A table of the hall.", {"number": INT, "label": STR, "active": BOOL})
    tournament = object_schema(
        "A tournament with its events and tables.",
        {
            "id": INT,
            "name": STR,
            "slug": STR,
            "start_date": nullable(DATE),
            "end_date": nullable(DATE),
            "venue": STR,
            "table_count": INT,
            "events": {"type": "array", "items": ref("EventSummary")},
            "tables": {"type": "array", "items": ref("Table")},
            "html": URL,
            "results_csv": URL,
        },
    )
    table_now = object_schema(
        "A table with its current match (playing, else called, else the last finished there).",
        {
            "number": INT,
            "label": STR,
            "match": nullable(INT),
            "status": nullable(MATCH_STATUS),
            "status_detail": nullable(STR),
            "entries": ID_LIST,
            "names": {"type": "array", "items": STR},
            "games_won": {"type": "array", "items": INT},
            "scores": nullable({"type": "array", "items": INT}),
        },
    )
    standing = {
        "type": "object",
        "description": "A row of the standings: the entry, its rank and the ranking's "
        "columns (wins, buchholz, net_points, … as the event's rule has them).",
        "properties": {"entry": INT, "rank": INT, "group": STR, "had_bye": BOOL, "withdrawn": BOOL},
        "required": ["entry", "rank"],
        "additionalProperties": {"type": ["integer", "number", "string", "null"]},
    }
    round_ = object_schema(
        "A round of the event.",
        {
            "number": INT,
            "name": STR,
            "bracket": STR,
            "stage": STR,
            "matches": {"type": "array", "items": INT},
        },
    )
    placing = object_schema(
        "A decided final place (a shared place as place..place_to).",
        {"entry": INT, "place": INT, "place_to": nullable(INT)},
    )
    team = object_schema(
        "A team of a team event (its entry's `team`): club or nation, captain, players.",
        {
            "id": INT,
            "name": STR,
            "club": STR,
            "captain": INT,
            "players": {"type": "array", "items": ref("Player")},
        },
    )
    rubber = object_schema(
        "A rubber of a tie: a singles or doubles match between the two teams; "
        "its players once both lineups are in.",
        {
            "number": INT,
            "kind": {"type": "string", "enum": ["singles", "doubles"]},
            "games_to_win": INT,
            "match": nullable(INT),
            "url": nullable(URL),
            "players_a": {"type": "array", "items": INT},
            "players_b": {"type": "array", "items": INT},
            "status": MATCH_STATUS,
            "winner_side": nullable(STR),
            "not_needed": BOOL,
        },
    )
    pair = {"type": "array", "items": INT, "minItems": 2, "maxItems": 2}
    tie = object_schema(
        "A tie of a team event: the draw's match between two teams, played as "
        "rubbers; its result from the rubbers' decided results.",
        {
            "id": INT,
            "match": INT,
            "round": nullable(INT),
            "entry_a": INT,
            "entry_b": INT,
            "team_a": STR,
            "team_b": STR,
            "format": object_schema(
                "The tie's format.",
                {"key": STR, "name": STR, "code": STR, "stop_when_decided": BOOL},
            ),
            "lineups_in": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "walkover": nullable({"type": "string", "enum": ["a", "b", "both"]}),
            "status": MATCH_STATUS,
            "decided": BOOL,
            "winner": nullable(INT),
            "drawn": BOOL,
            "rubbers_won": pair,
            "games_won": pair,
            "points": pair,
            "rubbers": {"type": "array", "items": ref("Rubber")},
        },
    )
    event = object_schema(
        "An event: entries, rounds, matches, standings and placings; a team event also its ties.",
        {
            "id": INT,
            "tournament": INT,
            "name": STR,
            "kind": KINDS,
            "format": FORMATS,
            "rules": STR,
            "games_to_win": INT,
            "status": EVENT_STATUS,
            "entries": {"type": "array", "items": ref("Entry")},
            "rounds": {"type": "array", "items": ref("Round")},
            "matches": {"type": "array", "items": INT},
            "standings": {"type": "array", "items": standing},
            "standings_order": nullable(STR),
            "standings_rule": nullable(STR),
            "standings_rounds": nullable(
                object_schema(
                    "The rounds a table of complete rounds counts (the European rule, as SoL "
                    "ranks: a round counts once every match of it is decided): every round up "
                    "to `after` (0: none yet); `in_play` is the first round with a match "
                    "undecided (null: none), of whose `matches` (byes aside) `decided` are "
                    "decided. Null under a rule that counts every result.",
                    {"after": INT, "in_play": nullable(INT), "decided": INT, "matches": INT},
                )
            ),
            "standings_progress": nullable(STR),
            "placings": {"type": "array", "items": ref("Placing")},
            "html": URL,
        },
        {
            "ties": {"type": "array", "items": ref("Tie")},
            "team_standings": {
                "type": "array",
                "items": object_schema(
                    "A team's line of a team event's standings (ranked by tie points, then rubber, "
                    "game difference and net points, rubbers won; `decided_by` the criterion that "
                    "separated it from the team above; `group` the round-robin group whose "
                    "own table it is, null for one table of every tie).",
                    {
                        "group": nullable(STR),
                        "entry": INT,
                        "team": STR,
                        "rank": INT,
                        "played": INT,
                        "won": INT,
                        "drawn": INT,
                        "lost": INT,
                        "tie_points": INT,
                        "rubbers_won": INT,
                        "rubbers_lost": INT,
                        "games_won": INT,
                        "games_lost": INT,
                        "points_for": INT,
                        "points_against": INT,
                        "decided_by": nullable(
                            {
                                "type": "string",
                                "enum": [
                                    "tie_points",
                                    "rubber_difference",
                                    "game_difference",
                                    "point_difference",
                                    "rubbers_won",
                                ],
                            }
                        ),
                    },
                ),
            },
        },
    )
    return {
        "TournamentSummary": tournament_summary,
        "Tournament": tournament,
        "EventSummary": event_summary,
        "Table": table,
        "TableNow": table_now,
        "Event": event,
        "Round": round_,
        "Placing": placing,
        "Team": team,
        "Tie": tie,
        "Rubber": rubber,
    }
