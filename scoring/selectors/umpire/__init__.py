"""What the umpire tablet shows, derived from a :class:`~scoring.records.MatchSnapshot`: the
screen model (:func:`tablet`, :class:`Tablet`), split by job: ``model`` (the dataclasses),
``screen`` (the colour game's screen and :func:`tablet`), ``history`` (the board's events in
words), ``points`` (three-player point carrom), ``boards`` (helpers about stored boards)."""

from scoring.selectors.umpire.boards import colour_with_name
from scoring.selectors.umpire.model import BoardEnd, HistoryItem, Seat, SideView, Tablet, TurnView
from scoring.selectors.umpire.screen import tablet, with_extra_board_toss

__all__ = [
    "BoardEnd",
    "HistoryItem",
    "Seat",
    "SideView",
    "Tablet",
    "TurnView",
    "colour_with_name",
    "tablet",
    "with_extra_board_toss",
]
