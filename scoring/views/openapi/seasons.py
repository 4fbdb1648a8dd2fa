"""The API's schemas of the seasons: clubs and federations, championships and their ranking,
Glicko-2 ratings and their players' history."""

from __future__ import annotations

from typing import Any

from scoring.seasons import METHODS
from scoring.views.openapi.schema import (
    BOOL,
    DATE,
    INT,
    NUMBER,
    STR,
    URL,
    nullable,
    object_schema,
    ref,
)


def season_schemas() -> dict[str, Any]:
    """Club, ChampionshipSummary, Championship, CountedTournament, RankLine, RatingSummary,
    Rating, RateRow, RatedPlayer."""
    prize = {"type": ["integer", "number", "null"]}
    club = object_schema(
        "A club, or a federation (a club that players are licensed with).",
        {"id": INT, "name": STR, "nation": STR, "federation": BOOL, "website": STR, "html": URL},
    )
    championship_summary = object_schema(
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
            "previous": nullable(INT),
            "rating": nullable(INT),
            "closed": BOOL,
            "pairs_by_order": {
                "type": "boolean",
                "description": (
                    "A pair is its two players in the order entered, as SoL ranks them (A/B "
                    "and B/A: two lines of the ranking); false: the same two players in "
                    "either order are one pair."
                ),
            },
            "url": URL,
            "html": URL,
        },
    )
    counted = object_schema(
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
            "prized": {
                "type": "boolean",
                "description": (
                    "Its prize-giving is recorded (SoL's prized tourney, kept on import): "
                    "its prizes count as recorded, not from its results."
                ),
            },
            "pending": {
                "type": "boolean",
                "description": (
                    "A SoL tourney whose prize-giving was never done (or was undone): like "
                    "SoL, it gives no prizes until it is prized from its results."
                ),
            },
        },
    )
    rank_line = object_schema(
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
            "tournaments": {"type": "array", "items": ref("CountedTournament")},
            "ranking": {"type": "array", "items": ref("RankLine")},
        },
        "required": [*championship_summary["required"], "tournaments", "ranking"],
    }
    rating_summary = object_schema(
        "A Glicko-2 rating with its parameters (docs/RATINGS.md).",
        {
            "id": INT,
            "name": STR,
            "level": {"type": "string", "enum": ["international", "national", "regional", "club"]},
            "nation": nullable(STR),
            "default_rate": INT,
            "default_deviation": INT,
            "default_volatility": NUMBER,
            "tau": NUMBER,
            "lower_rate": nullable(INT),
            "higher_rate": nullable(INT),
            "outcomes": {"type": "string", "enum": ["standard", "guido"]},
            "imported": {
                **BOOL,
                "description": "True for a rating that rates no tournament here and holds "
                "SoL's stored rates (imported with a SoL archive): its players and their "
                "history are those rates, as SoL recorded them.",
            },
            "player_count": {
                **INT,
                "description": "Its rated players (an imported rating: its players with a "
                "stored rate).",
            },
            "url": URL,
            "html": URL,
        },
    )
    rate_row = object_schema(
        "A player's rate after one tournament of the rating (of an imported rating: a rate "
        "SoL stored, with no tournament and no matches here, null).",
        {
            "tournament": nullable(INT),
            "date": DATE,
            "rate": NUMBER,
            "deviation": NUMBER,
            "volatility": NUMBER,
            "matches": nullable(INT),
        },
    )
    rated_player = object_schema(
        "A rated player: his current rate and its history (of an imported rating: his last "
        "stored rate, matches null).",
        {
            "player": INT,
            "rate": NUMBER,
            "deviation": NUMBER,
            "volatility": NUMBER,
            "matches": nullable(INT),
            "history": {"type": "array", "items": ref("RateRow")},
        },
    )
    rating = {
        **rating_summary,
        "description": "A rating, its tournaments and every rated player, best rate first.",
        "properties": {
            **rating_summary["properties"],
            "tournaments": {
                "type": "array",
                "items": object_schema(
                    "A tournament rated under the rating.", {"id": INT, "name": STR, "date": DATE}
                ),
            },
            "players": {"type": "array", "items": ref("RatedPlayer")},
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
    }
