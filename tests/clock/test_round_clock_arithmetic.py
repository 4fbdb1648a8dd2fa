"""The round's clock as plain arithmetic (scoring/round_clock.py): deadline, remaining time,
phase, and the organiser's changes (start, add minutes, stop, restart)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.round_clock import (
    WARN_SECONDS,
    ClockError,
    Phase,
    RoundClock,
    clock_from,
    minutes_seconds,
)

T0 = datetime(2026, 6, 6, 10, 0, tzinfo=UTC)


def test_a_forty_minute_round_counts_down_and_warns_in_its_last_five_minutes() -> None:
    clock = RoundClock(limit_minutes=40).start(T0)
    assert clock.deadline() == T0 + timedelta(minutes=40)
    assert clock.remaining(T0 + timedelta(minutes=10)) == timedelta(minutes=30)
    assert clock.phase(T0 + timedelta(minutes=10)) is Phase.RUNNING
    assert clock.phase(T0 + timedelta(minutes=35)) is Phase.LAST_MINUTES
    assert clock.phase(T0 + timedelta(minutes=34, seconds=59)) is Phase.RUNNING
    assert clock.phase(T0 + timedelta(minutes=40)) is Phase.UP
    assert clock.remaining(T0 + timedelta(minutes=50)) == timedelta(0)  # never below zero


def test_no_limit_or_not_started_is_off() -> None:
    assert RoundClock(limit_minutes=None).phase(T0) is Phase.OFF
    assert RoundClock(limit_minutes=30).phase(T0) is Phase.OFF
    assert RoundClock(limit_minutes=30).remaining(T0) is None
    with pytest.raises(ClockError, match="clock_no_limit"):
        RoundClock(limit_minutes=None).start(T0)


def test_added_minutes_and_a_stop_move_the_deadline_on() -> None:
    clock = RoundClock(limit_minutes=30).start(T0).add(5)
    assert clock.deadline() == T0 + timedelta(minutes=35)
    stopped = clock.stop(T0 + timedelta(minutes=10))
    # while stopped the remaining time is held, whatever the time
    assert stopped.remaining(T0 + timedelta(hours=3)) == timedelta(minutes=25)
    assert stopped.phase(T0 + timedelta(hours=3)) is Phase.STOPPED
    again = stopped.restart(T0 + timedelta(minutes=17))
    assert again.stopped_seconds == 7 * 60
    assert again.deadline() == T0 + timedelta(minutes=42)
    assert again.remaining(T0 + timedelta(minutes=17)) == timedelta(minutes=25)


def test_refused_changes() -> None:
    running = RoundClock(limit_minutes=30).start(T0)
    with pytest.raises(ClockError, match="clock_running"):
        running.start(T0)
    with pytest.raises(ClockError, match="clock_not_stopped"):
        running.restart(T0)
    with pytest.raises(ClockError, match="clock_stopped"):
        running.stop(T0).stop(T0)
    with pytest.raises(ClockError, match="clock_not_started"):
        RoundClock(limit_minutes=30).stop(T0)
    for minutes in (0, 61, -5):
        with pytest.raises(ClockError, match="clock_bad_minutes"):
            running.add(minutes)
    with pytest.raises(ClockError, match="clock_from_call"):
        RoundClock(limit_minutes=30, from_call=True).start(T0)


def test_counted_from_each_call() -> None:
    rnd = RoundClock(limit_minutes=20, extra_minutes=2, from_call=True)
    called = T0 + timedelta(minutes=7)
    match = rnd.for_match(called)
    assert match.deadline() == called + timedelta(minutes=22)
    assert rnd.for_match(None).phase(T0) is Phase.OFF  # not called yet
    assert rnd.stop(T0).stopped  # the organiser may hold every table's clock
    plain = RoundClock(limit_minutes=20).start(T0)
    assert plain.for_match(called) == plain  # from the round's start: the round's own


def test_clock_from_reads_the_event_setting() -> None:
    assert clock_from({}) == "round"
    assert clock_from(None) == "round"
    assert clock_from({"clock_from": "call"}) == "call"
    assert clock_from({"clock_from": "nonsense"}) == "round"


def test_minutes_seconds() -> None:
    assert minutes_seconds(timedelta(minutes=4, seconds=5)) == "4:05"
    assert minutes_seconds(timedelta(hours=1, minutes=2, seconds=3)) == "1:02:03"
    assert minutes_seconds(timedelta(seconds=-3)) == "0:00"


changes = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(1, 60)),
        st.tuples(st.just("stop"), st.integers(0, 3600)),
        st.tuples(st.just("restart"), st.integers(0, 3600)),
        st.tuples(st.just("wait"), st.integers(0, 3600)),
    ),
    max_size=12,
)


@given(limit=st.integers(1, 600), steps=changes)
def test_time_runs_only_while_the_clock_runs(limit: int, steps: list[tuple[str, int]]) -> None:
    """Invariant: remaining = limit + added − time the clock ran; it never goes below zero
    nor up by itself; the phase follows the remaining time."""
    clock = RoundClock(limit_minutes=limit).start(T0)
    now, ran, added = T0, 0, 0
    for kind, value in steps:
        if kind == "add" and clock.extra_minutes + value + limit <= 1200:
            clock, added = clock.add(value), added + value
        elif kind == "stop" and not clock.stopped:
            clock = clock.stop(now)
        elif kind == "restart" and clock.stopped:
            clock = clock.restart(now)
        before = clock.remaining(now)
        later = now + timedelta(seconds=value)
        if not clock.stopped:
            ran += value
        now = later
        after = clock.remaining(now)
        assert before is not None and after is not None
        assert after <= before or kind == "add"
        expected = max(0, (limit + added) * 60 - ran)
        assert int(after.total_seconds()) == expected
        phase = clock.phase(now)
        if expected == 0:
            assert phase is Phase.UP
        elif clock.stopped:
            assert phase is Phase.STOPPED
        else:
            assert phase is (Phase.LAST_MINUTES if expected <= WARN_SECONDS else Phase.RUNNING)


@given(
    limit=st.integers(min_value=1, max_value=600),
    started=st.integers(min_value=-40_000, max_value=0),
    at=st.integers(min_value=0, max_value=40_000),
)
def test_the_pages_phase_changes_are_the_clocks_phases(limit: int, started: int, at: int) -> None:
    """Issue 36: static/js/round-clock.js decides no phase; it applies the server's rendered
    phase and then each of ``phase_changes`` reached. Applied so, they give :meth:`phase` at
    every moment of a running clock; a stopped clock has none (its phase is held)."""
    clock = RoundClock(limit_minutes=limit).start(T0 + timedelta(seconds=started))
    now = T0 + timedelta(seconds=at)
    shown = clock.phase(T0)
    for moment, phase in clock.phase_changes():
        if now >= moment:
            shown = phase
    assert shown is clock.phase(now)
    if clock.phase(T0) is not Phase.UP:
        assert clock.stop(T0).phase_changes() == []
    assert RoundClock(limit_minutes=None).phase_changes() == []
