"""The result flow, by explicit calls: what follows when a match finishes, is confirmed or its
decided result changes. The service that writes the change calls :func:`match_finished`,
:func:`match_confirmed` or :func:`result_changed` inside its transaction; after the commit
(never for a write rolled back):

- finished: the automatic call-up fills the freed table; a team tie follows its rubber
  (:func:`scoring.services.ties.on_rubber_changed`);
- confirmed: winners advance in brackets (:func:`scoring.services.draw_progress.sync_bracket`),
  a Swiss event finishes after its last round, the call-up fills free tables; then the tie
  (a walkover's confirmation also re-rates: it is decided straight into confirmed);
- result changed (the match finished, a correction, a decision, an undo after the end): the tie
  and the ratings re-rate (:func:`scoring.services.ratings.on_result_changed`), once per change.

Each step's failure is logged and leaves the saved result as it is (the next change replays
the bracket, syncs the tie and re-rates again). Split from :mod:`scoring.services.draws`."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from scoring.models import Event, Match, Round, Tournament
from scoring.records.draw_state import ELIMINATION

log = logging.getLogger("scoring.services.draws")


def _auto_callup(tournament: Tournament) -> None:
    if Tournament.objects.filter(pk=tournament.pk, auto_callup=True).exists():
        from scoring.services.callup import auto_assign

        auto_assign(tournament=tournament)


def on_match_confirmed(*, match: Match) -> None:
    """A match confirmed: winners advance in brackets; the call-up fills free tables."""
    # the draw's services import the match services, which call this module: imported here
    from scoring.services.draw_progress import sync_bracket

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


def on_match_finished(*, match: Match) -> None:
    """A match finished: the table is free; the automatic call-up fills it."""
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


def match_finished(*, match: Match) -> None:
    """``match``'s last game ended (the result is known): after the commit, the call-up, the
    team tie and the ratings follow."""
    transaction.on_commit(lambda: _follow(match, on_match_finished, rerate=False))


def match_confirmed(*, match: Match) -> None:
    """Every side confirmed ``match`` (or it was decided by walkover): after the commit, the
    draw, the call-up, the team tie and the ratings follow."""
    # a confirmation changes nothing rated; a walkover is decided straight into confirmed
    transaction.on_commit(lambda: _follow(match, on_match_confirmed, rerate=match.walkover))


def result_changed(*, match: Match) -> None:
    """``match``'s decided result changed (its winner or status, or the draw or totals of a
    finished or confirmed match): after the commit, the team tie and the ratings follow."""
    transaction.on_commit(lambda: _follow(match, None, rerate=True))


def _follow(match: Match, draw_step: Callable[..., None] | None, *, rerate: bool) -> None:
    # ties and ratings import the match services, which call this module: imported when run
    from scoring.services import ratings, ties

    if draw_step is not None:
        draw_step(match=match)
    ties.on_rubber_changed(match=match)
    if rerate:  # once per change of a decided result (docs/RATINGS.md)
        ratings.on_result_changed(match=match)
