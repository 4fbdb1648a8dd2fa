"""Results flowing on (``match_confirmed``, ``match_finished``): winners advance in brackets
(:func:`scoring.services.draw_progress.sync_bracket`), a Swiss event finishes after its last
round, and the automatic call-up fills free tables. Split from :mod:`scoring.services.draws`
(its names stay importable there)."""

from __future__ import annotations

import logging
from typing import Any

from scoring.models import Event, Match, Round, Tournament
from scoring.services.draw_base import ELIMINATION
from scoring.services.draw_progress import sync_bracket

log = logging.getLogger("scoring.services.draws")


def _auto_callup(tournament: Tournament) -> None:
    if Tournament.objects.filter(pk=tournament.pk, auto_callup=True).exists():
        from scoring.services.callup import auto_assign

        auto_assign(tournament=tournament)


def on_match_confirmed(sender: Any, match: Match, **kwargs: Any) -> None:
    """``match_confirmed``: winners advance in brackets; the call-up fills free tables."""
    try:
        event = Event.objects.select_related("tournament").get(pk=match.event_id)
        if event.format in ELIMINATION or (
            event.format == Event.Format.GROUPS
            and Round.objects.filter(event=event).exclude(bracket=Round.Bracket.GROUPS).exists()
        ):
            sync_bracket(event)
        elif event.format == Event.Format.SWISS:
            _finish_swiss_if_done(event)
        _auto_callup(event.tournament)
    except Exception:  # the confirmation is saved; the next one replays the bracket again
        log.exception("results flow failed after match %s", match.pk)


def on_match_finished(sender: Any, match: Match, **kwargs: Any) -> None:
    """``match_finished``: the table is free; the automatic call-up fills it."""
    try:
        _auto_callup(Tournament.objects.get(events__matches=match.pk))
    except Exception:
        log.exception("automatic call-up failed after match %s", match.pk)


def _finish_swiss_if_done(event: Event) -> None:
    planned = int(event.settings.get("rounds") or 0)
    if (
        planned
        and event.rounds.count() >= planned
        and not Match.objects.filter(event=event).exclude(status=Match.Status.CONFIRMED).exists()
    ):
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)


def connect() -> None:
    """Connect the results flow to the match signals (called from ``ScoringConfig.ready``)."""
    from scoring.signals import match_confirmed, match_finished

    match_confirmed.connect(on_match_confirmed, dispatch_uid="draws.on_match_confirmed")
    match_finished.connect(on_match_finished, dispatch_uid="draws.on_match_finished")
