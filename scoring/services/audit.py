"""Who writes, and the trail a write leaves: the :class:`Actor` every service takes and the
audit rows (issue 16's records). Below every other service module: it imports none of them,
so the match services, the organiser's services and the result flow all import it without an
import loop (issue 36)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.models import AuditEntry, Tournament
from scoring.records.sql import insert_values


@dataclass(frozen=True)
class Actor:
    """Who makes a request, and from where (for the log and the audit trail)."""

    user: Any = None  # a User, or None for an umpire link
    via: str = "link"  # "link", "account", "organiser", "import", "system"
    device: str = ""
    ip: str | None = None
    may_edit_locked: bool = False


def write_audit(
    tournament_id: int,
    *,
    actor: Actor,
    action: str,
    detail: dict[str, Any],
    match_id: int | None = None,
) -> None:
    """One row of the audit trail (who did what, from which device; issue 16's records):
    the one writer of the services' hot paths (a stroke's, a draw's), its INSERT made once per
    process and no model instance (:func:`scoring.records.sql.insert_values`)."""
    user = actor.user
    insert_values(
        AuditEntry,
        tournament_id=tournament_id,
        match_id=match_id,
        actor_id=user.pk if getattr(user, "pk", None) else None,
        via=actor.via,
        device=actor.device[:200],
        ip=actor.ip,
        action=action,
        detail=detail,
    )


def audit(
    tournament: Tournament,
    *,
    actor: Actor,
    action: str,
    detail: dict[str, Any],
    match: Any = None,
) -> None:
    """One audit row for an organiser action (:func:`write_audit`)."""
    write_audit(
        tournament.pk,
        actor=actor,
        action=action,
        detail=detail,
        match_id=match.pk if match is not None else None,
    )
