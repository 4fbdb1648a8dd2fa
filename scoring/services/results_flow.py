"""The result flow, by explicit calls: what follows when a match finishes, is confirmed or its
decided result changes. The service that writes the change calls :func:`match_finished`,
:func:`match_confirmed` or :func:`result_changed` inside its transaction; after the commit
(never for a write rolled back):

- finished: the automatic call-up fills the freed table; a team tie follows its rubber
  (:func:`on_rubber_changed`, :func:`sync_tie`: a tie's match confirmed flows on in turn);
- confirmed: winners advance in brackets (:func:`scoring.services.draw_progress.sync_bracket`),
  a Swiss event finishes after its last round, the call-up fills free tables; then the tie
  (a walkover's confirmation also re-rates: it is decided straight into confirmed);
- result changed (the match finished, a correction, a decision, an undo after the end): the tie
  and the ratings re-rate (:func:`scoring.services.ratings.on_result_changed`), once per change.

Each step's failure is logged and leaves the saved result as it is (the next change replays
the bracket, syncs the tie and re-rates again). Split from :mod:`scoring.services.draws`.

The services that follow (the call-up, the bracket, the ratings) import neither the match
services nor this module, so this module imports them at its top and the match services
import this module: no import loop, no import inside a function (issue 36)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from scoring.models import Event, Match, Round, Rubber, Tie, Tournament
from scoring.records.draw_state import ELIMINATION
from scoring.services import ratings
from scoring.services.callup import auto_assign
from scoring.services.draw_base import NOT_STARTED
from scoring.services.draw_progress import sync_bracket
from scoring.standings.ties import tie_result_of

log = logging.getLogger("scoring.services.draws")


def _auto_callup(tournament: Tournament) -> None:
    if Tournament.objects.filter(pk=tournament.pk, auto_callup=True).exists():
        auto_assign(tournament=tournament)


def on_match_confirmed(*, match: Match) -> None:
    """A match confirmed: winners advance in brackets; the call-up fills free tables."""
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
    if draw_step is not None:
        draw_step(match=match)
    on_rubber_changed(match=match)
    if rerate:  # once per change of a decided result (docs/RATINGS.md)
        ratings.on_result_changed(match=match)


def sync_tie(tie: Tie) -> Match:
    """Write the tie's result to its match (the cache the draw and the standings read):
    winner, rubbers won as games, points, walkover or drawn; ``FINISHED`` when decided,
    ``CONFIRMED`` when every rubber played is confirmed too (or the whole tie was a
    walkover), which moves the draw on (:func:`match_confirmed`). Rubbers not needed
    wait."""
    result = tie_result_of(tie)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=tie.match_id)
        rubbers = list(tie.rubbers.select_related("match").order_by("number"))
        for rubber in rubbers:
            m = rubber.match
            if m is None or m.status not in NOT_STARTED or m.table_id is not None:
                continue
            wanted = (
                Match.Status.SCHEDULED
                if result.walkover or rubber.number - 1 in result.not_needed
                else Match.Status.READY
            )
            if m.status != wanted:
                Match.objects.filter(pk=m.pk).update(status=wanted, revision=m.revision + 1)
        played = [
            r.match
            for r in rubbers
            if r.match is not None and r.number - 1 not in result.not_needed
        ]
        confirmed = result.decided and (
            bool(result.walkover)
            or all(m.status == Match.Status.CONFIRMED or m.walkover for m in played)
        )
        before = match.status
        if not result.decided:
            status = (
                Match.Status.PLAYING
                if any(m.status not in NOT_STARTED for m in played)
                else Match.Status.READY
            )
        else:
            status = Match.Status.CONFIRMED if confirmed else Match.Status.FINISHED
        now = timezone.now()
        fields = {
            "status": status,
            "winner_side": result.winner_side,
            "walkover": result.walkover,
            "draw": result.drawn,
            "games_a": result.rubbers_a,
            "games_b": result.rubbers_b,
            "points_a": result.points_a,
            "points_b": result.points_b,
            "games_won": {"a": result.rubbers_a, "b": result.rubbers_b},
            "finished_at": (match.finished_at or now) if result.decided else None,
            "confirmed_at": (match.confirmed_at or now) if confirmed else None,
        }
        changed = {k: v for k, v in fields.items() if getattr(match, k) != v}
        if changed:
            for key, value in changed.items():
                setattr(match, key, value)
            match.revision += 1
            match.save(update_fields=[*changed, "revision", "updated_at"])
        if status == Match.Status.CONFIRMED and before != Match.Status.CONFIRMED:
            match_confirmed(match=match)
    return match


def on_rubber_changed(*, match: Match) -> None:
    """A rubber finished, confirmed or its result changed: its tie's match follows (called by
    the result flow after the commit)."""
    try:
        rubber = Rubber.objects.filter(match_id=match.pk).select_related("tie").first()
        if rubber is not None:
            sync_tie(rubber.tie)
    except Exception:  # the rubber's result is saved; the next change syncs the tie again
        log.exception("tie sync failed after rubber match %s", match.pk)
