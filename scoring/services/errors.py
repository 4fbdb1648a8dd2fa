"""The one base of every service's refusal: :class:`ServiceError` (a stable ``code`` and its
``params``), rendered in the reader's language from the one catalogue of error codes
(:mod:`scoring.error_words`).

Each service keeps its own subclass (``MatchError``, ``TournamentError``,
``DrawServiceError`` …, the names callers already use); a view catches :data:`REFUSED` once
around a write and answers with :meth:`ServiceError.text`.
"""

from __future__ import annotations

from typing import Any

from scoring.rules import RulesError


class ServiceError(Exception):
    """A request a service refuses (nothing is saved): ``code`` is stable, ``params`` fill the
    placeholders of its sentence, ``message`` is an English detail for logs and files."""

    #: the HTTP status a view answers with (a refused request is understood but cannot be done)
    status = 422

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        super().__init__(message or code)
        self.code = code
        self.params = params
        self.message = message

    def text(self) -> str:
        """The refusal in the active language: the catalogue's sentence for ``code`` with the
        ``params`` filled in, else the English ``message``, else "not possible now (code)"."""
        from scoring.error_words import error_text

        return error_text(self.code, self.params, self.message or None)


#: What a view catches once around a write: a service's refusal, or the rules engine's (the
#: engine is pure and self-contained, so its RulesError cannot derive from ServiceError; it
#: has the same ``code`` and ``message``).
REFUSED: tuple[type[Exception], ...] = (ServiceError, RulesError)
