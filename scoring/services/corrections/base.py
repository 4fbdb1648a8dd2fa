"""What the corrections share: the repairs, the error, the right entry of a paper board or of a
stroke-logged board from a point on, and what a correction changes downstream (issue 14)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from scoring.models import Match
from scoring.services.matches import MatchError

REPAIRS = ("move", "repair", "keep", "replay", "award", "eliminate")
STARTED = (Match.Status.CALLED, Match.Status.PLAYING, Match.Status.FINISHED)


class CorrectionError(MatchError):
    """A correction that cannot be made (nothing is saved)."""


@dataclass(frozen=True)
class PaperFix:
    """The right entry of a paper board: winner, the loser's carrommen left and who covered
    the queen (ICF 53–55), or an award of ``points`` with its ``law``."""

    winner: str
    carrommen: int | None = None
    queen: str = ""
    points: int | None = None
    law: str = ""

    def entry(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "carrommen": self.carrommen,
            "queen": self.queen,
            "points": self.points,
            "law": self.law,
        }


@dataclass(frozen=True)
class LogFix:
    """A stroke-logged board corrected from a point on: the first ``keep`` events that count
    stay, the rest are retracted and ``events`` (interchange format v1) recorded after them."""

    keep: int
    events: tuple[dict[str, Any], ...]


@dataclass
class Downstream:
    """What a correction changes after the match, and the repairs that fit."""

    winner_before: str
    winner_after: str
    games_before: dict[str, int]
    games_after: dict[str, int]
    next_match: int | None = None  # number of the match the winner went on to
    next_started: bool = False
    later_round: str = ""  # "swiss" / "knockout": a round drawn on this result
    later_started: bool = False
    later_count: int = 0  # rounds drawn after the match's round
    standings: list[tuple[str, int, int]] = field(default_factory=list)  # name, before, after
    repairs: tuple[str, ...] = ("keep",)
    #: later bracket matches already played that no longer fit (issue 30: bracket_repairs)
    later: list[Any] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # the corrected match's sides
    boards: list[dict[str, Any]] = field(default_factory=list)  # re-keyed: before and after
    toss: dict[str, Any] = field(default_factory=dict)  # swapped sides: the toss before, after

    @property
    def winner_changed(self) -> bool:
        return self.winner_before != self.winner_after

    @property
    def affects_draw(self) -> bool:
        return self.winner_changed and (self.next_match is not None or bool(self.later_round))


class _Preview(Exception):
    """Raised inside a preview's savepoint to roll it back with what it would change."""

    def __init__(self, downstream: Downstream) -> None:
        self.downstream = downstream


def rolled_back(change: Callable[[], Downstream]) -> Downstream:
    """What ``change`` would change downstream, applied inside a savepoint that is rolled
    back: nothing is saved (the preview of a correction, a re-keying or a decision)."""
    try:
        with transaction.atomic():
            raise _Preview(change())
    except _Preview as preview:
        return preview.downstream
