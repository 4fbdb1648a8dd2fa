"""The cached results of a match's boards, games and the match, rebuilt from the log."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.models import Board, BoardEvent, Game, Match
from scoring.records import (
    MatchSnapshot,
    derive_snapshot,
    live_events,
    match_snapshot,
    position_after,
    scores_before,
)
from scoring.records.sides import colour_sides, other_colour
from scoring.records.sql import update_row
from scoring.rules import MatchState, RulesError, get_rules
from scoring.rules.errors import IllegalEvent
from scoring.rules.point import PointGame, PointPosition
from scoring.services import results_flow
from scoring.services.matches.base import Written, lock_match
from scoring.standings.results import match_totals


def refresh_caches(
    match: Match, *, known: Written | None = None, bump: dict[str, Any] | None = None
) -> MatchSnapshot:
    """Rebuild the cached results of the match's boards, games and the match from the log.

    ``known``: what ``record_event`` has just written and replayed, so that it is not read
    and replayed again (the result is the same); its board's ``last_seq`` is written with
    the board's caches. ``bump``: fields of a write to the match, saved with a new revision
    in the same UPDATE as the match's caches.
    """
    refresh_board_caches(match, known=known)
    if known is None:
        snapshot = match_snapshot(match)
    else:
        snapshot = derive_snapshot(
            match,
            known.games,
            known.boards,
            known.board,
            known.events,
            steps=known.steps,
            state=known.state,
        )
    changed_games, fields = cache_fields(match, snapshot=snapshot)
    for game, changes in changed_games:
        Game.objects.filter(pk=game.pk).update(**changes)
    if fields.get("status") == Match.Status.FINISHED:
        results_flow.match_finished(match=match)
    decided = (Match.Status.FINISHED, Match.Status.CONFIRMED)
    if (
        fields["winner_side"] != match.winner_side
        or fields.get("status", match.status) != match.status
        or (
            match.status in decided
            and any(
                getattr(match, name) != fields[name]
                for name in ("draw", "games_a", "games_b", "points_a", "points_b")
            )
        )
    ):
        # the decided result changed: a team tie and the ratings follow it
        results_flow.result_changed(match=match)
    if bump is not None:
        match.revision += 1
        fields = {**bump, **fields, "revision": match.revision, "updated_at": timezone.now()}
    for name, value in fields.items():
        setattr(match, name, value)
    update_row(Match, pk=match.pk, **fields)
    return snapshot


def cache_fields(
    match: Match, *, snapshot: MatchSnapshot
) -> tuple[list[tuple[Game, dict[str, Any]]], dict[str, Any]]:
    """The cached results ``snapshot`` gives: each game whose cache changes with its new
    fields (set on the snapshot's game objects too), and the match's result fields (with its
    status when the match ends or is open again). The one definition of the caches, used by
    :func:`refresh_caches` and by the SoL import's bulk write."""
    changed: list[tuple[Game, dict[str, Any]]] = []
    state = snapshot.state
    if isinstance(state, MatchState):
        for game, game_state in zip(snapshot.games, state.games, strict=False):
            winner = game_state.winner or ""
            if (game.scores, game.winner_side, game.finished) != (
                game_state.scores,
                winner,
                game_state.finished,
            ):
                changes = {
                    "scores": game_state.scores,
                    "winner_side": winner,
                    "finished": game_state.finished,
                }
                changed.append((game, changes))
                game.scores, game.winner_side, game.finished = (
                    game_state.scores,
                    winner,
                    game_state.finished,
                )
        games_won = dict(state.games_won)
    elif isinstance(state, PointGame):
        games_won = {s: int(s == state.winner) for s in match.sides}
        winner = state.winner or ""
        for game in snapshot.games:
            if (game.scores, game.winner_side, game.finished) != (
                state.scores,
                winner,
                state.finished,
            ):
                changed.append(
                    (
                        game,
                        {"scores": state.scores, "winner_side": winner, "finished": state.finished},
                    )
                )
            game.scores, game.winner_side, game.finished = state.scores, winner, state.finished
    else:
        games_won = {}
    fields: dict[str, Any] = {
        "games_won": games_won,
        "winner_side": snapshot.winner or "",
        "draw": bool(getattr(state, "draw", False)),
        **match_totals((g.winner_side, g.scores) for g in snapshot.games),
    }
    if snapshot.finished and match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED):
        fields.update(status=Match.Status.FINISHED, finished_at=timezone.now())
    elif not snapshot.finished and match.status in (Match.Status.FINISHED,):
        fields.update(status=Match.Status.PLAYING, finished_at=None)
    return changed, fields


