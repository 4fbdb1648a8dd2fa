"""A SoL match's result in the board log: SoL's board rows as summary boards, or its score
as award boards (``SoL result``), or, where boards cannot hold it (a level score, a score past
the game's points), the game's score *recorded* as SoL recorded it (:class:`~scoring.rules.
RecordedEntry`, no ICF law). A game the rows or awards leave unfinished was stopped by the
round's time limit: the leader wins, level is a draw. Every match is played in memory as the
match services would play it with the import :class:`Actor` (:class:`~.bulk.PaperMatch`: the
engine checks every board, the audit trail records it) and a tourney's matches are written in
bulk (:func:`~.bulk.write_matches`).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.models import Board, Entry, Event, Match, Round, Table, Tournament
from scoring.report_words import stored_text
from scoring.rules import MatchState, RulesError, derive_game
from scoring.rules.game import BoardEntry, SummaryEntry
from scoring.services.matches import (
    Actor,
    MatchError,
    RecordOutcome,
    match_snapshot,
    refresh_caches,
)
from scoring.services.matches.base import audit_match, bump_revision, lock_match
from scoring.services.matches.recording import target_board
from scoring.services.sol.bulk import PaperMatch, check_scores
from scoring.services.sol.played import (
    AWARD_LAW,
    GAME_POINTS,
    awards_from_score,
    games_of,
    import_games,
    import_own_match,
    points_of,
    side_of,
)
from scoring.services.sol.reading import SolError
from scoring.services.sol.report import Line, SolReport


def record_game_score(
    *, match: Match, scores: dict[str, int], law: str, actor: Actor
) -> RecordOutcome:
    """Record a game's score as another system recorded it (an import; no ICF law, see
    :class:`~scoring.rules.RecordedEntry`): one board of kind ``recorded``, the game's only
    board; the higher score wins the game, level scores are a drawn game (a one-game match:
    a draw, 1 point each under the European ranking). Audited; caches rebuilt from the log.

    :raises MatchError: ``bad_scores`` (both sides, whole numbers from 0), ``toss_missing``,
        ``match_finished``, ``board_in_progress`` / ``recorded_not_alone`` (the game has
        boards already).
    """
    check_scores(scores)
    with transaction.atomic():
        match = lock_match(match.pk)
        snapshot = match_snapshot(match)
        if snapshot.current is not None and snapshot.current.board is not None:
            raise MatchError("board_in_progress", "the current board is being recorded")
        board, _ = target_board(match, snapshot=snapshot, payload={"type": "stroke"}, breaker=None)
        if board.sequence != 1:
            raise MatchError("recorded_not_alone", "a recorded score is the game's only board")
        board.kind = Board.Kind.RECORDED
        board.recorded_scores = {"a": scores["a"], "b": scores["b"]}
        board.award_law = law[:30]
        board.save()
        bump_revision(
            match, started_at=match.started_at or timezone.now(), status=Match.Status.PLAYING
        )
        fresh = refresh_caches(match)
        audit_match(
            match,
            actor=actor,
            action="recorded_game",
            detail={"board": board.pk, "scores": scores, "law": law},
        )
        return RecordOutcome(fresh, None)


def _entry(entries: list[Entry], position: Any, where: str) -> Entry | None:
    if position is None:
        return None
    if not isinstance(position, int) or not 1 <= position <= len(entries):
        raise SolError(
            Line.gettext(
                "%(where)s: competitor %(position)s does not exist",
                where=where,
                position=repr(position),
            )
        )
    return entries[position - 1]


def _board_scores(plan: list[dict[str, Any]], breaker: str | None) -> dict[str, int]:
    """What ``plan`` (summary boards) adds up to by the engine (22-point rule included),
    as a game stopped by time after its last board; in a late round as the import plays
    every match (no 8-board limit, DCV 56(c))."""
    entries: list[BoardEntry] = [
        SummaryEntry(b["winner"], b["carrommen"], b["queen"] or None) for b in plan
    ]
    try:
        state = derive_game(
            entries,
            players=("a", "b"),
            first_breaker=breaker or "a",
            stage=Round.Stage.LATE,
            time_up=True,
        )
    except RulesError:
        return {}
    return dict(state.scores)


def import_match(
    smatch: dict[str, Any],
    *,
    number: int,
    event: Event,
    round_: Round,
    table: Table | None,
    entries: list[Entry],
    tournament: Tournament,
    actor: Actor,
    report: SolReport,
    where: str,
    group: str = "",
    extra: dict[str, Any] | None = None,
) -> PaperMatch:
    """One SoL match played in memory (written with its tourney's, :func:`.bulk.write_matches`)."""
    entry_a = _entry(entries, smatch.get("competitor1"), where)
    entry_b = _entry(entries, smatch.get("competitor2"), where)
    if entry_a is None:
        raise SolError(Line.gettext("%(where)s: a match without its first competitor", where=where))
    score1, score2 = smatch.get("score1") or 0, smatch.get("score2") or 0
    day_end = timezone.make_aware(
        datetime.datetime.combine(tournament.end_date, datetime.time(23, 59))
    )
    games = games_of(smatch)
    games_to_win = 2 if len(games) > 1 else 1
    if extra is not None:
        games_to_win = (
            int(extra["games_to_win"])
            if extra.get("games_to_win") in (1, 2, 3)
            else round_.games_to_win
        )
        group = _group(extra.get("group"), group)
        number = (
            int(extra["number"])
            if isinstance(extra.get("number"), int) and extra["number"] > 0
            else number
        )
    match = Match(
        event=event,
        round=round_,
        number=number,
        entry_a=entry_a,
        entry_b=entry_b,
        table=table,
        rules=event.rules if extra is not None else "icf",
        stage=round_.stage if extra is not None else Round.Stage.LATE,
        games_to_win=games_to_win,
        bye=entry_b is None,
        status=Match.Status.READY,
        group=group,
    )
    plan = PaperMatch(match, tournament, actor)
    if (
        extra is not None
        and entry_b is not None
        and event.kind == Event.Kind.TEAMS
        and isinstance(extra.get("tie"), dict)
    ):
        # a tie of a team event: its result is worked out from its rubbers once they are
        # written (:func:`.teams.write_ties`), never read from the file
        if extra.get("status") == Match.Status.CONFIRMED:
            match.status = Match.Status.CONFIRMED
        plan.audit(
            "sol_result",
            {"turn": smatch.get("turn"), "board": smatch.get("board"), "from": "app", "tie": True},
        )
        return plan
    boards_kept = games_to_win == 1 and bool(smatch.get("boards"))
    if (
        extra is not None
        and entry_b is not None
        and not (
            boards_kept
            and not extra.get("walkover")
            and extra.get("status") in (Match.Status.FINISHED, Match.Status.CONFIRMED)
        )
    ):
        import_own_match(plan, smatch=smatch, extra=extra, report=report, day_end=day_end)
        return plan
    if len(games) > 1 and entry_b is not None and any(games[1:]):
        import_games(plan, smatch=smatch, games=games, report=report, where=where, day_end=day_end)
        return plan
    report.matches += 1
    sol_result = {
        "score1": score1,
        "score2": score2,
        "turn": smatch.get("turn"),
        "board": smatch.get("board"),
        "final": bool(smatch.get("final")),
    }
    if entry_b is None:  # the phantom: a bye
        # SoL's recorded score of the bye (none recorded: the phantom score), counted in the
        # total score as SoL counts it (the net score counts the phantom score)
        phantom = (event.settings or {}).get("bye_points", 25)
        match.status = Match.Status.FINISHED
        match.winner_side = "a"
        match.finished_at = day_end
        match.points_a = points_of(score1) or points_of(phantom)
        plan.audit("sol_result", {**sol_result, "bye": True})
        return plan
    if not score1 and not score2 and not smatch.get("boards"):
        return plan  # not played (yet)
    breaker = side_of(smatch.get("breaker"))
    plan.toss(breaker or "a", "break")
    board_plan = _boards_from_sol(smatch.get("boards") or [], where, report)
    source = "boards"
    warnings: list[str] = []
    review = ""
    rows = smatch.get("boards") or []
    if board_plan is not None:
        added = _board_scores(board_plan, breaker)
        if (added.get("a"), added.get("b")) != (score1, score2):
            # SoL's score is what SoL ranked by: it wins; the rows stay in the audit trail
            review = Line.gettext(
                "SoL says %(score)s, its board rows give %(rows)s",
                score=f"{score1}–{score2}",
                rows=f"{added.get('a', '?')}–{added.get('b', '?')}",
            )
            warnings.append(
                Line.gettext(
                    "%(where)s, table %(table)s: %(review)s; SoL's score is kept, the board "
                    "rows are noted for the organiser",
                    where=where,
                    table=smatch.get("board"),
                    review=review,
                )
            )
            board_plan = None
    recorded = board_plan is None and _needs_record(score1, score2)
    if recorded:
        plan.recorded_game({"a": score1, "b": score2}, AWARD_LAW)
        source = "recorded"
        kept = {"where": where, "table": smatch.get("board"), "score": f"{score1}–{score2}"}
        report.kept.append(
            Line.gettext(
                "%(where)s, table %(table)s: %(score)s kept as SoL recorded it (draw)", **kept
            )
            if score1 == score2
            else Line.gettext(
                "%(where)s, table %(table)s: %(score)s kept as SoL recorded it", **kept
            )
        )
        if max(score1, score2) > GAME_POINTS:
            review = review or Line.gettext(
                "SoL says %(score)s, past the game's %(points)d",
                score=f"{score1}–{score2}",
                points=GAME_POINTS,
            )
        board_plan = []
    elif board_plan is None:
        board_plan = awards_from_score(score1, score2=score2)
        source = "score"
    for board in board_plan:
        try:
            plan.quick_board(**board)
        except (MatchError, RulesError) as err:
            warnings.append(
                Line.gettext(
                    "%(where)s, table %(table)s: board %(board)s not imported (%(reason)s)",
                    where=where,
                    table=smatch.get("board"),
                    board=str(board),
                    reason=str(err),
                )
            )
            review = review or Line.gettext("a board could not be imported")
            break
        report.boards += 1
    time_limited = not plan.snapshot.finished
    if time_limited:
        # the round's time limit stopped the game: the leader wins, level is a draw
        plan.time_up()
    snapshot = plan.snapshot
    derived: dict[str, int] = {}
    if isinstance(snapshot.state, MatchState) and snapshot.state.games:
        derived = dict(snapshot.state.games[0].scores)
    match.finished_at = day_end
    match.needs_review = stored_text(review, limit=200)  # worded when read
    if review:
        report.flagged.append(
            Line.gettext(
                "%(where)s, table %(table)s: %(review)s",
                where=where,
                table=smatch.get("board"),
                review=review,
            )
        )
    if time_limited:
        stopped = {"where": where, "table": smatch.get("board"), "score": f"{score1}–{score2}"}
        report.kept.append(
            Line.gettext("%(where)s, table %(table)s: stopped by time, %(score)s (draw)", **stopped)
            if match.draw
            else Line.gettext("%(where)s, table %(table)s: stopped by time, %(score)s", **stopped)
        )
    report.warnings.extend(warnings)
    plan.audit(
        "sol_result",
        {
            **sol_result,
            "from": source,
            "breaker_known": breaker is not None,
            "derived": derived,
            "time_limited": time_limited,
            "warnings": warnings,
            "sol_boards": rows if isinstance(rows, list) else [],
            "needs_review": review,
        },
    )
    if extra is not None and extra.get("status") == Match.Status.CONFIRMED:
        match.status = Match.Status.CONFIRMED
        match.confirmed_at = day_end
    return plan


def _boards_from_sol(sboards: Any, where: str, report: SolReport) -> list[dict[str, Any]] | None:
    """Summary boards from SoL's board rows, or ``None`` when they cannot be used (the
    match's score is used instead)."""
    if not isinstance(sboards, list) or not sboards:
        return None
    plan = []
    for sboard in sorted(
        (b for b in sboards if isinstance(b, dict)), key=lambda b: b.get("number") or 0
    ):
        coins1, coins2 = sboard.get("coins1") or 0, sboard.get("coins2") or 0
        queen = side_of(sboard.get("queen"))
        if (coins1 and coins2) or max(coins1, coins2) > 9:
            report.warnings.append(
                Line.gettext(
                    "%(where)s: board %(board)s is impossible (%(coins)s); the match's score "
                    "is used instead of its boards",
                    where=where,
                    board=sboard.get("number"),
                    coins=f"{coins1}–{coins2}",
                )
            )
            return None
        if coins1 or coins2:
            winner = "a" if coins1 else "b"
        elif queen:
            winner = queen
        else:
            continue  # an empty row
        plan.append({"winner": winner, "carrommen": coins1 or coins2, "queen": queen or ""})
    return plan or None


def _needs_record(score1: int, score2: int) -> bool:
    """Can award boards not hold SoL's score? A level score at the game's points (25–25:
    the game would end at the first 25) or a score past them (an award stops at 25)."""
    return (score1 == score2 and score1 >= GAME_POINTS) or max(score1, score2) > GAME_POINTS


def _group(value: Any, default: str) -> str:
    return value[:10] if isinstance(value, str) else default
