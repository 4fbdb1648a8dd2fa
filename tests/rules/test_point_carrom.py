"""Point carrom (preset ``point-carrom``): three players, nobody owns a colour."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import IllegalEvent, RulesError, replay_document
from scoring.rules.cli import run
from scoring.rules.events import Pieces
from scoring.rules.point import (
    PointPosition,
    PointStroke,
    apply_point,
    derive_point_game,
    opening,
    replay_point,
    replay_point_steps,
)
from scoring.rules.presets import POINT_CARROM

from .test_scenarios import _mismatches

PLAYERS = ("Asha", "Bela", "Chen")
BOARD_END = replace(POINT_CARROM, game_end="board_end")


def s(
    by: str,
    white: int = 0,
    black: int = 0,
    queen: bool = False,
    striker: bool = False,
    foul: str | None = None,
    touched: bool = True,
) -> PointStroke:
    return PointStroke(by, Pieces(white, black, queen, striker), touched=touched, foul=foul)


def test_turn_order_is_data_and_any_piece_keeps_the_turn() -> None:
    position = replay_point([s("Asha", white=1), s("Asha", black=2), s("Asha")], PLAYERS)
    assert position.players[position.on_turn] == "Bela"
    assert position.points() == {"Asha": 4, "Bela": 0, "Chen": 0}
    position = replay_point([s("Asha"), s("Bela"), s("Chen")], PLAYERS)
    assert position.players[position.on_turn] == "Asha"


def test_not_on_turn_and_unknown_player() -> None:
    with pytest.raises(IllegalEvent):
        replay_point([s("Bela", black=1)], PLAYERS)
    with pytest.raises(IllegalEvent):
        apply_point(opening(PLAYERS), s("Dana"))


def test_break_attempts_pass_to_the_next_player() -> None:
    position = replay_point([s("Asha", touched=False)] * 3, PLAYERS)
    assert position.players[position.on_turn] == "Bela" and not position.break_made


def test_queen_needs_a_carromman_first_and_a_cover() -> None:
    position = replay_point([s("Asha", queen=True)], PLAYERS)
    assert position.queen == "on_board"
    position = replay_point(
        [s("Asha", black=1), s("Asha", queen=True), s("Asha", white=1)], PLAYERS
    )
    assert position.queen == "covered:Asha"
    assert position.points() == {"Asha": 1 + 2 + 5, "Bela": 0, "Chen": 0}
    position = replay_point([s("Asha", black=1), s("Asha", queen=True), s("Asha")], PLAYERS)
    assert position.queen == "on_board"
    assert position.players[position.on_turn] == "Bela"


def test_foul_returns_the_stroke_and_a_penalty_of_lowest_value() -> None:
    position = replay_point(
        [s("Asha", white=1, black=1), s("Asha", white=2, foul="improper_stroke")], PLAYERS
    )
    # the two whites of the foul stroke come back, the black pays the penalty
    assert position.held[0].white == 1 and position.held[0].black == 0
    assert position.on_board.white == 8 and position.on_board.black == 9
    assert position.players[position.on_turn] == "Bela"


def test_striker_is_a_foul_and_penalty_owed_when_nothing_held() -> None:
    position = replay_point([s("Asha", striker=True, black=1)], PLAYERS)
    assert position.dues[0] == 1 and position.on_board.black == 9
    position = replay_point(
        [s("Asha", striker=True, black=1), s("Bela"), s("Chen"), s("Asha", white=1)], PLAYERS
    )
    assert position.dues[0] == 0 and position.held[0].white == 0


def test_board_ends_when_all_carrommen_are_pocketed_after_the_cover() -> None:
    strokes = [
        s("Asha", black=1),
        s("Asha", queen=True, white=1),
        s("Asha", white=8, black=4),
        s("Asha"),
        s("Bela", black=4),
    ]
    position = replay_point(strokes, PLAYERS, BOARD_END)
    assert position.finished and position.end == "carrommen"
    assert position.points() == {"Asha": 1 + 2 + 5 + 16 + 4, "Bela": 4, "Chen": 0}
    # by default the game ends the moment Asha reaches 25 (seed 003), in her third stroke
    position = replay_point(strokes[:3], PLAYERS)
    assert position.finished and position.end == "game_points"
    assert position.points()["Asha"] == 28 and position.on_board.black == 4


def test_last_carromman_before_the_queen_is_covered_is_a_foul() -> None:
    strokes = [s("Asha", white=9, black=8), s("Asha", black=1)]
    position = replay_point(strokes, PLAYERS, BOARD_END)
    assert not position.finished and position.on_board.black == 2


def test_point_documents_through_the_command_path() -> None:
    board = {
        "format": "carrom-board/1",
        "rules": "point-carrom",
        "players": list(PLAYERS),
        "events": [{"type": "stroke", "by": "Asha", "pocketed": {"white": 2}}],
    }
    state = replay_document(board)
    assert state["held"]["Asha"] == {"white": 2, "black": 0}
    assert state["on_turn"] == "Asha"
    game = {
        "format": "carrom-game/1",
        "rules": "point-carrom",
        "players": list(PLAYERS),
        "boards": [{"points": {"Asha": 20, "Bela": 3}}, {"points": {"Bela": 23}}],
    }
    state = replay_document(game)
    assert state["finished"] and state["winner"] == "Bela"
    assert state["scores"] == {"Asha": 20, "Bela": 25, "Chen": 0}  # capped at 25
    with pytest.raises(RulesError):
        replay_document({**board, "events": [{"type": "stroke", "by": "Bela"}]})


def test_point_game_eight_boards_leader_and_rotation() -> None:
    game = {
        "format": "carrom-game/1",
        "rules": "point-carrom",
        "players": list(PLAYERS),
        "boards": [{"points": {"Asha": 1}}] * 3,
    }
    state = replay_document(game)
    assert state["next_breaker"] == "Asha" and not state["finished"]
    game["boards"] = [{"points": {"Asha": 1, "Chen": 2}}] * 8
    state = replay_document(game)
    assert state["finished"] and state["winner"] == "Chen"


# --- the scenario files of point carrom and of every preset's settled readings --------------
# tests/rules/point_scenarios (point carrom) and tests/rules/preset_scenarios (the colour
# presets' settled readings) are in the rulebook's scenario format: ``expect`` holds the keys the
# answer must have, or ``{"error": true}`` for a document the command refuses (exit 2, one
# ``error:`` line); an ``error_code`` beside it names the engine's code.

HERE = Path(__file__).resolve().parent
POINT_SCENARIOS = sorted((HERE / "point_scenarios").glob("*.json"))
PRESET_SCENARIOS = sorted((HERE / "preset_scenarios").glob("*.json"))
OWN_SCENARIOS = POINT_SCENARIOS + PRESET_SCENARIOS


def test_point_scenarios_are_there() -> None:
    assert len(POINT_SCENARIOS) >= 40
    assert len(PRESET_SCENARIOS) >= 10
    for path in OWN_SCENARIOS:
        scenario = json.loads(path.read_text(encoding="utf-8"))
        assert set(scenario) <= {
            "id",
            "laws",
            "description",
            "notes",
            "input",
            "expect",
            "error_code",
        }
        assert path.name.startswith(scenario["id"] + "-") and scenario["laws"]
        error = scenario["expect"].get("error")
        assert error is None or error is True, path.name


@pytest.mark.parametrize("path", OWN_SCENARIOS, ids=[p.stem for p in OWN_SCENARIOS])
def test_point_scenario(path: Path) -> None:
    """Each scenario through the ``replay`` command, as the rulebook's are."""
    scenario = json.loads(path.read_text(encoding="utf-8"))
    stdout, stderr = io.StringIO(), io.StringIO()
    status = run(
        ["replay", "-"],
        stdin=io.StringIO(json.dumps(scenario["input"])),
        stdout=stdout,
        stderr=stderr,
    )
    expect = scenario["expect"]
    if expect.get("error"):
        assert status == 2, f"expected an error, got {stdout.getvalue()}"
        line = stderr.getvalue()
        assert line.startswith("error: ") and line.count("\n") == 1
        assert stdout.getvalue() == ""
        if "error_code" in scenario:
            with pytest.raises(RulesError) as caught:
                replay_document(scenario["input"])
            assert caught.value.code == scenario["error_code"]
        return
    assert status == 0, stderr.getvalue()
    problems = _mismatches(expect, json.loads(stdout.getvalue()))
    assert not problems, "\n".join(problems)


