"""Glicko-2 against Glickman's worked example and its invariants (scoring.ratings, pure)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.ratings import (
    SCALE,
    Opponent,
    Parameters,
    Played,
    Rate,
    expected,
    initial_rates,
    outcome,
    rate_period,
    update,
)

rates = st.floats(min_value=800, max_value=2800)
deviations = st.floats(min_value=30, max_value=350)
volatilities = st.floats(min_value=0.03, max_value=0.09)
scores = st.floats(min_value=0, max_value=1)
player = st.builds(Rate, rates, deviations, volatilities)


def test_glickmans_example() -> None:
    """The paper's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300,
    tau 0.5 → 1464.06 / 151.52 / 0.05999 (the paper rounds its intermediate figures, so
    the exact computation is 1464.05)."""
    new = update(
        Rate(1500, 200, 0.06),
        [
            Opponent(Rate(1400, 30, 0.06), 1),
            Opponent(Rate(1550, 100, 0.06), 0),
            Opponent(Rate(1700, 300, 0.06), 0),
        ],
        0.5,
    )
    assert new.rate == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation() -> None:
    """Step 6 alone: phi* = sqrt(phi^2 + sigma^2); rate and volatility unchanged."""
    new = update(Rate(1500, 200, 0.06), [], 0.5)
    assert new.rate == 1500 and new.volatility == 0.06
    assert new.deviation == pytest.approx(math.hypot(200 / 173.7178, 0.06) * 173.7178)


@settings(deadline=None)  # two updates an example: slow on a loaded machine, never wrong
@given(player, player, scores)
def test_deviation_shrinks_with_play(me: Rate, other: Rate, score: float) -> None:
    """Step 7: a game always narrows the deviation below phi* (the deviation widened by the
    new volatility); with a result near the expected one (the volatility barely moves) it is
    narrower than not playing at all. An upset (or a game between players far apart, which
    tells little) may raise the volatility enough to widen it (Glicko-2's purpose)."""
    after = update(me, [Opponent(other, score)], 0.5)
    assert after.deviation < math.hypot(me.deviation, after.volatility * SCALE)
    odds = expected(me, other)
    if 0.05 < odds < 0.95 and abs(score - odds) < 0.25:  # an informative, expected game
        assert after.deviation < update(me, [], 0.5).deviation


@given(rates, deviations, volatilities, scores)
def test_symmetric_outcomes(rate: float, deviation: float, volatility: float, score: float) -> None:
    """Two players alike: what one gains the other loses, deviations alike."""
    me = Rate(rate, deviation, volatility)
    a = update(me, [Opponent(me, score)], 0.5)
    b = update(me, [Opponent(me, 1 - score)], 0.5)
    assert a.rate - rate == pytest.approx(rate - b.rate, abs=1e-6)
    assert a.deviation == pytest.approx(b.deviation, rel=1e-9)


@given(player, player, scores, scores)
def test_a_better_score_never_rates_lower(me: Rate, other: Rate, s1: float, s2: float) -> None:
    low, high = sorted((s1, s2))
    assert (
        update(me, [Opponent(other, low)], 0.5).rate
        <= update(me, [Opponent(other, high)], 0.5).rate + 1e-9
    )


@given(player, player)
def test_expected_scores_add_up_for_equal_deviations(me: Rate, other: Rate) -> None:
    alike = Rate(other.rate, me.deviation, other.volatility)
    assert expected(me, alike) + expected(alike, me) == pytest.approx(1)


@given(st.integers(0, 200), st.integers(0, 200), st.sampled_from(["a", "b", None]))
def test_outcomes_of_both_sides_add_up_to_one(pa: int, pb: int, winner: str | None) -> None:
    other = {"a": "b", "b": "a", None: None}[winner]
    for formula in ("standard", "guido"):
        mine = outcome(formula, pa, pb, winner)
        assert 0 <= mine <= 1
        assert mine + outcome(formula, pb, pa, other) == pytest.approx(1)


def test_outcome_formulas() -> None:
    assert outcome("standard", 25, 3, "a") == 1
    assert outcome("standard", 3, 25, "b") == 0
    assert outcome("standard", 12, 12, None) == 0.5
    assert outcome("guido", 25, 5, "a") == pytest.approx(25 / 30)
    assert outcome("guido", 0, 0, "a") == 1  # no points scored: the standard score
    with pytest.raises(ValueError):
        outcome("elo", 1, 0, "a")


def test_initial_rates_interpolate_placings() -> None:
    got = initial_rates({"w": 1, "x": 2, "y": 3, "z": 5}, 1600, 2600)
    assert got == {"w": 2600, "x": 2350, "y": 2100, "z": 1600}
    assert initial_rates({"only": 1}, 1600, 2600) == {"only": 2600}


@given(st.lists(st.integers(1, 64), min_size=2, max_size=30))
def test_initial_rates_follow_the_places(places: list[int]) -> None:
    got = initial_rates(dict(enumerate(places)), 1600, 2600)
    assert all(1600 <= r <= 2600 for r in got.values())
    order = sorted(got, key=lambda k: places[k])
    assert [got[k] for k in order] == sorted(got.values(), reverse=True)


def test_a_period_rates_new_players_from_their_places() -> None:
    params = Parameters(outcome="standard")
    played = [Played(("w",), ("l",), 75, 20, "a")]
    got = rate_period({}, played, params, {"w": 1, "l": 2})
    assert got["w"].initial.rate == 2600 and got["l"].initial.rate == 1600
    assert got["w"].matches == got["l"].matches == 1
    # without a range, the default rate
    plain = rate_period({}, played, Parameters(lower_rate=None, higher_rate=None), None)
    assert plain["w"].initial.rate == plain["l"].initial.rate == 1500
    assert plain["w"].rate.rate > 1500 > plain["l"].rate.rate


def test_a_period_rates_against_rates_before_it() -> None:
    """All games of the period use the opponents' rates before it (Glicko-2)."""
    params = Parameters(outcome="standard")
    before = {k: Rate(1500, 200, 0.06) for k in "abc"}
    played = [Played(("a",), ("b",), 25, 0, "a"), Played(("b",), ("c",), 25, 0, "a")]
    got = rate_period(before, played, params)
    assert got["b"].rate.rate == pytest.approx(1500, abs=1e-6)
    assert got["a"].rate.rate - 1500 == pytest.approx(1500 - got["c"].rate.rate)
    assert set(got) == {"a", "b", "c"}


def test_a_pair_is_rated_as_one_opponent() -> None:
    params = Parameters(outcome="guido")
    before = {
        "p": Rate(1600, 100, 0.06),
        "q": Rate(1400, 100, 0.06),
        "r": Rate(1500, 100, 0.06),
        "s": Rate(1500, 100, 0.06),
    }
    got = rate_period(before, [Played(("p", "q"), ("r", "s"), 20, 20, None)], params)
    # each player meets the other pair's mean (1500 both ways): a draw moves the pair's
    # stronger player down and the weaker up, and leaves the even pair where it was
    assert got["p"].rate.rate < 1600 and got["q"].rate.rate > 1400
    for key in "rs":
        assert got[key].rate.rate == pytest.approx(1500, abs=1e-6)


def test_parameters_are_checked() -> None:
    with pytest.raises(ValueError):
        Parameters(outcome="elo")
    with pytest.raises(ValueError):
        Parameters(lower_rate=2000, higher_rate=1000)
    with pytest.raises(ValueError):
        Parameters(tau=0)


def test_the_history_chart_stays_inside_its_axes() -> None:
    import datetime

    from scoring.ratings.chart import history_chart

    days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=30 * i) for i in range(8)]
    chart = history_chart([(d, 1500 + 40 * i, 300 - 30 * i) for i, d in enumerate(days)])
    assert len(chart.points) == 8
    assert all(
        chart.left <= p.x <= chart.right and chart.top <= p.y <= chart.bottom for p in chart.points
    )
    assert chart.points[0].y > chart.points[-1].y  # a higher rate is drawn higher
    assert chart.y_ticks[0].value <= 1200 and chart.y_ticks[-1].value >= 1780
    assert history_chart([]).empty
    one = history_chart([(days[0], 1500, 350)])
    assert one.points[0].x == (one.left + one.right) / 2


def test_the_date_labels_never_overlap() -> None:
    import datetime

    from scoring.ratings.chart import LABEL_GAP, history_chart

    days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=d) for d in (0, 200, 300, 305)]
    chart = history_chart([(d, 1500, 200) for d in days])
    xs = [p.x for p in chart.x_ticks]
    assert xs[-1] == chart.points[-1].x
    assert all(b - a >= LABEL_GAP for a, b in zip(xs, xs[1:], strict=False))
