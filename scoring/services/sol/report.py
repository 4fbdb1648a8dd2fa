"""What an import of a SoL archive did: the report the organiser reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.models import Tournament
from scoring.report_words import Line, stored

__all__ = ["Line", "SolReport", "stored", "unranked_turn"]


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


def unranked_turn(matches: list[Any], label: str) -> list[str]:
    """The report's line on a tourney's unfinished turn, if any. SoL ranks a tourney only
    over turns whose every match has a result: a match still 0–0 stops its ranking, which
    stays the one after the turn before (found by running SoL 5.26 on crafted tourneys). This
    app counts each result once it is in, a drawn bye at once, so from that turn on the two
    differ while any of its results is in: said here, not followed."""
    open_turns = [
        m.get("turn") or 1
        for m in matches
        if m.get("competitor2") is not None
        and not m.get("final")
        and not m.get("score1")
        and not m.get("score2")
        and not m.get("boards")
    ]
    if not open_turns:
        return []
    first = min(open_turns)
    counted = sum(
        1
        for m in matches
        if (m.get("turn") or 1) >= first
        and not m.get("final")
        and (m.get("competitor2") is None or m.get("score1") or m.get("score2"))
    )
    if not counted:
        return []
    return [
        Line.ngettext(
            "%(tourney)s: turn %(turn)d has matches without a result; SoL ranks complete "
            "turns only (its ranking is the one after turn %(before)d), here the %(n)d "
            "result already in from that turn on counts (byes included)",
            "%(tourney)s: turn %(turn)d has matches without a result; SoL ranks complete "
            "turns only (its ranking is the one after turn %(before)d), here the %(n)d "
            "results already in from that turn on count (byes included)",
            tourney=label,
            turn=first,
            before=first - 1,
            n=counted,
        )
    ]