def refresh_board_caches(match: Match, *, known: Written | None = None) -> None:
    """Replay every log board of the match whose cache may be stale (the last one, or all
    when ``match`` is rebuilt) and write the result fields."""
    if known is not None:
        refresh_board(
            match,
            board=known.board,
            position=known.steps[-1].after,
            extra={"last_seq": known.board.last_seq},
        )
        return
    rows = list(
        Board.objects.filter(game__match=match, kind=Board.Kind.LOG).order_by(
            "game__number", "sequence"
        )
    )
    if not rows:
        return
    refresh_board(match, board=rows[-1])


def rebuild_match(match: Match) -> MatchSnapshot:
    """Recompute every cache of ``match`` from its logs (``manage.py replay_boards``)."""
    with transaction.atomic():
        match = lock_match(match.pk)
        # paper boards corrected by an organiser: their entry is the last correction row's
        for row in BoardEvent.objects.filter(
            board__game__match=match, type=BoardEvent.Type.CORRECTION
        ).order_by("seq"):
            Board.objects.filter(pk=row.board_id).update(**paper_fields(row.payload["after"]))
        rows = list(
            Board.objects.filter(game__match=match, kind=Board.Kind.LOG).order_by(
                "game__number", "sequence"
            )
        )
        for board in rows:  # oldest first: each replay needs the scores before it
            Board.objects.filter(pk=board.pk).update(finished=False)
        for board in rows:
            refresh_board(match, board=Board.objects.get(pk=board.pk))
        withdrawn = set(
            BoardEvent.objects.filter(
                board__game__match=match,
                type=BoardEvent.Type.UNDO,
                retracts__isnull=True,
            )
            .exclude(board__kind=Board.Kind.LOG)
            .values_list("board_id", flat=True)
        )
        for board in Board.objects.filter(game__match=match).exclude(kind=Board.Kind.LOG):
            if board.void != (board.pk in withdrawn):  # paper boards: withdrawn by an undo
                Board.objects.filter(pk=board.pk).update(void=board.pk in withdrawn)
        return refresh_caches(match)


def paper_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """A paper board's stored fields from its entry (a quick entry, or the ``after`` of an
    organiser's correction row: :mod:`scoring.services.corrections`)."""
    award = entry.get("points") is not None
    return {
        "kind": Board.Kind.AWARD if award else Board.Kind.SUMMARY,
        "summary_winner": entry["winner"],
        "summary_carrommen": None if award else entry.get("carrommen"),
        "summary_queen": "" if award else (entry.get("queen") or ""),
        "award_points": entry.get("points") if award else None,
        "award_law": (entry.get("law") or "") if award else "",
        # a sheet keyed with sides A and B swapped: who broke the board, keyed again
        **({"breaker": entry["breaker"]} if entry.get("breaker") else {}),
    }


def refresh_board(
    match: Match, *, board: Board, position: Any = None, extra: dict[str, Any] | None = None
) -> None:
    """Write ``board``'s result fields from its log (or from ``position``, the variant's
    position its log replays to, when the caller knows it), and ``extra`` fields; only what
    changed is written (an ordinary stroke changes no result field)."""
    rules = get_rules(board.rules)
    if position is None:
        events = live_events(list(board.events.order_by("seq")))
        scores = scores_before(match, board)
        try:
            position, _ = position_after(board, events, scores, sides=match.sides)
        except (RulesError, IllegalEvent):  # pragma: no cover - logs are validated on write
            return
    fields: dict[str, Any]
    if isinstance(position, PointPosition):
        point = position
        fields = {
            "finished": point.finished,
            "void": point.void,
            "result_points_by_side": (
                point.points(rules) if point.finished and not point.void else {}
            ),
            "result_law": point.law or "" if point.finished else "",
        }
    else:
        result = position.result
        fields = {"finished": result is not None, "void": bool(result and result.void)}
        if result is not None and not result.void:
            loser = other_colour(result.winner)
            holder = position.queen_holder
            to_side = colour_sides(board.breaker)
            fields.update(
                result_winner=to_side[result.winner],
                result_points=result.points,
                result_law=result.law,
                result_interpretation=result.interpretation,
                result_carrommen=position.on_board[loser],
                result_queen=to_side[holder] if position.queen.startswith("covered:") else "",
                result_extra_points=result.extra_points,
            )
        else:
            fields.update(
                result_winner="",
                result_points=None,
                result_law="",
                result_interpretation=False,
                result_carrommen=None,
                result_queen="",
                result_extra_points=0,
            )
    changed = {name: value for name, value in fields.items() if getattr(board, name) != value}
    if changed:
        changed["finished_at"] = timezone.now() if fields["finished"] else None
    changed.update(extra or {})
    if changed:
        update_row(Board, pk=board.pk, **changed)
    for name, value in changed.items():
        setattr(board, name, value)
