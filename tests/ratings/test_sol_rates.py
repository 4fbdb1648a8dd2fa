"""New players' initial rates as SoL 5.26 sets them (scoring.ratings.period, pure).

The figures below were observed by running SoL 5.26 itself (``Rating.recompute(scratch=True)``
over tiny crafted tourneys, lower and higher points 1300 / 1900, default 1500 / 350 / 0.06,
tau 0.5); SoL stores rates and deviations as whole numbers (truncated), so each of ours must
lie within one point of SoL's. Nothing of SoL's code is used."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.ratings import FLOOR, Parameters, Played, Rate, rate_period, regressed_rates

SOL = Parameters(lower_rate=1300, higher_rate=1900)


def _played(rows: list[tuple[str, str, int, int]]) -> list[Played]:
    return [Played((a,), (b,), pa, pb, "a" if pa > pb else "b") for a, b, pa, pb in rows]


def _places(ranking: str) -> dict[str, int]:
    return {name: place for place, name in enumerate(ranking, 1)}


def _season(
    tourneys: list[tuple[str, list[tuple[str, str, int, int]]]], params: Parameters
) -> list[dict[str, Rate]]:
    """Each tourney one rating period, the rates carried from one to the next."""
    current: dict[str, Rate] = {}
    after = []
    for ranking, rows in tourneys:
        rated = rate_period(current, _played(rows), params, _places(ranking))
        current.update({key: r.carried for key, r in rated.items()})
        after.append({key: r.rate for key, r in rated.items()})
    return after


def _within_one(ours: dict[str, Rate], sol: dict[str, tuple[int, int]]) -> None:
    assert set(ours) == set(sol)
    for key, (rate, deviation) in sol.items():
        assert ours[key].rate == pytest.approx(rate, abs=1), key
        assert ours[key].deviation == pytest.approx(deviation, abs=1), key


#: Two tourneys: four new players, then two new ones (E, F) join the four rated ones.
FIRST = ("BCDA", [("A", "B", 4, 25), ("C", "D", 25, 24), ("B", "C", 25, 3), ("D", "A", 25, 14)])
SECOND = (
    "FCDBEA",
    [
        ("B", "C", 12, 25),
        ("D", "E", 25, 3),
        ("F", "A", 25, 12),
        ("D", "C", 24, 25),
        ("F", "B", 25, 22),
        ("A", "E", 23, 25),
        ("C", "F", 18, 25),
        ("D", "A", 25, 10),
        ("E", "B", 0, 25),
    ],
)


def test_new_players_joining_rated_ones_start_on_the_rated_players_regression() -> None:
    """SoL: with two or more rated players in the tourney, a new player starts from the
    least-squares line of their rates over their places, read at his place (not from the
    lower/higher points)."""
    after = _season([FIRST, SECOND], SOL)
    _within_one(after[0], {"A": (1327, 281), "B": (1949, 281), "C": (1598, 261), "D": (1534, 261)})
    _within_one(
        after[1],
        {
            "A": (1385, 214),
            "B": (1833, 219),
            "C": (1680, 198),
            "D": (1601, 192),
            "E": (1368, 228),
            "F": (1742, 231),
        },
    )
    second = rate_period(after[0], _played(SECOND[1]), SOL, _places(SECOND[0]))
    # rated C 2nd, D 3rd, B 4th, A 6th (1598.87, 1534.57, 1949.46, 1327.63): F 1st and E 5th
    assert second["F"].initial.rate == 1751 and second["E"].initial.rate == 1534
    assert second["C"].initial == after[0]["C"]


def test_one_rated_player_leaves_new_players_on_the_lower_higher_line() -> None:
    """SoL: with fewer than two rated players, the new players start from the straight line
    of the lower and higher points over the whole field (the rated player's place counts)."""
    after = _season(
        [
            ("AB", [("A", "B", 25, 19)]),
            (
                "CAED",
                [("A", "C", 11, 25), ("D", "E", 23, 25), ("C", "E", 25, 16), ("D", "A", 14, 25)],
            ),
        ],
        SOL,
    )
    _within_one(after[0], {"A": (1759, 326), "B": (1440, 326)})
    _within_one(after[1], {"A": (1687, 261), "C": (1857, 267), "D": (1414, 274), "E": (1514, 271)})


def test_a_new_players_start_is_a_whole_number() -> None:
    """SoL starts a new player from his interpolated rate as a whole number, rounded half up
    (ten players: the line's step is 66.67; M, 8th, starts from 1433, not 1433.33; the
    rounding's halves: tests/ratings/test_sol_archive_rules.py)."""
    rows = [
        ("A", "B", 25, 18), ("D", "E", 15, 25), ("F", "G", 25, 6), ("H", "J", 15, 25),
        ("M", "N", 20, 25), ("F", "E", 1, 25), ("J", "A", 25, 10), ("N", "B", 23, 25),
        ("M", "D", 25, 1), ("H", "G", 4, 25), ("E", "J", 25, 12), ("F", "A", 25, 21),
        ("N", "G", 5, 25), ("B", "M", 25, 21), ("H", "D", 14, 25),
    ]  # fmt: skip
    standard = Parameters(lower_rate=1300, higher_rate=1900, outcome="standard")
    rated = rate_period({}, _played(rows), standard, _places("EFJGBANMDH"))
    assert rated["M"].initial.rate == 1433 and rated["F"].initial.rate == 1833
    sol = {
        "A": (1563, 236), "B": (1659, 232), "D": (1340, 242), "E": (2112, 244),
        "F": (1876, 234), "G": (1726, 242), "H": (1115, 251), "J": (1786, 245),
        "M": (1367, 231), "N": (1446, 232),
    }  # fmt: skip
    _within_one({key: r.rate for key, r in rated.items()}, sol)


def test_regression_of_the_rated_players() -> None:
    got = regressed_rates({"c": (2, 1598), "d": (3, 1534), "b": (4, 1949), "a": (6, 1327)},
                          {"f": 1, "e": 5})  # fmt: skip
    assert got["f"] == pytest.approx(1750.97, abs=0.01)
    assert got["e"] == pytest.approx(1534.29, abs=0.01)
    # rated players all on one place: their mean
    assert regressed_rates({"x": (2, 1400), "y": (2, 1600)}, {"n": 5}) == {"n": 1500}


@given(
    st.floats(1000, 2500),
    st.floats(-200, 200),
    st.lists(st.integers(1, 40), min_size=2, max_size=12, unique=True),
    st.integers(1, 40),
)
def test_rated_players_on_a_line_put_a_new_player_on_it(
    base: float, slope: float, places: list[int], new_place: int
) -> None:
    rated = {i: (place, base + slope * place) for i, place in enumerate(places)}
    got = regressed_rates(rated, {"new": new_place})["new"]
    assert got == pytest.approx(base + slope * new_place, abs=1e-6)


def test_two_tourneys_of_one_day_are_two_periods_one_after_the_other() -> None:
    """SoL rates two tourneys of the same day one after the other (a rating period is a
    tourney, not a day): A and B play both; E and F join two rated players in the second."""
    after = _season(
        [
            (
                "DCBA",
                [("A", "B", 10, 25), ("C", "D", 12, 25), ("B", "D", 2, 25), ("C", "A", 25, 3)],
            ),
            ("BEFA", [("A", "B", 1, 25), ("E", "F", 25, 6), ("B", "E", 25, 13), ("F", "A", 25, 7)]),
        ],
        SOL,
    )
    last = {**after[0], **after[1]}
    _within_one(
        last,
        {
            "A": (1180, 218),
            "B": (1547, 218),
            "C": (1721, 271),
            "D": (1926, 271),
            "E": (1444, 246),
            "F": (1338, 246),
        },
    )


def test_a_player_absent_from_tourneys_keeps_his_deviation() -> None:
    """SoL does not widen a deviation with the time a player stays away: A and B miss the
    second tourney, held 200 days after the first, and come back 200 days after it from the
    deviation they left with (261; widened by the time away, 233 could not follow). One
    Glicko-2 step 6 per missed tourney would be too small to tell here (261 → 261.2)."""
    after = _season(
        [
            (
                "CBAD",
                [("A", "B", 14, 25), ("C", "D", 25, 8), ("C", "B", 25, 21), ("A", "D", 25, 16)],
            ),
            ("CD", [("C", "D", 25, 19)]),
            ("AB", [("B", "A", 17, 25)]),
        ],
        SOL,
    )
    assert set(after[1]) == {"C", "D"} and set(after[2]) == {"A", "B"}
    _within_one(after[0], {"A": (1491, 261), "B": (1725, 261), "C": (1810, 281), "D": (1369, 281)})
    _within_one(after[1], {"C": (1722, 261), "D": (1457, 261)})
    _within_one(after[2], {"A": (1572, 233), "B": (1645, 233)})


def test_a_rate_below_800_is_raised_to_800() -> None:
    """SoL 5.26 leaves no player below 800 after a tourney (the players of "PSC national
    Ranking (new)" in SoL's 2018 archive; here a rating whose range, 300 to 1100, starts four
    of six players below it): B, D, E and F computed at 449 to 706 are stored as 800, with the
    deviation Glicko-2 gave them; the starts are not raised (A and C, rated against them,
    agree only with the players started where the range puts them)."""
    rows = [
        ("A", "B", 25, 7), ("C", "D", 25, 18), ("E", "F", 25, 17), ("A", "E", 25, 4),
        ("C", "F", 25, 11), ("D", "B", 25, 19), ("A", "C", 25, 15), ("D", "E", 25, 20),
        ("F", "B", 25, 18),
    ]  # fmt: skip
    low = Parameters(rate=500, lower_rate=300, higher_rate=1100)
    rated = rate_period({}, _played(rows), low, _places("ACDEFB"))
    assert rated["B"].initial.rate == 300 and rated["D"].initial.rate == 780
    sol = {
        "A": (1044, 268), "B": (800, 268), "C": (890, 245),
        "D": (800, 245), "E": (800, 245), "F": (800, 245),
    }  # fmt: skip
    _within_one({key: r.rate for key, r in rated.items()}, sol)
    assert rated["B"].rate.rate == FLOOR == 800
    assert rated["B"].computed is not None and rated["B"].computed.rate < 500
    # read back from the stored rates: a second tourney starts B from 800
    again = rate_period({"B": rated["B"].rate, "D": rated["D"].rate}, _played([rows[5]]), low)
    assert again["B"].initial.rate == 800


#: Two tourneys of a rating whose range, 300 to 1100, starts players below the floor: SoL 5.26
#: (``recompute(scratch=True)``, default rate 500) stores B, C, D and F at 800 after the first.
BELOW_FIRST = (
    "AEFCDB",
    [
        ("A", "B", 25, 4), ("C", "D", 25, 18), ("E", "F", 25, 24), ("A", "C", 25, 2),
        ("E", "D", 25, 8), ("F", "B", 25, 3), ("A", "E", 25, 15), ("F", "C", 25, 24),
        ("D", "B", 25, 14),
    ],
)  # fmt: skip
BELOW_SECOND = (
    "DABFEC",
    [
        ("A", "E", 25, 1), ("B", "C", 25, 2), ("D", "F", 25, 2), ("A", "B", 25, 11),
        ("D", "C", 25, 5), ("F", "E", 25, 23), ("D", "A", 25, 21), ("B", "F", 25, 9),
        ("E", "C", 25, 8),
    ],
)  # fmt: skip


def test_a_recomputation_carries_the_rate_below_the_floor() -> None:
    """SoL's recomputation stores a rate below 800 as 800 but starts the next tourney from
    the rate Glicko-2 computed (``Rated.carried``): B (320 computed), who beats C 25-2 and F
    25-9 in the second tourney, is still stored at 800 by SoL, and A, who beats B 25-11, drops
    to 973. Carrying the floor instead puts B at 922 and A at 1056 (its 2018 archive: "PSC U18
    (Mmp)" 98 of 98 players within a point so, 54 of 98 carrying the floor)."""
    low = Parameters(rate=500, lower_rate=300, higher_rate=1100)
    after = _season([BELOW_FIRST, BELOW_SECOND], low)
    _within_one(
        after[0],
        {
            "A": (1084, 268), "B": (800, 268), "C": (800, 245),
            "D": (800, 245), "E": (888, 245), "F": (800, 245),
        },
    )  # fmt: skip
    _within_one(
        after[1],
        {
            "A": (973, 223), "B": (800, 224), "C": (800, 188),
            "D": (800, 195), "E": (826, 185), "F": (800, 192),
        },
    )  # fmt: skip
    first = rate_period({}, _played(BELOW_FIRST[1]), low, _places(BELOW_FIRST[0]))
    floored = {key: r.rate for key, r in first.items()}
    second = rate_period(floored, _played(BELOW_SECOND[1]), low, _places(BELOW_SECOND[0]))
    assert second["B"].rate.rate > 900 and second["A"].rate.rate > 1050  # not SoL's figures


def test_no_ceiling_above() -> None:
    """Nor does SoL cap a rate from above: a rating whose range is 2600 to 3400 (SoL: C 3272)."""
    rows = [
        ("A", "B", 25, 19), ("C", "D", 25, 8), ("E", "F", 25, 23), ("C", "A", 25, 11),
        ("E", "B", 25, 22), ("F", "D", 25, 23), ("C", "E", 25, 20), ("F", "A", 25, 16),
        ("B", "D", 25, 0),
    ]  # fmt: skip
    high = Parameters(rate=3000, lower_rate=2600, higher_rate=3400)
    rated = rate_period({}, _played(rows), high, _places("CEFABD"))
    sol = {
        "A": (2949, 245), "B": (2936, 245), "C": (3272, 268),
        "D": (2652, 268), "E": (3155, 245), "F": (3021, 245),
    }  # fmt: skip
    _within_one({key: r.rate for key, r in rated.items()}, sol)
