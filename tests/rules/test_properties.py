"""Property tests of the board engine (hypothesis): invariants over random boards."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import (
    COLOURS,
    Board,
    BoardLoss,
    Forgo,
    Pieces,
    Position,
    RulesError,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
    apply,
    other,
    parse_event,
    replay,
    replay_document,
)
from scoring.rules.position import QUEEN_STATES

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_stroke(data: st.DataObject, position: Position) -> Stroke:
    by = position.on_turn
    assert by is not None
    white = data.draw(st.integers(0, min(position.on_board.white, 3)))
    black = data.draw(st.integers(0, min(position.on_board.black, 3)))
    if data.draw(st.integers(0, 9)) == 0:  # now and then a big stroke, to reach the end
        white = data.draw(st.integers(0, position.on_board.white))
        black = data.draw(st.integers(0, position.on_board.black))
    queen_free = position.queen == "on_board"
    queen = queen_free and data.draw(st.booleans())
    off_white = data.draw(st.integers(0, min(1, position.on_board.white - white)))
    off_queen = queen_free and not queen and data.draw(st.integers(0, 9)) == 0
    striker = data.draw(st.integers(0, 4)) == 0
    off_striker = not striker and data.draw(st.integers(0, 9)) == 0
    touched = position.break_made or data.draw(st.integers(0, 3)) > 0
    if not touched:
        white = black = off_white = 0
        queen = off_queen = False
    foul = data.draw(
        st.sampled_from([None, None, None, None, "improper_stroke", "break_before_play"])
    )
    return Stroke(
        by=by,
        pocketed=Pieces(white, black, queen, striker),
        off_board=Pieces(off_white, 0, off_queen, off_striker),
        touched=touched,
        foul=foul,
        extra_claimed=data.draw(st.booleans()),
    )


def draw_event(data: st.DataObject, position: Position) -> Any:
    kind = data.draw(st.sampled_from(["stroke"] * 12 + ["tf", "forgo", "loss", "ruling", "void"]))
    colour = data.draw(st.sampled_from(COLOURS))
    if kind == "tf":
        return TechnicalFoul(colour)
    if kind == "forgo":
        return Forgo(colour)
    if kind == "loss" and data.draw(st.integers(0, 3)) == 0:
        return BoardLoss(colour, data.draw(st.sampled_from(["out_of_turn", "left_seat"])))
    if kind == "ruling" and data.draw(st.integers(0, 5)) == 0:
        return UmpireRuling(colour, data.draw(st.integers(1, 12)), "ICF 62")
    if kind == "void" and data.draw(st.integers(0, 9)) == 0:
        return Void()
    return draw_stroke(data, position)


def random_board(data: st.DataObject, length: int = 60) -> tuple[list[Any], list[Position]]:
    """A legal log and the positions after each event (illegal draws are dropped)."""
    scores = data.draw(st.tuples(st.integers(0, 24), st.integers(0, 24)))
    position = Position(scores=Position().scores.set("white", scores[0]).set("black", scores[1]))
    events: list[Any] = []
    positions = [position]
    for _ in range(length):
        if position.finished:
            break
        event = draw_event(data, position)
        try:
            position = apply(position, event)
        except RulesError:
            continue
        events.append(event)
        positions.append(position)
    return events, positions


def check_invariants(position: Position) -> None:
    assert position.queen in QUEEN_STATES
    for colour in COLOURS:
        assert 0 <= position.on_board[colour] <= 9
        assert position.dues[colour] >= 0
    if position.finished:
        assert position.on_turn is None
        assert position.dues.white == position.dues.black == 0
        result = position.result
        assert result is not None
        if not result.void:
            assert result.winner in COLOURS
            assert 1 <= result.points <= 12
        return
    assert position.on_turn in COLOURS
    for colour in COLOURS:
        assert position.on_board[colour] >= 1  # a colour at 0 would have ended the board
        if position.dues[colour]:
            assert position.on_board[colour] == 9  # a due waits only while nothing to pay
    if position.queen.startswith("pending_cover:"):
        assert position.queen_holder == position.on_turn
    if position.queen != "on_board":
        assert position.queen_right[position.queen_holder]
    if not position.break_made:
        assert position.on_board.white == position.on_board.black == 9
        assert position.queen == "on_board"
    assert 0 <= position.break_attempts < 3


@SETTINGS
@given(st.data())
def test_invariants_hold_after_every_event(data: st.DataObject) -> None:
    _, positions = random_board(data)
    for position in positions:
        check_invariants(position)


@SETTINGS
@given(st.data())
def test_pieces_are_conserved_stroke_by_stroke(data: st.DataObject) -> None:
    """Carrommen leave the board only into a pocket and come back only by placing."""
    events, positions = random_board(data)
    for event, before, after in zip(events, positions[:-1], positions[1:], strict=True):
        if not isinstance(event, Stroke) or after.finished:
            continue
        for colour in COLOURS:
            expected = before.on_board[colour] - event.pocketed[colour] + after.to_place[colour]
            assert after.on_board[colour] == expected
        if event.pocketed.queen and after.queen == "on_board":
            assert before.queen == "on_board"


@SETTINGS
@given(st.data())
def test_replay_equals_applying_one_by_one_and_json_round_trip(data: st.DataObject) -> None:
    events, positions = random_board(data)
    start = positions[0]
    assert replay(events, start=start) == positions[-1]
    as_json = json.loads(json.dumps([e.to_dict() for e in events]))
    assert [parse_event(e) for e in as_json] == events
    assert replay(as_json, start=start) == positions[-1]
    document = {
        "format": "carrom-board/1",
        "scores": start.scores.to_dict(),
        "events": as_json,
    }
    assert replay_document(document) == positions[-1].to_state()


@SETTINGS
@given(st.data())
def test_a_finished_board_has_one_winner_within_the_limits(data: st.DataObject) -> None:
    _, positions = random_board(data, length=120)
    last = positions[-1]
    if last.finished and not last.result.void:
        assert last.result.winner in COLOURS
        assert 1 <= last.result.points <= 12
        loser = other(last.result.winner)
        assert loser in COLOURS


@SETTINGS
@given(st.data())
def test_a_rejected_event_leaves_the_board_unchanged(data: st.DataObject) -> None:
    board = Board()
    for _ in range(40):
        before = board.position
        stack = list(board.event_stack)
        colour = data.draw(st.sampled_from(COLOURS))
        event = Stroke(
            colour,
            Pieces(
                data.draw(st.integers(0, 9)),
                data.draw(st.integers(0, 9)),
                data.draw(st.booleans()),
                data.draw(st.booleans()),
            ),
            touched=data.draw(st.booleans()),
        )
        try:
            board.push(event)
        except RulesError:
            assert board.position is before and board.event_stack == stack
        if board.position.finished:
            break


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.sampled_from(
        ["white", "black", "stroke", "queen", "on_board", "carrom-board/1", "icf", "A", "B"]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "by",
                    "pocketed",
                    "white",
                    "black",
                    "queen",
                    "striker",
                    "format",
                    "events",
                    "start",
                    "on_board",
                    "foul",
                    "touched",
                    "players",
                    "boards",
                    "winner",
                    "points",
                    "games",
                    "log",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@settings(max_examples=500, deadline=None)
@given(JSON, st.sampled_from(["carrom-board/1", "carrom-game/1", "carrom-match/1", None]))
def test_no_input_makes_the_engine_raise_anything_but_its_own_errors(
    document: Any, fmt: str | None
) -> None:
    if isinstance(document, dict) and fmt is not None:
        document = dict(document, format=fmt)
    with contextlib.suppress(RulesError):
        replay_document(document)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(
                    ["stroke", "technical_foul", "forgo", "board_loss", "void"]
                ),
                "by": st.sampled_from(["white", "black"]),
            },
            optional={
                "pocketed": st.fixed_dictionaries(
                    {},
                    optional={
                        "white": st.integers(-1, 10),
                        "black": st.integers(0, 10),
                        "queen": st.booleans(),
                        "striker": st.booleans(),
                    },
                ),
                "foul": st.sampled_from([None, "improper_stroke", "break_before_play", "elbow"]),
                "touched": st.booleans(),
                "extra_claimed": st.booleans(),
            },
        ),
        max_size=30,
    )
)
def test_random_event_lists_only_raise_typed_errors(events: list[dict[str, Any]]) -> None:
    try:
        replay(events)
    except RulesError as err:
        assert err.code and err.where is not None
