"""The end of a game (ICF 53, 56 and ruling 3), for every preset and both variants: a game
score after a board, the game decided at the points or after the board limit (a tie at the
top an extra board), and a game stopped by the round's time limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .presets import RuleSet


class GameDecision(NamedTuple):
    """Where a game stands after a counted board (or when time stops it)."""

    finished: bool = False
    winner: str | None = None
    draw: bool = False
    extra_board: bool = False


def _leaders(scores: Mapping[str, int]) -> list[str]:
    top = max(scores.values())
    return [name for name, score in scores.items() if score == top]


def board_added(score: int, points: int, rules: RuleSet) -> int:
    """A game score after a board won with ``points``: never past the game's points
    (ICF 53: the game is won at 25)."""
    return min(score + points, rules.game_points)


def decide_game(
    scores: Mapping[str, int], counted: int, limit: int | None, rules: RuleSet
) -> GameDecision:
    """ICF 56 and ruling 3, for every preset and both variants: the game ends when a player
    reaches the game points (the one at the top wins) or, with a board limit, after it (the
    leader wins); a tie at the top is decided by one extra board, whose break a fresh toss
    decides (ICF 56(b); point carrom likewise, rulebook, engine details), or is a draw when
    the preset plays no extra board. ``scores``: capped at the game points."""
    leaders = _leaders(scores)
    reached = scores[leaders[0]] >= rules.game_points
    if not reached and (limit is None or counted < limit):
        return GameDecision()
    if len(leaders) == 1:
        return GameDecision(finished=True, winner=leaders[0])
    if rules.extra_board_on_tie:
        return GameDecision(extra_board=True)
    return GameDecision(finished=True, draw=True)


def decide_at_time(scores: Mapping[str, int]) -> GameDecision:
    """A game stopped by the round's time limit (rulebook, ``time_up``; a tournament rule, the
    ICF Laws set none): the leader wins, a tie at the top is a draw."""
    leaders = _leaders(scores)
    if len(leaders) == 1:
        return GameDecision(finished=True, winner=leaders[0])
    return GameDecision(finished=True, draw=True)
