"""``python -m scoring.rules replay|validate FILE``: output, errors, exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from scoring.rules.cli import run

from .conftest import PROJECT_ROOT

BOARD = {
    "format": "carrom-board/1",
    "events": [{"type": "stroke", "by": "white", "touched": True, "pocketed": {"white": 2}}],
}


def call(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(args, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_replay_board_defaults() -> None:
    status, out, err = call(["replay", "-"], json.dumps(BOARD))
    assert status == 0 and err == ""
    state = json.loads(out)
    assert state == {
        "format": "carrom-board-state/1",
        "on_board": {"white": 7, "black": 9},
        "queen": "on_board",
        "dues": {"white": 0, "black": 0},
        "queen_right": {"white": True, "black": False},
        "on_turn": "white",
        "break_made": True,
        "break_attempts": 0,
        "finished": False,
        "result": None,
    }


def test_validate_ok_and_error(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(BOARD))
    assert call(["validate", str(good)]) == (0, "OK\n", "")
    bad = dict(BOARD, events=[{"type": "stroke", "by": "black"}])
    status, out, err = call(["validate", "-"], json.dumps(bad))
    assert status == 2 and out == ""
    assert err == "error: 0: white is on turn, not black\n"


def test_file_level_errors_use_dash() -> None:
    assert call(["replay", "-"], "{not json")[2].startswith("error: -: ")
    assert call(["replay", "-"], "[]")[2].startswith("error: -: ")
    status, _, err = call(["replay", "-"], json.dumps(dict(BOARD, rules="billiards")))
    assert status == 2 and err.startswith("error: -: unknown rules preset")
    status, _, err = call(["replay", "/nonexistent/board.json"])
    assert status == 2 and err.startswith("error: -: ")


def test_inconsistent_start_is_an_error() -> None:
    starts = [
        {"on_board": {"white": 0, "black": 3}, "break_made": True},
        {"on_board": {"white": 10, "black": 3}, "break_made": True},
        {"on_board": {"white": 5, "black": 3}, "break_made": False},
        {
            "on_board": {"white": 5, "black": 3},
            "queen": "pending_cover:black",
            "on_turn": "white",
            "break_made": True,
        },
        {"on_board": {"white": 5, "black": 9}, "dues": {"white": 1}, "break_made": True},
        {"on_board": {"white": 5, "black": 9}, "break_made": True, "break_attempts": 1},
        {"on_board": {"white": 5, "black": 9}, "break_made": True, "colour": "red"},
    ]
    for start in starts:
        status, _, err = call(["replay", "-"], json.dumps(dict(BOARD, start=start, events=[])))
        assert status == 2 and err.startswith("error: -: "), start


def test_game_and_match_paths() -> None:
    game = {
        "format": "carrom-game/1",
        "players": ["A", "B"],
        "boards": [
            {"winner": "A", "points": 3},
            {"log": dict(BOARD)},
            {"winner": "B", "points": 3},
        ],
    }
    status, _, err = call(["replay", "-"], json.dumps(game))
    assert status == 2 and err.startswith("error: boards[1]: ")
    match = {
        "format": "carrom-match/1",
        "players": ["A", "B"],
        "games": [[{"winner": "A", "carrommen": 10}]],
    }
    status, _, err = call(["replay", "-"], json.dumps(match))
    assert status == 2 and err.startswith("error: games[0].boards[0]: ")


def test_module_entry_point_runs(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(BOARD))
    done = subprocess.run(
        [sys.executable, "-m", "scoring.rules", "replay", str(path)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["on_board"] == {"white": 7, "black": 9}
    done = subprocess.run(
        [sys.executable, "-m", "scoring.rules", "replay", "-"],
        input="{}",
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr == "error: -: the format field is missing\n"
