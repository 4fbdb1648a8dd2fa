"""The pure parts of ``bench/sol_season.py`` (issue 33): comparing a championship's ranking
line by line and a rating's rates player by player with SoL's, and the bench's last line."""

from __future__ import annotations

from bench.sol_season import (
    keyed_lines,
    keyed_rates,
    ranking_problems,
    rate_figures,
    stored_differences,
    summary,
)


def line(players: list[str], total: str, prizes: list[str], skipped: list[str]) -> dict:
    return {"players": players, "total": total, "prizes": prizes, "skipped": skipped}


SOL = [
    line(["g1"], "34", ["18", "16", "0"], ["0"]),
    line(["g2"], "32", ["16", "18", "0"], ["0"]),
    line(["g3"], "32", ["0", "14", "18"], ["0"]),
]


def test_the_same_ranking_agrees_whatever_the_order_of_equal_totals_and_the_notation() -> None:
    ours = [
        line(["g1"], "34.00", ["18", "16", "0"], ["0"]),
        line(["g3"], "32", ["0", "14", "18"], ["0.0"]),
        line(["g2"], "32", ["16", "18", "0"], ["0"]),
    ]
    assert ranking_problems(SOL, ours) == []


def test_a_different_prize_total_or_skip_is_a_problem() -> None:
    prize = [SOL[0], line(["g2"], "32", ["16", "17", "0"], ["0"]), SOL[2]]
    assert ranking_problems(SOL, prize) and "g2" in ranking_problems(SOL, prize)[0]
    skipped = [SOL[0], SOL[1], line(["g3"], "32", ["0", "14", "18"], [])]
    assert ranking_problems(SOL, skipped)
    missing = SOL[:2]
    problems = ranking_problems(SOL, missing)
    assert problems[0] == "3 lines in SoL, 2 here"
    out_of_order = [SOL[1], SOL[0], SOL[2]]
    assert ranking_problems(SOL, out_of_order) == ["our lines are not in order of their totals"]


def test_rates_within_one_point_and_the_largest_difference() -> None:
    sol = {"a": [1500.0, 200, 0.06, 1], "b": [1600.0, 150, 0.06, 2], "c": [1400, 100, 0.06, 1]}
    ours = {"a": [1500.9, 201, 0.06, 1], "b": [1603.5, 150, 0.06, 2], "d": [1450, 300, 0.06, 1]}
    found = rate_figures(sol, ours)
    assert found.players == 4
    assert found.within_1 == 1
    assert round(found.max_diff, 2) == 3.5
    assert len(found.problems) == 3
    assert any("rated by SoL only" in p for p in found.problems)
    assert any("rated by this app only" in p for p in found.problems)


def test_stored_rates_against_sols_recomputation() -> None:
    stored = {"a": [1500, 1, 1, 1], "b": [1600, 1, 1, 1]}
    assert stored_differences(stored, {"a": [1500.001, 1, 1, 1], "b": [1600, 1, 1, 1]}) == 0
    assert stored_differences(stored, {"a": [1501, 1, 1, 1]}) == 2


def test_the_last_line() -> None:
    one = rate_figures({"a": [1500, 1, 1, 1]}, {"a": [1500.4, 1, 1, 1]})
    two = rate_figures({"b": [1500, 1, 1, 1]}, {"b": [1502.25, 1, 1, 1]})
    assert summary(5, 4, 2, [one, two]) == (
        "sol_season: championships=5 ranking_agree=4 ratings=2 players_rated=2 "
        "rate_within_1=1 max_rate_diff=2.25"
    )


def test_sols_players_are_keyed_by_guid_or_by_name_where_the_archive_had_no_guid() -> None:
    # SoL's rows: [guid, name key, rate, deviation, volatility, count]; this app knows one
    # player by his guid and one (an archive without guids) by his name key only
    known = {"g1", "name:zeder|anna|"}
    rows = [
        ["g1", "name:amsel|bea|", 1600.0, 80.0, 0.06, 3],
        ["made-up", "name:zeder|anna|", 1500.0, 90.0, 0.06, 1],
        ["g9", "name:unknown|x|", 1400.0, 99.0, 0.06, 1],
    ]
    assert keyed_rates(rows, known) == {
        "g1": [1600.0, 80.0, 0.06, 3],
        "name:zeder|anna|": [1500.0, 90.0, 0.06, 1],
        "g9": [1400.0, 99.0, 0.06, 1],
    }
    lines = [line([["made-up", "name:zeder|anna|"], ["g1", "name:amsel|bea|"]], "18", ["18"], [])]
    assert keyed_lines(lines, known)[0]["players"] == ["name:zeder|anna|", "g1"]
