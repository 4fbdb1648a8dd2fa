"""A game's score recorded by another system (an import, no ICF law): RecordedEntry."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import (
    AwardEntry,
    InvalidDocument,
    RecordedEntry,
    VoidEntry,
    derive_game,
    derive_match,
)
from scoring.rules.presets import ICF

PLAYERS = ("a", "b")


def test_a_level_25_25_is_a_drawn_game_kept_as_recorded() -> None:
    game = derive_game(
        [RecordedEntry((("a", 25), ("b", 25)), "SoL result")], players=PLAYERS, first_breaker="a"
    )
    assert game.scores == {"a": 25, "b": 25}
    assert game.finished and game.draw and game.winner is None
    assert game.boards[0].law == "SoL result" and game.boards[0].scores_after == game.scores


def test_a_one_game_match_with_a_level_record_is_a_draw() -> None:
    one_game = replace(ICF, games_to_win=1)
    match = derive_match(
        [[RecordedEntry((("a", 25), ("b", 25)))]],
        players=PLAYERS,
        toss_winner="a",
        toss_choice="break",
        rules=one_game,
    )
    assert match.finished and match.draw and match.winner is None and match.next is None


def test_a_drawn_first_game_of_three_does_not_end_the_match() -> None:
    match = derive_match(
        [[RecordedEntry((("a", 20), ("b", 20)))]], players=PLAYERS, toss_winner="a"
    )
    assert not match.finished and match.next is not None and match.next.game == 2


def test_the_record_is_the_game_s_only_board() -> None:
    with pytest.raises(InvalidDocument) as err:
        derive_game(
            [AwardEntry("a", 5), RecordedEntry((("a", 25), ("b", 25)))],
            players=PLAYERS,
            first_breaker="a",
        )
    assert err.value.code == "recorded_not_alone" and err.value.where == "boards[1]"
    with pytest.raises(InvalidDocument, match="game has already ended"):
        derive_game(
            [RecordedEntry((("a", 25), ("b", 3))), AwardEntry("b", 5)],
            players=PLAYERS,
            first_breaker="a",
        )
    # a withdrawn (void) record before it does not count
    game = derive_game(
        [VoidEntry("a"), RecordedEntry((("a", 3), ("b", 25)))], players=PLAYERS, first_breaker="a"
    )
    assert game.winner == "b" and game.scores == {"a": 3, "b": 25}


@pytest.mark.parametrize(
    "scores",
    [
        (("a", 25),),
        (("a", 25), ("c", 25)),
        (("a", -1), ("b", 3)),
        (("a", True), ("b", 3)),
        (("a", 2.5), ("b", 3)),
    ],
)
def test_a_bad_record_is_refused(scores) -> None:
    with pytest.raises(InvalidDocument) as err:
        derive_game([RecordedEntry(scores)], players=PLAYERS, first_breaker="a")
    assert err.value.code == "bad_scores"


@given(st.integers(0, 60), st.integers(0, 60))
def test_any_record_is_kept_as_recorded(a: int, b: int) -> None:
    game = derive_game([RecordedEntry((("b", b), ("a", a)))], players=PLAYERS, first_breaker="b")
    assert game.scores == {"a": a, "b": b} and game.finished
    assert game.draw == (a == b)
    assert game.winner == (None if a == b else ("a" if a > b else "b"))
