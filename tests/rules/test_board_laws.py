"""The laws of a board, one test or table per law, beyond the rulebook's scenarios.

Strokes are written in the engine's notation (``"W: 2w q"``: white pockets two white and the
queen; ``s`` striker, ``foul``, ``bbp`` break before Play, ``nt`` touched nothing, ``claim``).
"""

from __future__ import annotations

import pytest

from scoring.rules import (
    Board,
    IllegalEvent,
    PerColour,
    Position,
    apply,
    from_notation,
    get_rules,
    replay,
)

ICF = get_rules("icf")


def pos(
    white: int = 9,
    black: int = 9,
    queen: str = "on_board",
    on_turn: str = "white",
    dues: tuple[int, int] = (0, 0),
    right: tuple[bool, bool] | None = None,
    scores: tuple[int, int] = (0, 0),
    break_made: bool = True,
) -> Position:
    if right is None:
        right = (white < 9 or "white" in queen, black < 9 or "black" in queen)
    return Position(
        on_board=PerColour(white, black),
        queen=queen,
        dues=PerColour(*dues),
        queen_right=PerColour(*right),
        on_turn=on_turn,
        break_made=break_made,
        scores=PerColour(*scores),
    )


def play(start: Position, *strokes: str, rules=ICF) -> Position:
    return replay([from_notation(s) for s in strokes], rules, start)


def summary(position: Position) -> tuple:
    return (
        position.on_board.white,
        position.on_board.black,
        position.queen,
        position.dues.white,
        position.dues.black,
        position.on_turn,
    )


# --- break (ICF 44, 45, 47) -------------------------------------------------------------------


def test_three_failed_attempts_pass_the_break_and_back() -> None:
    board = Board()
    for _ in range(3):
        board.push(from_notation("W: nt"))
    assert board.position.on_turn == "black" and not board.position.break_made
    for _ in range(3):
        board.push(from_notation("B: nt"))
    assert board.position.on_turn == "white"
    assert board.position.break_attempts == 0
    board.push(from_notation("W:"))
    assert board.position.break_made and board.position.on_turn == "black"


def test_black_breaking_after_whites_failures_keeps_black() -> None:
    """45(b): the opponent breaks with the same colours; own is still black."""
    after = play(Position(), "W: nt", "W: nt", "W: nt", "B: 2b")
    assert summary(after) == (9, 7, "on_board", 0, 0, "black")
    assert after.queen_right.black and not after.queen_right.white


def test_break_before_play_untouched_is_45c() -> None:
    after = play(Position(), "W: nt bbp")
    assert summary(after) == (9, 9, "on_board", 0, 0, "black")
    assert not after.break_made


def test_untouched_stroke_cannot_pocket() -> None:
    with pytest.raises(IllegalEvent) as err:
        play(Position(), "W: nt w")
    assert err.value.code == "untouched_but_moved"


def test_improper_break_that_touches_is_a_made_break_with_a_foul() -> None:
    after = play(Position(), "W: foul")
    assert after.break_made
    assert summary(after) == (9, 9, "on_board", 1, 0, "black")


def test_break_before_play_with_black_pocketed_keeps_black_down() -> None:
    after = play(Position(), "W: 2w b q bbp")
    assert summary(after) == (9, 8, "on_board", 1, 0, "black")


# --- turn (ICF 48), dues and penalties (72-91) ------------------------------------------------


@pytest.mark.parametrize(
    ("stroke", "expected"),
    [
        ("W:", (7, 9, "on_board", 0, 0, "black")),  # 48: nothing
        ("W: w", (6, 9, "on_board", 0, 0, "white")),  # 48: own
        ("W: b", (7, 8, "on_board", 0, 0, "black")),  # 48: only opponent's
        ("W: 2w 3b", (5, 6, "on_board", 0, 0, "white")),  # own and opponent's
        ("W: s", (8, 9, "on_board", 0, 0, "black")),  # 72(a)
        ("W: w s", (8, 9, "on_board", 0, 0, "white")),  # 73
        ("W: b s", (8, 8, "on_board", 0, 0, "black")),  # 74
        ("W: w b s", (8, 8, "on_board", 0, 0, "white")),  # 75
        ("W: b foul", (8, 8, "on_board", 0, 0, "black")),  # 76
        ("W: 2w foul", (8, 9, "on_board", 0, 0, "black")),  # 77(a)
        ("W: w s foul", (9, 9, "on_board", 0, 0, "black")),  # 77(b), ruling 7: two
        ("W: s foul", (9, 9, "on_board", 0, 0, "black")),  # ruling 7: striker in foul costs 2
        ("W: off:b", (7, 9, "on_board", 0, 0, "black")),  # 65
        ("W: w off:s", (6, 9, "on_board", 0, 0, "white")),  # IT 81
        ("W: off:q", (7, 9, "on_board", 0, 0, "black")),  # 65: the queen too
    ],
)
def test_turn_and_dues_table(stroke: str, expected: tuple) -> None:
    assert summary(play(pos(7, 9), stroke)) == expected


