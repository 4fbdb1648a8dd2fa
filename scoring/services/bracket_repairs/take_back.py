"""An elimination by decision taken back (issue 30: every repair can itself be corrected):
the winner of the boards goes on again and the later matches the eliminated entry's opponent
played meanwhile are repaired (:mod:`.later`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from scoring.models import Match
from scoring.services.bracket_repairs.later import (
    AWARD,
    AWARD_TO,
    MOVE,
    REPLAY,
    LaterMatch,
    later_conflicts,
    played_conflicts,
    repair_later,
)
from scoring.services.draw_progress import (
    sync_bracket,
)
from scoring.services.matches import (
    Actor,
    audit_match,
    lock_match,
)

# --- an elimination by decision taken back (issue 30: every repair can itself be corrected) --


@dataclass
class TakeBack:
    """What taking back an elimination by decision changes: who went on by the decision and
    who goes on now (the winner of the boards), the later matches played on the decision
    that no longer fit, and the repairs that fit."""

    match: Match
    was_going_on: str  # the side that went on by the decision
    goes_on: str  # the side that won the boards
    names: dict[str, str]
    later: list[LaterMatch]
    repairs: tuple[str, ...]
    law: str = ""  # the law the elimination cited

    @property
    def goes_on_name(self) -> str:
        return self.names.get(self.goes_on, "")

    @property
    def was_name(self) -> str:
        return self.names.get(self.was_going_on, "")


def _take_back(
    match: Match, actor: Actor, reason: str, expected_revision: int | None
) -> tuple[Match, str, str]:
    """``Match.advances`` cleared (new audit row; the elimination's own row is kept) and the
    bracket replayed: matches not started get the winner of the boards (ICF 56: the match
    is won by its games)."""
    from scoring.services.corrections import CorrectionError
    from scoring.services.matches import check_write

    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    was = match.advances
    if was not in ("a", "b"):
        raise CorrectionError("not_eliminated", "no entry of this match is eliminated by decision")
    Match.objects.filter(pk=match.pk).update(advances="", revision=match.revision + 1)
    match.advances, match.revision = "", match.revision + 1
    audit_match(
        match,
        actor=actor,
        action="elimination_taken_back",
        detail={
            "reason": reason,
            "was_going_on": was,
            "goes_on": match.winner_side,
            "law": _elimination_law(match),
        },
    )
    sync_bracket(match.event, actor=actor)
    return match, was, match.winner_side


def _elimination_law(match: Match) -> str:
    from scoring.models import AuditEntry

    row = (
        AuditEntry.objects.filter(match=match, action="eliminated_by_decision")
        .order_by("-pk")
        .first()
    )
    return str(row.detail.get("law", "")) if row is not None else ""


class _Rollback(Exception):
    def __init__(self, take_back: TakeBack) -> None:
        self.take_back = take_back


def preview_take_back(*, match: Match, actor: Actor) -> TakeBack:
    """What :func:`take_back_elimination` would change; nothing is saved.

    :raises CorrectionError: the match has no elimination by decision."""
    from django.db import transaction

    law = _elimination_law(match)
    names = {
        "a": match.entry_a.name if match.entry_a else "A",
        "b": match.entry_b.name if match.entry_b else "B",
    }
    try:
        with transaction.atomic():
            taken, was, goes_on = _take_back(match, actor, "", None)
            later = later_conflicts(taken.event)
            raise _Rollback(
                TakeBack(
                    taken, was, goes_on, names, later, (REPLAY, AWARD) if later else (MOVE,), law
                )
            )
    except _Rollback as done:
        return done.take_back


def take_back_elimination(
    *,
    match: Match,
    actor: Actor,
    reason: str,
    repair: str,
    law: str = "",
    award_to: str = "moved",
    client_id: uuid.UUID | str | None = None,
    expected_revision: int | None = None,
) -> int:
    """Take back an elimination by decision (``eliminate``): the winner of the boards goes
    on again, and each later match played on the decision is repaired by ``repair``
    (``replay``; ``award`` with ``law`` to the entry who moves in or the one who stayed;
    ``move`` when none was played). Audited (``elimination_taken_back``, then the repairs'
    own rows); nothing recorded is deleted. The number of later matches repaired.

    :raises CorrectionError: no elimination, a repair that does not fit, no law for an award.
    :raises StaleMatch: the match changed since the organiser looked at it."""
    from django.db import transaction

    from scoring.services.corrections import CorrectionError
    from scoring.services.decisions import LAW
    from scoring.services.matches.base import checked_texts

    reason = (reason or "").strip()
    if not reason:
        raise CorrectionError("reason_required", "say why the result is corrected")
    checked_texts(reason, field="reason")
    if repair not in (MOVE, REPLAY, AWARD):
        raise CorrectionError("bad_repair", "choose what happens to the draw")
    if repair == AWARD and not LAW.match(law or ""):
        raise CorrectionError("decision_law", "cite the law, e.g. IT 107")
    if repair == AWARD and award_to not in AWARD_TO:
        raise CorrectionError("bad_winner", "the winner must be A or B")
    client_id = uuid.UUID(str(client_id)) if client_id else uuid.uuid4()
    with transaction.atomic():
        taken, _was, _goes_on = _take_back(match, actor, reason, expected_revision)
        played = bool(played_conflicts(taken.event))
        if (repair == MOVE) == played:
            raise CorrectionError(
                "repair_not_possible", "this repair does not fit; the page shows the ones that do"
            )
        if not played:
            return 0
        return repair_later(
            match=taken,
            repair=repair,
            actor=actor,
            reason=reason,
            law=law,
            award_to=award_to,
            client_id=client_id,
        )
