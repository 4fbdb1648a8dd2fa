"""What an import of a SoL archive did: the report the organiser reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.models import Tournament
from scoring.report_words import Line, stored

__all__ = ["Line", "SolReport", "stored"]


@dataclass
class SolReport:
    tournaments: list[Tournament] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # tourneys imported before
    players_created: int = 0
    players_reused: int = 0
    matches: int = 0
    boards: int = 0
    warnings: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # what SoL recorded that was kept as such
    flagged: list[str] = field(default_factory=list)  # matches flagged for the organiser