def test_striker_in_foul_with_one_pocketed_leaves_one_outstanding() -> None:
    """Ruling 7: two to pay, only one in the pocket: one placed, one outstanding."""
    after = play(pos(8, 9), "W: s foul")
    assert summary(after) == (9, 9, "on_board", 1, 0, "black")


def test_outstanding_due_is_paid_by_the_opponents_stroke() -> None:
    """72(b), 78(a): whoever pockets the carromman, the due is paid after the stroke."""
    start = pos(9, 7, dues=(1, 0), on_turn="black", right=(False, True))
    after = play(start, "B: w")
    # black pocketed a white: it is taken out at once to pay white's due; black's turn ends
    assert summary(after) == (9, 7, "on_board", 0, 0, "white")
    assert after.to_place.white == 1


def test_dues_are_not_set_off() -> None:
    """89(a): both sides may owe at once."""
    after = play(pos(9, 9, dues=(1, 0), on_turn="black"), "B: s", "W: s")
    assert after.dues == PerColour(2, 1)


def test_several_dues_are_paid_as_they_become_available() -> None:
    """83: pay what is available now, the rest later."""
    start = pos(9, 9, dues=(2, 0))
    after = play(start, "W: w")
    assert summary(after) == (9, 9, "on_board", 1, 0, "white")
    after = play(after, "W: 2w")
    assert summary(after) == (8, 9, "on_board", 0, 0, "white")


def test_queen_right_is_kept_when_all_nine_come_back() -> None:
    """95(c): pocket one, lose it to a due: the right stays."""
    after = play(pos(9, 9), "W: w", "W: s", "B:", "W: q")
    assert after.queen == "pending_cover:white"


def test_queen_right_is_not_earned_by_opponents_pocketing() -> None:
    after = play(pos(9, 9, on_turn="black", right=(False, False)), "B: w", "W: q")
    assert after.queen == "on_board" and after.on_turn == "black"


def test_queen_right_earned_in_a_foul_stroke() -> None:
    after = play(pos(8, 9, right=(False, False)), "W: w foul", "B:", "W: q")
    assert after.queen == "pending_cover:white"


# --- technical fouls and forgo (ICF 63, 87) ---------------------------------------------------


def test_technical_foul_before_break_is_outstanding_and_keeps_attempts() -> None:
    after = play(Position(), "W: nt", "W: tf")
    assert after.dues.white == 1 and after.break_attempts == 1 and after.on_turn == "white"


def test_forgo_gives_up_the_returned_carrommen() -> None:
    """87: black forgoes placing white's carromman and due: they stay in the pocket."""
    after = play(pos(7, 9), "W: w s", "B: forgo")
    assert summary(after) == (6, 9, "on_board", 0, 0, "white")


def test_forgo_with_only_an_outstanding_due_is_an_error() -> None:
    """Rulebook engine details (X15): an outstanding due alone is nothing to place."""
    after = play(pos(9, 9, right=(False, False)), "W: s")
    assert after.dues.white == 1
    with pytest.raises(IllegalEvent) as err:
        play(pos(9, 9, right=(False, False)), "W: s", "B: forgo")
    assert err.value.code == "nothing_to_forgo"


def test_forgo_of_placed_carrommen_also_cancels_outstanding_dues() -> None:
    """ICF 87: a forgo gives up the carrommen waiting to be placed and the outstanding dues."""
    after = play(pos(7, 9), "W: w w s", "B: forgo")
    assert after.dues.white == 0
    assert after.to_place.white == 0


def test_forgo_with_nothing_to_place_is_an_error() -> None:
    with pytest.raises(IllegalEvent) as err:
        play(pos(7, 9), "W:", "B: forgo")
    assert err.value.code == "nothing_to_forgo"


def test_forgo_applies_only_to_the_last_events_pieces() -> None:
    with pytest.raises(IllegalEvent):
        play(pos(7, 9), "W: w s", "W:", "B: forgo")


