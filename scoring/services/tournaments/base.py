"""What every organiser write of this package shares: its error (a stable code the view
translates) and the audit row (:func:`scoring.services.audit.audit`, importable from here)."""

from __future__ import annotations

from typing import Any

from scoring.limits import TextRefused, check_text
from scoring.services.audit import audit as audit
from scoring.services.errors import ServiceError


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
