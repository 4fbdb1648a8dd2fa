"""The sides' confirmation of a finished match, and an organiser's unlock."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scoring.models import Match, MatchConfirmation
from scoring.records import MatchSnapshot, match_snapshot
from scoring.services import results_flow
from scoring.services.matches.base import (
    Actor,
    MatchError,
    MatchLocked,
    audit_match,
    bump_revision,
    lock_match,
)


def confirm_match(*, match: Match, side: str, method: str, actor: Actor) -> MatchSnapshot:
    """A side confirms the result; when every side has, the match is locked (issue 4)."""
    with transaction.atomic():
        match = lock_match(match.pk)
        snapshot = match_snapshot(match)
        if not snapshot.finished:
            raise MatchError("not_finished", "the match is not finished")
        if side not in match.sides:
            raise MatchError("bad_side", "unknown side")
        if match.confirmed_at is not None:
            # issue 29: a tap after the lock is refused, never audited as a confirmation
            raise MatchLocked("match_locked", "the match is confirmed and locked")
        _row, created = MatchConfirmation.objects.get_or_create(
            match=match, side=side, defaults={"method": method, "device": actor.device[:200]}
        )
        confirmed = set(match.confirmations.values_list("side", flat=True))
        if not created and not confirmed >= set(match.sides):
            # the side had confirmed already: nothing happened, nothing audited
            return snapshot
        if confirmed >= set(match.sides) and match.confirmed_at is None:
            bump_revision(match, confirmed_at=timezone.now(), status=Match.Status.CONFIRMED)
            audit_match(
                match,
                actor=actor,
                action="confirmed",
                detail={"sides": sorted(confirmed), "method": method},
            )
            results_flow.match_confirmed(match=match)
        else:
            bump_revision(match)
            audit_match(
                match, actor=actor, action="confirm_side", detail={"side": side, "method": method}
            )
        return match_snapshot(match)


def withdraw_confirmations(match: Match) -> list[str]:
    """The sides' confirmations of ``match`` taken away (an unlock, a later match replayed by
    a bracket repair): the result they confirmed no longer stands, so the match is confirmed
    anew by its own players (issue 4). The sides withdrawn, for the caller's audit row (the
    confirmations themselves were audited when given)."""
    sides = sorted(match.confirmations.values_list("side", flat=True))
    match.confirmations.all().delete()
    return sides


def unlock_match(*, match: Match, actor: Actor, reason: str) -> MatchSnapshot:
    """An organiser reopens a confirmed match for a correction (logged)."""
    with transaction.atomic():
        match = lock_match(match.pk)
        if match.confirmed_at is None:
            raise MatchError("not_locked", "the match is not confirmed")
        withdrawn = withdraw_confirmations(match)
        bump_revision(match, confirmed_at=None, status=Match.Status.FINISHED)
        audit_match(
            match,
            actor=actor,
            action="unlock",
            detail={"reason": reason, "confirmations": withdrawn},
        )
        return match_snapshot(match)
