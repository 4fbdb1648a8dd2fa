"""The round's clock: a time limit counted down, as plain arithmetic (no Django here).

The ICF Laws set no time limit on a game; many tournaments set one for a round (SoL's
"duration", ``Event.round_minutes``). The clock counts from the round's start (the organiser's
"Start the round's clock") or from each match's call (``Event.settings["clock_from"]``). The
organiser may add minutes (a delay) and stop and restart the clock; a stop moves the deadline
on by as long as the clock stood still. When the time is up, the game in play ends by time
(``scoring/services/time_up.py``, rulebook ``time_up``).

Everything here is a pure function of the stored values and "now": the selector
(``scoring/selectors/round_clock.py``) reads, the service (``scoring/services/round_clock.py``)
writes, the pages show :func:`RoundClock.deadline` and :func:`RoundClock.remaining`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

#: The last minutes: the countdown turns to a warning colour (5 minutes before time is up).
WARN_SECONDS = 5 * 60
#: Bounds of a time limit and of one addition (minutes).
LIMIT_MIN, LIMIT_MAX = 1, 600
ADD_MIN, ADD_MAX = 1, 60
#: Minutes the organiser adds with one tap on the call-up page (any 1..60 may be posted).
ADD_CHOICES = (1, 2, 5, 10)
#: Where the clock counts from (``Event.settings["clock_from"]``).
FROM_ROUND, FROM_CALL = "round", "call"
CLOCK_FROM = (FROM_ROUND, FROM_CALL)


class Phase(StrEnum):
    """What the clock says now."""

    OFF = "off"  # no time limit, or the clock has not started
    RUNNING = "running"
    LAST_MINUTES = "last_minutes"  # at most WARN_SECONDS left
    STOPPED = "stopped"  # the organiser stopped it; the remaining time is held
    UP = "up"  # time is up


class ClockError(ValueError):
    """A change the clock refuses; ``code`` is in ``scoring/error_words.py``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class RoundClock:
    """A round's clock: ``limit_minutes`` (None: no limit) from ``started_at``, plus
    ``extra_minutes``, plus ``stopped_seconds`` of earlier stops; ``stopped_at`` while
    stopped."""

    limit_minutes: int | None
    started_at: datetime | None = None
    extra_minutes: int = 0
    stopped_seconds: int = 0
    stopped_at: datetime | None = None
    #: the event counts from each match's call: the round's own start is not used
    from_call: bool = False

    @property
    def limited(self) -> bool:
        return self.limit_minutes is not None

    @property
    def started(self) -> bool:
        return self.limited and self.started_at is not None

    @property
    def stopped(self) -> bool:
        return self.limited and self.stopped_at is not None

    def deadline(self) -> datetime | None:
        """When time is up if the clock runs on (a stop in progress is not in it)."""
        if self.limit_minutes is None or self.started_at is None:
            return None
        return self.started_at + timedelta(
            minutes=self.limit_minutes + self.extra_minutes, seconds=self.stopped_seconds
        )

    def remaining(self, now: datetime) -> timedelta | None:
        """Time left at ``now`` (never below zero); held while stopped; None when off."""
        deadline = self.deadline()
        if deadline is None:
            return None
        at = self.stopped_at if self.stopped_at is not None else now
        return max(deadline - at, timedelta(0))

    def phase(self, now: datetime) -> Phase:
        left = self.remaining(now)
        if left is None:
            return Phase.OFF
        if left <= timedelta(0):
            return Phase.UP
        if self.stopped_at is not None:
            return Phase.STOPPED
        if left <= timedelta(seconds=WARN_SECONDS):
            return Phase.LAST_MINUTES
        return Phase.RUNNING

    def phase_changes(self) -> list[tuple[datetime, Phase]]:
        """When :meth:`phase` changes while the clock runs on untouched (the last minutes,
        then time up), so that a page counting down between polls shows the phase this module
        decides (static/js/round-clock.js applies them by the server's clock); none while it
        is stopped or off."""
        deadline = self.deadline()
        if deadline is None or self.stopped_at is not None:
            return []
        return [
            (deadline - timedelta(seconds=WARN_SECONDS), Phase.LAST_MINUTES),
            (deadline, Phase.UP),
        ]

    def for_match(self, called_at: datetime | None) -> RoundClock:
        """The clock of one match of the round: the round's own, or, when the event counts
        from each match's call, the round's additions and stops started at the call."""
        if not self.from_call:
            return self
        return dataclasses.replace(self, started_at=called_at if self.limited else None)

    # --- changes (the service stores the result) ------------------------------------------

    def start(self, now: datetime) -> RoundClock:
        if not self.limited:
            raise ClockError("clock_no_limit")
        if self.from_call:
            raise ClockError("clock_from_call")
        if self.started_at is not None:
            raise ClockError("clock_running")
        return dataclasses.replace(
            self, started_at=now, extra_minutes=0, stopped_seconds=0, stopped_at=None
        )

    def add(self, minutes: int) -> RoundClock:
        if not self.limited:
            raise ClockError("clock_no_limit")
        if not ADD_MIN <= minutes <= ADD_MAX:
            raise ClockError("clock_bad_minutes")
        if (self.limit_minutes or 0) + self.extra_minutes + minutes > 2 * LIMIT_MAX:
            raise ClockError("clock_bad_minutes")
        return dataclasses.replace(self, extra_minutes=self.extra_minutes + minutes)

    def stop(self, now: datetime) -> RoundClock:
        if not self.limited:
            raise ClockError("clock_no_limit")
        if self.started_at is None and not self.from_call:
            raise ClockError("clock_not_started")
        if self.stopped_at is not None:
            raise ClockError("clock_stopped")
        return dataclasses.replace(self, stopped_at=now)

    def restart(self, now: datetime) -> RoundClock:
        if self.stopped_at is None:
            raise ClockError("clock_not_stopped")
        still = max(0, int((now - self.stopped_at).total_seconds()))
        return dataclasses.replace(
            self, stopped_at=None, stopped_seconds=self.stopped_seconds + still
        )


def limit_minutes(value: object) -> int | None:
    """A time limit read from elsewhere (SoL's tourney "duration"): whole minutes in
    1..600, anything else (0, missing, text) is no limit."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        return None
    minutes = int(value)
    return minutes if LIMIT_MIN <= minutes <= LIMIT_MAX else None


def clock_from(settings: dict[str, object] | None) -> str:
    """Where an event's clock counts from (``"round"`` unless the settings say ``"call"``)."""
    return FROM_CALL if (settings or {}).get("clock_from") == FROM_CALL else FROM_ROUND


def minutes_seconds(left: timedelta) -> str:
    """``left`` as the countdown shows it: ``m:ss``, or ``h:mm:ss`` from one hour."""
    total = max(0, int(left.total_seconds()))
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"