def test_unknown_setting_and_bad_events_are_refused() -> None:
    board = {
        "format": "carrom-board/1",
        "rules": "point-carrom",
        "players": list(PLAYERS),
        "events": [],
    }
    for bad in (
        {**board, "settings": {"queen_value": 9}},
        {**board, "settings": {"game_end": "never"}},
        {**board, "events": [{"type": "umpire_ruling", "points": {"Asha": -1}}]},
        {**board, "events": [{"type": "board_loss", "by": "Dana"}]},
        {**board, "events": [{"type": "forgo", "by": "Asha"}]},
    ):
        with pytest.raises(RulesError):
            replay_document(bad)


def test_foul_notes_say_which_piece_came_back_and_why() -> None:
    result = replay_point_steps(
        [s("Asha", white=1, black=1), s("Asha", white=2, foul="improper_stroke")], PLAYERS
    )
    foul = next(n for n in result.notes if n.code == "point_foul")
    assert foul.law == "ICF 64"
    assert foul.params["stroke_white"] == 2 and foul.params["penalty_black"] == 1
    result = replay_point_steps(
        [s("Asha", white=9, black=8), s("Asha", black=1)], PLAYERS, BOARD_END
    )
    foul = next(n for n in result.notes if n.code == "point_foul")
    assert foul.params["reason"] == "last_before_cover" and foul.law == "seed 003"
    result = replay_point_steps([s("Asha", black=1, queen=True)], PLAYERS)
    assert [n.law for n in result.notes if n.code == "queen_no_right"] == ["ICF 92, 95(a)"]


