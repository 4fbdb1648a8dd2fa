"""The game layer takes events, not JSON: PlayedEntry and VoidEntry (scoring.rules.game)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring.rules import (
    IllegalEvent,
    LogEntry,
    PlayedEntry,
    VoidEntry,
    derive_game,
    from_notation,
)

WIN = ("W: 2w", "W: q w", "W: 6w")  # white clears the board with the queen: 12 points


def test_played_entry_is_the_log_entry_without_json() -> None:
    events = tuple(from_notation(e) for e in WIN)
    as_log = LogEntry({"format": "carrom-board/1", "events": [e.to_dict() for e in events]}, "a")
    played = derive_game([PlayedEntry(events, "a")], players=("a", "b"), first_breaker="a")
    logged = derive_game([as_log], players=("a", "b"), first_breaker="a")
    assert played.scores == logged.scores == {"a": 12, "b": 0}
    assert played.boards[0].queen == "a"


def test_void_entry_replays_the_board_with_the_same_breaker() -> None:
    events = tuple(from_notation(e) for e in WIN)
    game = derive_game([VoidEntry("a"), PlayedEntry(events)], players=("a", "b"), first_breaker="a")
    assert [b.void for b in game.boards] == [True, False]
    assert [b.number for b in game.boards] == [1, 1]
    assert game.boards[1].breaker == "a" and game.scores["a"] == 12
    assert game.next_breaker == "b"


def test_played_entry_errors_are_located() -> None:
    events = (from_notation("W: 2w"), from_notation("W: 9w"))
    with pytest.raises(IllegalEvent) as err:
        derive_game([PlayedEntry(events, "a")], players=("a", "b"), first_breaker="a")
    assert err.value.where == "boards[0].events[1]"


def test_played_entry_rules_must_be_the_games() -> None:
    with pytest.raises(Exception, match="played under 'queen-5'"):
        derive_game([PlayedEntry((), "a", rules="queen-5")], players=("a", "b"), first_breaker="a")


def test_the_core_never_imports_interchange() -> None:
    """Interchange depends on the core, never the reverse (issue #13)."""
    rules = Path(__file__).resolve().parents[2] / "scoring" / "rules"
    for name in (
        "board",
        "game",
        "events",
        "notation",
        "outcome",
        "position",
        "point",
        "presets",
        "variant",
    ):
        tree = ast.parse((rules / f"{name}.py").read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "interchange" not in imported, name
