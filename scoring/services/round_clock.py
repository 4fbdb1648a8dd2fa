"""Writes of the round's clock (``scoring/round_clock.py``): the organiser starts it, adds
minutes (a delay), stops and restarts it. Each change locks the round, is checked by the
clock's own arithmetic (a refusal changes nothing) and leaves an audit entry."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.models import Round
from scoring.records.round_clock import clock_of
from scoring.round_clock import ClockError, RoundClock
from scoring.services.audit import Actor
from scoring.services.tournaments import audit

__all__ = ["ClockError", "add_minutes", "restart_clock", "start_clock", "stop_clock"]


def _change(
    rnd: Round,
    actor: Actor,
    action: str,
    change: Callable[[RoundClock], RoundClock],
    detail: dict[str, Any],
) -> Round:
    with transaction.atomic():
        locked = (
            Round.objects.select_for_update().select_related("event__tournament").get(pk=rnd.pk)
        )
        before = clock_of(locked)
        after: RoundClock = change(before)
        locked.clock_started_at = after.started_at
        locked.clock_extra_minutes = after.extra_minutes
        locked.clock_stopped_at = after.stopped_at
        locked.clock_stopped_seconds = after.stopped_seconds
        locked.save(
            update_fields=[
                "clock_started_at",
                "clock_extra_minutes",
                "clock_stopped_at",
                "clock_stopped_seconds",
            ]
        )
        deadline = after.deadline()
        audit(
            locked.event.tournament,
            actor=actor,
            action=action,
            detail={
                "event": locked.event_id,
                "round": locked.pk,
                "number": locked.number,
                "limit_minutes": after.limit_minutes,
                "extra_minutes": after.extra_minutes,
                "stopped_seconds": after.stopped_seconds,
                "deadline": deadline.isoformat() if deadline else None,
                **detail,
            },
        )
        return locked


def start_clock(*, round: Round, actor: Actor, at: datetime | None = None) -> Round:
    """Start the round's clock at ``at`` (now by default; an earlier time when the round
    began before the organiser pressed the button).

    :raises ClockError: ``clock_no_limit``, ``clock_from_call``, ``clock_running``,
        ``clock_in_future``.
    """
    now = timezone.now()
    at = at or now
    if at > now:
        raise ClockError("clock_in_future")
    return _change(
        round, actor, "round_clock_started", lambda c: c.start(at), {"started_at": at.isoformat()}
    )


def add_minutes(*, round: Round, minutes: int, actor: Actor) -> Round:
    """Add ``minutes`` (1..60) to the round's time (a delay at the tables).

    :raises ClockError: ``clock_no_limit``, ``clock_bad_minutes``.
    """
    return _change(round, actor, "round_clock_added", lambda c: c.add(minutes), {"added": minutes})


def stop_clock(*, round: Round, actor: Actor) -> Round:
    """Stop the round's clock: the remaining time is held until it is restarted.

    :raises ClockError: ``clock_no_limit``, ``clock_not_started``, ``clock_stopped``.
    """
    now = timezone.now()
    return _change(
        round, actor, "round_clock_stopped", lambda c: c.stop(now), {"at": now.isoformat()}
    )


def restart_clock(*, round: Round, actor: Actor) -> Round:
    """Restart a stopped clock; the time it stood still moves the deadline on.

    :raises ClockError: ``clock_not_stopped``.
    """
    now = timezone.now()
    return _change(
        round, actor, "round_clock_restarted", lambda c: c.restart(now), {"at": now.isoformat()}
    )