def test_game_scores_are_capped_and_mid_board_end_finishes_the_game() -> None:
    game = derive_point_game([{"Asha": 20}, {"Asha": 9, "Bela": 3}], PLAYERS)
    assert game.finished and game.winner == "Asha"
    assert game.scores == {"Asha": 25, "Bela": 3, "Chen": 0}


# --- hypothesis: the 32 points of a board are conserved ---------------------------------------

TOTAL = 9 * 1 + 9 * 2 + 5


def _draw_stroke(data: st.DataObject, position: PointPosition) -> PointStroke:
    by = position.players[position.on_turn]
    big = data.draw(st.integers(0, 6)) == 0
    top_w = position.on_board.white if big else min(position.on_board.white, 3)
    top_b = position.on_board.black if big else min(position.on_board.black, 3)
    white = data.draw(st.integers(0, top_w))
    black = data.draw(st.integers(0, top_b))
    queen = position.queen == "on_board" and data.draw(st.booleans())
    off_white = data.draw(st.integers(0, min(1, position.on_board.white - white)))
    off_queen = position.queen == "on_board" and not queen and data.draw(st.integers(0, 9)) == 0
    striker = data.draw(st.integers(0, 5)) == 0
    touched = position.break_made or data.draw(st.integers(0, 3)) > 0
    if not touched:
        white = black = off_white = 0
        queen = off_queen = False
    foul = data.draw(st.sampled_from([None, None, None, None, "improper_stroke"]))
    return PointStroke(
        by,
        Pieces(white, black, queen, striker),
        Pieces(off_white, 0, off_queen),
        touched=touched,
        foul=foul,
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.sampled_from(["at_points", "board_end"]),
    st.booleans(),
    st.lists(st.integers(0, 24), min_size=3, max_size=3),
)
def test_the_32_points_of_a_board_are_conserved(
    data: st.DataObject, game_end: str, off_board_foul: bool, before: list[int]
) -> None:
    rules = replace(POINT_CARROM, game_end=game_end, off_board_foul=off_board_foul)
    position = opening(PLAYERS, scores=dict(zip(PLAYERS, before, strict=True)))
    for _ in range(120):
        if position.finished:
            break
        position = apply_point(position, _draw_stroke(data, position), rules)
        points = position.points(rules)
        assert sum(points.values()) + position.board_value(rules) == TOTAL
        assert all(v >= 0 for v in points.values()) and all(d >= 0 for d in position.dues)
        if not position.finished:
            # nobody has reached the game points while the board is played (at_points)
            assert game_end == "board_end" or max(position.game_scores(rules).values()) < 25
    if position.finished and position.end == "carrommen":
        assert position.queen.startswith("covered:")
        assert position.on_board.white + position.on_board.black == 0


def test_the_extra_board_is_a_fresh_toss_and_the_table_falls_back_to_the_rotation() -> None:
    """Ruling 3 for point carrom (rules README, engine details): a tie at the top after 8
    boards plays an extra board, its breaker drawn by a fresh toss (``next_breaker`` None);
    a table without a fresh lot takes the rotation's player (``next_in_rotation``)."""
    boards = [{"Asha": 2}, {"Bela": 2}] + [{}] * 6
    game = derive_point_game(boards, PLAYERS)
    assert game.extra_board and not game.finished and game.next_breaker is None
    assert game.next_in_rotation == PLAYERS[8 % 3]
    decided = derive_point_game([*boards, {"Chen": 1, "Bela": 3}], PLAYERS)
    assert decided.finished and decided.winner == "Bela" and decided.next_in_rotation is None


def test_void_boards_are_replayed_by_the_same_breaker_and_not_counted() -> None:
    from scoring.rules.game import VoidEntry
    from scoring.rules.point import PointAwardEntry, PointPlayedEntry, derive_point_games

    game = derive_point_games(
        [PointAwardEntry((("Asha", 4),)), VoidEntry(), PointPlayedEntry((s("Bela", white=1),))],
        PLAYERS,
    )
    assert game.boards_played == 1 and [b.void for b in game.boards] == [False, True]
    assert game.boards[1].breaker == "Bela" and game.current is not None
    assert game.current.breaker == "Bela" and game.next_breaker == "Bela"


def test_the_variant_counts_a_point_game_as_the_document_does() -> None:
    """``Variant.game`` goes through the same game layer: void boards keep the breaker,
    ``time_up`` stops the game (a tie at the top is a draw)."""
    from scoring.rules import variant_for

    variant = variant_for("point-carrom")
    first = variant.replay(variant.start(PLAYERS), [s("Asha", white=1), {"type": "void"}])
    second = variant.replay(
        variant.start(PLAYERS), [{"type": "umpire_ruling", "points": {"Asha": 4, "Chen": 4}}]
    )
    game = variant.game(PLAYERS, [first.board.outcome, second.board.outcome])
    assert game.boards_played == 1 and game.next_breaker == "Bela" and not game.finished
    stopped = variant.game(PLAYERS, [first.board.outcome, second.board.outcome], time_up=True)
    assert stopped.finished and stopped.draw and stopped.winner is None
