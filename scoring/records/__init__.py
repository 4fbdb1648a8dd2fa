"""The read layer of a stored match as the engine sees it (the one owner of that view).

Services (which write) and selectors (which read for pages) both derive a match from here:
the board log as plain rows (:mod:`.rows`), which stored board counts as what, the scores
before a board, the one replay of a stored board and its log as a ``carrom-board/1``
document (:mod:`.boards`), sides and colours (:mod:`.sides`) and the match snapshot
(:mod:`.snapshot`). Nothing here writes.
"""

from scoring.records.boards import (
    BoardStep,
    becomes_entry,
    board_log_document,
    board_numbers,
    board_state,
    board_steps,
    colour_opening,
    game_entries,
    opening_of,
    point_first_breaker,
    point_scores_before_each,
    position_after,
    replay_board,
    rules_for_match,
    scores_before,
    scores_before_each,
    turn_rotation,
)
from scoring.records.rows import EventRow, board_events, event_rows, live_events
from scoring.records.sides import (
    SIDES,
    by_colour,
    colour_sides,
    other_colour,
    other_side,
    side_colours,
)
from scoring.records.snapshot import (
    CurrentBoard,
    MatchSnapshot,
    derive_snapshot,
    match_snapshot,
    scores_before_boards,
)
from scoring.rules.interchange import BOARD_FORMAT

__all__ = [
    "board_numbers",
    "BOARD_FORMAT",
    "BoardStep",
    "CurrentBoard",
    "EventRow",
    "MatchSnapshot",
    "SIDES",
    "becomes_entry",
    "board_events",
    "board_log_document",
    "board_state",
    "board_steps",
    "by_colour",
    "colour_opening",
    "colour_sides",
    "derive_snapshot",
    "event_rows",
    "game_entries",
    "live_events",
    "match_snapshot",
    "other_colour",
    "other_side",
    "opening_of",
    "point_first_breaker",
    "point_scores_before_each",
    "position_after",
    "replay_board",
    "rules_for_match",
    "scores_before",
    "scores_before_boards",
    "scores_before_each",
    "side_colours",
    "turn_rotation",
]