# --- the queen (ICF 92-101) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "stroke", "expected"),
    [
        (pos(6, 9), "W: q", (6, 9, "pending_cover:white", 0, 0, "white")),
        (pos(6, 9), "W: q w", (5, 9, "covered:white", 0, 0, "white")),
        (pos(6, 9), "W: q b", (6, 8, "pending_cover:white", 0, 0, "white")),
        (pos(9, 9, right=(False, False)), "W: q w", (8, 9, "pending_cover:white", 0, 0, "white")),
        (pos(9, 9, right=(False, False)), "W: q 2w", (7, 9, "covered:white", 0, 0, "white")),
        (pos(9, 9, right=(True, False)), "W: q w", (8, 9, "pending_cover:white", 0, 0, "white")),
        (pos(9, 8, right=(False, True)), "W: q b", (9, 7, "on_board", 0, 0, "black")),
        (pos(9, 9, right=(True, False)), "W: q s", (9, 9, "on_board", 1, 0, "black")),  # 95(d)
        (pos(6, 9, dues=(0, 0)), "W: q s", (7, 9, "on_board", 0, 0, "white")),  # 99(a)
        (pos(6, 9), "W: q 2w s", (7, 9, "on_board", 0, 0, "white")),  # 98(a)
        (pos(6, 9), "W: q 2w s foul", (8, 9, "on_board", 0, 0, "black")),  # 98(b)
        (pos(6, 9), "W: q b foul", (7, 8, "on_board", 0, 0, "black")),  # 64(b)
    ],
)
def test_queen_table(start: Position, stroke: str, expected: tuple) -> None:
    assert summary(play(start, stroke)) == expected


def test_queen_while_due_outstanding_with_own_goes_back() -> None:
    """95(b) read literally: even with an own carromman the queen goes back, turn lost; the
    own carromman pays the due."""
    after = play(pos(9, 9, dues=(1, 0), right=(True, False)), "W: q w")
    assert summary(after) == (9, 9, "on_board", 0, 0, "black")


def test_cover_by_improper_stroke_fails() -> None:
    after = play(pos(6, 9), "W: q", "W: w foul")
    assert summary(after) == (7, 9, "on_board", 0, 0, "black")


def test_cover_with_only_opponents_carromman_fails() -> None:
    after = play(pos(6, 9), "W: q", "W: 2b")
    assert summary(after) == (6, 7, "on_board", 0, 0, "black")


def test_cover_attempt_with_striker_and_own_extends_once_more() -> None:
    after = play(pos(6, 9), "W: q", "W: w s", "W: w s", "W: w")
    assert after.queen == "covered:white"


def test_the_queen_is_placed_back_not_forgone() -> None:
    with pytest.raises(IllegalEvent):
        play(pos(6, 9, right=(False, False)), "W: q", "B: forgo")


# --- illegal input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "strokes", "code"),
    [
        (pos(7, 9), ["B:"], "not_on_turn"),
        (pos(2, 9), ["W: 3w"], "more_than_on_board"),
        (pos(2, 9), ["W: 2w off:w"], "more_than_on_board"),
        (pos(6, 9, queen="covered:white"), ["W: q"], "queen_not_on_board"),
        (pos(6, 9), ["W: q off:q"], "queen_twice"),
        (pos(6, 9), ["W: q", "W: q w"], "queen_not_on_board"),
        (pos(6, 9), ["W: s off:s"], "striker_twice"),
        (pos(1, 4, queen="covered:white"), ["W: w", "B:"], "board_finished"),
        (pos(1, 4, queen="covered:white"), ["W: w", "W: tf"], "board_finished"),
        (pos(6, 9), ["void", "ruling W 3"], "board_void"),
    ],
)
def test_illegal_events(start: Position, strokes: list[str], code: str) -> None:
    with pytest.raises(IllegalEvent) as err:
        play(start, *strokes)
    assert err.value.code == code


def test_rejected_event_changes_nothing() -> None:
    board = Board(start=pos(2, 9))
    before = board.position
    with pytest.raises(IllegalEvent):
        board.push(from_notation("W: 3w"))
    assert board.position is before and board.event_stack == []


def test_error_carries_the_event_index() -> None:
    with pytest.raises(IllegalEvent) as err:
        play(pos(7, 9), "W: w", "W:", "W: w")
    assert err.value.where == "2"


# --- end of board (ICF 52-55, 102-112, rulings 11 and 12) ------------------------------------


def result(position: Position) -> tuple:
    r = position.result
    assert r is not None
    return (r.winner, r.points, r.law, r.interpretation)


