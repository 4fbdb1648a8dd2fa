"""What every organiser write of this package shares: its error (a stable code the view
translates) and the audit row."""

from __future__ import annotations

from typing import Any

from scoring.models import AuditEntry, Tournament
from scoring.services.matches import Actor
from scoring.services.sql_rows import insert_one


class TournamentError(Exception):
    """Something the organiser can fix; ``code`` is stable, the view translates it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def audit(tournament: Tournament, actor: Actor, action: str, detail: dict[str, Any],
          match: Any = None) -> None:
    """One audit row for an organiser action (its INSERT made once per process: a draw's
    fixed cost, issue 17)."""
    insert_one(AuditEntry(
        tournament=tournament, match=match,
        actor=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via, device=actor.device[:200], ip=actor.ip, action=action, detail=detail,
    ))
