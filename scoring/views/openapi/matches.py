"""The API's schemas of a match: its entries and players, games, boards, the board in play,
a board's documents, and a player's page of a tournament."""

from __future__ import annotations

from typing import Any

from scoring.views.openapi.schema import (
    BOOL,
    ID_LIST,
    INT,
    MATCH_STATUS,
    STR,
    TIME,
    URL,
    nullable,
    object_schema,
    ref,
)


def match_schemas() -> dict[str, Any]:
    """Player, Entry, Board, Game, CurrentBoard, Match, BoardDocument, PlayerPage."""
    external = {
        "type": "object",
        "description": "The player's key in each program he "
        'was imported from, e.g. {"sol": "<guid>"} for a player from SoL; '
        "empty for a player made here.",
        "additionalProperties": STR,
    }
    player = object_schema(
        "A player of an entry.",
        {"id": INT, "name": STR, "club": STR, "nationality": STR, "external": external},
    )
    entry = object_schema(
        "An entry of an event: a player, a pair in doubles, or a team (named by "
        "its team, with `team`).",
        {
            "id": INT,
            "name": STR,
            "seed": nullable(INT),
            "withdrawn": BOOL,
            "players": {"type": "array", "items": ref("Player")},
        },
        {"team": ref("Team")},
    )
    board = object_schema(
        "One board of a game: `number` as the game counts boards (a void board and its replay "
        "share it), `sequence` its place among the stored boards (the `{b}` of the board's "
        "URLs). Two-sided boards give winner, points, queen and carrommen; "
        "point-carrom boards each player's points and the totals after the board.",
        {
            "number": INT,
            "sequence": INT,
            "breaker": nullable(INT),
            "law": nullable(STR),
            "finished": BOOL,
            "void": BOOL,
            "entered_as": {"type": "string", "enum": ["log", "summary", "award", "recorded"]},
            "queen": nullable(INT),
            "interpretation": BOOL,
        },
        {
            "winner": nullable(INT),
            "points": nullable(INT),
            "carrommen": nullable(INT),
            "extra_board": BOOL,
            "points_by_entry": nullable({"type": "object", "additionalProperties": INT}),
            "points_by_player": nullable({"type": "array", "items": INT}),
            "totals": {"type": "array", "items": INT},
            "top_scorer": nullable(INT),
            "end": nullable(STR),
        },
    )
    game = object_schema(
        "A game of the match.",
        {
            "number": INT,
            "scores": {"type": "array", "items": INT},
            "winner": nullable(INT),
            "finished": BOOL,
            "boards": {"type": "array", "items": ref("Board")},
        },
    )
    current = object_schema(
        "The board being played.",
        {
            "game": INT,
            "board": INT,
            "breaker": nullable(INT),
            "started": BOOL,
            "change_sides": BOOL,
            "extra_board": BOOL,
            "state": nullable(
                {"type": "object", "description": "The engine's position (carrom-board-state/1)."}
            ),
        },
    )
    match = object_schema(
        "A match: its entries, games, boards and the board in play.",
        {
            "id": INT,
            "event": INT,
            "tournament": INT,
            "round": nullable(INT),
            "round_name": nullable(STR),
            "bracket": nullable(STR),
            "group": nullable(STR),
            "number": INT,
            "table": nullable(INT),
            "status": MATCH_STATUS,
            "status_detail": STR,
            "entries": {**ID_LIST, "description": "Entry ids in side order (a, b, c)."},
            "names": {"type": "array", "items": STR},
            "rules": STR,
            "stage": STR,
            "games_to_win": INT,
            "winner": nullable(INT),
            "draw": BOOL,
            "walkover": BOOL,
            "bye": BOOL,
            "games_won": {"type": "array", "items": INT},
            "games": {"type": "array", "items": ref("Game")},
            "current": nullable(ref("CurrentBoard")),
            "revision": INT,
            "updated_at": nullable(TIME),
            "called_at": nullable(TIME),
            "started_at": nullable(TIME),
            "finished_at": nullable(TIME),
            "html": URL,
        },
    )
    board_document = object_schema(
        "One board as the interchange documents: its log "
        "(carrom-board/1, none for a board entered as a summary or "
        "award) and the engine's state after it (carrom-board-state/1).",
        {"log": nullable({"type": "object"}), "state": {"type": "object"}},
    )
    stats = {
        "type": "object",
        "description": "Statistics from the stroke logs.",
        "additionalProperties": {"type": ["integer", "number", "null"]},
    }
    player_page = object_schema(
        "A player in a tournament: entries, matches, statistics, slams.",
        {
            "id": INT,
            "name": STR,
            "club": STR,
            "nationality": STR,
            "external": external,
            "entries": {
                "type": "array",
                "items": object_schema(
                    "An entry of the player.",
                    {"id": INT, "event": INT, "name": STR, "seed": nullable(INT)},
                ),
            },
            "matches": {
                "type": "array",
                "items": object_schema(
                    "A match of the player.",
                    {
                        "id": INT,
                        "side_entry": nullable(INT),
                        "status": MATCH_STATUS,
                        "result": nullable(STR),
                    },
                ),
            },
            "stats": stats,
            "slams": {
                "type": "array",
                "items": object_schema(
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
    return {
        "Player": player,
        "Entry": entry,
        "Board": board,
        "Game": game,
        "CurrentBoard": current,
        "Match": match,
        "BoardDocument": board_document,
        "PlayerPage": player_page,
    }
