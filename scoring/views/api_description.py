"""The JSON API made discoverable (issue 35): ``/api/v1/`` lists the resources, the OpenAPI 3.1
description is served at ``/api/v1/openapi.json`` and rendered as a page of the docs at
``/api/v1/docs/`` (the app's own template and CSS, no CDN).

The description is written here, beside the API (:mod:`scoring.views.api`), and
``tests/live/test_openapi.py`` checks it against every route and the actual answers of each
(strictly: an undocumented field fails), so the two cannot drift apart.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.views.decorators.http import require_safe

from scoring.models import Event
from scoring.seasons import METHODS
from scoring.views.api_base import json_answer

OPENAPI_VERSION = "3.1.0"

# --------------------------------------------------------------------------- schema helpers


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return {"oneOf": [schema, {"type": "null"}]}
    kind = schema["type"]
    nullable = {**schema, "type": [*(kind if isinstance(kind, list) else [kind]), "null"]}
    if "enum" in schema:
        nullable["enum"] = [*schema["enum"], None]
    return nullable


def _object(
    description: str, required: dict[str, Any], optional: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {**required, **(optional or {})},
        "required": list(required),
    }


INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
NUMBER = {"type": "number"}
URL = {"type": "string", "format": "uri"}
DATE = {"type": "string", "format": "date"}
TIME = {"type": "string", "format": "date-time"}
ID_LIST = {"type": "array", "items": _nullable(INT)}
KINDS = {"type": "string", "enum": [k.value for k in Event.Kind]}
FORMATS = {"type": "string", "enum": [f.value for f in Event.Format]}
EVENT_STATUS = {"type": "string", "enum": [s.value for s in Event.Status]}
MATCH_STATUS = {
    "type": "string",
    "enum": ["scheduled", "playing", "finished"],
    "description": "The three public states of a match.",
}


def _schemas() -> dict[str, Any]:
    player = _object(
        "A player of an entry.", {"id": INT, "name": STR, "club": STR, "nationality": STR}
    )
    entry = _object(
        "An entry of an event: a player, a pair in doubles, or a team (named by "
        "its team, with `team`).",
        {
            "id": INT,
            "name": STR,
            "seed": _nullable(INT),
            "withdrawn": BOOL,
            "players": {"type": "array", "items": _ref("Player")},
        },
        {"team": _ref("Team")},
    )
    board = _object(
        "One board of a game: `number` as the game counts boards (a void board and its replay "
        "share it), `sequence` its place among the stored boards (the `{b}` of the board's "
        "URLs). Two-sided boards give winner, points, queen and carrommen; "
        "point-carrom boards each player's points and the totals after the board.",
        {
            "number": INT,
            "sequence": INT,
            "breaker": _nullable(INT),
            "law": _nullable(STR),
            "finished": BOOL,
            "void": BOOL,
            "entered_as": {"type": "string", "enum": ["log", "summary", "award", "recorded"]},
            "queen": _nullable(INT),
            "interpretation": BOOL,
        },
        {
            "winner": _nullable(INT),
            "points": _nullable(INT),
            "carrommen": _nullable(INT),
            "extra_board": BOOL,
            "points_by_entry": _nullable({"type": "object", "additionalProperties": INT}),
            "points_by_player": _nullable({"type": "array", "items": INT}),
            "totals": {"type": "array", "items": INT},
            "top_scorer": _nullable(INT),
            "end": _nullable(STR),
        },
    )
    game = _object(
        "A game of the match.",
        {
            "number": INT,
            "scores": {"type": "array", "items": INT},
            "winner": _nullable(INT),
            "finished": BOOL,
            "boards": {"type": "array", "items": _ref("Board")},
        },
    )
    current = _object(
        "The board being played.",
        {
            "game": INT,
            "board": INT,
            "breaker": _nullable(INT),
            "started": BOOL,
            "change_sides": BOOL,
            "extra_board": BOOL,
            "state": _nullable(
                {"type": "object", "description": "The engine's position (carrom-board-state/1)."}
            ),
        },
    )
    match = _object(
        "A match: its entries, games, boards and the board in play.",
        {
            "id": INT,
            "event": INT,
            "tournament": INT,
            "round": _nullable(INT),
            "round_name": _nullable(STR),
            "bracket": _nullable(STR),
            "group": _nullable(STR),
            "number": INT,
            "table": _nullable(INT),
            "status": MATCH_STATUS,
            "status_detail": STR,
            "entries": {**ID_LIST, "description": "Entry ids in side order (a, b, c)."},
            "names": {"type": "array", "items": STR},
            "rules": STR,
            "stage": STR,
            "games_to_win": INT,
            "winner": _nullable(INT),
            "draw": BOOL,
            "walkover": BOOL,
            "bye": BOOL,
            "games_won": {"type": "array", "items": INT},
            "games": {"type": "array", "items": _ref("Game")},
            "current": _nullable(_ref("CurrentBoard")),
            "revision": INT,
            "updated_at": _nullable(TIME),
            "called_at": _nullable(TIME),
            "started_at": _nullable(TIME),
            "finished_at": _nullable(TIME),
            "html": URL,
        },
    )
    tournament_summary = _object(
        "A tournament in the list.",
        {
            "id": INT,
            "name": STR,
            "slug": STR,
            "start_date": _nullable(DATE),
            "end_date": _nullable(DATE),
            "venue": STR,
            "url": URL,
        },
    )
    event_summary = _object(
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
    table = _object("A table of the hall.", {"number": INT, "label": STR, "active": BOOL})
    tournament = _object(
        "A tournament with its events and tables.",
        {
            "id": INT,
            "name": STR,
            "slug": STR,
            "start_date": _nullable(DATE),
            "end_date": _nullable(DATE),
            "venue": STR,
            "table_count": INT,
            "events": {"type": "array", "items": _ref("EventSummary")},
            "tables": {"type": "array", "items": _ref("Table")},
            "html": URL,
            "results_csv": URL,
        },
    )
    table_now = _object(
        "A table with its current match (playing, else called, else the last finished there).",
        {
            "number": INT,
            "label": STR,
            "match": _nullable(INT),
            "status": _nullable(MATCH_STATUS),
            "status_detail": _nullable(STR),
            "entries": ID_LIST,
            "names": {"type": "array", "items": STR},
            "games_won": {"type": "array", "items": INT},
            "scores": _nullable({"type": "array", "items": INT}),
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
    round_ = _object(
        "A round of the event.",
        {
            "number": INT,
            "name": STR,
            "bracket": STR,
            "stage": STR,
            "matches": {"type": "array", "items": INT},
        },
    )
    placing = _object(
        "A decided final place (a shared place as place..place_to).",
        {"entry": INT, "place": INT, "place_to": _nullable(INT)},
    )
    team = _object(
        "A team of a team event (its entry's `team`): club or nation, captain, players.",
        {
            "id": INT,
            "name": STR,
            "club": STR,
            "captain": INT,
            "players": {"type": "array", "items": _ref("Player")},
        },
    )
    rubber = _object(
        "A rubber of a tie: a singles or doubles match between the two teams; "
        "its players once both lineups are in.",
        {
            "number": INT,
            "kind": {"type": "string", "enum": ["singles", "doubles"]},
            "games_to_win": INT,
            "match": _nullable(INT),
            "url": _nullable(URL),
            "players_a": {"type": "array", "items": INT},
            "players_b": {"type": "array", "items": INT},
            "status": MATCH_STATUS,
            "winner_side": _nullable(STR),
            "not_needed": BOOL,
        },
    )
    pair = {"type": "array", "items": INT, "minItems": 2, "maxItems": 2}
    tie = _object(
        "A tie of a team event: the draw's match between two teams, played as "
        "rubbers; its result from the rubbers' decided results.",
        {
            "id": INT,
            "match": INT,
            "round": _nullable(INT),
            "entry_a": INT,
            "entry_b": INT,
            "team_a": STR,
            "team_b": STR,
            "format": _object(
                "The tie's format.",
                {"key": STR, "name": STR, "code": STR, "stop_when_decided": BOOL},
            ),
            "lineups_in": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "walkover": _nullable({"type": "string", "enum": ["a", "b", "both"]}),
            "status": MATCH_STATUS,
            "decided": BOOL,
            "winner": _nullable(INT),
            "drawn": BOOL,
            "rubbers_won": pair,
            "games_won": pair,
            "points": pair,
            "rubbers": {"type": "array", "items": _ref("Rubber")},
        },
    )
    event = _object(
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
            "entries": {"type": "array", "items": _ref("Entry")},
            "rounds": {"type": "array", "items": _ref("Round")},
            "matches": {"type": "array", "items": INT},
            "standings": {"type": "array", "items": standing},
            "standings_order": _nullable(STR),
            "standings_rule": _nullable(STR),
            "placings": {"type": "array", "items": _ref("Placing")},
            "html": URL,
        },
        {
            "ties": {"type": "array", "items": _ref("Tie")},
            "team_standings": {
                "type": "array",
                "items": _object(
                    "A team's line of a team event's standings (ranked by tie points, then rubber, "
                    "game difference and net points, rubbers won; `decided_by` the criterion that "
                    "separated it from the team above; `group` the round-robin group whose "
                    "own table it is, null for one table of every tie).",
                    {
                        "group": _nullable(STR),
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
                        "decided_by": _nullable(
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
    board_document = _object(
        "One board as the interchange documents: its log "
        "(carrom-board/1, none for a board entered as a summary or "
        "award) and the engine's state after it (carrom-board-state/1).",
        {"log": _nullable({"type": "object"}), "state": {"type": "object"}},
    )
    stats = {
        "type": "object",
        "description": "Statistics from the stroke logs.",
        "additionalProperties": {"type": ["integer", "number", "null"]},
    }
    player_page = _object(
        "A player in a tournament: entries, matches, statistics, slams.",
        {
            "id": INT,
            "name": STR,
            "club": STR,
            "nationality": STR,
            "external": {
                "type": "object",
                "description": "The player's key in each program he "
                'was imported from, e.g. {"sol": "<guid>"} for a player from SoL; '
                "empty for a player made here.",
                "additionalProperties": STR,
            },
            "entries": {
                "type": "array",
                "items": _object(
                    "An entry of the player.",
                    {"id": INT, "event": INT, "name": STR, "seed": _nullable(INT)},
                ),
            },
            "matches": {
                "type": "array",
                "items": _object(
                    "A match of the player.",
                    {
                        "id": INT,
                        "side_entry": _nullable(INT),
                        "status": MATCH_STATUS,
                        "result": _nullable(STR),
                    },
                ),
            },
            "stats": stats,
            "slams": {
                "type": "array",
                "items": _object(
                    "A white or black slam.",
                    {
                        "kind": {"type": "string", "enum": ["white", "black"]},
                        "match": INT,
                        "game": INT,
                        "board": INT,
                    },
                ),
            },
            "html": URL,
        },
    )
    resource = _object(
        "A resource of the API.", {"name": STR, "path": STR, "description": STR}, {"url": URL}
    )
    index = _object(
        "What the API offers.",
        {
            "version": STR,
            "resources": {"type": "array", "items": _ref("Resource")},
            "openapi": URL,
            "docs": URL,
        },
    )
    error = _object("An error.", {"detail": STR})
    prize = {"type": ["integer", "number", "null"]}
    club = _object(
        "A club, or a federation (a club that players are licensed with).",
        {"id": INT, "name": STR, "nation": STR, "federation": BOOL, "website": STR, "html": URL},
    )
    championship_summary = _object(
        "A championship: a season of a club or federation.",
        {
            "id": INT,
            "name": STR,
            "club": INT,
            "club_name": STR,
            "prizes": {
                "type": "string",
                "enum": list(METHODS),
                "description": "SoL's prize method (docs/SEASONS.md).",
            },
            "skip_worst": INT,
            "previous": _nullable(INT),
            "rating": _nullable(INT),
            "closed": BOOL,
            "url": URL,
            "html": URL,
        },
    )
    counted = _object(
        "A tournament that counts (its event), in the order played.",
        {
            "id": INT,
            "name": STR,
            "date": DATE,
            "event": INT,
            "event_name": STR,
            "placed": {
                "type": "boolean",
                "description": "Every entry has its final place: its prizes count.",
            },
        },
    )
    rank_line = _object(
        "A player's (or pair's) line of the championship's ranking.",
        {
            "rank": INT,
            "players": {"type": "array", "items": INT},
            "names": {"type": "array", "items": STR},
            "total": {"type": ["integer", "number"]},
            "prizes": {
                "type": "array",
                "items": prize,
                "description": "Per tournament, null where absent.",
            },
            "skipped": {
                "type": "array",
                "items": BOOL,
                "description": "Per tournament: true where the prize (or the absence) "
                "is one of the worst skipped.",
            },
        },
    )
    championship = {
        **championship_summary,
        "description": "A championship with its tournaments and its ranking.",
        "properties": {
            **championship_summary["properties"],
            "tournaments": {"type": "array", "items": _ref("CountedTournament")},
            "ranking": {"type": "array", "items": _ref("RankLine")},
        },
        "required": [*championship_summary["required"], "tournaments", "ranking"],
    }
    rating_summary = _object(
        "A Glicko-2 rating with its parameters (docs/RATINGS.md).",
        {
            "id": INT,
            "name": STR,
            "level": {"type": "string", "enum": ["international", "national", "regional", "club"]},
            "nation": _nullable(STR),
            "default_rate": INT,
            "default_deviation": INT,
            "default_volatility": NUMBER,
            "tau": NUMBER,
            "lower_rate": _nullable(INT),
            "higher_rate": _nullable(INT),
            "outcomes": {"type": "string", "enum": ["standard", "guido"]},
            "url": URL,
            "html": URL,
        },
    )
    rate_row = _object(
        "A player's rate after one tournament of the rating.",
        {
            "tournament": INT,
            "date": DATE,
            "rate": NUMBER,
            "deviation": NUMBER,
            "volatility": NUMBER,
            "matches": INT,
        },
    )
    rated_player = _object(
        "A rated player: his current rate and its history.",
        {
            "player": INT,
            "rate": NUMBER,
            "deviation": NUMBER,
            "volatility": NUMBER,
            "matches": INT,
            "history": {"type": "array", "items": _ref("RateRow")},
        },
    )
    rating = {
        **rating_summary,
        "description": "A rating, its tournaments and every rated player, best rate first.",
        "properties": {
            **rating_summary["properties"],
            "tournaments": {
                "type": "array",
                "items": _object(
                    "A tournament rated under the rating.", {"id": INT, "name": STR, "date": DATE}
                ),
            },
            "players": {"type": "array", "items": _ref("RatedPlayer")},
        },
        "required": [*rating_summary["required"], "tournaments", "players"],
    }
    return {
        "Club": club,
        "ChampionshipSummary": championship_summary,
        "Championship": championship,
        "CountedTournament": counted,
        "RankLine": rank_line,
        "RatingSummary": rating_summary,
        "Rating": rating,
        "RateRow": rate_row,
        "RatedPlayer": rated_player,
        "Index": index,
        "Resource": resource,
        "Error": error,
        "TournamentSummary": tournament_summary,
        "Tournament": tournament,
        "EventSummary": event_summary,
        "Table": table,
        "TableNow": table_now,
        "Event": event,
        "Entry": entry,
        "Player": player,
        "Round": round_,
        "Placing": placing,
        "Match": match,
        "Game": game,
        "Board": board,
        "CurrentBoard": current,
        "BoardDocument": board_document,
        "PlayerPage": player_page,
        "Team": team,
        "Tie": tie,
        "Rubber": rubber,
    }


def _id(name: str, what: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": what,
        "schema": {"type": "integer", "minimum": 1},
    }


def _get(
    summary: str,
    description: str,
    schema: dict[str, Any],
    tag: str,
    parameters: tuple[dict[str, Any], ...] = (),
    *,
    conditional: bool = True,
) -> dict[str, Any]:
    responses: dict[str, Any] = {
        "200": {
            "description": "The resource.",
            "headers": {"ETag": {"schema": STR, "description": "Send it back in If-None-Match."}},
            "content": {"application/json": {"schema": schema}},
        },
    }
    if conditional:
        responses["304"] = {"description": "Not modified since the ETag sent."}
    if parameters:
        responses["404"] = {
            "description": "No such resource.",
            "content": {"application/json": {"schema": _ref("Error")}},
        }
    operation: dict[str, Any] = {
        "summary": summary,
        "description": description,
        "tags": [tag],
        "responses": responses,
    }
    if parameters:
        operation["parameters"] = list(parameters)
    if conditional:
        operation.setdefault("parameters", []).append(
            {
                "name": "If-None-Match",
                "in": "header",
                "required": False,
                "schema": STR,
                "description": "The ETag of the copy the client has.",
            }
        )
    return {"get": operation}


#: (path, the URL name of the route, summary, description, schema, tag, path parameters)
ROUTES: tuple[tuple[str, str, str, str, dict[str, Any], str, tuple[str, ...]], ...] = (
    (
        "/api/v1/",
        "api-index",
        "The API's resources",
        "Lists the resources, the OpenAPI description and its docs page.",
        _ref("Index"),
        "API",
        (),
    ),
    (
        "/api/v1/openapi.json",
        "api-openapi",
        "This description",
        "The OpenAPI 3.1 description of the API.",
        {"type": "object"},
        "API",
        (),
    ),
    (
        "/api/v1/tournaments/",
        "api-tournaments",
        "Tournaments",
        "All tournaments, newest first.",
        {"type": "array", "items": _ref("TournamentSummary")},
        "Tournaments",
        (),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/",
        "api-tournament",
        "A tournament",
        "The tournament with its events and tables.",
        _ref("Tournament"),
        "Tournaments",
        ("tournament_id",),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/tables/",
        "api-tables",
        "The tables now",
        "Every active table with its current match (what the hall screen shows).",
        {"type": "array", "items": _ref("TableNow")},
        "Tournaments",
        ("tournament_id",),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/players/{player_id}/",
        "api-player",
        "A player",
        "A player's entries, matches, statistics and slams in the tournament.",
        _ref("PlayerPage"),
        "Tournaments",
        ("tournament_id", "player_id"),
    ),
    (
        "/api/v1/events/{event_id}/",
        "api-event",
        "An event",
        "Entries, rounds, matches, standings and final placings.",
        _ref("Event"),
        "Events",
        ("event_id",),
    ),
    (
        "/api/v1/matches/{match_id}/",
        "api-match",
        "A match",
        "The match with its games, boards and the board in play.",
        _ref("Match"),
        "Matches",
        ("match_id",),
    ),
    (
        "/api/v1/matches/{match_id}/games/{game}/boards/{board}/",
        "api-board",
        "A board",
        "One board's log and the engine's state after it.",
        _ref("BoardDocument"),
        "Matches",
        ("match_id", "game", "board"),
    ),
    (
        "/api/v1/clubs/",
        "api-clubs",
        "Clubs and federations",
        "Every club and federation, by nation and name.",
        {"type": "array", "items": _ref("Club")},
        "Seasons",
        (),
    ),
    (
        "/api/v1/championships/",
        "api-championships",
        "Championships",
        "Every championship (a season of a club or federation).",
        {"type": "array", "items": _ref("ChampionshipSummary")},
        "Seasons",
        (),
    ),
    (
        "/api/v1/championships/{championship_id}/",
        "api-championship",
        "A championship",
        "The championship's tournaments in the order played and its ranking: each line's "
        "players, total, prize per tournament (null where absent) and the skipped ones.",
        _ref("Championship"),
        "Seasons",
        ("championship_id",),
    ),
    (
        "/api/v1/ratings/",
        "api-ratings",
        "Ratings",
        "Every Glicko-2 rating with its parameters.",
        {"type": "array", "items": _ref("RatingSummary")},
        "Ratings",
        (),
    ),
    (
        "/api/v1/ratings/{rating_id}/",
        "api-rating",
        "A rating",
        "The rating's tournaments and every rated player with his rate, deviation, volatility, "
        "matches and history, best rate first.",
        _ref("Rating"),
        "Ratings",
        ("rating_id",),
    ),
)

PARAMETERS = {
    "tournament_id": "The tournament's id.",
    "player_id": "The player's id.",
    "event_id": "The event's id.",
    "match_id": "The match's id.",
    "championship_id": "The championship's id.",
    "rating_id": "The rating's id.",
    "game": "The game's number (1, 2, 3).",
    "board": "The board's number in the game.",
}


@cache
def description() -> dict[str, Any]:
    """The OpenAPI 3.1 document (paths relative to the server's root)."""
    paths = {
        route: _get(
            summary,
            text,
            schema,
            tag,
            tuple(_id(p, PARAMETERS[p]) for p in params),
            conditional=name not in ("api-index", "api-openapi"),
        )
        for route, name, summary, text, schema, tag, params in ROUTES
    }
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Carrom tournament API",
            "version": "1",
            "description": (
                "Public, read-only JSON: tournaments, events, matches, boards, tables and "
                "players as the live pages show them. No login; GET and HEAD only. Every "
                "answer has an ETag: send it in If-None-Match to get 304 when nothing "
                "changed. Texts meant for people follow Accept-Language; codes never do."
            ),
        },
        "servers": [{"url": "/"}],
        "tags": [
            {"name": "API"},
            {"name": "Tournaments"},
            {"name": "Events"},
            {"name": "Matches"},
            {"name": "Seasons"},
            {"name": "Ratings"},
        ],
        "paths": paths,
        "components": {"schemas": _schemas()},
    }