@pytest.mark.parametrize(
    ("start", "stroke", "expected"),
    [
        # 102: covering with both last; receiver P at 22 gets 1
        (
            pos(1, 1, "pending_cover:white", scores=(22, 0)),
            "W: w b",
            ("white", 1, "ICF 102", False),
        ),
        (
            pos(1, 1, "pending_cover:white", scores=(0, 23)),
            "W: w b foul claim",
            ("black", 2, "ICF 102", False),
        ),
        # 103 improper, claimed; receiver at 22: own carrommen only (+1)
        (
            pos(4, 1, "pending_cover:white", scores=(0, 22)),
            "W: b foul claim",
            ("black", 5, "ICF 103", False),
        ),
        # 103 still applies when the cover stroke also pockets own (not last) carrommen
        (pos(4, 1, "pending_cover:white"), "W: 2w b", ("black", 5, "ICF 103", False)),
        # 104 improper claimed
        (pos(1, 1), "W: q w b foul claim", ("black", 4, "ICF 104", False)),
        # 105 improper, claimed, receiver >= 22
        (pos(1, 1, scores=(0, 22)), "W: w b foul claim", ("black", 2, "ICF 105", False)),
        # 106 improper claimed
        (pos(3, 1), "W: b foul claim", ("black", 7, "ICF 106", False)),
        # 106 improper not claimed: no extra
        (pos(3, 1), "W: b foul", ("black", 6, "ICF 106", False)),
        # 108 improper: +2 if demanded
        (pos(1, 6), "W: w s foul claim", ("black", 5, "ICF 108", False)),
        (pos(1, 6), "W: w s", ("black", 3, "ICF 108", False)),
        # 109 improper claimed; receiver >= 22: 1 + 2
        (pos(1, 1, scores=(0, 24)), "W: q w b s foul claim", ("black", 3, "ICF 109", False)),
        # 110 improper claimed
        (pos(1, 1, "covered:white"), "W: w b s foul claim", ("black", 3, "ICF 110", False)),
        # 111 proper unclaimed
        (pos(5, 1), "W: b s", ("black", 8, "ICF 111", False)),
        # 112 literally 3 even at 22+, +2 improper
        (
            pos(1, 1, "covered:black", scores=(0, 23)),
            "W: w b s foul claim",
            ("black", 5, "ICF 112", False),
        ),
        # ruling 11: covered by P, both last, proper: P by the queen's value
        (pos(1, 1, "covered:white"), "W: w b", ("white", 3, "ICF 102", True)),
        (pos(1, 1, "covered:white", scores=(22, 0)), "W: w b", ("white", 1, "ICF 102", True)),
        # improper version: mirror of 102(b), +1 if demanded
        (pos(1, 1, "covered:white"), "W: w b foul claim", ("black", 4, "ICF 102", True)),
        # covered by O, both last, proper: O by 3 (mirror of 112)
        (pos(1, 1, "covered:black"), "W: w b", ("black", 3, "ICF 112", True)),
        (pos(1, 1, "covered:black"), "W: w b foul claim", ("black", 4, "ICF 112", True)),
        # untabulated: both last + striker, queen on board -> as 108
        (pos(1, 1), "W: w b s claim", ("black", 4, "ICF 108", True)),
        # same while covering -> as 109
        (pos(1, 1, "pending_cover:white"), "W: w b s", ("black", 3, "ICF 109", True)),
        # opponent's last + striker while covering -> as 111
        (pos(3, 1, "pending_cover:white"), "W: b s claim", ("black", 7, "ICF 111", True)),
        # queen + opponent's last -> as 103/106
        (pos(4, 1), "W: q b", ("black", 7, "ICF 106", True)),
        # opponent's last, queen covered by P: O gets P's carrommen only, no extras
        (pos(3, 1, "covered:white"), "W: b s claim", ("black", 3, "ICF 52", True)),
        # opponent's last, queen covered by O who has 22: carrommen only
        (pos(3, 1, "covered:black", scores=(0, 22)), "W: b", ("black", 3, "ICF 52", True)),
        # normal win, the queen covered by the winner in the same stroke as his last
        (pos(1, 5, "pending_cover:white"), "W: w", ("white", 8, "ICF 53", False)),
        # own last after the opponent covered: carrommen only
        (pos(2, 3, "covered:black"), "W: 2w", ("white", 3, "ICF 53", False)),
        # 12 maximum with claims
        (
            pos(9, 1, scores=(0, 0), right=(False, True)),
            "W: b s foul claim",
            ("black", 12, "ICF 111", False),
        ),
    ],
)
def test_end_of_board_table(start: Position, stroke: str, expected: tuple) -> None:
    after = play(start, stroke)
    assert after.finished and after.on_turn is None
    assert after.dues == PerColour(0, 0)
    assert result(after) == expected


