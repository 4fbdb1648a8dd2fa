"""Reads of the round's clock (``scoring/round_clock.py``) for the call-up page, the hall
screen and the umpire tablet: each a :class:`ClockLine` with the deadline and the server's
"now", so the countdown (``static/js/round-clock.js``) runs on from the server's clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone

from scoring.models import Match, Round, Tournament
from scoring.records.round_clock import clock_of
from scoring.round_clock import (
    WARN_SECONDS,
    Phase,
    RoundClock,
    minutes_seconds,
)
from scoring.rules import variant_for
from scoring.standings.results import DONE

#: A round is on the clock while one of its matches waits, is called or is played.
OPEN = (Match.Status.READY, Match.Status.CALLED, Match.Status.PLAYING)


@dataclass(frozen=True)
class ClockLine:
    """One round's (or one match's) clock as the pages show it. Two lines that differ only
    in ``now`` are equal, and ``now`` is not in the line's ``repr``: the browser counts the time
    down from the deadline and applies the phase changes (static/js/round-clock.js), so what a
    line draws is every other field, and the tablet's poll keys its ETag on the line itself
    (``views/umpire/reads.py``: a key derived from what is drawn, issue 36)."""

    round_id: int
    event_name: str
    round_label: str
    clock: RoundClock
    now: datetime = field(compare=False, repr=False)
    board_rule: str  # Event.settings["time_up_board"]: "finish" or "stop"
    match_id: int | None = None

    @property
    def phase(self) -> Phase:
        return self.clock.phase(self.now)

    @property
    def from_call(self) -> bool:
        return self.clock.from_call

    @property
    def deadline(self) -> datetime | None:
        return self.clock.deadline()

    @property
    def remaining_seconds(self) -> int | None:
        left = self.clock.remaining(self.now)
        return None if left is None else int(left.total_seconds())

    @property
    def remaining_text(self) -> str:
        left = self.clock.remaining(self.now)
        return "" if left is None else minutes_seconds(left)

    @property
    def deadline_ms(self) -> int | None:
        deadline = self.deadline
        return None if deadline is None else int(deadline.timestamp() * 1000)

    @property
    def now_ms(self) -> int:
        return int(self.now.timestamp() * 1000)

    @property
    def warn_seconds(self) -> int:
        return WARN_SECONDS

    @property
    def phase_changes(self) -> str:
        """The clock's coming phases for static/js/round-clock.js: "ms:phase,…" (issue 36:
        the phase is decided here, the script only applies it by the server's clock)."""
        return ",".join(
            f"{int(at.timestamp() * 1000)}:{phase}" for at, phase in self.clock.phase_changes()
        )

    @property
    def shown(self) -> bool:
        """Something to count: the clock has started (or, from the call, the match is
        called)."""
        return self.phase != Phase.OFF


def _line(rnd: Round, now: datetime, match: Match | None = None) -> ClockLine:
    clock = clock_of(rnd)
    if match is not None:
        clock = clock.for_match(match.called_at)
    return ClockLine(
        round_id=rnd.pk,
        event_name=rnd.event.name,
        round_label=rnd.label,
        clock=clock,
        now=now,
        board_rule=(rnd.event.settings or {}).get("time_up_board", "finish"),
        match_id=match.pk if match is not None else None,
    )


def loaded_match_clock(match: Match, now: datetime) -> ClockLine | None:
    """The clock of a match whose round and event are loaded already (no query): for the
    call-up page's table cards; None without a limit."""
    if match.round_id is None or match.event.round_minutes is None or match.status in DONE:
        return None
    rnd = match.round
    assert rnd is not None  # round_id is set
    rnd.event = match.event  # the same row: no second query
    return _line(rnd, now, match)


def tournament_clocks(tournament: Tournament, *, now: datetime | None = None) -> list[ClockLine]:
    """The rounds of events with a time limit that have a match waiting, called or being
    played (one query), in event order."""
    now = now or timezone.now()
    open_match = Match.objects.filter(round=OuterRef("pk"), status__in=OPEN, bye=False)
    rounds = (
        Round.objects.filter(event__tournament=tournament, event__round_minutes__isnull=False)
        .filter(Exists(open_match))
        .select_related("event")
        .order_by("event__order", "event__name", "number", "bracket")
    )
    return [_line(rnd, now) for rnd in rounds]


def tournament_round(tournament: Tournament, round_id: int) -> Round | None:
    """A round of ``tournament`` (None when not of it)."""
    return (
        Round.objects.filter(pk=round_id, event__tournament=tournament)
        .select_related("event")
        .first()
    )


def round_clock(rnd: Round, *, now: datetime | None = None) -> ClockLine:
    return _line(rnd, now or timezone.now())


def match_clock(match_id: int, *, now: datetime | None = None) -> ClockLine | None:
    """The clock of one match (one query); None when the match has no round, its event no
    time limit, its game no time-up rule (point carrom), or it has ended."""
    match = (
        Match.objects.filter(pk=match_id, round__isnull=False, event__round_minutes__isnull=False)
        .select_related("round", "round__event")
        .first()
    )
    if match is None or match.round is None or not _counted(match):
        return None
    return _line(match.round, now or timezone.now(), match)


def tablet_clock(match: Match, *, now: datetime | None = None) -> ClockLine | None:
    """The clock chip of the tablet's match, whose event is loaded already (the tablet's
    poll, ``views/umpire/reads.py``): one query for its round, none when the match has no
    clock (:func:`match_clock`'s cases)."""
    if match.round_id is None or match.event.round_minutes is None or not _counted(match):
        return None
    rnd = Round.objects.filter(pk=match.round_id).first()
    if rnd is None:
        return None
    rnd.event = match.event  # the same row: no second query
    return _line(rnd, now or timezone.now(), match)


def _counted(match: Match) -> bool:
    """A match the round's clock counts for: not over, no bye, and its game has a time-up rule
    (point carrom has none)."""
    return match.status not in DONE and not match.bye and variant_for(match.rules).time_limit


#: What a round's line on the call-up page and the hall screen is drawn from (its ETag).
_STATE_FIELDS = (
    "pk",
    "number",
    "name",
    "bracket",
    "clock_started_at",
    "clock_extra_minutes",
    "clock_stopped_at",
    "clock_stopped_seconds",
    "event__name",
    "event__order",
    "event__round_minutes",
    "event__settings",
)


def clocks_state(slug: str) -> tuple[tuple[Any, ...], ...]:
    """The stored values the rounds' clocks of tournament ``slug`` are drawn from (one
    query): the validator of the polled clock regions (``views/round_clock.py``). A start,
    added minutes, a stop or a restart changes it; the passing time does not (the countdown
    runs in the browser)."""
    open_match = Match.objects.filter(round=OuterRef("pk"), status__in=OPEN, bye=False)
    rows = (
        Round.objects.filter(event__tournament__slug=slug, event__round_minutes__isnull=False)
        .filter(Exists(open_match))
        .order_by("pk")
        .values_list(*_STATE_FIELDS)
    )
    return tuple(rows)
