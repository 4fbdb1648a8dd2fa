"""The steps between boards that the umpire acknowledges on the tablet, kept on the server so
that a reload or a second tablet knows them: "Sides changed" (ICF 58–60: before games 2 and
3, and once in game 3 after board 4 or at 13 points) and the start of the next board after
the card; the organiser may end the 10-minute interval before the deciding game early
(IT 102).

A step is not a board event (the interchange format has none for it): it is an audit entry of
the match (``board_step``, ``interval_ended``) naming the step (match, game, board), recorded
once; nothing is deleted.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.models import AuditEntry, Match
from scoring.records.interval import interval_end, step_key
from scoring.records.snapshot import MatchSnapshot
from scoring.records.steps import INTERVAL_ENDED, STEP

# from .base, not the package: services/matches/recording.py imports this module
from scoring.services.matches.base import Actor, MatchError, MatchLocked


def acknowledge_step(
    *,
    match: Match,
    actor: Actor,
    step: str,
    sides_changed: bool,
    current_step: str,
    interval_end: datetime.datetime | None = None,
    interval_ended: bool = False,
    toss_for_break: bool = False,
    breaker: str | None = None,
) -> bool:
    """The umpire goes on from the card of ``step`` (the board about to start; with
    ``sides_changed`` the players changed sides). Refused for another step than the current
    one, and while the interval (IT 102) runs. Returns False for a repeated request.

    ``toss_for_break``: the board about to start is the extra board after a tie over the
    board limit, whose break a fresh toss decides (ICF 56(b), rulings README ruling 3; point
    carrom too): the step records its winner, ``breaker``, who breaks."""
    if step != current_step:
        raise MatchError("step_gone", "this step is no longer the current one")
    if interval_end is not None and not interval_ended and timezone.now() < interval_end:
        raise MatchError("interval_running", "the interval is not over")
    detail: dict[str, object] = {"step": step, "sides_changed": sides_changed}
    if toss_for_break:
        if breaker not in match.sides:
            raise MatchError(
                "breaker_required", "a toss decides who breaks the extra board (ICF 56(b))"
            )
        detail["breaker"] = breaker
    return _record_once(match, actor, STEP, detail)


def extra_board_breaker(match_id: int, *, step: str) -> str | None:
    """Who won the extra board's fresh toss and breaks it (ICF 56(b)), as the umpire
    recorded it on the card of ``step``; ``None`` before the toss."""
    detail = (
        AuditEntry.objects.filter(match_id=match_id, action=STEP, detail__step=step)
        .values_list("detail", flat=True)
        .first()
    )
    breaker = (detail or {}).get("breaker")
    return str(breaker) if breaker else None


def hold_for_interval(snapshot: MatchSnapshot, *, starts_board: bool) -> None:
    """IT 102: an event that would start the deciding game's first board while the interval
    before it runs is refused (also one posted straight past the tablet's card, or sent late
    from a tablet's offline queue), unless an organiser ended the interval. Nothing is
    recorded. A ruling or a void on the board that has ended is not held.

    :raises MatchError: ``interval_running``.
    """
    if not starts_board:
        return
    end = interval_end(snapshot)
    if end is None or timezone.now() >= end:
        return
    current = snapshot.current
    assert current is not None  # an interval runs before a board
    key = step_key(snapshot.match.pk, current.game_number, current.board_number)
    if AuditEntry.objects.filter(
        match_id=snapshot.match.pk, action=INTERVAL_ENDED, detail__step=key
    ).exists():
        return
    raise MatchError("interval_running", "the interval before the deciding game is not over")


def end_interval(*, match: Match, actor: Actor, step: str) -> bool:
    """An organiser ends the interval before the deciding game now (IT 102)."""
    return _record_once(match, actor, INTERVAL_ENDED, {"step": step, "law": "IT 102"})


def _record_once(match: Match, actor: Actor, action: str, detail: dict[str, Any]) -> bool:
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).get(pk=match.pk)
        if match.is_locked:
            raise MatchLocked("match_locked")
        if AuditEntry.objects.filter(
            match=match, action=action, detail__step=detail["step"]
        ).exists():
            return False
        AuditEntry.objects.create(
            tournament_id=match.event.tournament_id,
            match=match,
            actor=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via,
            device=actor.device[:200],
            ip=actor.ip,
            action=action,
            detail=detail,
        )
    return True
