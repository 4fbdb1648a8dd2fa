"""Matches decided without play and entries leaving an event: walkovers (no-show, withdrawal),
an organiser's confirmation of a finished result, withdrawal and reinstatement. Split from
:mod:`scoring.services.draws` (its names stay importable there)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scoring.limits import TextRefused, check_text
from scoring.models import Entry, Match
from scoring.services import results_flow
from scoring.services.draw_base import NOT_STARTED, DrawServiceError, decided_fields
from scoring.services.matches import Actor, MatchError, confirm_match, match_snapshot
from scoring.services.tournaments import audit
from scoring.standings.results import DONE


def _text(value: str | None, field: str, multiline: bool = False) -> str:
    """Free text through the one check (issue 29: bidi controls in withdraw reasons)."""
    try:
        return check_text(value or "", field=field, multiline=multiline)
    except TextRefused as err:
        raise DrawServiceError(f"text_{err.code}", field=field) from err


def record_walkover(*, match: Match, absent: str, actor: Actor, note: str = "") -> Match:
    """A match decided without play: ``absent`` is the side that did not play ("a", "b", or
    "both"); the other side wins and advances, marked as walkover."""
    if absent not in ("a", "b", "both"):
        raise DrawServiceError("bad_side")
    note = _text(note, "note", multiline=True)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update().select_related("event__tournament").get(pk=match.pk)
        )
        if match.entry_a_id is None or match.entry_b_id is None or match.bye:
            raise DrawServiceError("walkover_not_ready")
        if match.status in DONE:
            raise DrawServiceError("already_decided")
        winner = {"a": "b", "b": "a", "both": ""}[absent]
        now = timezone.now()
        fields = decided_fields(now, walkover=True, winner_side=winner)
        for key, value in fields.items():
            setattr(match, key, value)
        match.revision += 1
        Match.objects.filter(pk=match.pk).update(revision=match.revision, updated_at=now, **fields)
        audit(
            match.event.tournament,
            actor=actor,
            action="walkover",
            detail={"absent": absent, "winner_side": winner, "note": note},
            match=match,
        )
        results_flow.match_confirmed(match=match)
        return match


def confirm_result(*, match: Match, actor: Actor) -> Match:
    """An organiser confirms a finished match for every side (e.g. a result entered from the
    paper sheet by quick entry); the winner then advances."""
    match = Match.objects.select_related("event__tournament").get(pk=match.pk)
    if match.confirmed_at is not None:
        return match
    snapshot = match_snapshot(match)
    if not snapshot.finished:
        raise DrawServiceError("not_finished")
    try:
        for side in match.sides:
            confirm_match(match=match, side=side, method="organiser", actor=actor)
    except MatchError as err:
        raise DrawServiceError(err.code, **err.params) from err
    match.refresh_from_db()
    return match


def withdraw_entry(*, entry: Entry, actor: Actor, reason: str = "") -> list[Match]:
    """The entry leaves the event: its matches not yet started become walkovers for the
    opponent (now, or as soon as the opponent is known); a Swiss event stops pairing it."""
    decided = []
    reason = _text(reason, "reason")
    with transaction.atomic():
        entry = (
            Entry.objects.select_for_update().select_related("event__tournament").get(pk=entry.pk)
        )
        if entry.withdrawn:
            return []
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
        audit(
            entry.event.tournament,
            actor=actor,
            action="entry_withdrawn",
            detail={
                "event": entry.event_id,
                "entry": entry.pk,
                "name": entry.name,
                "reason": reason,
            },
        )
        pending = Match.objects.filter(
            Q(entry_a=entry) | Q(entry_b=entry),
            event=entry.event,
            status__in=(*NOT_STARTED, Match.Status.CALLED),
            bye=False,
            entry_a__isnull=False,
            entry_b__isnull=False,
        )
        for m in pending:
            if m.games.exists():
                continue
            absent = "a" if m.entry_a_id == entry.pk else "b"
            other = m.entry_b if absent == "a" else m.entry_a
            if other is not None and other.withdrawn:
                absent = "both"
            decided.append(record_walkover(match=m, absent=absent, actor=actor, note="withdrawn"))
    return decided


def reinstate_entry(*, entry: Entry, actor: Actor) -> Entry:
    if entry.withdrawn:
        entry.withdrawn = False
        entry.save(update_fields=["withdrawn"])
        audit(
            entry.event.tournament,
            actor=actor,
            action="entry_reinstated",
            detail={"event": entry.event_id, "entry": entry.pk, "name": entry.name},
        )
    return entry
