"""Interchange format version 1 (``rules/README.md``): read documents, answer with states.

- ``carrom-board/1`` → ``carrom-board-state/1`` (:func:`replay_board_document`)
- ``carrom-game/1`` → ``carrom-game-state/1`` (:func:`replay_game_document`)
- ``carrom-match/1`` → ``carrom-match-state/1`` (:func:`replay_match_document`)

:func:`replay_document` dispatches on ``format``. Every error is a :class:`RulesError` whose
``where`` is the event index (board), a path such as ``boards[2].events[5]`` (game, match) or
``-`` (the document as a whole).

The boards and the field readers are :mod:`.interchange_board`, games and matches
:mod:`.interchange_games` (every name importable from here).
"""

from __future__ import annotations

from typing import Any

from .interchange_board import (
    BOARD_FORMAT,
    GAME_FORMAT,
    MATCH_FORMAT,
    LogEntry,
    board_document,
    format_of,
    parse_start,
    read_board,
    read_events,
    replay_board_document,
)
from .interchange_games import parse_board_entry, replay_game_document, replay_match_document
from .position import OPENING


def replay_document(data: Any) -> dict[str, Any]:
    """Replay any interchange document (board, game or match) into its state."""
    fmt = format_of(data)
    if fmt == BOARD_FORMAT:
        return replay_board_document(data)
    if fmt == GAME_FORMAT:
        return replay_game_document(data)
    return replay_match_document(data)


__all__ = [
    "BOARD_FORMAT",
    "board_document",
    "GAME_FORMAT",
    "LogEntry",
    "MATCH_FORMAT",
    "OPENING",
    "parse_board_entry",
    "parse_start",
    "read_board",
    "read_events",
    "replay_board_document",
    "replay_document",
    "replay_game_document",
    "replay_match_document",
]
