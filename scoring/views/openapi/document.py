"""The API's OpenAPI 3.1 description (issue 35) as one document: every route with its
parameters and answers, and the components' schemas in the order the docs page lists them.

``tests/live/test_openapi.py`` checks it against every route and the actual answers of each
(strictly: an undocumented field fails), so the description and the API cannot drift apart."""

from __future__ import annotations

from functools import cache
from typing import Any

from scoring.views.openapi.events import event_schemas
from scoring.views.openapi.matches import match_schemas
from scoring.views.openapi.schema import OPENAPI_VERSION, STR, URL, object_schema, ref
from scoring.views.openapi.seasons import season_schemas

#: The components in the order the docs page shows them.
ORDER = (
    "Club",
    "ChampionshipSummary",
    "Championship",
    "CountedTournament",
    "RankLine",
    "RatingSummary",
    "Rating",
    "RateRow",
    "RatedPlayer",
    "Index",
    "Resource",
    "Error",
    "TournamentSummary",
    "Tournament",
    "EventSummary",
    "Table",
    "TableNow",
    "Event",
    "Entry",
    "Player",
    "Round",
    "Placing",
    "Match",
    "Game",
    "Board",
    "CurrentBoard",
    "BoardDocument",
    "PlayerPage",
    "Team",
    "Tie",
    "Rubber",
)


def api_schemas() -> dict[str, Any]:
    """Index, Resource and Error: what the API says of itself."""
    resource = object_schema(
        "A resource of the API.", {"name": STR, "path": STR, "description": STR}, {"url": URL}
    )
    index = object_schema(
        "What the API offers.",
        {
            "version": STR,
            "resources": {"type": "array", "items": ref("Resource")},
            "openapi": URL,
            "docs": URL,
        },
    )
    error = object_schema("An error.", {"detail": STR})
    return {"Index": index, "Resource": resource, "Error": error}


def schemas() -> dict[str, Any]:
    """Every component's schema, by name, in :data:`ORDER`."""
    every = {**season_schemas(), **api_schemas(), **event_schemas(), **match_schemas()}
    return {name: every[name] for name in ORDER}


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
            "content": {"application/json": {"schema": ref("Error")}},
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
        ref("Index"),
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
        {"type": "array", "items": ref("TournamentSummary")},
        "Tournaments",
        (),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/",
        "api-tournament",
        "A tournament",
        "The tournament with its events and tables.",
        ref("Tournament"),
        "Tournaments",
        ("tournament_id",),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/tables/",
        "api-tables",
        "The tables now",
        "Every active table with its current match (what the hall screen shows).",
        {"type": "array", "items": ref("TableNow")},
        "Tournaments",
        ("tournament_id",),
    ),
    (
        "/api/v1/tournaments/{tournament_id}/players/{player_id}/",
        "api-player",
        "A player",
        "A player's entries, matches, statistics and slams in the tournament.",
        ref("PlayerPage"),
        "Tournaments",
        ("tournament_id", "player_id"),
    ),
    (
        "/api/v1/events/{event_id}/",
        "api-event",
        "An event",
        "Entries, rounds, matches, standings and final placings.",
        ref("Event"),
        "Events",
        ("event_id",),
    ),
    (
        "/api/v1/matches/{match_id}/",
        "api-match",
        "A match",
        "The match with its games, boards and the board in play.",
        ref("Match"),
        "Matches",
        ("match_id",),
    ),
    (
        "/api/v1/matches/{match_id}/games/{game}/boards/{board}/",
        "api-board",
        "A board",
        "One board's log and the engine's state after it.",
        ref("BoardDocument"),
        "Matches",
        ("match_id", "game", "board"),
    ),
    (
        "/api/v1/clubs/",
        "api-clubs",
        "Clubs and federations",
        "Every club and federation, by nation and name.",
        {"type": "array", "items": ref("Club")},
        "Seasons",
        (),
    ),
    (
        "/api/v1/championships/",
        "api-championships",
        "Championships",
        "Every championship (a season of a club or federation).",
        {"type": "array", "items": ref("ChampionshipSummary")},
        "Seasons",
        (),
    ),
    (
        "/api/v1/championships/{championship_id}/",
        "api-championship",
        "A championship",
        "The championship's tournaments in the order played and its ranking: each line's "
        "players, total, prize per tournament (null where absent) and the skipped ones.",
        ref("Championship"),
        "Seasons",
        ("championship_id",),
    ),
    (
        "/api/v1/ratings/",
        "api-ratings",
        "Ratings",
        "Every Glicko-2 rating with its parameters and its number of rated players.",
        {"type": "array", "items": ref("RatingSummary")},
        "Ratings",
        (),
    ),
    (
        "/api/v1/ratings/{rating_id}/",
        "api-rating",
        "A rating",
        "The rating's tournaments and every rated player with his rate, deviation, volatility, "
        "matches and history, best rate first; a rating that rates no tournament here and "
        "holds SoL's stored rates (imported: true) lists those rates.",
        ref("Rating"),
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
        "components": {"schemas": schemas()},
    }
