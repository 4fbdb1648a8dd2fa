"""Games and matches (ICF 40, 49, 56-60; rulings 3-5), through the interchange documents."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.rules import RulesError, replay_document


def game(boards: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    doc = {"format": "carrom-game/1", "players": ["A", "B"], "boards": boards}
    doc.update(extra)
    return replay_document(doc)


def match(games: list[list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    doc = {
        "format": "carrom-match/1",
        "players": ["A", "B"],
        "toss": {"winner": "A", "chose": "break"},
        "games": games,
    }
    doc.update(extra)
    return replay_document(doc)


def award(winner: str, points: int) -> dict[str, Any]:
    return {"winner": winner, "points": points, "law": "ICF 53"}


def log(*events: dict[str, Any], start: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"log": {"format": "carrom-board/1", "start": start, "events": list(events)}}


def test_defaults_and_answer_shape() -> None:
    state = game([])
    assert state == {
        "format": "carrom-game-state/1",
        "scores": {"A": 0, "B": 0},
        "boards_played": 0,
        "finished": False,
        "winner": None,
        "draw": False,
        "next_breaker": "A",
        "extra_board": False,
        "board_points": [],
    }


def test_summary_queen_counts_up_to_21_only() -> None:
    state = game([award("A", 12), award("A", 9), {"winner": "A", "carrommen": 2, "queen": "A"}])
    # 21 before the board: queen counts: 21 + 5 = 26, recorded 25
    assert state["scores"] == {"A": 25, "B": 0} and state["finished"]
    state = game([award("A", 12), award("A", 10), {"winner": "A", "carrommen": 2, "queen": "A"}])
    assert state["board_points"][-1] == {"winner": "A", "points": 2}


def test_summary_queen_by_loser_does_not_count_and_cap_12() -> None:
    state = game(
        [
            {"winner": "A", "carrommen": 9, "queen": "B"},
            {"winner": "B", "carrommen": 9, "queen": "B"},
        ]
    )
    assert state["board_points"] == [{"winner": "A", "points": 9}, {"winner": "B", "points": 12}]


def test_log_boards_use_the_game_scores_for_the_22_point_rule() -> None:
    # A breaks boards 1 and 3 (white there); B breaks board 2.
    start = {
        "on_board": {"white": 1, "black": 2},
        "queen": "covered:white",
        "queen_right": {"white": True, "black": True},
        "on_turn": "white",
        "break_made": True,
    }
    state = game(
        [
            award("A", 12),
            award("B", 1),
            award("A", 10),
            log({"type": "stroke", "by": "white", "pocketed": {"white": 1}}, start=start),
        ]
    )
    # board 4 is broken by B, who plays white: B wins 2 carrommen + 3 for the queen
    assert state["board_points"][-1] == {"winner": "B", "points": 5}
    state = game(
        [
            award("A", 12),
            award("A", 10),
            log({"type": "stroke", "by": "white", "pocketed": {"white": 1}}, start=start),
        ]
    )
    # board 3 is broken by A (white): A had 22 before the board, the queen does not count
    assert state["board_points"][-1] == {"winner": "A", "points": 2}
    assert state["scores"] == {"A": 24, "B": 0}


def test_unfinished_log_must_be_last_and_sets_next_breaker() -> None:
    state = game([award("A", 3), log({"type": "stroke", "by": "white", "touched": True})])
    assert state["boards_played"] == 1 and state["next_breaker"] == "B"
    with pytest.raises(RulesError) as err:
        game([log(), award("A", 3)])
    assert err.value.where == "boards[0]"


def test_void_board_is_replayed_by_the_same_breaker() -> None:
    state = game([log({"type": "void"}), award("A", 3)])
    assert state["boards_played"] == 1 and state["board_points"] == [{"winner": "A", "points": 3}]
    assert state["next_breaker"] == "B"


def test_errors_in_logs_are_located() -> None:
    with pytest.raises(RulesError) as err:
        game(
            [
                award("A", 3),
                log({"type": "stroke", "by": "white"}, {"type": "stroke", "by": "white"}),
            ]
        )
    assert err.value.where == "boards[1].events[1]"
    with pytest.raises(RulesError) as err:
        match([[award("A", 3), log({"type": "stroke", "by": "black"})]])
    assert err.value.where == "games[0].boards[1].events[0]"


def test_breaker_override_and_alternation_from_it() -> None:
    state = game([award("A", 3), {"winner": "A", "points": 2, "breaker": "A"}])
    assert state["next_breaker"] == "B"


def test_extra_board_then_finished() -> None:
    boards = [award("A", 2), award("B", 2)] * 4
    state = game(boards)
    assert state["extra_board"] and state["next_breaker"] is None and not state["finished"]
    state = game([*boards, {"winner": "B", "points": 1, "breaker": "A"}])
    assert state["finished"] and state["winner"] == "B" and state["boards_played"] == 9
    with pytest.raises(RulesError):
        game([*boards, award("B", 1), award("A", 1)])


def test_late_stage_has_no_board_limit() -> None:
    boards = [award("A", 2), award("B", 2)] * 6
    state = game(boards, stage="late")
    assert not state["finished"] and state["boards_played"] == 12
    assert state["next_breaker"] == "A"


def test_time_up_leader_wins_and_draw() -> None:
    assert game([award("A", 3)], time_up=True)["winner"] == "A"
    state = game([award("A", 3), award("B", 3)], time_up=True)
    assert state["finished"] and state["draw"] and state["winner"] is None


def test_family_21_game_ends_at_21() -> None:
    state = game([award("A", 12), award("A", 9)], rules="family-21")
    assert state["finished"] and state["scores"]["A"] == 21


def test_award_above_board_maximum_is_an_error() -> None:
    with pytest.raises(RulesError) as err:
        game([award("A", 13)])
    assert err.value.where == "boards[0]"


def test_bad_documents() -> None:
    for doc in (
        {"format": "carrom-game/1", "players": ["A"]},
        {"format": "carrom-game/1", "players": ["A", "A"]},
        {"format": "carrom-game/1", "players": ["A", "B"], "stage": "final"},
        {"format": "carrom-game/1", "players": ["A", "B"], "boards": [{"winner": "C"}]},
        {"format": "carrom-game/1", "players": ["A", "B"], "rules": "snooker"},
        {"format": "carrom-game/1", "players": ["A", "B"], "colour": "red"},
        {"format": "carrom-game/9"},
    ):
        with pytest.raises(RulesError):
            replay_document(doc)


# --- matches -----------------------------------------------------------------------------


def won_game(winner: str) -> list[dict[str, Any]]:
    return [award(winner, 12), award(winner, 12), award(winner, 12)]


def test_match_start_and_toss_choice_side() -> None:
    state = match([])
    assert state["next"] == {"game": 1, "board": 1, "breaker": "A", "change_sides": False}
    state = match([], toss={"winner": "A", "chose": "side"})
    assert state["next"]["breaker"] == "B"


def test_match_first_breakers_of_games_two_and_three() -> None:
    state = match([won_game("A")], toss={"winner": "B", "chose": "break"})
    assert state["next"] == {"game": 2, "board": 1, "breaker": "A", "change_sides": True}
    state = match([won_game("A"), won_game("B")], toss={"winner": "B", "chose": "break"})
    assert state["next"] == {"game": 3, "board": 1, "breaker": "B", "change_sides": True}


def test_game_three_side_change_after_board_four_early() -> None:
    third = [award("A", 2), award("B", 2), award("A", 2), award("B", 2)]
    state = match([won_game("A"), won_game("B"), third])
    assert state["next"]["board"] == 5 and state["next"]["change_sides"] is True
    state = match([won_game("A"), won_game("B"), [*third, award("A", 2)]])
    assert state["next"]["change_sides"] is False  # the change happens once


def test_game_three_side_change_late_only_at_13() -> None:
    third = [award("A", 2), award("B", 2), award("A", 2), award("B", 2)]
    state = match([won_game("A"), won_game("B"), third], stage="late")
    assert state["next"]["change_sides"] is False
    state = match([won_game("A"), won_game("B"), [*third, award("A", 9)]], stage="late")
    assert state["next"] == {"game": 3, "board": 6, "breaker": "B", "change_sides": True}


def test_no_side_change_within_games_one_and_two() -> None:
    state = match([[award("A", 12), award("A", 2)]])
    assert state["next"]["change_sides"] is False


def test_match_finished_and_errors() -> None:
    state = match([won_game("A"), won_game("B"), won_game("B")])
    assert state["finished"] and state["winner"] == "B" and state["next"] is None
    assert state["games_won"] == {"A": 1, "B": 2}
    with pytest.raises(RulesError) as err:
        match([[award("A", 3)], won_game("A")])
    assert err.value.where == "games[0]"


def test_doubles_pairs_alternate_breaks() -> None:
    doc = {
        "format": "carrom-match/1",
        "players": ["A1+A2", "B1+B2"],
        "toss": {"winner": "B1+B2", "chose": "break"},
        "games": [[award_pair("B1+B2")]],
    }
    state = replay_document(doc)
    assert state["next"]["breaker"] == "A1+A2"


def award_pair(winner: str) -> dict[str, Any]:
    return {"winner": winner, "points": 4, "law": "ICF 53"}
