"""Signals other parts of the app listen to (the draw advances winners on confirmation)."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``match=`` when the last game of a match ends (the result is known).
match_finished = Signal()
#: Sent with ``match=`` when every side has confirmed the result and the match is locked.
match_confirmed = Signal()
#: Sent with ``match=`` when a rebuild of a match's caches changes its winner or its status
#: (a correction, an undo after the end): a team tie follows its rubbers (issue 34).
match_result_changed = Signal()
