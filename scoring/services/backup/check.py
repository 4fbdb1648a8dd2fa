"""The check: every stroke log of a tournament replayed through the rules engine (the one
replay of a stored board, :func:`scoring.records.board_state`) and compared with the cached
results.
"""

from __future__ import annotations

from typing import Any

from scoring.models import Board, Match, Tournament
from scoring.records import board_state, colour_sides, match_snapshot, scores_before_boards
from scoring.rules import MatchState, RulesError, variant_for


def replay_problems(tournament: Tournament) -> list[str]:
    """Replay every stroke log of ``tournament`` through the rules engine and list the boards
    whose cached result (winner, points, law, void) differs from the replay."""
    problems: list[str] = []
    matches = Match.objects.filter(event__tournament=tournament).order_by("pk")
    for match in matches:
        boards = list(
            Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
            .select_related("game")
            .order_by("game__number", "sequence")
        )
        if not boards:
            continue
        scores = scores_before_boards(match, boards)
        for board in boards:
            rows = list(board.events.order_by("seq"))
            where = f"match {match.number} game {board.game.number} board {board.sequence}"
            try:
                state = board_state(board, rows, scores.get(board.pk) or {}, sides=match.sides)
            except RulesError as err:
                problems.append(f"{where}: does not replay ({err})")
                continue
            problems.extend(f"{where}: {p}" for p in _compare(board, match, state))
    return problems


def result_problems(tournament: Tournament) -> list[str]:
    """Every match of ``tournament`` with games derived again from its boards through the
    engine (the Variant's game and match rules: ICF 61 a game, the best of three), and the
    matches whose stored winner, games won or game results contradict it listed. A walkover
    or a bye is decided without games and is not derived."""
    problems: list[str] = []
    matches = (
        Match.objects.filter(event__tournament=tournament, games__isnull=False)
        .exclude(walkover=True)
        .exclude(bye=True)
        .distinct()
        .select_related("round")
        .order_by("pk")
    )
    decided = (Match.Status.FINISHED, Match.Status.CONFIRMED)
    for match in matches:
        where = f"match {match.number}" + (f" of round {match.round.number}" if match.round else "")
        try:
            snapshot = match_snapshot(match)
        except RulesError as err:
            problems.append(f"{where}: its games do not follow the rules ({err.message})")
            continue
        winner = snapshot.winner or ""
        if match.winner_side != winner:
            problems.append(
                f"{where}: winner {match.winner_side or 'none'!r} stored, "
                f"{winner or 'none'!r} by its games"
            )
        elif match.status in decided and not snapshot.finished:
            problems.append(f"{where}: {match.status} but its games do not end it")
        state = snapshot.state
        if not isinstance(state, MatchState):
            continue
        won = {side: n for side, n in state.games_won.items() if n}
        if {side: n for side, n in (match.games_won or {}).items() if n} != won:
            problems.append(f"{where}: games won {match.games_won} stored, {won} by its games")
        for game, derived in zip(snapshot.games, state.games, strict=False):
            if (game.winner_side or "", game.scores or {}) != (
                derived.winner or "",
                derived.scores,
            ):
                problems.append(
                    f"{where} game {game.number}: {game.scores} won by "
                    f"{game.winner_side or 'none'!r} stored, {derived.scores} "
                    f"won by {derived.winner or 'none'!r} by its boards"
                )
    return problems


def _compare(board: Board, match: Match, state: dict[str, Any]) -> list[str]:
    result = state.get("result")
    if bool(state.get("finished")) != board.finished:
        return [f"finished is {board.finished} in the cache, {state.get('finished')} replayed"]
    if result is None:
        return []
    if variant_for(board.rules).points_by_player:
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
