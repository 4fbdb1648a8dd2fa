"""A round's stored clock as the pure :class:`scoring.round_clock.RoundClock` (issue 18):
read by the clock's service under its lock and by the clock's pages
(:mod:`scoring.selectors.round_clock`)."""

from __future__ import annotations

from scoring.models import Round
from scoring.round_clock import FROM_CALL, RoundClock, clock_from


def clock_of(rnd: Round) -> RoundClock:
    """A round's stored clock (its event read from ``rnd.event``)."""
    event = rnd.event
    return RoundClock(
        limit_minutes=event.round_minutes,
        started_at=rnd.clock_started_at,
        extra_minutes=rnd.clock_extra_minutes,
        stopped_seconds=rnd.clock_stopped_seconds,
        stopped_at=rnd.clock_stopped_at,
        from_call=clock_from(event.settings) == FROM_CALL,
    )
