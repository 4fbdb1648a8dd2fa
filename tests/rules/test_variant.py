"""One Variant interface over the colour game and point carrom (scoring.rules.variant)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import (
    RULESETS,
    BoardLoss,
    BoardOutcome,
    ColourGame,
    GameOutcome,
    IllegalEvent,
    InvalidDocument,
    InvalidEvent,
    PlayedEntry,
    PointCarrom,
    SheetKind,
    Termination,
    TossKind,
    VariantBoard,
    derive_game,
    from_notation,
    parse_event,
    variant_for,
)

from .test_point_carrom import PLAYERS, _draw_stroke


def test_variant_for_every_preset() -> None:
    for key, rules in RULESETS.items():
        variant = variant_for(key)
        assert variant == variant_for(rules)
        assert variant.seats == rules.players
        if rules.family == "points":
            assert isinstance(variant, PointCarrom)
            assert (variant.has_colours, variant.sheet_kind, variant.toss) == (
                False,
                SheetKind.POINTS,
                TossKind.LOT,
            )
            assert not variant.quick_entry
            assert variant.board_total == 32
        else:
            assert isinstance(variant, ColourGame)
            assert (variant.has_colours, variant.sheet_kind, variant.toss) == (
                True,
                SheetKind.COLOURS,
                TossKind.BREAK_OR_SIDE,
            )
            assert variant.quick_entry
            assert variant.board_total == rules.board_max
    assert variant_for(None).key == "icf"


def test_colour_game_outcome_names_players_not_colours() -> None:
    variant = variant_for("icf")
    board = variant.start(("b", "a"), scores={"b": 4, "a": 10})
    assert board.position.scores == (4, 10)
    assert board.on_turn == "b"  # the breaker plays white
    events = ["W: 2w", "W: q w", "W: 6w"]
    board, notes = variant.replay(board, [from_notation(e) for e in events])
    outcome = board.outcome
    assert outcome.finished and outcome.decided
    assert outcome.winner == "b"
    assert outcome.points == {"b": 12, "a": 0}
    assert outcome.credited == 12
    assert outcome.queen_by == "b"
    assert outcome.termination is Termination.CARROMMEN
    assert outcome.law == "ICF 53"
    assert outcome.carrommen_left == 9
    assert notes[-1].code == "board_won"
    assert board.on_turn is None


def test_colour_game_board_loss_and_void() -> None:
    variant = variant_for("icf")
    board = variant.start(("a", "b"))
    lost, _ = variant.apply(board, parse_event({"type": "board_loss", "by": "white"}))
    assert lost.outcome.termination is Termination.BOARD_LOSS
    assert (lost.outcome.winner, lost.outcome.lost_by) == ("b", "a")
    assert json.loads(json.dumps(lost.outcome.to_dict())) == {
        "finished": True,
        "points": {"a": 0, "b": 12},
        "winner": "b",
        "credited": 12,
        "queen": "on_board",
        "queen_by": None,
        "termination": "board_loss",
        "law": "IT 90(b)",
        "interpretation": False,
        "extra_points": 0,
        "lost_by": "a",
        "carrommen_left": 9,
        "pieces": None,
        "void": False,
    }
    void, _ = variant.apply(board, parse_event({"type": "void"}))
    assert void.outcome.void and not void.outcome.decided
    assert void.outcome.points == {"a": 0, "b": 0}
    assert void.outcome.winner is None


def test_point_carrom_same_shape() -> None:
    variant = variant_for("point-carrom")
    board = variant.start(("c", "a", "b"), scores={"c": 20})
    events = [
        {"type": "stroke", "by": "c", "pocketed": {"black": 1}},
        {"type": "stroke", "by": "c", "pocketed": {"white": 1, "queen": True}},
    ]
    board, notes = variant.replay(board, events)
    outcome = board.outcome
    assert isinstance(outcome, BoardOutcome)
    assert outcome.finished  # 20 + 1 + 2 + 5 reaches 25 mid-board (seed 003)
    assert outcome.termination is Termination.GAME_POINTS and outcome.interpretation
    assert outcome.points == {"c": 8, "a": 0, "b": 0}
    assert (outcome.winner, outcome.credited, outcome.queen_by) == ("c", 8, "c")
    assert outcome.pieces is not None and outcome.pieces["c"] == (1, 1)
    assert board.to_state()["format"] == "carrom-point-board-state/1"
    assert notes[-1].code == "game_points_reached"


def test_point_carrom_tie_at_top_has_no_top_scorer() -> None:
    variant = variant_for("point-carrom")
    board = variant.start(("a", "b", "c"))
    board, _ = variant.replay(
        board,
        [
            {"type": "stroke", "by": "a", "pocketed": {"black": 1}},
            {"type": "stroke", "by": "a"},
            {"type": "stroke", "by": "b", "pocketed": {"black": 1}},
            {"type": "umpire_ruling", "points": {"a": 1, "b": 1}},
        ],
    )
    assert board.outcome.termination is Termination.UMPIRE_RULING
    assert board.outcome.winner is None and board.outcome.credited == 0


def test_strikers_and_players() -> None:
    colour, point = variant_for("icf"), variant_for("point-carrom")
    assert colour.strikers(("a", "b")) == ("white", "black")
    assert point.strikers(("a", "b", "c")) == ("a", "b", "c")
    assert colour.player_of(("a", "b"), "black") == "b"
    with pytest.raises(InvalidDocument):
        point.player_of(("a", "b", "c"), "d")
    with pytest.raises(InvalidDocument):
        colour.start(("a", "b", "c"))


def test_replay_locates_the_bad_event() -> None:
    variant = variant_for("point-carrom")
    board = variant.start(("a", "b", "c"))
    with pytest.raises(IllegalEvent) as err:
        variant.replay(board, [{"type": "stroke", "by": "a"}, {"type": "stroke", "by": "c"}])
    assert err.value.where == "1"


def test_an_event_of_the_other_variant_is_refused() -> None:
    colour, point = variant_for("icf"), variant_for("point-carrom")
    with pytest.raises(InvalidEvent) as err:
        colour.apply(colour.start(("a", "b")), point.parse_event({"type": "stroke", "by": "a"}))
    assert err.value.code == "wrong_variant"
    with pytest.raises(InvalidEvent):
        point.apply(point.start(("a", "b", "c")), parse_event({"type": "forgo", "by": "white"}))
    # the events both games share are accepted by both
    void, _ = point.apply(point.start(("a", "b", "c")), parse_event({"type": "void"}))
    assert void.outcome.void


# --- hypothesis: the one result shape keeps point carrom's 32 points --------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["none", "loss", "void"]))
def test_point_outcome_conserves_the_board(data: st.DataObject, ending: str) -> None:
    variant = variant_for("point-carrom")
    rules = variant.rules
    board = variant.start(PLAYERS)
    for _ in range(data.draw(st.integers(0, 80))):
        if board.finished:
            break
        board, _ = variant.apply(board, _draw_stroke(data, board.position))
    if not board.finished and ending != "none":
        event = (
            BoardLoss(data.draw(st.sampled_from(PLAYERS)))
            if ending == "loss"
            else parse_event({"type": "void"})
        )
        board, _ = variant.apply(board, event)
    outcome, position = board.outcome, board.position
    total = sum(outcome.points.values()) + position.board_value(rules)
    if outcome.termination is Termination.BOARD_LOSS:
        assert outcome.lost_by is not None and outcome.points[outcome.lost_by] == 0
        total += position.held_points(outcome.lost_by, rules)
    if outcome.void:
        assert set(outcome.points.values()) == {0} and outcome.winner is None
    else:
        assert total == variant.board_total == 32
    best = max(outcome.points.values())
    leaders = [p for p, v in outcome.points.items() if v == best]
    if outcome.finished and best > 0 and len(leaders) == 1:
        assert (outcome.winner, outcome.credited) == (leaders[0], best)
    else:
        assert (outcome.winner, outcome.credited) == (None, 0)


def test_seating_and_the_board_document_of_either_variant() -> None:
    from scoring.rules import replay_document
    from scoring.rules.interchange import board_document

    colour, point = variant_for("queen-5"), variant_for("point-carrom")
    assert colour.seating(("a", "b"), "b") == ("b", "a")
    assert point.seating(("a", "b", "c"), "b") == ("b", "c", "a")
    assert point.seating(("a", "b", "c"), None) == ("a", "b", "c")
    assert (colour.paper_sheets, colour.time_limit) == (True, True)
    assert (point.paper_sheets, point.time_limit) == (False, False)

    players = colour.seating(("a", "b"), "b")
    events = [from_notation(e) for e in ("W: 2w", "W: q w", "W:")]
    board, _ = colour.replay(colour.start(players, scores={"a": 5, "b": 9}), events)
    document = board_document(colour, players, events, scores={"a": 5, "b": 9})
    assert document["scores"] == {"white": 9, "black": 5} and document["rules"] == "queen-5"
    assert replay_document(document) == board.to_state()

    players = point.seating(("a", "b", "c"), "c")
    payloads = [
        {"type": "stroke", "by": "c", "pocketed": {"black": 2}},
        {"type": "stroke", "by": "c", "pocketed": {"white": 1, "queen": True}},
    ]
    board, _ = point.replay(point.start(players, scores={"a": 3}), payloads)
    document = board_document(
        point, players, [point.parse_event(p) for p in payloads], scores={"a": 3}
    )
    assert document["players"] == ["c", "a", "b"]
    assert document["scores"] == {"c": 0, "a": 3, "b": 0}
    assert replay_document(document) == board.to_state()


def test_game_of_board_outcomes_for_either_variant() -> None:
    colour = variant_for("icf")
    sides = ("a", "b")
    logs = [("W: 2w", "W: q w", "W: 6w"), ("W: void",), ("B: loss:other",)]
    outcomes, entries, breaker = [], [], "a"
    for log in logs:
        events = tuple(
            parse_event({"type": "void"}) if e == "W: void" else from_notation(e) for e in log
        )
        board, _ = colour.replay(colour.start(colour.seating(sides, breaker)), events)
        outcomes.append(board.outcome)
        entries.append(PlayedEntry(events, breaker))
        if not board.outcome.void:
            breaker = "b" if breaker == "a" else "a"
    game = colour.game(sides, outcomes, first_breaker="a")
    expected = derive_game(entries, players=sides, first_breaker="a")
    assert isinstance(game, GameOutcome)
    assert game.scores == expected.scores == {"a": 12, "b": 12}
    assert (game.boards_played, game.next_breaker) == (2, expected.next_breaker)

    point = variant_for("point-carrom")
    players = ("a", "b", "c")
    board, _ = point.replay(
        point.start(players, scores={"a": 20}),
        [
            {"type": "stroke", "by": "a", "pocketed": {"black": 1}},
            {"type": "stroke", "by": "a", "pocketed": {"white": 1, "queen": True}},
        ],
    )
    first, _ = point.replay(
        point.start(players), [{"type": "umpire_ruling", "points": {"a": 20, "b": 3}}]
    )
    game = point.game(players, [first.outcome, board.outcome], first_breaker="a")
    assert game.finished and game.winner == "a"
    assert game.scores == {"a": 25, "b": 3, "c": 0}  # recorded capped at 25
    assert game.next_breaker is None and game.boards_played == 2


@pytest.mark.parametrize(
    "rules, sides, events",
    [
        (
            "icf",
            ("a", "b"),
            [
                {"type": "stroke", "by": "white", "pocketed": {"white": 1}},
                {"type": "stroke", "by": "white"},
                {"type": "stroke", "by": "black", "pocketed": {"black": 1}},
            ],
        ),
        (
            "point-carrom",
            ("a", "b", "c"),
            [
                {"type": "stroke", "by": "b", "pocketed": {"white": 1}},
                {"type": "stroke", "by": "b"},
                {"type": "stroke", "by": "c", "pocketed": {"black": 1}},
            ],
        ),
    ],
)
def test_walk_is_the_replay_of_either_variant(rules, sides, events) -> None:
    """Variant.walk (the one replay loop, issue 36) ends where ``replay`` ends, from the
    opening seated from the breaker (ICF 43) with the game scores; ``brief`` leaves only the
    colour game's earlier stroke notes out (point carrom always explains)."""
    variant = variant_for(rules)
    breaker = sides[1]
    opening = variant.opening(sides, breaker, {breaker: 5})
    assert opening == variant.start(variant.seating(sides, breaker), scores={breaker: 5}).position
    walked = list(variant.walk(opening, events))
    played = variant.replay(VariantBoard(variant, variant.seating(sides, breaker), opening), events)
    assert walked[-1].after == played.board.position and walked[-1].notes == played.notes
    assert [w.before for w in walked[1:]] == [w.after for w in walked[:-1]]
    brief = list(variant.walk(opening, events, brief=True))
    assert [w.after for w in brief] == [w.after for w in walked]
    assert [w.explained for w in brief] == [not variant.brief_notes] * 2 + [True]
    not_on_turn = {"type": "stroke", "by": events[0]["by"]}  # the turn stayed with the third's
    with pytest.raises(IllegalEvent) as err:
        list(variant.walk(opening, [*events, not_on_turn]))
    assert err.value.where == "3"
