"""The check: every stroke log of a tournament replayed through the rules engine and compared with
the cached results.
"""

from __future__ import annotations

from typing import Any

from scoring.models import Board, Match, Tournament
from scoring.records import board_log_document, colour_sides
from scoring.rules import RulesError, variant_for
from scoring.rules.house import with_switches
from scoring.rules.interchange import replay_board_document
from scoring.services.backup.export import _scores_before_boards


def replay_problems(tournament: Tournament) -> list[str]:
    """Replay every stroke log of ``tournament`` through the rules engine and list the boards
    whose cached result (winner, points, law, void) differs from the replay."""
    problems: list[str] = []
    matches = Match.objects.filter(event__tournament=tournament).order_by("pk")
    for match in matches:
        boards = list(Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
                      .select_related("game").order_by("game__number", "sequence"))
        if not boards:
            continue
        scores = _scores_before_boards(match, boards)
        for board in boards:
            rows = list(board.events.order_by("seq"))
            where = f"match {match.number} game {board.game.number} board {board.sequence}"
            document = board_log_document(board, rows, match=match, scores=scores.get(board.pk))
            try:
                state = replay_board_document(with_switches(document))
            except RulesError as err:
                problems.append(f"{where}: does not replay ({err})")
                continue
            problems.extend(f"{where}: {p}" for p in _compare(board, match, state))
    return problems


def _compare(board: Board, match: Match, state: dict[str, Any]) -> list[str]:
    result = state.get("result")
    if bool(state.get("finished")) != board.finished:
        return [f"finished is {board.finished} in the cache, {state.get('finished')} replayed"]
    if result is None:
        return []
    if not variant_for(board.rules).has_colours:
        points = result.get("points") or {}
        if points != board.result_points_by_side:
            return [f"points {board.result_points_by_side} cached, {points} replayed"]
        return []
    if bool(result.get("void")) != board.void:
        return [f"void is {board.void} in the cache, {result.get('void')} replayed"]
    if board.void:
        return []
    winner = colour_sides(board.breaker).get(result.get("winner") or "")
    found = []
    if winner != board.result_winner:
        found.append(f"winner {board.result_winner!r} cached, {winner!r} replayed")
    if result.get("points") != board.result_points:
        found.append(f"points {board.result_points} cached, {result.get('points')} replayed")
    if (result.get("law") or "") != board.result_law:
        found.append(f"law {board.result_law!r} cached, {result.get('law')!r} replayed")
    return found
