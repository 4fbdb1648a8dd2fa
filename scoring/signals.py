"""Signals other parts of the app listen to (the draw advances winners on confirmation)."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``match=`` when the last game of a match ends (the result is known).
match_finished = Signal()
#: Sent with ``match=`` when every side has confirmed the result and the match is locked.
match_confirmed = Signal()
#: Sent with ``match=`` after the commit when a rebuild of a match's caches changes its decided
#: result: its winner or status, or the draw/totals of a finished or confirmed match (a
#: correction, a decision, a board withdrawn, an undo after the end). A team tie follows its
#: rubbers (issue 34); ratings re-rate from the match's date on (issue 33).
result_changed = Signal()
