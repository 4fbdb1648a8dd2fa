"""Statistics from stroke logs (scoring.stats): pure, no database."""

from __future__ import annotations

from scoring.stats import SideStats, analyse_board


def s(by: str, foul: str | None = None, **pocketed) -> dict:
    event = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    if foul:
        event["foul"] = foul
    return event


WHITE_SLAM = [s("white", white=3, queen=True), s("white", white=6)]


def test_white_slam_is_a_break_to_finish():
    board = analyse_board(WHITE_SLAM)
    assert board.finished and board.winner == "white" and board.points == 12
    assert board.law == "ICF 53"
    assert board.white_slam and board.break_to_finish and not board.black_slam
    assert board.colours["white"].queen_pocketed == 1
    assert board.colours["white"].queen_covered == 1
    assert board.colours["white"].strokes == 2


def test_black_slam_in_black_s_first_turn():
    log = [
        s("white", white=1),
        s("white"),  # white's turn ends
        s("black", black=4, queen=True),
        s("black", black=5),
    ]
    board = analyse_board(log)
    assert board.winner == "black" and board.points == 8 + 3
    assert board.black_slam and not board.white_slam and not board.break_to_finish


def test_no_black_slam_when_black_needs_two_turns():
    log = [s("white"), s("black", black=4, queen=True), s("black"), s("white"), s("black", black=5)]
    board = analyse_board(log)
    assert board.winner == "black"
    assert not board.black_slam


def test_breaker_winning_after_the_opponent_played_is_no_break_to_finish():
    log = [s("white", white=2, queen=True), s("white"), s("black"), s("white", white=7)]
    board = analyse_board(log)
    assert board.winner == "white"
    assert not board.break_to_finish and not board.white_slam


def test_dues_fouls_and_the_queen_that_went_back():
    log = [
        s("white", white=2),
        s("white", striker=True),  # a due (ICF 72)
        s("black", black=1),
        s("black", black=1, foul="improper_stroke"),  # a foul (ICF 64)
        {"type": "technical_foul", "by": "white"},  # ICF 63(b): not on turn
        s("white", queen=True),  # pocketed, cover due
        s("white"),  # cover failed: the queen goes back
    ]
    board = analyse_board(log)
    white, black = board.colours["white"], board.colours["black"]
    assert white.dues == 1 and white.fouls == 1 and white.technical_fouls == 1
    assert black.fouls == 1 and black.dues == 0
    assert white.queen_pocketed == 1 and white.queen_covered == 0
    assert not board.finished
    codes = [n.code for step in board.steps for n in step.notes]
    assert "striker_pocketed" in codes and "foul" in codes and "queen_back" in codes


def test_the_22_point_rule_is_applied_from_the_scores_before_the_board():
    board = analyse_board(WHITE_SLAM, scores=(22, 3))
    assert board.points == 9  # no queen at 22 or more (ICF 54)


def test_side_statistics_add_up_boards_and_rates():
    stats = SideStats()
    slam = analyse_board(WHITE_SLAM)
    stats.add_board(won=True, points=12)
    stats.add_log(slam, "white", reference="board 1")
    lost = analyse_board([s("white"), s("black", black=4, queen=True), s("black", black=5)])
    stats.add_board(won=False, points=lost.points)
    stats.add_log(lost, "white")
    assert stats.boards == 2 and stats.boards_won == 1
    assert stats.points_for == 12 and stats.points_against == 12
    assert stats.points_per_board == 6
    assert stats.breaks == 2 and stats.breaks_to_finish == 1 and stats.white_slams == 1
    assert stats.queen_conversion == 1.0
    assert stats.slam_boards == [("white", "board 1")]
    data = stats.as_dict()
    assert data["points_per_board"] == 6.0 and data["white_slams"] == 1
    assert data["dues_per_board"] == 0.0


def test_empty_statistics_have_no_rates():
    data = SideStats().as_dict()
    assert data["points_per_board"] is None and data["queen_conversion"] is None