@pytest.mark.parametrize(
    ("start", "stroke", "expected"),
    [
        # queen + own last + striker: not a board end (98(a))
        (pos(1, 5), "W: q w s", (2, 5, "on_board", 0, 0, "white")),
        # queen + own last by a foul stroke: 64(b)
        (pos(1, 5), "W: q w foul", (2, 5, "on_board", 0, 0, "black")),
        # own last with the queen covered, by a foul: 77(a)
        (pos(1, 5, "covered:white"), "W: w foul", (2, 5, "covered:white", 0, 0, "black")),
        # cover stroke: own last + striker: 101(a), carrommen + due back, cover again
        (pos(1, 5, "pending_cover:white"), "W: w s", (2, 5, "pending_cover:white", 0, 0, "white")),
    ],
)
def test_not_a_board_end(start: Position, stroke: str, expected: tuple) -> None:
    after = play(start, stroke)
    assert not after.finished
    assert summary(after) == expected


def test_extra_points_not_claimed_are_reported_as_claimable() -> None:
    board = Board(start=pos(1, 6))
    step = board.push(from_notation("W: w s"))
    note = step.notes[0]
    assert note.code == "board_won" and note.params["claimable"] == 1
    assert board.position.result.points == 3


@pytest.mark.parametrize(
    ("reason", "law"),
    [
        ("out_of_turn", "ICF 51"),
        ("left_seat", "ICF 91"),
        ("resumed_before_play", "IT 86"),
        ("other", "IT 90(b)"),
    ],
)
def test_board_loss_laws(reason: str, law: str) -> None:
    after = play(pos(4, 5), f"B: loss:{reason}")
    assert result(after) == ("white", 8, law, False)


def test_board_loss_queen_pending_does_not_count_and_receiver_22() -> None:
    assert result(play(pos(4, 5, "pending_cover:white"), "B: loss:left_seat"))[1] == 5
    assert result(play(pos(4, 5, scores=(22, 0)), "B: loss:left_seat"))[1] == 5


def test_board_loss_capped_at_12() -> None:
    assert result(play(Position(), "B: loss:other"))[1] == 12


def test_umpire_ruling_overrides_after_the_end() -> None:
    after = play(pos(1, 6), "W: w", "ruling W 2 ICF 62")
    assert result(after) == ("white", 2, "ICF 62", False)
    assert after.result.by_umpire


def test_umpire_ruling_points_bounded() -> None:
    with pytest.raises(IllegalEvent):
        play(pos(1, 6), "ruling W 13")


def test_void_board() -> None:
    after = play(pos(4, 5), "W: w", "void")
    assert after.finished and after.result.void
    assert after.to_state()["result"] == {"void": True}


def test_dues_written_off_and_state_shape() -> None:
    after = play(pos(1, 9, "covered:white", dues=(0, 2), right=(True, False)), "W: w")
    state = after.to_state()
    assert state["dues"] == {"white": 0, "black": 0}
    assert state["on_turn"] is None and state["finished"] is True
    assert set(state) == {
        "format",
        "on_board",
        "queen",
        "dues",
        "queen_right",
        "on_turn",
        "break_made",
        "break_attempts",
        "finished",
        "result",
    }


# --- presets ---------------------------------------------------------------------------------


def test_queen_5_values() -> None:
    q5 = get_rules("queen-5")
    assert result(play(pos(1, 9, "covered:white"), "W: w", rules=q5)) == (
        "white",
        14,
        "ICF 53",
        False,
    )
    # no 22-point rule
    assert result(play(pos(1, 2, "covered:white", scores=(23, 0)), "W: w", rules=q5))[1] == 7
    # special cases award 5
    assert result(play(pos(1, 6), "W: w", rules=q5)) == ("black", 5, "ICF 107", False)


def test_dcv_is_icf_with_its_own_name() -> None:
    dcv = get_rules("dcv")
    assert dcv.name != ICF.name
    fields = {
        f for f in ICF.__dataclass_fields__ if f not in ("key", "name", "name_de", "differences")
    }
    assert all(getattr(dcv, f) == getattr(ICF, f) for f in fields)


def test_every_preset_documents_its_differences() -> None:
    from scoring.rules import RULESETS

    assert set(RULESETS) == {"icf", "dcv", "family-21", "queen-5", "point-carrom", "uk-29"}
    for rules in RULESETS.values():
        assert rules.differences and rules.name and rules.name_de


def test_apply_is_pure() -> None:
    start = pos(7, 9)
    copy = start._replace()
    apply(start, from_notation("W: w s"))
    assert start == copy
