"""A tie's result from its rubbers (scoring.draws.ties): every built-in format, stop when
decided, walkovers of a rubber and of the whole tie; the lineup rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draws.ties import (
    BUILT_IN,
    PlayerRule,
    RubberKind,
    TieFormat,
    TieFormatError,
    check_lineup,
    format_from_data,
    players_needed,
    tie_result,
)
from scoring.draws.types import MatchResult

A, B = 11, 22
SDS, FOUR_ONE = BUILT_IN["sds"], BUILT_IN["4s1d"]


def won(
    winner: int,
    games: tuple[int, int] = (2, 0),
    points: tuple[int, int] = (25, 10),
    walkover: bool = False,
) -> MatchResult:
    """A rubber won by ``winner``; games and points given as (winner's, loser's)."""
    if winner == A:
        return MatchResult(A, B, A, games[0], games[1], points[0], points[1], walkover)
    return MatchResult(A, B, B, games[1], games[0], points[1], points[0], walkover)


#: one rubber's possible states: not decided, won by a or b (played or walkover), drawn
#: (a time limit), a double walkover
RUBBER = st.one_of(
    st.none(),
    st.builds(
        lambda w, g, p, wo: won(w, (2, g), (p, 0) if wo else (25 + p, p), wo),
        st.sampled_from([A, B]),
        st.integers(0, 1),
        st.integers(0, 24),
        st.booleans(),
    ),
    st.builds(
        lambda g, p: MatchResult(A, B, None, g, g, p, p, draw=True),
        st.integers(0, 1),
        st.integers(0, 30),
    ),
    st.just(MatchResult(A, B, None, walkover=True)),
)


def rubbers_for(fmt: TieFormat) -> st.SearchStrategy[list[MatchResult | None]]:
    n = len(fmt.rubbers)
    return st.lists(RUBBER, min_size=n, max_size=n)


def flipped(result: MatchResult | None) -> MatchResult | None:
    """The same rubber with the sides named the other way round."""
    if result is None:
        return None
    return MatchResult(
        result.b,
        result.a,
        result.winner,
        result.games_b,
        result.games_a,
        result.points_b,
        result.points_a,
        result.walkover,
        result.draw,
    )


@pytest.mark.parametrize("key", sorted(BUILT_IN))
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_tie_result_invariants(key: str, data: st.DataObject) -> None:
    fmt = BUILT_IN[key]
    rubbers = data.draw(rubbers_for(fmt))
    result = tie_result(fmt, A, B, rubbers)
    decided = [r for r in rubbers if r is not None]
    wins_a = sum(1 for r in decided if r.winner == A)
    wins_b = sum(1 for r in decided if r.winner == B)
    assert (result.rubbers_a, result.rubbers_b) == (wins_a, wins_b)
    assert result.games_a == sum(r.games_a for r in decided)
    assert result.points_b == sum(r.points_b for r in decided)
    remaining = len(rubbers) - len(decided)
    if fmt.stop_when_decided:
        clinched = wins_a > wins_b + remaining or wins_b > wins_a + remaining
        assert result.decided == (clinched or remaining == 0)
        if clinched:
            assert result.winner == (A if wins_a > wins_b else B)
            assert result.not_needed == tuple(i for i, r in enumerate(rubbers) if r is None)
    else:
        # all played: decided only when every rubber is
        assert result.decided == (remaining == 0)
        assert result.not_needed == ()
    if result.decided and result.winner is not None:
        mine, theirs = (
            (result.rubbers_a, result.rubbers_b)
            if result.winner == A
            else (result.rubbers_b, result.rubbers_a)
        )
        assert mine >= theirs
    if not result.decided:
        assert result.winner is None and result.as_match_result() is None
    # naming the sides the other way round names the same winner
    other = tie_result(fmt, B, A, [flipped(r) for r in rubbers])
    assert (other.winner, other.decided) == (result.winner, result.decided)
    assert (other.rubbers_a, other.rubbers_b) == (result.rubbers_b, result.rubbers_a)


@pytest.mark.parametrize("key", sorted(BUILT_IN))
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_decided_tie_stays_decided_as_rubbers_come_in(key: str, data: st.DataObject) -> None:
    """Results arrive rubber by rubber (in any order): once decided with a winner, later
    rubbers never take the tie from it in a stop-when-decided format."""
    fmt = BUILT_IN[key]
    final = data.draw(rubbers_for(fmt).filter(lambda rs: all(r is not None for r in rs)))
    order = data.draw(st.permutations(range(len(final))))
    known: list[MatchResult | None] = [None] * len(final)
    first = None
    for index in order:
        known[index] = final[index]
        result = tie_result(fmt, A, B, known)
        if result.decided and first is None:
            first = result
        if first is not None and fmt.stop_when_decided and first.winner is not None:
            assert result.winner == first.winner
    assert first is not None and tie_result(fmt, A, B, final).decided


def test_sds_stops_when_decided() -> None:
    result = tie_result(SDS, A, B, [won(A), won(A), None])
    assert result.decided and result.winner == A and result.winner_side == "a"
    assert (result.rubbers_a, result.rubbers_b) == (2, 0)
    assert result.not_needed == (2,)
    match = result.as_match_result()
    assert match is not None and match.winner == A and (match.games_a, match.games_b) == (2, 0)


def test_sds_goes_to_the_third_rubber() -> None:
    assert not tie_result(SDS, A, B, [won(A), won(B), None]).decided
    result = tie_result(SDS, A, B, [won(A), won(B), won(B, (2, 1))])
    assert result.winner == B and (result.rubbers_a, result.rubbers_b) == (1, 2)
    assert (result.games_a, result.games_b) == (3, 4)


def test_four_and_one_is_played_out() -> None:
    result = tie_result(FOUR_ONE, A, B, [won(A), won(A), won(A), None, None])
    assert not result.decided and result.winner is None
    result = tie_result(FOUR_ONE, A, B, [won(A), won(A), won(A), won(B), won(B)])
    assert result.decided and result.winner == A and (result.rubbers_a, result.rubbers_b) == (3, 2)


def test_walkover_of_a_rubber_counts_for_the_present_side() -> None:
    result = tie_result(SDS, A, B, [won(B, (2, 0), (0, 0), walkover=True), won(A), won(A)])
    assert result.winner == A and (result.rubbers_a, result.rubbers_b) == (2, 1)


def test_level_rubbers_go_to_games_then_points_else_drawn() -> None:
    double = MatchResult(A, B, None, walkover=True)
    result = tie_result(SDS, A, B, [won(A, (2, 1)), won(B, (2, 0)), double])
    assert result.decided and result.winner == B  # rubbers 1-1, games 2-3
    result = tie_result(SDS, A, B, [won(A, (2, 0), (30, 5)), won(B, (2, 0), (25, 5)), double])
    assert result.winner == A  # games 2-2, points 35-30
    result = tie_result(SDS, A, B, [won(A, (2, 0), (25, 5)), won(B, (2, 0), (25, 5)), double])
    assert result.decided and result.drawn and result.winner is None
    assert result.as_match_result() is not None and result.as_match_result().draw


@pytest.mark.parametrize("key", sorted(BUILT_IN))
def test_walkover_of_the_whole_tie(key: str) -> None:
    fmt = BUILT_IN[key]
    nothing = [None] * len(fmt.rubbers)
    result = tie_result(fmt, A, B, nothing, walkover="b")
    needed = fmt.to_win if fmt.stop_when_decided else len(fmt.rubbers)
    assert result.decided and result.walkover and result.winner == B
    assert (result.rubbers_a, result.rubbers_b) == (0, needed)
    assert result.games_b == 2 * needed
    assert len(result.not_needed) == len(fmt.rubbers) - needed
    both = tie_result(fmt, A, B, nothing, walkover="both")
    assert both.decided and both.winner is None and not both.drawn
    assert both.as_match_result() is not None and both.as_match_result().walkover


def test_wrong_number_of_rubbers_is_refused() -> None:
    with pytest.raises(TieFormatError):
        tie_result(SDS, A, B, [None, None])


# --- formats as data ---------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(BUILT_IN))
def test_built_in_formats_survive_their_data(key: str) -> None:
    fmt = BUILT_IN[key]
    assert format_from_data(fmt.data()) == fmt


def test_built_in_codes() -> None:
    assert SDS.code == "S-D-S" and SDS.stop_when_decided and SDS.to_win == 2
    assert FOUR_ONE.code == "S-S-S-S-D" and not FOUR_ONE.stop_when_decided
    assert players_needed(SDS) == 2 and players_needed(FOUR_ONE) == 4
    one_rubber = format_from_data({**SDS.data(), "player_rule": "one_rubber"})
    assert players_needed(one_rubber) == 4


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"rubbers": []}, "tie_format_no_rubbers"),
        ({"rubbers": [{"kind": "singles"}] * 10}, "tie_format_too_many"),
        ({"rubbers": [{"kind": "triples"}]}, "tie_format_kind"),
        ({"rubbers": [{"kind": "singles", "games_to_win": 3}]}, "tie_format_number"),
        ({"rubbers": [{"kind": "singles"}], "player_rule": "any"}, "tie_format_rule"),
        ({"rubbers": [{"kind": "singles"}], "win": 1, "draw": 1}, "tie_format_points"),
        (
            {
                "rubbers": [{"kind": "singles"}] * 5 + [{"kind": "doubles"}] * 2,
                "player_rule": "one_rubber",
            },
            "tie_format_players",
        ),
    ],
)
def test_bad_formats_are_refused(data: dict[str, object], code: str) -> None:
    with pytest.raises(TieFormatError) as caught:
        format_from_data(data)
    assert caught.value.code == code


# --- lineups -----------------------------------------------------------------------------

TEAM = [1, 2, 3, 4, 5]


def test_good_lineups_pass() -> None:
    assert check_lineup(SDS, TEAM, [[1], [2, 3], [4]]) == []
    assert check_lineup(FOUR_ONE, TEAM, [[1], [2], [3], [4], [1, 2]]) == []


def codes(fmt: TieFormat, lineup: list[list[int]]) -> list[tuple[str, int, int | None]]:
    return [(p.code, p.rubber, p.player) for p in check_lineup(fmt, TEAM, lineup)]


def test_lineup_rules_are_checked() -> None:
    one_rubber = format_from_data({**SDS.data(), "player_rule": "one_rubber"})
    assert codes(one_rubber, [[1], [1, 2], [3]]) == [("lineup_one_rubber", 2, 1)]
    assert codes(SDS, [[1], [1, 2], [2]]) == []
    assert codes(SDS, [[1], [1, 2], [1]]) == [("lineup_two_singles", 3, 1)]
    assert codes(FOUR_ONE, [[1], [1], [3], [4], [1, 2]]) == [("lineup_two_singles", 2, 1)]
    assert codes(SDS, [[1], [2, 2], [3]]) == [("lineup_pair_same", 2, 2)]
    assert codes(SDS, [[9], [2, 3], [4]]) == [("lineup_not_in_team", 1, 9)]
    assert codes(SDS, [[1, 5], [2, 3], [4]]) == [("lineup_singles_count", 1, None)]
    assert codes(SDS, [[1], [2], [4]]) == [("lineup_doubles_count", 2, None)]
    assert codes(SDS, [[1], [2, 3]]) == [("lineup_rubbers", 0, None)]
    two_doubles = format_from_data({"rubbers": [{"kind": "doubles"}, {"kind": "doubles"}]})
    assert two_doubles.player_rule is PlayerRule.ONE_EACH
    assert codes(two_doubles, [[1, 2], [2, 3]]) == [("lineup_two_doubles", 2, 2)]
    assert two_doubles.rubbers[0].kind is RubberKind.DOUBLES


def test_team_table_ranks_by_tie_points_then_differences() -> None:
    from scoring.draws.ties import team_table

    c = 33
    results = [
        tie_result(SDS, A, B, [won(A), won(A), None]),  # A beats B 2:0
        tie_result(
            SDS,
            B,
            c,
            [
                MatchResult(B, c, B, 2, 0, 25, 0),
                MatchResult(B, c, c, 0, 2, 0, 25),
                MatchResult(B, c, B, 2, 1, 40, 30),
            ],
        ),  # B beats C 2:1
        tie_result(SDS, A, c, [None, None, None]),  # not decided: not counted
    ]
    table = team_table(SDS, [A, B, c], results)
    assert [row.entry for row in table] == [A, B, c]
    first, second, third = table
    assert (first.tie_points, first.rubbers_won, first.rubbers_lost) == (2, 2, 0)
    assert (second.won, second.lost, second.tie_points) == (1, 1, 2)
    assert second.decided_by == "rubber_difference" and second.rank == 2
    assert third.tie_points == 0 and third.decided_by == "tie_points"
    level = team_table(SDS, [A, B], [])
    assert [r.rank for r in level] == [1, 1] and level[1].decided_by == ""
