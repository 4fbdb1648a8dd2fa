"""Persistence for the scoring app. One module per concept; re-export every model here.

Models store data (for example the stroke log); they do not compute games. Game logic lives in
the pure rules engine ``scoring.rules`` and is applied by services.
"""

from __future__ import annotations

from scoring.models.tournament import Tournament

__all__ = ["Tournament"]
