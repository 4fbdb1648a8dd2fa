"""What every organiser write of this package shares: its error (a stable code the view
translates) and the audit row."""

from __future__ import annotations

from typing import Any

from scoring.limits import TextRefused, check_text
from scoring.models import Tournament
from scoring.services.errors import ServiceError
from scoring.services.matches import Actor
from scoring.services.matches.base import write_audit


class TournamentError(ServiceError):
    """Something the organiser can fix; ``code`` is stable, the view translates it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, **params)


def clean_text(value: object, *, field: str = "", multiline: bool = False) -> str:
    """``value`` as free text that may be stored (``scoring.limits.check_text``: no NUL, no
    control or text-direction characters), else ``TournamentError("text_…")``."""
    try:
        return check_text(value, field=field, multiline=multiline)
    except TextRefused as err:
        raise TournamentError(f"text_{err.code}", field=field) from err


def audit(
    tournament: Tournament, actor: Actor, action: str, detail: dict[str, Any], match: Any = None
) -> None:
    """One audit row for an organiser action
    (:func:`scoring.services.matches.base.write_audit`)."""
    write_audit(
        tournament.pk, actor, action, detail, match_id=match.pk if match is not None else None
    )
