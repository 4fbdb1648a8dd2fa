"""Helpers of the screen model about the stored boards: the last board, the boards of a game,
the scores before each point board, the seats after the side changes (ICF 58-60), how the
rulings name a colour, the key of a board's history lines."""

from __future__ import annotations

from typing import Any

from scoring import rulings
from scoring.models import Board, Match
from scoring.records import (
    MatchSnapshot,
    board_numbers,
    point_scores_before_each,
)
from scoring.rules import MatchState
from scoring.selectors.umpire.model import (
    SideView,
    Tablet,
)


def seats_flipped(state: MatchState, current: Any, match: Match) -> bool:
    """Whether B sits on the left after the side changes made before the current board:
    before games 2 and 3 (ICF 58, 59) and once within game 3 (ICF 60). A change due before
    this board counts only once the umpire acknowledges it (the tablet turns the panels
    then), so this is the arrangement before it. Singles only: in doubles every player moves
    one seat to the right."""
    if match.event.is_doubles:
        return False
    changes = current.game_number - 1
    after = (
        state.side_change_after[current.game_number - 1]
        if current.game_number <= len(state.side_change_after)
        else None
    )
    if after is not None and current.board_number > after:
        changes += 1
    if current.change_sides:
        changes -= 1
    return bool(changes % 2 == 1)


def needs_seating(match: Match) -> bool:
    return match.event.is_doubles and len(match.seating or []) != 4


def last_board_of(snapshot: MatchSnapshot) -> Board | None:
    for game in reversed(snapshot.games):
        rows = snapshot.boards.get(game.pk) or []
        if rows:
            return rows[-1]
    return None


def game_boards(game_state: Any, by_side: dict[str, SideView]) -> list[dict[str, Any]]:
    out = []
    for b in game_state.boards:
        out.append(
            {
                "number": b.number,
                "void": b.void,
                "winner": by_side.get(b.winner),
                "points": b.points,
                "law": b.law or "",
                "scores": b.scores_after,
                "breaker": by_side.get(b.breaker),
            }
        )
    return out


def scores_before_each_point(match: Match, snapshot: MatchSnapshot, board: Board) -> dict[str, int]:
    """Point carrom: the game scores before ``board`` (its game's stored boards)."""
    return point_scores_before_each(match, snapshot.boards.get(board.game_id, [])).get(board.pk, {})


def game_number_of(view: Tablet, board: Board) -> int:
    return next((g.number for g in view.snapshot.games if g.pk == board.game_id), 0)


def board_number_of(snapshot: MatchSnapshot, board: Board) -> int:
    """``board``'s number in its game: the one numbering (records.board_numbers; a void
    board and its replay carry the same number), as the live pages and the API show it."""
    rows = list(snapshot.boards.get(board.game_id, []))
    if all(r.pk != board.pk for r in rows):
        rows.append(board)
    return board_numbers(rows)[board.sequence]


def history_key(board: Board, names: dict[str, str], match: Match) -> str:
    """The names the rulings use and the seating: with the event (its request key and its
    number) and the language, all a line of the history depends on. (The events before a
    live event never change: an undo retracts the last one.)"""
    return "|".join([str(board.pk), *sorted(names.values()), str(match.seating)])


def colour_with_name(colour: str, view: Tablet, side: str) -> str:
    entry = next(s for s in view.sides if s.side == side)
    return f"{rulings.colour_word(colour)} ({entry.name})"
