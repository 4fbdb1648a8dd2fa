"""What is kept beside a board's log as audit entries of the match (the interchange format has
no event for them): the umpire's stroke-clock warnings (ICF 50) and the steps between boards
the umpire acknowledges (ICF 58–60 "Sides changed", IT 102 the interval ended). Services
write them (``services/stroke_clock.py``, ``services/board_steps.py``); the tablet reads them
(``selectors/umpire_matches.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: audit actions
WARNING = "stroke_clock_warning"
STEP = "board_step"
INTERVAL_ENDED = "interval_ended"


@dataclass(frozen=True)
class Warning:
    """A warning recorded: on which board, for whom."""

    game: int
    board: int
    by: str  # the colour on turn (a side in point carrom)
    player: str
    created: bool  # False: a repeated request, recorded before


def warning_of(detail: dict[str, Any], *, created: bool = False) -> Warning:
    """The warning an audit entry's detail holds."""
    return Warning(
        int(detail.get("game") or 0),
        int(detail.get("board") or 0),
        str(detail.get("by") or ""),
        str(detail.get("player") or ""),
        created,
    )