# --------------------------------------------------------------------------- views


def _headers(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    return response


@login_not_required
@require_safe
def root(request: HttpRequest) -> HttpResponse:
    """``/api/``: the current version's index."""
    return redirect("scoring:api-index")


@login_not_required
@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """``/api/v1/``: the resources, with the URL of those that need no id."""
    resources = []
    for route, name, summary, _text, _schema, _tag, params in ROUTES:
        if name == "api-index":
            continue
        item: dict[str, Any] = {"name": summary, "path": route, "description": _text}
        if not params:
            item["url"] = request.build_absolute_uri(reverse(f"scoring:{name}"))
        resources.append(item)
    return json_answer(
        {
            "version": "1",
            "resources": resources,
            "openapi": request.build_absolute_uri(reverse("scoring:api-openapi")),
            "docs": request.build_absolute_uri(reverse("scoring:api-docs")),
        }
    )


@login_not_required
@require_safe
def openapi(request: HttpRequest) -> HttpResponse:
    return _headers(
        HttpResponse(json.dumps(description(), ensure_ascii=False), content_type="application/json")
    )


def _schema_rows(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The fields of an object schema as table rows for the docs page."""
    rows = []
    for field, spec in schema.get("properties", {}).items():
        rows.append(
            {
                "name": field,
                "type": _type_text(spec),
                "required": field in schema.get("required", []),
                "description": spec.get("description", ""),
            }
        )
    return rows


def _type_text(spec: dict[str, Any]) -> str:
    if "$ref" in spec:
        return spec["$ref"].rsplit("/", 1)[-1]
    if "oneOf" in spec:
        return " | ".join(_type_text(s) for s in spec["oneOf"])
    kind = spec.get("type", "object")
    kinds = kind if isinstance(kind, list) else [kind]
    parts = []
    for k in kinds:
        if k == "array":
            parts.append(f"[{_type_text(spec.get('items', {}))}]")
        elif "enum" in spec and k == "string":
            parts.append(" | ".join(f'"{v}"' for v in spec["enum"]))
        elif "format" in spec and k == "string":
            parts.append(f"string ({spec['format']})")
        else:
            parts.append(k)
    return " | ".join(parts)


@login_not_required
@require_safe
def docs(request: HttpRequest) -> HttpResponse:
    """The description rendered as a page (server-side, no script, no CDN)."""
    doc = description()
    operations = []
    for route, name, summary, text, schema, tag, _params in ROUTES:
        operation = doc["paths"][route]["get"]
        operations.append(
            {
                "path": route,
                "summary": summary,
                "description": text,
                "tag": tag,
                "name": name,
                "parameters": [p for p in operation.get("parameters", []) if p["in"] == "path"],
                "responses": sorted(operation["responses"]),
                "returns": _type_text(schema),
                "anchor": schema.get("$ref", schema.get("items", {}).get("$ref", "")).rsplit(
                    "/", 1
                )[-1],
            }
        )
    schemas = [
        {"name": key, "description": value.get("description", ""), "rows": _schema_rows(value)}
        for key, value in doc["components"]["schemas"].items()
    ]
    return render(
        request,
        "scoring/api/docs.html",
        {
            "info": doc["info"],
            "operations": operations,
            "schemas": schemas,
            "openapi_url": reverse("scoring:api-openapi"),
            "index_url": reverse("scoring:api-index"),
        },
    )


urlpatterns: list[URLPattern] = [
    path("api/", root, name="api-root"),
    path("api/v1/", index, name="api-index"),
    path("api/v1/openapi.json", openapi, name="api-openapi"),
    path("api/v1/docs/", docs, name="api-docs"),
]
