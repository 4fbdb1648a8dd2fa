"""Signals other parts of the app listen to (the draw advances winners on confirmation)."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``match=`` when the last game of a match ends (the result is known).
match_finished = Signal()
#: Sent with ``match=`` when every side has confirmed the result and the match is locked.
match_confirmed = Signal()
#: Sent with ``match=`` after the commit when the result of a finished or confirmed match
#: changed (a correction, a decision, a board withdrawn): ratings re-rate from its date on.
result_changed = Signal()
