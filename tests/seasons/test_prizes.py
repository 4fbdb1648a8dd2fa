"""Prizes and the championship ranking (scoring.seasons, pure): the values SoL 5.26 gave when
run on generated tourneys, and invariants by hypothesis."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.seasons import METHODS, Placed, championship_ranking, prize

# what SoL 5.26 assigned (Tourney.assignPrizes), place by place, observed by running it
SOL = {
    ("asis", 5): ["5", "4", "3", "2", "1"],
    ("fixed", 5): ["18", "16", "14", "13", "12"],
    ("fixed", 20): [
        "18",
        "16",
        "14",
        "13",
        "12",
        "11",
        "10",
        "9",
        "8",
        "7",
        "6",
        "5",
        "4",
        "3",
        "2",
        "1",
        "0",
        "0",
        "0",
        "0",
    ],
    ("fixed40", 45): [
        "1000",
        "900",
        "800",
        "750",
        "700",
        "650",
        "600",
        "550",
        "500",
        "450",
        "400",
        "375",
        "350",
        "325",
        "300",
        "275",
        "250",
        "225",
        "200",
        "175",
        "150",
        "140",
        "130",
        "120",
        "110",
        "100",
        "90",
        "80",
        "70",
        "60",
        "50",
        "40",
        "35",
        "30",
        "25",
        "20",
        "15",
        "10",
        "5",
        "1",
        "0",
        "0",
        "0",
        "0",
        "0",
    ],
    ("millesimal", 4): ["1000", "750", "500", "250"],
    ("millesimal", 17): [
        "1000",
        "942",
        "884",
        "826",
        "768",
        "710",
        "652",
        "594",
        "536",
        "478",
        "420",
        "362",
        "304",
        "246",
        "188",
        "130",
        "72",
    ],
    ("millesimal", 45): [str(1000 - 22 * i) for i in range(45)],
    ("centesimal", 4): ["100", "67", "34", "1"],
    ("centesimal", 5): ["100", "75.25", "50.5", "25.75", "1"],
    ("centesimal", 8): ["100", "85.85", "71.70", "57.57", "43.42", "29.28", "15.14", "1"],
    ("centesimal", 17): [
        "100",
        "93.81",
        "87.62",
        "81.43",
        "75.25",
        "69.06",
        "62.88",
        "56.68",
        "50.5",
        "44.31",
        "38.11",
        "31.94",
        "25.75",
        "19.55",
        "13.38",
        "7.19",
        "1",
    ],
}


@pytest.mark.parametrize(("method", "field"), list(SOL))
def test_prizes_as_sol_assigns_them(method: str, field: int) -> None:
    got = [prize(method, place, field) for place in range(1, field + 1)]
    assert got == [Decimal(v) for v in SOL[method, field]]


@pytest.mark.parametrize("method", ["nope", ""])
def test_unknown_method_is_refused(method: str) -> None:
    with pytest.raises(ValueError):
        prize(method, 1, 4)


def test_place_outside_the_field_is_refused() -> None:
    with pytest.raises(ValueError):
        prize("fixed", 5, 4)
    with pytest.raises(ValueError):
        prize("fixed", 0, 4)


@given(st.sampled_from(METHODS), st.integers(1, 120))
def test_prizes_never_rise_down_the_field(method: str, field: int) -> None:
    values = [prize(method, place, field) for place in range(1, field + 1)]
    assert all(a >= b for a, b in zip(values, values[1:], strict=False))
    assert all(v >= 0 for v in values)
    assert (
        values[0]
        == {"asis": field, "fixed": 18, "fixed40": 1000, "millesimal": 1000, "centesimal": 100}[
            method
        ]
    )


def test_shared_places_earn_the_best_place_of_the_range() -> None:
    lines = championship_ranking(
        "fixed", [[Placed("a", 1), Placed("b", 2), Placed("c", 3, 4), Placed("d", 3, 4)]]
    )
    assert {line.competitor: line.total for line in lines} == {"a": 18, "b": 16, "c": 14, "d": 14}
    assert [line.rank for line in lines] == [1, 2, 3, 3]


def test_worst_prize_skipped_and_absence_counts_as_the_worst() -> None:
    t1 = [Placed("a", 1), Placed("b", 2)]
    t2 = [Placed("b", 1), Placed("a", 2)]
    t3 = [Placed("a", 1)]
    lines = championship_ranking("fixed", [t1, t2, t3], skip=1)
    by = {line.competitor: line for line in lines}
    assert by["a"].prizes == (18, 16, 18) and by["a"].skipped == (False, True, False)
    assert by["a"].total == 36
    assert by["b"].prizes == (16, 18, None) and by["b"].skipped == (False, False, True)
    assert by["b"].total == 34
    assert [line.competitor for line in lines] == ["a", "b"]


competitors = st.sampled_from(["p1", "p2", "p3", "p4", "p5", "p6"])
tournament = st.lists(competitors, unique=True, min_size=1, max_size=6).map(
    lambda names: [Placed(n, i + 1) for i, n in enumerate(names)]
)


@given(st.sampled_from(METHODS), st.lists(tournament, min_size=1, max_size=6), st.integers(0, 7))
def test_ranking_invariants(method: str, tournaments: list[list[Placed]], skip: int) -> None:
    lines = championship_ranking(method, tournaments, skip=skip)
    # everybody who played is ranked once, by total, ties sharing the rank
    assert sorted(line.competitor for line in lines) == sorted(
        {p.competitor for t in tournaments for p in t}
    )
    totals = [line.total for line in lines]
    assert totals == sorted(totals, reverse=True)
    for i, line in enumerate(lines):
        assert line.rank == 1 + sum(t > line.total for t in totals)
        assert len(line.prizes) == len(line.skipped) == len(tournaments)
        # SoL 5.26: the worst ``skip`` prizes skipped only for who played more than ``skip``
        # tournaments, each no better than one counted; at least one always counts
        played = sum(p is not None for p in line.prizes)
        assert sum(line.skipped) == (skip if played > skip else 0)
        kept = [p or 0 for p, s in zip(line.prizes, line.skipped, strict=True) if not s]
        dropped = [p or 0 for p, s in zip(line.prizes, line.skipped, strict=True) if s]
        assert not dropped or max(dropped) <= min(kept)
        assert line.total == sum(kept)
        assert i == 0 or lines[i - 1].rank <= line.rank
    # skipping more never raises the total of who played more than ``skip`` tournaments
    if skip:
        fewer = {
            x.competitor: x.total for x in championship_ranking(method, tournaments, skip=skip - 1)
        }
        assert all(
            line.total <= fewer[line.competitor]
            for line in lines
            if sum(p is not None for p in line.prizes) > skip
        )


def test_who_played_no_more_than_skip_keeps_every_prize() -> None:
    """SoL 5.26 (seen by running it): with the worst 2 skipped, a player of 2 tournaments out
    of 3 keeps both prizes; one of all 3 loses the worst 2 (his missed ones first)."""
    t1 = [Placed("a", 1), Placed("b", 2)]
    t2 = [Placed("b", 1), Placed("a", 2), Placed("c", 3)]
    t3 = [Placed("c", 1), Placed("b", 2)]
    by = {line.competitor: line for line in championship_ranking("fixed", [t1, t2, t3], skip=2)}
    assert by["a"].skipped == (False, False, False) and by["a"].total == 34
    assert by["b"].skipped == (True, False, True) and by["b"].total == 18
    assert by["c"].skipped == (False, False, False) and by["c"].total == 32
