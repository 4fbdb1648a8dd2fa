"""Point carrom (preset ``point-carrom``): three players, nobody owns a colour."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.rules import IllegalEvent, RulesError, replay_document
from scoring.rules.events import Pieces
from scoring.rules.point import PointStroke, apply_point, opening, replay_point
from scoring.rules.presets import POINT_CARROM

PLAYERS = ("Asha", "Bela", "Chen")
BOARD_END = replace(POINT_CARROM, game_end="board_end")


def s(by: str, white: int = 0, black: int = 0, queen: bool = False, striker: bool = False,
      foul: str | None = None, touched: bool = True) -> PointStroke:
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
    position = replay_point([s("Asha", black=1), s("Asha", queen=True), s("Asha", white=1)],
                            PLAYERS)
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
        s("Asha", black=1), s("Asha", queen=True, white=1),
        s("Asha", white=8, black=4), s("Asha"),
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
    board = {"format": "carrom-board/1", "rules": "point-carrom", "players": list(PLAYERS),
             "events": [{"type": "stroke", "by": "Asha", "pocketed": {"white": 2}}]}
    state = replay_document(board)
    assert state["held"]["Asha"] == {"white": 2, "black": 0}
    assert state["on_turn"] == "Asha"
    game = {"format": "carrom-game/1", "rules": "point-carrom", "players": list(PLAYERS),
            "boards": [{"points": {"Asha": 20, "Bela": 3}}, {"points": {"Bela": 23}}]}
    state = replay_document(game)
    assert state["finished"] and state["winner"] == "Bela"
    assert state["scores"] == {"Asha": 20, "Bela": 25, "Chen": 0}  # capped at 25
    with pytest.raises(RulesError):
        replay_document({**board, "events": [{"type": "stroke", "by": "Bela"}]})


def test_point_game_eight_boards_leader_and_rotation() -> None:
    game = {"format": "carrom-game/1", "rules": "point-carrom", "players": list(PLAYERS),
            "boards": [{"points": {"Asha": 1}}] * 3}
    state = replay_document(game)
    assert state["next_breaker"] == "Asha" and not state["finished"]
    game["boards"] = [{"points": {"Asha": 1, "Chen": 2}}] * 8
    state = replay_document(game)
    assert state["finished"] and state["winner"] == "Chen"
